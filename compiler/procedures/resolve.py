"""Run a bound procedure from its inputs, step by step, citing each step's rule."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.model.game import Game
from compiler.model.procedures import Procedure, ProcedureStep
from compiler.procedures.core import Context, Dice, ProcedureError, Resolution, StepResult
from compiler.procedures.kinds import operation


def find_procedure(game: Game, procedure_id: str) -> Procedure:
    found = game.procedure(procedure_id)
    if found is None:
        for proc in game.procedures:  # a person may type the rule number or the title
            if procedure_id in (proc.rule, proc.title):
                return proc
        known = ", ".join(p.id for p in game.procedures) or "none yet"
        raise ProcedureError(f"no procedure {procedure_id!r} in {game.id} (procedures: {known})")
    return found


def run_step(
    game: Game, proc: Procedure, step: ProcedureStep, state: Mapping[str, Any], dice: Dice
) -> StepResult:
    op = operation(proc.kind, step.op)
    params = {**proc.params, **step.params}
    try:
        values, says = op(params, state, Context(game, dice))
    except ProcedureError as err:  # the same kind (FacesError stays one), naming the rule
        raise type(err)(f"{step.rule}: {err}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ArithmeticError) as err:
        # a binding that lacks a parameter, or gives one of the wrong kind
        raise ProcedureError(
            f"{step.rule}: the step cannot run with these parameters or inputs "
            f"({type(err).__name__}: {err}); check the values given, then the step at {step.at}"
        ) from None
    return StepResult(step.rule, step.op, values, step.says or says)


def resolve(game: Game, proc: Procedure, inputs: Mapping[str, Any], dice: Dice) -> Resolution:
    """Every step in order; each sees the inputs and the values of the steps before it."""
    state: dict[str, Any] = dict(inputs)
    done = []
    for step in proc.steps:
        result = run_step(game, proc, step, state, dice)
        state.update(result.values)
        done.append(result)
    return Resolution(proc.id, tuple(done), state, tuple(dice.rolled))
