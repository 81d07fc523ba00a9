"""Kind extra-actions, with Liberation's OBERFÜHRER card (scenario 2)."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.lib_bc_extra_actions import available, play
from compiler.procedures.replay import replay
from tests.conftest import living_game

CARD = {
    "actions": 2,
    "chosen": "azioni",
    "name_as": "tipo",
    "effects": {"PIANIFICARE": {"carte": 1}, "RAID": {}, "U-BOAT": {"segnalini_bersaglio": 1}},
}


def ctx() -> Context:
    return Context(living_game("liberation"), Dice())


def test_two_actions_each_with_what_its_rule_fixes() -> None:
    chosen = [{"azione": "U-BOAT", "luogo": "Brest"}, {"azione": "pianificare", "carta": "X"}]
    values, says = play(CARD, {"azioni": chosen}, ctx())
    assert values == {
        "azioni_compiute": 2,
        "azione_1_tipo": "U-BOAT",
        "azione_1_luogo": "Brest",
        "azione_1_segnalini_bersaglio": 1,
        "azione_2_tipo": "pianificare",
        "azione_2_carta": "X",
        "azione_2_carte": 1,
    }
    assert says.startswith("2 of 2 action(s): U-BOAT (segnalini_bersaglio 1)")


def test_fewer_actions_and_plain_names_are_allowed() -> None:
    values, _ = play(CARD, {"azioni": "RAID"}, ctx())
    assert values == {"azioni_compiute": 1, "azione_1_tipo": "RAID"}


def test_more_actions_an_unknown_one_or_a_contradiction_are_errors() -> None:
    with pytest.raises(ProcedureError, match="gives 2 action"):
        play(CARD, {"azioni": ["RAID", "RAID", "RAID"]}, ctx())
    with pytest.raises(ProcedureError, match="not an action"):
        play(CARD, {"azioni": ["GESTAPO"]}, ctx())
    with pytest.raises(ProcedureError, match="segnalini_bersaglio is 1 by its rule"):
        play(CARD, {"azioni": [{"azione": "U-BOAT", "segnalini_bersaglio": 2}]}, ctx())
    with pytest.raises(ProcedureError, match="needs its azione"):
        play(CARD, {"azioni": [{"luogo": "Brest"}]}, ctx())
    with pytest.raises(ProcedureError, match="needs azioni"):
        play(CARD, {}, ctx())


def test_the_card_is_available_once_the_raid_pile_is_gone() -> None:
    params = {"pile": "raid", "pile_name": "RAID"}
    assert available(params, {"raid": 0}, ctx())[0] == {"disponibile": True}
    values, says = available(params, {"raid": 2}, ctx())
    assert values == {"disponibile": False} and "2 RAID card(s)" in says
    with pytest.raises(ProcedureError, match="needs raid"):
        available(params, {}, ctx())


def test_the_book_s_example_replays() -> None:
    game = living_game("liberation")
    example = next(e for e in game.examples if e.id == "scenario-2-esempio-oberfuhrer")
    assert replay(game, example).status == "match"
