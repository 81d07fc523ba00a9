"""Kind ranged-hits, bound with Plan Vert's section 12 numbers."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.ranged_hits import save, shoot
from tests.conftest import living_game, run_casebook

SHOOT = {"table": "shooting", "range_column": "distance"}
SAVE = {"faces": [4, 5, 6], "modifiers": {"leader": 1, "lying_down": 1}}


def ctx(*dice: int) -> Context:
    return Context(living_game("plan-vert"), Dice(list(dice)))


@pytest.mark.parametrize(
    ("distance", "faces", "hits"), [(3, [6], 1), (2, [5, 6], 2), (1, [4, 5, 6], 3)]
)
def test_the_range_sets_the_faces_that_hit(distance, faces, hits) -> None:
    values, says = shoot(SHOOT, {"distance": distance, "shots": 4}, ctx(6, 5, 4, 1))
    assert values["to_hit"] == faces and values["hits"] == hits
    assert f"{hits} hit(s)" in says


def test_printed_rolls_are_used_and_must_number_the_shots() -> None:
    state = {"distance": 2, "shots": 2, "shot_rolls": [5, 1]}
    assert shoot(SHOOT, state, ctx())[0]["hits"] == 1
    with pytest.raises(ProcedureError, match="lists 3 dice; the rule calls for 2"):
        shoot(SHOOT, {**state, "shot_rolls": [5, 1, 6]}, ctx())


def test_a_range_the_table_lacks_is_an_error() -> None:
    with pytest.raises(ProcedureError, match="no row for 4"):
        shoot(SHOOT, {"distance": 4, "shots": 1}, ctx(6))


def test_saves_with_leader_and_lying_down() -> None:
    plain = save(SAVE, {"hits": 3, "save_rolls": [3, 4, 2]}, ctx())[0]
    assert (plain["saves"], plain["casualties"]) == (1, 2)
    leader = save(SAVE, {"hits": 3, "save_rolls": [3, 4, 2], "leader": True}, ctx())[0]
    assert (leader["saves"], leader["casualties"]) == (2, 1)
    both = save(
        SAVE, {"hits": 3, "save_rolls": [3, 4, 2], "leader": True, "lying_down": True}, ctx()
    )[0]
    assert (both["saves"], both["casualties"]) == (3, 0)


def test_no_dice_no_saves_rolled() -> None:
    with pytest.raises(ProcedureError, match="give the dice"):
        save(SAVE, {"hits": 1}, ctx())


def test_a_distance_no_row_has_is_no_die_roll_and_no_shots_roll_nothing() -> None:
    """Found by a probe: distance=0 was "0 is not a result of 1d6": a distance is in zones,
    not rolled; and shots=0 printed "rolled , 0 hit(s)"."""
    far = run_casebook("resolve", "plan-vert", "12", "distance=0")
    assert far.returncode == 2
    assert "no row for 0 in column 'distance'" in far.stderr and "1d6" not in far.stderr
    none = run_casebook("resolve", "plan-vert", "12", "distance=1", "shots=0")
    assert none.returncode == 0, none.stderr
    assert "rolled nothing, 0 hit(s)" in none.stdout
