"""Kind ``free-move``: a move from any place to any other for one flat cost.

Liberation, scenarios 2 and 3: "i pedoni resistenti possono essere spostati
da un luogo all'altro senza restrizioni" and "Il costo dell'operazione è
1"; the F.A.Q. asks "Posso andare da Brest a Bordeaux con una sola AZIONE?
Sì, in questo scenario non ci sono vincoli di spostamento." Distance does
not count, so no map is needed (graph-route is for the scenarios whose
moves follow the paths on the board).

Operations
- ``move``: params ``cost`` (operation points a move costs), ``points``
  (state key: the operation points the player plays; default: exactly the
  cost), ``from`` / ``to`` (state keys of the two places; optional),
  ``places`` (the places a pawn may stand on, when the rules name them all;
  optional), ``as`` (key for the points spent; default ``punti_spesi``),
  ``move_as`` (key for the move; default ``spostamento``), ``surplus_as``
  (key for points played beyond the cost; default ``punti_in_eccesso``),
  ``between`` (how the game writes a move between two places; default
  "from {from} to {to}"), ``anywhere`` (how the rule words a move when the
  places are not given, e.g. "da un luogo all'altro"; default "anywhere").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, whole


def _place(params: Mapping[str, Any], state: State, which: str) -> str | None:
    key = params.get(which, which)
    value = state.get(key)
    if value is None:
        return None
    places = params.get("places")
    if places and str(value).casefold() not in {str(p).casefold() for p in places}:
        raise ProcedureError(f"{value!r} is not a place of this board ({', '.join(places)})")
    return str(value)


def move(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Pay the flat cost; any destination is one move away."""
    cost = whole(params["cost"], "cost")
    points_key = params.get("points")
    played = cost
    if points_key and state.get(points_key) is not None:
        played = whole(state[points_key], points_key)
    if played < cost:
        raise ProcedureError(f"a move costs {cost} operation point(s); {played} played")
    start, end = _place(params, state, "from"), _place(params, state, "to")
    if start is not None and end is not None and start.casefold() == end.casefold():
        raise ProcedureError(f"the pawn is already at {start}")
    if start and end:
        shown = str(params.get("between", "from {from} to {to}")).format(
            **{"from": start, "to": end}
        )
    else:
        shown = str(params.get("anywhere", "anywhere"))
    values = {
        params.get("as", "punti_spesi"): cost,
        params.get("move_as", "spostamento"): shown,
        params.get("surplus_as", "punti_in_eccesso"): played - cost,
    }
    return values, f"{shown}: {cost} point(s) spent" + (
        f", {played - cost} more played than needed" if played > cost else ""
    )


OPERATIONS = {"move": move}
