"""Kind ``opposed-pool``: two sides count dice pools from their assets and roll them
against each other (Set Europe Ablaze 8.6, the Action Resolution Procedure).

Each side counts a pool from what it commits (so many dice per unit, a die for
a condition, halves rounded up per asset), both roll and total. The active
side must beat a Check Number, then the other side's total, then a Backfire
value by its margin (the Differential); the Differential picks a row of a
result table whose effects are applied, with the owner's alternatives to a
loss. A step that ends the Action (``result`` failed or backfired) makes the
later steps do nothing but say so.

Conventions
- Param ``sides``: the two sides' names (e.g. [Maquis, German]); the state's
  ``active_player`` names the active one. A side's keys are its name in
  lower case: ``maquis_assets``, ``maquis_dice``, ``maquis_rolls``,
  ``maquis_total``.
- A *path* names a state value, a dot going into a mapping:
  ``maquis.networks`` is ``state["maquis"]["networks"]``.
- A dice amount is a number, "½", "1½" or "1/2"; ``per_unit: Basic`` is one
  die per unit or SP.

Operations
- ``declare``: params ``actions`` (list of {name, side (omit: either side),
  aliases, primary_asset: path, primary_asset_name}), ``cost`` (AP per
  Action). State ``action``, ``active_player``, optional ``ap_available``.
  Refuses an Action the side may not take or an Area without its primary
  asset. Writes ``declared`` (the rules' name), ``action_ap_spent``,
  ``opponent``.
- ``withhold``: the defender keeps units out of the Action. Params
  ``withholder`` (the side that may, only as defender), ``units`` (path),
  ``units_label``, ``withheld_key`` (state key of how many), ``per_ap`` (units
  per AP, each part thereof a whole AP), ``participated`` (path: true, or
  how many units took part in the preceding Impulse and so may not be
  withheld), ``also`` (list of {label, units, withheld_key, voluntary}:
  withheld free; ``voluntary`` lets the active side decline them too). Writes
  ``withholding`` ("none" or what is withheld), the withheld counts,
  ``withholding_ap``, ``<units_label>_eligible_to_withhold``.
- ``count-pools``: params ``sides``, ``rule_dice`` (dice the rules give, see
  below). State ``<side>_assets``: the side's entries from the game's dice
  table, each {asset, dice} or {asset, per_unit, units (number or path),
  less (state key)}. Each asset's total is rounded up before adding (a half
  die counts whole); a pool is never below 0. Writes ``<side>_dice`` and
  ``<side>_dice_by_asset``.
  A ``rule_dice`` entry: {asset, dice, side | side_named_by (state key naming
  the side that gets it), and at most one of units (path, ``dice`` per unit,
  less: state key) | if_any (path > 0) | if_negative (path < 0) | if_set
  (truthy state key); optional action (only for that declared Action)}.
- ``roll-pools``: rolls each pool (the active side first) unless the state
  gives ``<side>_rolls``. Writes ``<side>_rolls`` and ``<side>_total``.
- ``check-number``: Check Number = total number of dice rolled by both sides
  + state ``check_number_modifier``. The active total must exceed it. Params
  ``fail_losses``. Writes ``total_of_action_dice``, ``check_number``,
  ``active_total``, ``meets_check_number``; on failure ``result: failed``,
  ``success: false``, ``losses``.
- ``compare-totals``: the active total must exceed the opponent's. Params
  ``fail_losses``. Writes ``opponent_total``, ``margin``,
  ``exceeds_opponent_total``; on failure as above.
- ``backfire``: Differential = active total − opponent total; it must exceed
  state ``backfire_value``. Params ``backfire_losses``. Writes
  ``differential``, ``backfired``, ``success``, ``result`` (success |
  backfired), ``losses`` if backfired.
- ``result-row``: reads state ``result_table`` (rows {differential: 9 |
  "7-9" | "10+", effect: amount …, if: {exact differential: {effects}}}) at
  the Differential. Above the highest row the highest applies; an ``if``
  effect applies only at its exact value. Writes ``result_row``, ``effects``
  and each effect by name.
- ``apply-effects``: params ``effects`` ({effect: how it applies}) and
  ``marks`` ({side: [{key, value, if_any: path}]}, written for the active
  side once the Action is over, whatever its result). An effect applies as
  ``adds_to`` (a state counter; ``at_most``: state key of its cap, the rest
  written as ``<counter>_excess``) or ``removes_from`` (path of the units;
  ``remaining_key``; ``to`` and ``to_key``: where the units go; ``cost`` AP
  each, paid unless state ``pay_choice`` is false or ``ap_key`` shows too
  few, with ``cost_key``; ``unpaid_to`` where they go unpaid) and may offer
  ``instead`` {choice: state key (true or how many), becomes: effect, flag:
  key written true}. Writes ``<counter>_before``/``_after``/the counter,
  each effect's count, the keys named above.
"""

