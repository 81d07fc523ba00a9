"""Kind medal-condition, with Liberation's medal cards "Rapporto BRCA" and "Su tutti i fronti"."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.lib_bc_medals import each_type_at_least, total_at_least
from compiler.procedures.replay import replay
from tests.conftest import living_game, run_casebook

BRCA = {"min": 3, "types": ["radio", "messaggi", "propaganda", "documenti_falsi"]}
FRONTS = {"min": 16, "icons": "per_carta"}


def ctx() -> Context:
    return Context(living_game("liberation"), Dice())


def test_every_type_at_least_three_meets_the_card() -> None:
    icons = {"radio": 4, "messaggi": 3, "propaganda": 3, "documenti_falsi": 3}
    values, says = each_type_at_least(BRCA, {"icone": icons}, ctx())
    assert values == {"condizione_soddisfatta": True, "tipi_mancanti": [], "totale": 13}
    assert says.endswith("met")


def test_one_type_short_or_missing_fails_the_card() -> None:
    icons = {"radio": 9, "messaggi": 3, "propaganda": 2}
    values, says = each_type_at_least(BRCA, {"icone": icons}, ctx())
    assert values["condizione_soddisfatta"] is False
    assert values["tipi_mancanti"] == ["propaganda", "documenti_falsi"]
    assert "short: propaganda, documenti_falsi" in says


def test_an_unknown_type_or_a_bare_number_is_an_error() -> None:
    with pytest.raises(ProcedureError, match="spionaggio: not a type"):
        each_type_at_least(BRCA, {"icone": {"spionaggio": 3}}, ctx())
    with pytest.raises(ProcedureError, match="a count for each type"):
        each_type_at_least(BRCA, {"icone": 12}, ctx())
    with pytest.raises(ProcedureError, match="needs icone"):
        each_type_at_least(BRCA, {}, ctx())


def test_the_total_reaches_the_least_as_the_card_prints_it() -> None:
    values, _ = total_at_least(FRONTS, {"per_carta": [4, 4, 4, 4]}, ctx())
    assert values == {"condizione_soddisfatta": True, "totale": 16, "somma": "4 + 4 + 4 + 4 = 16"}
    short = total_at_least(FRONTS, {"per_carta": {"M031": 4, "M032": 3}}, ctx())[0]
    assert short["condizione_soddisfatta"] is False and short["totale"] == 7
    with pytest.raises(ProcedureError, match="cannot be negative"):
        total_at_least(FRONTS, {"per_carta": [4, -1]}, ctx())


@pytest.mark.parametrize(
    "example", ["medaglia-rapporto-brca-esempio", "medaglia-su-tutti-i-fronti-esempio"]
)
def test_the_book_s_examples_replay(example: str) -> None:
    game = living_game("liberation")
    result = replay(game, next(e for e in game.examples if e.id == example))
    assert result.status == "match", result.reason or result.checks


@pytest.mark.parametrize("given", ["true", "-1", "1.5"])
def test_icons_given_as_one_value_are_refused_in_words(given: str) -> None:
    """Found by a probe: "TypeError: 'bool' object is not iterable", blamed on the step."""
    result = run_casebook(
        "resolve", "liberation", "medaglie-unificazione-della-resistenza",
        f"icone_per_carta_missione={given}",
    )  # fmt: skip
    assert result.returncode == 2
    assert "icone_per_carta_missione is the icons of each card, a list such as" in result.stderr
    assert "Error" not in result.stderr
