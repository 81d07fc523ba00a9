"""Each refusal of the loader, with the exact located line a user sees."""

from __future__ import annotations

import re

import pytest

from compiler.diagnostics import CompileError
from compiler.load import yaml_nodes
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
    # found by an adversarial hunt: each was an internal error
    "text under an int tag": (
        "title: !!int Maquis\n",
        ["t.yaml:1:8: LOAD004 'Maquis' is not a whole number, as its tag !!int says"],
    ),
    "text under a bool tag": (
        "a: !!bool maybe\n",
        ["t.yaml:1:4: LOAD004 'maybe' is not true or false, as its tag !!bool says"],
    ),
    "text under a float tag": (
        "a: !!float abc\n",
        ["t.yaml:1:4: LOAD004 'abc' is not a number, as its tag !!float says"],
    ),
    "text under a null tag": (
        "a: !!null abc\n",
        ["t.yaml:1:4: LOAD004 'abc' is not null, as its tag !!null says"],
    ),
    "map tag on a value": (
        "a: !!map abc\n",
        ["t.yaml:1:4: LOAD004 YAML tag !!map cannot mark a value"],
    ),
    "str tag on a map": (
        "a: !!str {b: 1}\n",
        ["t.yaml:1:4: LOAD004 YAML tag !!str cannot mark a map"],
    ),
    "int tag on a list": (
        "a: !!int [1]\n",
        ["t.yaml:1:4: LOAD004 YAML tag !!int cannot mark a list"],
    ),
    "a date": (
        "a: 2020-01-01\n",
        [
            "t.yaml:1:4: LOAD004 '2020-01-01' would be read as a date (YAML !!timestamp), "
            "which Casebook does not read"
        ],
    ),
    "a 5000-digit number": (
        "a: " + "9" * 5000 + "\n",
        [
            "t.yaml:1:4: LOAD013 '" + "9" * 40 + "…' is too big a number: Casebook reads "
            "whole numbers up to 9,007,199,254,740,992"
        ],
    ),
    "one past 2^53": (
        "a: 9007199254740993\n",
        [
            "t.yaml:1:4: LOAD013 '9007199254740993' is too big a number: Casebook reads "
            "whole numbers up to 9,007,199,254,740,992"
        ],
    ),
    "a huge hexadecimal": (
        "a: 0x" + "f" * 5000 + "\n",
        [
            "t.yaml:1:4: LOAD013 '0x" + "f" * 38 + "…' is too big a number: Casebook reads "
            "whole numbers up to 9,007,199,254,740,992"
        ],
    ),
}


def test_tagged_values_that_say_what_they_hold_are_read() -> None:
    text = "a: !!int '12'\nb: !!float '1.5'\nc: !!bool 'true'\nd: !!null\ne: 9007199254740992\n"
    source = load_text(text, "t.yaml")
    assert source.problems == ()
    assert source.data == {"a": 12, "b": 1.5, "c": True, "d": None, "e": 2**53}


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


def _refusal(path, root) -> str:
    from compiler.load.yaml_nodes import load_file

    with pytest.raises(CompileError) as caught:
        load_file(path, root)
    (finding,) = caught.value.findings
    return f"{finding.location}: {finding.code} {finding.message} ({finding.suggestion})"


