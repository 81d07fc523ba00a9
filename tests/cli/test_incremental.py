"""A build does only what changed, says how far it is on a terminal, and hushes with -q."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, RULESETS, run_casebook

MINI = ROOT / "tests" / "rulesets" / "mini-case"


@pytest.fixture
def rulesets(tmp_path: Path) -> Path:
    dest = tmp_path / "rulesets"
    shutil.copytree(MINI, dest / "mini-case")
    shutil.copytree(RULESETS / "plan-vert", dest / "plan-vert")
    return dest


def _build(rulesets: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    result = run_casebook(
        "build", "--rulesets", str(rulesets), "--out", str(out), "--paper", "a4", *extra
    )
    assert result.returncode == 0, result.stderr
    return result


def _mtimes(folder: Path) -> dict[str, int]:
    return {
        p.relative_to(folder).as_posix(): p.stat().st_mtime_ns
        for p in folder.rglob("*")
        if p.is_file() and ".casebook" not in p.parts
    }


def test_nothing_changed_nothing_rebuilt(rulesets: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = _build(rulesets, out)
    before = _mtimes(out)
    again = _build(rulesets, out)
    assert "mini-case: 10 file(s), 0 changed (up to date, not rebuilt)" in again.stderr
    assert "plan-vert: 12 file(s), 0 changed (up to date, not rebuilt)" in again.stderr
    assert again.stdout == first.stdout  # the same files listed, in the same order
    assert _mtimes(out) == before


def test_only_the_game_that_changed_is_rebuilt(rulesets: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(rulesets, out)
    rules = rulesets / "mini-case" / "rules" / "02-combat.yaml"
    rules.write_text(rules.read_text().replace("Attack once per turn", "Attack twice per turn"))
    again = _build(rulesets, out)
    assert "plan-vert: 12 file(s), 0 changed (up to date, not rebuilt)" in again.stderr
    line = next(x for x in again.stderr.splitlines() if x.startswith("mini-case:"))
    assert "up to date" not in line and "0 changed" not in line
    assert "twice" in (out / "mini-case/en/rules-original.txt").read_text()


def test_a_deleted_or_edited_output_is_made_again(rulesets: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(rulesets, out, "mini-case")
    (out / "mini-case/en/rules-original.txt").unlink()
    again = _build(rulesets, out, "mini-case")
    assert "mini-case: 10 file(s), 1 changed" in again.stderr
    (out / "mini-case/en/rules-living.txt").write_text("edited by hand")
    again = _build(rulesets, out, "mini-case")
    assert "mini-case: 10 file(s), 1 changed" in again.stderr
    assert "edited by hand" not in (out / "mini-case/en/rules-living.txt").read_text()


def test_other_options_are_other_inputs(rulesets: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(rulesets, out, "mini-case")
    letter = run_casebook(
        "build", "mini-case", "--rulesets", str(rulesets), "--out", str(out), "--paper", "letter"
    )
    assert "up to date" not in letter.stderr
    assert (out / "mini-case/en/rulebook-living-letter.pdf").is_file()


def test_quiet_prints_nothing_on_success_and_errors_still(rulesets: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    quiet = _build(rulesets, out, "--quiet")
    assert (quiet.stdout, quiet.stderr) == ("", "")
    (rulesets / "mini-case" / "game.yaml").write_text("title: [\n")
    broken = run_casebook("build", "--rulesets", str(rulesets), "--out", str(out), "-q")
    assert broken.returncode == 2
    assert "mini-case/game.yaml:2:1: error: LOAD001" in broken.stderr
    assert broken.stdout == ""


def test_progress_on_a_terminal_names_the_game_and_output(rulesets: Path, tmp_path: Path) -> None:
    """Not on a terminal (every test above) there is no progress; on one, there is."""
    out = tmp_path / "out"
    leader, follower = pty.openpty()
    command = ["build", "--rulesets", str(rulesets), "--out", str(out), "--paper", "a4"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "compiler", *command],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=follower,
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    assert proc.wait(timeout=300) == 0
    os.close(leader)
    text = seen.decode().replace("\r\n", "\n")
    assert "  mini-case · rulebook, original edition, a4" in text
    assert "  plan-vert · card sheets" in text
    assert "[1/2] mini-case: 10 file(s), 10 changed in " in text
    assert "[2/2] plan-vert: 12 file(s), 12 changed in " in text


def test_a_game_is_written_whole_or_not_at_all(rulesets: Path, tmp_path: Path) -> None:
    """The editions build as separate jobs; an erratum that breaks the living edition
    keeps the original edition's files from changing too."""
    out = tmp_path / "out"
    _build(rulesets, out, "mini-case")
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    rules = rulesets / "mini-case" / "rules" / "02-combat.yaml"
    rules.write_text(rules.read_text().replace("Attack once per turn", "Attack twice per turn"))
    errata = rulesets / "mini-case" / "errata.yaml"
    errata.write_text(errata.read_text().replace("old: the the", "old: not in the text"))
    result = run_casebook(
        "build", "mini-case", "--rulesets", str(rulesets), "--out", str(out), "--paper", "a4"
    )
    assert result.returncode == 2
    assert "ERRATA" in result.stderr
    assert "mini-case: not built; previous outputs are untouched" in result.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_a_games_book_and_its_kit_are_jobs_of_their_own(rulesets: Path) -> None:
    """Each edition's book and the kit are separate jobs, so one big game keeps both
    cores busy: the rulebook is set on one while the card sheets are on the other."""
    from compiler.build import BOOK, KIT, Job, run_job

    def made(part: str, edition: str) -> list[str]:
        job = Job(rulesets / "mini-case", rulesets, None, "en", edition, ("a4",), part, True)
        result = run_job(job)
        assert result.ok, result.errors
        return sorted(o.path for o in result.outputs)

    book = made(BOOK, "original")
    kit = made(KIT, "living")
    assert "mini-case/en/rulebook-original-a4.pdf" in book
    assert {"mini-case/en/rules-original.txt", "mini-case/en/rules-original.json"} <= set(book)
    assert not any("/kit/" in p or "quickref" in p for p in book)
    assert kit == ["mini-case/en/kit/aids-a4.pdf", "mini-case/en/quickref-a4.pdf"]
    assert not any("rulebook" in p or "rules-" in p for p in kit)


def test_the_kit_has_a_stamp_of_its_own(rulesets: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(rulesets, out)
    stamps = sorted(p.name for p in (out / ".casebook").glob("mini-case-*.json"))
    assert stamps == [
        "mini-case-en-kit.json",
        "mini-case-en-living.json",
        "mini-case-en-original.json",
    ]
    kit = json.loads((out / ".casebook" / "mini-case-en-kit.json").read_text())["files"]
    living = json.loads((out / ".casebook" / "mini-case-en-living.json").read_text())["files"]
    assert kit and all("/kit/" in p or "quickref" in p for p in kit)
    assert living and not set(kit) & set(living)
