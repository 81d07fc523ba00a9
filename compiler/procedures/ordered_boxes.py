"""Kind ``ordered-boxes``: fill numbered boxes in order; done when every box is filled.

Maquis Mission cards (mission-actions): each success marks one success
square; squares numbered '1' must all be marked before any '2' (and so on);
the Mission is complete when every square is marked. Squares without a
number may be marked at any time.

Operations
- ``mark``: params ``boxes`` (state key of the card's boxes, e.g. ``["1", "1",
  "2"]``), ``marked`` (state key of the boxes already marked; default
  ``marked_squares``), ``action`` (state key of what was done; default
  ``action``), ``actions`` (the action's name -> the box number it fills;
  without it the action names the box), ``complete_as`` (key for the
  verdict; default ``complete``), ``box_name`` (what the game calls a box,
  for messages; default ``box``). Writes ``marked`` (the box filled), the
  ``marked`` list, ``still_open``, ``actions_performed`` (one more than the
  state held) and the verdict.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from compiler.procedures.core import Context, ProcedureError, State, Values, need


def _rank(label: str) -> int | None:
    """The order a box's label puts it in; None for a box without a number."""
    text = label.strip()
    return int(text) if text.isdigit() else None


def open_boxes(boxes: list[str], marked: list[str]) -> list[str]:
    """The boxes still empty, in the card's order."""
    left = Counter(marked)
    still = []
    for box in boxes:
        if left[box]:
            left[box] -= 1
        else:
            still.append(box)
    if +left:
        extra = ", ".join(sorted(left.elements()))
        raise ProcedureError(f"marked {extra}, which the card does not have ({', '.join(boxes)})")
    return still


def may_mark(box: str, still: list[str], name: str = "box") -> None:
    """Refuse a box that is not on the card, is full, or comes before a lower number is done."""
    if box not in still:
        left = ", ".join(still) or "none"
        raise ProcedureError(f"no empty '{box}' {name} left (still empty: {left})")
    rank = _rank(box)
    if rank is None:
        return
    earlier = sorted({b for b in still if (r := _rank(b)) is not None and r < rank})
    if earlier:
        first = ", ".join(f"'{b}'" for b in earlier)
        raise ProcedureError(f"every {first} {name} must be marked before any '{box}'")


def mark(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    boxes = [str(b) for b in need(state, params["boxes"], "the boxes on the card")]
    marked_key = params.get("marked", "marked_squares")
    marked = [str(b) for b in state.get(marked_key) or []]
    action = need(state, params.get("action", "action"), "what was done")
    actions: Mapping[str, Any] = params.get("actions") or {}
    if actions:
        if action not in actions:
            raise ProcedureError(f"no action {action!r}; the card has {', '.join(actions)}")
        box = str(actions[action])
    else:
        box = str(action)
    still = open_boxes(boxes, marked)
    name = params.get("box_name", "box")
    may_mark(box, still, name)
    still.remove(box)
    done = not still
    performed = int(state.get("actions_performed") or 0) + 1
    values = {
        "marked": box,
        marked_key: [*marked, box],
        "still_open": still,
        "actions_performed": performed,
        params.get("complete_as", "complete"): done,
    }
    says = f"{action}: mark a '{box}' {name}; " + (
        f"every {name} is marked: complete" if done else f"still empty: {', '.join(still)}"
    )
    return values, says


OPERATIONS = {"mark": mark}
