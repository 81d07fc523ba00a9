"""Kind graph-route: movement allowance, and routes over a map that avoid occupied spaces."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from compiler.diagnostics import Location
from compiler.model.maps import Connection, GameMap, Space
from compiler.procedures.core import Context, Dice, ProcedureError
from compiler.procedures.graph_route import allowance, check_path, reach, route
from compiler.procedures.replay import replay
from tests.conftest import living_game

AT = Location("maps.yaml", 1, 1)

#   a - b - c - d
#   |       |
#   e ----- f
LINKS = [("a", "b"), ("b", "c"), ("c", "d"), ("a", "e"), ("e", "f"), ("f", "c")]


def _ctx(directed: bool = False) -> Context:
    spaces = tuple(
        Space(s, f"Luogo {s.upper()}", "casa" if s == "e" else None, None, None, AT)
        for s in "abcdef"
    )
    links = tuple(Connection(a, b, None, directed, AT) for a, b in LINKS)
    paris = GameMap("paris", "Parigi", None, None, None, spaces, links, None, None, AT)
    return Context(SimpleNamespace(maps=(paris,)), Dice())  # type: ignore[arg-type]


MAP = {"map": "paris"}


def test_allowance_turns_card_points_into_spaces() -> None:
    params = {"cards": "carte", "value_each": "punti", "as": "caselle", "points_as": "pt"}
    values, says = allowance(params, {"carte": 2, "punti": 1}, _ctx())
    assert values == {"pt": 2, "caselle": 2}
    assert "2 point(s) move 2 space(s)" in says
    listed, _ = allowance({"cards": "carte", "spaces_per_point": 2}, {"carte": [1, 3]}, _ctx())
    assert listed == {"points": 4, "spaces": 8}


def test_allowance_adds_free_spaces_and_keeps_to_the_maximum() -> None:
    params = {"cards": "carte", "free": "gratis", "max": 3}
    values, says = allowance(params, {"carte": 1, "gratis": 1}, _ctx())
    assert values["spaces"] == 2 and "(1 free)" in says
    with pytest.raises(ProcedureError, match="at most 3 spaces"):
        allowance(params, {"carte": 4}, _ctx())


def test_allowance_errors_name_what_is_missing_or_wrong() -> None:
    with pytest.raises(ProcedureError, match="needs carte"):
        allowance({"cards": "carte"}, {}, _ctx())
    with pytest.raises(ProcedureError, match="cannot be negative"):
        allowance({"cards": "carte"}, {"carte": -1}, _ctx())
    with pytest.raises(ProcedureError, match="whole number"):
        allowance({"cards": "carte"}, {"carte": "due"}, _ctx())


def test_route_is_the_shortest_open_way() -> None:
    values, says = route(MAP, {"from": "a", "to": "d", "spaces": 3}, _ctx())
    assert values == {"route": ["a", "b", "c", "d"], "distance": 3, "reachable": True}
    assert "can go" in says


def test_route_goes_round_occupied_spaces_and_blocked_links() -> None:
    state = {"from": "a", "to": "d", "occupied": ["b"]}
    values, _ = route(MAP, state, _ctx())
    assert values["route"] == ["a", "e", "f", "c", "d"] and values["distance"] == 4
    barricade = {"from": "a", "to": "c", "blocked": [["b", "c"]]}
    assert route(MAP, barricade, _ctx())[0]["route"] == ["a", "e", "f", "c"]


def test_route_too_long_or_closed_is_not_reachable() -> None:
    short, says = route(MAP, {"from": "a", "to": "d", "spaces": 2}, _ctx())
    assert short["distance"] == 3 and short["reachable"] is False and "too far" in says
    shut = {"from": "a", "to": "d", "occupied": ["b", "f"]}
    closed, says = route(MAP, shut, _ctx())
    assert closed == {"route": None, "distance": None, "reachable": False}
    assert "no open route" in says
    onto = route(MAP, {"from": "a", "to": "b", "occupied": ["b"]}, _ctx())[0]
    assert onto["reachable"] is False


def test_route_reads_names_and_avoids_kinds() -> None:
    state = {"from": "Luogo A", "to": "luogo f"}
    assert route(MAP, state, _ctx())[0]["route"] == ["a", "e", "f"]
    avoid = {**MAP, "avoid_kinds": ["casa"]}
    assert route(avoid, state, _ctx())[0]["route"] == ["a", "b", "c", "f"]


def test_route_on_a_directed_map_follows_the_arrows() -> None:
    values, _ = route(MAP, {"from": "d", "to": "a"}, _ctx(directed=True))
    assert values["reachable"] is False


def test_edges_stand_in_for_a_map_the_game_lacks() -> None:
    edges = [["Montmartre", "La Villette"], ["Montmartre", "Opéra"], ["Opéra", "Châtelet"]]
    values, _ = route({"edges": edges}, {"from": "La Villette", "to": "Châtelet"}, _ctx())
    assert values["distance"] == 3
    from_state = {"edges": edges, "from": "Châtelet", "to": "Opéra"}
    assert route({}, from_state, _ctx())[0]["distance"] == 1


def test_route_errors_name_the_map_the_space_or_the_board() -> None:
    with pytest.raises(ProcedureError, match=r"no map 'londra'.*paris"):
        route({"map": "londra"}, {"from": "a", "to": "b"}, _ctx())
    with pytest.raises(ProcedureError, match="no space 'z'"):
        route(MAP, {"from": "a", "to": "z"}, _ctx())
    with pytest.raises(ProcedureError, match="needs a board"):
        route({}, {"from": "a", "to": "b"}, _ctx())
    with pytest.raises(ProcedureError, match="needs to"):
        route(MAP, {"from": "a"}, _ctx())
    with pytest.raises(ProcedureError, match=r"pair \[a, b\]"):
        route(MAP, {"from": "a", "to": "b", "blocked": ["b"]}, _ctx())


def test_reach_lists_every_space_within_the_allowance() -> None:
    values, _ = reach(MAP, {"from": "a", "spaces": 2}, _ctx())
    assert values == {"reachable_spaces": ["b", "c", "e", "f"]}
    blocked, _ = reach(MAP, {"from": "a", "spaces": 1, "occupied": ["e"]}, _ctx())
    assert blocked["reachable_spaces"] == ["b"]


def test_check_path_follows_the_links_and_the_allowance() -> None:
    ok, says = check_path(MAP, {"path": ["a", "b", "c"], "spaces": 2}, _ctx())
    assert ok == {"distance": 2, "legal": True, "problem": None} and "legal" in says
    jump, _ = check_path(MAP, {"path": ["a", "c"]}, _ctx())
    assert jump["legal"] is False and jump["problem"] == "a and c are not connected"
    through, _ = check_path(MAP, {"path": ["a", "b", "c"], "occupied": ["b"]}, _ctx())
    assert through["problem"] == "the way from a to b is closed"
    far, _ = check_path(MAP, {"path": ["a", "b", "c", "d"], "spaces": 2}, _ctx())
    assert far["problem"] == "3 spaces, more than the 2 paid for"


def test_check_path_without_a_board_counts_spaces_only() -> None:
    values, _ = check_path({}, {"path": ["x", "y", "z"], "spaces": 2}, _ctx())
    assert values == {"distance": 2, "legal": True, "problem": None}
    with pytest.raises(ProcedureError, match="needs path"):
        check_path({}, {}, _ctx())
    with pytest.raises(ProcedureError, match="names no space"):
        check_path({}, {"path": []}, _ctx())


def test_liberation_move_example_replays() -> None:
    game = living_game("liberation")
    example = next(x for x in game.examples if x.id == "esempio-spostarsi-giallo")
    result = replay(game, example)
    assert result.status == "match"
    assert {c.key for c in result.checks} == {"caselle"}
