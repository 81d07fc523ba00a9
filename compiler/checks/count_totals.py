"""COUNT001 total-mismatch

## What it finds
A total the source states ("176 ⅝″ counters", "all 8 of his items") that is
not the sum of the quantities the ruleset holds for the parts of that kind.

## Why it matters
One of the two numbers is wrong: a print-and-play kit built from the parts
will not match the box the rules describe.

## Example
    components.yaml:12:5  total of 'item' is 8 (stated at 2), the parts add up to 11
    help: parts: Infantry squad 3, Goods train 2, Passenger train 1, VIP train 1, Gendarme 4

Passing: a total of 48 wooden cubes with parts 24 + 4 + 4 + 8 + 8.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "COUNT001", "total-mismatch", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    for total in game.totals:
        parts = [c for c in game.components if c.kind == total.kind and c.id != total.kind]
        if not parts or any(c.quantity is None for c in parts):
            continue  # the source does not give every part: nothing to compare
        counted = sum(c.quantity or 0 for c in parts)
        if counted != total.quantity:
            listing = ", ".join(f"{c.name} {c.quantity}" for c in parts)
            yield Finding(
                CODE,
                SEVERITY,
                f"total of {total.kind!r} is {total.quantity} (stated at {total.stated_at}), "
                f"the parts add up to {counted}",
                total.at,
                suggestion=f"parts: {listing}",
                rule=total.stated_at,
                target=total.kind,
            )
