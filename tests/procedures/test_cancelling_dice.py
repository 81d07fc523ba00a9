"""Kind cancelling-dice: pool sizes, faces that cancel one another, and what is left."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from compiler.procedures.cancelling_dice import cancel, pool
from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.replay import replay
from tests.conftest import living_game

RED = {
    "results": "risultati",
    "cancels": {"RESISTENZA": "ARRESTO"},
    "tally": {"ARRESTO": "arresti"},
    "all_show": {"NON SUCCIDE NULLA": "nulla"},
    "fails_on": ["ARRESTO"],
}
GREEN = {"faces": {"ARRESTO": 3, "NON SUCCIDE NULLA": 3}, "tally": {"ARRESTO": "arresti"}}


def _ctx(dice: list[int] | None = None) -> Context:
    return Context(SimpleNamespace(), Dice(dice or []))  # type: ignore[arg-type]


def test_pool_gives_dice_per_thing_counted() -> None:
    values, says = pool({"count": "carte_raid", "as": "dadi"}, {"carte_raid": 2}, _ctx())
    assert values == {"dadi": 2} and "2 dice" in says
    assert pool({"count": "pedine", "per": 2}, {"pedine": 3}, _ctx())[0] == {"dice": 6}


def test_pool_keeps_to_its_maximum_and_requirements() -> None:
    with pytest.raises(ProcedureError, match="at most 2 dice"):
        pool({"count": "carte", "max_key": "icone"}, {"carte": 3, "icone": 2}, _ctx())
    with pytest.raises(ProcedureError, match="at most 3 dice"):
        pool({"count": "carte", "max": 3}, {"carte": 4}, _ctx())
    with pytest.raises(ProcedureError, match="needs carta_luogo"):
        pool({"count": "carte", "requires": ["carta_luogo"]}, {"carte": 1}, _ctx())
    with pytest.raises(ProcedureError, match="needs carte"):
        pool({"count": "carte"}, {}, _ctx())


def test_each_resistenza_face_cancels_one_arresto() -> None:
    shown = ["ARRESTO", "RESISTENZA", "ARRESTO"]
    values, says = cancel(RED, {"risultati": shown}, _ctx())
    assert values["arresti"] == 1 and values["cancelled"] == 1
    assert values["left"] == {"ARRESTO": 1} and values["failed"] is True
    assert "1 cancelled" in says


def test_more_cancelling_faces_than_targets_leave_no_arrest() -> None:
    shown = ["RESISTENZA", "RESISTENZA", "ARRESTO"]
    values, _ = cancel(RED, {"risultati": shown}, _ctx())
    assert values["arresti"] == 0 and values["left"] == {"RESISTENZA": 1}
    assert values["failed"] is False and values["nulla"] is False


def test_all_show_needs_every_die_on_that_face() -> None:
    everyone = cancel(RED, {"risultati": ["NON SUCCIDE NULLA"] * 2}, _ctx())[0]
    assert everyone["nulla"] is True and everyone["arresti"] == 0
    mixed = cancel(RED, {"risultati": ["NON SUCCIDE NULLA", "RESISTENZA"]}, _ctx())[0]
    assert mixed["nulla"] is False
    assert cancel(RED, {"risultati": []}, _ctx())[0]["nulla"] is False


def test_dice_the_state_does_not_give_are_rolled_on_the_faces() -> None:
    values, _ = cancel(GREEN, {"dice": 3}, _ctx([1, 4, 3]))
    assert values["results"] == ["ARRESTO", "NON SUCCIDE NULLA", "ARRESTO"]
    assert values["arresti"] == 2


def test_cancel_errors_say_what_to_give() -> None:
    with pytest.raises(ProcedureError, match=r"needs risultati.*cannot be rolled"):
        cancel(RED, {"dice": 2}, _ctx([1, 2]))
    with pytest.raises(ProcedureError, match="one per die"):
        cancel(RED, {"risultati": "ARRESTO"}, _ctx())
    with pytest.raises(ProcedureError, match="needs dice"):
        cancel(GREEN, {}, _ctx())
    with pytest.raises(ProcedureError, match="give the dice"):
        cancel(GREEN, {"dice": 1}, _ctx())


def test_liberation_raid_example_replays() -> None:
    game = living_game("liberation")
    example = next(x for x in game.examples if x.id == "esempio-raid-montmartre")
    result = replay(game, example)
    assert result.status == "match" and not result.unchecked
    assert {c.key for c in result.checks} == {"dadi_lanciati", "arresti"}


def test_faces_given_are_one_per_die_and_each_a_face_of_the_die() -> None:
    """Found by a probe: one RAID card (one red die) took [ARRESTO, ARRESTO, ARRESTO] and
    made 3 arrests, and [banana] was a face. The faces given are checked against the
    die's named faces (``symbols``, or ``faces``) and the dice rolled."""
    red = {**RED, "symbols": ["ARRESTO", "NON SUCCIDE NULLA", "RESISTENZA"], "dice": "dadi"}
    with pytest.raises(ProcedureError, match=r"lists 3 face\(s\) for 1 dice"):
        cancel(red, {"risultati": ["ARRESTO"] * 3, "dadi": 1}, _ctx())
    with pytest.raises(ProcedureError, match="'banana' is not a face of this die"):
        cancel(red, {"risultati": ["banana"], "dadi": 1}, _ctx())
    with pytest.raises(ProcedureError, match="'RESISTENZA' is not a face of this die"):
        cancel({**GREEN, "dice": "dadi"}, {"results": ["RESISTENZA"], "dadi": 1}, _ctx())
    values, _ = cancel(red, {"risultati": ["ARRESTO", "RESISTENZA"], "dadi": 2}, _ctx())
    assert values["arresti"] == 0