from __future__ import annotations

import math
import re
import reprlib
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from compiler.procedures.core import (
    Context,
    ProcedureError,
    State,
    Values,
    dice_text,
    integer,
    need,
    rolls,
    whole,
)

_ENDED = ("failed", "backfired")


# --- helpers -----------------------------------------------------------------


def side_key(side: str) -> str:
    """A side's state-key prefix: "Maquis" -> "maquis"."""
    return re.sub(r"\W+", "_", side.strip().casefold()).strip("_")


def lookup(state: State, path: str) -> Any:
    """The state value at a dotted path, or None when any part is missing."""
    value: Any = state
    for part in str(path).split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


def count_at(state: State, where: Any, what: str) -> int:
    """A count given as such, or read at a path; an error naming the path if absent.

    Read as whole() reads one: true, -3 and 2.7 were taken as 1, -3 and 2 dice."""
    if isinstance(where, bool | int | float) or str(where).strip().lstrip("-+").isdigit():
        return whole(where, what)
    value = lookup(state, where)
    if value is None:
        raise ProcedureError(f"needs {where} ({what})")
    return whole(value, f"{where} ({what})")


def _count(state: State, key: Any) -> int:
    """A count in the state, 0 when not given."""
    value = lookup(state, key)
    return whole(value, str(key)) if value is not None else 0


def amount(value: Any) -> Fraction:
    """A dice amount as printed: 1, 0.5, "½", "1½", "1/2", "Basic" (one a unit)."""
    if isinstance(value, bool):
        raise ProcedureError(f"{value!r} is not a number of dice")
    if isinstance(value, float) and not math.isfinite(value):
        raise ProcedureError(f"{value!r} is not a number of dice")
    if isinstance(value, int | float):
        return Fraction(value).limit_denominator(8)
    text = str(value).strip()
    if text.casefold() == "basic":
        return Fraction(1)
    if "½" in text:
        whole = text.replace("½", "").strip()
        return Fraction(int(whole or 0)) + Fraction(1, 2)
    try:
        return Fraction(text)
    except ValueError:
        raise ProcedureError(f"{value!r} is not a number of dice") from None


def fraction_text(value: Fraction) -> str:
    """½, 1½, 3, -1: how the rulebook writes dice."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(value))
    if part == Fraction(1, 2):
        return f"{int(whole) if whole else ''}½"
    return str(value)


def sides_of(params: Mapping[str, Any], state: State) -> tuple[str, str]:
    """(active side, opponent) from params ``sides`` and state ``active_player``."""
    sides = [str(s) for s in params.get("sides", ())]
    if len(sides) != 2:
        raise ProcedureError("the procedure must name its two sides (param sides)")
    active = str(need(state, "active_player", f"who performs the Action: {' or '.join(sides)}"))
    for i, side in enumerate(sides):
        if side.casefold() == active.strip().casefold():
            return side, sides[1 - i]
    raise ProcedureError(f"active_player {active!r} is neither {sides[0]} nor {sides[1]}")


def ended(state: State) -> bool:
    return state.get("result") in _ENDED


def _over(state: State) -> tuple[Values, str]:
    return {}, f"the Action has already ended ({state.get('result')})"


def _fail(why: str, losses: int) -> Values:
    return {"result": "failed", "success": False, "losses": losses, "failed_because": why}


def _norm(name: str) -> str:
    """An Action's name compared loosely: case, hyphens and a trailing "Action" ignored."""
    text = re.sub(r"[^a-z0-9]+", "", str(name).casefold())
    return text.removesuffix("action") or text


# --- 8.6.1 declare -----------------------------------------------------------


def find_action(actions: list[Mapping[str, Any]], name: str) -> Mapping[str, Any]:
    wanted = _norm(name)
    for action in actions:
        names = [action["name"], *action.get("aliases", ())]
        if wanted in {_norm(n) for n in names}:
            return action
    known = ", ".join(a["name"] for a in actions)
    raise ProcedureError(f"no Action {name!r}; the Actions are: {known}")


