"""Kind ``marker-track``: a marker moved along a track by a count, and read at the end.

Liberation, scenario 2: "ogni volta che un giocatore della RESISTENZA
completa una MISSIONE, fa scendere il segnalino U-BOAT di un numero di
caselle pari al numero di punti indicati sulla carta MISSIONE"; an U-BOAT
attack makes it advance "di un numero di caselle pari al numero di carte
U-BOAT scartate"; at the end, in CAMPAGNA mode, "la posizione dell'U-BOAT
indica il numero totale delle carte RESISTENZA ad 1 abilità ... che possono
essere conservate". Scenario 4's SUPPORTO scales move the same way, by a
MISSIONE's points or by the ESAZIONE cards discarded. The count, the way it
moves the marker and what a position means are the game's (params).

Operations
- ``move``: params ``by`` (state key of the count: a MISSIONE's points, the
  cards discarded), ``per`` (spaces per unit counted; default 1), ``min``
  (smallest count the rule allows, e.g. 1 for "una o più carte"; default 0),
  ``sign`` (+1 or -1: which way the move changes the position number;
  default +1), ``as`` (key for the spaces moved; default ``spazi``),
  ``direction`` and ``direction_as`` (the way the marker goes, as the game
  names it, written under ``direction_as``; optional), ``position`` (state
  key of the marker's space before the move; optional: when the state has
  it, the space after is written under the same key), ``marker`` (its name,
  for messages).
- ``read``: params ``position`` (state key of the marker's space), ``per_space``
  (what one space is worth; default 1), ``as`` (key for the number read),
  ``only_when`` ({state key: value} the reading applies in, e.g.
  ``{modalita: CAMPAGNA}``; a state that says otherwise is an error),
  ``already`` (state key: how many of the total are already taken; optional)
  and ``still_as`` (key for how many are still to take; default ``ancora``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, need, whole


def move(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Move the marker by the count times the spaces per unit, the way the rule says."""
    by = params["by"]
    count = whole(need(state, by, "what moves the marker"), by)
    least = int(params.get("min", 0))
    if count < least:
        raise ProcedureError(f"{by} must be at least {least} ({count} given)")
    spaces = count * whole(params.get("per", 1), "per")
    sign = int(params.get("sign", 1))
    if sign not in (1, -1):
        raise ProcedureError(f"sign must be +1 or -1, not {sign}")
    marker = params.get("marker", "the marker")
    values: Values = {params.get("as", "spazi"): spaces}
    direction = params.get("direction")
    if direction and params.get("direction_as"):
        values[params["direction_as"]] = direction
    says = f"{marker}: {spaces} space(s)" + (f" {direction}" if direction else "")
    where = params.get("position")
    if where and state.get(where) is not None:
        before = int(state[where])
        values[where] = before + sign * spaces
        says += f", from {before} to {values[where]}"
    return values, says


def read(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """What the marker's space stands for, and how much of it is still to take."""
    for key, wanted in (params.get("only_when") or {}).items():
        if key in state and str(state[key]).casefold() != str(wanted).casefold():
            raise ProcedureError(f"applies only when {key} is {wanted} ({state[key]} given)")
    where = params["position"]
    position = whole(need(state, where, "the marker's space"), where)
    total = position * whole(params.get("per_space", 1), "per_space")
    out = params.get("as", "totale")
    values: Values = {out: total}
    says = f"space {position}: {total}"
    taken_key = params.get("already")
    if taken_key and state.get(taken_key) is not None:
        taken = whole(state[taken_key], taken_key)
        if taken > total:
            raise ProcedureError(f"{taken_key} is {taken}, more than the {total} allowed")
        values[params.get("still_as", "ancora")] = total - taken
        says += f", {taken} already taken, {total - taken} still to take"
    return values, says


OPERATIONS = {"move": move, "read": read}
