"""Find references in prose with the patterns a game declares in game.yaml.

The prose is never rewritten: a reference is a span of the paragraph, so
every back end can link it where it stands and the linter can quote it.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.limits import TimeLimitExceeded, time_limit
from compiler.model.game import RefPattern
from compiler.model.text import RefSpan

_PLURAL = re.compile(r"s$")

# The patterns are the game's, and a backtracking one ("(\w+\s?)+$") can take
# hours on one paragraph. None of the real games' takes a millisecond.
LIMIT_SECONDS = 1.0


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def find_refs(text: str, patterns: tuple[RefPattern, ...], at: Location) -> tuple[RefSpan, ...]:
    """Every reference in ``text``, in order; overlapping matches keep the first pattern's.

    A pattern that runs longer than LIMIT_SECONDS on the paragraph stops the
    game with a CompileError at the pattern, not a hang.
    """
    if not patterns:
        return ()
    try:
        found = _found(text, patterns)
    except _TooSlow as slow:
        raise CompileError([_too_slow(slow.pattern, at)]) from None
    return tuple(RefSpan(*fields, at=at) for fields in found)


class _TooSlow(Exception):
    def __init__(self, pattern: RefPattern) -> None:
        self.pattern = pattern


Found = tuple[str, str, str, str, str, int, int, str]  # RefSpan's fields but its place


@lru_cache(maxsize=8192)
def _found(text: str, patterns: tuple[RefPattern, ...]) -> tuple[Found, ...]:
    """The references of ``text``, remembered: lint reads a game's text again for each
    edition and translation (the model, then L10N012 on the same paragraphs), and the
    answer depends on the text and the patterns alone."""
    spans: list[Found] = []
    taken: list[tuple[int, int]] = []
    pattern = patterns[0]
    try:
        with time_limit(LIMIT_SECONDS):
            for pattern in patterns:
                _add_spans(text, pattern, spans, taken)
    except TimeLimitExceeded:
        raise _TooSlow(pattern) from None
    return tuple(sorted(spans, key=lambda s: s[5]))


def _too_slow(pattern: RefPattern, at: Location) -> Finding:
    return Finding(
        "MODEL012",
        Severity.ERROR,
        f"reference pattern {pattern.name!r} ran for more than {LIMIT_SECONDS:g} s on one "
        "paragraph: it backtracks without end",
        pattern.at or at,
        suggestion="make each repeat unambiguous, e.g. (\\w+\\s)* rather than (\\w+\\s?)+",
        related=(at,),
    )


def _add_spans(
    text: str,
    pattern: RefPattern,
    spans: list[Found],
    taken: list[tuple[int, int]],
) -> None:
    """Add ``pattern``'s references in ``text`` to ``spans``, less those overlapping ``taken``."""
    for match in _compiled(pattern.pattern).finditer(text):
        if not match.group("targets"):
            continue  # nothing to cite: a pattern that can match empty text found none here
        if any(s < match.end() and match.start() < e for s, e in taken):
            continue
        taken.append((match.start(), match.end()))
        group_start = match.start("targets")
        group = match.group("targets")
        word = match.groupdict().get("word") or ""
        pieces = (
            [(m.start(), m.group()) for m in _compiled(pattern.each).finditer(group)]
            if pattern.each
            else [(0, group)]
        )
        for offset, piece in pieces:
            start = group_start + offset
            spans.append(
                (
                    pattern.kind,
                    pattern.target.replace("{}", piece),
                    piece,
                    match.group(),
                    _PLURAL.sub("", word),
                    start,
                    start + len(piece),
                    pattern.name,
                )
            )
