"""A build stamp damaged by hand means "build again", never a crash."""

from __future__ import annotations

import json
import os
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
        {"a\u0000b": [1, 2]},
    ],
    ids=["a number", "a short list", "text", "an absolute path", "a path out", "a NUL"],
)
def test_a_damaged_stamp_means_not_up_to_date(tmp_path: Path, files: object) -> None:
    (tmp_path / "a.pdf").write_bytes(b"x")
    _stamp(tmp_path, files)
    assert stamps.current_outputs(tmp_path, "g", "en", "d") is None


def test_a_stamp_nested_past_the_stack_means_not_up_to_date(tmp_path: Path) -> None:
    path = stamps.stamp_path(tmp_path, "g", "en")
    path.parent.mkdir(parents=True)
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    assert stamps.current_outputs(tmp_path, "g", "en", "d") is None


def test_a_named_pipe_where_the_stamp_goes_is_read_without_waiting(tmp_path: Path) -> None:
    """Opening a pipe to read waits for a writer: the build hung before its first job."""
    path = stamps.stamp_path(tmp_path, "g", "en")
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    assert stamps.current_outputs(tmp_path, "g", "en", "d") is None


def test_a_folder_where_the_stamp_goes_costs_only_a_rebuild(tmp_path: Path) -> None:
    """The outputs are written before their stamp: a stamp that cannot be written
    leaves them as they are, and no temporary beside it."""
    (tmp_path / "a.pdf").write_bytes(b"x")
    stamps.stamp_path(tmp_path, "g", "en").mkdir(parents=True)
    stamps.record(tmp_path, "g", "en", "d", ["a.pdf"])
    assert stamps.current_outputs(tmp_path, "g", "en", "d") is None
    assert [p.name for p in (tmp_path / ".casebook").iterdir()] == ["g-en.json"]


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


@pytest.mark.parametrize("key", ["translation_of", '"translation_of"'])
def test_a_change_anywhere_in_a_chain_of_translations_is_seen(tmp_path: Path, key: str) -> None:
    """Found by a probe: the digest followed one translation_of, found by a pattern over
    the text, so a broken original's original (or a quoted key) left a translation
    "up to date" that a fresh build refused."""
    for name, original in (("a", "b"), ("b", "c"), ("c", None)):
        (tmp_path / name).mkdir()
        line = f"{key}: {original}\n" if original else ""
        (tmp_path / name / "game.yaml").write_text(f"id: {name}\n{line}", encoding="utf-8")
    before = stamps.input_digest(tmp_path / "a", {})
    (tmp_path / "c" / "setup.yaml").write_text("bad: [unclosed\n", encoding="utf-8")
    assert stamps.input_digest(tmp_path / "a", {}) != before


def test_a_loop_of_translations_ends(tmp_path: Path) -> None:
    for name, original in (("a", "b"), ("b", "a")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "game.yaml").write_text(
            f"id: {name}\ntranslation_of: {original}\n", encoding="utf-8"
        )
    assert stamps.input_digest(tmp_path / "a", {})  # loading the game says MODEL011


def test_the_dependency_versions_read_from_folder_names_agree_with_importlib() -> None:
    """The toolchain digest reads each dependency's version from its dist-info folder's
    name, not through importlib.metadata (20 ms of every lint): both must say the same
    of this installation, and the digest must change when a version does."""
    from compiler import stamps

    assert stamps._versions() == stamps._versions_from_metadata()
    assert any(v.startswith("pyyaml=") for v in stamps._versions())


def test_a_dependency_not_found_by_its_folder_is_asked_of_importlib(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An .egg-info install has no dist-info folder to name it: the slow way answers."""
    from compiler import stamps

    site = tmp_path / "site"
    (site / "casebook-0.1.0.dist-info").mkdir(parents=True)
    (site / "casebook-0.1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: casebook\nRequires-Dist: Py.YAML>=6\n"
        "Requires-Dist: pytest; extra == 'test'\n\nRequires-Dist: not-a-header\n"
    )
    monkeypatch.setattr(stamps.sys, "path", [str(site)])
    monkeypatch.setattr(stamps, "_versions_from_metadata", lambda: ["asked importlib"])
    assert stamps._versions() == ["asked importlib"]  # py-yaml has no folder here
    (site / "py_yaml-6.0.4.dist-info").mkdir()
    assert stamps._versions() == ["Py.YAML=6.0.4"]  # the extra's and the body's left out
    (site / "py_yaml-6.0.4.dist-info").rename(site / "py_yaml-6.1.dist-info")
    assert stamps._versions() == ["Py.YAML=6.1"]
