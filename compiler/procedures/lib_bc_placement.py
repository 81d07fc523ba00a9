"""Kind ``place-pieces``: discard cards of one kind to put pieces on the board, or take one off.

Liberation's OCCUPANTE powers in scenarios 2-5 share one shape: "scartare
una o più carte X con una carta LUOGO a sua scelta per posizionare un
numero equivalente di ..." (MILIZIA pawns, BERSAGLIO markers, target markers
on a monument), sometimes a fixed number whatever the cards ("è possibile
posizionare un solo gettone indipendentemente dalla forza dell'attacco",
U-BOAT), often with a track marker moved as many spaces (``move-marker``,
from ``marker-track``); and a RESISTENZA MISSIONE places one marker of its
own. Removing a piece for a fixed price ("rimuovere una BARRICATA scartando
3 carte WEHRMACHT") is the reverse.

Operations
- ``place``: params ``cards`` (state key: how many cards are discarded;
  optional), ``card`` (their name), ``min_cards`` (default 1) and
  ``max_cards`` (optional: "una o due carte" is 2), ``count`` (a fixed number
  of pieces; else ``by`` (state key of the count; default ``cards``) times
  ``per_card`` (default 1)), ``piece`` (name), ``as`` (key for the number
  placed; default ``pezzi``), ``where`` (``{key, as, on, otherwise}``: the
  state key naming where they go (the LUOGO card played, the zone it
  designates), written under ``as`` (default ``dove``) as ``on`` if given,
  else as the state's value; when the state lacks ``key``, ``otherwise`` is
  written, and without ``otherwise`` that is an error), ``spaces``
  (``{chosen, allowed, as, per_space_as}``: each piece on one of the allowed
  spaces, in the order chosen), ``replaces`` (``{key, piece, then, then_as}``:
  each piece replaces one already at the place, of which the state key
  ``key`` gives how many; the number left is written under ``key``, and
  ``then`` under ``then_as`` when none is left), ``requires`` ({state key:
  least value, with a reason}: conditions checked when the state gives the
  key), ``supply`` (state key: pieces left to place; optional).
- ``remove``: params ``cards``, ``card``, ``cost`` (the exact number of
  cards the rule asks), ``removes`` (pieces taken off; default 1), ``piece``,
  ``as`` (key for the number removed; default ``rimossi``), ``on_board``
  (state key: how many such pieces are on the board; optional: the number
  left is written under it).
- ``move-marker``: ``marker-track``'s ``move`` (see that kind).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, need, whole
from compiler.procedures.lib_bc_marker_track import move


def cards_discarded(params: Mapping[str, Any], state: State) -> int | None:
    """How many cards the action discards, within the rule's bounds (None if it takes none)."""
    key = params.get("cards")
    if key is None:
        return None
    name = params.get("card", "cards")
    count = whole(need(state, key, f"how many {name} cards are discarded"), key)
    least = int(params.get("min_cards", 1))
    most = params.get("max_cards")
    if count < least:
        raise ProcedureError(f"at least {least} {name} card(s) must be discarded ({count} given)")
    if most is not None and count > int(most):
        raise ProcedureError(f"at most {most} {name} card(s) may be discarded ({count} given)")
    return count


def check_requires(params: Mapping[str, Any], state: State) -> None:
    """Conditions the rules set on the action, checked when the state states them."""
    for key, rule in (params.get("requires") or {}).items():
        least = rule.get("min", 1) if isinstance(rule, Mapping) else rule
        if key in state and state[key] is not None and int(state[key]) < int(least):
            why = rule.get("why", "") if isinstance(rule, Mapping) else ""
            raise ProcedureError(
                f"{key} is {state[key]}, the action needs at least {least}"
                + (f": {why}" if why else "")
            )


def pieces_count(params: Mapping[str, Any], state: State, cards: int | None) -> int:
    """A fixed number of pieces, or the count times the pieces each unit places."""
    if params.get("count") is not None:
        return whole(params["count"], "count")
    by = params.get("by")
    if by is None:
        if cards is None:
            raise ProcedureError("place needs param cards, by or count")
        base = cards
    else:
        base = whole(need(state, by, "what sets the number of pieces"), by)
    return base * whole(params.get("per_card", 1), "per_card")


