"""EXAMPLE001 example-replay

## What it finds
A worked example that does not come out as the book prints it when replayed
through the game's procedures (procedures.yaml): a stated value the rules
give differently (mismatch), a contradiction declared in `contradicts:` that
no longer holds, or an example that cannot be replayed at all (no procedure
bound, no step for its rule, an input missing, nothing it states computed).

## Why it matters
A rulebook's example is where players check their reading of a rule; an
example that disagrees with the rule teaches the wrong rule. An edit to a
rule or a number that breaks its example should be caught before print.

## Example
    examples.yaml:52:9  example 'sabotage-orleans' step 5 check_number:
        the book states 13, the rules give 12
    help: fix the rule or the number, or declare the book's error under `contradicts:`

Passing: every stated value the replay computes agrees, or the example
declares the book's own error under `contradicts:` with why, and the replay
confirms it (`casebook examples` prints both readings).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "EXAMPLE001", "example-replay", Severity.WARNING


def _value(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    if not game.examples:
        return
    from compiler.procedures.replay import replay  # 70 ms of imports a game without examples skips

    for example in game.examples:
        result = replay(game, example)
        if result.status == "not-replayable":
            yield Finding(
                CODE,
                SEVERITY,
                f"example {example.id!r} cannot be replayed: {result.reason}",
                example.at,
                suggestion="bind its procedure in procedures.yaml (casebook examples -v shows why)",
                rule=example.rule,
                target=example.id,
            )
            continue
        for c in result.checks:
            if c.verdict not in ("differs", "stale"):
                continue
            index = next((i for i, s in enumerate(example.steps) if s["step"] == c.step), None)
            at = example.step_at[index] if index is not None and example.step_at else example.at
            where = f"step {c.step}" if c.step is not None else "outcome"
            if c.verdict == "differs":
                message = (
                    f"example {example.id!r} {where} {c.key}: the book states "
                    f"{_value(c.stated)}, the rules give {_value(c.computed)}"
                )
                fix = "fix the rule or the number, or declare the book's error under `contradicts:`"
            else:
                message = (
                    f"example {example.id!r} {where} {c.key}: declared a contradiction, "
                    f"but the rules give the book's {_value(c.stated)} too"
                )
                fix = f"remove {c.key!r} from the step's `contradicts:`"
            yield Finding(
                CODE, SEVERITY, message, at, suggestion=fix, rule=example.rule, target=example.id
            )
