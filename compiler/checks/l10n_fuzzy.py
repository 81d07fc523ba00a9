"""L10N002 fuzzy

## What it finds
A translation marked fuzzy that nobody has confirmed: a suggestion carried
over from a similar string by `casebook l10n update`, or one a translator
flagged as unsure.

## Why it matters
A fuzzy translation may say something else; like gettext, the build prints
the source text instead until someone confirms it.

## Example
    rulesets/liberation/l10n/en.po:88:1  fuzzy (en): "Each RESISTANCE player…" is not confirmed
    help: check it against the source and clear the fuzzy flag

Passing: no entry of the catalog is fuzzy without a change in its source.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.helpers import quote, translated_game
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.l10n import FUZZY

CODE, NAME, SEVERITY = "L10N002", "fuzzy", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    l10n = translated_game(game)
    if l10n is None:
        return
    for unit in l10n.units:
        if unit.status == FUZZY:
            yield Finding(
                CODE,
                SEVERITY,
                f"fuzzy ({l10n.lang}): {quote(unit.translation)} is not confirmed",
                unit.at,
                target=unit.id,
                suggestion="check it against the source text and clear the fuzzy flag",
            )
