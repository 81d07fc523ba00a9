"""COUNT005 beyond its fixture: a translated game reports a deck's count once."""

from __future__ import annotations

from pathlib import Path

from compiler.lint import lint_game
from tests.checks.test_each_check import expected, materialise

_CATALOG = """\
msgid ""
msgstr ""
"Language: fr\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"X-Source-Language: en\\n"

msgctxt "component:events:name"
msgid "event deck"
msgstr "paquet des événements"

msgctxt "component:agent-deck:name"
msgid "Agent deck"
msgstr "paquet des agents"
"""


def test_a_translation_does_not_report_the_count_again(tmp_path: Path) -> None:
    game = materialise("COUNT005", tmp_path)
    (game / "l10n").mkdir()
    (game / "l10n" / "fr.po").write_text(_CATALOG, encoding="utf-8")
    findings, ok = lint_game(game, tmp_path, select=["COUNT005"])
    assert ok, [f.render() for f in findings]
    places = [
        (f.location.path.removeprefix("rulesets/COUNT005/"), f.location.line) for f in findings
    ]
    assert sorted(places) == sorted(expected(game, "COUNT005"))
