"""PROC001 procedure-binding

## What it finds
A procedure in procedures.yaml bound to a kind or an operation Casebook does
not implement, naming a rule (its own or a step's) that the rules do not
have, or naming a table (`table:` in its params or a step's `with:`) that
tables.yaml does not have.

## Why it matters
`casebook resolve` and the replay of worked examples would stop on it; a
step that cites a rule the book does not have sends the player nowhere.

## Example
    procedures.yaml:12:9  step 4 of procedure '8.6': kind 'opposed-pool' has no
        operation 'roll-pool'; it has: …, roll-pools, …
    help: use a kind and one of its operations that Casebook implements

Passing: `kind: die-face-set`, steps `op: dice-for-points` and `op: roll-set`,
each `rule:` an address the rules define.
"""

from __future__ import annotations

import difflib
import reprlib
from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.procedures.core import ProcedureError
from compiler.procedures.kinds import operation

CODE, NAME, SEVERITY = "PROC001", "procedure-binding", Severity.ERROR
READS = ("references",)  # the graphs it reads (compiler/graph: built where it runs)


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    rules = graphs.references.rules
    tables = [t.id for t in game.tables]
    for proc in game.procedures:
        for named, at in proc.tables:
            if isinstance(named, str) and named in tables:
                continue
            close = difflib.get_close_matches(str(named), tables, n=1)
            yield Finding(
                CODE,
                SEVERITY,
                f"procedure {proc.id!r} names table {reprlib.repr(named)}, which tables.yaml "
                f"does not have (tables: {', '.join(tables) or 'none'})",
                at,
                suggestion=f"did you mean {close[0]}?" if close else "name a table's id",
                target=str(named),
            )
        if proc.rule not in rules:
            yield Finding(
                CODE,
                SEVERITY,
                f"procedure {proc.id!r} cites rule {proc.rule!r}, which the rules do not have",
                proc.at,
                suggestion="name the address of the rule that states the procedure",
                target=proc.rule,
            )
        for number, step in enumerate(proc.steps, start=1):
            try:
                operation(proc.kind, step.op)
            except ProcedureError as err:
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"step {number} of procedure {proc.id!r}: {err}",
                    step.at,
                    suggestion="use a kind and one of its operations that Casebook implements",
                    target=step.op,
                )
            if step.rule not in rules:
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"step {number} of procedure {proc.id!r} cites rule {step.rule!r}, "
                    "which the rules do not have",
                    step.at,
                    suggestion="name the address of the rule this step applies",
                    target=step.rule,
                )
