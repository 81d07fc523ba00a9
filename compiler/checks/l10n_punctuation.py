"""L10N005 translated-punctuation

## What it finds
A translation whose brackets do not match its source's (a "(" or "]" lost or
added), or that ends with other punctuation: a heading that ends in ":" in
the source and "." in the translation, a sentence that lost its full stop.

## Why it matters
A lost bracket leaves an aside open to the end of the paragraph; a heading
without its colon no longer reads as the run-in label of what follows.

## Example
    rulesets/liberation/l10n/en.po:40:1  translation (en) ends with "." where the source
        ends with ":"

Passing: the same brackets, and the same closing punctuation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from compiler.checks.helpers import current_translations
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.l10n.compare import brackets, end_punctuation
from compiler.model.game import Game

CODE, NAME, SEVERITY = "L10N005", "translated-punctuation", Severity.WARNING


def _ends(text: str) -> str:
    return f'"{text}"' if text else "a word"


def _bracketed_terms(game: Game) -> list[re.Pattern[str]]:
    """The patterns of the terms printed with a bracket ("INGANNO (DECEPTION)")."""
    terms = game.termbase.terms if game.termbase else ()
    return [
        term.source_pattern()
        for term in terms
        if any(c in form for form in term.forms for c in "()[]")
    ]


def _without_terms(text: str, terms: list[re.Pattern[str]]) -> str:
    for pattern in terms:
        text = pattern.sub(" ", text)
    return text


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    lang = game.language
    bracketed = _bracketed_terms(game)
    for unit in current_translations(game, CODE):
        text = unit.meant
        # a term's printed form ("INGANNO (DECEPTION)") is the termbase's to render
        source = brackets(_without_terms(text, bracketed))
        target = brackets(unit.translation)
        if source != target:
            yield Finding(
                CODE,
                SEVERITY,
                f"translation ({lang}) has brackets "
                f"{''.join(sorted(target.elements())) or 'none'} where the source has "
                f"{''.join(sorted(source.elements())) or 'none'}",
                unit.at,
                target=unit.id,
                suggestion="keep every bracket of the source",
            )
        a, b = end_punctuation(text), end_punctuation(unit.translation)
        if a != b and {a, b} != {"…", "..."}:
            yield Finding(
                CODE,
                SEVERITY,
                f"translation ({lang}) ends with {_ends(b)} where the source ends with {_ends(a)}",
                unit.at,
                target=unit.id,
                suggestion="end it as the source does",
            )
