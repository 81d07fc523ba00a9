"""Kind ``extra-actions``: a card that lets its player take several actions in one turn.

Liberation, scenario 2, the OBERFÜHRER card: "Posiziona la carta OBERFÜHRER
sotto le carte Raid. Questa carta sarà disponibile per un'AZIONE di
pianificazione solo quando tutte le carte RAID saranno state acquisite."
and "Quando viene giocata la carta OBERFÜHRER, l'OCCUPANTE può compiere 2
AZIONI a sua scelta." Each action chosen is one of the player's ordinary
actions, with what its own rule fixes whatever the cards (an U-BOAT attack
places one target marker, PIANIFICARE buys one card).

Operations
- ``available``: params ``pile`` (state key: how many cards are still in the
  pile the card lies under), ``pile_name`` (for messages), ``as`` (key for
  the verdict; default ``disponibile``).
- ``play``: params ``actions`` (how many actions the card gives), ``chosen``
  (state key: the actions taken, in order, each a name or a mapping with
  ``azione`` (param ``name_key``) and its details, e.g. ``{azione: U-BOAT,
  luogo: Brest}``), ``effects`` ({action name: {key: value}}: what the
  action's own rule fixes; an action not listed is not one the player has),
  ``prefix`` (default ``azione``), ``name_as`` (default ``name``), ``as``
  (key for how many were taken; default ``azioni_compiute``). Writes, for
  the i-th action, ``<prefix>_<i>_<name_as>`` (its name) and
  ``<prefix>_<i>_<key>`` for each detail and fixed effect; a detail that
  contradicts what the action's rule fixes is an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, need, whole


def available(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """The card can be bought only once the pile above it is gone."""
    key = params["pile"]
    left = whole(need(state, key, "cards still in the pile above the card"), key)
    ok = left == 0
    pile = params.get("pile_name", "pile")
    says = "available" if ok else f"not yet available: {left} {pile} card(s) still to acquire"
    return {params.get("as", "disponibile"): ok}, says


def _action(entry: Any, name_key: str) -> tuple[str, dict[str, Any]]:
    if isinstance(entry, Mapping):
        if name_key not in entry:
            raise ProcedureError(f"an action needs its {name_key} ({dict(entry)!r})")
        details = {k: v for k, v in entry.items() if k != name_key}
        return str(entry[name_key]), details
    return str(entry), {}


def _effects(effects: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    for known, fixed in effects.items():
        if known.casefold() == name.casefold():
            return fixed or {}
    raise ProcedureError(f"{name!r} is not an action of this player ({', '.join(effects)})")


def play(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Up to the card's number of actions, each with what its own rule fixes."""
    allowed = whole(params["actions"], "actions")
    chosen = need(state, params.get("chosen", "azioni"), "the actions taken")
    if not isinstance(chosen, list | tuple):
        chosen = [chosen]
    if len(chosen) > allowed:
        raise ProcedureError(f"the card gives {allowed} action(s); {len(chosen)} chosen")
    prefix = params.get("prefix", "azione")
    name_key = params.get("name_key", "azione")
    effects = params.get("effects") or {}
    values: Values = {params.get("as", "azioni_compiute"): len(chosen)}
    shown = []
    for i, entry in enumerate(chosen, start=1):
        name, details = _action(entry, name_key)
        fixed = _effects(effects, name) if effects else {}
        for key, value in fixed.items():
            if key in details and str(details[key]) != str(value):
                raise ProcedureError(f"{name}: {key} is {value} by its rule, not {details[key]}")
        values[f"{prefix}_{i}_{params.get('name_as', 'name')}"] = name
        for key, value in {**details, **fixed}.items():
            values[f"{prefix}_{i}_{key}"] = value
        shown.append(
            name + (f" ({', '.join(f'{k} {v}' for k, v in fixed.items())})" if fixed else "")
        )
    return values, f"{len(chosen)} of {allowed} action(s): " + "; ".join(shown)


OPERATIONS = {"available": available, "play": play}
