"""Kind ``countdown``: a clock counting down by dice until it runs out.

Plan Vert 14: "The game clock starts at 40. … Each player will roll a D6 at
their own turn end. A re-roll is allowed. This score is deducted from the
game clock total. When the game clock reaches zero or less the game ends
immediately."

Operations
- ``tick``: params ``start`` (the clock's first value), ``dice`` (how many
  dice a tick rolls, default 1), ``sides`` (default 6), ``ends_at`` (the
  clock ends at this value or less, default 0), ``rerolls`` (re-rolls
  allowed, default 0). State ``clock`` (current value; ``start`` when absent),
  optional printed ``clock_roll`` and ``clock_reroll`` (taken instead of the
  first roll when a re-roll is used). Writes ``clock_roll``, ``clock``,
  ``clock_ended``.
- ``run-out``: params as ``tick``; rolls a tick per turn from ``clock`` (or
  ``start``) until the clock ends. Writes ``turns``, ``clock_rolls``,
  ``clock``, ``clock_ended``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import (
    Context,
    ProcedureError,
    State,
    Values,
    dice_text,
    rolls,
    whole,
)

MAX_TURNS = 10_000  # a clock that never falls is a binding error, not a long game


def _roll(params: Mapping[str, Any], state: State, ctx: Context, key: str) -> list[int]:
    count, sides = int(params.get("dice", 1)), int(params.get("sides", 6))
    return rolls(state, key, count, ctx.dice, sides)


def _clock(params: Mapping[str, Any], state: State) -> tuple[int, int]:
    """(the clock now, the value it ends at): a whole number (clock=40,2 was a Python
    TypeError blamed on the procedure) between the two. A probe's clock=41 was counted
    down from above the start, and clock=0 rolled again after the game had ended."""
    start, ends_at = int(params["start"]), int(params.get("ends_at", 0))
    clock = whole(state.get("clock", start), "clock")
    if clock > start:
        raise ProcedureError(f"the clock starts at {start} and only counts down; not {clock}")
    if clock <= ends_at:
        raise ProcedureError(
            f"the clock is at {clock}: at {ends_at} or less the game has ended, and it is "
            "not rolled again"
        )
    return clock, ends_at


def tick(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    clock, ends_at = _clock(params, state)
    first = _roll(params, state, ctx, "clock_roll")
    used = first
    if state.get("clock_reroll") is not None:
        if int(params.get("rerolls", 0)) < 1:
            raise ProcedureError("the rules allow no re-roll of the clock roll")
        used = _roll(params, state, ctx, "clock_reroll")
    after = clock - sum(used)
    ended = after <= ends_at
    rerolled = f" (re-rolled {dice_text(first)})" if used is not first else ""
    says = f"clock {clock} − {dice_text(used)}{rerolled} = {after}" + (
        f": at {ends_at} or less, the game ends" if ended else ""
    )
    return {"clock_roll": used, "clock": after, "clock_ended": ended}, says


def run_out(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    clock, ends_at = _clock(params, state)
    start, rolled = clock, []
    while clock > ends_at:
        if len(rolled) >= MAX_TURNS:
            raise ProcedureError(f"the clock did not run out in {MAX_TURNS} turns")
        roll = ctx.dice.roll(int(params.get("dice", 1)), int(params.get("sides", 6)), "clock")
        if sum(roll) <= 0:
            raise ProcedureError("a clock roll that takes nothing off never ends")
        rolled.append(sum(roll))
        clock -= sum(roll)
    says = f"clock {start} runs out after {len(rolled)} turn(s): {dice_text(rolled)}"
    values = {"turns": len(rolled), "clock_rolls": rolled, "clock": clock, "clock_ended": True}
    return values, says


OPERATIONS = {"tick": tick, "run-out": run_out}
