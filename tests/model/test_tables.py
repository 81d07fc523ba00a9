"""Dice ranges in table cells, and table blocks that must name a real table."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.model.tables import dice_range, parse_roll
from compiler.pipeline import front_end
from tests.conftest import ROOT

MINI = ROOT / "tests" / "rulesets" / "mini-case"


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("1-2", {1, 2}),
        ("3,4,5", {3, 4, 5}),
        ("6", {6}),
        ("5+", {5, 6}),
        (" 2 - 3 ", {2, 3}),
        ("Move", None),
        ("4-2", None),
    ],
)
def test_parse_roll(cell: str, expected: set[int] | None) -> None:
    result = parse_roll(cell, highest=6)
    assert (set(result) if result is not None else None) == expected


def test_dice_range() -> None:
    assert dice_range("1d6") == (1, 6)
    assert dice_range("2D6+2") == (4, 14)
    assert dice_range("d6") == (1, 6)


def test_mini_case_table_is_modelled_verbatim() -> None:
    game = front_end(MINI, ROOT).game
    table = game.table("attack-results")
    assert table is not None
    assert [c.label for c in table.columns] == ["Die roll", "Result"]
    assert table.rows[1] == ("3,4,5", "No effect")
    assert str(table.row_at[2]) == "tests/rulesets/mini-case/tables.yaml:14:9"


def test_table_block_naming_no_table_is_a_located_error(tmp_path: Path) -> None:
    game_dir = tmp_path / "rulesets" / "mini-case"
    shutil.copytree(MINI, game_dir)
    rules = game_dir / "rules" / "02-combat.yaml"
    rules.write_text(rules.read_text().replace("table: attack-results", "table: atack-results"))
    fe = front_end(game_dir, tmp_path)
    assert fe.game is None
    (finding,) = fe.findings
    assert finding.code == "MODEL005"
    assert str(finding.location) == "rulesets/mini-case/rules/02-combat.yaml:12:13"
    assert finding.suggestion == "known tables: attack-results"


def test_a_table_block_in_a_game_with_no_tables_says_how_to_add_one(tmp_path: Path) -> None:
    """Found by the newcomer review: the help read "known tables: none"."""
    game_dir = tmp_path / "rulesets" / "mini-case"
    shutil.copytree(MINI, game_dir)
    (game_dir / "tables.yaml").unlink()
    fe = front_end(game_dir, tmp_path)
    (finding,) = [f for f in fe.findings if f.code == "MODEL005"]
    assert finding.suggestion == (
        "the game has no tables yet: write tables.yaml with a table of id attack-results"
    )


def test_an_unknown_roll_column_is_reported_at_its_value(tmp_path: Path) -> None:
    """MODEL010 pointed at the table's id, four lines above the word to correct."""
    game_dir = tmp_path / "rulesets" / "mini-case"
    shutil.copytree(MINI, game_dir)
    tables = game_dir / "tables.yaml"
    tables.write_text(tables.read_text().replace("roll_column: roll", "roll_column: rol"))
    fe = front_end(game_dir, tmp_path)
    assert fe.game is None
    (finding,) = fe.findings
    assert finding.code == "MODEL010"
    assert str(finding.location) == "rulesets/mini-case/tables.yaml:7:18"
    assert finding.suggestion == "columns: roll, result"


# found by an adversarial probe: a set of a trillion numbers, an int() past 4,300 digits
@pytest.mark.parametrize(
    "cell", ["1-999999999999", "1," + "9" * 5000, "1-20000", "5+"], ids=str.__len__
)
def test_a_roll_no_game_makes_is_not_read_as_one(cell: str) -> None:
    assert parse_roll(cell, highest=10**9 if cell == "5+" else None) is None


@pytest.mark.parametrize("dice", ["1d" + "9" * 5000, "1000d6", "1d6+" + "9" * 30])
def test_dice_no_game_rolls_are_a_value_error_that_says_so(dice: str) -> None:
    with pytest.raises(ValueError, match="is not dice a game rolls"):
        dice_range(dice)


def test_lint_says_of_a_roll_it_cannot_read(tmp_path: Path) -> None:
    from compiler.cli import main

    shutil.copytree(ROOT / "rulesets" / "plan-vert", tmp_path / "plan-vert")
    path = tmp_path / "plan-vert" / "tables.yaml"
    text = path.read_text(encoding="utf-8")
    assert '- {distance: 3, to_hit: "6"}' in text
    path.write_text(text.replace('to_hit: "6"}', 'to_hit: "1-999999999999"}', 1))
    args = ["--rulesets", str(tmp_path), "--no-cache", "--format", "json"]
    import contextlib
    import io
    import json

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["lint", "plan-vert", *args])
    (found,) = [f for f in json.loads(out.getvalue()) if f["code"] == "TABLE001"]
    assert "'1-999999999999' is no roll Casebook can read" in found["message"]
