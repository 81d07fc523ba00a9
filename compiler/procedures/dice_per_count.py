"""Kind ``dice-per-count``: one die per counted thing, then count the faces that do something.

Plan Vert's morale (13): roll one D6 per casualty on the table, Germans
ignoring one casualty, and every 1 is a man who runs away. The count, the
side's allowance and the faces that count are the game's; the mechanic is
the same wherever a pool's size is a tally of something on the table.

Operations
- ``dice-count``: params ``count`` (state key of the tally), ``ignore`` (how
  many of the tally a favoured side leaves out; default 0), ``ignore_when``
  (state key of the flag naming that side, e.g. ``german``: the allowance
  applies only when the flag is true; without ``ignore_when`` it applies to
  everyone), ``sides`` (default 6). Writes ``ignored_casualties``
  under the param ``ignored_as`` (default ``ignored``), ``dice_count`` and
  ``dice`` as the book writes it ("3D6").
- ``count-faces``: params ``faces`` (the faces that count, e.g. ``[1]``),
  ``dice`` (state key of the number of dice; default ``dice_count``),
  ``rolls`` (state key of printed faces; default ``rolls``), ``at_most``
  (state key of how many there are to lose, e.g. figures that may run away;
  optional), ``as`` (key for the result; default ``hits``), ``sides``.
  Writes the result under ``as`` and ``rolls``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import (
    Context,
    State,
    Values,
    dice_text,
    flag,
    need,
    rolls,
    whole,
)


def dice_count(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    key = params["count"]
    tally = whole(need(state, key, "what to count"), key.replace("_", " "))
    when = params.get("ignore_when")
    favoured = flag(state, when) if when else True
    ignored = min(tally, int(params.get("ignore", 0))) if favoured else 0
    count = tally - ignored
    sides = int(params.get("sides", 6))
    values = {
        params.get("ignored_as", "ignored"): ignored,
        "dice_count": count,
        "dice": f"{count}D{sides}",
    }
    says = f"{tally} {key.replace('_', ' ')}" + (f", {ignored} ignored" if ignored else "")
    return values, f"{says}: roll {count}D{sides}"


def count_faces(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    faces = {int(f) for f in params["faces"]}
    count_key = params.get("dice", "dice_count")
    rolls_key = params.get("rolls", "rolls")
    if state.get(count_key) is None:
        count = len(need(state, rolls_key, f"the faces rolled, or {count_key}"))
    else:
        count = whole(state[count_key], count_key.replace("_", " "))
    faces_rolled = rolls(state, rolls_key, count, ctx.dice, int(params.get("sides", 6)))
    found = sum(1 for f in faces_rolled if f in faces)
    limit_key = params.get("at_most")
    limit = state.get(limit_key) if limit_key else None
    result = found if limit is None else min(found, whole(limit, limit_key.replace("_", " ")))
    out = params.get("as", "hits")
    shown = ", ".join(str(f) for f in sorted(faces))
    says = f"rolled {dice_text(faces_rolled) or 'no dice'}: {found} show {shown}"
    if result != found:
        says += f"; only {result} can ({limit_key.replace('_', ' ')})"
    return {out: result, rolls_key: faces_rolled}, f"{says}: {out.replace('_', ' ')} {result}"


OPERATIONS = {"dice-count": dice_count, "count-faces": count_faces}
