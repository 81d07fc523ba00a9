"""NUM002 beyond its fixture: a misfiled rule is one fault, not also a NUM001 gap."""

from __future__ import annotations

from pathlib import Path

from compiler.diagnostics import Location
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


def test_a_gap_of_a_hundred_billion_numbers_is_named_by_its_ends() -> None:
    """Found by a probe: case 8.1.99999999999 after 8.1.5 listed every missing number,
    and lint ran out of memory."""
    from compiler.checks.num_sequence import _sequence

    at = Location("rules.yaml", 3, 5)
    (finding,) = _sequence([(1, at, "1."), (99_999_999_999, at, "99999999999.")], "list")
    assert finding.message == "list: '99999999999.' follows 1; 2 to 99999999998 are missing"
