"""L10N001 untranslated

## What it finds
A string of the source (rule text, title, card field, table cell, glossary
entry) that the language's catalog does not translate: no entry, or an
empty msgstr.

## Why it matters
The translated rulebook prints it in the source language, in the middle of
the translation.

## Example
    rulesets/liberation/l10n/en.po:1204:1  untranslated (en): "Ogni giocatore DELLA RESISTENZA…"
    help: translate it in Poedit, then `casebook l10n import liberation en FILE.po`

Passing: every unit of the source has a translation in the catalog.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.helpers import quote, translated_game
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.l10n import UNTRANSLATED

CODE, NAME, SEVERITY = "L10N001", "untranslated", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    l10n = translated_game(game)
    if l10n is None:
        return
    for unit in l10n.units:
        if unit.status == UNTRANSLATED:
            yield Finding(
                CODE,
                SEVERITY,
                f"untranslated ({l10n.lang}): {quote(unit.source)}",
                unit.at,
                target=unit.id,
                suggestion=f"translate it in the catalog {l10n.catalog}, or import a translated "
                f"file: casebook l10n import {l10n.command_name or game.id} {l10n.lang} FILE.po",
            )
