"""Kind ``score-track``: a tug-of-war track, one marker pulled toward either side's end.

Liberation: "il calcolo del punteggio avviene secondo il principio del
'tiro alla fune'": each side's points pull the one marker toward its own end;
reaching an end wins at once; the side the marker leans to leads. The
position is counted from the start (0), upward toward the second of
``sides``, downward toward the first.

Operations
- ``move``: params ``sides`` (the two sides, ``[low, high]``), ``pushes``
  (``{state key: side}``: the number in that key moves the marker that many
  positions toward that side), ``awards`` (``{state key: positions}``: the key
  names the side that gains that many positions, e.g. a medal's winner),
  ``position`` (state key of where the marker stands; default ``position``;
  param ``start`` when absent, default 0), ``ends`` (positions from the start
  to each end, a number or ``{side: n}``; optional). Events whose keys the
  state lacks do nothing; when none is given the step writes nothing. Writes
  the new position (under ``position``), the positions moved (``as``, default
  ``moved``), the side moved toward (``toward_as``, default ``toward``; null
  if the events cancel out), the side ahead (``leader_as``, default
  ``leader``; null when level) and, with ``ends``, the side that reached its
  end (``winner_as``, default ``winner``; null while nobody has).
- ``standing``: params ``sides``, ``position``, ``start``, ``tiebreak``
  (``{side: state key}``: what breaks a level score, e.g. medals held).
  Writes the side ahead (``as``, default ``leader``; null if still level).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values


def _sides(params: Mapping[str, Any]) -> tuple[str, str]:
    sides = params.get("sides")
    if not isinstance(sides, list | tuple) or len(sides) != 2:
        raise ProcedureError(f"sides names the two ends of the track, [low, high]: {sides!r}")
    return str(sides[0]), str(sides[1])


def _number(value: Any, what: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ProcedureError(f"{what} must be a whole number, not {value!r}") from None


def _sign(side: Any, sides: tuple[str, str], what: str) -> int:
    """+1 toward the high side, -1 toward the low side."""
    text = str(side).strip().casefold()
    for sign, name in ((-1, sides[0]), (1, sides[1])):
        if text == name.casefold():
            return sign
    raise ProcedureError(f"{what}: {side!r} is not a side of this track ({', '.join(sides)})")


def _position(params: Mapping[str, Any], state: State) -> int:
    key = params.get("position", "position")
    value = state.get(key)
    return _number(params.get("start", 0) if value is None else value, key)


def _leader(position: int, sides: tuple[str, str]) -> str | None:
    return sides[1] if position > 0 else sides[0] if position < 0 else None


def _ends(params: Mapping[str, Any], sides: tuple[str, str]) -> dict[str, int] | None:
    ends = params.get("ends")
    if ends is None:
        return None
    if isinstance(ends, Mapping):
        return {side: _number(ends[side], f"ends {side}") for side in sides}
    return {side: _number(ends, "ends") for side in sides}


def move(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Pull the marker by every scoring event the state gives; stop at an end."""
    sides = _sides(params)
    shift = 0
    events = []
    for key, side in (params.get("pushes") or {}).items():
        if state.get(key) is not None:
            amount = _number(state[key], key)
            shift += amount * _sign(side, sides, key)
            events.append(f"{key.replace('_', ' ')} {amount} toward {side}")
    for key, amount in (params.get("awards") or {}).items():
        if state.get(key) is not None:
            shift += _number(amount, key) * _sign(state[key], sides, key)
            events.append(f"{key.replace('_', ' ')} {state[key]}: {amount} toward {state[key]}")
    if not events:
        return {}, "no scoring event: the marker stays"
    before = _position(params, state)
    after = before + shift
    ends = _ends(params, sides)
    winner = None
    if ends is not None:
        if after >= ends[sides[1]]:
            after, winner = ends[sides[1]], sides[1]
        elif after <= -ends[sides[0]]:
            after, winner = -ends[sides[0]], sides[0]
    toward = _leader(after - before, sides)
    values: Values = {
        params.get("position", "position"): after,
        params.get("as", "moved"): abs(after - before),
        params.get("toward_as", "toward"): toward,
        params.get("leader_as", "leader"): _leader(after, sides),
    }
    if ends is not None:
        values[params.get("winner_as", "winner")] = winner
    says = "; ".join(events) + f": the marker moves {abs(after - before)}"
    says += f" toward {toward}" if toward else ""
    says += f", from {before} to {after}"
    says += f"; {winner} reaches its end and wins" if winner else ""
    return values, says


def standing(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Who is ahead; a level track goes to whoever holds more of the tiebreak."""
    sides = _sides(params)
    position = _position(params, state)
    leader = _leader(position, sides)
    says = f"marker at {position}: " + (f"{leader} ahead" if leader else "level")
    tiebreak = params.get("tiebreak") or {}
    if leader is None and tiebreak:
        held = {side: _number(state.get(tiebreak.get(side)) or 0, side) for side in sides}
        if held[sides[0]] != held[sides[1]]:
            leader = max(sides, key=lambda side: held[side])
        says += "; " + ", ".join(f"{side} {held[side]}" for side in sides)
        says += f": {leader} ahead" if leader else ": still level"
    return {params.get("as", "leader"): leader}, says


OPERATIONS = {"move": move, "standing": standing}
