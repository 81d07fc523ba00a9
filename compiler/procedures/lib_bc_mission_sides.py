"""Kind ``two-sided-mission``: a MISSIONE completed, turned to its other side, and turned back.

Liberation: "Il giocatore scarta le carte RESISTENZA per completare una
MISSIONE. Le ABILITÀ delle carte scartate devono corrispondere a quelle
della carta MISSIONE" and the pawn "deve trovarsi sul LUOGO di una MISSIONE
per poterla portare a termine" (base rules). In scenario 5 "quando un
giocatore della RESISTENZA completa una MISSIONE, gira la carta sul lato
LIBERAZIONE"; the BLINDATI column arriving on a LUOGO turns a card showing
LIBERAZIONE back to its MISSIONE side, and "la MISSIONE deve essere
completata nuovamente" (its bonus is gained again: F.A.Q.).

Operations
- ``complete``: params ``cards`` (state key: how many RESISTENZA cards are
  discarded), ``abilities`` (state key: the ABILITÀ icons of those cards;
  one list per card or one flat list; optional), ``needed`` (state key: the
  icons the MISSIONE asks; optional: when both are given every icon asked
  must be among those discarded, as ``mission-completion`` matches them),
  ``on_place`` (state key: whether the pawn stands on the MISSIONE's LUOGO;
  optional), ``as`` (key for the cards discarded; default
  ``carte_scartate``), ``done_as`` / ``done`` / ``not_done`` (key and words
  for the verdict; default ``missione`` / ``completata``).
- ``turn``: params ``sides`` (``{front, back}``: the sides as the game names
  them), ``side`` (state key: the side showing before; default the front),
  ``completed`` / ``done`` (state key and word of the verdict of
  ``complete``), ``as`` (key for the side showing after; default ``lato``),
  ``bonus_as`` / ``bonus`` (key and word for the bonus gained; default
  ``bonus`` / ``gained``). A MISSIONE not completed stays as it is, no bonus.
- ``turn-back``: params ``sides``, ``side``, ``as`` (as above), ``turned_as``
  (key: whether the card was turned; default ``girata``). A card showing its
  back is turned to the front; one showing the front stays as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.procedures import lib_mission
from compiler.procedures.core import Context, ProcedureError, State, Values, need, whole


def complete(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Discard the cards; the MISSIONE is completed when their icons cover its own.

    With both lists of icons the matching is ``mission-completion``'s; with
    only the number of cards the completion stands as the player shows it.
    """
    place_key = params.get("on_place")
    if place_key and state.get(place_key) is False:
        raise ProcedureError("the pawn must stand on the MISSIONE's LUOGO to complete it")
    offered = params.get("abilities", "abilita_carte")
    needed = params.get("needed", "abilita_missione")
    done = params.get("done", "completata")
    if state.get(offered) is not None and state.get(needed) is not None:
        spec = {"required": needed, "discarded": offered, "as": "ok", "cards_as": "cards"}
        found, says = lib_mission.match_abilities(spec, state, ctx)
        cards, ok = found["cards"], found["ok"]
    else:
        key = params.get("cards", "carte")
        cards = whole(need(state, key, "how many RESISTENZA cards are discarded"), key)
        ok = cards >= 1
        says = f"{cards} card(s) discarded (their icons are not given: the player shows they match)"
    verdict = done if ok else params.get("not_done", f"not {done}")
    values = {params.get("as", "carte_scartate"): cards, params.get("done_as", "missione"): verdict}
    return values, f"{says}: {verdict}"


def _sides(params: Mapping[str, Any]) -> tuple[str, str]:
    sides = params["sides"]
    return str(sides["front"]), str(sides["back"])


def _showing(params: Mapping[str, Any], state: State, front: str, back: str) -> str:
    side = str(state.get(params.get("side", "lato_prima")) or front)
    if side.casefold() not in (front.casefold(), back.casefold()):
        raise ProcedureError(f"{side!r} is not a side of the card ({front}, {back})")
    return back if side.casefold() == back.casefold() else front


def turn(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """A completed MISSIONE is turned to its back; its bonus is gained each time."""
    front, back = _sides(params)
    done_key = params.get("completed", "missione")
    done = params.get("done", "completata")
    showing = _showing(params, state, front, back)
    if str(need(state, done_key, "whether the MISSIONE is completed")) != str(done):
        values = {params.get("as", "lato"): showing, params.get("bonus_as", "bonus"): None}
        return values, f"not {done}: the card stays on its {showing}, no bonus"
    if showing == back:
        raise ProcedureError(f"the card already shows its {back}: turn it back first")
    bonus = params.get("bonus", "gained")
    values = {params.get("as", "lato"): back, params.get("bonus_as", "bonus"): bonus}
    return values, f"turned to the {back}; bonus {bonus}"


def turn_back(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """The card showing its back is turned to the front; the MISSIONE is to be done again."""
    front, back = _sides(params)
    was = _showing(params, state, front, back)
    turned = was == back
    values = {params.get("as", "lato"): front, params.get("turned_as", "girata"): turned}
    return values, f"turned from the {back} to the {front}" if turned else f"shows the {front}"


OPERATIONS = {"complete": complete, "turn": turn, "turn-back": turn_back}
