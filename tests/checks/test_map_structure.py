"""MAP001 on Plan Vert's main table (a ladder of six zones) with its connections
broken the ways a review found unreported: a space connected only to itself, and
connections given twice."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from compiler.lint import lint_game
from tests.conftest import RULESETS

LADDER = "      - {between: [zone-5, zone-6], kind: touching}\n"
MAPS = "rulesets/plan-vert/maps.yaml"


def _lint(tmp_path: Path, connection: str) -> list[tuple[str, str, str, str | None, list[str]]]:
    """MAP findings of Plan Vert with the zone-5–zone-6 connection replaced."""
    game = tmp_path / "rulesets" / "plan-vert"
    shutil.copytree(RULESETS / "plan-vert", game)
    maps = game / "maps.yaml"
    text = maps.read_text(encoding="utf-8")
    assert LADDER in text
    maps.write_text(text.replace(LADDER, connection), encoding="utf-8")
    findings, ok = lint_game(game, tmp_path, select=["MAP001", "MAP002"])
    assert ok, [f.render() for f in findings]
    return [
        (
            f.code,
            str(f.location).rsplit(":", 1)[0],
            f.message,
            f.suggestion,
            [str(r).rsplit(":", 1)[0] for r in f.related],
        )
        for f in findings
    ]


def test_a_space_connected_only_to_itself_is_connected_to_nothing(tmp_path: Path) -> None:
    found = _lint(tmp_path, "      - {between: [zone-6, zone-6], kind: touching}\n")
    assert ("MAP001", f"{MAPS}:23", "zone-6 of 'main-table' is connected to itself") in [
        f[:3] for f in found
    ]
    assert ("MAP001", f"{MAPS}:17", "zone-6 of 'main-table' is connected to nothing") in [
        f[:3] for f in found
    ]
    loop = next(f for f in found if f[2].endswith("connected to itself"))
    assert loop[3] == "a space is never adjacent to itself: name the space it borders"
    assert {f[0] for f in found} == {"MAP001", "MAP002"}  # and zone-6 is still unreachable


def test_a_connection_given_twice_is_reported_at_the_second(tmp_path: Path) -> None:
    found = _lint(tmp_path, LADDER + "      - {between: [zone-1, zone-2]}\n")
    assert found == [
        (
            "MAP001",
            f"{MAPS}:24",
            "the connection zone-1–zone-2 of 'main-table' is given twice",
            "remove it, or correct it to the connection it was meant to be",
            [f"{MAPS}:19"],
        )
    ]


def test_the_same_connection_reversed_on_an_undirected_map_is_a_repeat(tmp_path: Path) -> None:
    found = _lint(tmp_path, LADDER + "      - {between: [zone-3, zone-2], kind: touching}\n")
    assert found == [
        (
            "MAP001",
            f"{MAPS}:24",
            "the connection zone-3–zone-2 of 'main-table' repeats zone-2–zone-3: "
            "an undirected connection goes both ways",
            "remove it, or correct it to the connection it was meant to be",
            [f"{MAPS}:20"],
        )
    ]


def test_a_finding_is_not_moved_into_the_next_map(tmp_path: Path) -> None:
    """Found by a probe: lint moves a finding to where its target is written, and
    took MAP002 about the main table's route to the next map's `component: main-table`."""
    game = tmp_path / "rulesets" / "plan-vert"
    shutil.copytree(RULESETS / "plan-vert", game)
    maps = game / "maps.yaml"
    text = maps.read_text(encoding="utf-8")
    route = "        from: zone-1\n        to: zone-6\n"
    assert route in text and "component: secondary-table" in text
    text = text.replace(route, route + "        avoiding: [zone]\n")
    text = text.replace("component: secondary-table", "component: main-table")
    maps.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    findings, ok = lint_game(game, tmp_path, select=["MAP002"])
    assert ok
    (finding,) = findings
    line = lines[finding.location.line - 1]
    assert "component" not in line
    assert (
        lines.index('      - rule: "5"') + 1
        <= finding.location.line
        <= lines.index("        avoiding: [zone]") + 1
    )


def test_a_map_in_many_parts_names_the_biggest_ten() -> None:
    """Found by a probe: a map of 10,000 parts listed every part's size in one line."""
    from compiler.checks import map_structure
    from compiler.graph import build_graphs
    from compiler.pipeline import front_end
    from tests.conftest import ROOT

    game = front_end(RULESETS / "plan-vert", ROOT).game
    mat = game.maps[0]
    spaces = tuple(
        dataclasses.replace(mat.spaces[0], id=f"s{i}", name=f"s{i}", order=None) for i in range(60)
    )
    pairs = tuple(
        dataclasses.replace(mat.connections[0], a=f"s{i}", b=f"s{i + 1}") for i in range(0, 60, 2)
    )
    split = dataclasses.replace(mat, spaces=spaces, connections=pairs, requires=())
    game = dataclasses.replace(game, maps=(split,))
    (finding,) = [
        f for f in map_structure.check(game, build_graphs(game, None)) if "parts" in f.message
    ]
    sizes = ", ".join(["2"] * 10)
    assert finding.message.endswith(f"falls into 30 unconnected parts ({sizes} and 20 more spaces)")
