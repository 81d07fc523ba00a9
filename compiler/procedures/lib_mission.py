"""Kind ``mission-completion``: complete a MISSIONE on its LUOGO with matching ABILITÀ.

Liberation: "il segnalino del giocatore della RESISTENZA deve trovarsi sul
LUOGO di una MISSIONE per poterla portare a termine", and "Le ABILITÀ delle
carte scartate devono corrispondere a quelle della carta MISSIONE"; the FAQ
allows more ABILITÀ than the mission needs ("i punti operazione in eccesso
sono perduti").

Operations
- ``at-location``: params ``pawn`` (state key: where the player's pawn
  stands), ``mission`` (state key: the LUOGO of the MISSIONE), ``on_site``
  (state key of a yes/no the example gives instead of the two places;
  optional). Writes whether the player may complete it (``as``, default
  ``can_complete``) and the MISSIONE's LUOGO when they may
  (``mission_as``, default ``mission``; null otherwise).
- ``match-abilities``: params ``required`` (state key: the icons the MISSIONE
  asks for, a list with repeats, e.g. ``[radio, radio, sabotaggio]``),
  ``discarded`` (state key: the icons of the cards discarded, one list per
  card or one flat list), ``points`` (state key of the MISSIONE's victory
  points; optional). Each icon asked for needs one icon of the same name
  among the cards. Writes ``completed`` (``as``), the icons still missing
  (``missing_as``, default ``missing``), the icons left over
  (``excess_as``, default ``excess``), the cards discarded (``cards_as``,
  default ``cards``) and, with ``points``, the victory points won
  (``score_as``, default ``score``; 0 if not completed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, flag, need


def _place(value: Any) -> str:
    return " ".join(str(value).split()).casefold()


def at_location(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Is the pawn on the MISSIONE's LUOGO?"""
    mission_key = params.get("mission", "mission")
    pawn_key = params.get("pawn", "pawn")
    flag_key = params.get("on_site")
    mission = state.get(mission_key)
    pawn = state.get(pawn_key)
    if mission is not None and pawn is not None:
        ok = _place(pawn) == _place(mission)
        says = f"pawn on {pawn}, MISSIONE at {mission}: " + ("may complete it" if ok else "too far")
    elif flag_key and state.get(flag_key) is not None:
        ok = flag(state, flag_key)
        says = "pawn on the MISSIONE's LUOGO" if ok else "pawn elsewhere"
    else:
        missing = " and ".join(k for k in (mission_key, pawn_key) if state.get(k) is None)
        raise ProcedureError(f"needs {missing} (the MISSIONE's LUOGO and where the pawn stands)")
    values = {params.get("as", "can_complete"): ok, params.get("mission_as", "mission"): None}
    if ok:
        values[params.get("mission_as", "mission")] = mission
    return values, says


def _icons(value: Any, what: str) -> tuple[list[str], int]:
    """(the icons, the number of cards) from one list per card or one flat list."""
    if not isinstance(value, list | tuple):
        raise ProcedureError(f"{what} lists ABILITÀ icons, not {value!r}")
    if all(isinstance(card, list | tuple) for card in value):
        return [str(i) for card in value for i in card], len(value)
    if any(isinstance(card, list | tuple) for card in value):
        raise ProcedureError(f"{what}: give one list per card or one flat list, not a mix")
    return [str(i) for i in value], len(value)


def match_abilities(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Every icon the MISSIONE asks for matched by one of the cards' icons."""
    required_key = params.get("required", "required")
    discarded_key = params.get("discarded", "discarded")
    required, _ = _icons(need(state, required_key, "the MISSIONE's icons"), required_key)
    offered, cards = _icons(need(state, discarded_key, "the cards' icons"), discarded_key)
    wanted, have = Counter(required), Counter(offered)
    missing = sorted((wanted - have).elements())
    excess = sorted((have - wanted).elements())
    done = not missing
    values: Values = {
        params.get("as", "completed"): done,
        params.get("missing_as", "missing"): missing,
        params.get("excess_as", "excess"): excess,
        params.get("cards_as", "cards"): cards,
    }
    says = f"{cards} card(s) give {', '.join(offered) or 'nothing'}: " + (
        "the MISSIONE is completed" if done else f"missing {', '.join(missing)}"
    )
    if excess:
        says += f" ({len(excess)} icon(s) beyond it are lost)"
    points_key = params.get("points")
    if points_key:
        points = need(state, points_key, "the MISSIONE's victory points")
        values[params.get("score_as", "score")] = int(points) if done else 0
    return values, says


OPERATIONS = {"at-location": at_location, "match-abilities": match_abilities}
