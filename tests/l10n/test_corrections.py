"""Errata reach a translation unit the way the living edition applies them."""

from __future__ import annotations

from compiler.diagnostics import Location
from compiler.l10n.corrections import corrected_texts, touching
from compiler.model.game import Erratum

AT = Location("errata.yaml", 1, 1)


def _erratum(rule: str, old: str, new: str, occurrence: int | None = None) -> Erratum:
    return Erratum("E1", rule, old, new, occurrence, "why", "typo", None, AT)


UNITS = [
    ("rule:r:title", "r", "rule-title", "Roll dice"),
    ("rule:r:body.0", "r", "rule-text", "Roll 2 dice, then roll 2 dice."),
    ("rule:r:body.1", "r", "rule-text", "Roll 2 dice again."),
    ("rule:s:body.0", "s", "rule-text", "Roll 2 dice."),
]


def test_an_erratum_without_occurrence_changes_the_first_match_of_its_rule_only() -> None:
    changed = corrected_texts(UNITS, [_erratum("r", "2 dice", "3 dice")])
    assert changed == {"rule:r:body.0": "Roll 3 dice, then roll 2 dice."}


def test_occurrence_counts_through_the_rules_text_in_reading_order() -> None:
    changed = corrected_texts(UNITS, [_erratum("r", "2 dice", "3 dice", occurrence=3)])
    assert changed == {"rule:r:body.1": "Roll 3 dice again."}


def test_a_star_erratum_changes_every_match_everywhere_but_not_titles() -> None:
    changed = corrected_texts(UNITS, [_erratum("*", "Roll", "Throw")])
    assert set(changed) == {"rule:r:body.0", "rule:r:body.1", "rule:s:body.0"}
    assert changed["rule:r:body.0"] == "Throw 2 dice, then roll 2 dice."


def test_touching_names_the_errata_of_the_units_rule_and_field() -> None:
    errata = [_erratum("r", "dice", "die"), _erratum("s", "dice", "die")]
    assert touching("r", "rule-text", "Roll 2 dice.", errata) == [errata[0]]
    assert touching("r", "rule-label", "Roll 2 dice.", errata) == []


def test_a_title_erratum_changes_the_title_and_an_unknown_field_nothing() -> None:
    title = Erratum("E2", "r", "Roll", "Throw", None, "why", "typo", None, AT, field="title")
    other = Erratum("E3", "r", "Roll", "Throw", None, "why", "typo", None, AT, field="label")
    assert corrected_texts(UNITS, [title]) == {"rule:r:title": "Throw dice"}
    assert corrected_texts(UNITS, [other]) == {}


def test_occurrences_count_across_units_of_the_rule_that_other_rules_interleave() -> None:
    units = [UNITS[1], UNITS[3], UNITS[2]]  # r, s, r: the rule's text resumes after s
    changed = corrected_texts(units, [_erratum("r", "2 dice", "3 dice", occurrence=3)])
    assert changed == {"rule:r:body.1": "Roll 3 dice again."}
