"""A build stamp damaged by hand means "build again", never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler import stamps


def _stamp(out: Path, files: object) -> None:
    path = stamps.stamp_path(out, "g", "en")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"digest": "d", "files": files}), encoding="utf-8")


def test_a_good_stamp_lists_its_untouched_outputs(tmp_path: Path) -> None:
    (tmp_path / "a.pdf").write_bytes(b"x")
    stamps.record(tmp_path, "g", "en", "d", ["a.pdf"])
    assert stamps.current_outputs(tmp_path, "g", "en", "d") == ["a.pdf"]


@pytest.mark.parametrize(
    "files",
    [
        {"a.pdf": 1},
        {"a.pdf": [1]},
        {"a.pdf": "x"},
        {"/etc/hostname": [1, 2]},
        {"../a.pdf": [1, 2]},
    ],
    ids=["a number", "a short list", "text", "an absolute path", "a path out"],
)
def test_a_damaged_stamp_means_not_up_to_date(tmp_path: Path, files: object) -> None:
    (tmp_path / "a.pdf").write_bytes(b"x")
    _stamp(tmp_path, files)
    assert stamps.current_outputs(tmp_path, "g", "en", "d") is None


def _tree(folder: Path) -> str:
    import hashlib

    from compiler.stamps import _tree_stat

    digest = hashlib.blake2b(digest_size=16)
    _tree_stat(folder, digest)
    return digest.hexdigest()


def test_the_toolchain_digest_sees_every_file_but_bytecode(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "__pycache__").mkdir(parents=True)
    (tmp_path / "pkg" / "mod.py").write_text("x = 1\n")
    (tmp_path / "pkg" / "__pycache__" / "mod.cpython-311.pyc").write_bytes(b"old")
    (tmp_path / "broken").symlink_to(tmp_path / "nowhere")
    before = _tree(tmp_path)
    (tmp_path / "pkg" / "__pycache__" / "mod.cpython-311.pyc").write_bytes(b"newer bytes")
    assert _tree(tmp_path) == before  # bytecode comes and goes with every run
    (tmp_path / "pkg" / "mod.py").write_text("x = 22\n")
    assert _tree(tmp_path) != before  # an edit changes the size: a rebuild
    before = _tree(tmp_path)
    (tmp_path / "pkg" / "new.py").write_text("")
    assert _tree(tmp_path) != before  # a new file too
