"""write_all writes every output or none, even when a folder stands in one's place."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.diagnostics import CompileError
from compiler.write import Output, write_all


def test_a_folder_where_an_output_goes_leaves_every_output_as_it_was(tmp_path: Path) -> None:
    """Found by the adversarial hunt: files before the folder were swapped in, the rest
    stayed old, and temporaries were left behind."""
    (tmp_path / "a.txt").write_text("old a")
    (tmp_path / "b.txt").mkdir()
    (tmp_path / "c.txt").write_text("old c")
    outputs = [Output(name, b"new") for name in ("a.txt", "b.txt", "c.txt")]
    with pytest.raises(CompileError) as caught:
        write_all(outputs, tmp_path)
    (finding,) = caught.value.findings
    assert finding.code == "LOAD009"
    assert str(finding.location) == f"{(tmp_path / 'b.txt').as_posix()}:1:1"
    assert (tmp_path / "a.txt").read_text() == "old a"
    assert (tmp_path / "c.txt").read_text() == "old c"
    assert not list(tmp_path.glob(".casebook-*.tmp"))
