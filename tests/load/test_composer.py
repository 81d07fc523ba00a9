"""The loader that remembers tags composes the same nodes as PyYAML's own safe loader."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import given
from hypothesis import strategies as st

from compiler.load.yaml_nodes import _Composer, _FastLoader

ROOT = Path(__file__).resolve().parents[2]


def _nodes(node: yaml.Node) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    stack = [node]
    while stack:
        n = stack.pop()
        mark = (n.start_mark.line, n.start_mark.column)
        if isinstance(n, yaml.ScalarNode):
            out.append((type(n).__name__, n.tag, n.value, n.style, mark))
        elif isinstance(n, yaml.SequenceNode):
            out.append((type(n).__name__, n.tag, len(n.value), mark))
            stack.extend(n.value)
        else:
            out.append((type(n).__name__, n.tag, len(n.value), mark))
            for key, value in n.value:
                stack.extend((key, value))
    return out


def test_every_ruleset_file_composes_as_with_the_safe_loader() -> None:
    files = sorted((ROOT / "rulesets").rglob("*.yaml"))
    assert len(files) > 50
    for file in files:
        text = file.read_text(encoding="utf-8")
        assert _nodes(yaml.compose(text, Loader=_Composer)) == _nodes(
            yaml.compose(text, Loader=_FastLoader)
        ), file


_SCALARS = st.one_of(
    st.sampled_from(
        [
            "yes",
            "No",
            "~",
            "null",
            "",
            "0x1F",
            "0o17",
            "1_000",
            "1:30",
            "-.inf",
            ".NaN",
            "2001-12-14",
            "1e3",
            "+12",
            "012",
            "0b101",
            "<<",
            "=",
            "true",
            "False",
            "on",
            "Off",
            "y",
            "3.0.1",
        ]
    ),
    st.text(alphabet="0123456789.+-_:eE xXoObBabcdefyn~<=", max_size=8),
)


@given(st.lists(_SCALARS, min_size=1, max_size=6))
def test_plain_quoted_and_repeated_values_get_the_safe_loaders_tags(values: list[str]) -> None:
    """Plain values, each twice (the second from the memo), and the same quoted."""
    items = [v for value in values for v in (value, value)]
    lines = ["plain:"] + [f"  - {v}" for v in items if v.strip() == v and v]
    lines += ["quoted:"] + [f"  - '{v}'" for v in items]
    text = "\n".join(lines) + "\n"
    try:
        expected = _nodes(yaml.compose(text, Loader=_FastLoader))
    except yaml.YAMLError:
        return  # not YAML (e.g. "- :" ); nothing to compare
    assert _nodes(yaml.compose(text, Loader=_Composer)) == expected
