"""Kind free-move, with Liberation's scenario 2 move: any LUOGO, cost 1."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.lib_bc_free_move import move
from compiler.procedures.replay import replay
from tests.conftest import living_game

MOVE = {"cost": 1, "points": "punti", "from": "da", "to": "a", "as": "spesi"}
MOVE |= {"anywhere": "da un luogo all'altro", "between": "da {from} a {to}"}
MOVE |= {"surplus_as": "persi"}


def ctx() -> Context:
    return Context(living_game("liberation"), Dice())


def test_any_distance_costs_the_flat_cost() -> None:
    values, says = move(MOVE, {"punti": 1, "da": "Brest", "a": "Bordeaux"}, ctx())
    assert values == {"spesi": 1, "spostamento": "da Brest a Bordeaux", "persi": 0}
    assert says == "da Brest a Bordeaux: 1 point(s) spent"


def test_without_places_the_move_reads_as_the_rule_words_it() -> None:
    values, _ = move(MOVE, {}, ctx())
    assert values["spostamento"] == "da un luogo all'altro" and values["spesi"] == 1


def test_points_beyond_the_cost_are_lost() -> None:
    values, says = move(MOVE, {"punti": 3}, ctx())
    assert values["persi"] == 2 and "2 more played" in says


def test_too_few_points_a_standstill_or_an_unknown_place_are_errors() -> None:
    with pytest.raises(ProcedureError, match="costs 1"):
        move(MOVE, {"punti": 0}, ctx())
    with pytest.raises(ProcedureError, match="already at Brest"):
        move(MOVE, {"da": "Brest", "a": "brest"}, ctx())
    with pytest.raises(ProcedureError, match="not a place"):
        move({**MOVE, "places": ["Brest", "Bordeaux"]}, {"da": "Lyon", "a": "Brest"}, ctx())
    with pytest.raises(ProcedureError, match="whole number"):
        move(MOVE, {"punti": "uno"}, ctx())


def test_the_book_s_example_replays() -> None:
    game = living_game("liberation")
    example = next(e for e in game.examples if e.id == "scenario-2-esempio-spostarsi")
    assert replay(game, example).status == "match"
