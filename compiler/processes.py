"""Worker processes for builds and lint that never outlive the command that started them.

A pool's workers wait on a pipe their parent writes to. Killed with SIGKILL
(a CI timeout, the OOM killer, ``kill -9``), the parent cannot tell them to
stop, and as each worker holds the pipe's write end too, none of them ever
reads end-of-file: they would sleep forever, holding memory. On Linux the
kernel can send a signal to a process when its parent dies
(``prctl(PR_SET_PDEATHSIG)``); each worker asks for SIGKILL. Elsewhere the
pool is the plain one.

A big game's own work can use a second core too (``Forked``): a forked child
shares the parent's memory copy-on-write, so nothing is sent to it, and only
its answer comes back, through a file in memory (a pipe says when it is
there). Work of unequal pieces is shared out as it goes (``Handout``).
"""

from __future__ import annotations

import ctypes
import gc
import marshal
import mmap
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from compiler import environment

if TYPE_CHECKING:  # lint forks its own children: the pool's modules are the build's
    from concurrent.futures import ProcessPoolExecutor

T = TypeVar("T")
U = TypeVar("U")

_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Pool initializer: be killed when the parent goes (and go now if it already went),
    and leave Ctrl-C to the parent, which stops the workers (``pool``): a worker
    interrupted while it waits for work printed a traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform != "linux":
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def workers(jobs: int, each: int = 0) -> int:
    """Both cores of the 2-core machine, or ``CASEBOOK_JOBS``; never more than jobs, nor,
    when each job needs ``each`` bytes, more than fit in the free memory (unless
    ``CASEBOOK_JOBS`` says: the user chose)."""
    try:
        wanted = environment.jobs()
    except environment.BadEnvironment:
        wanted = None  # the command line refused it already (cli.main); a caller in code
    if wanted is not None:
        return max(1, min(wanted, jobs))
    count = max(1, min(os.cpu_count() or 1, jobs))
    if each and count > 1:
        count = within_memory(count, each, available_memory())
    return count


JOB_BASE_BYTES = 150 * 2**20  # a worker with Casebook, ReportLab and a small game loaded
JOB_BYTES_PER_BYTE = 90  # a job's peak per byte of its game's YAML: 75-87 measured, 1 to 100 MB


def job_memory(size: int) -> int:
    """Bytes a build job of a game of ``size`` bytes may need at its peak: a 100,000-rule
    game (80 MB of YAML) needs 6.4 GiB for its book."""
    return JOB_BASE_BYTES + JOB_BYTES_PER_BYTE * size


def available_memory() -> int | None:
    """Bytes the system can give without swapping (Linux's MemAvailable), or None."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def within_memory(count: int, each: int, available: int | None) -> int:
    """How many of ``count`` workers, each needing ``each`` bytes, fit in ``available``:
    at least one, and all of them when the memory is not known."""
    if available is None:
        return count
    return max(1, min(count, available // max(each, 1)))


def game_size(game_dir: Path) -> int:
    """Bytes of YAML and catalogs: a fair guess of how long a game takes to read and check."""
    return sum(p.stat().st_size for p in game_dir.rglob("*") if p.is_file())


torn_down = False
"""A pool was stopped part-way in this process (see ``pool``)."""


@contextmanager
def pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A process pool whose workers die with this process, and with the block.

    Leaving a ProcessPoolExecutor's block waits for every job submitted, even
    when an interrupt (Ctrl-C) or an error ends the block: the build said
    "interrupted" and went on for minutes. Ended so, the jobs not started are
    cancelled and the workers stopped at once; their outputs were never
    written (the parent writes), so nothing is left half-made. The workers are
    the children started since the pool was made: nothing else in Casebook
    starts one meanwhile.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    before = set(multiprocessing.active_children())
    executor = ProcessPoolExecutor(
        max_workers=workers, initializer=die_with_parent, initargs=(os.getpid(),)
    )
    try:
        yield executor
    except BaseException:
        executor.shutdown(wait=False, cancel_futures=True)
        workers_started = [p for p in multiprocessing.active_children() if p not in before]
        for process in workers_started:
            process.terminate()
        for process in workers_started:
            process.join()
        executor.shutdown(wait=True)  # its manager thread has seen them go: joined, not racing
        global torn_down
        # A worker stopped while it sent a long answer (a traceback of thousands of lines)
        # leaves the pool's manager thread waiting for the rest for ever, and Python joins
        # that thread at exit: the command must then end with os._exit (cli.run).
        torn_down = True
        raise
    executor.shutdown(wait=True)


def pack(value: object) -> bytes:
    """A helper's answer as bytes: marshal's, twice as fast as pickle for plain data
    (tuples, lists, dicts, text, numbers), or pickle's for a value marshal cannot write."""
    try:
        return b"M" + marshal.dumps(value)
    except ValueError:
        return b"P" + pickle.dumps(value, protocol=5)


