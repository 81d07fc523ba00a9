"""L10N008 spelling

## What it finds
Words that neither the text's own dictionary (Debian hunspell, read offline)
nor any other installed one knows, and that the termbase does not accept:
typos such as "posizioanate" or "RESISTENCE". Names (Title Case) and short
abbreviations are not checked. Without the dictionary for a language the
check says so once and checks nothing.

## Why it matters
A misspelt word in a printed rulebook is a fault every reader sees, and a
misspelt game word is not found by a search.

## Example
    rulesets/liberation/l10n/en.po:77:1  unknown word "recrut" (en) in "Recrut one card…"
    help: correct it, or add it to termbase.yaml under words: en: if it is a game word

Passing: every word is in a dictionary or in the termbase's accepted words.
A game opts in to this check with a termbase.yaml (its accepted words).
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.helpers import quote, unknown_words
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.l10n import spelling
from compiler.model.game import Game

CODE, NAME, SEVERITY = "L10N008", "spelling", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    if game.l10n is None or game.termbase is None or not game.l10n.units:
        return  # a game opts in with a termbase.yaml, which lists the words it accepts
    own = game.l10n.lang
    if not spelling.available(own):
        yield Finding(
            CODE,
            Severity.INFO,
            f"no {own} spelling dictionary is installed; spelling was not checked",
            game.l10n.units[0].source_at,
            suggestion="install one: apt-get install "
            + spelling.PACKAGES.get(own, f"hunspell-{own}")
            + " (or set CASEBOOK_DICTIONARIES to a folder of .dic/.aff files)",
        )
        return
    for unit, text, word, langs in unknown_words(game):
        if langs:
            continue  # another language's word: L10N007
        yield Finding(
            CODE,
            SEVERITY,
            f"unknown word {quote(word, 40)} ({own}) in {quote(text, 50)}",
            unit.at,
            rule=unit.rule,
            target=word,
            suggestion="correct it; or, if it is a game word, add it to termbase.yaml under "
            f"words: {own}:",
        )
