"""L10N004 translated-numbers

## What it finds
A translation whose numbers, card and token ids, rule numbers or dice
results (anything written with digits), or whose template placeholders
(`{{ card.title }}`), differ from its source text.

## Why it matters
A translator retypes every number: "4 carte (da R021 a R025)" that becomes
"4 cards (R021 to R024)" changes the game, and a lost placeholder prints
nothing on a card.

## Example
    rulesets/liberation/l10n/en.po:912:1  translation (en) drops R025 and adds R024
    help: the source has: 4, R021, R025

Passing: the translation has the same numbers and placeholders as its source,
in any order.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.helpers import current_translations
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.l10n.compare import difference, numbers, placeholders
from compiler.model.game import Game

CODE, NAME, SEVERITY = "L10N004", "translated-numbers", Severity.ERROR


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    lang = game.language
    for unit in current_translations(game, CODE):
        source = unit.meant
        for what, read in (("numbers", numbers), ("placeholders", placeholders)):
            missing, extra = difference(read(source), read(unit.translation))
            if not missing and not extra:
                continue
            parts = []
            if missing:
                parts.append("drops " + ", ".join(missing))
            if extra:
                parts.append("adds " + ", ".join(extra))
            yield Finding(
                CODE,
                SEVERITY,
                f"translation ({lang}) {' and '.join(parts)}",
                unit.at,
                target=unit.id,
                suggestion=f"the source's {what}: "
                + (", ".join(sorted(read(source).elements())) or "none"),
            )
