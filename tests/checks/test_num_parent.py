"""NUM002 beyond its fixture: a misfiled rule is one fault, not also a NUM001 gap."""

from __future__ import annotations

from pathlib import Path

from compiler.lint import lint_game
from tests.checks.test_each_check import materialise


def test_a_misfiled_rule_is_left_out_of_its_parents_sequence(tmp_path: Path) -> None:
    game = materialise("NUM002", tmp_path)
    findings, ok = lint_game(game, tmp_path, select=["NUM001", "NUM002"])
    assert ok, [f.render() for f in findings]
    numbering = sorted(f.message for f in findings if f.code == "NUM001")
    # 12.3.4 under 12.2 and 12.3 under 11.0 are NUM002's, not gaps there; 12.2.10 after
    # 12.2.1 is a real gap, and so is 12.0 without its 12.3 (filed under 11.0)
    assert numbering == [
        "rules under 12.0 SUPPLY: '12.4' follows 2; 3 is missing",
        "rules under 12.2 Lines: '12.2.10' follows 1; 2, 3, 4, 5, 6, 7, 8, 9 is missing",
    ]
    assert sorted(f.target for f in findings if f.code == "NUM002") == ["12.3", "12.3.4", "12.41.1"]
