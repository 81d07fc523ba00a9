"""The look-up engine, through its Python API and `casebook ref` as a user runs it."""

from __future__ import annotations

import json

import pytest

from compiler.model.game import Term
from compiler.reference.lookup import RulesReference
from compiler.reference.terms import term_spans
from tests.conftest import living, run_casebook


def engine(name: str) -> RulesReference:
    fe = living(name)
    assert fe.game is not None and fe.graphs is not None
    return RulesReference(fe.game, fe.graphs)


@pytest.mark.parametrize(
    "query", ["8.6.9d", "8.6.9 d", "8.6.9(d)", "Case 8.6.9d", "8.6.9d)", "8.6.9D", "8.6.9 (D)"]
)
def test_a_lettered_case_is_found_however_it_is_typed(query: str) -> None:
    answer = engine("set-europe-ablaze").look_up(query)
    assert [r.address for r in answer.rules] == ["8.6.9d"]


def test_a_case_shows_its_place_text_and_what_cites_it() -> None:
    rule = engine("set-europe-ablaze").rule("8.6.9d")
    assert rule is not None
    assert rule.place == (
        "8.0 ACTIONS",
        "8.6 Action Resolution Procedure",
        "8.6.9 Action Results Losses Special Rules",
        "8.6.9d",
    )
    assert "“Flush” a just captured Active Network by spending 1 AP" in rule.paragraphs[0][1]
    assert [a for a, _ in rule.cited_by] == ["6.3.10c", "8.6"]
    assert {"Network", "AP"} <= {t.term for t in rule.terms}
    assert rule.at.path.endswith("rules/08-actions.yaml")


def test_a_section_lists_what_it_cites_and_its_cases() -> None:
    rule = engine("set-europe-ablaze").rule("8.6")
    assert rule is not None
    assert ("rule", "8.6.9d", "resolved") in {(c.kind, c.target, c.status) for c in rule.cites}
    assert "8.6.5" in [a for a, _ in rule.children]


def test_a_glossary_term_gives_its_meaning_where_defined_and_where_used() -> None:
    answer = engine("set-europe-ablaze").look_up("AP")
    assert not answer.rules
    (term,) = answer.terms
    assert term.term.meaning == "Action Point"
    assert [a for a, _ in term.see] == ["4.3"]
    assert "8.6.9d" in [a for a, _ in term.used_in]


def test_a_component_by_name() -> None:
    answer = engine("set-europe-ablaze").look_up("network")
    assert [c.component.id for c in answer.components] == ["network"]
    assert "2.4.8" in [a for a, _ in answer.components[0].described_at]


def test_words_search_the_text_and_titles_ranked() -> None:
    hits = engine("set-europe-ablaze").search("meeting the check number")
    assert hits[0].address == "8.6.5"
    assert engine("liberation").search("RAID")  # case-insensitive, Italian text


def test_a_word_typed_many_times_is_searched_once() -> None:
    """Found by the hunt: 6000 copies of one word searched every rule 6000 times (17 s)."""
    ref = engine("set-europe-ablaze")
    once = ref.search("check number")
    assert once
    assert ref.search(" ".join(["check", "number"] * 3000)) == once


def test_an_unnumbered_rule_by_title() -> None:
    answer = engine("maquis").look_up("Check Morale")
    assert [r.address for r in answer.rules] == ["check-morale"]


def test_abbreviations_match_with_their_own_capitals_only() -> None:
    ap = Term("AP", "Action Point", True, (), None)  # type: ignore[arg-type]
    check = Term("Check Number", "…", False, (), None)  # type: ignore[arg-type]
    text = "Spend 1 AP; the check Number, Check Number, ap, MAP-AP."
    spans = term_spans(text, [ap, check])
    assert [(s.term.term, s.start) for s in spans] == [
        ("AP", text.index("AP")),
        ("Check Number", text.index("Check Number")),
    ]


def test_ref_cli_prints_the_rule_and_its_citers() -> None:
    done = run_casebook("ref", "set-europe-ablaze", "8.6.9d")
    assert done.returncode == 0, done.stderr
    assert "8.6.9 Action Results Losses Special Rules › 8.6.9d" in done.stdout
    assert "cited by  6.3.10c, 8.6 Action Resolution Procedure" in done.stdout


def test_ref_cli_json_and_nothing_found() -> None:
    done = run_casebook("ref", "plan-vert", "zone", "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["search"] and all("zone" in h["snippet"].lower() for h in data["search"])
    missing = run_casebook("ref", "maquis", "no-such-thing-here")
    assert missing.returncode == 1
    assert "nothing in maquis matches 'no-such-thing-here'" in missing.stderr
    unknown = run_casebook("ref", "no-such-game", "1")
    assert unknown.returncode == 2 and "no game 'no-such-game'" in unknown.stderr


def test_an_untitled_item_reads_as_printed_not_as_its_internal_address() -> None:
    ref = engine("liberation")
    assert ref.heading("scenario-1-preparazione-A") == "A"
    assert ref.place("scenario-1-preparazione-A")[-2:] == ("Installazione:", "A")
    assert engine("set-europe-ablaze").heading("8.6.9d") == "8.6.9d"
