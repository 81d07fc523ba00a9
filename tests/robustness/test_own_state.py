"""Casebook's own files, damaged: the build lock, stale temporaries and the caches.

They live in the output folder and in ``$XDG_CACHE_HOME/casebook``, where
anything may happen to them: a named pipe where a file was, a folder, a
pickle of something else, JSON nested past the stack. A cache that cannot be
trusted is made again; the lock, which must be a file, is a located error.
Each case was an internal error or a hang before.
"""

from __future__ import annotations

import json
import marshal
import os
import pickle
import shutil
from pathlib import Path

import fastjsonschema
import pytest

from compiler import cache, lint_cache
from compiler.cli import main
from compiler.l10n import spelling
from compiler.validate import schemas
from compiler.write import clear_stale
from tests.conftest import RULESETS

GAME = "maquis"


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "casebook"


def test_a_named_pipe_where_the_build_lock_goes_is_a_located_error(tmp_path: Path, capsys):
    """Opening a pipe to write waits for a reader: the build hung for ever."""
    shutil.copytree(RULESETS / GAME, tmp_path / GAME)
    out = tmp_path / "out"
    (out / ".casebook").mkdir(parents=True)
    os.mkfifo(out / ".casebook" / "lock")
    status = main(["build", GAME, "--rulesets", str(tmp_path), "--out", str(out), "-q"])
    err = capsys.readouterr().err
    assert status == 2, err
    assert f"{out}/.casebook/lock:1:1: error: LOAD009 expected a build lock file here" in err
    assert not (out / GAME).exists()


def test_only_files_are_cleared_as_stale_temporaries(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / ".casebook-left.tmp").write_bytes(b"half")
    (tmp_path / "en" / ".casebook-junk.tmp").mkdir()  # someone's folder: kept
    assert clear_stale(tmp_path) == [tmp_path / "en" / ".casebook-left.tmp"]
    assert [p.name for p in (tmp_path / "en").iterdir()] == [".casebook-junk.tmp"]


@pytest.mark.parametrize(
    "entry",
    [pickle.dumps((5, True)), pickle.dumps(([1], True)), pickle.dumps("x"), b"\x80junk"],
    ids=["a number of findings", "not findings", "not a pair", "not a pickle"],
)
def test_a_damaged_lint_result_is_linted_again(own_cache: Path, entry: bytes) -> None:
    (own_cache / "lint").mkdir(parents=True)
    (own_cache / "lint" / "k.pickle").write_bytes(entry)
    assert lint_cache.load("k") is None


def test_a_named_pipe_where_a_lint_result_goes_is_linted_again(own_cache: Path) -> None:
    (own_cache / "lint").mkdir(parents=True)
    os.mkfifo(own_cache / "lint" / "k.pickle")
    assert lint_cache.load("k") is None


@pytest.mark.parametrize(
    "text",
    ["[1, 2]", '{"casa": 1, "cosa": true}', "[" * 100_000 + "]" * 100_000, "{"],
    ids=["a list", "a number for an answer", "nested past the stack", "not JSON"],
)
def test_damaged_spelling_answers_are_asked_again(tmp_path: Path, text: str) -> None:
    (tmp_path / "answers.json").write_text(text, encoding="utf-8")
    assert spelling._answers(tmp_path / "answers.json") == (
        {"cosa": True} if "cosa" in text else {}
    )


def test_a_lint_with_damaged_spelling_answers_lints(own_cache: Path, capsys) -> None:
    assert main(["lint", "liberation", "--no-cache"]) in (0, 1)
    answers = list(own_cache.glob("spelling-*.json"))
    for path in answers:
        path.write_text("[1, 2]", encoding="utf-8")
    spelling._MEMO.clear()
    capsys.readouterr()
    assert main(["lint", "liberation", "--no-cache"]) in (0, 1)
    assert "internal error" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "entry", [("validate", "raise SystemExit('ran the cache')"), ("validate", 5), 7]
)
def test_a_cached_schema_gate_that_is_not_code_is_made_again(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch, entry: object
) -> None:
    """exec() would run a string in a damaged entry as Python, or fail on a number."""

    def no_shipped_gate(name: str) -> None:
        raise ImportError(name)

    monkeypatch.setattr(schemas.importlib, "import_module", no_shipped_gate)
    monkeypatch.setattr(schemas, "read_entry", lambda path, limit=0: marshal.dumps(entry))
    validate = schemas._compiled.__wrapped__("game")  # past the per-process memo
    with pytest.raises(fastjsonschema.JsonSchemaException):  # a real gate, made again
        validate({"id": "x"})


def test_read_entry_refuses_what_is_not_a_small_regular_file(tmp_path: Path) -> None:
    (tmp_path / "big").write_bytes(b"x" * 11)
    (tmp_path / "ok").write_bytes(b"x" * 10)
    (tmp_path / "dir").mkdir()
    os.mkfifo(tmp_path / "pipe")
    assert cache.read_entry(tmp_path / "ok", limit=10) == b"x" * 10
    for name in ("big", "dir", "pipe", "missing", "nul\x00"):
        assert cache.read_entry(tmp_path / name, limit=10) is None, name
    assert json.loads(b"[]") == []
