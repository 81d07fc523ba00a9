"""Kind ``ranged-hits``: shots at a range read from a to-hit table, then saves.

Plan Vert 12: "D6 per shot fired. 6 to hit at 3 zones distant …
Save = 4,5,6 +1 if leader +1 if lying down."

Operations
- ``shoot``: params ``table`` (id of the to-hit table), ``range_column``
  (column holding the distance), ``hit_column`` (column holding the faces
  that hit; default the table's roll column), ``dice_per_shot`` (default 1),
  ``max_shots`` (the most one Shoot action fires, when the rules say); state
  ``distance``, ``shots``, optional printed ``shot_rolls``. Writes
  ``to_hit`` (faces), ``shot_rolls``, ``hits``.
- ``save``: params ``faces`` (faces that save, e.g. [4, 5, 6]) and
  ``modifiers`` ({state flag: added to the roll}); state ``hits``, optional
  printed ``save_rolls`` and the flags. Writes ``save_rolls``, ``saves``,
  ``casualties``. A modified roll above the die's highest face still saves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.model.tables import parse_roll
from compiler.procedures.core import (
    Context,
    ProcedureError,
    State,
    Values,
    dice_text,
    flag,
    need,
    rolls,
    whole,
)
from compiler.procedures.table_lookup import find_row, find_table, table_dice_highest


def shoot(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    table = find_table(ctx, params["table"])
    distance = need(state, "distance", "how many zones away the target is")
    row = find_row(table, params["range_column"], distance)
    hit_column = params.get("hit_column") or table.roll_column
    if hit_column is None:
        raise ProcedureError(f"{table.title}: name the column of faces that hit (hit_column)")
    highest = table_dice_highest(table) or 6
    faces = sorted(parse_roll(table.rows[row][table.column_index(hit_column)], highest) or ())
    shots = whole(need(state, "shots", "shots fired"), "shots")
    most = params.get("max_shots")
    if most is not None and shots > int(most):
        # Plan Vert's Actions table: "Shoot … Maximum 2 shots"; 3 were resolved unremarked
        raise ProcedureError(f"at most {int(most)} shot(s) allowed; {shots} given")
    count = shots * int(params.get("dice_per_shot", 1))
    faces_rolled = rolls(state, "shot_rolls", count, ctx.dice, highest)
    hits = sum(1 for f in faces_rolled if f in faces)
    says = (
        f"{shots} shot(s) at {distance} zone(s) hit on {dice_text(faces)}: "
        f"rolled {dice_text(faces_rolled) or 'nothing'}, {hits} hit(s)"
    )
    return {"to_hit": faces, "shot_rolls": faces_rolled, "hits": hits}, says


def save(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    faces = [int(f) for f in params["faces"]]
    hits = whole(need(state, "hits", "hits to save against"), "hits")
    bonus = sum(int(v) for key, v in params.get("modifiers", {}).items() if flag(state, key))
    faces_rolled = rolls(state, "save_rolls", hits, ctx.dice)
    lowest = min(faces)
    saves = sum(1 for f in faces_rolled if f + bonus >= lowest)
    casualties = hits - saves
    mod = f" {bonus:+d}" if bonus else ""
    says = (
        f"{hits} save roll(s){mod}, saved on {dice_text(faces)}: rolled "
        f"{dice_text(faces_rolled) or 'nothing'}: {saves} saved, {casualties} casualt"
        + ("y" if casualties == 1 else "ies")
    )
    return {"save_rolls": faces_rolled, "saves": saves, "casualties": casualties}, says


OPERATIONS = {"shoot": shoot, "save": save}
