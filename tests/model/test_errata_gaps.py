"""An erratum whose old words stand only in a gap note: Casebook's own words, which
no erratum corrects. Found by a probe: the message said the words were not in the
rule's text (they are there, in its gap note), and naming another rule got the hint
"set 'rule' to" this one, which led back to the first message."""

from __future__ import annotations

from pathlib import Path

from compiler.pipeline import front_end
from tests.conftest import copy_mini_case

GAP = """          - kind: gap
            text: the picture of the combat table
"""


def _with_erratum(tmp_path: Path, rule: str) -> list:
    game = copy_mini_case(tmp_path)
    rules = game / "rules" / "02-combat.yaml"
    text = rules.read_text(encoding="utf-8")
    said = "          - Roll one die on the table.\n"
    assert said in text
    rules.write_text(text.replace(said, said + GAP), encoding="utf-8")
    with (game / "errata.yaml").open("a", encoding="utf-8") as errata:
        errata.write(
            f'  - id: E9\n    rule: "{rule}"\n    old: picture of the combat table\n'
            "    new: chart\n    why: probe\n"
        )
    return list(front_end(game, game.parent.parent, "living").findings)


def test_old_words_in_the_rule_s_gap_note_are_said_to_be_ours(tmp_path: Path) -> None:
    (found,) = [f for f in _with_erratum(tmp_path, "2.1") if f.code.startswith("ERRATA")]
    assert found.code == "ERRATA002"
    assert "is in a gap note of 2.1, Casebook's own words, which no erratum corrects" in (
        found.message
    )
    assert found.location.path.endswith("rules/02-combat.yaml")  # the gap, where to edit
    assert found.related and found.related[0].path.endswith("errata.yaml")
    assert "edit the gap note's text" in (found.suggestion or "")


def test_another_rule_named_is_not_pointed_to_the_gap_s_rule(tmp_path: Path) -> None:
    (found,) = [f for f in _with_erratum(tmp_path, "2.1.1") if f.code.startswith("ERRATA")]
    assert "is not in the text of 2.1.1" in found.message
    assert "set 'rule'" not in (found.suggestion or "")
