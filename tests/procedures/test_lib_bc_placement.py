"""Kind place-pieces, with Liberation's U-BOAT attack, ESAZIONE, MILIZIA and BARRICATA removal."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.lib_bc_placement import place, remove
from compiler.procedures.replay import replay
from tests.conftest import living_game

U_BOAT = {
    "cards": "carte",
    "card": "U-BOAT",
    "count": 1,
    "piece": "segnalino bersaglio rosso",
    "as": "posizionati",
    "where": {"key": "carta_luogo", "as": "casella"},
    "replaces": {"key": "blu", "then": "rimuovere le carte MISSIONE", "then_as": "missioni"},
    "requires": {"missioni_nel_luogo": {"min": 1, "why": "neutralizzato"}},
    "supply": "rossi",
}
MILIZIA = {
    "cards": "carte",
    "card": "MILIZIA",
    "as": "pedine",
    "where": {"key": "zona", "on": "sulla carta MISSIONE", "otherwise": "sulla carta RESISTENZA"},
}
ESAZIONE = {"cards": "carte", "max_cards": 2, "as": "segnalini"}
ESAZIONE |= {"spaces": {"chosen": "scelti", "allowed": "ammessi", "as": "monumenti"}}
ESAZIONE["spaces"] |= {"per_space_as": "per_monumento"}
WEHRMACHT = {"cards": "carte", "card": "WEHRMACHT", "cost": 3, "as": "rimosse"}
WEHRMACHT |= {"on_board": "sul_tabellone", "piece": "BARRICATA"}


def ctx() -> Context:
    return Context(living_game("liberation"), Dice())


def test_an_attack_places_one_marker_whatever_the_cards() -> None:
    values, says = place(U_BOAT, {"carte": 3, "carta_luogo": "Brest"}, ctx())
    assert values == {"posizionati": 1, "casella": "Brest"}
    assert says == "3 U-BOAT card(s) discarded: 1 segnalino bersaglio rosso Brest"


def test_the_last_blue_marker_replaced_removes_the_missions() -> None:
    state = {"carte": 1, "carta_luogo": "Brest", "blu": 1, "rossi": 4}
    values, says = place(U_BOAT, state, ctx())
    assert values["blu"] == 0 and values["rossi"] == 3
    assert values["missioni"] == "rimuovere le carte MISSIONE"
    assert "none left to replace" in says
    assert "missioni" not in place(U_BOAT, {**state, "blu": 2}, ctx())[0]


def test_what_the_rules_forbid_is_an_error() -> None:
    with pytest.raises(ProcedureError, match="neutralizzato"):
        place(U_BOAT, {"carte": 1, "carta_luogo": "Brest", "missioni_nel_luogo": 0}, ctx())
    with pytest.raises(ProcedureError, match="at least 1 U-BOAT"):
        place(U_BOAT, {"carte": 0, "carta_luogo": "Brest"}, ctx())
    with pytest.raises(ProcedureError, match="needs carta_luogo"):
        place(U_BOAT, {"carte": 1}, ctx())
    with pytest.raises(ProcedureError, match="0 piece left to replace"):
        place(U_BOAT, {"carte": 1, "carta_luogo": "Brest", "blu": 0}, ctx())
    with pytest.raises(ProcedureError, match="only 0"):
        place(U_BOAT, {"carte": 1, "carta_luogo": "Brest", "rossi": 0}, ctx())


def test_the_place_follows_whether_a_luogo_card_is_played() -> None:
    assert place(MILIZIA, {"carte": 2, "zona": "Nord"}, ctx())[0] == {
        "pedine": 2,
        "dove": "sulla carta MISSIONE",
    }
    assert place(MILIZIA, {"carte": 2}, ctx())[0]["dove"] == "sulla carta RESISTENZA"


def test_markers_go_one_each_on_allowed_spaces() -> None:
    state = {"carte": 2, "scelti": ["Opéra", "Sacré-Cœur"], "ammessi": ["Opéra", "Sacré-Cœur"]}
    values, _ = place(ESAZIONE, state, ctx())
    assert values["segnalini"] == 2
    assert values["per_monumento"] == {"Opéra": 1, "Sacré-Cœur": 1}
    same = place(ESAZIONE, {"carte": 2, "scelti": ["Opéra", "Opéra"]}, ctx())[0]
    assert same["per_monumento"] == {"Opéra": 2}
    with pytest.raises(ProcedureError, match="not among ammessi"):
        place(ESAZIONE, {**state, "ammessi": ["Opéra"]}, ctx())
    with pytest.raises(ProcedureError, match="2 piece"):
        place(ESAZIONE, {**state, "scelti": ["Opéra"]}, ctx())
    with pytest.raises(ProcedureError, match="at most 2"):
        place(ESAZIONE, {**state, "carte": 3}, ctx())


def test_a_count_from_another_key_or_none_at_all() -> None:
    assert place({"by": "punti", "per_card": 2}, {"punti": 3}, ctx())[0] == {"pezzi": 6}
    with pytest.raises(ProcedureError, match="cards, by or count"):
        place({}, {}, ctx())


def test_a_barricade_costs_exactly_three_wehrmacht_cards() -> None:
    values, says = remove(WEHRMACHT, {"carte": 3, "sul_tabellone": 2}, ctx())
    assert values == {"rimosse": 1, "sul_tabellone": 1}
    assert says == "3 WEHRMACHT card(s) discarded: 1 BARRICATA removed"
    with pytest.raises(ProcedureError, match="takes 3 WEHRMACHT"):
        remove(WEHRMACHT, {"carte": 2}, ctx())
    with pytest.raises(ProcedureError, match="no BARRICATA"):
        remove(WEHRMACHT, {"carte": 3, "sul_tabellone": 0}, ctx())


@pytest.mark.parametrize(
    "example",
    [
        "scenario-2-esempio-u-boat",
        "scenario-4-esempio-completare-missione",
        "scenario-4-esempio-esazione",
        "scenario-4-esempio-milizia-missione",
        "scenario-4-esempio-milizia-resistenza",
        "scenario-5-esempio-esazione",
        "scenario-5-esempio-distruggere-barricata",
    ],
)
def test_the_book_s_examples_replay(example: str) -> None:
    game = living_game("liberation")
    result = replay(game, next(e for e in game.examples if e.id == example))
    assert result.status == "match", result.reason or result.checks
