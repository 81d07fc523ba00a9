"""A big game's checks split over two processes find exactly what one process finds."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from compiler.checks import ALL_CHECKS, _run, forked, run_checks
from compiler.diagnostics import NOWHERE, Finding, Severity
from compiler.pipeline import FrontEnd, front_end

ROOT = Path(__file__).resolve().parents[2]

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="checks are split only on Linux")


@pytest.fixture(scope="module")
def liberation() -> FrontEnd:
    """A real game with findings of many codes (translation checks included)."""
    front = front_end(ROOT / "rulesets" / "liberation", ROOT, "original", "en")
    assert front.game is not None and front.graphs is not None
    return front


def _fake(code: str, check) -> ModuleType:
    module = ModuleType(code)
    module.CODE = code
    module.check = check
    return module


def _pid_check(code: str) -> ModuleType:
    def check(game, graphs):
        yield Finding(code, Severity.INFO, f"pid {os.getpid()}", NOWHERE)

    return _fake(code, check)


@linux_only
def test_split_finds_what_one_process_finds(liberation: FrontEnd) -> None:
    game, graphs = liberation.game, liberation.graphs
    alone = _run(ALL_CHECKS, game, graphs)
    split = forked.run_split(ALL_CHECKS, game, graphs, _run)
    assert split == alone
    assert sum(len(found) for found in alone.values()) > 20  # findings of several checks


@linux_only
def test_half_of_the_checks_run_in_another_process(liberation: FrontEnd) -> None:
    checks = [_pid_check(f"TEST00{i}") for i in range(4)]
    found = forked.run_split(checks, liberation.game, liberation.graphs, _run)
    pids = {f.message for findings in found.values() for f in findings}
    assert f"pid {os.getpid()}" in pids
    assert len(pids) == 2


@linux_only
def test_a_check_failing_in_the_child_fails_here(liberation: FrontEnd) -> None:
    def broken(game, graphs):
        raise ValueError("a check's own bug")
        yield

    checks = [_pid_check("TEST001"), _fake("TEST002", broken)]
    _, there = forked.halves(checks)
    assert [c.CODE for c in there] == ["TEST002"]  # the broken one runs in the child
    with pytest.raises(ValueError, match="a check's own bug"):
        forked.run_split(checks, liberation.game, liberation.graphs, _run)


def test_spelling_checks_stay_and_the_heavy_checks_part() -> None:
    here, there = forked.halves(ALL_CHECKS)
    assert {c.CODE for c in here} >= {"L10N007", "L10N008"}
    assert {c.CODE for c in here} | {c.CODE for c in there} == {c.CODE for c in ALL_CHECKS}
    heavy = {"L10N009", "XREF002"}
    assert len(heavy & {c.CODE for c in here}) == 1


def test_a_small_game_is_not_split(liberation: FrontEnd) -> None:
    assert forked.size(liberation.game, liberation.graphs) < forked.BIG
    assert not forked.can_split(liberation.game, liberation.graphs)
    findings = run_checks(liberation.game, liberation.graphs, split=True)
    assert findings == run_checks(liberation.game, liberation.graphs)


@linux_only
def test_casebook_lint_of_a_big_game_reads_the_same_on_one_core_and_two(tmp_path: Path) -> None:
    """The CLI splits a big game's checks when it lints that game alone (CASEBOOK_JOBS=1
    keeps one core); the report must not change by a byte."""
    import subprocess

    from benchmarks import synthetic

    game_dir = synthetic.write_ruleset(tmp_path, 1000, seed=3)
    front = front_end(game_dir, tmp_path)
    assert front.game is not None and front.graphs is not None
    assert forked.size(front.game, front.graphs) >= forked.BIG

    def lint(jobs: str) -> str:
        env = {**os.environ, "CASEBOOK_JOBS": jobs, "XDG_CACHE_HOME": str(tmp_path / jobs)}
        args = ["lint", "--rulesets", str(tmp_path), game_dir.name, "--format", "json"]
        result = subprocess.run(
            [sys.executable, "-m", "compiler", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode in (0, 1), result.stderr
        return result.stdout

    assert lint("2") == lint("1")


@linux_only
def test_checks_of_a_helper_killed_on_the_way_run_here(liberation: FrontEnd) -> None:
    def killed(game, graphs):
        if os.getpid() != parent:
            os._exit(9)  # the OOM killer, in the child
        yield Finding("TEST002", Severity.INFO, "ran here", NOWHERE)

    parent = os.getpid()
    checks = [_pid_check("TEST001"), _fake("TEST002", killed)]
    found = forked.run_split(checks, liberation.game, liberation.graphs, _run)
    assert [f.message for f in found["TEST002"]] == ["ran here"]
