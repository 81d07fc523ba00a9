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


def test_a_numbering_pattern_that_backtracks_is_stopped_at_the_pattern(tmp_path) -> None:
    """Found by a probe: a level's pattern ran unguarded on each rule's number, and
    ^(\\d+)+$ on a long number that does not fit hung every verb, validate included."""
    from tests.conftest import run_casebook

    run_casebook("new", "demo", "--rulesets", str(tmp_path))
    game = tmp_path / "demo" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace(r"'^\d+\.\d+\.\d+$'", r"'^(\d+)+$'"), encoding="utf-8")
    rules = next((tmp_path / "demo" / "rules").glob("*.yaml"))
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace('"1.1.1"', '"1' + "1" * 40 + 'x"'), encoding="utf-8")
    result = run_casebook("validate", "--rulesets", str(tmp_path))
    assert result.returncode == 1, result.stdout + result.stderr  # validate found an error
    said = result.stdout + result.stderr
    assert "demo/game.yaml:17:" in said and "MODEL012" in said
    assert "numbering pattern of level 'case' ran for more than 1 s" in said
