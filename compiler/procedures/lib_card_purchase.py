"""Kind ``card-purchase``: take a card from a display by discarding cards worth its cost.

Liberation's RECLUTARE (the RESISTENZA pays "punti OPERAZIONE pari o
superiore al numero di icone ABILITÀ") and PIANIFICARE (the OCCUPANTE
discards "un numero di carte luogo corrispondente al costo della carta"):
the cards paid, the comparison with the cost, where the card bought goes,
and the display filled again.

Operations
- ``pay``: params ``cards`` (state key: how many cards are discarded, or the
  list of their values), ``value_each`` (state key: the value of each card
  when ``cards`` is a count; default: param ``points_per_card``, else 1),
  ``cost`` (state key of the card's cost; optional), ``compare`` (``at-least``
  or ``exactly``), ``item`` (state key naming the card wanted), ``display``
  (state key of the cards on offer; optional: when given the card must be one
  of them) and ``display_size`` (how many the display shows). Writes the cards
  discarded (``cards_as``, default ``cards_paid``), their value
  (``points_as``, default ``points``) and the card obtained (``as``, default
  ``acquired``; null when the payment falls short). When the cost is not
  given, the purchase stands as the player declares it and the step writes
  what the payment says of the cost (``cost_as``, default ``cost_bound``):
  the most it can be (``at-least``) or what it is (``exactly``).
- ``place``: where the card obtained goes. Params ``destination`` (one place
  for every card), or ``zones`` (``{zone: place}``) with ``zone`` (state key of
  the zone the card was taken from), ``taken`` (state key of the card
  obtained; optional: when it is null nothing is placed). Without the zone,
  writes the places it may go (``choices_as``, default ``destinations``).
  Writes the place (``as``, default ``destination``).
- ``refill``: params ``display`` (state key of the cards on offer, in order),
  ``taken`` (state key of the card taken), ``deck`` (state key of the cards
  that fill the display, top first; optional), ``size``. The cards after the
  one taken slide toward the start and the last space is filled from the
  deck. Writes the new display (under ``display``) and the spaces left empty
  (``empty_as``, default ``empty_spaces``). Without the display, or when no
  card was taken, it writes nothing and says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, need, whole

COMPARISONS = ("at-least", "exactly")


def payment(params: Mapping[str, Any], state: State) -> tuple[int, int]:
    """(cards discarded, their total value) from a count and a value, or a list of values."""
    key = params.get("cards", "cards")
    cards = need(state, key, "the cards discarded to pay")
    if isinstance(cards, list | tuple):
        return len(cards), sum(whole(v, f"a card's value in {key}") for v in cards)
    count = whole(cards, key)
    each_key = params.get("value_each")
    each = state.get(each_key) if each_key else None
    each = params.get("points_per_card", 1) if each is None else each
    return count, count * whole(each, "the value of a card")


def pay(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Compare what the discards are worth with the cost, and say whether the card is taken."""
    compare = params.get("compare", "at-least")
    if compare not in COMPARISONS:
        raise ProcedureError(f"compare is one of {', '.join(COMPARISONS)}, not {compare!r}")
    item_key = params.get("item", "item")
    item = need(state, item_key, "the card wanted")
    display_key = params.get("display")
    display = state.get(display_key) if display_key else None
    if display is not None:
        size = params.get("display_size")
        if size is not None and len(display) > int(size):
            raise ProcedureError(f"{display_key} shows at most {size} cards, not {len(display)}")
        if item not in display:
            raise ProcedureError(f"{item} is not among the cards on offer ({', '.join(display)})")
    count, points = payment(params, state)
    values: Values = {
        params.get("cards_as", "cards_paid"): count,
        params.get("points_as", "points"): points,
    }
    cost_key = params.get("cost")
    cost = state.get(cost_key) if cost_key else None
    paid = f"{count} card(s) worth {points}"
    if cost is None:
        values[params.get("as", "acquired")] = item
        values[params.get("cost_as", "cost_bound")] = points
        bound = "at most" if compare == "at-least" else "exactly"
        return values, f"{paid}: {item} is taken if its cost is {bound} {points} (not given)"
    cost = whole(cost, cost_key)
    enough = points >= cost if compare == "at-least" else points == cost
    values[params.get("as", "acquired")] = item if enough else None
    wanted = f"{cost} or more" if compare == "at-least" else f"exactly {cost}"
    says = f"{paid}; {item} costs {cost}, the rule asks {wanted}: " + (
        f"{item} is taken" if enough else "not enough" if points < cost else "too many"
    )
    return values, says


def place(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Where the card obtained goes: one place, or the place its zone sends it to."""
    taken_key = params.get("taken")
    if taken_key and state.get(taken_key) is None:
        return {}, "no card obtained: nothing to place"
    if "destination" in params:
        where = params["destination"]
        return {params.get("as", "destination"): where}, f"the card goes to {where}"
    zones = params.get("zones")
    if not zones:
        raise ProcedureError("needs param destination, or zones with zone")
    zone_key = params.get("zone", "zone")
    zone = state.get(zone_key)
    if zone is None:
        choices = list(zones.values())
        names = ", ".join(str(z) for z in zones)
        return {params.get("choices_as", "destinations"): choices}, (
            f"the place depends on the zone the card was in ({names}): give {zone_key}"
        )
    for name, where in zones.items():
        if str(name).casefold() == str(zone).strip().casefold():
            says = f"zone {name}: the card goes to {where}"
            return {params.get("as", "destination"): where}, says
    raise ProcedureError(f"{zone_key}: no zone {zone!r} (zones: {', '.join(map(str, zones))})")


def refill(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Close the gap the card leaves, toward the start, and fill the end from the deck."""
    display_key = params.get("display", "display")
    display = state.get(display_key)
    taken_key = params.get("taken", "acquired")
    if state.get(taken_key) is None:
        return {}, "no card taken: the display stays as it is"
    if display is None:
        return {}, (
            "slide the cards after the one taken toward the start and fill the last "
            f"space (give {display_key} to see the new display)"
        )
    taken = state[taken_key]
    row = list(display)
    if taken not in row:
        raise ProcedureError(f"{taken} is not in {display_key} ({', '.join(map(str, row))})")
    row.remove(taken)
    size = whole(params.get("size", len(display)), "size")
    deck_key = params.get("deck")
    deck = list(state.get(deck_key) or []) if deck_key else []
    while len(row) < size and deck:
        row.append(deck.pop(0))
    empty = size - len(row)
    values: Values = {display_key: row, params.get("empty_as", "empty_spaces"): empty}
    if deck_key:
        values[deck_key] = deck
    says = f"{taken} taken; the display is now {', '.join(map(str, row)) or 'empty'}"
    return values, says + (f" ({empty} space(s) empty)" if empty else "")


OPERATIONS = {"pay": pay, "place": place, "refill": refill}
