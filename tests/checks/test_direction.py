"""L10N013 said where a publisher looks too: once per language in the build's notes.

The fixture (fixtures/L10N013) quotes an Arabic word in its English source and
has a Hebrew catalog; the lint side is tested with every check's fixture.
"""

from __future__ import annotations

from pathlib import Path

from compiler.checks.l10n_direction import right_to_left
from tests.checks.test_each_check import materialise
from tests.conftest import run_casebook


def test_right_to_left_letters_are_found_and_digits_and_marks_are_not() -> None:
    assert right_to_left("say שלום") == 4
    assert right_to_left("say سلام") == 4
    assert right_to_left("𐤀 Phoenician") == 0  # beyond U+FFFF
    assert right_to_left("digits ٣٤ and a mark \u064b") == -1  # AN and NSM: no letters
    assert right_to_left("plain text, è, ß, Ж") == -1


def test_the_build_notes_it_once_per_language(tmp_path: Path) -> None:
    game = materialise("L10N013", tmp_path)
    result = run_casebook(
        "build", "--rulesets", str(game.parent), "--out", str(tmp_path / "out"), "--paper", "a4"
    )
    assert result.returncode == 0, result.stderr
    said = result.stdout + result.stderr
    assert said.count("note: fixture (en): 1 of 4 texts printed in en") == 1
    assert said.count("note: fixture (he): 2 of 3 texts printed in he") == 1
    assert "letters reversed and unjoined" in said
    quiet = run_casebook(
        "build", "--rulesets", str(game.parent), "--out", str(tmp_path / "q"), "-q"
    )
    assert "right to left" not in quiet.stdout + quiet.stderr
