"""Map adjacency as networkx graphs, one per map, plus what did not fit."""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from compiler.model.game import Game
from compiler.model.maps import Connection, GameMap


@dataclass(frozen=True)
class MapGraph:
    map: GameMap
    graph: nx.Graph | nx.DiGraph
    unknown_ends: tuple[tuple[Connection, str], ...]  # a connection naming no space


def map_graphs(game: Game) -> dict[str, MapGraph]:
    out = {}
    for game_map in game.maps:
        directed = any(c.directed for c in game_map.connections)
        graph: nx.Graph = nx.DiGraph() if directed else nx.Graph()
        for space in game_map.spaces:
            graph.add_node(space.id, name=space.name, kind=space.kind)
        unknown = []
        for conn in game_map.connections:
            for end in (conn.a, conn.b):
                if end not in graph:
                    unknown.append((conn, end))
            if conn.a in graph and conn.b in graph:
                graph.add_edge(conn.a, conn.b, kind=conn.kind)
        out[game_map.id] = MapGraph(game_map, graph, tuple(unknown))
    return out
