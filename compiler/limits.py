"""A time limit for code that runs what a game's author wrote: patterns and templates.

A reference pattern that backtracks ("(\\w+\\s?)+$") or a layout template with
nested loops can run for hours on input that looks harmless. Python's ``re``
and the interpreter check for signals as they run, so a timer signal stops
them, and the caller turns the stop into a located error.

Two ways to time a block. Alone, a guard sets a one-shot timer for itself
and cancels it after: two system calls, or four with the handler swapped. A
command that guards half a million blocks (every paragraph's reference
search and every card's template in a 100,000-rule game) holds the alarm
instead (``held_alarm``), and there a periodic timer ticks every TICK
seconds while a guard only counts: entering resets a count of ticks, and
the tick that takes it past the guard's limit stops the block. A
watchdog's tick, as a kernel's soft-lockup detector counts them: no system
call per block, where each call cost a few microseconds, 3 s of a
100,000-rule lint.
"""

from __future__ import annotations

import math
import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

TICK = 0.25
"""Seconds between a held alarm's ticks. A block is stopped after its limit and at most
TICK later (limits are 1 s and 2 s: a real pattern or template takes a millisecond)."""


class TimeLimitExceeded(Exception):
    """The guarded block ran past its limit."""


def _expire(signum: int, frame: object) -> None:
    global _ticks
    if _ticking and signal.getitimer(signal.ITIMER_REAL)[1]:  # the watchdog's tick
        if _watched:
            _ticks += 1
            if _ticks > _tick_limit:
                raise TimeLimitExceeded
        return
    if _held and not _armed:  # the caller's own timer, not a guard's: what it would have done
        if callable(_held_previous):
            _held_previous(signum, frame)
        elif _held_previous != signal.SIG_IGN:  # SIG_DFL (or a C handler): end the process
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            signal.raise_signal(signal.SIGALRM)
        return
    raise TimeLimitExceeded


class time_limit:  # a class, not @contextmanager: a generator costs more per block
    """Raise TimeLimitExceeded in the block once it has run ``seconds``.

    A timer signal can only be caught on the main thread of a POSIX process;
    elsewhere the block runs unguarded. Alone, the guard takes over SIGALRM
    while it runs and gives it back, with a caller's own timer still running
    (a test's limit on a whole run). Inside ``held_alarm()`` it counts the
    watchdog's ticks instead (see the module's docstring).
    """

    __slots__ = ("outer", "previous", "saved", "seconds", "started", "swapped")

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.swapped = False
        self.outer = 0.0
        self.saved: tuple[int, int] | None = None

    def __enter__(self) -> None:
        global _armed, _ticks, _tick_limit, _watched
        if threading.get_ident() != _MAIN:
            self.outer = -1.0  # unguarded
            return
        if _held and (_ticking or _start_ticking()):
            self.saved = (_ticks, _tick_limit)  # an enclosing guard's count, given back after
            _ticks, _tick_limit = 0, math.ceil(self.seconds / TICK)
            _watched += 1
            return
        if not _SIGNALS:
            self.outer = -1.0
            return
        if not _held:
            self.previous = signal.signal(signal.SIGALRM, _expire)
            self.swapped = True
        _armed += 1
        self.started = time.monotonic()
        self.outer, _ = signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(self, *exc: object) -> None:
        global _armed, _ticks, _tick_limit, _watched
        if self.saved is not None:
            _watched -= 1
            _ticks, _tick_limit = self.saved
            return
        if self.outer < 0:
            return
        signal.setitimer(signal.ITIMER_REAL, 0)
        _armed -= 1
        if self.swapped:
            previous = self.previous
            signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
        if self.outer:  # a caller's own timer was running: it goes on, less the time spent here
            left = self.outer - (time.monotonic() - self.started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))


_SIGNALS = hasattr(signal, "setitimer")
_MAIN = threading.main_thread().ident
_held = False  # held_alarm() keeps _expire installed
_held_previous: object = None  # the handler held_alarm() will give back
_armed = 0  # one-shot guards whose timer is running
_ticking = False  # this process's watchdog timer is running (a forked child has none)
_watched = 0  # guards counting the watchdog's ticks
_ticks = 0  # ticks since the innermost of them began
_tick_limit = 0  # the tick that stops it


def not_for_this_thread() -> None:
    """Keep the time limits' signal off the calling thread, one a command starts to work
    beside the main one: the watchdog ticks through the whole command, the kernel may
    deliver a tick to any thread that does not block it, and a tick taken there cuts
    that thread's system call short (EINTR) for a handler only the main thread runs."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})


def _start_ticking() -> bool:
    """Start this process's watchdog, unless a timer of the caller's is running: the
    process has one real-time timer, and the caller's is not ours to replace."""
    global _ticking
    if not _SIGNALS or signal.getitimer(signal.ITIMER_REAL)[0]:
        return False
    signal.setitimer(signal.ITIMER_REAL, TICK, TICK)
    _ticking = True
    return True


def _forked() -> None:
    """A forked worker inherits the handler but no timer: it starts its own when it
    first guards."""
    global _ticking, _MAIN
    _ticking = False
    _MAIN = threading.get_ident()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


@contextmanager
def held_alarm() -> Iterator[None]:
    """Keep time_limit's SIGALRM handler installed for the whole block, and time its
    guards by the watchdog's ticks.

    For a command that guards many small steps (every paragraph's reference
    search, every card's template): the CLI holds it for the whole command,
    and the worker processes it forks meanwhile inherit it. The previous
    handler comes back at the end, and a signal from a timer that is not a
    guard's goes to it.
    """
    global _held, _held_previous, _ticking
    if _held or not _SIGNALS or threading.get_ident() != _MAIN:
        yield
        return
    _held_previous = signal.signal(signal.SIGALRM, _expire)
    _held = True
    try:
        yield
    finally:
        if _ticking:
            signal.setitimer(signal.ITIMER_REAL, 0)
            _ticking = False
        _held = False
        previous, _held_previous = _held_previous, None
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
