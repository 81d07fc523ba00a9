"""Catalogs are written as gettext's tools write them: msgcat changes no line.

polib wrapped with textwrap: never a string holding a line break, and only at
spaces. A translator's tool (msgmerge, msgcat, Poedit) rewrapped 846 lines of
Liberation's en.po the first time it saved it, and the next `l10n update` put
them back. The expected lines below are msgcat's (GNU gettext 0.21), for the
cases where its line breaking (UAX #14, by libunistring) differs from a space's.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from compiler.l10n.po_wrap import field_lines, gettext_wrapped
from tests.conftest import RULESETS, copy_mini_case, run_casebook

MSGCAT = shutil.which("msgcat")


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("short", ['msgid "short"']),
        # a word longer than the line and nothing to break at: one line, as msgcat
        ("x" * 100, [f'msgid "{"x" * 100}"']),
        # a line break inside: an empty first line, and one line per piece
        ("line one\nline two", ['msgid ""', '"line one\\n"', '"line two"']),
        # too long for the keyword's line: an empty first line, though the rest fits one
        ("word " * 14 + "end", ['msgid ""', f'"{"word " * 14}end"']),
        # after a hyphen, as after a space (polib broke only at spaces)
        ("word " * 15 + "V-MANN end", ['msgid ""', f'"{"word " * 15}V-"', '"MANN end"']),
        # a quotation mark, a space and an opening bracket stay together (UAX #14 LB15)
        (
            "“Deceived”; on one Abwehr detachment the back side is labeled “Giskes” "
            "(expert, cannot be deceived)",
            [
                'msgid ""',
                '"“Deceived”; on one Abwehr detachment the back side is labeled "',
                '"“Giskes” (expert, cannot be deceived)"',
            ],
        ),
        # a line may begin at an em dash, never after a quotation mark
        (
            "{% for label, value in card.field_list %}<b>{{ label }}</b>: {{ value or "
            '"—" }}{% endfor %}',
            [
                'msgid ""',
                '"{% for label, value in card.field_list %}<b>{{ label }}</b>: {{ value or \\"—"',
                '"\\" }}{% endfor %}"',
            ],
        ),
        # Chinese and Japanese between ideographs and kana, never before 。or after 「;
        # Korean between syllables as well as at spaces
        (
            "漢字のテキストは長い行で折り返されるべきですがどうなるでしょうか。" * 2,
            [
                'msgid ""',
                '"漢字のテキストは長い行で折り返されるべきですがどうなるでしょうか。漢字のテキ"',
                '"ストは長い行で折り返されるべきですがどうなるでしょうか。"',
            ],
        ),
        (
            "「游戏规则」中的每一张卡片、每一个标记，都必须按照顺序放置在棋盘上。玩家轮流行动，"
            "直到游戏结束为止。",
            [
                'msgid ""',
                '"「游戏规则」中的每一张卡片、每一个标记，都必须按照顺序放置在棋盘上。玩家轮流"',
                '"行动，直到游戏结束为止。"',
            ],
        ),
        (
            "한국어 문장은 띄어쓰기를 사용하지만 긴 문장은 여전히 줄을 바꿔야 합니다 그리고 더 "
            "많은 단어들이 있습니다",
            [
                'msgid ""',
                '"한국어 문장은 띄어쓰기를 사용하지만 긴 문장은 여전히 줄을 바꿔야 합니다 그리"',
                '"고 더 많은 단어들이 있습니다"',
            ],
        ),
        # a number stays whole; a word after a full stop may begin a line
        ("a" * 77 + "-1", ['msgid "' + "a" * 77 + '-1"']),
        ("a" * 77 + ".b", ['msgid ""', '"' + "a" * 77 + '."', '"b"']),
    ],
)
def test_a_string_is_wrapped_where_msgcat_wraps_it(text: str, lines: list[str]) -> None:
    assert field_lines("", "msgid", _escaped(text)) == lines


def test_an_obsolete_entry_counts_its_prefix() -> None:
    text = "word " * 15
    assert field_lines("#~ ", "msgid", _escaped(text)) == [
        '#~ msgid ""',
        f'#~ "{"word " * 14}"',
        '#~ "word "',
    ]


def test_the_catalog_in_the_repository_is_as_msgcat_writes_it() -> None:
    if MSGCAT is None:
        pytest.skip("gettext's msgcat is not installed (.ci/system-packages installs it)")
    path = RULESETS / "liberation" / "l10n" / "en.po"
    text = path.read_text(encoding="utf-8")
    rewritten = subprocess.run(
        [MSGCAT, str(path), "-o", "-"], capture_output=True, text=True, check=True
    )
    assert rewritten.stdout == text
    assert gettext_wrapped(text) == text  # and rewrapping it changes nothing


@pytest.mark.parametrize(
    "game", ["liberation", "maquis", "plan-vert", "set-europe-ablaze", "war-story-occupied-france"]
)
def test_every_games_template_is_as_msgcat_writes_it(game: str, tmp_path: Path) -> None:
    """Every string of the five games (their rules, cards, tables and layouts): every
    character a game's text holds, at every place in a line."""
    if MSGCAT is None:
        pytest.skip("gettext's msgcat is not installed (.ci/system-packages installs it)")
    pot = tmp_path / f"{game}.pot"
    result = run_casebook("l10n", "extract", game, "-o", str(pot))
    assert result.returncode == 0, result.stderr
    theirs = subprocess.run([MSGCAT, str(pot), "-o", "-"], capture_output=True, text=True)
    assert theirs.returncode == 0, theirs.stderr
    assert theirs.stdout == pot.read_text(encoding="utf-8")


def test_l10n_update_writes_what_msgcat_would(tmp_path: Path) -> None:
    if MSGCAT is None:
        pytest.skip("gettext's msgcat is not installed (.ci/system-packages installs it)")
    game = copy_mini_case(tmp_path)
    notes = game / "rules" / "01-play.yaml"
    said = "      - Read Module 2.0 before play.\n"
    text = notes.read_text(encoding="utf-8")
    long = "A paragraph of the V-MANN kind, long enough to wrap twice. " * 3
    notes.write_text(text.replace(said, said + f"      - {long.strip()}\n"), encoding="utf-8")
    result = run_casebook("l10n", "update", "mini-case", "fr", "--rulesets", str(game.parent))
    assert result.returncode == 0, result.stderr
    po = game / "l10n" / "fr.po"
    theirs = subprocess.run([MSGCAT, str(po), "-o", "-"], capture_output=True, text=True)
    assert theirs.stdout == po.read_text(encoding="utf-8")
