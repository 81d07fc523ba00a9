"""EXAMPLE001 on examples written wrong: what each finding says, and where.

The fixture (fixtures/EXAMPLE001) marks the lines; this says the messages name
the fault and its value, and that a rule address no rule has is XREF005's.
"""

from __future__ import annotations

from pathlib import Path

from compiler.lint import lint_game
from tests.checks.test_each_check import materialise


def _findings(tmp_path: Path, code: str = "EXAMPLE001") -> dict[str, list[str]]:
    game = materialise("EXAMPLE001", tmp_path)
    findings, ok = lint_game(game, tmp_path, select=[code])
    assert ok, [f.render() for f in findings]
    out: dict[str, list[str]] = {}
    for f in findings:
        out.setdefault(f.target or "", []).append(f.render())
    return out


def test_printed_dice_are_named_with_their_fault_and_fix(tmp_path: Path) -> None:
    found = _findings(tmp_path)
    [half] = found["half-a-face"]
    assert "rolls [3.5, 3, 1, 6]: a die face is a whole number, not 3.5" in half
    assert "give the faces the book prints, as a list of whole numbers" in half
    assert "bind its procedure" not in half
    [seven] = found["no-such-face"]
    assert "a d6 cannot show 7, 0 or -1" in seven
    [text] = found["faces-as-text"]
    assert "the faces rolled must be a list of whole numbers" in text
    assert "ValueError" not in text


def test_a_contradiction_declared_about_nothing_names_the_key(tmp_path: Path) -> None:
    [bogus] = _findings(tmp_path)["declares-nothing"]
    assert "step 1 declares 'bogus' a contradiction, but the step does not state it" in bogus
    assert "(it states set_aside)" in bogus


def test_step_numbers_out_of_order_say_which_and_where(tmp_path: Path) -> None:
    found = _findings(tmp_path)
    [twice] = found["numbered-twice"]
    assert "has two steps numbered 1 (the first at rulesets/EXAMPLE001/examples.yaml:" in twice
    [past] = found["numbered-past-the-end"]
    assert "step 7 is its 2nd step of 2" in past
    assert "number the steps 1 to 2 in the order they are written" in past


def test_an_example_that_is_written_right_has_no_finding(tmp_path: Path) -> None:
    found = _findings(tmp_path)
    assert "agrees" not in found and "declared" not in found


def test_an_example_citing_a_rule_the_rules_lack_is_xref005(tmp_path: Path) -> None:
    """Not EXAMPLE001's to report: XREF005 checks every rule address the data gives."""
    game = materialise("EXAMPLE001", tmp_path)
    path = game / "examples.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace('  - id: agrees\n    rule: "1.1"', '  - id: agrees\n    rule: "99.9"')
    )
    findings, ok = lint_game(game, tmp_path, select=["XREF005", "EXAMPLE001"])
    assert ok
    cited = [f for f in findings if f.target == "99.9"]
    assert [f.code for f in cited] == ["XREF005"]
    assert "example 'agrees' cites rule '99.9'" in cited[0].message
    assert cited[0].location.line == 3


def test_a_bound_example_that_fails_is_not_told_to_bind_its_procedure() -> None:
    """Found by the newcomer review: the help said "bind its procedure in
    procedures.yaml" for an example whose procedure was bound and whose table lacked
    the row it rolled."""
    from dataclasses import replace

    from compiler.procedures.replay import replay
    from tests.conftest import living_game

    game = living_game("plan-vert")
    example = next(e for e in game.examples if e.id == "zone-value-vip-squad")
    broken = replace(example, situation={**example.situation, "zone_items": ["Panzer"]})
    result = replay(game, broken)
    assert result.status == "not-replayable"
    assert result.fix is not None and "bind" not in result.fix
    assert "check the values the example gives" in result.fix