def declare(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    active, opponent = sides_of(params, state)
    name = str(need(state, "action", "the Action declared"))
    cost = int(params.get("cost", 1))
    values: Values = {"opponent": opponent, "action_ap_spent": cost}
    actions = params.get("actions")
    if not actions:
        values["declared"] = name
        return values, f"{active} declares {name} and spends {cost} AP"
    action = find_action(actions, name)
    values["declared"] = action["name"]
    only = action.get("side")
    if only and str(only).casefold() != active.casefold():
        raise ProcedureError(
            f"{action['name']} is a {only} only Action; the {active} cannot take it"
        )
    ap = state.get("ap_available")
    if ap is not None and whole(ap, "ap_available") < cost:
        raise ProcedureError(f"an Action costs {cost} AP; the {active} has {ap}")
    says = f"{active} declares {action['name']} and spends {cost} AP"
    path = action.get("primary_asset")
    if path:
        label = action.get("primary_asset_name", path)
        present = lookup(state, path)
        if present is not None and not present:
            raise ProcedureError(f"{action['name']} cannot be taken: the Area lacks its {label}")
        says += (
            f"; primary asset {label}: {present}" if present is not None else f" ({label} unknown)"
        )
    return values, says


# --- 8.6.2 withhold ----------------------------------------------------------


def _participated(state: State, key: str | None, units: int) -> int:
    """How many of the units took part in the preceding Impulse (true: all of them)."""
    value = lookup(state, key) if key else None
    if value is None or value is False:
        return 0
    if value is True:
        return units
    return min(whole(value, str(key)), units)


def withhold(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    active, _ = sides_of(params, state)
    withholder = str(params["withholder"])
    defending = withholder.casefold() != active.casefold()
    label = str(params.get("units_label", "units"))
    key = str(params.get("withheld_key", f"{side_key(label)}_withheld"))
    withheld = _count(state, key)
    units = _count(state, params["units"]) if params.get("units") else 0
    eligible = units - _participated(state, params.get("participated"), units) if defending else 0
    if withheld and not defending:
        raise ProcedureError(
            f"only the {withholder} as defender may withhold {label}; the {active} is active"
        )
    if withheld > eligible:
        raise ProcedureError(
            f"{withheld} {label} withheld, but only {eligible} of {units} may be: "
            "those that took part in the immediately preceding Impulse may not"
        )
    per_ap = int(params.get("per_ap", 1))
    ap = math.ceil(withheld / per_ap) if withheld else 0
    values: Values = {
        key: withheld,
        "withholding_ap": ap,
        f"{side_key(label)}_eligible_to_withhold": eligible,
    }
    parts = [f"{withheld} {label} ({ap} AP)"] if withheld else []
    for other in params.get("also", ()):
        other_key = str(other["withheld_key"])
        count = _count(state, other_key)
        have = _count(state, other["units"]) if other.get("units") else 0
        if count and not (defending or other.get("voluntary")):
            raise ProcedureError(f"only the {withholder} as defender may withhold {other['label']}")
        if count > have:
            raise ProcedureError(f"{count} {other['label']} withheld, but only {have} are there")
        values[other_key] = count
        if count:
            parts.append(f"{count} {other['label']}")
    values["withholding"] = ", ".join(parts) or "none"
    role = "defender" if defending else "active side"
    says = f"{withholder} as {role} withholds {values['withholding']}"
    if defending:
        says += f" ({eligible} of {units} {label} could be)"
    return values, says


# --- 8.6.3 count the pools ---------------------------------------------------


def asset_amount(entry: Mapping[str, Any], state: State) -> Fraction:
    """One dice-table entry's dice before rounding: flat, or so many per unit."""
    name = entry.get("asset", "an asset")
    if "per_unit" in entry:
        units = count_at(state, entry.get("units", 1), f"how many for {name}")
        if entry.get("less"):
            units -= _count(state, entry["less"])
        return _not_negative(amount(entry["per_unit"]), name) * max(units, 0)
    if "dice" not in entry:
        raise ProcedureError(f"the entry for {name} needs dice or per_unit")
    return _not_negative(amount(entry["dice"]), name)


def _not_negative(dice: Fraction, name: str) -> Fraction:
    """An asset's dice: an asset adds to a pool ("-5 [SP]" was shown, then the total
    quietly raised to 0)."""
    if dice < 0:
        raise ProcedureError(
            f"the entry for {name} gives {fraction_text(dice)} dice; an asset "
            "adds dice, so give 0 or more"
        )
    return dice


def rule_die_amount(rule: Mapping[str, Any], state: State) -> Fraction:
    """What a rule-given die is worth in this state (0 when its condition is not met)."""
    dice = amount(rule.get("dice", 1))
    if "units" in rule:
        units = _count(state, rule["units"])
        if rule.get("less"):
            units -= _count(state, rule["less"])
        return dice * max(units, 0)
    if "if_any" in rule:
        return dice if _count(state, rule["if_any"]) > 0 else Fraction(0)
    if "if_negative" in rule:
        below = lookup(state, rule["if_negative"])
        below = integer(below, str(rule["if_negative"])) if below is not None else 0
        return dice if below < 0 else Fraction(0)
    if "if_set" in rule:
        return dice if lookup(state, rule["if_set"]) else Fraction(0)
    return dice


def _rule_applies(rule: Mapping[str, Any], side: str, state: State) -> bool:
    if "side_named_by" in rule:
        named = lookup(state, rule["side_named_by"])
        if named is None or str(named).casefold() != side.casefold():
            return False
    elif str(rule.get("side", side)).casefold() != side.casefold():
        return False
    action = rule.get("action")
    if action:
        declared = state.get("declared") or state.get("action")
        return declared is not None and _norm(declared) == _norm(action)
    return True


def side_pool(
    side: str, entries: list[Mapping[str, Any]], rules: list[Mapping[str, Any]], state: State
) -> tuple[int, dict[str, int], list[str]]:
    """A side's dice: each asset totalled, then rounded up; the sum, never below 0."""
    totals: dict[str, Fraction] = {}
    for entry in entries:
        name = str(entry.get("asset", "?"))
        totals[name] = totals.get(name, Fraction(0)) + asset_amount(entry, state)
    for rule in rules:
        if _rule_applies(rule, side, state):
            value = rule_die_amount(rule, state)
            if value:
                name = str(rule["asset"])
                totals[name] = totals.get(name, Fraction(0)) + value
    by_asset = {name: math.ceil(total) for name, total in totals.items()}
    words = [
        f"{fraction_text(total)} rounded up to {by_asset[name]} [{name}]"
        if total != by_asset[name]
        else f"{by_asset[name]} [{name}]"
        for name, total in totals.items()
    ]
    return max(0, sum(by_asset.values())), by_asset, words


def count_pools(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    active, opponent = sides_of(params, state)
    rules = list(params.get("rule_dice", ()))
    values: Values = {}
    says = []
    for side in (active, opponent):
        key = side_key(side)
        entries = need(
            state,
            f"{key}_assets",
            f"the {side}'s entries from the dice table: a list of {{asset, dice}} "
            "or {asset, per_unit, units}",
        )
        if not isinstance(entries, list) or not all(isinstance(e, Mapping) for e in entries):
            raise ProcedureError(
                f"{key}_assets must be a list of {{asset, dice}} or {{asset, per_unit, units}} "
                f"entries, not {reprlib.repr(entries)}"
            )
        dice, by_asset, words = side_pool(side, entries, rules, state)
        values[f"{key}_dice"] = dice
        values[f"{key}_dice_by_asset"] = by_asset
        says.append(f"{side} {dice} dice ({' + '.join(words) or 'none'})")
    return values, "; ".join(says)


# --- 8.6.4 roll --------------------------------------------------------------


def roll_pools(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    if ended(state):
        return _over(state)
    active, opponent = sides_of(params, state)
    values: Values = {}
    says = []
    for side in (active, opponent):
        key = side_key(side)
        count = whole(need(state, f"{key}_dice", f"how many dice the {side} rolls"), f"{key}_dice")
        faces = rolls(state, f"{key}_rolls", count, ctx.dice)
        values[f"{key}_rolls"] = faces
        values[f"{key}_total"] = sum(faces)
        says.append(f"{side} rolls {dice_text(faces) or 'no dice'} = {sum(faces)}")
    return values, "; ".join(says)


# --- 8.6.5 to 8.6.7: the three tests -----------------------------------------


def _totals(params: Mapping[str, Any], state: State) -> tuple[str, str, int, int]:
    active, opponent = sides_of(params, state)
    mine = _total(state, active)
    theirs = _total(state, opponent)
    return active, opponent, mine, theirs


def _total(state: State, side: str) -> int:
    key = f"{side_key(side)}_total"
    return whole(need(state, key, f"the {side}'s dice total"), key)


def check_number(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    if ended(state):
        return _over(state)
    active, opponent = sides_of(params, state)
    mine = _total(state, active)
    rolled = 0
    for side in (active, opponent):
        key = side_key(side)
        faces = state.get(f"{key}_rolls")
        rolled += len(faces) if faces is not None else whole(need(state, f"{key}_dice"), key)
    modifier = integer(
        need(
            state,
            "check_number_modifier",
            "what the Action's Check Number adds to the Total of Action Dice (0 if nothing)",
        ),
        "check_number_modifier",
    )
    check = rolled + modifier
    meets = mine > check
    values: Values = {
        "total_of_action_dice": rolled,
        "check_number": check,
        "active_total": mine,
        "meets_check_number": meets,
    }
    mod = f" {modifier:+d}" if modifier else ""
    says = f"Check Number {check} (Total of Action Dice {rolled}{mod}): the {active} total {mine} "
    if meets:
        return values, says + "exceeds it"
    losses = int(params.get("fail_losses", 0))
    values.update(_fail("did not exceed the Check Number", losses))
    return values, says + f"does not; the Action fails, the {active} loses {losses}"


def compare_totals(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    if ended(state):
        return _over(state)
    active, opponent, mine, theirs = _totals(params, state)
    margin = mine - theirs
    values: Values = {
        "opponent_total": theirs,
        "margin": margin,
        "exceeds_opponent_total": margin > 0,
    }
    says = f"{active} {mine} against {opponent} {theirs}: "
    if margin > 0:
        return values, says + f"greater by {margin}"
    losses = int(params.get("fail_losses", 0))
    values.update(_fail("did not exceed the opponent's total", losses))
    return values, says + f"not greater; the Action fails, the {active} loses {losses}"


def backfire(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    if ended(state):
        return _over(state)
    active, _, mine, theirs = _totals(params, state)
    threshold = whole(
        need(state, "backfire_value", "the Action's Backfire value"), "backfire_value"
    )
    differential = mine - theirs
    success = differential > threshold
    values: Values = {
        "differential": differential,
        "backfired": not success,
        "success": success,
        "result": "success" if success else "backfired",
    }
    says = f"Differential {mine} − {theirs} = {differential} against Backfire {threshold}: "
    if success:
        return values, says + "the Action succeeds"
    losses = int(params.get("backfire_losses", 0))
    values["losses"] = losses
    return values, says + f"it backfires, the {active} loses {losses}"


# --- 8.6.8 result row, effects and losses ------------------------------------


def covers(label: Any, value: int) -> tuple[bool, float]:
    """Whether a row label (9, "7-9", "7–9", "10+", "3,4") covers value, and its highest."""
    text = str(label).strip().replace("–", "-")
    if m := re.fullmatch(r"(\d+)\s*\+", text):
        return value >= int(m.group(1)), math.inf
    if m := re.fullmatch(r"(\d+)\s*-\s*(\d+)", text):
        low, high = int(m.group(1)), int(m.group(2))
        return low <= value <= high, high
    if re.fullmatch(r"\d+(\s*,\s*\d+)*", text):
        numbers = [int(n) for n in text.split(",")]
        return value in numbers, max(numbers)
    raise ProcedureError(f"result table row {label!r} is not a differential or a range")


def find_result_row(table: list[Mapping[str, Any]], differential: int) -> Mapping[str, Any]:
    """The row covering the Differential; above every row, the highest row."""
    if not table:
        raise ProcedureError("result_table has no rows")
    highest_row, highest = None, -math.inf
    for row in table:
        if "differential" not in row:
            raise ProcedureError(f"result table row {dict(row)} lacks its differential")
        hit, top = covers(row["differential"], differential)
        if hit:
            return row
        if top > highest:
            highest_row, highest = row, top
    if differential > highest and highest_row is not None:
        return highest_row
    shown = ", ".join(str(r["differential"]) for r in table)
    raise ProcedureError(f"result table has no row for a Differential of {differential} ({shown})")


def _collateral(row: Mapping[str, Any], differential: int) -> Mapping[str, Any]:
    for exact, effects in (row.get("if") or {}).items():
        if int(exact) == differential:
            return effects
    return {}


def result_row(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    if ended(state) or state.get("success") is False:
        return _over(state)
    differential = integer(need(state, "differential", "the Differential Result"), "differential")
    table = need(
        state,
        params.get("table_key", "result_table"),
        "the Action's rows of the result table: [{differential: 9, effect: amount}]",
    )
    row = find_result_row(list(table), differential)
    effects: dict[str, Any] = {k: v for k, v in row.items() if k not in ("differential", "if")}
    for name, value in _collateral(row, differential).items():
        effects[name] = effects.get(name, 0) + value if isinstance(value, int) else value
    values: Values = {"result_row": str(row["differential"]), "effects": effects, **effects}
    shown = ", ".join(f"{k} {v}" for k, v in effects.items()) or "no effect"
    return values, f"row {row['differential']} at Differential {differential}: {shown}"


def _choice(state: State, key: str | None, most: int) -> int:
    """How many the owner chose (true: all of them)."""
    value = state.get(key) if key else None
    if value is None or value is False:
        return 0
    if value is True:
        return most
    return min(whole(value, str(key)), most)


def _add(how: Mapping[str, Any], count: int, state: State, values: Values) -> str:
    counter = str(how["adds_to"])
    before = _count(state, counter)
    after = before + count
    at_most = how.get("at_most")
    cap = _count(state, at_most) if at_most and state.get(at_most) is not None else None
    note = ""
    if cap is not None and after > cap:
        values[f"{counter}_excess"] = after - cap
        note = f" (capped at {cap}, {after - cap} in excess)"
        after = cap
    values.update({f"{counter}_before": before, f"{counter}_after": after, counter: after})
    return f"{counter} {before} → {after}{note}"


def _remove(
    name: str, how: Mapping[str, Any], count: int, state: State, values: Values, left: dict
) -> str:
    path = str(how["removes_from"])
    if path not in left:
        left[path] = _count(state, path)
    gone = min(count, left[path])
    left[path] -= gone
    if how.get("remaining_key"):
        values[how["remaining_key"]] = left[path]
    where = how.get("to")
    cost = int(how.get("cost", 0))
    paid = True
    if cost:
        wanted = state.get(how["pay_choice"]) if how.get("pay_choice") else None
        ap = state.get(how["ap_key"]) if how.get("ap_key") else None
        paid = wanted is not False and (ap is None or whole(ap, how["ap_key"]) >= cost * gone)
        if how.get("cost_key"):
            values[how["cost_key"]] = cost * gone if paid else 0
        if not paid:
            where = how.get("unpaid_to", where)
    if where and how.get("to_key") and gone:
        values[how["to_key"]] = where
    spent = f", {cost * gone} AP spent" if cost and paid else (", not paid" if cost else "")
    return f"{name} {count}: {gone} from {path} to {where or 'off the map'}{spent}"


def apply_effects(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    active, _ = sides_of(params, state)
    values: Values = {}
    says: list[str] = []
    if state.get("success") and not ended(state):
        config: Mapping[str, Mapping[str, Any]] = params.get("effects", {})
        counts = {
            name: whole(value, f"the effect {name}")
            for name, value in (state.get("effects") or {}).items()
            if isinstance(value, int | float) and not isinstance(value, bool)
        }
        for name, how in config.items():  # the owner's alternatives first (8.6.9)
            instead = how.get("instead")
            if instead and counts.get(name):
                moved = _choice(state, instead.get("choice"), counts[name])
                if moved:
                    counts[name] -= moved
                    counts[instead["becomes"]] = counts.get(instead["becomes"], 0) + moved
                    values[instead["becomes"]] = counts[instead["becomes"]]
                    if instead.get("flag"):
                        values[instead["flag"]] = True
                    says.append(f"{moved} {name} become {instead['becomes']} instead")
        left: dict[str, int] = {}
        for name, how in config.items():
            count = counts.get(name, 0)
            if not count:
                continue
            if "adds_to" in how:
                says.append(_add(how, count, state, values))
            elif "removes_from" in how:
                says.append(_remove(name, how, count, state, values, left))
        unapplied = [n for n in counts if n not in config and counts[n]]
        if unapplied:
            says.append("apply by hand: " + ", ".join(unapplied))
    for mark in (params.get("marks") or {}).get(active, ()):
        if mark.get("if_any") and not _count(state, mark["if_any"]):
            continue
        values[mark["key"]] = mark["value"]
        says.append(f"{mark['key']}: {mark['value']}")
    return values, "; ".join(says) or "nothing to apply"


OPERATIONS = {
    "declare": declare,
    "withhold": withhold,
    "count-pools": count_pools,
    "roll-pools": roll_pools,
    "check-number": check_number,
    "compare-totals": compare_totals,
    "backfire": backfire,
    "result-row": result_row,
    "apply-effects": apply_effects,
}
