"""Every procedure kind Casebook implements, by the name procedures.yaml uses.

A kind is a module of pure operations (see core.py); its docstring is what
``casebook resolve --kinds`` prints, so it documents each operation's params.
"""

from __future__ import annotations

from types import ModuleType

from compiler.procedures import (
    agent_status,
    book_flow,
    cancelling_dice,
    countdown,
    dice_per_count,
    face_set,
    graph_route,
    lib_bc_barricades,
    lib_bc_extra_actions,
    lib_bc_free_move,
    lib_bc_interrogation,
    lib_bc_marker_track,
    lib_bc_medals,
    lib_bc_mission_sides,
    lib_bc_placement,
    lib_card_purchase,
    lib_mission,
    lib_pawn_placement,
    opposed_pool,
    ordered_boxes,
    ranged_hits,
    reroll,
    score_track,
    table_lookup,
    table_sum,
    threshold_check,
    track_count,
)
from compiler.procedures.core import Operation, ProcedureError

KINDS: dict[str, ModuleType] = {
    "table-lookup": table_lookup,
    "opposed-pool": opposed_pool,
    "die-face-set": face_set,
    "ranged-hits": ranged_hits,
    "countdown": countdown,
    "table-sum": table_sum,
    "dice-per-count": dice_per_count,
    "all-or-none-reroll": reroll,
    "track-count": track_count,
    "ordered-boxes": ordered_boxes,
    "graph-route": graph_route,
    "cancelling-dice": cancelling_dice,
    "score-track": score_track,
    "card-purchase": lib_card_purchase,
    "pawn-placement": lib_pawn_placement,
    "mission-completion": lib_mission,
    "threshold-check": threshold_check,
    "book-flow": book_flow,
    "agent-status": agent_status,
    "marker-track": lib_bc_marker_track,
    "place-pieces": lib_bc_placement,
    "free-move": lib_bc_free_move,
    "extra-actions": lib_bc_extra_actions,
    "interrogation": lib_bc_interrogation,
    "two-sided-mission": lib_bc_mission_sides,
    "barricades": lib_bc_barricades,
    "medal-condition": lib_bc_medals,
}


def operation(kind: str, op: str) -> Operation:
    module = KINDS.get(kind)
    if module is None:
        raise ProcedureError(f"no procedure kind {kind!r}; known: {', '.join(sorted(KINDS))}")
    found = module.OPERATIONS.get(op)
    if found is None:
        known = ", ".join(sorted(module.OPERATIONS))
        raise ProcedureError(f"kind {kind!r} has no operation {op!r}; it has: {known}")
    return found
