"""Kind agent-status: who an injury or death may hit, and what it does to them."""

from __future__ import annotations

import pytest

from compiler.procedures.agent_status import injure, kill, parse_criteria, valid_agents
from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.replay import replay
from tests.conftest import living_game

GAME = "war-story-occupied-france"
POSITION_B = "any 1 Agent at Position B with an Awareness of 2 or below"


def _ctx() -> Context:
    return Context(living_game(GAME), Dice())


def _params(procedure: str = "agent-status") -> dict:
    return dict(living_game(GAME).procedure(procedure).params)


@pytest.mark.parametrize(
    ("text", "criteria"),
    [
        (POSITION_B, {"agents": 1, "position": "B", "attribute": "Awareness", "at_most": 2}),
        (
            "any 1 Agent with an Awareness of 1",
            {"agents": 1, "attribute": "Awareness", "equals": 1},
        ),
        (
            "any 1 Yellow Agent with a Stealth of 1",
            {"agents": 1, "cube": "yellow", "attribute": "Stealth", "equals": 1},
        ),
        (
            "Any 2 Agents with a Firearms of 3 or above",
            {"agents": 2, "attribute": "Firearms", "at_least": 3},
        ),
    ],
)
def test_the_printed_criterion_is_read_as_data(text, criteria) -> None:
    assert parse_criteria(text, _params()) == criteria


def test_an_unreadable_criterion_is_an_error() -> None:
    with pytest.raises(ProcedureError, match="cannot read the criterion"):
        parse_criteria("The Blue Agent with the lowest Firearms", _params())
    with pytest.raises(ProcedureError, match="needs instruction"):
        valid_agents(_params(), {}, _ctx())


AGENTS = {
    "Odile": {"Awareness": 2, "position": "B"},
    "Yannick": {"Awareness": 1, "position": "B", "injured": True},
    "Monique": {"Awareness": 1, "position": "C"},
}


def test_only_agents_meeting_the_criterion_are_valid_and_the_player_chooses() -> None:
    values, says = valid_agents(_params(), {"instruction": POSITION_B, "agents": AGENTS}, _ctx())
    assert values["valid_agents"] == ["Odile", "Yannick"] and values["choose_agent"] is True
    assert "agent" not in values and "choose" in says


def test_boost_tokens_can_lift_an_agent_out_of_the_criterion() -> None:
    state = {"instruction": POSITION_B, "agents": AGENTS, "boosts": {"Odile": 1}}
    values, _ = valid_agents(_params(), state, _ctx())
    assert values["valid_agents"] == ["Yannick"] and values["agent"] == "Yannick"
    state["boosts"] = {"Odile": 1, "Yannick": 2}
    values, says = valid_agents(_params(), state, _ctx())
    assert values["resolved"] is False and "not resolved" in says


def test_a_mortally_wounded_agent_takes_no_further_injury() -> None:
    agents = {**AGENTS, "Yannick": {**AGENTS["Yannick"], "status": "mortally wounded"}}
    values, _ = valid_agents(_params(), {"instruction": POSITION_B, "agents": agents}, _ctx())
    assert values["valid_agents"] == ["Odile"]
    with pytest.raises(ProcedureError, match="Yannick is mortally wounded"):
        injure(_params(), {"agents": agents, "agent": "Yannick"}, _ctx())


def test_a_choice_outside_the_criterion_is_refused() -> None:
    state = {"instruction": POSITION_B, "agents": AGENTS, "agent": "Monique"}
    with pytest.raises(ProcedureError, match="Monique does not meet the criterion"):
        valid_agents(_params(), state, _ctx())
    with pytest.raises(ProcedureError, match="needs Odile's Awareness"):
        valid_agents(
            _params(), {"instruction": POSITION_B, "agents": {"Odile": {"position": "B"}}}, _ctx()
        )


@pytest.mark.parametrize(
    ("agent", "before", "after"),
    [("Odile", None, "injured"), ("Yannick", "injured", "mortally wounded")],
)
def test_an_injury_moves_an_agent_one_status_along(agent, before, after) -> None:
    values, _ = injure(_params(), {"agents": AGENTS, "agent": agent}, _ctx())
    assert values["status"] == after and values["agents"][agent]["status"] == after
    assert values["agents"]["Monique"] == AGENTS["Monique"]


def test_without_an_agent_injure_gives_what_an_injury_does_to_each_status() -> None:
    values, _ = injure(_params(), {}, _ctx())
    assert values == {"on_injury": {"uninjured": "injured", "injured": "mortally wounded"}}
    assert injure(_params(), {"resolved": False, "agents": AGENTS}, _ctx())[0] == {}


def test_a_killed_agent_is_removed_and_the_last_death_sends_to_entry_300() -> None:
    params = _params("agent-killed")
    values, _ = kill(params, {"agents": AGENTS, "agent": "Odile"}, _ctx())
    assert list(values["agents"]) == ["Yannick", "Monique"] and "turn_to" not in values
    alone = {"Odile": AGENTS["Odile"]}
    assert kill(params, {"agents": alone, "agent": "Odile"}, _ctx())[0]["turn_to"] == 300
    ended = {"agents": alone, "agent": "Odile", "mission_ended": True}
    assert "turn_to" not in kill(params, ended, _ctx())[0]
    assert kill(params, {"resolved": False}, _ctx())[0] == {}
    with pytest.raises(ProcedureError, match="needs agents"):
        kill(params, {"agent": "Odile"}, _ctx())


def test_the_instruction_is_found_in_a_book_entry() -> None:
    state = {"reading_entry": 356, "agents": {"Odile": {"Firearms": 1, "position": "B"}}}
    values, _ = valid_agents(_params("agent-killed"), state, _ctx())
    assert values["agent"] == "Odile"
    with pytest.raises(ProcedureError, match="has no injure instruction"):
        valid_agents(_params(), {"reading_entry": 1}, _ctx())


def test_the_rulebooks_injury_example_replays() -> None:
    game = living_game(GAME)
    result = replay(game, next(e for e in game.examples if e.id == "injury-position-b"))
    assert result.status == "match", result.reason or result.checks


@pytest.mark.parametrize(
    ("criterion", "says"),
    [
        ("(?P<count>", "parameter 'criterion' is not a regular expression"),
        (r"^(\w+\s?)+$", "parameter 'criterion' ran for more than 1 s"),
    ],
)
def test_a_criterion_pattern_that_cannot_run_is_a_procedure_error(
    criterion: str, says: str
) -> None:
    """Found by a probe: an invalid criterion crashed lint, examples and resolve (re.error),
    and a backtracking one hung them; the game's pattern is now bounded as its reference
    patterns are."""
    params = {**_params(), "criterion": criterion}
    with pytest.raises(ProcedureError, match=says):
        parse_criteria("any 1 Agent with an Awareness of 1 and more words here!", params)
