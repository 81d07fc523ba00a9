"""References as the prose writes them, resolved into the graph."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.pipeline import front_end
from tests.conftest import ROOT, RULESETS

MINI = ROOT / "tests" / "rulesets" / "mini-case"


@pytest.fixture(scope="module")
def mini():
    return front_end(MINI, ROOT)


@pytest.fixture(scope="module")
def sea():
    return front_end(RULESETS / "set-europe-ablaze", ROOT)


def test_a_list_of_targets_yields_one_reference_each(mini) -> None:
    refs = [
        (owner, s.text, s.word) for owner, s in mini.graphs.references.resolved if owner == "1.1.1"
    ]
    assert refs == [("1.1.1", "1.1.2", "Case"), ("1.1.1", "2.1.1", "Case")]


def test_lettered_item_and_module_references_resolve(mini) -> None:
    targets = {s.target for _, s in mini.graphs.references.resolved}
    assert {"1.1.2b", "2.0"} <= targets


def test_unresolved_and_gaps_are_data_not_errors(mini) -> None:
    assert [(o, s.target) for o, s in mini.graphs.references.unresolved] == [
        ("1.1.2b", "9.9.9"),
        ("2.1.1", "1.1.3"),
    ]
    # Card no. 3 exists in the declared deck, whose texts are missing: a gap.
    assert [(o, s.target) for o, s in mini.graphs.references.gaps] == [("1.1.2", "card-3")]


def test_cited_by_lists_citing_rules_in_reading_order(mini) -> None:
    assert mini.graphs.references.cited_by("1.1.2") == ["1.1.1"]
    assert mini.graphs.references.parent("1.1.2a") == "1.1.2"


def test_set_europe_ablaze_forms_from_the_prose(sea) -> None:
    phrases = {(o, s.phrase) for o, s in sea.graphs.references.resolved}
    assert ("8.1.8", "Cases 8.1.12 and 8.1.13") in phrases
    assert ("5.3", "Case 8.2.1") in phrases
    assert ("2.2", "Module 4.0") in phrases
    assert ("5.4.2", "Section 6.3") not in phrases
    assert ("6.1.7", "Case 6.1.5c") in phrases  # a lettered sub-item
    assert ("2.4.4", "(6.1)") in phrases  # a bare number in parentheses


def test_set_europe_ablaze_dangling_references_are_the_sources_own(sea) -> None:
    dangling = sorted((o, s.phrase) for o, s in sea.graphs.references.unresolved)
    assert dangling == [("2.4.13", "Case 8.3.6"), ("8.2.1f", "Case 8.3.7")]
    cards = sorted(s.target for _, s in sea.graphs.references.gaps)
    assert cards == ["german-10", "german-14", "german-7"]


def test_living_edition_resolves_the_corrected_references(tmp_path: Path) -> None:
    living = front_end(RULESETS / "set-europe-ablaze", ROOT, "living")
    assert [(o, s.phrase) for o, s in living.graphs.references.unresolved] == []
    assert "8.3.3" in [s.target for o, s in living.graphs.references.resolved if o == "6.2.4"]


def test_a_section_citing_its_own_case_keeps_it_as_a_child(tmp_path: Path) -> None:
    """One edge per pair: 'cites' must not replace 'contains' (the case lost its parent)."""
    import shutil

    game = tmp_path / "rulesets" / "mini-case"
    shutil.copytree(MINI, game)
    rules = game / "rules" / "02-combat.yaml"
    rules.write_text(
        rules.read_text().replace(
            "- Roll one die on the table.", "- Roll one die on the table (Case 2.1.1)."
        )
    )
    refs = front_end(game, tmp_path).graphs.references
    assert refs.parent("2.1.1") == "2.1"
    assert "2.1" in refs.cited_by("2.1.1")
