"""Kind two-sided-mission, with Liberation's scenario 5 MISSIONE cards (lato LIBERAZIONE)."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.lib_bc_mission_sides import complete, turn, turn_back
from compiler.procedures.replay import replay
from tests.conftest import living_game

SIDES = {"front": "lato MISSIONE", "back": "lato LIBERAZIONE"}
DONE = {"cards": "carte", "on_place": "sul_luogo", "not_done": "non completata"}
TURN = {"sides": SIDES, "side": "prima", "as": "lato", "bonus": "guadagnato"}
BACK = {"sides": SIDES, "side": "lato", "as": "lato", "turned_as": "girata"}


def ctx() -> Context:
    return Context(living_game("liberation"), Dice())


def test_cards_whose_icons_cover_the_mission_complete_it() -> None:
    state = {"abilita_carte": [["radio"], ["spia", "radio"]], "abilita_missione": ["radio", "spia"]}
    values, says = complete(DONE, state, ctx())
    assert values == {"carte_scartate": 2, "missione": "completata"}
    assert "completata" in says
    short = {**state, "abilita_missione": ["radio", "radio", "radio"]}
    assert complete(DONE, short, ctx())[0]["missione"] == "non completata"


def test_without_the_icons_the_completion_stands_as_declared() -> None:
    values, says = complete(DONE, {"carte": 3}, ctx())
    assert values == {"carte_scartate": 3, "missione": "completata"}
    assert "not given" in says


def test_no_cards_or_a_pawn_elsewhere_is_an_error() -> None:
    with pytest.raises(ProcedureError, match="must stand on the MISSIONE"):
        complete(DONE, {"carte": 3, "sul_luogo": False}, ctx())
    with pytest.raises(ProcedureError, match="needs carte"):
        complete(DONE, {}, ctx())


def test_a_completed_mission_turns_to_liberation_with_its_bonus() -> None:
    values, _ = turn(TURN, {"missione": "completata"}, ctx())
    assert values == {"lato": "lato LIBERAZIONE", "bonus": "guadagnato"}
    stays, says = turn(TURN, {"missione": "non completata"}, ctx())
    assert stays == {"lato": "lato MISSIONE", "bonus": None} and "no bonus" in says
    with pytest.raises(ProcedureError, match="needs missione"):
        turn(TURN, {}, ctx())
    with pytest.raises(ProcedureError, match="already shows"):
        turn(TURN, {"missione": "completata", "prima": "lato liberazione"}, ctx())
    with pytest.raises(ProcedureError, match="not a side"):
        turn(TURN, {"missione": "completata", "prima": "retro"}, ctx())


def test_the_column_turns_a_liberated_card_back_and_leaves_the_others() -> None:
    values, says = turn_back(BACK, {"lato": "lato LIBERAZIONE"}, ctx())
    assert values == {"lato": "lato MISSIONE", "girata": True} and "turned" in says
    assert turn_back(BACK, {}, ctx())[0] == {"lato": "lato MISSIONE", "girata": False}


@pytest.mark.parametrize(
    "example", ["scenario-5-esempio-completare-missione", "scenario-5-esempio-carta-offensiva"]
)
def test_the_book_s_examples_replay(example: str) -> None:
    game = living_game("liberation")
    result = replay(game, next(e for e in game.examples if e.id == example))
    assert result.status == "match", result.reason or result.checks
