"""Kind dice-per-count: one die per casualty (less a side's allowance), count the 1s."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.dice_per_count import count_faces, dice_count
from compiler.procedures.replay import replay
from tests.conftest import living_game

COUNT = {"count": "casualties", "ignore": 1, "ignore_when": "german", "ignored_as": "ignored"}
FACES = {"faces": [1], "at_most": "can_run", "as": "figures_removed"}


def _ctx(dice: list[int] | None = None) -> Context:
    return Context(living_game("plan-vert"), Dice(dice or []))


@pytest.mark.parametrize(
    ("casualties", "german", "dice", "ignored"),
    [(4, False, "4D6", 0), (3, True, "2D6", 1), (0, True, "0D6", 0), (1, True, "0D6", 1)],
)
def test_one_die_per_casualty_less_the_allowance(casualties, german, dice, ignored) -> None:
    values, _ = dice_count(COUNT, {"casualties": casualties, "german": german}, _ctx())
    assert values["dice"] == dice and values["ignored"] == ignored
    assert values["dice_count"] == int(dice[0])


def test_without_a_flag_the_allowance_is_everyones() -> None:
    params = {"count": "casualties", "ignore": 2}
    values, _ = dice_count(params, {"casualties": 5}, _ctx())
    assert values["dice"] == "3D6"


def test_a_missing_or_bad_count_is_named() -> None:
    with pytest.raises(ProcedureError, match="needs casualties"):
        dice_count(COUNT, {}, _ctx())
    with pytest.raises(ProcedureError, match="cannot be negative"):
        dice_count(COUNT, {"casualties": -1}, _ctx())


def test_faces_that_count_from_printed_dice() -> None:
    values, says = count_faces(FACES, {"dice_count": 3, "rolls": [4, 1, 1]}, _ctx())
    assert values == {"figures_removed": 2, "rolls": [4, 1, 1]}
    assert "2 show 1" in says


def test_faces_are_rolled_when_not_given() -> None:
    values, _ = count_faces(FACES, {"dice_count": 4}, _ctx([1, 2, 1, 1]))
    assert values["figures_removed"] == 3 and values["rolls"] == [1, 2, 1, 1]


def test_leaders_never_run_so_at_most_the_others_go() -> None:
    state = {"dice_count": 3, "rolls": [1, 1, 1], "can_run": 2}
    values, says = count_faces(FACES, state, _ctx())
    assert values["figures_removed"] == 2 and "only 2 can" in says


def test_no_dice_and_the_wrong_number_of_dice() -> None:
    values, _ = count_faces(FACES, {"dice_count": 0}, _ctx())
    assert values["figures_removed"] == 0
    with pytest.raises(ProcedureError, match="lists 3 dice; the rule calls for 2"):
        count_faces(FACES, {"dice_count": 2, "rolls": [4, 1, 1]}, _ctx())
    with pytest.raises(ProcedureError, match="give the dice"):
        count_faces(FACES, {"dice_count": 2}, _ctx())


@pytest.mark.parametrize("example", ["morale-dice-count", "morale-roll"])
def test_the_printed_morale_examples_replay(example) -> None:
    game = living_game("plan-vert")
    result = replay(game, next(x for x in game.examples if x.id == example))
    assert result.status == "match" and not result.unchecked
