"""A card layout's template fault has one code and one message, in lint and in the build.

Lint reported it as L10N009, a translation's fault, and said nothing at all of
markup a template makes that is not valid (its quick fit test never parses
tags); the build stopped on both as LAYOUT001.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.backends.cards import face_items, printable_decks
from compiler.diagnostics import CompileError
from compiler.lint import lint_game
from compiler.pipeline import front_end
from tests.checks.test_each_check import materialise

FAULTS = {
    "unknown name": '"{{ card.titel }}"',
    "unclosed tag": '"<b>{{ card.title }}"',
}


def _game(tmp_path: Path, show: str) -> Path:
    game = materialise("L10N009", tmp_path)
    layouts = game / "layouts.yaml"
    layouts.write_text(layouts.read_text().replace('"{{ card.title }}"', show))
    return game


def _said(finding) -> tuple:
    return (finding.code, finding.message, str(finding.location), finding.suggestion)


@pytest.mark.parametrize("show", FAULTS.values(), ids=FAULTS.keys())
def test_lint_reports_a_template_fault_as_the_build_does(tmp_path: Path, show: str) -> None:
    game_dir = _game(tmp_path, show)
    fe = front_end(game_dir, tmp_path)
    assert fe.game is not None
    ((deck, layout),) = printable_decks(fe.game)
    with pytest.raises(CompileError) as built:
        face_items(fe.game, deck, layout)
    findings, ok = lint_game(game_dir, tmp_path)
    assert ok
    layout_faults = [_said(f) for f in findings if f.location.path.endswith("layouts.yaml")]
    assert layout_faults == [_said(f) for f in built.value.findings]
    assert layout_faults[0][0] == "LAYOUT001"
    assert layout_faults[0][2] == "rulesets/L10N009/layouts.yaml:7:11"  # the region, once
    # the text that overflows its box is still the card's own finding
    assert [f.code for f in findings if f.location.path.endswith("cards.yaml")] == ["L10N009"]


def test_select_and_ignore_name_the_code_a_finding_has(tmp_path: Path) -> None:
    game_dir = _game(tmp_path, FAULTS["unknown name"])
    only, _ = lint_game(game_dir, tmp_path, select=["LAYOUT001"])
    assert [f.code for f in only] == ["LAYOUT001"]
    rest, _ = lint_game(game_dir, tmp_path, ignore=["LAYOUT001"])
    assert [f.code for f in rest] == ["L10N009"]
    fit, _ = lint_game(game_dir, tmp_path, select=["L10N009"])
    assert [f.code for f in fit] == ["L10N009"]


def test_the_cli_takes_a_code_lint_reports_for_another_stage() -> None:
    """`--select LAYOUT001` was refused as 'not a lint check' though lint reports it."""
    from compiler.cli import _codes

    assert _codes("layout001,L10N009", "--ignore") == ["LAYOUT001", "L10N009"]
