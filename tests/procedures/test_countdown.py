"""Kind countdown, with Plan Vert's game clock (14): starts at 40, a D6 a turn."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.countdown import run_out, tick
from tests.conftest import living_game

CLOCK = {"start": 40, "dice": 1, "ends_at": 0, "rerolls": 1}


def ctx(*dice: int, seed: int | None = None) -> Context:
    return Context(living_game("plan-vert"), Dice(list(dice), seed))


def test_a_tick_takes_the_roll_off_the_clock() -> None:
    values, says = tick(CLOCK, {}, ctx(5))
    assert values == {"clock_roll": [5], "clock": 35, "clock_ended": False}
    assert says == "clock 40 − 5 = 35"


def test_zero_or_less_ends_the_game_and_a_reroll_replaces_the_roll() -> None:
    values, says = tick(CLOCK, {"clock": 4, "clock_roll": [2], "clock_reroll": [6]}, ctx())
    assert values["clock"] == -2 and values["clock_ended"] is True
    assert "re-rolled 2" in says and "the game ends" in says
    exact = tick(CLOCK, {"clock": 3, "clock_roll": [3]}, ctx())[0]
    assert exact["clock"] == 0 and exact["clock_ended"] is True


def test_no_reroll_where_the_rules_allow_none() -> None:
    with pytest.raises(ProcedureError, match="no re-roll"):
        tick({**CLOCK, "rerolls": 0}, {"clock_roll": [1], "clock_reroll": [6]}, ctx())


def test_run_out_counts_the_turns_from_a_seed() -> None:
    values, _ = run_out(CLOCK, {}, ctx(seed=3))
    assert values["clock_ended"] and values["clock"] <= 0
    assert sum(values["clock_rolls"]) >= 40 and values["turns"] == len(values["clock_rolls"])
    assert 7 <= values["turns"] <= 40
