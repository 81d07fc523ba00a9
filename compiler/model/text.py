"""Verbatim text as the model holds it: paragraphs, the references found in
them, and (in the living edition) the spans an erratum changed.

Whitespace is the only thing normalised: YAML authors fold lines as they
like, and a line break inside a paragraph is a space, as in print.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from compiler.diagnostics import Location
from compiler.pickling import pickled_by_fields

_BLANK_LINE = re.compile(r"\n[ \t]*\n")


NO_BREAK = "\xa0\u2007\u202f"
"""No-break spaces (U+00A0, the figure space, the narrow U+202F): the source's own
typography ("100\xa0%", "«\u202fmot\u202f»"), kept as written. Folded into plain
spaces, a line could break inside "100 %" and the text was no longer verbatim
(found by a probe)."""
_BREAKING = re.compile(f"[^\\S{NO_BREAK}]+")


def normalise(text: str) -> str:
    """One paragraph's text with runs of whitespace made single spaces, no-break
    spaces (NO_BREAK) kept as they are.

    ``str.split()`` cuts at every character ``str.isspace()`` accepts, as ``re``'s
    ``\\s`` matches (a test compares them on every character), at a third of the
    regular expression's cost: a big game normalises a million texts, and only
    a text with a no-break space needs the expression.
    """
    if not any(space in text for space in NO_BREAK):
        return " ".join(text.split())
    return _BREAKING.sub(" ", text).strip(" ")


def split_paragraphs(text: str) -> tuple[str, ...]:
    """Paragraphs of a text block: a blank line separates them."""
    if "\n" not in text:  # one line, one paragraph (most texts)
        one = normalise(text)
        return (one,) if one else ()
    return tuple(p for p in (normalise(part) for part in _BLANK_LINE.split(text)) if p)


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class RefSpan:
    """A reference as the prose writes it, found by one of the game's patterns."""

    kind: str  # "rule" | "card" | "component" | "table" | "entry"
    target: str  # normalised id it points to: "8.3.5", "german-14"
    text: str  # the characters of this one target as printed ("8.3.5")
    phrase: str  # the whole match ("Cases 8.1.12 and 8.1.13")
    word: str  # "Case", "Section", "" for a bare number
    start: int  # offsets of `text` in the paragraph
    end: int
    pattern: str  # name of the game pattern that found it
    at: Location

    def placed(self, at: Location) -> RefSpan:
        """The same reference at ``at`` (dataclasses.replace, without its introspection:
        a big game places a hundred thousand references)."""
        return RefSpan(
            self.kind, self.target, self.text, self.phrase, self.word, self.start, self.end,
            self.pattern, at,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Change:
    """Characters [start, end) of a paragraph come from erratum ``erratum``."""

    start: int
    end: int
    erratum: str
    old: str


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Para:
    text: str
    refs: tuple[RefSpan, ...] = ()
    changes: tuple[Change, ...] = field(default=())


class Covering:
    """The span over each piece of a paragraph, asked for piece by piece in order.

    Answers as a scan of every span would (the first, in the order given, that
    holds the piece), from the few spans begun and not yet ended: a scan per
    piece made a paragraph of 20,000 references take 9 s to mark up. The pieces
    asked about must start in ascending order; anything with ``start`` and
    ``end`` is a span (references, changes, glossary terms).
    """

    def __init__(self, spans: Sequence[_Span]) -> None:
        self.spans = spans
        self.order = sorted(range(len(spans)), key=lambda i: spans[i].start)
        self.next = 0  # the first span in ``order`` not yet begun
        self.open: list[int] = []  # spans begun, by their index in ``spans``

    def first_over(self, start: int, end: int) -> Any:
        """The first span with span.start <= start and end <= span.end."""
        spans, order = self.spans, self.order
        while self.next < len(order) and spans[order[self.next]].start <= start:
            self.open.append(order[self.next])
            self.next += 1
        self.open = [i for i in self.open if spans[i].end > start]
        held = [i for i in self.open if end <= spans[i].end]
        return spans[min(held)] if held else None


class _Span(Protocol):
    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


@lru_cache(maxsize=16_384)
def _phrase_pattern(phrase: str) -> re.Pattern[str] | None:
    """The phrase as a regex whose spaces match any whitespace (re's own cache holds 512)."""
    words = phrase.split()
    if not words:
        return None
    return re.compile(r"\s+".join(re.escape(w) for w in words))


def locate_phrase(
    lines: tuple[str, ...],
    start: Location,
    phrase: str,
    after: tuple[int, int] = (0, 0),
    span: int = 400,
) -> Location | None:
    """Where ``phrase`` is written in the raw file, searching from ``start``.

    The model holds normalised text; an editor wants the line and column of
    the characters in the YAML. Whitespace in the phrase matches any run of
    whitespace (folded lines). ``after`` is a (line, column) already passed;
    ``span`` bounds the search to the lines the text can occupy.
    """
    words = phrase.split()
    if not words:
        return None
    first = max(start.line, after[0])
    window = lines[first - 1 : start.line - 1 + span]
    text = "\n".join(window)
    offset = 0
    if after[0] == first:
        offset = after[1]
    # Most phrases are written on one line as they are: find them without a regex
    # (a big rulebook has a distinct phrase per reference, and compiling each costs).
    # Exact only when no earlier, folded, copy can exist: when the phrase's
    # first word first appears where the phrase does.
    found = text.find(" ".join(words), offset)
    if found < 0 or text.find(words[0], offset) != found:
        pattern = _phrase_pattern(phrase)
        match = pattern.search(text, offset) if pattern is not None else None
        if match is None:
            return None
        found = match.start()
    line = text.count("\n", 0, found)
    column = found - (text.rfind("\n", 0, found) + 1)
    return Location(start.path, first + line, column + 1, start.context)
