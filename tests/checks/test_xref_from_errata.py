"""A dangling reference an erratum wrote is reported at the erratum, not in the rules."""

from __future__ import annotations

from pathlib import Path

from compiler.lint import lint_game
from tests.conftest import copy_mini_case


def test_a_reference_an_erratum_wrote_is_placed_at_the_erratum(tmp_path: Path) -> None:
    """Found by the hunt: the finding pointed at the rules file, where the text reads
    right; the wrong number is in errata.yaml."""
    game = copy_mini_case(tmp_path)
    errata = game / "errata.yaml"
    errata.write_text(errata.read_text().replace("new: (Case 1.1.2)", "new: (Case 1.9.9)"))
    findings, ok = lint_game(game, tmp_path, edition="living", select=["XREF001"])
    assert ok
    (finding,) = [f for f in findings if f.location.path.endswith("errata.yaml")]
    assert str(finding.location) == "rulesets/mini-case/errata.yaml:3:5"
    assert finding.message.startswith("erratum E1 writes 'Case 1.9.9' in 2.1.1")
    assert finding.related and finding.related[0].path.endswith("rules/02-combat.yaml")


def test_plain_lint_shows_a_fault_only_an_erratum_brings(tmp_path: Path) -> None:
    """`casebook lint` lints the original edition by default; a reference an erratum
    wrote wrong exists only in the living edition, which is the one printed."""
    game = copy_mini_case(tmp_path)
    errata = game / "errata.yaml"
    errata.write_text(errata.read_text().replace("new: (Case 1.1.2)", "new: (Case 1.9.9)"))
    findings, ok = lint_game(game, tmp_path, select=["XREF001"])
    assert ok
    brought = [f for f in findings if "in the living edition only" in f.message]
    assert [str(f.location) for f in brought] == ["rulesets/mini-case/errata.yaml:3:5"]