def place_where(where: Mapping[str, Any], state: State) -> tuple[str, Any]:
    """The key and the text saying where the pieces go."""
    key = where["key"]
    out = where.get("as", "dove")
    if state.get(key) is not None:
        return out, where.get("on", state[key])
    if "otherwise" in where:
        return out, where["otherwise"]
    raise ProcedureError(f"needs {key} (where the pieces go)")


def on_spaces(spec: Mapping[str, Any], state: State, count: int) -> Values:
    """One piece on each space chosen; every space chosen must be one the rule allows."""
    chosen = [str(s) for s in need(state, spec["chosen"], "the spaces the pieces go on")]
    if len(chosen) != count:
        raise ProcedureError(f"{count} piece(s) to place, {len(chosen)} space(s) chosen")
    allowed_key = spec.get("allowed")
    if allowed_key and state.get(allowed_key) is not None:
        allowed = {str(s).casefold() for s in state[allowed_key]}
        wrong = [s for s in chosen if s.casefold() not in allowed]
        if wrong:
            raise ProcedureError(f"{', '.join(wrong)}: not among {allowed_key}")
    values: Values = {spec.get("as", "spazi"): chosen}
    if spec.get("per_space_as"):
        values[spec["per_space_as"]] = dict(Counter(chosen))
    return values


def replace_pieces(spec: Mapping[str, Any], state: State, count: int) -> Values:
    """Each piece placed takes the place of one already there; what is left, and then?"""
    key = spec["key"]
    if state.get(key) is None:
        return {}
    there = whole(state[key], key)
    if there < count:
        piece = spec.get("piece", "piece")
        raise ProcedureError(f"{there} {piece} left to replace, {count} needed")
    values: Values = {key: there - count}
    if there - count == 0 and spec.get("then"):
        values[spec.get("then_as", "poi")] = spec["then"]
    return values


def place(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Discard the cards (if any), then put the pieces where the rule says."""
    check_requires(params, state)
    cards = cards_discarded(params, state)
    count = pieces_count(params, state, cards)
    piece = params.get("piece", "piece(s)")
    values: Values = {params.get("as", "pezzi"): count}
    supply_key = params.get("supply")
    if supply_key and state.get(supply_key) is not None:
        left = whole(state[supply_key], supply_key)
        if left < count:
            raise ProcedureError(f"only {left} {piece} left to place, {count} needed")
        values[supply_key] = left - count
    where_text = ""
    if params.get("where"):
        key, where_value = place_where(params["where"], state)
        values[key] = where_value
        where_text = f" {where_value}"
    if params.get("spaces"):
        values.update(on_spaces(params["spaces"], state, count))
    then = ""
    if params.get("replaces"):
        replaced = replace_pieces(params["replaces"], state, count)
        values.update(replaced)
        then_as = params["replaces"].get("then_as", "poi")
        if then_as in replaced:
            then = f"; none left to replace: {replaced[then_as]}"
    paid = f"{cards} {params.get('card', 'card')} card(s) discarded: " if cards else ""
    return values, f"{paid}{count} {piece}{where_text}{then}"


def remove(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Pay exactly the cards the rule asks and take the piece(s) off the board."""
    key = params["cards"]
    name = params.get("card", "cards")
    cards = whole(need(state, key, f"how many {name} cards are discarded"), key)
    cost = whole(params["cost"], "cost")
    if cards != cost:
        raise ProcedureError(f"removing takes {cost} {name} card(s), {cards} given")
    removes = whole(params.get("removes", 1), "removes")
    piece = params.get("piece", "piece(s)")
    values: Values = {params.get("as", "rimossi"): removes}
    board_key = params.get("on_board")
    if board_key and state.get(board_key) is not None:
        there = whole(state[board_key], board_key)
        if there < removes:
            raise ProcedureError(f"no {piece} on the board to remove ({there})")
        values[board_key] = there - removes
    return values, f"{cards} {name} card(s) discarded: {removes} {piece} removed"


OPERATIONS = {"place": place, "remove": remove, "move-marker": move}
