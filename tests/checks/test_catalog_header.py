"""L10N014: a catalog's Language header against its file name, and the fix it offers.

The fixture (fixtures/L10N014) has de.po headed "Language: fr", as a copy of
fr.po would be, and fr.po headed "fr_FR"; the lines it fires on are held by
every check's fixture test. Here the help is followed as a translator would.
"""

from __future__ import annotations

import re
from pathlib import Path

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