FILE_CASES = {
    "tab indent": (
        b"a:\n\tb: 1\n",
        "f.yaml:2:1: LOAD001 YAML syntax error: found character '\\t' that cannot start any "
        "token (while scanning for the next token) (YAML indents with spaces only: replace "
        "the tab at this line with spaces)",
    ),
    "bad indentation": (
        b"a:\n  - 1\n b: 2\n",
        "f.yaml:3:2: LOAD001 YAML syntax error: expected <block end>, but found "
        "'<block mapping start>' (while parsing a block mapping)",
    ),
    "unclosed quote": (
        b'a: "open\nb: 2\n',
        "f.yaml:3:1: LOAD001 YAML syntax error: found unexpected end of stream "
        "(while scanning a quoted scalar)",
    ),
    "latin-1": (
        "a: 1\nb: caf\u00e9\n".encode("latin-1"),
        "f.yaml:2:7: LOAD006 file is not UTF-8 text (byte 0xE9 at offset 11)",
    ),
    "utf-16": ("a: 1\n".encode("utf-16"), "f.yaml:1:1: LOAD006 file is UTF-16 text"),
    # found by a probe: without the byte-order mark it was "U+0000 is not allowed"
    "utf-16le, unmarked": (
        "title: Maquis\n".encode("utf-16-le"),
        "f.yaml:1:1: LOAD006 file is UTF-16 text",
    ),
    "utf-16be, unmarked": (
        "title: Maquis\n".encode("utf-16-be"),
        "f.yaml:1:1: LOAD006 file is UTF-16 text",
    ),
    "control character": (
        b"a: 1\nb: x\x07y\n",
        "f.yaml:2:5: LOAD001 YAML syntax error: character U+0007 is not allowed in YAML text",
    ),
    "deep flow nesting": (
        b"a: " + b"[" * 5000 + b"]" * 5000 + b"\n",
        "f.yaml:1:103: LOAD001 YAML nested more than 100 levels deep",
    ),
    "deep block nesting": (
        "".join(f"{' ' * i}k{i}:\n" for i in range(150)).encode() + b" " * 150 + b"x\n",
        "f.yaml:101:101: LOAD001 YAML nested more than 100 levels deep",
    ),
}


@pytest.mark.parametrize("name", FILE_CASES)
def test_bad_file_is_refused_at_its_place(name: str, tmp_path) -> None:
    data, expected = FILE_CASES[name]
    (tmp_path / "f.yaml").write_bytes(data)
    assert _refusal(tmp_path / "f.yaml", tmp_path).startswith(expected)


def test_byte_order_mark_is_read_as_utf8(tmp_path) -> None:
    from compiler.load.yaml_nodes import load_file

    (tmp_path / "f.yaml").write_bytes(b"\xef\xbb\xbfa: 1\nb: two\n")
    source = load_file(tmp_path / "f.yaml", tmp_path)
    assert source.data == {"a": 1, "b": "two"}
    assert str(source.locate(("b",))) == "f.yaml:2:4"


def test_a_folder_where_a_file_should_be(tmp_path) -> None:
    (tmp_path / "f.yaml").mkdir()
    assert _refusal(tmp_path / "f.yaml", tmp_path).startswith(
        "f.yaml:1:1: LOAD009 expected a YAML file here, found a folder or a special file"
    )


def test_huge_file_is_refused_before_it_is_read(tmp_path, monkeypatch) -> None:
    from compiler.load import yaml_nodes

    monkeypatch.setattr(yaml_nodes, "MAX_BYTES", 1024)
    (tmp_path / "f.yaml").write_bytes(b"a: " + b"x" * 4096 + b"\n")
    assert "LOAD010 file is 0 MB; Casebook reads files up to 0 MB" in _refusal(
        tmp_path / "f.yaml", tmp_path
    )


def test_alias_bomb_is_refused_without_expanding_it() -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(20)
    )
    source = load_text(bomb, "t.yaml")  # 8**20 leaves if expanded: this returns at once
    assert {p.code for p in source.problems} == {"LOAD003"}
    # 160 aliases: the first 50 said, then that there are more (a million were said each)
    assert len(source.problems) == 51
    assert source.problems[-1].message.startswith("and more: the file has more than 50 aliases")


def test_line_of_is_the_line_locate_gives_for_a_value_or_its_nearest_ancestor() -> None:
    text = "rules:\n  - number: '1'\n    body:\n      - first\n      - second\n"
    source = load_text(text, "x.yaml")
    for at in [(), ("rules",), ("rules", 0, "body", 1), ("rules", 0, "missing", 3)]:
        assert source.line_of(at) == source.locate(at).line, at
    assert source.line_of(("rules", 0, "body", 1)) == 5
    assert source.line_of(("rules", 0, "missing", 3)) == 2  # the rule's own line


@pytest.mark.parametrize(
    "text", ["", "a: 1\n", "a\x85b", "x\u2029y\u2028z", "\u2028", "é\u2029\x85", "日本\u2028"]
)
def test_the_first_odd_break_is_found_where_a_regex_finds_it(text: str) -> None:
    match = re.search("[\x85\u2028\u2029]", text)
    assert yaml_nodes._odd_break(text) == (match.start() if match else -1)
