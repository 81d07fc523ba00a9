"""Builds that die part-way or run side by side leave whole outputs; same input, same bytes."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pypdf
import pytest

from compiler import write
from compiler.cli import main
from compiler.diagnostics import CompileError
from tests.conftest import ROOT, RULESETS

GAMES = ("maquis", "liberation")


def _files(out: Path) -> dict[str, bytes]:
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and ".casebook" not in p.parts
    }


def _whole(path: Path) -> None:
    """A PDF parses to its last page; a text file decodes."""
    if path.suffix == ".pdf":
        reader = pypdf.PdfReader(path, strict=True)
        assert len(reader.pages) > 0
    else:
        path.read_text(encoding="utf-8")


def _popen(*args: str, seed: str = "0") -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.Popen(
        [sys.executable, "-m", "compiler", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def _survivors(marker: str, wait: float = 5.0) -> list[int]:
    """Processes whose command line holds ``marker`` still running after ``wait`` s (Linux)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    deadline = time.monotonic() + wait
    while True:
        alive = []
        for entry in proc.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                state = (entry / "stat").read_text().split(") ")[-1][:1]
            except OSError:
                continue
            if marker in cmdline and state != "Z":
                alive.append(int(entry.name))
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.1)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """Maquis and Liberation (Italian and English) built once, hash seed 1."""
    out = tmp_path_factory.mktemp("reference")
    proc = _popen("build", *GAMES, "--out", str(out), seed="1")
    assert proc.wait(timeout=600) == 0, proc.stderr.read() if proc.stderr else ""
    return _files(out)


def test_identical_input_gives_byte_identical_outputs(
    reference: dict[str, bytes], tmp_path: Path
) -> None:
    """Another process, another hash seed, one worker instead of two: the same bytes."""
    env = {**os.environ, "PYTHONHASHSEED": "2", "CASEBOOK_JOBS": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "compiler", "build", *GAMES, "--out", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    again = _files(tmp_path)
    assert sorted(again) == sorted(reference)
    assert [p for p in reference if again[p] != reference[p]] == []
    assert len(reference) > 80  # rulebooks, kits, HTML, exports and the translation proof


def test_two_builds_at_once_do_not_corrupt_each_other(
    reference: dict[str, bytes], tmp_path: Path
) -> None:
    first = _popen("build", "maquis", "--out", str(tmp_path))
    second = _popen("build", "maquis", "--out", str(tmp_path))
    assert first.wait(timeout=600) == 0
    assert second.wait(timeout=600) == 0
    built = _files(tmp_path)
    assert built == {p: data for p, data in reference.items() if p.startswith("maquis/")}
    assert not list(tmp_path.rglob("*.tmp"))


def test_a_build_killed_part_way_leaves_every_output_whole(
    reference: dict[str, bytes], tmp_path: Path
) -> None:
    """Kill a rebuild at several moments; each file is the old one or the new one, whole."""
    rulesets = tmp_path / "rulesets"
    shutil.copytree(RULESETS / "maquis", rulesets / "maquis")
    out = tmp_path / "out"
    assert main(["build", "maquis", "--rulesets", str(rulesets), "--out", str(out), "-q"]) == 0
    old = _files(out)
    rules = rulesets / "maquis" / "rules" / "01-game-play.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    for delay in (0.5, 1.5, 2.5):
        proc = _popen("build", "maquis", "--rulesets", str(rulesets), "--out", str(out))
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert _survivors(str(rulesets)) == []  # its workers died with it
        now = _files(out)
        assert sorted(now) == sorted(old)
        for rel in now:
            _whole(out / rel)
    # the next build finishes the job and sweeps what the killed ones left
    assert main(["build", "maquis", "--rulesets", str(rulesets), "--out", str(out), "-q"]) == 0
    assert not list(out.rglob("*.tmp"))
    assert _files(out).keys() == old.keys()


def test_a_crash_while_swapping_files_in_puts_every_file_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deterministic twin of the kill test: os.replace fails on its third call.

    The two files already swapped are put back from the copies kept of them, so the
    folder holds the old set whole, and no temporary is left."""
    write.write_all([write.Output(f"g/{n}.txt", b"old") for n in "abcd"], tmp_path)
    real, calls = os.replace, []

    def failing(src, dst):
        calls.append(dst)
        if len(calls) == 3:
            raise OSError("disk gone")
        real(src, dst)

    monkeypatch.setattr(write.os, "replace", failing)
    with pytest.raises(CompileError, match="OUT001 cannot write the file: disk gone"):
        write.write_all([write.Output(f"g/{n}.txt", b"new") for n in "abcd"], tmp_path)
    monkeypatch.undo()
    contents = {p.name: p.read_bytes() for p in (tmp_path / "g").glob("*.txt")}
    assert contents == {"a.txt": b"old", "b.txt": b"old", "c.txt": b"old", "d.txt": b"old"}
    assert write.clear_stale(tmp_path) == []
    assert not list(tmp_path.rglob("*.tmp"))
