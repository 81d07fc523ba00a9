"""Kind score-track: one marker pulled toward either side, ends, and who leads."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.replay import replay
from compiler.procedures.score_track import move, standing
from tests.conftest import living_game

TRACK = {
    "sides": ["OCCUPANTE", "RESISTENZA"],
    "pushes": {"missione": "RESISTENZA", "cattura": "OCCUPANTE"},
    "awards": {"medaglia": 3},
}


def _ctx() -> Context:
    return Context(SimpleNamespace(), Dice())  # type: ignore[arg-type]


def test_points_pull_the_marker_toward_the_side_that_scores() -> None:
    values, says = move(TRACK, {"missione": 2}, _ctx())
    assert values == {"position": 2, "moved": 2, "toward": "RESISTENZA", "leader": "RESISTENZA"}
    assert "from 0 to 2" in says
    back, _ = move(TRACK, {"cattura": 3, "position": 2}, _ctx())
    assert back == {"position": -1, "moved": 3, "toward": "OCCUPANTE", "leader": "OCCUPANTE"}


def test_events_together_give_the_net_pull() -> None:
    values, _ = move(TRACK, {"missione": 2, "cattura": 2, "position": 1}, _ctx())
    assert values == {"position": 1, "moved": 0, "toward": None, "leader": "RESISTENZA"}


def test_an_award_moves_toward_the_side_named() -> None:
    values, _ = move(TRACK, {"medaglia": "occupante"}, _ctx())
    assert values["position"] == -3 and values["toward"] == "OCCUPANTE"


def test_no_event_writes_nothing() -> None:
    assert move(TRACK, {"position": 4}, _ctx()) == ({}, "no scoring event: the marker stays")


def test_reaching_an_end_wins_and_stops_there() -> None:
    ends = {**TRACK, "ends": 5}
    values, says = move(ends, {"missione": 4, "position": 3}, _ctx())
    assert values["position"] == 5 and values["winner"] == "RESISTENZA" and values["moved"] == 2
    assert "wins" in says
    uneven = {**TRACK, "ends": {"OCCUPANTE": 2, "RESISTENZA": 9}}
    low, _ = move(uneven, {"cattura": 3}, _ctx())
    assert low["position"] == -2 and low["winner"] == "OCCUPANTE"
    assert move(ends, {"missione": 1}, _ctx())[0]["winner"] is None


def test_names_of_the_written_keys_are_the_games() -> None:
    named = {**TRACK, "position": "pos", "as": "spostamento", "toward_as": "verso"}
    values, _ = move(named, {"missione": 2}, _ctx())
    assert values["pos"] == 2 and values["spostamento"] == 2 and values["verso"] == "RESISTENZA"


def test_move_errors_name_the_bad_side_or_number() -> None:
    with pytest.raises(ProcedureError, match="'ALLEATI' is not a side"):
        move(TRACK, {"medaglia": "ALLEATI"}, _ctx())
    with pytest.raises(ProcedureError, match="missione must be a whole number"):
        move(TRACK, {"missione": "due"}, _ctx())
    with pytest.raises(ProcedureError, match=r"sides names the two ends"):
        move({"pushes": {"missione": "RESISTENZA"}}, {"missione": 1}, _ctx())


def test_standing_leader_then_tiebreak() -> None:
    params = {
        "sides": ["OCCUPANTE", "RESISTENZA"],
        "tiebreak": {"RESISTENZA": "med_r", "OCCUPANTE": "med_o"},
    }
    assert standing(params, {"position": -1}, _ctx())[0] == {"leader": "OCCUPANTE"}
    level, says = standing(params, {"position": 0, "med_r": 2, "med_o": 1}, _ctx())
    assert level == {"leader": "RESISTENZA"} and "RESISTENZA 2" in says
    even, says = standing(params, {"med_r": 1, "med_o": 1}, _ctx())
    assert even == {"leader": None} and "still level" in says


@pytest.mark.parametrize(
    ("example_id", "toward"),
    [("esempio-punteggio-missione", "RESISTENZA"), ("esempio-punteggio-cattura", "OCCUPANTE")],
)
def test_liberation_score_examples_replay(example_id: str, toward: str) -> None:
    game = living_game("liberation")
    example = next(x for x in game.examples if x.id == example_id)
    result = replay(game, example)
    assert result.status == "match"
    assert result.steps[0].values["verso"] == toward
