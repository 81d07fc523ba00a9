"""Replay a worked example through its procedure and compare with what the book states.

Each example step names the rule it applies; the procedure's step(s) for
that rule run on the example's situation, its inputs and what earlier steps
found. Every stated value the step computes is compared; values the
procedure does not compute are listed as unchecked, never counted as a match.

Verdicts: ``match`` (everything checked agrees), ``contradiction`` (the
example declares, in ``contradicts``, that the book gets a value wrong by
its own rules, and the replay agrees: both readings are reported),
``mismatch`` (a value differs and nothing declares it, or a declared
contradiction no longer holds), ``not-replayable`` (no procedure, no step
for the rule, a missing input, printed dice no die can show, or nothing
stated that the replay computes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.diagnostics import Location
from compiler.model.game import Example, Game
from compiler.procedures.core import Dice, FacesError, ProcedureError, StepResult
from compiler.procedures.resolve import find_procedure, run_step

_NOT_STATE = ("printed", "notes", "carried_over_from")


@dataclass(frozen=True, slots=True)
class Check:
    step: int | None  # None for the example's outcome
    key: str
    stated: Any
    computed: Any
    verdict: str  # same | differs | contradiction | stale
    why: str = ""  # the example's note on a declared contradiction


@dataclass(frozen=True, slots=True)
class Replay:
    example: Example
    status: str  # match | contradiction | mismatch | not-replayable
    checks: tuple[Check, ...]
    unchecked: tuple[tuple[int | None, str], ...]
    steps: tuple[StepResult, ...]
    reason: str | None
    at: Location
    fix: str | None = None  # what to change in the example, when the fault is its own


def same(stated: Any, computed: Any) -> bool:
    """The book's value and ours agree: numbers by value, text ignoring case and spacing."""
    if isinstance(stated, bool) or isinstance(computed, bool):
        return type(stated) is type(computed) and stated == computed
    if isinstance(stated, int | float) or isinstance(computed, int | float):
        try:
            return float(stated) == float(computed)
        except (TypeError, ValueError):
            return False
    if isinstance(stated, str) and isinstance(computed, str):
        return " ".join(stated.split()).casefold() == " ".join(computed.split()).casefold()
    if isinstance(stated, list | tuple) and isinstance(computed, list | tuple):
        return len(stated) == len(computed) and all(map(same, stated, computed))
    if isinstance(stated, dict) and isinstance(computed, dict):
        return stated.keys() == computed.keys() and all(
            same(stated[k], computed[k]) for k in stated
        )
    return stated == computed


def _judge(step: int | None, key: str, stated: Any, computed: Any, declared: dict) -> Check:
    agree = same(stated, computed)
    if key in declared:
        verdict = "stale" if agree else "contradiction"
        return Check(step, key, stated, computed, verdict, declared[key])
    return Check(step, key, stated, computed, "same" if agree else "differs")


def _fix_for(err: ProcedureError) -> str:
    """What to change when a bound step cannot run on the example: its procedure is
    bound, so "bind its procedure" would send the author the wrong way."""
    if isinstance(err, FacesError):
        return "give the faces the book prints, as a list of whole numbers the die shows"
    return (
        "check the values the example gives against the rule and the tables its step "
        "reads (casebook examples -v shows each step)"
    )


def replay(game: Game, example: Example) -> Replay:
    def stop(reason: str, steps=(), checks=(), at: Location | None = None, fix=None) -> Replay:
        return Replay(
            example,
            "not-replayable",
            tuple(checks),
            (),
            tuple(steps),
            reason,
            at or example.at,
            fix,
        )

    try:
        proc = find_procedure(game, example.procedure)
    except ProcedureError as err:
        return stop(f"{err}; bind it in procedures.yaml")
    state = {k: v for k, v in example.situation.items() if k not in _NOT_STATE}
    checks: list[Check] = []
    unchecked: list[tuple[int | None, str]] = []
    done: list[StepResult] = []
    for index, step in enumerate(example.steps):
        number = step["step"]
        wanted = [
            s for s in proc.steps if s.rule == step["rule"] and step.get("op") in (None, s.op)
        ]
        if not wanted:
            return stop(
                f"step {number}: procedure {proc.id!r} has no step for rule {step['rule']!r}"
                + (f" with op {step['op']!r}" if step.get("op") else ""),
                done,
                checks,
                example.step_at[index] if index < len(example.step_at) else None,
                f"give procedure {proc.id!r} a step for that rule in procedures.yaml, or "
                "correct the example step's rule",
            )
        state.update(step.get("inputs", {}))
        produced: dict[str, Any] = {}
        for proc_step in wanted:
            try:
                result = run_step(game, proc, proc_step, state, Dice())
            except ProcedureError as err:  # at the step: its inputs or printed dice are wrong
                at = example.step_at[index] if index < len(example.step_at) else None
                return stop(f"step {number}: {err}", done, checks, at, _fix_for(err))
            done.append(result)
            state.update(result.values)
            produced.update(result.values)
        declared = step.get("contradicts", {})
        for key, stated in step.get("stated", {}).items():
            if key in produced:
                checks.append(_judge(number, key, stated, produced[key], declared))
            else:
                unchecked.append((number, key))
    for key, stated in example.outcome.items():
        if key in state:
            checks.append(_judge(None, key, stated, state[key], {}))
        else:
            unchecked.append((None, key))
    verdicts = {c.verdict for c in checks}
    if not checks:
        reason = "the replay computes none of the values the example states"
        return Replay(
            example, "not-replayable", (), tuple(unchecked), tuple(done), reason, example.at
        )
    if verdicts & {"differs", "stale"}:
        status = "mismatch"
    elif "contradiction" in verdicts:
        status = "contradiction"
    else:
        status = "match"
    return Replay(example, status, tuple(checks), tuple(unchecked), tuple(done), None, example.at)
