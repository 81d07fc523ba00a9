"""Every value's place, kept as a tree that mirrors the data, is found as a table of
whole paths would find it: the value's own place, else its nearest ancestor's."""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.diagnostics import Location
from compiler.load.yaml_nodes import load_text

KEYS = st.text(alphabet="abcxyz", min_size=1, max_size=3)
SCALARS = st.one_of(st.text(alphabet="ab c-é", max_size=6), st.integers(-5, 500), st.booleans())
DATA = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)),
    max_leaves=25,
)


def _table(node: yaml.Node, at: tuple = ()) -> dict[tuple, tuple[int, int]]:
    """Path -> (line, column) of every node, from PyYAML's own marks: the oracle."""
    out = {at: (node.start_mark.line + 1, node.start_mark.column + 1)}
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            out.update(_table(value, (*at, key.value)))
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            out.update(_table(item, (*at, i)))
    return out


def _nearest(table: dict, at: tuple) -> tuple[int, int]:
    while at not in table and at:
        at = at[:-1]
    return table.get(at, (1, 1))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    data=st.dictionaries(KEYS, DATA, min_size=1, max_size=5),
    flow=st.booleans(),
    extra=st.lists(st.one_of(KEYS, st.integers(-2, 6)), min_size=1, max_size=3),
)
def test_every_path_is_placed_as_the_table_of_paths_places_it(data, flow, extra) -> None:
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True)
    table = _table(yaml.compose(text, Loader=yaml.SafeLoader))
    source = load_text(text, "f.yaml")
    # every value, and paths that go on past a value or name a key or index not there
    paths = list(table) + [(*p, *extra) for p in table] + [tuple(extra)]
    for at in paths:
        line, column = _nearest(table, at)
        assert source.locate(at) == Location("f.yaml", line, column), at
        assert source.line_of(at) == line
        assert source.has(at) == (at in table), at


def test_a_moved_value_is_placed_where_it_moved_to() -> None:
    """A translated text is placed at its catalog entry; its neighbours stay put."""
    from dataclasses import replace

    source = load_text("rules:\n  - title: Uno\n    body: [a, b]\n", "r.yaml")
    entry = Location("l10n/en.po", 40, 1)
    moved = replace(source, moved={("rules", 0, "title"): entry})
    assert moved.locate(("rules", 0, "title")) == entry
    assert moved.locate(("rules", 0, "title", "deeper")) == entry
    assert moved.locate(("rules", 0, "body", 1)) == source.locate(("rules", 0, "body", 1))
    assert moved.locate(("rules", 0, "missing")) == source.locate(("rules", 0))
    assert moved.has(("rules", 0, "title")) and not moved.has(("rules", 0, "nothing"))


def test_an_empty_file_places_everything_at_its_start() -> None:
    source = load_text("", "e.yaml")
    assert source.data is None
    assert source.locate(("anything", 0)) == Location("e.yaml", 1, 1)
    assert not source.has(("anything",))
