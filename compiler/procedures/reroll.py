"""Kind ``all-or-none-reroll``: dice rolled together are re-rolled together or not at all.

Plan Vert's victory points (17): "Victory points can be re-rolled. All or
none for each criterion." A criterion's dice ("3D6") form one group: the
player may re-roll the whole group or keep it, never some of its dice. The
re-rolled faces replace the first ones.

Operations
- ``options``: params ``dice`` (state key of the group, "3D6" or a number of
  dice). Writes ``dice_count``, ``may_reroll`` as the book says it ("all 3 or
  none") and ``may_reroll_counts`` (how many dice a re-roll may take: all of
  them, or none).
- ``reroll``: params ``dice`` (as above), ``rolls`` (state key of the first
  faces; rolled if absent; default ``rolls``), ``choice`` (state key of the
  player's choice; default ``reroll``: true / "all" / the group's size for
  all, false / "none" / 0 for none, or the list of faces to re-roll, which
  must be all of them or none), ``rerolls`` (state key of the new faces;
  rolled if absent; default ``rerolls``), ``as`` (key for the total; default
  ``points``). Writes ``dice_rerolled``, ``rerolled_faces`` (the faces given
  up), ``final_rolls`` and the total under ``as``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, dice_text, need, rolls

_DICE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*$")


def group(value: Any) -> tuple[int, int]:
    """(number of dice, sides) of a group written "3D6", "D6" or as a number of d6."""
    if isinstance(value, bool):
        raise ProcedureError(f"{value!r} is not a group of dice")
    if isinstance(value, int):
        count, sides = value, 6
    elif m := _DICE.match(str(value)):
        count, sides = int(m.group(1) or 1), int(m.group(2))
    elif str(value).strip().isdigit():
        count, sides = int(str(value).strip()), 6
    else:
        raise ProcedureError(f"{value!r} is not a group of dice (such as 3D6)")
    if count < 1 or sides < 2:
        raise ProcedureError(f"{value!r} is not a group of dice (such as 3D6)")
    return count, sides


def _group(params: Mapping[str, Any], state: State) -> tuple[int, int]:
    key = params.get("dice", "dice")
    return group(need(state, key, "the criterion's dice, such as 3D6"))


def options(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    count, sides = _group(params, state)
    values = {
        "dice_count": count,
        "may_reroll": f"all {count} or none",
        "may_reroll_counts": [count, 0],
    }
    return values, f"{count}D{sides} rolled together: a re-roll takes all {count} or none"


def rerolled_count(choice: Any, first: list[int]) -> int:
    """How many of ``first`` the choice re-rolls: all of them or none, else an error."""
    size = len(first)
    if isinstance(choice, bool):
        return size if choice else 0
    if isinstance(choice, str) and choice.strip().casefold() in ("all", "none"):
        return size if choice.strip().casefold() == "all" else 0
    if isinstance(choice, list | tuple):
        wanted = Counter(int(f) for f in choice)
        if wanted - Counter(first):
            raise ProcedureError(
                f"cannot re-roll {dice_text(sorted(wanted.elements()))}: "
                f"the dice show {dice_text(first)}"
            )
        number = sum(wanted.values())
    else:
        try:
            number = int(choice)
        except (TypeError, ValueError):
            raise ProcedureError(
                f"re-roll choice {choice!r}: say all, none or which dice"
            ) from None
    if number not in (0, size):
        raise ProcedureError(
            f"all or none for each criterion: re-roll all {size} dice or none, not {number}"
        )
    return number


def reroll(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    count, sides = _group(params, state)
    rolls_key = params.get("rolls", "rolls")
    first = rolls(state, rolls_key, count, ctx.dice, sides)
    choice_key = params.get("choice", "reroll")
    number = rerolled_count(need(state, choice_key, "re-roll: all or none"), first)
    final = (
        rolls(state, params.get("rerolls", "rerolls"), count, ctx.dice, sides) if number else first
    )
    out = params.get("as", "points")
    values = {
        rolls_key: first,
        "dice_rerolled": number,
        "rerolled_faces": first if number else [],
        "final_rolls": final,
        out: sum(final),
    }
    says = f"rolled {dice_text(first)}"
    says += f", re-rolled all {count}: {dice_text(final)}" if number else ", kept"
    return values, f"{says}: {out.replace('_', ' ')} {sum(final)}"


OPERATIONS = {"options": options, "reroll": reroll}
