"""Kind ``die-face-set``: collect a set of die faces over turns (Plan Vert task completion).

Each roll sets aside the faces the set still needs; the task is done when
every face of the set is held.

Operations
- ``dice-for-points``: params ``per_point`` (dice per point spent, default 1),
  ``max`` (most dice a turn); state ``points`` key named by param ``points``.
  Writes ``dice`` as the book writes it ("4D6").
- ``roll-set``: params ``faces`` (the set, default 1-6), ``count`` (state key
  with the number of dice, or a number), ``rolls`` (state key of printed
  faces), ``held`` (state key of faces already set aside). Writes
  ``set_aside``, ``still_needed``, ``task_complete``.
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import (
    Context,
    ProcedureError,
    State,
    Values,
    dice_text,
    need,
    rolls,
    whole,
)


def dice_for_points(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    key = params.get("points", "points")
    points = whole(need(state, key, "points spent"), key.replace("_", " "))
    limit = params.get("max")
    if limit is not None and points > int(limit):
        raise ProcedureError(f"at most {limit} points a turn; {points} given")
    count = points * int(params.get("per_point", 1))
    return {"dice": f"{count}D6", "dice_count": count}, f"{points} points buy {count}D6"


def roll_set(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    faces = [int(f) for f in params.get("faces", range(1, 7))]
    held = _held(state, params.get("held", "held"), faces)
    count_key = params.get("count", "dice_count")
    count = count_key if isinstance(count_key, int) else state.get(count_key)
    rolls_key = params.get("rolls", "rolls")
    if count is None:
        count = len(need(state, rolls_key, "the faces rolled"))
    faces_rolled = rolls(state, rolls_key, int(count), ctx.dice)
    set_aside = sorted(set(held) | {f for f in faces_rolled if f in faces})
    still = [f for f in faces if f not in set_aside]
    values = {"set_aside": set_aside, "still_needed": still, "task_complete": not still}
    rolled, kept = dice_text(faces_rolled) or "no dice", dice_text(set_aside) or "nothing"
    says = f"rolled {rolled}: set aside {kept}; " + (
        "the set is complete" if not still else f"still needed {dice_text(still)}"
    )
    return values, says


def _held(state: State, key: str, faces: list[int]) -> list[int]:
    """The faces already set aside, each one the die has: 7, -1, 1.5 and true were
    taken (7 "set aside"), and a map or a date was a Python error blamed on the
    procedure's file (found by a probe)."""
    given = state.get(key, None)
    if given is None or given == "":  # "held=": nothing set aside
        given = []
    if isinstance(given, int) and not isinstance(given, bool):  # 0 too: not a face
        given = [given]  # one face set aside
    if not isinstance(given, (list, tuple)):
        raise ProcedureError(
            f"{key} is the faces already set aside, a list such as [1, 3] or 1,3; "
            f"not {reprlib.repr(given)}"
        )
    held = set()
    for value in given:
        face = whole(value, f"a face in {key}")
        if face not in faces:
            raise ProcedureError(f"{key}: {face} is not a face of the die ({dice_text(faces)})")
        held.add(face)
    return sorted(held)


OPERATIONS = {"dice-for-points": dice_for_points, "roll-set": roll_set}
