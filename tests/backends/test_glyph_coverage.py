"""Every text a PDF prints is checked for glyphs the embedded fonts lack (FONT001):
map, space and route names on the play mats, and counter sheets' titles and
count_why in their manifests printed empty boxes with exit 0 before."""

from __future__ import annotations

import dataclasses

import pytest

from compiler.backends.pdf.glyphs import check_glyphs
from compiler.diagnostics import CompileError
from compiler.pipeline import front_end
from tests.conftest import ROOT, RULESETS

CJK = "地区"


def _fails_at(game, what: str) -> str:
    with pytest.raises(CompileError) as raised:
        check_glyphs(game)
    (finding,) = raised.value.findings
    assert finding.code == "FONT001"
    assert what in finding.message and "'地' (U+5730)" in finding.message
    return str(finding.location)


def test_a_space_name_the_fonts_cannot_draw() -> None:
    game = front_end(RULESETS / "plan-vert", ROOT).game
    check_glyphs(game)  # as the source has it: every glyph drawn
    (mat, *others) = game.maps
    space = dataclasses.replace(mat.spaces[0], name=f"{CJK} 1")
    mat = dataclasses.replace(mat, spaces=(space, *mat.spaces[1:]))
    broken = dataclasses.replace(game, maps=(mat, *others))
    assert "maps.yaml" in _fails_at(broken, f"space {space.id} of map {mat.id}")


def test_a_map_name_the_fonts_cannot_draw() -> None:
    game = front_end(RULESETS / "plan-vert", ROOT).game
    mat = dataclasses.replace(game.maps[0], name=CJK)
    _fails_at(dataclasses.replace(game, maps=(mat, *game.maps[1:])), f"map {mat.id}")


def test_a_counter_sheet_title_and_count_why_the_fonts_cannot_draw() -> None:
    game = front_end(RULESETS / "set-europe-ablaze", ROOT).game
    check_glyphs(game)
    sheet = game.counter_sheets[0]
    titled = dataclasses.replace(sheet, title=CJK)
    game_titled = dataclasses.replace(game, counter_sheets=(titled, *game.counter_sheets[1:]))
    assert "counters.yaml" in _fails_at(game_titled, f"counter sheet {sheet.id}")
    entry = dataclasses.replace(sheet.counters[0], count_why=CJK)
    why = dataclasses.replace(sheet, counters=(entry, *sheet.counters[1:]))
    game_why = dataclasses.replace(game, counter_sheets=(why, *game.counter_sheets[1:]))
    _fails_at(game_why, f"count_why of {entry.component}")
