"""Map adjacency as networkx graphs, one per map, plus what did not fit."""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from compiler.model.game import Game
from compiler.model.maps import Connection, GameMap


@dataclass(frozen=True)
class MapGraph:
    """A map's adjacency, and the connections left out of it (MAP001 reports them).

    A space is never adjacent to itself, so a connection between a space and
    itself is kept out of the graph; so is one that gives no way another did not
    already give (the first one's ``kind`` stays on the edge). In a map with
    directed connections, an undirected one is an edge each way.
    """

    map: GameMap
    graph: nx.Graph | nx.DiGraph
    unknown_ends: tuple[tuple[Connection, str], ...]  # a connection naming no space
    self_loops: tuple[Connection, ...] = ()  # between a space and itself
    duplicates: tuple[tuple[Connection, Connection], ...] = ()  # (repeat, the one it repeats)


def _ways(conn: Connection) -> tuple[tuple[str, str], ...]:
    """The moves a connection allows: one way if directed, else both."""
    return ((conn.a, conn.b),) if conn.directed else ((conn.a, conn.b), (conn.b, conn.a))


def map_graph(game_map: GameMap) -> MapGraph:
    directed = any(c.directed for c in game_map.connections)
    graph: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    for space in game_map.spaces:
        graph.add_node(space.id, name=space.name, kind=space.kind)
    unknown = []
    loops = []
    duplicates = []
    given: dict[tuple[str, str], Connection] = {}  # each way, with the first connection giving it
    for conn in game_map.connections:
        ends = [end for end in (conn.a, conn.b) if end not in graph]
        unknown += [(conn, end) for end in ends]
        if ends:
            continue
        if conn.a == conn.b:
            loops.append(conn)
            continue
        ways = _ways(conn)
        if all(way in given for way in ways):
            duplicates.append((conn, given[ways[0]]))
            continue
        for way in ways:
            if way not in given:
                given[way] = conn
                if directed or not graph.has_edge(*way):
                    graph.add_edge(*way, kind=conn.kind)
    return MapGraph(game_map, graph, tuple(unknown), tuple(loops), tuple(duplicates))


def map_graphs(game: Game) -> dict[str, MapGraph]:
    return {game_map.id: map_graph(game_map) for game_map in game.maps}
