"""Files and folders Casebook may not read, and files too big to read, in a game's folder.

The tests run as root in CI, where permissions do not bite, so a denial is
made by patching the one call that meets it; where the tests run as another
user the folder is really made unreadable too.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler import stamps
from compiler.cli import main
from compiler.paths import game_dirs
from tests.conftest import ROOT, RULESETS

GAME = "maquis"


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(RULESETS / GAME, tmp_path / GAME)
    return tmp_path / GAME


def _deny(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Opening any file called ``name`` fails as an unreadable file does."""
    real = Path.open

    def guarded(self: Path, *args, **kwargs):
        if self.name == name:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", guarded)


def test_a_file_no_stage_reads_may_be_unreadable(tmp_path: Path, monkeypatch, capsys) -> None:
    """An editor's note the user cannot read stopped lint and build as an internal error
    (reading it for the inputs' digest); it is counted by its error and nothing stops."""
    game = _copy(tmp_path)
    (game / "notes.txt").write_text("my notes", encoding="utf-8")
    before = stamps.input_digest(game, {})
    _deny(monkeypatch, "notes.txt")
    assert stamps.input_digest(game, {}) != before  # a file that became unreadable changed
    out = tmp_path / "out"
    status = main(["build", GAME, "--rulesets", str(tmp_path), "--out", str(out), "-q"])
    err = capsys.readouterr().err
    assert status == 0 and "internal error" not in err, err
    assert main(["lint", GAME, "--rulesets", str(tmp_path), "--no-cache"]) == 0


def test_an_unreadable_ruleset_file_is_a_located_error(tmp_path: Path, monkeypatch, capsys):
    _copy(tmp_path)
    _deny(monkeypatch, "tables.yaml")
    status = main(["lint", GAME, "--rulesets", str(tmp_path), "--no-cache"])
    err = capsys.readouterr().err
    assert status == 2, err
    assert f"{GAME}/tables.yaml:1:1: error: LOAD009 cannot read the file" in err, err
    assert "internal error" not in err


def test_a_game_folder_that_cannot_be_searched_is_said_once(tmp_path: Path, monkeypatch, capsys):
    """Every stage opens files in the game's folder; the first to touch one met
    PermissionError as an internal error. The command says it once and stops."""
    game = _copy(tmp_path)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: Path(p) != game and real_access(p, mode))
    for command in (["validate"], ["lint", "--no-cache"], ["build", "--out", str(tmp_path / "o")]):
        status = main([*command, "--rulesets", str(tmp_path)])
        err = capsys.readouterr().err
        assert status == 2, (command, err)
        assert f"{game}: error: LOAD009 cannot read the game's folder" in err, err
        assert f"chmod u+rx {game}" in err and "internal error" not in err
    assert not (tmp_path / "o").exists()


def test_a_folder_that_cannot_be_searched_is_still_found_as_a_game(tmp_path, monkeypatch):
    """Listed, not skipped: a game that vanished from `casebook lint` without a word
    would read as a game that passed."""
    game = _copy(tmp_path)
    real = Path.is_file

    def is_file(self: Path) -> bool:
        if self.parent == game:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "is_file", is_file)
    assert game_dirs(tmp_path, ()) == [game]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any folder")
def test_a_really_unreadable_game_folder(tmp_path: Path) -> None:
    game = _copy(tmp_path)
    game.chmod(0)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "compiler", "lint", "--rulesets", str(tmp_path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
        )
    finally:
        game.chmod(0o755)
    assert result.returncode == 2 and "cannot read the game's folder" in result.stderr


def test_a_file_bigger_than_memory_in_the_game_folder_is_not_read(tmp_path: Path) -> None:
    """A 2 GB scan kept beside the game, under a 1.5 GB address-space limit: read whole
    for the inputs' digest, it ended lint as an internal error (MemoryError)."""
    game = _copy(tmp_path)
    with (game / "scan.bin").open("wb") as f:
        f.truncate(2 << 30)  # sparse: no disk used

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    result = subprocess.run(
        [sys.executable, "-m", "compiler", "lint", "--no-cache", "--rulesets", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        preexec_fn=limited,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    before = stamps.input_digest(game, {})
    os.utime(game / "scan.bin", ns=(1, 1))  # counted by size and time, as make does
    assert stamps.input_digest(game, {}) != before


def test_an_old_output_that_cannot_be_read_back_is_replaced(tmp_path: Path, monkeypatch, capsys):
    """Before writing, each old output is read to see whether it already holds the new
    bytes; one the user could not read ended the build as an internal error."""
    _copy(tmp_path)
    out = tmp_path / "out"
    args = ["build", GAME, "--rulesets", str(tmp_path), "--out", str(out), "-q"]
    assert main([*args, "--paper", "a4"]) == 0
    text = out / GAME / "en" / "rules-living.txt"
    text.write_text("stale", encoding="utf-8")
    real = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        if self == text:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    assert main(args) == 0, capsys.readouterr().err
    monkeypatch.undo()
    assert text.read_text(encoding="utf-8").startswith("Maquis — living edition")


def test_a_folder_where_the_build_lock_goes_is_a_located_error(tmp_path: Path, capsys) -> None:
    _copy(tmp_path)
    out = tmp_path / "out"
    (out / ".casebook" / "lock").mkdir(parents=True)
    status = main(["build", GAME, "--rulesets", str(tmp_path), "--out", str(out), "-q"])
    err = capsys.readouterr().err
    assert status == 2, err
    assert f"{out}/.casebook/lock:1:1: error: LOAD009 expected a build lock file here" in err
    assert "internal error" not in err and not (out / GAME).exists()
