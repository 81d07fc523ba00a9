"""The compiled validator gates jsonschema: the two must give the same verdict.

If fastjsonschema ever called valid what jsonschema rejects, a schema error
would pass silently, so the verdicts are compared on every real file and on
each file broken in the ways an editor breaks one.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.load.game_files import discover
from compiler.load.yaml_nodes import load_file
from compiler.validate.schemas import is_valid, validator_for
from tests.conftest import ROOT, RULESETS

FILES = [(kind, path) for game in sorted(RULESETS.iterdir()) for kind, path in discover(game)]
WRONG = [None, True, 7, 2.5, "", "x" * 300, [], {}, {"unknown_key": 1}, ["x"]]


def _paths(data: object, at: tuple = ()) -> Iterator[tuple]:
    yield at
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*at, key))
    elif isinstance(data, list):
        for i, value in enumerate(data[:3]):
            yield from _paths(value, (*at, i))


def _set(data: object, at: tuple, value: object) -> object:
    if not at:
        return value
    data = copy.deepcopy(data)
    holder = data
    for step in at[:-1]:
        holder = holder[step]  # type: ignore[index]
    holder[at[-1]] = value  # type: ignore[index]
    return data


def _mutants(data: object, limit: int = 40) -> Iterator[object]:
    """Each place of the first ``limit`` given, in turn, each wrong value."""
    for n, at in enumerate(_paths(data)):
        if n >= limit:
            return
        for i, value in enumerate(WRONG):
            if (n + i) % 4 == 0:  # a quarter of the pairs keeps the test quick
                yield _set(data, at, value)


@pytest.mark.parametrize(
    "kind,path", FILES, ids=[p.relative_to(RULESETS).as_posix() for _, p in FILES]
)
def test_fast_and_explaining_validators_agree(kind: str, path: Path) -> None:
    data = load_file(path, ROOT).data
    checked = 0
    for mutant in [data, *_mutants(data)]:
        slow = validator_for(kind).is_valid(mutant)
        assert is_valid(kind, mutant) == slow, (kind, mutant if len(str(mutant)) < 400 else "…")
        checked += 1
    assert checked > 1


# Draft-07 keywords fastjsonschema implements; a schema using any other (e.g. 2019's
# dependentRequired) would be waved through by the gate, so none may appear.
GATE_KNOWS = {
    "$schema",
    "$id",
    "$ref",
    "$defs",
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    "type",
    "enum",
    "const",
    "properties",
    "additionalProperties",
    "patternProperties",
    "propertyNames",
    "required",
    "minProperties",
    "maxProperties",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "pattern",
    "minLength",
    "maxLength",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
}


def _keywords(node: object, inside_properties: bool = False) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if not inside_properties:
                yield key
            names = key in ("properties", "patternProperties", "$defs")
            yield from _keywords(value, inside_properties=names)
    elif isinstance(node, list):
        for item in node:
            yield from _keywords(item)


@pytest.mark.parametrize("kind", sorted({kind for kind, _ in FILES} | {"termbase"}))
def test_every_schema_keyword_is_one_the_fast_gate_checks(kind: str) -> None:
    import json

    from compiler.validate.schemas import schema_path

    schema = json.loads(schema_path(kind).read_text(encoding="utf-8"))
    assert set(_keywords(schema)) <= GATE_KNOWS


def test_an_id_ending_in_a_line_break_is_refused_by_both() -> None:
    data = load_file(RULESETS / "maquis" / "game.yaml", ROOT).data
    broken = _set(data, ("id",), "maquis\n")
    assert not validator_for("game").is_valid(broken)
    assert not is_valid("game", broken)


def test_a_big_quantity_is_valid_data() -> None:
    """Quantities are not capped by the schema (a sheet caps what it prints: FIT004)."""
    data = load_file(RULESETS / "maquis" / "components.yaml", ROOT).data
    big = _set(data, ("components", 0, "quantity"), 100_000)
    assert validator_for("components").is_valid(big) and is_valid("components", big)


def test_the_compiled_gate_is_cached_and_a_broken_entry_is_made_again(
    tmp_path, monkeypatch
) -> None:
    """After a schema edit (its gate module stale) every process would pay to compile
    the gate; the cache must never change a verdict, and a damaged entry must be
    rebuilt rather than trusted or crashed on."""
    from compiler.validate import schemas
    from compiler.validate.gates import counters

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(counters, "SCHEMA_DIGEST", "made from an older schema")
    bad = {"counter_sheets": [{"id": "x", "title": "t", "layout": "l", "counters": []}]}
    good = {
        "counter_sheets": [
            {"id": "x", "title": "t", "layout": "l", "counters": [{"component": "c"}]}
        ]
    }
    verdicts = []
    for damage in (None, b"not marshal data", b""):
        schemas._compiled.cache_clear()
        entries = list((tmp_path / "casebook" / "schemas").glob("counters-*.marshal"))
        if damage is not None:
            (entry,) = entries
            entry.write_bytes(damage)
        verdicts.append((schemas.is_valid("counters", good), schemas.is_valid("counters", bad)))
    schemas._compiled.cache_clear()
    assert verdicts == [(True, False)] * 3
    (entry,) = (tmp_path / "casebook" / "schemas").glob("counters-*.marshal")
    assert entry.stat().st_size > 1000  # rebuilt whole after the damage


# --- oneOf as anyOf in the gate (schemas._for_the_gate) -----------------------------

KEYS = ["a", "b", "c"]
VALUE = st.sampled_from(["x", "y", 1])


@st.composite
def _object_branch(draw: st.DrawFn) -> dict:
    allowed = draw(st.lists(st.sampled_from(KEYS), unique=True))
    required = draw(st.lists(st.sampled_from(allowed), unique=True)) if allowed else []
    properties = {}
    for key in allowed:
        properties[key] = draw(
            st.sampled_from([{}, {"const": "x"}, {"const": "y"}, {"enum": ["x", "y"]}])
        )
    branch = {"type": "object", "properties": properties, "required": required}
    if draw(st.booleans()):
        branch["additionalProperties"] = False
    return branch


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    branches=st.lists(
        st.one_of(_object_branch(), st.sampled_from([{"type": "string"}, {"type": "integer"}])),
        min_size=2,
        max_size=4,
    ),
    values=st.lists(
        st.one_of(st.dictionaries(st.sampled_from([*KEYS, "d"]), VALUE), VALUE), max_size=30
    ),
)
def test_branches_called_exclusive_never_both_match(branches: list, values: list) -> None:
    """The proof behind oneOf -> anyOf is sound: no value satisfies two such branches."""
    from jsonschema import Draft202012Validator

    from compiler.validate.schemas import exclusive

    if not exclusive(branches):
        return
    validators = [Draft202012Validator(b) for b in branches]
    for value in values:
        assert sum(v.is_valid(value) for v in validators) <= 1, (branches, value)


def test_the_block_choices_of_rules_and_entries_are_gated_as_anyof() -> None:
    import json

    from compiler.validate.schemas import _for_the_gate, _schema, exclusive

    for kind in ("rules", "entries"):
        gate = json.dumps(_for_the_gate(_schema(kind)))
        assert '"oneOf"' not in gate and '"anyOf"' in gate
    assert not exclusive([{"type": "string"}, {"type": "string", "minLength": 3}])
    assert not exclusive([{"type": "integer"}, {"type": "number"}])
    assert not exclusive([{"$ref": "#/$defs/x"}, {"type": "string"}])
    open_objects = [
        {"type": "object", "required": ["a"], "properties": {"a": {}}},
        {"type": "object", "required": ["b"], "properties": {"b": {}}},
    ]
    assert not exclusive(open_objects)  # {"a": 1, "b": 1} satisfies both
    kinds = [
        {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "note"}}},
        {"type": "object", "required": ["kind"], "properties": {"kind": {"enum": ["list"]}}},
    ]
    assert exclusive(kinds)


def _blocks() -> Iterator[object]:
    """Every block of War Story's book, and each broken as a probe typed one."""
    for kind, path in FILES:
        if kind == "entries":
            for entry in load_file(path, ROOT).data["entries"][:40]:
                yield from entry.get("blocks", [])
    yield from ({"choose": [{}]}, {"if_else": 3}, [], {"choose": []}, {"kind": "gap", "text": ""})


@pytest.mark.parametrize("block", list(_blocks()))
def test_a_block_is_judged_by_its_gate_as_jsonschema_judges_it(block: object) -> None:
    """A typed instruction box is checked by the entries gate's own function for a block,
    and jsonschema is imported only to explain one that fails."""
    from compiler.validate.schemas import definition_is_valid, definition_validator

    expected = definition_validator("entries", "block").is_valid(block)
    assert definition_is_valid("entries", "block", block) is expected


def test_a_clean_lint_imports_neither_jsonschema_nor_reportlab() -> None:
    """jsonschema (45 ms) was imported to say War Story's example boxes were valid, and
    ReportLab is for the build: neither has work in a lint that finds nothing wrong."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from compiler import cli\n"
        "assert cli.main(['lint', '--no-cache']) in (0, 1)\n"
        "heavy = [m for m in ('jsonschema', 'reportlab') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    env = {**__import__("os").environ, "CASEBOOK_JOBS": "1"}
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env=env, capture_output=True)
