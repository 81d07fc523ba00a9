"""Each refusal of the loader, with the exact located line a user sees."""

from __future__ import annotations

import pytest

from compiler.diagnostics import CompileError
from compiler.load.yaml_nodes import load_text

CASES = {
    "duplicate key": (
        "a: 1\nb: 2\na: 3\n",
        [
            "t.yaml:3:1: LOAD002 duplicate key 'a': the second value would silently replace"
            " the first"
        ],
    ),
    "alias": ("a: &x [1]\nb: *x\n", ["t.yaml:2:4: LOAD003 YAML alias *x is not allowed"]),
    "merge key": (
        "a: {x: 1}\nb:\n  <<: {x: 2}\n",
        ["t.yaml:3:3: LOAD003 merge keys (<<) are not allowed"],
    ),
    "python tag": (
        "a: !!python/name:os.system x\n",
        ["t.yaml:1:4: LOAD004 YAML tag 'tag:yaml.org,2002:python/name:os.system' is not allowed"],
    ),
    "yaml 1.1 boolean": (
        "side: no\n",
        ["t.yaml:1:7: LOAD005 'no' would be read as the boolean False"],
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_refusal_is_located(name: str) -> None:
    text, expected = CASES[name]
    source = load_text(text, "t.yaml")
    lines = [f"{p.location}: {p.code} {p.message}" for p in source.problems]
    assert lines == expected


def test_all_refusals_in_one_file_are_reported_together() -> None:
    source = load_text("a: 1\na: 2\nb: yes\nc: &x 1\nd: *x\n", "t.yaml")
    assert sorted(p.code for p in source.problems) == ["LOAD002", "LOAD003", "LOAD005"]


def test_syntax_error_names_file_line_and_column() -> None:
    with pytest.raises(CompileError) as caught:
        load_text('rules:\n  - number: "1.0"\n    title: A: B\n', "rules/x.yaml")
    (finding,) = caught.value.findings
    assert finding.code == "LOAD001"
    assert str(finding.location) == "rules/x.yaml:3:13"
    assert "mapping values are not allowed" in finding.message


def test_positions_point_at_values() -> None:
    source = load_text("rules:\n  - number: '1.0'\n    body:\n      - text here\n", "r.yaml")
    assert str(source.locate(("rules", 0, "body", 0))) == "r.yaml:4:9"
    # A missing key is placed at its nearest ancestor.
    assert str(source.locate(("rules", 0, "title"))) == "r.yaml:2:5"


def test_quoted_no_is_text() -> None:
    source = load_text('side: "no"\n', "t.yaml")
    assert source.data == {"side": "no"}
    assert source.problems == ()
