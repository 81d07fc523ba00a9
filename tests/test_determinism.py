"""Same input, same bytes; a failed write leaves the previous outputs whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.backends import rulebook
from compiler.pipeline import front_end
from compiler.write import Output, write_all
from tests.conftest import ROOT

MINI = ROOT / "tests" / "rulesets" / "mini-case"


@pytest.mark.parametrize("edition", ["original", "living"])
def test_building_twice_gives_the_same_bytes(edition: str) -> None:
    def once() -> bytes:
        fe = front_end(MINI, ROOT, edition)
        (out,) = rulebook.build(fe.game, fe.graphs, rulebook.Options("a4"))
        return out.data

    assert once() == once()


def test_failed_write_leaves_old_files_and_no_temporaries(tmp_path: Path) -> None:
    write_all([Output("g/en/a.txt", b"old a"), Output("g/en/b.txt", b"old b")], tmp_path)
    with pytest.raises(ValueError, match="outside the output folder"):
        write_all(
            [
                Output("g/en/a.txt", b"new a"),
                Output("g/en/b.txt", b"new b"),
                Output("../escape.txt", b"x"),
            ],
            tmp_path,
        )
    assert (tmp_path / "g/en/a.txt").read_bytes() == b"old a"
    assert (tmp_path / "g/en/b.txt").read_bytes() == b"old b"
    assert sorted(p.name for p in (tmp_path / "g/en").iterdir()) == ["a.txt", "b.txt"]


def test_unchanged_files_are_not_rewritten(tmp_path: Path) -> None:
    assert write_all([Output("x.txt", b"same")], tmp_path) == [tmp_path / "x.txt"]
    assert write_all([Output("x.txt", b"same")], tmp_path) == []
