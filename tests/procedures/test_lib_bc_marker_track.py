"""Kind marker-track, with Liberation's U-BOAT track (scenario 2) and SUPPORTO scale (4)."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.lib_bc_marker_track import move, read
from compiler.procedures.replay import replay
from tests.conftest import living_game

DOWN = {"marker": "segnalino U-BOAT", "by": "valore_missione", "sign": -1, "direction": "scende"}
DOWN |= {"as": "scende_di", "position": "posizione_u_boat"}
END = {"position": "posizione", "as": "carte", "only_when": {"modalita": "CAMPAGNA"}}
END |= {"already": "gia_conservate", "still_as": "ancora"}


def ctx() -> Context:
    return Context(living_game("liberation"), Dice())


def test_a_mission_takes_the_marker_down_by_its_points() -> None:
    values, says = move(DOWN, {"valore_missione": 2}, ctx())
    assert values == {"scende_di": 2}
    assert "2 space(s) scende" in says


def test_the_position_moves_the_way_the_sign_says() -> None:
    assert move(DOWN, {"valore_missione": 3, "posizione_u_boat": 5}, ctx())[0] == {
        "scende_di": 3,
        "posizione_u_boat": 2,
    }
    up = {**DOWN, "sign": 1, "per": 2, "direction_as": "verso"}
    values = move(up, {"valore_missione": 1, "posizione_u_boat": 0}, ctx())[0]
    assert values == {"scende_di": 2, "verso": "scende", "posizione_u_boat": 2}


def test_a_count_below_the_rule_s_least_or_missing_is_an_error() -> None:
    with pytest.raises(ProcedureError, match="needs valore_missione"):
        move(DOWN, {}, ctx())
    with pytest.raises(ProcedureError, match="at least 1"):
        move({**DOWN, "min": 1}, {"valore_missione": 0}, ctx())
    with pytest.raises(ProcedureError, match="whole number"):
        move(DOWN, {"valore_missione": "due"}, ctx())
    with pytest.raises(ProcedureError, match="sign"):
        move({**DOWN, "sign": 2}, {"valore_missione": 1}, ctx())


def test_the_end_position_is_the_number_of_cards_kept() -> None:
    values, _ = read(END, {"posizione": 3, "modalita": "CAMPAGNA"}, ctx())
    assert values == {"carte": 3}
    values, says = read(END, {"posizione": 3, "gia_conservate": 1}, ctx())
    assert values == {"carte": 3, "ancora": 2}
    assert "2 still to take" in says


def test_reading_outside_its_mode_or_past_the_total_is_an_error() -> None:
    with pytest.raises(ProcedureError, match="only when modalita is CAMPAGNA"):
        read(END, {"posizione": 3, "modalita": "SCENARIO"}, ctx())
    with pytest.raises(ProcedureError, match="more than the 3 allowed"):
        read(END, {"posizione": 3, "gia_conservate": 4}, ctx())
    with pytest.raises(ProcedureError, match="needs posizione"):
        read(END, {}, ctx())


@pytest.mark.parametrize(
    "example", ["scenario-2-esempio-completare-missione", "scenario-2-esempio-fine-campagna"]
)
def test_the_book_s_examples_replay(example: str) -> None:
    game = living_game("liberation")
    result = replay(game, next(e for e in game.examples if e.id == example))
    assert result.status == "match", result.reason or result.checks
