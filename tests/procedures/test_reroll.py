"""Kind all-or-none-reroll: a criterion's dice are re-rolled all together or not at all."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.replay import replay
from compiler.procedures.reroll import group, options, reroll
from tests.conftest import living_game

PARAMS = {"dice": "criterion_dice", "as": "victory_points"}


def _ctx(dice: list[int] | None = None) -> Context:
    return Context(living_game("plan-vert"), Dice(dice or []))


@pytest.mark.parametrize(
    ("text", "found"), [("3D6", (3, 6)), ("D6", (1, 6)), (2, (2, 6)), ("5d6", (5, 6))]
)
def test_a_group_of_dice_is_read_as_the_book_writes_it(text, found) -> None:
    assert group(text) == found


@pytest.mark.parametrize("bad", ["three", "0D6", True, "D1"])
def test_what_is_not_a_group_is_refused(bad) -> None:
    with pytest.raises(ProcedureError, match="not a group of dice"):
        group(bad)


def test_the_options_are_all_or_none() -> None:
    values, _ = options(PARAMS, {"criterion_dice": "3D6"}, _ctx())
    assert values == {"dice_count": 3, "may_reroll": "all 3 or none", "may_reroll_counts": [3, 0]}


def test_re_rolling_replaces_every_die() -> None:
    state = {"criterion_dice": "3D6", "rolls": [1, 2, 1], "reroll": True}
    values, says = reroll(PARAMS, state, _ctx([6, 6, 5]))
    assert values["dice_rerolled"] == 3 and values["rerolled_faces"] == [1, 2, 1]
    assert values["final_rolls"] == [6, 6, 5] and values["victory_points"] == 17
    assert "re-rolled all 3" in says


@pytest.mark.parametrize("choice", [False, "none", 0, []])
def test_keeping_the_dice_keeps_them_all(choice) -> None:
    state = {"criterion_dice": "2D6", "rolls": [4, 5], "reroll": choice}
    values, _ = reroll(PARAMS, state, _ctx())
    assert values["dice_rerolled"] == 0 and values["final_rolls"] == [4, 5]
    assert values["victory_points"] == 9


def test_naming_every_face_is_re_rolling_all() -> None:
    state = {"criterion_dice": "3D6", "rolls": [1, 2, 1], "reroll": [1, 1, 2]}
    values, _ = reroll(PARAMS, state, _ctx([3, 3, 3]))
    assert values["dice_rerolled"] == 3 and values["victory_points"] == 9


@pytest.mark.parametrize(
    ("choice", "message"),
    [
        ([1, 1], "re-roll all 3 dice or none, not 2"),
        (1, "not 1"),
        ([6], "cannot re-roll 6: the dice show 1, 2, 1"),
        ("some", "say all, none or which dice"),
    ],
)
def test_some_of_the_dice_may_not_be_re_rolled(choice, message) -> None:
    state = {"criterion_dice": "3D6", "rolls": [1, 2, 1], "reroll": choice}
    with pytest.raises(ProcedureError, match=message):
        reroll(PARAMS, state, _ctx())


def test_missing_inputs_are_named() -> None:
    with pytest.raises(ProcedureError, match="needs criterion_dice"):
        options(PARAMS, {}, _ctx())
    with pytest.raises(ProcedureError, match="needs reroll"):
        reroll(PARAMS, {"criterion_dice": "1D6", "rolls": [3]}, _ctx())


def test_the_first_roll_is_rolled_when_not_given() -> None:
    state = {"criterion_dice": "2D6", "reroll": True}
    values, _ = reroll(PARAMS, state, _ctx([1, 1, 6, 4]))
    assert values["rolls"] == [1, 1] and values["final_rolls"] == [6, 4]


def test_the_printed_example_replays() -> None:
    game = living_game("plan-vert")
    result = replay(game, next(x for x in game.examples if x.id == "victory-point-reroll"))
    assert result.status == "match" and not result.unchecked
