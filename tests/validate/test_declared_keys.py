"""A card field key its deck does not declare, or a table row key that names no column, is
reported at the key, with the keys declared and the closest one. A card's was reported
as CARD001, blaming the layout; a row's cell vanished from every output unsaid."""

from __future__ import annotations

from pathlib import Path

from compiler.lint import lint_game
from compiler.load.yaml_nodes import load_file
from tests.checks.test_each_check import materialise

_CARDS = """\
# yaml-language-server: $schema=../../../../schema/cards.schema.json
decks:
  - id: orders
    component: orders
    layout: order
    title: Orders
    fields:
      - {key: value, label: Value}
      - {key: cost, label: Cost}
    cards:
      - id: order-1
        title: Advance
        text: Move one unit.
        fields:
          cost: 1
          valeu: 3
      - id: order-2
        title: Hold
        text: Every unit stays where it stands.
        fields: {value: 2, cost: 1, "speed": 4}
"""


def _game(tmp_path: Path, cards: str) -> Path:
    game = materialise("CARD001", tmp_path)
    (game / "cards.yaml").write_text(cards)
    return game


def test_a_misspelt_field_is_reported_at_its_key(tmp_path: Path) -> None:
    game = _game(tmp_path, _CARDS)
    findings, ok = lint_game(game, tmp_path)
    assert not ok  # the card's value would print blank: nothing is modelled
    assert [f.code for f in findings] == ["SCHEMA001", "SCHEMA001"]  # no CARD001
    misspelt, unknown = findings
    assert str(misspelt.location) == "rulesets/CARD001/cards.yaml:16:11"
    assert misspelt.message == (
        "decks[0].cards[0].fields.valeu: unknown card field 'valeu': "
        "deck 'orders' declares value, cost"
    )
    assert misspelt.suggestion == "did you mean 'value'?"
    assert str(unknown.location) == "rulesets/CARD001/cards.yaml:20:37"  # in a flow mapping
    assert unknown.suggestion == "use one of the deck's fields, or declare 'speed' in its fields"


def test_a_deck_that_declares_no_fields_says_so(tmp_path: Path) -> None:
    cards = _CARDS.replace(
        "    fields:\n      - {key: value, label: Value}\n      - {key: cost, label: Cost}\n", ""
    )
    game = _game(tmp_path, cards)
    findings, _ = lint_game(game, tmp_path)
    assert len(findings) == 5
    assert all(f.code == "SCHEMA001" for f in findings)
    assert findings[0].message.endswith("deck 'orders' declares no fields")
    assert findings[0].suggestion == (
        "declare it in the deck's fields (- key: cost, label: …), or remove it"
    )


def test_a_key_is_read_back_from_the_text(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("a:\n  'b c':\n    - 1\n  d:  >-\n    text\n  e: {f: 1, \"g\": 2}\n  h:\n")
    src = load_file(path, tmp_path)
    spots = {
        key: str(src.locate_key(at))
        for key, at in {
            "b c": ("a", "b c"),
            "d": ("a", "d"),
            "f": ("a", "e", "f"),
            "g": ("a", "e", "g"),
            "h": ("a", "h"),
            "list item": ("a", "b c", 0),
        }.items()
    }
    assert spots == {
        "b c": "x.yaml:2:3",
        "d": "x.yaml:4:3",
        "f": "x.yaml:6:7",
        "g": "x.yaml:6:13",
        "h": "x.yaml:7:3",
        "list item": "x.yaml:3:7",  # not a key: the value's place
    }


def test_a_key_is_not_read_from_a_comment(tmp_path: Path) -> None:
    """A value on the line below its key: the comments between hold the key's word too."""
    path = tmp_path / "x.yaml"
    path.write_text("a:\n  b: 1\n  valeu:   # valeu: typo?\n    # valeu: or not\n    3\n")
    src = load_file(path, tmp_path)
    assert str(src.locate_key(("a", "valeu"))) == "x.yaml:3:3"  # was 4:7, the comment line


def test_a_row_key_that_names_no_column_is_reported_at_the_key(tmp_path: Path) -> None:
    """Found by a probe: plan-vert's "descrXiption: Goods train" passed validate and lint,
    and the Description cell was empty in the table, the build and every export."""
    import shutil

    from tests.conftest import RULESETS

    game = tmp_path / "rulesets" / "plan-vert"
    shutil.copytree(RULESETS / "plan-vert", game)
    tables = game / "tables.yaml"
    text = tables.read_text(encoding="utf-8")
    assert "      - description: Goods train" in text
    tables.write_text(
        text.replace("      - description: Goods train", "      - descrption: Goods train", 1),
        encoding="utf-8",
    )
    findings, ok = lint_game(game, tmp_path)
    assert not ok
    (finding,) = findings
    assert finding.code == "SCHEMA001"
    assert "rows[" in finding.message and "].descrption: unknown column 'descrption': " in (
        finding.message
    )
    assert "table 'german-items' has the columns description, " in finding.message
    assert finding.suggestion == "did you mean 'description'?"
    line = text.splitlines().index("      - description: Goods train") + 1
    assert str(finding.location) == f"rulesets/plan-vert/tables.yaml:{line}:9"
