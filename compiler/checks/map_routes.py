"""MAP002 required-route

## What it finds
A route the rules require that the map's connections do not give: a line
of communication from an area to Germany, an escape route back to a Safe
House, a track that must run the table's length. Each route is declared in
maps.yaml with the rule's words; the check searches the map graph.

## Why it matters
A rule that cannot be satisfied on the printed map (or one that the map
data gets wrong) changes who can score, move or escape.

## Example
    maps.yaml:30:9  5.3.4 requires a route from paris to germany, avoiding 'vichy';
                    the map has none
    help: spaces reachable from paris: …

Passing: a route whose ends are connected through spaces it may pass.
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "MAP002", "required-route", Severity.ERROR
READS = ("maps",)  # the graphs it reads (compiler/graph: built where it runs)


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    for map_id, mg in graphs.maps.items():
        for route in mg.map.requires:
            graph = mg.graph
            missing = [end for end in (route.start, route.end) if end not in graph]
            if missing:
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"{route.rule} requires a route from {route.start} to {route.end}, "
                    f"but {', '.join(missing)} is not a space of {map_id!r}",
                    route.at,
                    rule=route.rule,
                    target=map_id,
                )
                continue
            kinds = {n: d.get("kind") for n, d in graph.nodes(data=True)}
            allowed = graph.subgraph(
                n for n in graph if kinds[n] not in route.avoiding or n in (route.start, route.end)
            )
            if not nx.has_path(allowed, route.start, route.end):
                reach = sorted(nx.node_connected_component(allowed.to_undirected(), route.start))
                avoiding = f", avoiding {', '.join(route.avoiding)}" if route.avoiding else ""
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"{route.rule} requires a route from {route.start} to "
                    f"{route.end}{avoiding}; the map has none",
                    route.at,
                    rule=route.rule,
                    target=map_id,
                    suggestion="reachable from " + route.start + ": " + ", ".join(reach),
                )
