"""Kind barricades, with Liberation's scenario 5: BARRICATE and the BLINDATI column's OFFENSIVA."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.lib_bc_barricades import advance, blocked, erect
from compiler.procedures.replay import replay
from tests.conftest import living_game

ERECT = {"pieces": 5, "same": 3, "between": "tra {a} e {b}", "abilities": "abilita"}
BLOCKED = {"as": "bloccati", "possible_as": "possibile"}
ADVANCE = {"cards": "carte", "card": "OFFENSIVA", "max_cards": 2, "toward": "verso {to}"}
EDGES = [["A", "B"], ["B", "C"], ["A", "D"], ["A", "E"]]


def ctx() -> Context:
    return Context(living_game("liberation"), Dice())


def test_a_barricade_closes_a_path_next_to_the_pawn() -> None:
    state = {"percorso": ["Montmartre", "La Villette"], "posizione_pedina": "Montmartre"}
    state["abilita"] = ["radio", "radio", "spia", "radio"]
    values, says = erect(ERECT, state, ctx())
    assert values == {
        "barricata": "tra Montmartre e La Villette",
        "barricate": [["Montmartre", "La Villette"]],
        "barricate_disponibili": 4,
    }
    assert says.startswith("3 x radio")


def test_with_none_left_a_placed_barricade_is_moved() -> None:
    placed = [["A", "B"], ["B", "C"], ["C", "D"], ["D", "E"], ["E", "F"]]
    state = {"percorso": ["F", "G"], "barricate": placed, "spostata_da": ["B", "A"]}
    values, says = erect(ERECT, state, ctx())
    assert ["A", "B"] not in values["barricate"] and ["F", "G"] in values["barricate"]
    assert values["barricate_disponibili"] == 0 and "moved from B - A" in says
    with pytest.raises(ProcedureError, match="no barricade between X and Y"):
        erect(ERECT, {**state, "spostata_da": ["X", "Y"]}, ctx())
    with pytest.raises(ProcedureError, match="needs spostata_da"):
        erect(ERECT, {"percorso": ["F", "G"], "barricate": placed}, ctx())


def test_what_the_rules_forbid_when_erecting_is_an_error() -> None:
    path = {"percorso": ["A", "B"]}
    with pytest.raises(ProcedureError, match="not next to the path"):
        erect(ERECT, {**path, "posizione_pedina": "C"}, ctx())
    with pytest.raises(ProcedureError, match="3 times; at most 2"):
        erect(ERECT, {**path, "abilita": ["radio", "radio", "spia"]}, ctx())
    with pytest.raises(ProcedureError, match="closed already"):
        erect(ERECT, {**path, "barricate": [["B", "A"]]}, ctx())
    with pytest.raises(ProcedureError, match="no path between A and C"):
        erect(ERECT, {"percorso": ["A", "C"], "edges": EDGES}, ctx())
    with pytest.raises(ProcedureError, match="two different"):
        erect(ERECT, {"percorso": ["A", "a"]}, ctx())


def test_a_column_shut_in_on_every_path_has_no_offensive() -> None:
    assert blocked(BLOCKED, {"percorsi": 3, "percorsi_con_barricata": 3}, ctx())[0] == {
        "bloccati": 3,
        "possibile": False,
    }
    assert blocked(BLOCKED, {"percorsi": 3, "percorsi_con_barricata": 1}, ctx())[0]["possibile"]
    board = {"edges": EDGES, "posizione_blindato": "A", "barricate": [["A", "B"], ["D", "A"]]}
    assert blocked(BLOCKED, board, ctx())[0] == {"bloccati": 2, "possibile": True}
    board["barricate"].append(["A", "E"])
    assert blocked(BLOCKED, board, ctx())[0] == {"bloccati": 3, "possibile": False}
    with pytest.raises(ProcedureError, match="4 barricaded paths out of 3"):
        blocked(BLOCKED, {"percorsi": 3, "percorsi_con_barricata": 4}, ctx())


def test_the_column_moves_a_space_a_card_on_open_paths() -> None:
    state = {"carte": 1, "tragitto": ["Châtelet"], "barricate_verso": ["Montmartre"]}
    values, says = advance(ADVANCE, state, ctx())
    assert values == {
        "caselle": 1,
        "direzione": "verso Châtelet",
        "posizione_blindato": "Châtelet",
        "verso_bloccati": ["Montmartre"],
    }
    assert says == "1 OFFENSIVA card(s): verso Châtelet, 1 space(s), to Châtelet"
    board = {"carte": 2, "tragitto": ["B", "C"], "posizione_blindato": "A", "edges": EDGES}
    values, _ = advance(ADVANCE, {**board, "barricate": [["D", "A"]]}, ctx())
    assert values["posizione_blindato"] == "C" and values["verso_bloccati"] == ["D"]


def test_a_barricade_a_missing_path_or_a_wrong_count_stops_the_column() -> None:
    state = {"carte": 1, "tragitto": ["Montmartre"], "barricate_verso": ["Montmartre"]}
    with pytest.raises(ProcedureError, match="BARRICATA closes the way from the column"):
        advance(ADVANCE, state, ctx())
    board = {"carte": 2, "tragitto": ["B", "C"], "posizione_blindato": "A", "edges": EDGES}
    with pytest.raises(ProcedureError, match="closes the way B to C"):
        advance(ADVANCE, {**board, "barricate": [["C", "B"]]}, ctx())
    with pytest.raises(ProcedureError, match="no path from B to D"):
        advance(ADVANCE, {**board, "tragitto": ["B", "D"]}, ctx())
    with pytest.raises(ProcedureError, match="1 to 2 OFFENSIVA"):
        advance(ADVANCE, {**board, "carte": 3}, ctx())
    with pytest.raises(ProcedureError, match="2 LUOGHI given"):
        advance(ADVANCE, {**board, "carte": 1}, ctx())


@pytest.mark.parametrize(
    "example",
    [
        "scenario-5-esempio-barricata",
        "scenario-5-esempio-percorsi-bloccati",
        "scenario-5-esempio-offensiva",
        "scenario-5-esempio-carta-offensiva",
    ],
)
def test_the_book_s_examples_replay(example: str) -> None:
    game = living_game("liberation")
    result = replay(game, next(e for e in game.examples if e.id == example))
    assert result.status == "match", result.reason or result.checks


def test_each_step_does_nothing_without_its_own_input() -> None:
    assert erect(ERECT, {}, ctx()) == ({}, "no percorso given: no barricade erected")
    assert blocked(BLOCKED, {}, ctx())[0] == {}
    with pytest.raises(ProcedureError, match="or the board as edges"):
        blocked(BLOCKED, {"posizione_blindato": "A"}, ctx())
