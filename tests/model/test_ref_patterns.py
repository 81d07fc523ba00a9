"""References found once per text are placed wherever each caller reads that text."""

from __future__ import annotations

from compiler.diagnostics import Location
from compiler.model.game import RefPattern
from compiler.model.ref_patterns import find_refs

PATTERNS = (
    RefPattern(
        "case",
        "rule",
        r"(?P<word>Cases?) (?P<targets>\d+(?:\.\d+)*(?: and \d+(?:\.\d+)*)?)",
        r"\d+(?:\.\d+)*",
        "{}",
    ),
)


def test_the_same_text_read_at_two_places_gives_each_its_own_place() -> None:
    text = "See Cases 8.1 and 8.2, then Case 9."
    here, there = Location("rules/a.yaml", 3, 5), Location("l10n/en.po", 40, 1)
    first = find_refs(text, PATTERNS, here)
    second = find_refs(text, PATTERNS, there)  # remembered: the place is the caller's
    assert [(s.target, s.text, s.start, s.end, s.word) for s in first] == [
        ("8.1", "8.1", 10, 13, "Case"),
        ("8.2", "8.2", 18, 21, "Case"),
        ("9", "9", 33, 34, "Case"),
    ]
    assert [s.at for s in first] == [here] * 3
    assert [s.at for s in second] == [there] * 3
    assert [s.target for s in second] == [s.target for s in first]
