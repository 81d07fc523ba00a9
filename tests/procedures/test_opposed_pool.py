"""Kind opposed-pool, with Set Europe Ablaze's Action Resolution Procedure (8.6)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from compiler.procedures import opposed_pool as op
from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.replay import replay
from compiler.procedures.resolve import find_procedure, resolve
from tests.conftest import living_game, run_casebook

GAME = "set-europe-ablaze"


def ctx(*dice: int) -> Context:
    return Context(living_game(GAME), Dice(list(dice)))


def params(name: str) -> dict[str, Any]:
    """The bound params of the 8.6 step whose operation is ``name``."""
    proc = find_procedure(living_game(GAME), "8.6")
    step = next(s for s in proc.steps if s.op == name)
    return {**proc.params, **step.params}


SABOTAGE = {
    "action": "Sabotage",
    "active_player": "Maquis",
    "maquis": {"maquis_sp": 2, "networks": 3, "jed_teams": 1, "weapons_caches": 1},
    "german": {"security_units": 2, "detachments": 1},
    "political_advantage": "German",
    "maquis_morale": 1,
}


# --- dice amounts --------------------------------------------------------------


@pytest.mark.parametrize(
    ("printed", "value"),
    [(1, 1), (0.5, Fraction(1, 2)), ("½", Fraction(1, 2)), ("1½", Fraction(3, 2)),
     ("1/2", Fraction(1, 2)), ("Basic", 1), (-1, -1)],
)  # fmt: skip
def test_dice_amounts_read_as_the_book_prints_them(printed, value) -> None:
    assert op.amount(printed) == value


def test_a_word_is_not_a_dice_amount() -> None:
    with pytest.raises(ProcedureError, match="not a number of dice"):
        op.amount("lots")
    assert op.fraction_text(Fraction(3, 2)) == "1½" and op.fraction_text(Fraction(1, 2)) == "½"


# --- 8.6.3: counting the pools ---------------------------------------------------


def test_half_dice_are_rounded_up_per_asset_as_8_6_3b_shows() -> None:
    # 8.6.3b: "3 active Networks ... provides 1½ dice by the table, ... rounded up to 2 dice"
    state = {
        **SABOTAGE,
        "political_advantage": "Neutral",
        "maquis": {"networks": 3, "jed_teams": 1},
        "maquis_assets": [
            {"asset": "Active Networks", "per_unit": 0.5, "units": "maquis.networks"},
            {"asset": "Jed. Team", "per_unit": 0.5, "units": "maquis.jed_teams"},
        ],
        "german_assets": [],
    }
    values, says = op.count_pools(params("count-pools"), state, ctx())
    # each asset rounds on its own: 2 + 1, not round(1½ + ½) = 2
    assert values["maquis_dice_by_asset"] == {"Active Networks": 2, "Jed. Team": 1}
    assert values["maquis_dice"] == 3 and values["german_dice"] == 0
    assert "1½ rounded up to 2 [Active Networks]" in says


def test_the_dice_the_rules_give_are_counted_from_the_situation() -> None:
    state = {
        **SABOTAGE,
        "maquis_assets": [{"asset": "Maquis SP level", "per_unit": "Basic", "units": 2}],
        "german_assets": [{"asset": "Detachment", "per_unit": 2, "units": "german.detachments"}],
    }
    values, _ = op.count_pools(params("count-pools"), state, ctx())
    # 6.4.3 the Weapons Cache; 5.4.2 Political Advantage goes to its holder only
    assert values["maquis_dice_by_asset"] == {"Maquis SP level": 2, "Weapons Cache expended": 1}
    assert values["german_dice_by_asset"] == {"Detachment": 2, "Political Advantage": 1}
    withheld = op.count_pools(params("count-pools"), {**state, "weapons_caches_withheld": 1}, ctx())
    assert "Weapons Cache expended" not in withheld[0]["maquis_dice_by_asset"]


def test_security_units_give_one_die_in_counterintelligence_only() -> None:
    state = {
        **SABOTAGE,
        "active_player": "German",
        "political_advantage": "Neutral",
        "german": {"security_units": 3, "detachments": 1},
        "maquis_assets": [],
        "german_assets": [{"asset": "Detachments", "per_unit": 2, "units": "german.detachments"}],
    }
    counter = op.count_pools(
        params("count-pools"), {**state, "declared": "Counterintelligence Operations"}, ctx()
    )[0]
    assert counter["german_dice_by_asset"] == {"Detachments": 2, "Security units are present": 1}
    sweep = op.count_pools(params("count-pools"), {**state, "declared": "Propaganda"}, ctx())[0]
    assert sweep["german_dice_by_asset"] == {"Detachments": 2}


def test_negative_morale_costs_a_die_and_a_pool_never_goes_below_zero() -> None:
    state = {
        **SABOTAGE,
        "maquis": {},
        "maquis_morale": -1,
        "maquis_assets": [],
        "german_assets": [],
    }
    values, says = op.count_pools(params("count-pools"), state, ctx())
    assert values["maquis_dice_by_asset"] == {"Maquis Morale negative": -1}
    assert values["maquis_dice"] == 0
    assert "-1 [Maquis Morale negative]" in says


def test_counting_needs_each_sides_table_entries_and_their_units() -> None:
    with pytest.raises(ProcedureError, match="needs maquis_assets"):
        op.count_pools(params("count-pools"), {**SABOTAGE, "german_assets": []}, ctx())
    missing = {
        **SABOTAGE,
        "maquis_assets": [{"asset": "Heroes", "per_unit": 1, "units": "maquis.heroes"}],
        "german_assets": [],
    }
    with pytest.raises(ProcedureError, match=r"needs maquis\.heroes"):
        op.count_pools(params("count-pools"), missing, ctx())
    with pytest.raises(ProcedureError, match="neither Maquis nor German"):
        op.count_pools(params("count-pools"), {**SABOTAGE, "active_player": "Vichy"}, ctx())


# --- 8.6.1 and 8.6.2 -------------------------------------------------------------


def test_declaring_names_the_action_as_the_rules_do_and_costs_one_ap() -> None:
    state = {**SABOTAGE, "active_player": "German", "german": {"detachments": 2}}
    values, _ = op.declare(params("declare"), {**state, "action": "Counter-Intelligence"}, ctx())
    assert values == {
        "declared": "Counterintelligence Operations",
        "action_ap_spent": 1,
        "opponent": "Maquis",
    }


def test_an_action_the_side_may_not_take_or_cannot_afford_is_refused() -> None:
    with pytest.raises(ProcedureError, match="Maquis only"):
        op.declare(params("declare"), {**SABOTAGE, "active_player": "German"}, ctx())
    no_sp = {**SABOTAGE, "maquis": {"maquis_sp": 0}}
    with pytest.raises(ProcedureError, match="lacks its Maquis SP level"):
        op.declare(params("declare"), no_sp, ctx())
    with pytest.raises(ProcedureError, match="costs 1 AP"):
        op.declare(params("declare"), {**SABOTAGE, "ap_available": 0}, ctx())
    with pytest.raises(ProcedureError, match="the Actions are: Sabotage"):
        op.declare(params("declare"), {**SABOTAGE, "action": "Ambush"}, ctx())


def test_the_defending_maquis_withholds_networks_at_one_ap_a_three() -> None:
    state = {**SABOTAGE, "active_player": "German", "maquis": {"networks": 4}}
    values, _ = op.withhold(params("withhold"), {**state, "networks_withheld": 4}, ctx())
    assert values["withholding_ap"] == 2  # 8.6.2a "each 3 (or part thereof)"
    assert values["withholding"] == "4 Networks (2 AP)"
    assert values["networks_eligible_to_withhold"] == 4


def test_networks_of_the_preceding_impulse_and_an_active_maquis_cannot_withhold() -> None:
    state = {
        **SABOTAGE,
        "active_player": "German",
        "maquis": {"networks": 2, "networks_participated_in_preceding_impulse": True},
    }
    values, _ = op.withhold(params("withhold"), state, ctx())
    assert values["networks_eligible_to_withhold"] == 0 and values["withholding"] == "none"
    with pytest.raises(ProcedureError, match="only 0 of 2 may be"):
        op.withhold(params("withhold"), {**state, "networks_withheld": 1}, ctx())
    with pytest.raises(ProcedureError, match="only the Maquis as defender"):
        op.withhold(params("withhold"), {**SABOTAGE, "networks_withheld": 1}, ctx())
    # 6.4.2: a Weapons Cache stays voluntary for the active Maquis
    kept = op.withhold(params("withhold"), {**SABOTAGE, "weapons_caches_withheld": 1}, ctx())[0]
    assert kept["withholding"] == "1 Weapons Caches"


# --- 8.6.4 to 8.6.7 --------------------------------------------------------------

POOLS = {**SABOTAGE, "maquis_dice": 3, "german_dice": 2}


def test_rolling_uses_printed_faces_or_the_dice_active_side_first() -> None:
    values, _ = op.roll_pools(params("roll-pools"), POOLS, ctx(6, 6, 1, 2, 3))
    assert values["maquis_rolls"] == [6, 6, 1] and values["maquis_total"] == 13
    assert values["german_rolls"] == [2, 3] and values["german_total"] == 5
    with pytest.raises(ProcedureError, match="lists 2 dice; the rule calls for 3"):
        op.roll_pools(params("roll-pools"), {**POOLS, "maquis_rolls": [1, 2]}, ctx())
    with pytest.raises(ProcedureError, match="give the dice"):
        op.roll_pools(params("roll-pools"), POOLS, ctx())


def test_a_total_equal_to_the_check_number_fails_and_ends_the_action() -> None:
    rolled = {**POOLS, "maquis_rolls": [1, 2, 2], "german_rolls": [1, 1], "maquis_total": 5}
    values, says = op.check_number(
        params("check-number"), {**rolled, "check_number_modifier": 0}, ctx()
    )
    assert values["check_number"] == 5 and values["meets_check_number"] is False
    assert values["result"] == "failed" and values["losses"] == 2  # 8.6.5b
    assert "does not; the Action fails" in says
    after = {**rolled, **values, "german_total": 2}
    assert op.compare_totals(params("compare-totals"), after, ctx())[0] == {}
    assert op.result_row(params("result-row"), after, ctx())[0] == {}
    with pytest.raises(ProcedureError, match="needs check_number_modifier"):
        op.check_number(params("check-number"), rolled, ctx())


def test_a_tie_with_the_opponent_fails_and_a_small_margin_backfires() -> None:
    tie = {**SABOTAGE, "maquis_total": 12, "german_total": 12}
    values, _ = op.compare_totals(params("compare-totals"), tie, ctx())
    assert values["exceeds_opponent_total"] is False and values["losses"] == 2  # 8.6.6a
    close = {**tie, "maquis_total": 14, "backfire_value": 2}
    values, _ = op.backfire(params("backfire"), close, ctx())
    assert values["differential"] == 2 and values["result"] == "backfired"
    assert values["losses"] == 1  # 8.6.7a
    with pytest.raises(ProcedureError, match="needs backfire_value"):
        op.backfire(params("backfire"), tie, ctx())


# --- 8.6.8 and 8.6.9 -------------------------------------------------------------

TABLE = [
    {"differential": "3-5", "dp_caused": 1},
    {"differential": "6–8", "dp_caused": 2, "if": {8: {"networks_captured": 1}}},
]


def test_the_row_covering_the_differential_and_its_exact_collateral() -> None:
    state = {"success": True, "result_table": TABLE}
    assert op.result_row({}, {**state, "differential": 7}, ctx())[0]["effects"] == {"dp_caused": 2}
    exact = op.result_row({}, {**state, "differential": 8}, ctx())[0]
    assert exact["effects"] == {"dp_caused": 2, "networks_captured": 1}  # 8.6.8c
    above = op.result_row({}, {**state, "differential": 12}, ctx())[0]
    assert above["result_row"] == "6–8" and "networks_captured" not in above  # 8.6.8b
    with pytest.raises(ProcedureError, match="no row for a Differential of 2"):
        op.result_row({}, {**state, "differential": 2}, ctx())
    with pytest.raises(ProcedureError, match="needs result_table"):
        op.result_row({}, {"success": True, "differential": 4}, ctx())
    open_ended = [{"differential": "10+", "dp_caused": 3}]
    assert (
        op.result_row({}, {**state, "differential": 15, "result_table": open_ended}, ctx())[0][
            "dp_caused"
        ]
        == 3
    )


def _apply(**state: Any) -> dict[str, Any]:
    base = {**SABOTAGE, "success": True, "result": "success"}
    return op.apply_effects(params("apply-effects"), {**base, **state}, ctx())[0]


def test_damage_is_added_up_to_the_areas_epv() -> None:
    values = _apply(effects={"dp_caused": 2}, dp_in_area=2, epv=3)
    assert values["dp_in_area"] == 3 and values["dp_in_area_excess"] == 1
    assert values["actions_complete_marker"].startswith("placed into the Area")


def test_a_captured_network_goes_to_stalag_or_is_flushed_instead() -> None:
    captured = _apply(effects={"networks_captured": 1})
    assert captured["captured_network_to"] == "Stalag XVII"
    assert captured["networks_in_area_after"] == 2
    flushed = _apply(effects={"networks_captured": 1}, flush_captured_networks=True)
    assert flushed["captured_network_flushed_instead"] is True  # 8.6.9d
    assert flushed["networks_flushed"] == 1 and flushed["ap_spent_to_flush"] == 1
    assert flushed["flushed_network_to"] == "Arriving box of the Training Display"


def test_an_unpaid_flush_goes_to_the_available_box() -> None:
    for unpaid in ({"pay_to_flush": False}, {"maquis_ap": 0}):
        values = _apply(effects={"networks_flushed": 1}, **unpaid)
        assert values["ap_spent_to_flush"] == 0  # 6.3.10b
        assert values["flushed_network_to"] == "Networks and Heroes Available box"


def test_german_assets_are_marked_used_and_unknown_effects_left_to_the_players() -> None:
    german = {"active_player": "German", "german": {"security_units": 0, "detachments": 2}}
    values = op.apply_effects(
        params("apply-effects"),
        {**SABOTAGE, **german, "success": True, "effects": {"vp": 2}},
        ctx(),
    )[0]
    assert values == {"german_detachments": "Used (rotated 180 degrees)"}
    says = op.apply_effects(
        params("apply-effects"), {**SABOTAGE, "success": True, "effects": {"vp": 2}}, ctx()
    )[1]
    assert "apply by hand: vp" in says


# --- the procedure as bound, and the book's examples ------------------------------


def test_both_printed_examples_replay_and_the_wrong_total_is_reported() -> None:
    game = living_game(GAME)
    results = {x.id: replay(game, x) for x in game.examples if x.procedure == "8.6"}
    sabotage, counter = results["sabotage-orleans"], results["counterintelligence-orleans"]
    assert sabotage.status == "match" and len(sabotage.checks) >= 25
    assert counter.status == "contradiction"
    (wrong,) = [c for c in counter.checks if c.verdict == "contradiction"]
    assert (wrong.key, wrong.stated, wrong.computed) == ("active_total", 12, 17)


def test_a_player_resolves_an_action_from_the_command_line() -> None:
    result = run_casebook(
        "resolve", GAME, "8.6", "action=Sabotage", "active_player=Maquis",
        "maquis={maquis_sp: 2, networks: 1}", "german={security_units: 1}",
        "political_advantage=Neutral", "maquis_morale=0", "dp_in_area=0",
        "maquis_assets=[{asset: SP, per_unit: 1, units: maquis.maquis_sp}]",
        "german_assets=[{asset: Security, per_unit: 1, units: german.security_units}]",
        "check_number_modifier=0", "backfire_value=1",
        "result_table=[{differential: 3-5, dp_caused: 1}]",
        "--dice", "6,6,2",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Differential 12 − 2 = 10 against Backfire 1" in result.stdout
    assert "dp_in_area 0 → 1" in result.stdout


def test_resolve_in_process_stops_at_a_failed_check() -> None:
    game = living_game(GAME)
    inputs = {
        **SABOTAGE,
        "maquis_assets": [],
        "german_assets": [],
        "check_number_modifier": 0,
    }
    result = resolve(game, find_procedure(game, "8.6"), inputs, Dice([1, 1, 1]))
    assert result.state["result"] == "failed"
    assert "already ended" in result.steps[-3].says


_CLI = (
    "resolve", GAME, "8.6", "action=Sabotage", "active_player=Maquis",
    "german={security_units: 2, detachments: 1}", "political_advantage=German",
    "german_assets=[{asset: Security units, per_unit: 1, units: german.security_units}]",
    "result_table=[{differential: 1-9, dp_caused: 2}]", "--dice", "6,6,6,1,1",
)  # fmt: skip
_GOOD = {
    "maquis": "{maquis_sp: 2, networks: 3, weapons_caches: 0}",
    "maquis_assets": "[{asset: SP, per_unit: 1, units: maquis.maquis_sp}]",
    "maquis_morale": "1",
    "check_number_modifier": "0",
    "backfire_value": "0",
    "dp_in_area": "1",
    "epv": "3",
}


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("maquis", "{maquis_sp: true}", "maquis.maquis_sp (how many for SP) must be a whole "
         "number, not true"),
        ("maquis", "{maquis_sp: -3}", "maquis.maquis_sp (how many for SP) cannot be negative"),
        ("maquis", "{maquis_sp: 2.7}", "must be a whole number, not 2.7"),
        ("maquis_assets", "[{asset: SP, per_unit: 1, units: true}]", "how many for SP must be "
         "a whole number, not true"),
        ("maquis_assets", "[{asset: SP, dice: -5}]", "the entry for SP gives -5 dice"),
        ("maquis_assets", "[{asset: SP, per_unit: .nan, units: 1}]", "nan is not a number of dice"),
        ("maquis_assets", "[1, 2]", "maquis_assets must be a list of {asset, dice}"),
        ("backfire_value", "true", "backfire_value must be a whole number, not true"),
        ("backfire_value", "-7", "backfire_value cannot be negative (-7)"),
        ("check_number_modifier", "1.5", "check_number_modifier must be a whole number, not 1.5"),
        ("maquis_morale", "2.5", "maquis_morale must be a whole number, not 2.5"),
        ("maquis_morale", "true", "maquis_morale must be a whole number, not true"),
        ("dp_in_area", "-1", "dp_in_area cannot be negative (-1)"),
        ("epv", "-1", "epv cannot be negative (-1)"),
    ],
)  # fmt: skip
def test_a_count_given_as_true_a_fraction_or_below_zero_is_refused(
    name: str, value: str, said: str
) -> None:
    """Found by a probe: int() took maquis_sp true as 1 die, -3 as none and 2.7 as 2, a
    Backfire of true as 1 and a modifier of 1.5 as +1, and resolved the Action."""
    given = {**_GOOD, name: value}
    result = run_casebook(*_CLI, *(f"{k}={v}" for k, v in given.items()))
    assert result.returncode == 2, result.stdout
    assert said in result.stderr
    assert "Error" not in result.stderr  # said in words, not as a Python exception


def test_the_good_values_resolve_and_a_negative_modifier_is_a_modifier() -> None:
    result = run_casebook(*_CLI, *(f"{k}={v}" for k, v in _GOOD.items()))
    assert result.returncode == 0, result.stderr
    assert "dp_in_area 1 → 3" in result.stdout
    negative = {**_GOOD, "check_number_modifier": "-1"}
    result = run_casebook(*_CLI, *(f"{k}={v}" for k, v in negative.items()))
    assert result.returncode == 0, result.stderr
    assert "Check Number 4 (Total of Action Dice 5 -1)" in result.stdout
    low = run_casebook(*_CLI, *(f"{k}={v}" for k, v in {**_GOOD, "maquis_morale": "-2"}.items()))
    assert low.returncode == 0, low.stderr
    assert "-1 [Maquis Morale negative]" in low.stdout
