"""Kind pawn-placement: pawns for cards discarded, on one card, within its icons."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.lib_pawn_placement import place
from compiler.procedures.replay import replay
from tests.conftest import living_game

WEHRMACHT = {"cards": "carte", "target": "luogo", "already": "gia", "limit": "icone"}


def _ctx() -> Context:
    return Context(SimpleNamespace(), Dice())  # type: ignore[arg-type]


def test_one_pawn_per_card_on_the_card_named() -> None:
    values, says = place(WEHRMACHT, {"carte": 2, "luogo": "Montmartre", "icone": 3}, _ctx())
    assert values == {"placed": 2, "target": "Montmartre", "on_card": 2}
    assert "of at most 3" in says
    double = place({**WEHRMACHT, "per_card": 2}, {"carte": 1, "luogo": "X", "icone": 2}, _ctx())
    assert double[0]["placed"] == 2


def test_pawns_already_there_count_toward_the_limit() -> None:
    state = {"carte": 1, "luogo": "X", "gia": 1, "icone": 2}
    assert place(WEHRMACHT, state, _ctx())[0]["on_card"] == 2
    with pytest.raises(ProcedureError, match=r"X holds at most 2 pawn.*would make 3"):
        place(WEHRMACHT, {**state, "carte": 2}, _ctx())


def test_without_the_limit_the_card_must_hold_at_least_the_total() -> None:
    values, says = place(WEHRMACHT, {"carte": 2, "luogo": "X", "gia": 1}, _ctx())
    assert values["limit_at_least"] == 3 and "at least 3" in says


def test_place_errors_name_what_is_missing() -> None:
    with pytest.raises(ProcedureError, match="needs luogo"):
        place(WEHRMACHT, {"carte": 1}, _ctx())
    with pytest.raises(ProcedureError, match="one or more cards"):
        place(WEHRMACHT, {"carte": 0, "luogo": "X"}, _ctx())
    with pytest.raises(ProcedureError, match="needs carta_luogo"):
        place({**WEHRMACHT, "requires": ["carta_luogo"]}, {"carte": 1, "luogo": "X"}, _ctx())


def test_liberation_wehrmacht_example_replays() -> None:
    game = living_game("liberation")
    example = next(x for x in game.examples if x.id == "esempio-wehrmacht-montmartre")
    result = replay(game, example)
    assert result.status == "match" and not result.unchecked
    assert result.steps[0].values["icone_abilita_missione_almeno"] == 2
