"""EXAMPLE001 example-replay

## What it finds
A worked example that does not come out as the book prints it when replayed
through the game's procedures (procedures.yaml): a stated value the rules
give differently (mismatch), a contradiction declared in `contradicts:` that
no longer holds, or an example that cannot be replayed at all (no procedure
bound, no step for its rule, an input missing, printed dice no die shows,
nothing it states computed). Also an example written wrong: steps not
numbered 1, 2, 3… in the order written, or a `contradicts:` key the step
does not state.

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

from compiler.diagnostics import Finding, Location, Severity
from compiler.graph import Graphs
from compiler.model.game import Example, Game

CODE, NAME, SEVERITY = "EXAMPLE001", "example-replay", Severity.WARNING


def _value(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _written_wrong(example: Example) -> Iterator[tuple[str, Location, str]]:
    """(message, where, fix) for each fault in how the example is written, which the
    replay passes over (it runs the steps in list order and reads only stated keys):
    a `contradicts:` key the step does not state, a declaration about nothing; steps
    not numbered 1, 2, 3… in the order written (a number twice, or past the last)."""
    count = len(example.steps)
    first: dict[object, Location] = {}
    for position, step in enumerate(example.steps, start=1):
        at = example.step_at[position - 1] if example.step_at else example.at
        number = step["step"]
        if number in first:
            yield (
                f"example {example.id!r} has two steps numbered {number} "
                f"(the first at {first[number]})",
                at,
                f"number the steps 1 to {count} in the order they are written",
            )
        elif number != position:
            yield (
                f"example {example.id!r} step {number} is its {_ordinal(position)} step of {count}",
                at,
                f"number the steps 1 to {count} in the order they are written",
            )
        first.setdefault(number, at)
        stated = step.get("stated", {})
        for key in step.get("contradicts", {}):
            if key not in stated:
                known = ", ".join(stated) or "nothing"
                yield (
                    f"example {example.id!r} step {number} declares {key!r} a contradiction, "
                    f"but the step does not state it (it states {known})",
                    at,
                    "name a value under the step's `stated:`, or remove it from `contradicts:`",
                )


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    if not game.examples:
        return
    from compiler.procedures.replay import replay  # 70 ms of imports a game without examples skips

    for example in game.examples:
        for message, at, fix in _written_wrong(example):
            yield Finding(
                CODE, SEVERITY, message, at, suggestion=fix, rule=example.rule, target=example.id
            )
        result = replay(game, example)
        if result.status == "not-replayable":
            yield Finding(
                CODE,
                SEVERITY,
                f"example {example.id!r} cannot be replayed: {result.reason}",
                result.at,
                suggestion=result.fix
                or "bind its procedure in procedures.yaml (casebook examples -v shows why)",
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
