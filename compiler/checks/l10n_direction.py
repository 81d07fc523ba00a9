"""L10N013 right-to-left

## What it finds
Text written right to left (Hebrew, Arabic, Persian, Urdu, Syriac,
Thaana…) that the game prints, in the language it is read in: a
translation into one of those languages, or a word of one quoted in the
source. Said once per language, at the first such text, with how many
there are.

## Why it matters
The PDFs set every line left to right in the order the characters are
stored: right-to-left words come out backwards, and Arabic letters stand
apart instead of joining. The fonts have the glyphs, so nothing else stops
the build, and a print-and-play kit would go out unreadable. The HTML
reference sets the text right (it marks the page `dir="rtl"` and the
browser lays it out).

## Example
    rulesets/<game>/l10n/he.po:60:1  1,204 of 1,310 texts printed in he are written
        right to left, e.g. "הכנה": the PDFs set them left to right, letters reversed
        and unjoined
    help: read and print this text from the HTML reference (rules-*.html), which
        sets it right; the PDFs cannot set right-to-left text yet

Passing: no printed text holds a right-to-left letter.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from compiler.checks.helpers import checked_texts, quote
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "L10N013", "right-to-left", Severity.WARNING

# The blocks where right-to-left letters live (Hebrew to Arabic Extended, the
# presentation forms, and their supplementary planes): a quick search, each
# find confirmed by the character's own bidirectional class.
_BLOCKS = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]"
)
_STRONG = frozenset({"R", "AL"})  # right-to-left letters; Arabic digits are "AN"


def right_to_left(text: str) -> int:
    """Where the first right-to-left letter in ``text`` is, or -1."""
    for match in _BLOCKS.finditer(text):
        if unicodedata.bidirectional(match.group()) in _STRONG:
            return match.start()
    return -1


def _around(text: str, at: int) -> str:
    """Some 40 characters of ``text`` around ``at``, quoted: the letter shown in context."""
    start = max(0, at - 15)
    shown = ("…" if start else "") + text[start : start + 40]
    return quote(shown + ("…" if start + 40 < len(text) else ""), 60)


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    first = None
    count = total = 0
    for unit, text, _ in checked_texts(game):
        total += 1
        at = right_to_left(text)
        if at >= 0:
            count += 1
            first = first or (unit, _around(text, at))
    if first is None:
        return
    unit, shown = first
    yield Finding(
        CODE,
        SEVERITY,
        f"{count:,} of {total:,} texts printed in {game.language} are written right to left, "
        f"e.g. {shown}: the PDFs set them left to right, letters reversed "
        "and unjoined",
        unit.at,
        rule=unit.rule,
        suggestion="read and print this text from the HTML reference (rules-*.html), "
        "which sets it right; the PDFs cannot set right-to-left text yet",
    )
