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
    raise TimeLimitExceeded


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise TimeLimitExceeded in the block once it has run ``seconds``.

    A timer signal can only be caught on the main thread of a POSIX process;
    elsewhere the block runs unguarded. The guard costs four system calls, a
    few microseconds; it takes over SIGALRM while it runs, and gives it back,
    with a caller's own timer still running (a test's limit on a whole run).
    """
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return
    previous = signal.signal(signal.SIGALRM, _expire)
    started = time.monotonic()
    outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
        if outer:  # a caller's own timer was running: it goes on, less the time spent here
            left = outer - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))
