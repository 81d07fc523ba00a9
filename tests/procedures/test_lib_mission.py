"""Kind mission-completion: the pawn on the MISSIONE's LUOGO, and ABILITÀ that match."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.lib_mission import at_location, match_abilities
from compiler.procedures.replay import replay
from tests.conftest import living_game

WHERE = {"pawn": "pedina", "mission": "missione", "on_site": "sul_luogo"}
MATCH = {"required": "serve", "discarded": "carte", "points": "pv"}


def _ctx() -> Context:
    return Context(SimpleNamespace(), Dice())  # type: ignore[arg-type]


def test_the_pawn_must_stand_on_the_missions_place() -> None:
    values, _ = at_location(WHERE, {"pedina": "Montmartre", "missione": "montmartre"}, _ctx())
    assert values == {"can_complete": True, "mission": "montmartre"}
    away, says = at_location(WHERE, {"pedina": "Opéra", "missione": "Montmartre"}, _ctx())
    assert away == {"can_complete": False, "mission": None} and "too far" in says


def test_a_yes_no_stands_in_for_the_places() -> None:
    assert at_location(WHERE, {"sul_luogo": False}, _ctx())[0]["can_complete"] is False
    with pytest.raises(ProcedureError, match="needs missione and pedina"):
        at_location(WHERE, {}, _ctx())


def test_every_icon_asked_for_needs_its_own_icon() -> None:
    state = {"serve": ["radio", "radio"], "carte": [["radio"], ["radio", "falsario"]], "pv": 2}
    values, says = match_abilities(MATCH, state, _ctx())
    assert values["completed"] is True and values["missing"] == []
    assert values["excess"] == ["falsario"] and values["cards"] == 2 and values["score"] == 2
    assert "beyond it are lost" in says


def test_a_missing_icon_fails_and_scores_nothing() -> None:
    state = {"serve": ["radio", "radio"], "carte": ["radio", "falsario"], "pv": 2}
    values, says = match_abilities(MATCH, state, _ctx())
    assert values["completed"] is False and values["missing"] == ["radio"]
    assert values["score"] == 0 and values["cards"] == 2 and "missing radio" in says


def test_match_errors_name_what_is_missing_or_malformed() -> None:
    with pytest.raises(ProcedureError, match="needs serve"):
        match_abilities(MATCH, {"carte": []}, _ctx())
    with pytest.raises(ProcedureError, match="not a mix"):
        match_abilities(MATCH, {"serve": ["a"], "carte": [["a"], "b"], "pv": 1}, _ctx())
    with pytest.raises(ProcedureError, match="lists ABILITÀ icons"):
        match_abilities(MATCH, {"serve": "radio", "carte": [], "pv": 1}, _ctx())
    with pytest.raises(ProcedureError, match="needs pv"):
        match_abilities(MATCH, {"serve": ["a"], "carte": ["a"]}, _ctx())


def test_liberation_mission_example_replays() -> None:
    game = living_game("liberation")
    example = next(x for x in game.examples if x.id == "esempio-missione-montmartre")
    result = replay(game, example)
    assert result.status == "match"
    assert {c.key for c in result.checks} == {"completabile", "missione_completabile"}