def unpack(data: bytes) -> object:
    """What ``pack`` made ``data`` of (a buffer it does not keep, read in place)."""
    with memoryview(data) as view:
        return marshal.loads(view[1:]) if view[:1] == b"M" else pickle.loads(view[1:])


class HelperLost(RuntimeError):
    """A forked helper ended without an answer: killed (the OOM killer, a signal) or
    crashed. Its work can still be done in this process."""


def can_fork() -> bool:
    """Whether this process may fork a helper: on Linux, where fork is the platform's own
    way to start a process, and with one thread only (a fork copies no other thread,
    and a lock one held stays held in the child)."""
    return sys.platform == "linux" and hasattr(os, "fork") and threading.active_count() == 1


def their_share(sizes: Sequence[float], mine: float = 0.0) -> list[int]:
    """The indexes of about half the total size, biggest first onto the lighter side:
    the part a forked helper takes. ``mine`` is what this process has to do already."""
    bins, _ = _fill(sizes, [mine, 0.0])
    return sorted(bins[1])


def _fill(sizes: Sequence[float], totals: list[float]) -> tuple[list[list[int]], list[float]]:
    """Each index, biggest size first, onto the share whose total is least (the first of
    equals), from the given starting ``totals``: longest first, as a scheduler does."""
    totals = list(totals)
    bins: list[list[int]] = [[] for _ in totals]
    for i in sorted(range(len(sizes)), key=lambda i: -sizes[i]):
        lightest = totals.index(min(totals))
        bins[lightest].append(i)
        totals[lightest] += sizes[i]
    return bins, totals


class Handout:
    """Indexes of work, handed out one at a time to whichever process asks first.

    A split fixed beforehand balances only as well as the sizes predict the
    work, and they predict it badly: composing a paragraph book costs twice
    what the same bytes of rules do. Handed out as the processes come free,
    biggest first, the pieces balance themselves, as a scheduler's queue
    does. Made before the fork; both processes take from it.

    The indexes wait in a pipe, four bytes each, all written before anyone
    reads and the write end closed, so a read gets a whole index or the end:
    Linux reads a pipe under its lock, one reader at a time. A pipe holds
    64 KiB without a reader, so ``fits`` says whether a list can be handed out.
    """

    _SIZE = 4
    LIMIT = 65536 // _SIZE

    def __init__(self, order: Sequence[int]) -> None:
        if not self.fits(order):
            raise ValueError(f"a handout holds {self.LIMIT} indexes at most")
        self._read, write = os.pipe()
        try:
            os.write(write, b"".join(i.to_bytes(self._SIZE, "little") for i in order))
        finally:
            os.close(write)

    @classmethod
    def fits(cls, order: Sequence[int]) -> bool:
        return len(order) <= cls.LIMIT

    def take(self) -> int | None:
        """The next index, or None when all are taken."""
        data = os.read(self._read, self._SIZE)
        return int.from_bytes(data, "little") if data else None

    def close(self) -> None:
        os.close(self._read)


_EXITING: list[int] = []  # children that sent their answer and may still be ending


def _reap() -> None:
    """Collect the children that have ended, without waiting for those still ending.

    A child's answer is whole once its pipe closes; the kernel then takes
    some milliseconds to tear down a child that shared a big process's
    memory (6 ms of a lint). Nothing waits for that: an ended child is
    collected here, the next time, or leaves with this process.
    """
    for pid in list(_EXITING):
        try:
            ended, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # collected already
            ended = pid
        if ended:
            _EXITING.remove(pid)


def shares(sizes: Sequence[float], parts: int) -> list[list[int]]:
    """The indexes of ``sizes`` in ``parts`` shares of about equal total, each biggest
    first; the lightest share comes first: the one for the process that also reports
    when all are done."""
    bins, totals = _fill(sizes, [0.0] * max(1, parts))
    order = sorted(range(len(bins)), key=lambda b: totals[b])
    return [bins[b] for b in order if bins[b]]


def alongside(
    mine: Callable[[], T],
    theirs: Sequence[Callable[[], U]],
    dumps: Callable[[U], bytes] = pickle.dumps,
    loads: Callable[[bytes], U] = pickle.loads,
    here: Callable[[int], U] | None = None,
) -> tuple[T, list[U]]:
    """``mine()`` in this process while each of ``theirs`` runs in a forked child: its
    value, and theirs in order.

    The protocol of every split: an error here stops the children (none is left
    working for nobody); a child's error is raised here; a child that ends
    without its answer (the OOM killer, a signal) has its work done here,
    by ``here(k)`` when that differs from ``theirs[k]()`` (a child's value may be
    packed for the pipe; ``loads`` unpacks it).
    """
    children = [Forked(work, dumps=dumps, loads=loads) for work in theirs]
    try:
        value = mine()
    except BaseException:
        for child in children:
            child.abandon()
        raise
    got: list[U] = []
    for k, child in enumerate(children):
        try:
            got.append(child.result())
        except HelperLost:  # killed for memory, say: its work is done here instead
            got.append(here(k) if here is not None else theirs[k]())
        except BaseException:
            for rest in children[k + 1 :]:
                rest.abandon()
            raise
    return value, got


