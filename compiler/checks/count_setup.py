"""COUNT004 setup-count

## What it finds
A set-up that places more pieces of a component than the inventory holds
("3x Vichy Security units" where the counter mix has 2), or places a
component the inventory does not declare.

## Why it matters
The counter mix is a hard limit in most games; a set-up that needs more
pieces than the box holds cannot be played as printed, and a kit built from
the inventory will come up short.

## Example
    setup.yaml:20:13  set-up 'german' places 3 of 'vichy-security-unit'; the inventory has 2

Passing: a set-up whose pieces, added up over all its placements, fit the inventory.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "COUNT004", "setup-count", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    inventory = {c.id: c for c in game.components}
    for setup in game.setups:
        placed: Counter[str] = Counter()
        for placement in setup.placements:
            for piece in placement.get("pieces", []):
                placed[piece["component"]] += piece["quantity"]
        for component, count in sorted(placed.items()):
            comp = inventory.get(component)
            if comp is None:
                yield Finding(
                    CODE,
                    Severity.ERROR,
                    f"set-up {setup.id!r} places {component!r}, which the inventory "
                    "does not declare",
                    setup.at,
                    rule=setup.rule,
                    target=component,
                    suggestion="add it to components.yaml, or use its id there",
                )
            elif comp.quantity is not None and count > comp.quantity:
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"set-up {setup.id!r} places {count} of {component!r}; the "
                    f"inventory has {comp.quantity}",
                    setup.at,
                    rule=setup.rule,
                    target=component,
                )
