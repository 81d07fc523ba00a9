"""Schema violations come out located, readable and all at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from compiler.pipeline import front_end
from compiler.validate.schemas import all_kinds, schema_path
from tests.conftest import copy_mini_case, run_casebook


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return copy_mini_case(tmp_path)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture changed: {old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _lines(game_dir: Path) -> list[str]:
    fe = front_end(game_dir, game_dir.parent.parent)
    return [f"{f.location}: {f.code} {f.message}" for f in fe.findings]


@pytest.mark.parametrize("kind", all_kinds())
def test_every_schema_is_valid_draft_2020_12_with_id_and_description(kind: str) -> None:
    schema = json.loads(schema_path(kind).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith(f"/{kind}.schema.json")
    assert schema["description"]


def test_unknown_key_suggests_the_closest_allowed_one(game: Path) -> None:
    _edit(game / "rules/01-play.yaml", "    title: PLAY", "    titel: PLAY")
    fe = front_end(game, game.parent.parent)
    (finding,) = [f for f in fe.findings if f.code == "SCHEMA001"]
    assert str(finding.location) == "rulesets/mini-case/rules/01-play.yaml:3:5"
    assert finding.message == "rules[0]: unknown key 'titel'"
    assert finding.suggestion == "did you mean 'title'?"
    assert fe.game is None


def test_wrong_type_names_value_and_expectation(game: Path) -> None:
    _edit(game / "rules/01-play.yaml", 'number: "1.1"', "number: 1.1")
    assert _lines(game) == [
        "rulesets/mini-case/rules/01-play.yaml:9:17: SCHEMA001 rules[0].children[0].number: "
        "expected text, got 1.1 (a number)"
    ]


def test_missing_required_key_is_placed_at_its_parent(game: Path) -> None:
    _edit(game / "errata.yaml", "    why: Doubled word.\n", "")
    assert _lines(game) == [
        "rulesets/mini-case/errata.yaml:9:5: SCHEMA001 errata[1]: missing required key 'why'"
    ]


def test_bad_enum_and_bad_block_in_one_run_are_both_reported(game: Path) -> None:
    _edit(game / "components.yaml", "kind: deck", "kind: dek")
    _edit(game / "rules/02-combat.yaml", "kind: example", "kind: exemple")
    lines = _lines(game)
    assert len(lines) == 2
    assert lines[0].startswith(
        'rulesets/mini-case/components.yaml:4:11: SCHEMA001 components[0].kind: "dek" is not one of'
    )
    assert lines[1].startswith(
        "rulesets/mini-case/rules/02-combat.yaml:19:17: SCHEMA001 "
        "rules[0].children[0].children[0].body[1]"
    )


def test_a_numbered_rule_may_carry_a_stable_id(game: Path) -> None:
    """The id of a numbered rule keys its translations; the number still addresses it."""
    _edit(game / "rules/01-play.yaml", '  - number: "1.0"\n', '  - number: "1.0"\n    id: play\n')
    assert _lines(game) == []


def test_a_rule_without_number_or_id_is_refused(game: Path) -> None:
    _edit(
        game / "rules/01-play.yaml", '  - number: "1.0"\n    level: module\n', "  - level: module\n"
    )
    lines = _lines(game)
    assert lines == [
        "rulesets/mini-case/rules/01-play.yaml:3:5: SCHEMA001 rules[0]: "
        "missing required key 'number'"
    ]


def test_undeclared_level_is_a_model_error(game: Path) -> None:
    _edit(game / "rules/01-play.yaml", "level: section", "level: chapter")
    (line,) = _lines(game)
    assert line.startswith(
        "rulesets/mini-case/rules/01-play.yaml:10:16: MODEL001 level "
        "'chapter' is not declared in game.yaml"
    )


def test_bad_regex_in_game_yaml_is_located(game: Path) -> None:
    _edit(
        game / "game.yaml",
        r"pattern: '\bCard no\. (?P<targets>\d+)'",
        r"pattern: '\bCard no\. (?P<targets>\d+'",
    )
    (line,) = _lines(game)
    assert line.startswith("rulesets/mini-case/game.yaml:33:14: SCHEMA001 references[1].pattern:")
    assert "is not a valid regex" in line


def test_missing_modeline_is_a_warning_with_the_line_to_write(game: Path) -> None:
    path = game / "errata.yaml"
    path.write_text(path.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    fe = front_end(game, game.parent.parent)
    (finding,) = fe.findings
    assert finding.code == "SCHEMA002"
    assert finding.suggestion.startswith("make the first line: # yaml-language-server: $schema=")
    assert finding.suggestion.endswith("schema/errata.schema.json")
    assert fe.game is not None  # a warning does not stop the game


def test_cli_validate_reports_every_error_and_exits_nonzero(game: Path) -> None:
    _edit(game / "components.yaml", "kind: deck", "kind: dek")
    _edit(game / "rules/01-play.yaml", "title: Drawing", "title: [Drawing]")
    result = run_casebook("validate", "--rulesets", str(game.parent), cwd=game.parent.parent)
    assert result.returncode == 1
    assert "components.yaml:4:11: error: SCHEMA001" in result.stderr
    assert (
        "rules/01-play.yaml:19:20: error: SCHEMA001 rules[0].children[0].children[1].title: "
        'expected text, got ["Drawing"] (a list)' in result.stderr
    )
    assert "mini-case: 2 error(s)" in result.stderr


def test_cli_validate_malformed_yaml(game: Path) -> None:
    _edit(game / "rules/02-combat.yaml", "    title: COMBAT", "    title: COMBAT: ALL")
    result = run_casebook("validate", "--rulesets", str(game.parent), cwd=game.parent.parent)
    assert result.returncode == 1
    assert (
        "rulesets/mini-case/rules/02-combat.yaml:5:18: error: LOAD001 YAML syntax error: "
        "mapping values are not allowed here" in result.stderr
    )


def test_project_rulesets_are_valid() -> None:
    result = run_casebook("validate")
    assert result.returncode == 0, result.stderr
    assert "set-europe-ablaze: valid" in result.stdout


def test_a_pattern_is_shown_as_the_schema_writes_it_on_one_line(game: Path) -> None:
    """Found by the review: the message showed the anchored pattern the validator uses,
    whose (?!\\n) put a raw line break inside the one-line message."""
    _edit(game / "rules/01-play.yaml", "level: module", "level: Module X")
    (line,) = [x for x in _lines(game) if "level" in x]
    assert line.endswith('rules[0].level: "Module X" does not match the pattern ^[a-z][a-z0-9-]*$')


@pytest.mark.parametrize(
    ("text", "said"),
    [('""', '.text: "" is empty or too short'), ('"   "', '.text: "   " holds nothing but spaces')],
)
def test_a_block_of_a_known_kind_says_what_is_wrong_inside_it(
    game: Path, text: str, said: str
) -> None:
    """Found by a probe: a gap with no text was "block of kind "gap" is not valid
    here", which never said the text was empty; one of spaces passed and printed an
    empty note. The block names its kind, so the error inside that kind is the one."""
    said_line = "          - Roll one die on the table.\n"
    gap = f"          - kind: gap\n            text: {text}\n"
    _edit(game / "rules/02-combat.yaml", said_line, said_line + gap)
    (line,) = _lines(game)
    assert line.startswith("rulesets/mini-case/rules/02-combat.yaml:13:19: SCHEMA001 "), line
    assert line.endswith(said), line
