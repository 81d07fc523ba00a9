"""Kind ``graph-route``: move a pawn over a map's spaces, paying for the spaces it covers.

Points spent buy a movement allowance; a route then runs over the map's
graph (maps.yaml, see compiler/graph/maps.py) without entering occupied
spaces or crossing blocked connections (a barricade), and is legal when it
is no longer than the allowance. Spaces are named by their id or their name.

The graph, for ``route``, ``reach`` and ``check-path``: param ``map`` (id of
a map in maps.yaml); else param ``edges`` (a list of ``[a, b]`` pairs, for a
board that maps.yaml does not hold: quote the rule that gives each pair);
else the state key named by param ``edges_key`` (default ``edges``), for a
piece of board an example prints.

Operations
- ``allowance``: params ``cards`` (state key: how many cards are spent, or
  the list of their point values), ``value_each`` (state key: the points of
  each card when ``cards`` is a count; default: param ``points_per_card``,
  else 1), ``spaces_per_point`` (default 1), ``free`` (state key: spaces the
  player may move without paying; optional), ``max`` (most spaces a move may
  cover; optional). Writes ``points`` (param ``points_as``) and the spaces
  the move may cover (param ``as``, default ``spaces``).
- ``route``: params ``from``/``to`` (state keys of the two spaces; default
  ``from``/``to``), ``occupied`` (state key: spaces that may not be entered;
  default ``occupied``), ``blocked`` (state key: ``[a, b]`` connections that
  may not be crossed; default ``blocked``), ``avoid_kinds`` (space kinds never
  entered), ``allowance`` (state key of the most spaces; default ``spaces``;
  no limit when absent). Writes the shortest route (``route_as``, default
  ``route``: the list of spaces from start to end, or null), its length
  (``distance_as``, default ``distance``) and whether the move can be made
  (``as``, default ``reachable``).
- ``reach``: params as ``route`` without ``to``. Writes the spaces the pawn
  can end on within the allowance, sorted (``as``, default ``reachable_spaces``).
- ``check-path``: params ``path`` (state key: the spaces in order, start
  first; default ``path``), ``occupied``, ``blocked``, ``allowance``. Without
  a graph only the length and the allowance are checked. Writes the spaces
  covered (``distance_as``, default ``distance``), ``legal`` (``as``) and
  what is wrong (``problem_as``, default ``problem``; null when legal).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any

import networkx as nx

from compiler.graph.maps import map_graphs
from compiler.procedures.core import Context, ProcedureError, State, Values, need, whole


def allowance(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Points from the cards spent, as spaces ("2 caselle scartando 2 carte da 1 punto")."""
    cards_key = params.get("cards", "cards")
    cards = need(state, cards_key, "the cards spent to move")
    if isinstance(cards, list | tuple):
        points = sum(whole(v, f"a card's value in {cards_key}") for v in cards)
        shown = f"cards worth {'+'.join(str(v) for v in cards)}"
    else:
        count = whole(cards, cards_key)
        each_key = params.get("value_each")
        each = state.get(each_key) if each_key else None
        each = whole(params.get("points_per_card", 1) if each is None else each, "points a card")
        points = count * each
        shown = f"{count} card(s) of {each} point(s)"
    spaces = points * whole(params.get("spaces_per_point", 1), "spaces_per_point")
    free_key = params.get("free")
    free = whole(state.get(free_key) or 0, free_key) if free_key else 0
    spaces += free
    limit = params.get("max")
    if limit is not None and spaces > int(limit):
        raise ProcedureError(f"a move covers at most {limit} spaces; {spaces} paid for")
    says = f"{shown}: {points} point(s) move {spaces} space(s)" + (
        f" ({free} free)" if free else ""
    )
    return {params.get("points_as", "points"): points, params.get("as", "spaces"): spaces}, says


def board(params: Mapping[str, Any], state: State, ctx: Context) -> nx.Graph | None:
    """The graph moves run on: the map named, the edges given, or None if there is neither."""
    map_id = params.get("map")
    if map_id is not None:
        graphs = map_graphs(ctx.game)
        if map_id not in graphs:
            known = ", ".join(sorted(graphs)) or "none"
            raise ProcedureError(f"no map {map_id!r} in this game (maps: {known})")
        return graphs[map_id].graph
    edges = params.get("edges")
    if edges is None:
        edges = state.get(params.get("edges_key", "edges"))
    if edges is None:
        return None
    graph = nx.Graph()
    for pair in edges:
        a, b = _pair(pair, "edges")
        graph.add_edge(a, b)
    return graph


