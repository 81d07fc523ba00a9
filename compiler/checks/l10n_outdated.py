"""L10N003 outdated

## What it finds
A translation made from another version of the source text: the source
changed after it was translated (the catalog's msgid, or its `#| msgid`
after `casebook l10n update`, is the text it was made from).

## Why it matters
The translation still says what the old text said; a corrected rule, a new
number or a changed card stays wrong in the translated rulebook.

## Example
    rulesets/liberation/l10n/en.po:311:1  outdated (en): the source changed since it was
        translated: "3 carte" -> "4 carte"
    help: update the translation, then clear the fuzzy flag

Passing: every translation was made from the current source text.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from compiler.checks.helpers import quote, translated_game
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.l10n import OUTDATED

CODE, NAME, SEVERITY = "L10N003", "outdated", Severity.WARNING


def changes(old: str, new: str, limit: int = 3) -> str:
    """The words that changed, as `"old" -> "new"` pairs."""
    a, b = old.split(), new.split()
    out = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":  # each side cut as every message cuts a text (a 280 KB one)
            out.append(f"{quote(' '.join(a[i1:i2]))} -> {quote(' '.join(b[j1:j2]))}")
    shown = "; ".join(out[:limit])
    return shown + (f" (and {len(out) - limit} more)" if len(out) > limit else "")


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    l10n = translated_game(game)
    if l10n is None:
        return
    for unit in l10n.units:
        if unit.status == OUTDATED:
            yield Finding(
                CODE,
                SEVERITY,
                f"outdated ({l10n.lang}): the source changed since it was translated: "
                + changes(unit.made_from or "", unit.source),
                unit.at,
                target=unit.id,
                suggestion=f"run `casebook l10n update {l10n.command_name or game.id} "
                f"{l10n.lang}` to see the previous text beside the new one, revise the "
                "translation, clear the fuzzy flag",
            )
