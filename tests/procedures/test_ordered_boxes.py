"""Kind ordered-boxes: success squares filled in number order; complete when all are."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.ordered_boxes import mark, open_boxes
from compiler.procedures.replay import replay
from tests.conftest import living_game

PARAMS = {
    "boxes": "squares",
    "marked": "marked_squares",
    "actions": {"first action": "1", "second action": "2"},
    "box_name": "success square",
    "complete_as": "mission_complete",
}


def _ctx() -> Context:
    return Context(living_game("maquis"), Dice())


def _state(marked: list[str], action: str) -> dict:
    return {"squares": ["1", "1", "2"], "marked_squares": marked, "action": action}


def test_a_first_action_marks_a_one() -> None:
    values, says = mark(PARAMS, _state([], "first action"), _ctx())
    assert values["marked"] == "1" and values["marked_squares"] == ["1"]
    assert values["still_open"] == ["1", "2"] and values["mission_complete"] is False
    assert values["actions_performed"] == 1 and "still empty: 1, 2" in says


def test_the_last_square_completes_the_mission() -> None:
    state = {**_state(["1", "1"], "second action"), "actions_performed": 2}
    values, _ = mark(PARAMS, state, _ctx())
    assert values["mission_complete"] is True and values["actions_performed"] == 3


def test_a_two_before_every_one_is_refused() -> None:
    with pytest.raises(ProcedureError, match="every '1' success square must be marked before"):
        mark(PARAMS, _state(["1"], "second action"), _ctx())


def test_a_full_or_unknown_square_is_refused() -> None:
    with pytest.raises(ProcedureError, match="no empty '1' success square left"):
        mark(PARAMS, _state(["1", "1"], "first action"), _ctx())
    with pytest.raises(ProcedureError, match="no action 'third action'"):
        mark(PARAMS, _state([], "third action"), _ctx())
    with pytest.raises(ProcedureError, match="the card does not have"):
        open_boxes(["1", "2"], ["3"])


def test_without_actions_the_action_names_the_box_and_unnumbered_boxes_are_free() -> None:
    params = {"boxes": "squares"}
    values, _ = mark(params, {"squares": ["1", "star", "2"], "action": "star"}, _ctx())
    assert values["marked"] == "star" and values["complete"] is False
    with pytest.raises(ProcedureError, match="every '1' box must be marked before any '3'"):
        mark(params, {"squares": ["1", "3"], "action": "3"}, _ctx())


def test_missing_inputs_are_named() -> None:
    with pytest.raises(ProcedureError, match="needs squares"):
        mark(PARAMS, {"action": "first action"}, _ctx())
    with pytest.raises(ProcedureError, match="needs action"):
        mark(PARAMS, {"squares": ["1"]}, _ctx())


def test_the_printed_sabotage_example_replays() -> None:
    game = living_game("maquis")
    result = replay(game, next(x for x in game.examples if x.id == "sabotage-success-order"))
    assert result.status == "match" and not result.unchecked
