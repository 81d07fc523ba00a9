"""A time limit for code that runs what a game's author wrote: patterns and templates.

A reference pattern that backtracks ("(\\w+\\s?)+$") or a layout template with
nested loops can run for hours on input that looks harmless. Python's ``re``
and the interpreter check for signals as they run, so a timer signal stops
them, and the caller turns the stop into a located error.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager


class TimeLimitExceeded(Exception):
    """The guarded block ran past its limit."""


def _expire(signum: int, frame: object) -> None:
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
    elsewhere the block runs unguarded. The guard takes over SIGALRM while it
    runs, and gives it back, with a caller's own timer still running (a
    test's limit on a whole run). Inside ``held_alarm()`` the handler stays
    installed, and a guard costs two system calls, not four: a big game
    guards every paragraph, half a million blocks at 100,000 rules.
    """

    __slots__ = ("outer", "previous", "seconds", "started", "swapped")

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.swapped = False
        self.outer = 0.0

    def __enter__(self) -> None:
        if not _can_alarm():
            self.outer = -1.0  # unguarded
            return
        if not _held:
            self.previous = signal.signal(signal.SIGALRM, _expire)
            self.swapped = True
        global _armed
        _armed += 1
        self.started = time.monotonic()
        self.outer, _ = signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(self, *exc: object) -> None:
        if self.outer < 0:
            return
        global _armed
        signal.setitimer(signal.ITIMER_REAL, 0)
        _armed -= 1
        if self.swapped:
            previous = self.previous
            signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
        if self.outer:  # a caller's own timer was running: it goes on, less the time spent here
            left = self.outer - (time.monotonic() - self.started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))


_held = False  # held_alarm() keeps _expire installed
_held_previous: object = None  # the handler held_alarm() will give back
_armed = 0  # time_limit blocks whose timer is running


def _can_alarm() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def held_alarm() -> Iterator[None]:
    """Keep time_limit's SIGALRM handler installed for the whole block.

    For a command that guards many small steps (every paragraph's reference
    search, every card's template): the CLI holds it for the whole command,
    and the worker processes it forks meanwhile inherit it. The previous
    handler comes back at the end, and a signal from a timer that is not a
    guard's goes to it.
    """
    global _held, _held_previous
    if _held or not _can_alarm():
        yield
        return
    _held_previous = signal.signal(signal.SIGALRM, _expire)
    _held = True
    try:
        yield
    finally:
        _held = False
        previous, _held_previous = _held_previous, None
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