def _graph(params: Mapping[str, Any], state: State, ctx: Context) -> nx.Graph:
    graph = board(params, state, ctx)
    if graph is None:
        raise ProcedureError(
            "needs a board: param map (a map in maps.yaml) or edges, "
            f"or the connections in {params.get('edges_key', 'edges')}"
        )
    return graph


def _pair(pair: Any, what: str) -> tuple[str, str]:
    if not isinstance(pair, list | tuple) or len(pair) != 2:
        raise ProcedureError(f"{what}: a connection is a pair [a, b], not {pair!r}")
    return str(pair[0]), str(pair[1])


def space(graph: nx.Graph, name: Any) -> str:
    """The node a person means by an id or a space's name (any case)."""
    text = str(name).strip()
    if text in graph:
        return text
    wanted = text.casefold()
    for node, data in graph.nodes(data=True):
        if str(node).casefold() == wanted or str(data.get("name") or "").casefold() == wanted:
            return node
    raise ProcedureError(f"no space {text!r} on this board")


def _open_graph(params: Mapping[str, Any], state: State, graph: nx.Graph, start: str) -> nx.Graph:
    """The board less what a pawn may not use: occupied spaces, blocked links, avoided kinds."""
    free = graph.copy()
    closed = {space(graph, n) for n in state.get(params.get("occupied", "occupied")) or []}
    kinds = set(params.get("avoid_kinds") or [])
    closed |= {n for n, d in graph.nodes(data=True) if kinds and d.get("kind") in kinds}
    free.remove_nodes_from(closed - {start})
    for pair in state.get(params.get("blocked", "blocked")) or []:
        a, b = (space(graph, end) for end in _pair(pair, "blocked"))
        if free.has_edge(a, b):
            free.remove_edge(a, b)
        if free.is_directed() and free.has_edge(b, a):
            free.remove_edge(b, a)
    return free


def _limit(params: Mapping[str, Any], state: State) -> int | None:
    key = params.get("allowance", "spaces")
    value = state.get(key)
    return None if value is None else whole(value, key)


def route(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """The shortest legal route and whether the allowance covers it."""
    graph = _graph(params, state, ctx)
    start = space(graph, need(state, params.get("from", "from"), "the space the pawn leaves"))
    end = space(graph, need(state, params.get("to", "to"), "the space the pawn goes to"))
    free = _open_graph(params, state, graph, start)
    limit = _limit(params, state)
    try:
        path = [str(n) for n in nx.shortest_path(free, start, end)] if end in free else None
    except nx.NetworkXNoPath:
        path = None
    distance = None if path is None else len(path) - 1
    ok = distance is not None and (limit is None or distance <= limit)
    values = {
        params.get("route_as", "route"): path,
        params.get("distance_as", "distance"): distance,
        params.get("as", "reachable"): ok,
    }
    if path is None:
        says = f"no open route from {start} to {end}"
    else:
        says = f"{' - '.join(path)}: {distance} space(s)" + (
            "" if limit is None else f", allowance {limit}: " + ("can go" if ok else "too far")
        )
    return values, says


def reach(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Every space the pawn can end its move on."""
    graph = _graph(params, state, ctx)
    start = space(graph, need(state, params.get("from", "from"), "the space the pawn leaves"))
    free = _open_graph(params, state, graph, start)
    lengths = nx.single_source_shortest_path_length(free, start, cutoff=_limit(params, state))
    ends = sorted(str(n) for n in lengths if n != start)
    return {params.get("as", "reachable_spaces"): ends}, (
        f"from {start}: {', '.join(ends) or 'nowhere'}"
    )


def check_path(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    """Is a path a person traces legal: linked, open, within the allowance?"""
    path = [str(s) for s in need(state, params.get("path", "path"), "the spaces in order")]
    if not path:
        raise ProcedureError("the path names no space")
    graph = board(params, state, ctx)
    problem = None
    if graph is not None:
        path = [space(graph, s) for s in path]
        free = _open_graph(params, state, graph, path[0])
        for a, b in pairwise(path):
            if not graph.has_edge(a, b):
                problem = f"{a} and {b} are not connected"
            elif b not in free or not free.has_edge(a, b):
                problem = f"the way from {a} to {b} is closed"
            if problem:
                break
    distance = len(path) - 1
    limit = _limit(params, state)
    if problem is None and limit is not None and distance > limit:
        problem = f"{distance} spaces, more than the {limit} paid for"
    values = {
        params.get("distance_as", "distance"): distance,
        params.get("as", "legal"): problem is None,
        params.get("problem_as", "problem"): problem,
    }
    return values, f"{' - '.join(path)}: {distance} space(s), " + (problem or "legal")


OPERATIONS = {"allowance": allowance, "route": route, "reach": reach, "check-path": check_path}
