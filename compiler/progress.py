"""How far a long step has got, said now and then: a line every few seconds at most.

A build names each step as it starts ("maquis (en) · card sheets"). A
100,000-rule game's rulebook is one step of ten minutes; without more, the
user cannot tell a slow book from a hung one. A ``Ticker`` is told how far
the step is as often as the step likes (every flowable laid out, every
sheet) and says so once per ``INTERVAL``, never before the first interval
has passed: the five games' steps take a second or two each and say nothing
more than their names.

The build's workers share the terminal, so each report is a whole line
written at once, not a line redrawn in place.
"""

from __future__ import annotations

import time
from collections.abc import Callable

INTERVAL = 5.0  # seconds between two reports of one step


class Ticker:
    """Reports of one step's progress, ``say``-ing at most one line per ``interval``."""

    def __init__(
        self,
        say: Callable[[str], None],
        step: str,
        interval: float = INTERVAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._say = say
        self._step = step
        self._interval = interval
        self._clock = clock
        self._last = clock()

    def __call__(self, done: int, total: int, detail: str = "") -> None:
        """``done`` of ``total`` (any unit: flowables, files), and of what, and where it
        is now ("laid out, page 248"): said after the share, "40 % laid out, page 248"."""
        now = self._clock()
        if now - self._last < self._interval or total <= 0:
            return
        self._last = now
        share = min(100, done * 100 // total)
        self._say(f"{self._step}: {share} %" + (f" {detail}" if detail else ""))


def silent(done: int, total: int, detail: str = "") -> None:
    """A ticker that says nothing: for callers that report no progress (lint, tests)."""


Tick = Callable[[int, int, str], None]
