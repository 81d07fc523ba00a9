"""L10N014: a catalog's Language header against its file name, and the fix it offers.

The fixture (fixtures/L10N014) has de.po headed "Language: fr", as a copy of
fr.po would be, and fr.po headed "fr_FR"; the lines it fires on are held by
every check's fixture test. Here the help is followed as a translator would.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.l10n.tags import same_language
from compiler.lint import lint_game
from tests.checks.test_each_check import materialise
from tests.conftest import run_casebook


def test_the_help_names_the_folder_and_its_command_mends_the_header(tmp_path: Path) -> None:
    game = materialise("L10N014", tmp_path)  # its game.yaml says id: fixture
    rulesets = str(game.parent)
    lint = run_casebook("lint", "--rulesets", rulesets, "L10N014", "--select", "L10N014")
    assert lint.returncode == 0, lint.stderr  # a warning
    said = lint.stdout
    assert "l10n/de.po:10:2: warning: L10N014 the catalog de.po says it is 'fr'" in said
    assert "if the file holds fr text, rename it fr.po" in said
    command = re.search(r"`casebook (l10n update [^`]+)`", said)
    assert command is not None and command.group(1) == "l10n update L10N014 de", said
    update = run_casebook(*command.group(1).split(), "--rulesets", rulesets)
    assert update.returncode == 0, update.stderr
    assert '"Language: de\\n"' in (game / "l10n" / "de.po").read_text(encoding="utf-8")
    again = run_casebook("lint", "--rulesets", rulesets, "L10N014", "--select", "L10N014")
    assert "L10N014" not in again.stdout, again.stdout


_HEADER = (
    '"Project-Id-Version: fixture (Fixture)\\n"\n'
    '"Language-Team: \\n"\n'
    '"Language: fr\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
)


@pytest.mark.parametrize(
    ("header", "place"),
    [
        (_HEADER, (6, 2)),
        # found by a probe: fields written on one line, a name cut over two strings,
        # a field in the msgstr line itself: msgfmt and polib read them all
        ('"Language-Team: \\nLanguage: fr\\n"\n', (4, 19)),
        ('"Lang"\n"uage: fr\\n"\n', (4, 2)),
        # two Language fields: polib reads the last, and so is it said
        ('"Language: de\\n"\n"Language: fr\\n"\n', (5, 2)),
    ],
)
def test_the_warning_is_placed_at_the_field_polib_reads(
    header: str, place: tuple[int, int], tmp_path: Path
) -> None:
    game = materialise("L10N014", tmp_path)
    catalog = game / "l10n" / "de.po"
    body = catalog.read_text(encoding="utf-8").split("\n\n", 1)[1]
    # a comment quoting the field before the header must not be taken for it
    catalog.write_text(
        f'# copied from "Language: fr"\nmsgid ""\nmsgstr ""\n{header}\n{body}', encoding="utf-8"
    )
    findings, ok = lint_game(game, tmp_path, select=["L10N014"])
    assert ok
    assert [(f.location.path, f.location.line, f.location.column) for f in findings] == [
        ("rulesets/L10N014/l10n/de.po", *place)
    ]


def test_a_header_in_the_msgstr_line_is_placed_at_its_column(tmp_path: Path) -> None:
    game = materialise("L10N014", tmp_path)
    catalog = game / "l10n" / "de.po"
    body = catalog.read_text(encoding="utf-8").split("\n\n", 1)[1]
    catalog.write_text(f'msgid ""\nmsgstr "Language: fr\\n"\n\n{body}', encoding="utf-8")
    findings, _ = lint_game(game, tmp_path, select=["L10N014"])
    assert [(f.location.line, f.location.column) for f in findings] == [(2, 9)]


@pytest.mark.parametrize(
    ("header", "lang", "same"),
    [
        ("fr_FR", "fr", True),
        ("en.UTF-8", "en", True),  # a codeset names no language
        ("pt_BR.UTF-8", "pt-BR", True),
        ("sr_RS@latin", "sr-Latn", True),  # found by a probe: said to be another language
        ("sr_Latn_RS", "sr-Latn", True),
        ("ca@valencia", "ca-valencia", True),
        ("de", "de-AT", True),
        ("EN_us", "en", True),
        ("pt_BR", "pt-PT", False),
        ("sr@cyrillic", "sr-Latn", False),
        ("fr", "de", False),
        ("english", "en", False),
    ],
)
def test_a_header_is_read_as_gettext_writes_it(header: str, lang: str, same: bool) -> None:
    assert same_language(header, lang) is same


@pytest.mark.parametrize(
    ("header", "says", "never"),
    [
        # en.po is never read: the game is written in English
        ("en", "the header names the language the game is written in, en", "rename"),
        ("en_GB", "the header names the language the game is written in, en", "rename"),
        ("english", 'set the header to "Language: de"', "rename"),  # "rename it english.po"
        ("en, de", 'set the header to "Language: de"', "rename"),
        ("pt_BR.UTF-8", "if the file holds pt-BR text, rename it pt-BR.po", "UTF"),
    ],
)
def test_the_help_offers_only_a_rename_casebook_would_read(
    header: str, says: str, never: str, tmp_path: Path
) -> None:
    """Found by a probe: "rename it it.po" hid a catalog of the game's own language from
    every command, and "rename it en.utf-8.po" or "english.po" named no catalog."""
    game = materialise("L10N014", tmp_path)
    catalog = game / "l10n" / "de.po"
    catalog.write_text(
        catalog.read_text(encoding="utf-8").replace("Language: fr", f"Language: {header}"),
        encoding="utf-8",
    )
    findings, _ = lint_game(game, tmp_path, select=["L10N014"])
    assert len(findings) == 1
    assert says in (findings[0].suggestion or "")
    assert never not in (findings[0].suggestion or "")


def test_the_help_quotes_a_folder_name_a_shell_would_split(tmp_path: Path) -> None:
    game = materialise("L10N014", tmp_path)
    spaced = game.rename(game.parent / "lib x")
    findings, _ = lint_game(spaced, tmp_path, select=["L10N014"])
    assert "`casebook l10n update 'lib x' de`" in (findings[0].suggestion or "")
