"""Map adjacency graphs: what a connection gives, and what is kept out of the graph."""

from __future__ import annotations

from compiler.diagnostics import Location
from compiler.graph.maps import map_graph
from compiler.model.maps import Connection, GameMap, Space

AT = Location("maps.yaml", 1, 1)


def _map(*connections: tuple[str, str, bool]) -> GameMap:
    spaces = tuple(Space(s, s.upper(), None, None, None, AT) for s in "abc")
    conns = tuple(
        Connection(a, b, f"k{i}", directed, Location("maps.yaml", 10 + i, 9))
        for i, (a, b, directed) in enumerate(connections)
    )
    return GameMap("m", "M", None, None, None, spaces, conns, None, None, AT)


def test_a_connection_to_itself_is_no_edge() -> None:
    mg = map_graph(_map(("a", "b", False), ("c", "c", False)))
    assert [(c.a, c.b) for c in mg.self_loops] == [("c", "c")]
    assert not mg.graph.has_edge("c", "c")
    assert mg.graph.degree("c") == 0


def test_repeats_are_recorded_with_the_connection_they_repeat_and_keep_its_kind() -> None:
    mg = map_graph(_map(("a", "b", False), ("b", "a", False), ("a", "b", False)))
    assert [(r.at.line, first.at.line) for r, first in mg.duplicates] == [(11, 10), (12, 10)]
    assert mg.graph.edges["a", "b"]["kind"] == "k0"


def test_directed_connections_each_way_are_no_repeat_but_one_way_twice_is() -> None:
    mg = map_graph(_map(("a", "b", True), ("b", "a", True), ("a", "b", True)))
    assert [(r.at.line, first.at.line) for r, first in mg.duplicates] == [(12, 10)]
    # an undirected connection after both ways are given adds nothing
    mg = map_graph(_map(("a", "b", True), ("b", "a", True), ("b", "a", False)))
    assert [(r.at.line, first.at.line) for r, first in mg.duplicates] == [(12, 11)]


def test_an_undirected_connection_in_a_map_with_directed_ones_goes_both_ways() -> None:
    mg = map_graph(_map(("a", "b", True), ("b", "c", False)))
    assert mg.graph.is_directed()
    assert mg.graph.has_edge("b", "c") and mg.graph.has_edge("c", "b")
    assert not mg.graph.has_edge("b", "a")
    assert mg.duplicates == ()
