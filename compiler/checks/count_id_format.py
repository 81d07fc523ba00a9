"""COUNT003 id-format

## What it finds
An id cited in the text in a different form from the inventory's: "N51"
where the cards are numbered N051, "M31" beside M031.

## Why it matters
Players and kit builders look ids up by exact match; a short form finds
nothing, and a script that sorts the cards puts it in the wrong place.

## Example
    rules/21-scenario-5.yaml:88:40  'N51' is written without the inventory's padding: N051

Passing: "(N051 e N052)".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from compiler.checks.helpers import rule_paras
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "COUNT003", "id-format", Severity.WARNING

_ID = re.compile(r"^([A-Z]+)(\d+)$")


def _widths(game: Game) -> dict[str, set[int]]:
    """Digit widths the inventory uses per id prefix (from cards and id ranges)."""
    known: list[str] = [c.id for d in game.decks for c in d.cards]
    for comp in game.components:
        if comp.ids and "{n}" in comp.ids.format:
            known.extend(comp.ids.ids())
    widths: dict[str, set[int]] = {}
    for item in known:
        if m := _ID.match(item):
            widths.setdefault(m.group(1), set()).add(len(m.group(2)))
    return widths


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    widths = _widths(game)
    usual: dict[str, int] = {}
    cited = [ref for _, _, para in rule_paras(game) for ref in para.refs if ref.kind == "card"]
    for ref in cited:
        if m := _ID.match(ref.text):
            usual.setdefault(m.group(1), 0)
    for prefix in usual:
        if prefix in widths:
            continue  # the inventory says how its ids are written
        lengths = [
            len(m.group(2)) for r in cited if (m := _ID.match(r.text)) and m.group(1) == prefix
        ]
        widths.setdefault(prefix, set()).add(max(set(lengths), key=lengths.count))
    for rule, _, para in rule_paras(game):
        for ref in para.refs:
            m = _ID.match(ref.text)
            if ref.kind != "card" or not m:
                continue
            wanted = widths.get(m.group(1), set())
            if len(wanted) == 1 and len(m.group(2)) not in wanted:
                (width,) = wanted
                fixed = f"{m.group(1)}{int(m.group(2)):0{width}d}"
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"{ref.text!r} is written with {len(m.group(2))} digits; "
                    f"the other {m.group(1)} ids have {width}",
                    ref.at,
                    suggestion=f"write {fixed}",
                    rule=rule.address,
                    target=ref.text,
                )
