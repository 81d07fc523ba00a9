"""Kind interrogation, with Liberation's GESTAPO, INTERROGATORIO and CONFESSIONI (scenario 3)."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.lib_bc_interrogation import confess, interrogate, place_prisoner
from compiler.procedures.replay import replay
from tests.conftest import living_game

ROWS = {
    "rows": [{"riga": "riga superiore", "quadrati": 3}, {"riga": "seconda riga", "quadrati": 2}]
}
ASK = {"cards": "gestapo", "card": "GESTAPO", "done": "subiti", "dice_as": "dadi"}
FACES = {
    "die_faces": ["CONFESSIONI", "NON SUCCEDE NULLA", "EROISMO"],
    "aliases": {"CONFESIONI": "CONFESSIONI"},
    "confession": "CONFESSIONI",
    "cancels": {"EROISMO": "CONFESSIONI"},
    "prison": "prigione",
    "deck": "mazzo",
    "hand": "mano",
    "handed_icons": "icone_consegnata",
}


def ctx() -> Context:
    return Context(living_game("liberation"), Dice())


def test_a_prisoner_goes_on_the_row_of_as_many_squares_as_icons() -> None:
    values, says = place_prisoner(ROWS, {"icone_abilita": 2}, ctx())
    assert values == {"riga": "seconda riga", "quadrati": 2}
    assert "seconda riga" in says
    assert place_prisoner(ROWS, {"icone_abilita": 3}, ctx())[0]["riga"] == "riga superiore"


def test_no_row_no_free_space_or_no_icons_is_an_error() -> None:
    with pytest.raises(ProcedureError, match="no row of 1 square"):
        place_prisoner(ROWS, {"icone_abilita": 1}, ctx())
    with pytest.raises(ProcedureError, match="no free space"):
        place_prisoner(ROWS, {"icone_abilita": 2, "spazi_liberi": {"seconda riga": 0}}, ctx())
    with pytest.raises(ProcedureError, match="is 0"):
        place_prisoner(ROWS, {"icone_abilita": 0}, ctx())
    with pytest.raises(ProcedureError, match="needs icone_abilita"):
        place_prisoner(ROWS, {}, ctx())


def test_one_die_per_card_up_to_the_icons() -> None:
    values, _ = interrogate(ASK, {"gestapo": 2, "icone_abilita": 2}, ctx())
    assert values == {"dadi": 2, "massimo": 2, "carte_aggiuntive_possibili": 0}
    values, _ = interrogate(ASK, {"gestapo": 1, "icone_abilita": 3, "subiti": 2}, ctx())
    assert values["carte_aggiuntive_possibili"] == 2


def test_too_many_cards_none_or_no_interrogation_left_is_an_error() -> None:
    with pytest.raises(ProcedureError, match="at most 2 dice"):
        interrogate(ASK, {"gestapo": 3, "icone_abilita": 2}, ctx())
    with pytest.raises(ProcedureError, match="at least one GESTAPO"):
        interrogate(ASK, {"gestapo": 0, "icone_abilita": 2}, ctx())
    with pytest.raises(ProcedureError, match="2 of 2 interrogations"):
        interrogate(ASK, {"gestapo": 1, "icone_abilita": 2, "subiti": 2}, ctx())


def test_each_confession_hands_over_a_card_and_marks_red() -> None:
    values, _ = confess(FACES, {"facce": ["CONFESIONI"]}, ctx())
    assert values["confessioni"] == 1 and values["carte_consegnate"] == 1
    assert values["segnalino_bersaglio"] == "rosso" and values["fuga"] is False
    none, _ = confess(FACES, {"facce": ["CONFESSIONI"], "carta_corrispondente": False}, ctx())
    assert none["carte_consegnate"] == 0 and none["arresti_arbitrari"] == 1


def test_heroism_cancels_a_confession_and_a_spare_one_flees() -> None:
    both, _ = confess(FACES, {"facce": ["CONFESSIONI", "EROISMO"]}, ctx())
    assert both["confessioni"] == 0 and both["segnalino_bersaglio"] == "blu" and not both["fuga"]
    fled, says = confess(FACES, {"facce": ["EROISMO", "NON SUCCEDE NULLA"]}, ctx())
    assert fled["fuga"] is True and fled["destino"] == "mano" and "flees" in says


def test_a_covered_card_goes_to_prison_if_a_marker_is_red_else_to_the_deck() -> None:
    red = {"facce": ["NON SUCCEDE NULLA"], "icone_abilita": 2, "segnalini_sulla_carta": ["rosso"]}
    assert confess(FACES, red, ctx())[0]["destino"] == "prigione"
    blue = {**red, "segnalini_sulla_carta": ["blu"]}
    assert confess(FACES, blue, ctx())[0]["destino"] == "mazzo"
    open_card = {**red, "segnalini_sulla_carta": []}
    assert "destino" not in confess(FACES, open_card, ctx())[0]


def test_wrong_faces_a_full_card_or_a_weaker_card_are_errors() -> None:
    with pytest.raises(ProcedureError, match="not a face"):
        confess(FACES, {"facce": ["ARRESTO"]}, ctx())
    with pytest.raises(ProcedureError, match="lists the faces"):
        confess(FACES, {"facce": "CONFESSIONI"}, ctx())
    full = {"facce": ["EROISMO", "CONFESSIONI"], "icone_abilita": 1}
    with pytest.raises(ProcedureError, match="all covered already"):
        confess(FACES, {**full, "segnalini_sulla_carta": ["blu"]}, ctx())
    weaker = {"facce": ["CONFESSIONI"], "icone_abilita": 2, "icone_consegnata": 1}
    with pytest.raises(ProcedureError, match="fewer icons"):
        confess(FACES, weaker, ctx())


@pytest.mark.parametrize(
    "example",
    [
        "scenario-3-esempio-gestapo",
        "scenario-3-esempio-interrogatorio",
        "scenario-3-esempio-confesioni",
    ],
)
def test_the_book_s_examples_replay(example: str) -> None:
    game = living_game("liberation")
    result = replay(game, next(e for e in game.examples if e.id == example))
    assert result.status == "match", result.reason or result.checks
