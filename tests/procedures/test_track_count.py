"""Kind track-count: Patrols from the Morale track, Soldiers from the Soldier track."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.replay import replay
from compiler.procedures.track_count import higher_of, replace_last
from tests.conftest import living_game

HIGHER = {
    "count": "workers",
    "count_name": "Resistance Workers",
    "table": "morale-track",
    "space": "morale",
    "column": "patrols",
    "number": "red",
    "number_name": "red",
    "track_name": "Morale track",
    "as": "patrols_placed",
    "unit": "Patrols",
    "text_as": "patrols",
}
REPLACE = {
    "total": "placed",
    "track": "soldier_track",
    "from_space": 1,
    "base": "Milice",
    "replacement": "Soldier",
    "base_as": "milice",
    "replacement_as": "soldiers",
}


def _ctx(game: str = "maquis") -> Context:
    return Context(living_game(game), Dice())


def test_the_track_number_wins_when_higher() -> None:
    values, _ = higher_of(HIGHER, {"workers": 3, "red": 4}, _ctx())
    assert values["patrols_placed"] == 4 and values["patrols"] == "4 Patrols"
    assert values["reason"] == (
        "the red 4 from the Morale track is higher than the number of Resistance Workers"
    )


@pytest.mark.parametrize(("workers", "red"), [(3, 3), (5, 2), (0, 0)])
def test_otherwise_the_count_does(workers, red) -> None:
    values, _ = higher_of(HIGHER, {"workers": workers, "red": red}, _ctx())
    assert values["patrols_placed"] == workers
    assert values["reason"] == "equal to the number of Resistance Workers"


def test_a_bound_is_enough_when_the_count_reaches_it() -> None:
    values, _ = higher_of(HIGHER, {"workers": 3, "red_at_most": 3}, _ctx())
    assert values["patrols_placed"] == 3 and values["track_number"] is None
    with pytest.raises(ProcedureError, match="only known to be at most 3"):
        higher_of(HIGHER, {"workers": 2, "red_at_most": 3}, _ctx())


def test_a_missing_track_number_names_the_missing_chart() -> None:
    with pytest.raises(ProcedureError, match=r"needs red .*not in the source"):
        higher_of(HIGHER, {"workers": 3, "morale": 3}, _ctx())
    with pytest.raises(ProcedureError, match="needs workers"):
        higher_of(HIGHER, {"red": 3}, _ctx())
    with pytest.raises(ProcedureError, match="no table 'moral'"):
        higher_of({**HIGHER, "table": "moral"}, {"workers": 3, "red": 3}, _ctx())


def test_a_printed_track_is_read_by_its_space() -> None:
    params = {**HIGHER, "table": "shooting", "space": "distance", "column": "to_hit"}
    values, _ = higher_of(params, {"workers": 0, "distance": 3}, _ctx("plan-vert"))
    assert values["track_number"] == 6 and values["patrols_placed"] == 6
    with pytest.raises(ProcedureError, match="no column 'red'"):
        higher_of({**params, "column": "red"}, {"workers": 0, "distance": 3}, _ctx("plan-vert"))


@pytest.mark.parametrize(
    ("placed", "track", "milice", "soldiers"),
    [(4, 1, 3, 1), (4, 0, 4, 0), (3, 5, 0, 3), (0, 2, 0, 0), (5, 2, 3, 2)],
)
def test_soldiers_replace_milice_as_the_last_patrols(placed, track, milice, soldiers) -> None:
    values, _ = replace_last(REPLACE, {"placed": placed, "soldier_track": track}, _ctx())
    assert (values["milice"], values["soldiers"]) == (milice, soldiers)
    assert values["order"] == ["Milice"] * milice + ["Soldier"] * soldiers


def test_below_the_first_replacing_space_none_are_replaced() -> None:
    values, _ = replace_last(
        {**REPLACE, "from_space": 2}, {"placed": 4, "soldier_track": 1}, _ctx()
    )
    assert values["soldiers"] == 0


def test_missing_or_bad_counts_are_named() -> None:
    with pytest.raises(ProcedureError, match="needs soldier_track"):
        replace_last(REPLACE, {"placed": 4}, _ctx())
    with pytest.raises(ProcedureError, match="whole number"):
        replace_last(REPLACE, {"placed": "many", "soldier_track": 1}, _ctx())


@pytest.mark.parametrize("example", ["check-morale-patrols", "soldier-replacement"])
def test_the_printed_examples_replay(example) -> None:
    game = living_game("maquis")
    result = replay(game, next(x for x in game.examples if x.id == example))
    assert result.status == "match"
