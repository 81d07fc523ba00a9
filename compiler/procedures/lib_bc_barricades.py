"""Kind ``barricades``: paths closed by barricades, and a column that advances on the others.

Liberation, scenario 5: a RESISTENZA player "può posizionare un segnalino
BARRICATA su uno dei percorsi adiacenti alla sua posizione scartando carte
RESISTENZA con 3 volte la stessa ABILITÀ"; "Se non ci sono più segnalini
BARRICATA disponibili, è possibile spostarne uno già giocato"; the pawn
"deve essere adiacente alla BARRICATA posizionata". The OCCUPANTE "può
scartare una o due carte OFFENSIVA per spostare la colonna di BLINDATI di
un numero di caselle pari al numero di carte giocate", never across a
BARRICATA; "Se la colonna dei BLINDATI tedeschi è bloccata dalle BARRICATE
senza poter avanzare, l'AZIONE offensiva ... non sarà più possibile".
Arriving on a LUOGO whose MISSIONE shows LIBERAZIONE, the column turns it
back (``turn-back``, from ``two-sided-mission``).

The scenario's board is not in the source: a path is named by the two
LUOGHI it joins, as the examples do ("tra Montmartre e La Villette"). With a
board (param ``map``, or ``edges`` / the state's ``edges_key``, as
``graph-route`` reads them) the paths are checked against it.

Operations
- ``erect``: params ``path`` (state key: the two LUOGHI the path joins;
  default ``percorso``), ``pawn`` (state key: where the player's pawn stands;
  optional), ``abilities`` (state key: the ABILITÀ of the cards discarded;
  optional), ``same`` (how many times one ABILITÀ must appear), ``pieces``
  (barricades in the game), ``placed`` (state key: paths already closed;
  default ``barricate``), ``moved_from`` (state key: the path whose
  barricade is moved when none is left), ``between`` (how the game names a
  path; default "{a} - {b}"), ``as`` (default ``barricata``). Writes the
  path closed, the paths closed after (under ``placed``) and
  ``barricate_disponibili``; nothing when no path is given.
- ``blocked``: params ``paths`` (state key: how many paths leave the
  column's LUOGO; default ``percorsi``), ``barricaded`` (state key: how many
  of them carry a barricade; default ``percorsi_con_barricata``), or, with a
  board, ``position`` (state key of the column's LUOGO) and ``placed``;
  ``as`` (default ``percorsi_bloccati``), ``possible_as`` (default
  ``offensiva_possibile``); nothing when neither the paths nor the column's
  LUOGO are given.
- ``advance``: params ``cards`` (state key: cards discarded), ``card``,
  ``min_cards`` / ``max_cards``, ``per_card`` (spaces a card moves; default
  1), ``route`` (state key: the LUOGHI entered, in order; default
  ``tragitto``), ``position`` (state key of the column's LUOGO; optional;
  written after), ``placed`` (paths with a barricade), ``closed_here``
  (state key: LUOGHI next to the column whose path carries a barricade,
  for when its own LUOGO is not named; default ``barricate_verso``),
  ``toward`` (how the game says the way taken; default "toward {to}"),
  ``toward_as`` (default ``direzione``), ``as`` (spaces moved; default
  ``caselle``), ``closed_as`` (the ways closed; default ``verso_bloccati``).
- ``turn-back``: see ``two-sided-mission``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import networkx as nx

from compiler.procedures import graph_route
from compiler.procedures.core import Context, ProcedureError, State, Values, need, whole
from compiler.procedures.lib_bc_mission_sides import turn_back


def path_of(value: Any, what: str) -> tuple[str, str]:
    """A path as the pair of LUOGHI it joins."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ProcedureError(f"{what}: a path is the pair of LUOGHI it joins, not {value!r}")
    a, b = (str(v).strip() for v in value)
    if a.casefold() == b.casefold():
        raise ProcedureError(f"{what}: a path joins two different LUOGHI ({a})")
    return a, b


def same_path(p: tuple[str, str], q: tuple[str, str]) -> bool:
    return {p[0].casefold(), p[1].casefold()} == {q[0].casefold(), q[1].casefold()}


def closed_paths(params: Mapping[str, Any], state: State) -> list[tuple[str, str]]:
    key = params.get("placed", "barricate")
    return [path_of(p, key) for p in state.get(key) or []]


def _check_cards(params: Mapping[str, Any], state: State) -> str:
    abilities = state.get(params.get("abilities", "abilita_scartate"))
    same = whole(params.get("same", 3), "same")
    if abilities is None:
        return f"(the cards are not given: they must show one ABILITÀ {same} times)"
    counts = Counter(str(a).casefold() for a in abilities)
    best, times = counts.most_common(1)[0] if counts else ("", 0)
    if times < same:
        raise ProcedureError(f"the cards must show one ABILITÀ {same} times; at most {times} given")
    return f"{same} x {best}"


