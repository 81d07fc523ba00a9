"""L10N007 other-language

## What it finds
Words in another language than the text's own: French left inside the
Italian source ("Jetons COMPÉTENCE", "VALEUR"), Italian left inside the
English translation. A word counts when the text's own dictionary lacks it
and another installed dictionary (it, en, fr, de) has it; names (Title
Case), short words and the termbase's words are not counted.

## Why it matters
A picture label or a half-translated sentence left in a third language is
a word most players of the edition cannot read.

## Example
    rulesets/liberation/components/a-base.yaml:140:1  "COMPÉTENCE" reads as French (fr),
        not Italian (it)
    help: translate it, or add it to termbase.yaml words: it: if the game prints it so

Passing: every word is in the text's own dictionary or the termbase. A game opts in
to this check with a termbase.yaml (its accepted words).
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.helpers import quote, unknown_words
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.l10n import spelling
from compiler.model.game import Game

CODE, NAME, SEVERITY = "L10N007", "other-language", Severity.WARNING
NAMES = {"it": "Italian", "en": "English", "fr": "French", "de": "German"}


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    if game.l10n is None or game.termbase is None or not spelling.available(game.l10n.lang):
        return  # a game opts in with a termbase.yaml, which lists the words it accepts
    own = game.l10n.lang
    for unit, text, word, langs in unknown_words(game):
        if not langs:
            continue  # unknown everywhere: a spelling question (L10N008)
        yield Finding(
            CODE,
            SEVERITY,
            f'"{word}" reads as {NAMES.get(langs[0], langs[0])} ({", ".join(langs)}), '
            f"not {NAMES.get(own, own)}, in {quote(text, 50)}",
            unit.at,
            rule=unit.rule,
            target=word,
            suggestion="translate it; or, if the game prints it so, add it to termbase.yaml "
            f"under words: {own}:",
        )
