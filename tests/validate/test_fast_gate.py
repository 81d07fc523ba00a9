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