def erect(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Close a path next to the pawn, with a new barricade or, if none is left, a moved one."""
    path_key = params.get("path", "percorso")
    if state.get(path_key) is None:
        return {}, f"no {path_key} given: no barricade erected"
    path = path_of(state[path_key], path_key)
    pawn = state.get(params.get("pawn", "posizione_pedina"))
    if pawn is not None and str(pawn).casefold() not in {e.casefold() for e in path}:
        raise ProcedureError(f"the pawn at {pawn} is not next to the path {path[0]} - {path[1]}")
    graph = graph_route.board(params, state, ctx)
    if graph is not None and not graph.has_edge(*(graph_route.space(graph, e) for e in path)):
        raise ProcedureError(f"no path between {path[0]} and {path[1]} on the board")
    cards = _check_cards(params, state)
    placed = closed_paths(params, state)
    if any(same_path(path, p) for p in placed):
        raise ProcedureError(f"the path {path[0]} - {path[1]} is closed already")
    left = whole(params["pieces"], "pieces") - len(placed)
    says = f"{cards}: "
    if left <= 0:
        moved_key = params.get("moved_from", "spostata_da")
        moved = path_of(need(state, moved_key, "no barricade left: the one moved"), moved_key)
        if not any(same_path(moved, p) for p in placed):
            raise ProcedureError(f"no barricade between {moved[0]} and {moved[1]} to move")
        placed = [p for p in placed if not same_path(moved, p)]
        left, says = 1, says + f"moved from {moved[0]} - {moved[1]}, "
    shown = str(params.get("between", "{a} - {b}")).format(a=path[0], b=path[1])
    values = {
        params.get("as", "barricata"): shown,
        params.get("placed", "barricate"): [list(p) for p in [*placed, path]],
        "barricate_disponibili": left - 1,
    }
    return values, says + f"barricade {shown}"


def _count_blocked(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[int, int]:
    """Paths leaving the column's LUOGO and how many are closed: from the board, else as given."""
    graph = graph_route.board(params, state, ctx)
    where = params.get("position", "posizione_blindato")
    if graph is not None and state.get(where) is not None:
        here = graph_route.space(graph, state[where])
        ways = [(here, str(n)) for n in nx.all_neighbors(graph, here)]
        placed = closed_paths(params, state)
        return len(ways), sum(any(same_path(w, p) for p in placed) for w in ways)
    paths_key = params.get("paths", "percorsi")
    what = "the paths leaving the column's LUOGO, or the board as edges"
    paths = whole(need(state, paths_key, what), paths_key)
    closed_key = params.get("barricaded", "percorsi_con_barricata")
    closed = whole(need(state, closed_key, "how many of them carry a barricade"), closed_key)
    if closed > paths:
        raise ProcedureError(f"{closed} barricaded paths out of {paths}")
    return paths, closed


def blocked(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Is the column shut in? Then the OCCUPANTE's offensive is no longer possible."""
    on_board = state.get(params.get("position", "posizione_blindato")) is not None
    if not on_board and state.get(params.get("paths", "percorsi")) is None:
        return {}, "the paths leaving the column's LUOGO are not given: not judged"
    paths, closed = _count_blocked(params, state, ctx)
    possible = closed < paths
    values = {
        params.get("as", "percorsi_bloccati"): closed,
        params.get("possible_as", "offensiva_possibile"): possible,
    }
    verdict = "the column can still advance" if possible else "the column cannot advance"
    return values, f"{closed} of {paths} path(s) closed: {verdict}"


def _closed_here(params: Mapping[str, Any], state: State) -> list[str]:
    """LUOGHI next to the column whose path carries a barricade, as the state names them."""
    return [str(v) for v in state.get(params.get("closed_here", "barricate_verso")) or []]


def _leg_closed(params: Mapping[str, Any], state: State, leg: int, a: str | None, b: str) -> bool:
    """Is the way from a to b closed, by a barricade on the path or one the state names?"""
    if a is not None and any(same_path((a, b), p) for p in closed_paths(params, state)):
        return True
    return leg == 0 and b.casefold() in {v.casefold() for v in _closed_here(params, state)}


def _cards_played(params: Mapping[str, Any], state: State) -> int:
    key = params["cards"]
    name = params.get("card", "cards")
    cards = whole(need(state, key, f"how many {name} cards are discarded"), key)
    least, most = int(params.get("min_cards", 1)), params.get("max_cards")
    if cards < least or (most is not None and cards > int(most)):
        bounds = f"{least}" + (f" to {most}" if most is not None else " or more")
        raise ProcedureError(f"{bounds} {name} card(s) may be discarded; {cards} given")
    return cards


def _ways_closed(params: Mapping[str, Any], state: State, start: str | None) -> list[str]:
    """Where the column cannot go from its LUOGO: the LUOGHI beyond a barricade."""
    closed = _closed_here(params, state)
    if start is not None:
        for p, q in closed_paths(params, state):
            if start.casefold() == p.casefold():
                closed.append(q)
            elif start.casefold() == q.casefold():
                closed.append(p)
    return sorted(set(closed))


def advance(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """One space per card, along open paths only; the column ends on the last LUOGO entered."""
    cards = _cards_played(params, state)
    spaces = cards * whole(params.get("per_card", 1), "per_card")
    route = [str(s) for s in need(state, params.get("route", "tragitto"), "the LUOGHI entered")]
    if len(route) != spaces:
        raise ProcedureError(f"{cards} card(s) move {spaces} space(s); {len(route)} LUOGHI given")
    where = params.get("position", "posizione_blindato")
    start = None if state.get(where) is None else str(state[where])
    graph = graph_route.board(params, state, ctx)
    for leg, (a, b) in enumerate(zip([start, *route], route, strict=False)):
        if graph is not None and a is not None:
            ends = (graph_route.space(graph, a), graph_route.space(graph, b))
            if not graph.has_edge(*ends):
                raise ProcedureError(f"no path from {a} to {b} on the board")
        if _leg_closed(params, state, leg, a, b):
            raise ProcedureError(f"a BARRICATA closes the way {a or 'from the column'} to {b}")
    toward = str(params.get("toward", "toward {to}")).format(to=route[0])
    values = {
        params.get("as", "caselle"): spaces,
        params.get("toward_as", "direzione"): toward,
        where: route[-1],
        params.get("closed_as", "verso_bloccati"): _ways_closed(params, state, start),
    }
    name = params.get("card", "cards")
    return values, f"{cards} {name} card(s): {toward}, {spaces} space(s), to {route[-1]}"


OPERATIONS = {"erect": erect, "blocked": blocked, "advance": advance, "turn-back": turn_back}
