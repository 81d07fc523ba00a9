"""MAP001 map-structure

## What it finds
In a map whose connections the ruleset holds: a connection naming a space
the map does not have, a connection between a space and itself (a space
is never adjacent to itself, so one end is a typo), a connection given
twice (a warning; `[b, a]` repeats an undirected `[a, b]`, which goes both
ways), a space connected to nothing (a connection to itself does not
count), a map that falls apart into pieces no route can cross, or (where
adjacency is given one way, per space) a space listing a neighbour that
does not list it back.

## Why it matters
Movement, supply and escape-route rules are evaluated on these graphs; a
broken adjacency list silently changes what is legal.

## Example
    maps.yaml:20:11  zone-7 is not a space of map 'main-table'
    maps.yaml:9:11   zone-6 of 'main-table' is connected to nothing
    maps.yaml:23:9   zone-6 of 'main-table' is connected to itself
    maps.yaml:24:9   the connection zone-3–zone-2 of 'main-table' repeats
                     zone-2–zone-3: an undirected connection goes both ways

Passing: six zones connected 1-2-3-4-5-6 (a ladder).
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "MAP001", "map-structure", Severity.ERROR
READS = ("maps",)  # the graphs it reads (compiler/graph: built where it runs)


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    for map_id, mg in graphs.maps.items():
        game_map = mg.map
        for conn, end in mg.unknown_ends:
            yield Finding(
                CODE,
                SEVERITY,
                f"{end} is not a space of map {map_id!r}",
                conn.at,
                suggestion="spaces: " + ", ".join(s.id for s in game_map.spaces),
                target=end,
            )
        for conn in mg.self_loops:
            yield Finding(
                CODE,
                SEVERITY,
                f"{conn.a} of {map_id!r} is connected to itself",
                conn.at,
                suggestion="a space is never adjacent to itself: name the space it borders",
                target=f"{conn.a}-{conn.b}",
            )
        for conn, first in mg.duplicates:
            if (conn.a, conn.b) == (first.a, first.b):
                message = f"the connection {conn.a}–{conn.b} of {map_id!r} is given twice"
            else:
                message = (
                    f"the connection {conn.a}–{conn.b} of {map_id!r} repeats {first.a}–{first.b}: "
                    "an undirected connection goes both ways"
                )
            yield Finding(
                CODE,
                Severity.WARNING,
                message,
                conn.at,
                suggestion="remove it, or correct it to the connection it was meant to be",
                related=(first.at,),
                target=f"{conn.a}-{conn.b}",
            )
        if not game_map.connections or game_map.missing:
            continue  # connections not in the source, or only some of them: nothing to judge
        if mg.graph.is_directed():
            # Adjacency given one way per space: each way should be given back.
            for conn in game_map.connections:
                known = conn.a in mg.graph and conn.b in mg.graph and conn.a != conn.b
                if conn.directed and known and not mg.graph.has_edge(conn.b, conn.a):
                    yield Finding(
                        CODE,
                        Severity.WARNING,
                        f"{conn.a} lists {conn.b} as adjacent, but {conn.b} does not list {conn.a}",
                        conn.at,
                        target=f"{conn.a}-{conn.b}",
                        suggestion=f"add {conn.b} -> {conn.a}, or mark the connection "
                        "undirected if the rules mean both ways",
                    )
        undirected = mg.graph.to_undirected() if mg.graph.is_directed() else mg.graph
        for space in game_map.spaces:
            if undirected.degree(space.id) == 0:
                yield Finding(
                    CODE,
                    Severity.WARNING,
                    f"{space.id} of {map_id!r} is connected to nothing",
                    space.at,
                    target=space.id,
                )
        pieces = [p for p in nx.connected_components(undirected) if len(p) > 1]
        if len(pieces) > 1:
            # the biggest first, and ten at most: 10,000 parts made a line of 30 KB
            counts = sorted((len(p) for p in pieces), reverse=True)
            sizes = ", ".join(map(str, counts[:10])) + (
                f" and {len(counts) - 10} more" if len(counts) > 10 else ""
            )
            yield Finding(
                CODE,
                SEVERITY,
                f"map {map_id!r} falls into {len(pieces)} unconnected parts ({sizes} spaces)",
                game_map.at,
                target=map_id,
            )
