"""Kind ``pawn-placement``: discard cards to put pawns on one card, no more than it can hold.

Liberation's WEHRMACHT ("scartare una o più carte WEHRMACHT con una carta
LUOGO a sua scelta per posizionare pedine WEHRMACHT sulla carta MISSIONE di
quel LUOGO") and V-MANN (pedine rosse "su una sola carta RESISTENZA"): one
pawn per card, on a single card, at most as many pawns as that card's
ABILITÀ icons ("il numero massimo di pedine ... corrisponde al numero di
icone ABILITÀ").

Operations
- ``place``: params ``cards`` (state key: how many cards are discarded),
  ``per_card`` (pawns for each; default 1), ``target`` (state key naming the
  card the pawns go on; for WEHRMACHT the LUOGO card played, whose MISSIONE
  card takes them), ``requires`` (state keys that must be given, e.g. the
  LUOGO card that goes with the cards), ``already`` (state key: pawns already
  on that card; default none), ``limit`` (state key: the most pawns the card
  holds, e.g. its icons; optional). Writes the pawns placed (``as``, default
  ``placed``), the card they are on (``target_as``, default ``target``) and the
  pawns now on it (``total_as``, default ``on_card``). Without the limit it
  writes the fewest the card must hold for the placement to be legal
  (``limit_as``, default ``limit_at_least``). More pawns than the limit is an
  error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, need, whole


def place(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Pawns for the cards discarded, on one card, within what it holds."""
    for key in params.get("requires") or []:
        need(state, key, "the rule asks for it with the cards")
    cards_key = params.get("cards", "cards")
    cards = whole(need(state, cards_key, "the cards discarded"), cards_key)
    if cards < 1:
        raise ProcedureError(f"{cards_key}: one or more cards are needed to place pawns")
    target_key = params.get("target", "target")
    target = need(state, target_key, "the card the pawns go on")
    already_key = params.get("already")
    already = whole(state.get(already_key) or 0, already_key) if already_key else 0
    placed = cards * whole(params.get("per_card", 1), "per_card")
    total = already + placed
    values: Values = {
        params.get("as", "placed"): placed,
        params.get("target_as", "target"): target,
        params.get("total_as", "on_card"): total,
    }
    says = f"{cards} card(s): {placed} pawn(s) on {target}, {total} there now"
    limit_key = params.get("limit")
    limit = state.get(limit_key) if limit_key else None
    if limit is None:
        values[params.get("limit_as", "limit_at_least")] = total
        return values, says + f" (so {target} must hold at least {total})"
    limit = whole(limit, limit_key)
    if total > limit:
        raise ProcedureError(
            f"{target} holds at most {limit} pawn(s) ({limit_key}); "
            f"{already} there and {placed} more would make {total}"
        )
    return values, says + f", of at most {limit}"


OPERATIONS = {"place": place}
