"""Kind table-sum: item values read from a table, added up, within the rule's limits."""

from __future__ import annotations

import pytest

from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.replay import replay
from compiler.procedures.table_sum import sum_items
from tests.conftest import living_game

ZONE = {"table": "german-items", "match": ["description", "keyword"], "value": "value"}
KEYWORDS = {
    "table": "german-items",
    "items": "keywords",
    "match": ["keyword"],
    "value": "value",
    "min_items": 1,
    "max_items": 3,
    "group_by": "description",
    "at_most": {"train": 1, "Infantry squad": 1},
}


def _ctx() -> Context:
    return Context(living_game("plan-vert"), Dice())


def test_values_come_from_the_table_by_description_or_its_first_words() -> None:
    params = {**ZONE, "items": "zone_items", "as": "zone_value"}
    values, says = sum_items(params, {"zone_items": ["VIP train", "Infantry squad"]}, _ctx())
    assert values == {
        "item_values": {"VIP train": 6, "Infantry squad": 3},
        "sum": "6+3",
        "zone_value": 9,
    }
    assert says.endswith("6+3=9")


def test_keywords_match_whatever_their_case() -> None:
    values, _ = sum_items(KEYWORDS, {"keywords": ["vip", "GENDARME"]}, _ctx())
    assert values["total"] == 7 and values["sum"] == "6+1"


def test_the_same_item_twice_counts_twice() -> None:
    values, _ = sum_items(KEYWORDS, {"keywords": ["Gendarme", "Gendarme", "Squad"]}, _ctx())
    assert values["total"] == 5


def test_an_empty_zone_is_worth_nothing_when_the_rule_allows_it() -> None:
    params = {**ZONE, "items": "zone_items", "max_items": 2}
    values, _ = sum_items(params, {"zone_items": []}, _ctx())
    assert values["total"] == 0 and values["sum"] == "0"


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ([], "at least 1 item"),
        (["VIP", "Gendarme", "Gendarme", "Gendarme"], "at most 3 item"),
        (["VIP", "Goods"], "at most 1 train allowed; 2 given"),
        (["Panzer"], "no item 'Panzer'"),
    ],
)
def test_the_rules_limits_and_unknown_items_are_refused(keywords, message) -> None:
    with pytest.raises(ProcedureError, match=message):
        sum_items(KEYWORDS, {"keywords": keywords}, _ctx())


def test_a_name_that_fits_several_rows_is_not_guessed() -> None:
    params = {**ZONE, "items": "zone_items", "match": ["quantity"]}
    with pytest.raises(ProcedureError, match="could be any of Passenger train, VIP train"):
        sum_items(params, {"zone_items": ["1"]}, _ctx())


def test_missing_items_tables_and_columns_are_named() -> None:
    with pytest.raises(ProcedureError, match="needs keywords"):
        sum_items(KEYWORDS, {}, _ctx())
    with pytest.raises(ProcedureError, match="no table 'tanks'"):
        sum_items({**KEYWORDS, "table": "tanks"}, {"keywords": ["VIP"]}, _ctx())
    with pytest.raises(ProcedureError, match="no column 'points'"):
        sum_items({**KEYWORDS, "value": "points"}, {"keywords": ["VIP"]}, _ctx())


@pytest.mark.parametrize("example", ["zone-value-vip-squad", "zone-value-vip-gendarme"])
def test_the_printed_zone_values_replay(example) -> None:
    game = living_game("plan-vert")
    result = replay(game, next(x for x in game.examples if x.id == example))
    assert result.status == "match" and not result.unchecked