def _memory_file() -> int | None:
    """A file in memory (memfd) for a child's answer, or None where there is none."""
    try:
        return os.memfd_create("casebook-answer", os.MFD_CLOEXEC)
    except (AttributeError, OSError):
        return None


class Forked(Generic[T]):
    """``work()`` run in a forked child while this process goes on; ``result()`` is its value.

    ``dumps`` and ``loads`` carry the value back (pickle unless told: marshal
    is twice as fast for plain data). An exception in the child is raised by
    ``result()``, as it would have been here. The child leaves with
    ``os._exit``: no atexit, no second flush of this process's buffers.

    The answer is written to a file in memory that both processes hold, and
    read here in place (mmap), once the pipe says it is whole. Through the pipe
    itself, 94 MB of a big game's files took 0.45 s to read and unwrap here,
    while this process had nothing else to do: the child could write no
    faster than this process read, 64 KiB at a time, and both copied it whole.
    So ``loads`` is given a buffer that is gone once it returns: it must make
    its own objects of it, as pickle.loads and marshal.loads do. Where there is
    no file in memory (not Linux), the answer comes through the pipe.
    """

    def __init__(
        self,
        work: Callable[[], T],
        dumps: Callable[[T], bytes] = pickle.dumps,
        loads: Callable[[bytes], T] = pickle.loads,
    ) -> None:
        self._loads = loads
        self._pid = 0
        _reap()
        gc.freeze()  # the collector must not touch (and so copy) the shared memory in the child
        read_end, write_end = os.pipe()
        self._answer = _memory_file()
        parent = os.getpid()
        try:
            pid = os.fork()
        except OSError:  # no memory or processes left for a child: result() says it is lost
            os.close(read_end)
            os.close(write_end)
            self._close_answer()
            gc.unfreeze()
            return
        if pid == 0:  # the child: do the work, send the answer (or the error), leave at once
            status = 1
            try:
                die_with_parent(parent)
                os.close(read_end)
                try:
                    answer = dumps(work())
                    payload = b""
                    if self._answer is not None:
                        try:
                            _write_all(self._answer, answer)
                            payload = pickle.dumps(("in-memory", len(answer)))
                        except OSError:  # no room in memory for a copy: through the pipe
                            pass
                    payload = payload or pickle.dumps(("ok", answer), protocol=5)
                except BaseException as err:  # carried to the parent, raised there
                    try:
                        payload = pickle.dumps(("error", err))
                    except Exception:  # it will not pickle: say what it was
                        payload = pickle.dumps(
                            ("error", RuntimeError(f"{type(err).__name__}: {err}"))
                        )
                with os.fdopen(write_end, "wb") as pipe:
                    pipe.write(payload)
                status = 0
            finally:
                os._exit(status)
        os.close(write_end)
        self._pid = pid
        self._read_end = read_end

    def result(self) -> T:
        """The child's value, once it has sent it (its error, raised here).

        HelperLost when there is no answer to read: the fork failed, or the
        child died (the OOM killer, a signal) before it had sent all of it.
        """
        if not self._pid:
            raise HelperLost("no helper process could be started")
        try:
            with os.fdopen(self._read_end, "rb") as pipe:
                data = pipe.read()
        finally:
            _EXITING.append(self._pid)
            _reap()
            gc.unfreeze()
        try:
            try:
                kind, value = pickle.loads(data)
            except (pickle.UnpicklingError, EOFError, ValueError):  # nothing, or cut short
                raise HelperLost("a helper process ended without its whole answer") from None
            if kind == "error":
                raise value
            if kind == "in-memory":
                return self._read_answer(value)
            return self._loads(value)
        finally:
            self._close_answer()

    def _read_answer(self, size: int) -> T:
        """The answer the child wrote to the file in memory, read where it lies."""
        assert self._answer is not None
        if size == 0:
            return self._loads(b"")
        with (
            mmap.mmap(self._answer, size, prot=mmap.PROT_READ) as shared,
            memoryview(shared) as view,
        ):
            return self._loads(view)  # type: ignore[arg-type]

    def _close_answer(self) -> None:
        if self._answer is not None:
            os.close(self._answer)
            self._answer = None

    def abandon(self) -> None:
        """Stop the child and forget its answer: this process failed before it asked."""
        if not self._pid:
            return
        os.kill(self._pid, signal.SIGKILL)  # not reaped yet: it is there to be killed
        os.waitpid(self._pid, 0)
        os.close(self._read_end)
        self._close_answer()
        gc.unfreeze()


def _write_all(fd: int, data: bytes) -> None:
    with memoryview(data) as view:
        done = 0
        while done < len(view):
            done += os.write(fd, view[done:])
