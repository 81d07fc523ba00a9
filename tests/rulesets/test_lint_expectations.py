"""The linter on the five real rulesets: every finding reviewed and recorded.

tests/data/lint/<game>.json holds what a person reviewed (each true finding
has an erratum or a recorded reason to be suppressed; each false one was
fixed in the check). A change in findings fails here until reviewed again
(tests/tools/update_lint_expectations.py rewrites the files).
"""

from __future__ import annotations

import json

import pytest

from compiler.diagnostics import Severity
from compiler.lint import lint_game
from tests.conftest import DATA, ROOT, RULESETS
from tests.tools.update_lint_expectations import summary

GAMES = sorted(p.stem for p in (DATA / "lint").glob("*.json"))


def test_every_ruleset_has_reviewed_expectations() -> None:
    assert sorted(p.name for p in RULESETS.iterdir() if (p / "game.yaml").exists()) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_original_edition_findings_are_the_reviewed_ones(game: str) -> None:
    recorded = json.loads((DATA / "lint" / f"{game}.json").read_text(encoding="utf-8"))
    assert summary(RULESETS / game) == recorded


@pytest.mark.parametrize("game", GAMES)
def test_every_original_finding_is_fixed_by_an_erratum_or_suppressed(game: str) -> None:
    recorded = json.loads((DATA / "lint" / f"{game}.json").read_text(encoding="utf-8"))
    assert all(f["status"] != "open" for f in recorded["findings"]), recorded


@pytest.mark.parametrize("game", GAMES)
def test_living_edition_is_clean(game: str) -> None:
    findings, ok = lint_game(RULESETS / game, ROOT, "living")
    assert ok
    open_findings = [
        f.render() for f in findings if f.status == "open" and f.severity is not Severity.INFO
    ]
    assert open_findings == []


def test_the_source_faults_are_found() -> None:
    """The faults a person found reading Set Europe Ablaze, found by the linter."""
    recorded = json.loads((DATA / "lint" / "set-europe-ablaze.json").read_text())
    found = {(f["code"], f["rule"], f["target"]) for f in recorded["findings"]}
    assert ("XREF001", "8.2.1f", "8.3.7") in found
    assert ("XREF002", "6.2.4", "8.3.4") in found
    assert ("XREF002", "9.1.2", "6.3") in found
    assert ("NAME001", "6.3.10a", "Arrival box") in found
