"""Kind card-purchase: pay for a card with discards, place it, close the display."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.lib_card_purchase import pay, place, refill
from compiler.procedures.replay import replay
from tests.conftest import living_game

RECRUIT = {"cards": "carte", "value_each": "valore", "cost": "icone", "item": "carta"}
PLAN = {"cards": "luoghi", "cost": "costo", "item": "carta", "compare": "exactly"}


def _ctx() -> Context:
    return Context(SimpleNamespace(), Dice())  # type: ignore[arg-type]


def test_at_least_the_cost_recruits() -> None:
    state = {"carte": 2, "valore": 1, "icone": 2, "carta": "Paul Rivet"}
    values, says = pay(RECRUIT, state, _ctx())
    assert values == {"cards_paid": 2, "points": 2, "acquired": "Paul Rivet"}
    assert "Paul Rivet is taken" in says
    more, _ = pay(RECRUIT, {**state, "carte": [2, 3]}, _ctx())
    assert more["points"] == 5 and more["acquired"] == "Paul Rivet"


def test_less_than_the_cost_recruits_nothing() -> None:
    state = {"carte": [1], "icone": 2, "carta": "Paul Rivet"}
    values, says = pay(RECRUIT, state, _ctx())
    assert values["acquired"] is None and "not enough" in says


def test_exactly_the_cost_buys_neither_more_nor_less() -> None:
    exact, _ = pay(PLAN, {"luoghi": 3, "costo": 3, "carta": "V-MANN"}, _ctx())
    assert exact["acquired"] == "V-MANN"
    over, says = pay(PLAN, {"luoghi": 4, "costo": 3, "carta": "V-MANN"}, _ctx())
    assert over["acquired"] is None and "too many" in says


def test_without_the_cost_the_payment_bounds_it() -> None:
    values, says = pay(RECRUIT, {"carte": 2, "valore": 1, "carta": "X"}, _ctx())
    assert values["acquired"] == "X" and values["cost_bound"] == 2 and "at most 2" in says
    exact, says = pay(PLAN, {"luoghi": 3, "carta": "V-MANN"}, _ctx())
    assert exact["cost_bound"] == 3 and "exactly 3" in says


def test_the_card_must_be_on_offer() -> None:
    params = {**RECRUIT, "display": "fila", "display_size": 6}
    ok = {"carte": 1, "icone": 1, "carta": "B", "fila": ["A", "B"]}
    assert pay(params, ok, _ctx())[0]["acquired"] == "B"
    with pytest.raises(ProcedureError, match="Z is not among the cards on offer"):
        pay(params, {**ok, "carta": "Z"}, _ctx())
    with pytest.raises(ProcedureError, match="at most 6 cards"):
        pay(params, {**ok, "fila": list("ABCDEFG")}, _ctx())


def test_pay_errors_name_what_is_missing() -> None:
    with pytest.raises(ProcedureError, match="needs carta"):
        pay(RECRUIT, {"carte": 1}, _ctx())
    with pytest.raises(ProcedureError, match="needs carte"):
        pay(RECRUIT, {"carta": "X"}, _ctx())
    with pytest.raises(ProcedureError, match="compare is one of"):
        pay({**RECRUIT, "compare": "more"}, {"carte": 1, "carta": "X"}, _ctx())


def test_place_sends_the_card_to_its_zone_or_its_one_place() -> None:
    zones = {"zones": {"SCARTI": "pila degli SCARTI", "MAZZO": "cima al MAZZO"}, "zone": "zona"}
    assert place(zones, {"zona": "mazzo"}, _ctx())[0] == {"destination": "cima al MAZZO"}
    open_choice, says = place(zones, {}, _ctx())
    assert open_choice == {"destinations": ["pila degli SCARTI", "cima al MAZZO"]}
    assert "give zona" in says
    assert place({"destination": "SCARTI"}, {}, _ctx())[0] == {"destination": "SCARTI"}
    assert place({"destination": "SCARTI", "taken": "presa"}, {"presa": None}, _ctx())[0] == {}
    with pytest.raises(ProcedureError, match="no zone 'TAVOLO'"):
        place(zones, {"zona": "TAVOLO"}, _ctx())
    with pytest.raises(ProcedureError, match="needs param destination"):
        place({}, {}, _ctx())


def test_refill_slides_left_and_fills_from_the_deck() -> None:
    params = {"display": "fila", "taken": "presa", "deck": "mazzo", "size": 4}
    state = {"fila": ["A", "B", "C", "D"], "presa": "B", "mazzo": ["E", "F"]}
    values, _ = refill(params, state, _ctx())
    assert values == {"fila": ["A", "C", "D", "E"], "empty_spaces": 0, "mazzo": ["F"]}
    short, says = refill(params, {**state, "mazzo": []}, _ctx())
    assert short["empty_spaces"] == 1 and "1 space(s) empty" in says


def test_refill_without_a_display_or_a_card_writes_nothing() -> None:
    params = {"display": "fila", "taken": "presa"}
    assert refill(params, {"presa": "B"}, _ctx())[0] == {}
    assert refill(params, {"fila": ["A"], "presa": None}, _ctx())[0] == {}
    with pytest.raises(ProcedureError, match="Z is not in fila"):
        refill(params, {"fila": ["A"], "presa": "Z"}, _ctx())


@pytest.mark.parametrize(
    ("example_id", "checked"),
    [
        ("esempio-reclutare-paul-rivet", {"carte_scartate", "reclutata"}),
        ("esempio-pianificare-v-mann", {"acquisita", "destinazione"}),
    ],
)
def test_liberation_purchase_examples_replay(example_id: str, checked: set[str]) -> None:
    game = living_game("liberation")
    example = next(x for x in game.examples if x.id == example_id)
    result = replay(game, example)
    assert result.status == "match"
    assert {c.key for c in result.checks} == checked
