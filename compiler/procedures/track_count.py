"""Kind ``track-count``: how many pieces a track calls for, and of which sort.

Maquis: the Patrols placed each Day are the higher of the available
Resistance Workers and the red number on the Morale track's current space
(check-morale); Soldiers replace Milice one for one as the last Patrols
placed, as many as the Soldier track shows (soldier-patrol-pawns).

Operations
- ``higher-of``: params ``count`` (state key of the count, e.g. available
  workers), ``count_name`` (its name in the rules), ``table`` / ``space`` /
  ``column`` (the track as a table: the row whose first column equals the
  state's ``space`` value gives the number in ``column``; used when the
  source prints the track), ``number`` (state key giving the track's number
  when it does not; a key ``<number>_at_most`` may give an upper bound
  instead, enough when the count reaches it), ``number_name`` and
  ``track_name`` (how the rules name them), ``as`` (key for the result),
  ``unit`` (optional: also writes ``<as>_text`` such as "4 Patrols" under
  ``text_as``). Writes the result, ``track_number`` and ``reason``.
- ``replace-last``: params ``total`` (state key of how many are placed),
  ``track`` (state key of the track's space: how many are replaced),
  ``from_space`` (the first space that replaces any; below it none),
  ``base`` / ``replacement`` (the two sorts, singular), ``base_as`` /
  ``replacement_as`` (keys for the two numbers). Writes both numbers and
  ``order``, the sorts in placing order (replacements last).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, need, whole
from compiler.procedures.table_lookup import find_row


def track_number(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[int | None, int]:
    """The track's number at the current space, exactly or as an upper bound.

    Returns (exact, bound): ``exact`` is None when only ``bound`` is known.
    The printed track wins; otherwise the state gives the number (a chart the
    source does not print, supplied by the player or the example).
    """
    table = ctx.game.table(params["table"]) if params.get("table") else None
    if params.get("table") and table is None:
        raise ProcedureError(f"no table {params['table']!r} in this game")
    if table is not None and not table.missing and table.rows:
        if not any(c.key == params["column"] for c in table.columns):
            raise ProcedureError(f"{table.title} has no column {params['column']!r}")
        space = need(
            state, params["space"], f"the current space of the {params.get('track_name', 'track')}"
        )
        i = find_row(table, table.columns[0].key, space)
        cell = table.rows[i][table.column_index(params["column"])]
        number = whole(cell, f"{table.title} at {space}")
        return number, number
    key = params["number"]
    name = params.get("number_name", key.replace("_", " "))
    if state.get(key) is not None:
        number = whole(state[key], name)
        return number, number
    bound = state.get(f"{key}_at_most")
    if bound is not None:
        return None, whole(bound, f"{name} (at most)")
    where = f"; {table.title}: {table.missing}" if table is not None and table.missing else ""
    track = params.get("track_name", "track")
    raise ProcedureError(f"needs {key} (the {name} number on the {track}'s current space){where}")


def higher_of(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    count_name = params.get("count_name", params["count"].replace("_", " "))
    count = whole(need(state, params["count"], count_name), count_name)
    exact, bound = track_number(params, state, ctx)
    number_name = params.get("number_name", "number")
    track_name = params.get("track_name", "track")
    if exact is None and count < bound:
        raise ProcedureError(
            f"{params['number']} is only known to be at most {bound}, more than the {count} "
            f"{count_name}: give {params['number']}"
        )
    if exact is not None and exact > count:
        result = exact
        reason = (
            f"the {number_name} {exact} from the {track_name} is higher than the number of "
            f"{count_name}"
        )
    else:
        result = count
        reason = f"equal to the number of {count_name}"
    out = params.get("as", "result")
    values: Values = {out: result, "track_number": exact, "reason": reason}
    unit = params.get("unit")
    if unit:
        values[params.get("text_as", f"{out}_text")] = f"{result} {unit}"
    shown = exact if exact is not None else f"at most {bound}"
    says = f"{count} {count_name}, {number_name} {shown}: {result} ({reason})"
    return values, says


def replace_last(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    total = whole(need(state, params["total"], "how many are placed"), params["total"])
    space = whole(need(state, params["track"], "the track's space"), params["track"])
    base, other = params["base"], params["replacement"]
    replaced = min(total, space) if space >= int(params.get("from_space", 1)) else 0
    kept = total - replaced
    values = {
        params.get("base_as", "base"): kept,
        params.get("replacement_as", "replacement"): replaced,
        "order": [base] * kept + [other] * replaced,
    }
    says = f"{total} placed, track at {space}: {kept} {base} then {replaced} {other}"
    return values, says


OPERATIONS = {"higher-of": higher_of, "replace-last": replace_last}
