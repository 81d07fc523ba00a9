"""Kind threshold-check: War Story's Checks, totalled, boosted and routed by threshold."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.replay import replay
from compiler.procedures.threshold_check import (
    boost_needed,
    check,
    covers,
    least,
    per_points,
    routes,
)
from tests.conftest import living_game

GAME = "war-story-occupied-france"


def _ctx(dice: list[int] | None = None) -> Context:
    return Context(living_game(GAME), Dice(dice or []))


def _params(procedure: str = "checks", **more) -> dict:
    return {**living_game(GAME).procedure(procedure).params, **more}


def _check_block(wording: str, attribute: str, ranges: dict[str, int]) -> dict:
    return {
        "check": wording,
        "attribute": attribute,
        "thresholds": [{"range": r, "do": [{"turn_to": n}]} for r, n in ranges.items()],
    }


BLUE = _check_block("total Firearms of Blue Agents", "Firearms", {"1": 416, "2+": 439})


@pytest.mark.parametrize(
    ("cell", "value", "covered"),
    [
        ("1", 1, True),
        ("1", 2, False),
        ("2+", 2, True),
        ("2+", 40, True),
        ("2+", 1, False),
        ("6-8", 6, True),
        ("6-8", 8, True),
        ("6-8", 9, False),
        ("-3", 0, True),
        ("-3", 4, False),
    ],
)
def test_a_threshold_cell_covers_its_values(cell, value, covered) -> None:
    assert covers(cell, value) is covered


def test_a_cell_that_is_no_threshold_is_an_error() -> None:
    with pytest.raises(ProcedureError, match="cannot read the threshold 'night'"):
        covers("night", 1)
    assert least("9+") == 9 and least("6-8") == 6


def test_routes_read_the_check_table_of_the_game() -> None:
    values, _ = routes(_params(), {"table": "check-total-awareness"}, _ctx())
    assert values["routes"] == {
        "1-5": "Turn to entry 424",
        "6-8": "Turn to entry 113",
        "9+": "Turn to entry 354",
    }
    assert values["turn_to_by_threshold"] == {"1-5": 424, "6-8": 113, "9+": 354}


def test_only_the_agents_the_check_names_count() -> None:
    agents = {
        "Odile": {"Firearms": 2, "cube": "blue"},
        "Monique": {"Firearms": 2},
        "Yannick": {"Firearms": 1, "cube": "Blue"},
    }
    values, _ = check(_params(), {"block": BLUE, "agents": agents}, _ctx())
    assert values["total"] == 3 and values["turn_to"] == 439 and values["threshold"] == "2+"


@pytest.mark.parametrize(("how", "total", "entry"), [("highest", 3, 35), ("lowest", 1, 45)])
def test_highest_and_lowest_take_one_agents_value(how, total, entry) -> None:
    block = _check_block(f"{how} Influence", "Influence", {"1": 45, "2": 48, "3+": 35})
    agents = {"Odile": {"Influence": 3}, "Yannick": {"Influence": 1}}
    values, _ = check(_params(), {"block": block, "agents": agents}, _ctx())
    assert (values["total"], values["turn_to"]) == (total, entry)


def test_a_position_and_long_range_firearms_narrow_the_agents() -> None:
    block = _check_block(
        "total Long-Range Firearms at Position D",
        "Long-Range Firearms",
        {"0": 1, "1-2": 2, "3+": 3},
    )
    agents = {
        "Dominique": {"Firearms": 1, "position": "D", "long_range": True},
        "Odile": {"Firearms": 2, "position": "D"},  # only her Welrod: she cannot contribute
        "Monique": {"Firearms": 2, "position": "B", "long_range": True},
    }
    values, _ = check(_params(), {"block": block, "agents": agents}, _ctx())
    assert values["total"] == 1 and values["turn_to"] == 2


def test_no_valid_agent_resolves_nothing() -> None:
    values, says = check(_params(), {"block": BLUE, "agents": {"Odile": {"Firearms": 2}}}, _ctx())
    assert values == {"resolved": False} and "not resolved" in says


def test_a_total_no_threshold_covers_resolves_nothing() -> None:
    values, _ = check(_params(), {"block": BLUE, "printed_value": 0}, _ctx())
    assert values["resolved"] is False and "turn_to" not in values


def test_tokens_add_one_each_and_only_to_what_their_type_may_boost() -> None:
    state = {"table": "check-total-awareness", "printed_value": 5}
    spent = {"Monique's Skill token": 1, "Advantage token": 2}
    values, _ = check(_params(), {**state, "tokens_used": spent}, _ctx())
    assert values["total"] == 8 and values["turn_to"] == 113 and values["tokens_spent"] == spent
    with pytest.raises(ProcedureError, match="a Firearms token cannot boost Awareness"):
        check(_params(), {**state, "tokens_used": {"Firearms token": 1}}, _ctx())
    with pytest.raises(ProcedureError, match="names no token type"):
        check(_params(), {**state, "tokens_used": {"lucky charm": 1}}, _ctx())


def test_for_the_highest_value_a_token_must_name_its_agent() -> None:
    block = _check_block("highest Stealth", "Stealth", {"1-2": 204, "3+": 216})
    agents = {"Odile": {"Stealth": 2}, "Yannick": {"Stealth": 1}}
    state = {"block": block, "agents": agents, "tokens_used": 1}
    with pytest.raises(ProcedureError, match="give boosts"):
        check(_params(), state, _ctx())
    values, _ = check(_params(), {**state, "boosts": {"Yannick": 1}}, _ctx())
    assert values["total"] == 2 and values["turn_to"] == 204
    values, _ = check(_params(), {**state, "boosts": {"Odile": 1}}, _ctx())
    assert values["total"] == 3 and values["turn_to"] == 216
    with pytest.raises(ProcedureError, match="boosts give 2 tokens; 1 were spent"):
        check(_params(), {**state, "boosts": {"Odile": 2}}, _ctx())


def test_dice_are_added_when_a_game_rolls_them() -> None:
    state = {"table": "check-total-awareness", "printed_value": 3}
    values, _ = check(_params(dice=2), state, _ctx([2, 4]))
    assert values["total"] == 9 and values["turn_to"] == 354
    with pytest.raises(ProcedureError, match="give the dice"):
        check(_params(dice=1), state, _ctx())


def test_a_check_needs_the_agents_or_their_value() -> None:
    with pytest.raises(ProcedureError, match=r"needs agents .* or printed_value"):
        check(_params(), {"table": "check-total-awareness"}, _ctx())
    with pytest.raises(ProcedureError, match="needs block"):
        check(_params(), {}, _ctx())
    with pytest.raises(ProcedureError, match="no table 'nowhere'"):
        check(_params(), {"table": "nowhere", "printed_value": 1}, _ctx())


@pytest.mark.parametrize(
    ("aim", "target", "needed"), [("highest", 9, 4), ("6-8", 6, 1), ("lowest", 1, 0)]
)
def test_boost_needed_counts_the_tokens_to_reach_a_row(aim, target, needed) -> None:
    state = {"table": "check-total-awareness", "total": 5, "aim": aim}
    values, _ = boost_needed(_params(), state, _ctx())
    assert values == {"target": target, "needed": needed}


def test_boost_needed_errors() -> None:
    with pytest.raises(ProcedureError, match="needs total"):
        boost_needed(_params(), {"table": "check-total-awareness"}, _ctx())
    with pytest.raises(ProcedureError, match="aim '7\\+' is no threshold"):
        boost_needed(_params(), {"table": "check-total-awareness", "total": 1, "aim": "7+"}, _ctx())


PER_3_TEXT = "For every 3 points of Firearms at Position A, remove 1 red cube from [REDACTED]."
PER_3 = {"instructions": [{"do": [{"text": PER_3_TEXT}]}]}


def test_per_points_reads_the_rate_and_counts_whole_multiples() -> None:
    values, _ = per_points(_params(), {"block": PER_3}, _ctx())
    assert values == {"per_points": 3, "each": 1, "attribute": "Firearms", "position": "A"}
    agents = {
        "Odile": {"Firearms": 2, "position": "A"},
        "Monique": {"Firearms": 2, "position": "A"},
        "Yannick": {"Firearms": 3, "position": "B"},
        "Dominique": {"Firearms": 1, "position": "A"},
    }
    values, _ = per_points(_params(), {"block": PER_3, "agents": agents}, _ctx())
    assert (values["total"], values["times"], values["amount"]) == (5, 1, 1)


def test_per_points_does_nothing_without_such_an_instruction() -> None:
    assert per_points(_params(), {"block": BLUE}, _ctx())[0] == {}
    assert per_points(_params(), {"table": "check-total-awareness"}, _ctx())[0] == {}


@pytest.mark.parametrize(
    "example", ["check-firearms-blue-agents", "firearms-per-3-points", "example-skill-check"]
)
def test_the_rulebooks_checks_replay(example) -> None:
    game = living_game(GAME)
    result = replay(game, next(e for e in game.examples if e.id == example))
    assert result.status == "match", result.reason or result.checks
