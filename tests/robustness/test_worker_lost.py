"""A build worker killed part-way (what the out-of-memory killer does on a big game): the
parts it was making are made again, alone; a part whose worker dies again fails with
OUT002 at its game, and every other game is still written. An interrupt stops the
workers at once.

The kill is real: the worker sends itself SIGKILL, as the kernel would. The pool forks
its workers on Linux, so a run_job replaced here is the one they run.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from compiler import build
from compiler.cli import main
from tests.conftest import ROOT, RULESETS

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the pool forks on Linux")

ARGS = ["--rulesets", str(RULESETS), "--edition", "original", "--paper", "a4", "-q"]


def _killing(marker: Path | None, game: str) -> Callable[[build.Job], build.Result]:
    """run_job, but the worker making ``game``'s kit is killed: once (the first time,
    leaving ``marker``) or, with no marker, every time."""
    real = build.run_job

    def run_job(job: build.Job) -> build.Result:
        mine = job.part == build.KIT and job.game_dir.name == game
        if mine and (marker is None or not marker.exists()):
            if marker is not None:
                marker.touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return real(job)

    # pickled by name, as the pool sends it: the worker looks up build.run_job, this one
    run_job.__module__, run_job.__qualname__ = build.__name__, "run_job"
    return run_job


def _built(out: Path, game: str) -> list[str]:
    return sorted(
        p.relative_to(out).as_posix()
        for p in (out / game).rglob("*")
        if p.is_file() and p.suffix in (".pdf", ".html", ".txt", ".json")
    )


def test_a_killed_worker_has_its_part_made_again(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("CASEBOOK_JOBS", "2")
    clean = tmp_path / "clean"
    assert main(["build", "plan-vert", *ARGS, "--out", str(clean)]) == 0
    monkeypatch.setattr(build, "run_job", _killing(tmp_path / "killed-once", "plan-vert"))
    out = tmp_path / "out"
    assert main(["build", "plan-vert", *ARGS, "--out", str(out)]) == 0
    assert (tmp_path / "killed-once").exists()  # the worker was killed, and the kit made after
    assert _built(out, "plan-vert") == _built(clean, "plan-vert")
    for name in _built(out, "plan-vert"):
        assert (out / name).read_bytes() == (clean / name).read_bytes(), name
    assert "internal error" not in capsys.readouterr().err


def test_a_part_whose_worker_dies_twice_fails_alone(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("CASEBOOK_JOBS", "2")
    monkeypatch.setattr(build, "run_job", _killing(None, "plan-vert"))
    out = tmp_path / "out"
    assert main(["build", "plan-vert", "maquis", *ARGS, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "internal error" not in err
    assert "rulesets/plan-vert/game.yaml:1:1" in err and "OUT002" in err
    assert "plan-vert: the process making the kit stopped before it finished" in err
    assert "--paper a4" in err  # what to do
    assert _built(out, "plan-vert") == []  # its book is not written without its kit
    assert any(name.endswith("rulebook-original-a4.pdf") for name in _built(out, "maquis"))


def test_an_interrupt_stops_the_workers_at_once(tmp_path, monkeypatch, capsys) -> None:
    """Ctrl-C while workers run: the build ends now, not once every job has run (leaving
    a ProcessPoolExecutor's block waits for them all), and no worker is left behind."""
    import multiprocessing
    import threading
    import time

    started = tmp_path / "started"

    def slow(job: build.Job) -> build.Result:
        started.touch()
        time.sleep(120)
        raise AssertionError("the worker should have been stopped")

    def interrupt_once_a_worker_runs() -> None:
        deadline = time.monotonic() + 60
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(os.getpid(), signal.SIGINT)  # to this process only, as `kill -INT` does

    slow.__module__, slow.__qualname__ = build.__name__, "run_job"
    monkeypatch.setattr(build, "run_job", slow)
    monkeypatch.setenv("CASEBOOK_JOBS", "2")
    timer = threading.Thread(target=interrupt_once_a_worker_runs)
    timer.start()
    start = time.monotonic()
    status = main(["build", "plan-vert", "maquis", *ARGS, "--out", str(tmp_path / "out")])
    timer.join()
    assert started.exists()  # interrupted while a worker ran, not while reading
    assert status == 2
    assert time.monotonic() - start < 100  # the workers would sleep for 120 s
    # stopped and gone; multiprocessing may learn of it a moment later (the pool's own
    # thread and this one both wait for the same child: the loser sees no exit code yet)
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []
    assert "interrupted" in capsys.readouterr().err
    assert not (tmp_path / "out" / "plan-vert").exists()


def test_jobs_too_big_to_run_side_by_side_run_one_at_a_time(tmp_path, monkeypatch) -> None:
    """Before any worker is killed: when two of the biggest jobs would not fit in the
    memory the system has free, the build runs them one at a time."""
    from compiler import processes

    monkeypatch.delenv("CASEBOOK_JOBS", raising=False)
    need = processes.job_memory(processes.game_size(RULESETS / "maquis"))
    monkeypatch.setattr(processes, "available_memory", lambda: need + need // 2)
    monkeypatch.setattr(processes.os, "cpu_count", lambda: 2)

    def no_pool(count: int):
        raise AssertionError(f"a pool of {count} was made")

    monkeypatch.setattr(processes, "pool", no_pool)
    out = tmp_path / "out"
    assert main(["build", "plan-vert", "maquis", *ARGS, "--out", str(out)]) == 0
    assert _built(out, "maquis") and _built(out, "plan-vert")


def test_how_many_workers_fit_in_memory(monkeypatch) -> None:
    from compiler import processes

    monkeypatch.delenv("CASEBOOK_JOBS", raising=False)
    gib = 2**30
    assert processes.within_memory(2, 7 * gib, 23 * gib) == 2
    assert processes.within_memory(2, 7 * gib, 8 * gib) == 1
    assert processes.within_memory(2, 7 * gib, 1 * gib) == 1  # one, however short
    assert processes.within_memory(4, 1 * gib, 3 * gib) == 3
    assert processes.within_memory(2, 7 * gib, None) == 2  # not known: as before
    monkeypatch.setattr(processes, "available_memory", lambda: 8 * gib)
    monkeypatch.setattr(processes.os, "cpu_count", lambda: 2)
    assert processes.workers(2, 7 * gib) == 1
    monkeypatch.setenv("CASEBOOK_JOBS", "2")
    assert processes.workers(2, 7 * gib) == 2  # the user chose
    # the 100,000-rule game's book peaked at 6.4 GiB: the estimate covers it
    assert processes.job_memory(79_611_842) >= 6.4 * gib


_FAILING_BOTH = """
import sys
from compiler import build, cli

def run_job(job):
    raise RuntimeError("x" * 50_000_000)  # an answer far past what a pipe holds at once

run_job.__module__, run_job.__qualname__ = "compiler.build", "run_job"
build.run_job = run_job
sys.argv = ["casebook", "build", "plan-vert", "--out", sys.argv[1], *sys.argv[2:]]
cli.run()
"""


def test_a_command_whose_pool_was_stopped_mid_answer_still_ends(tmp_path) -> None:
    """Both of a game's jobs fail with a long answer: the first ends the pool while the
    second is still sending, and the pool's manager thread waits for the rest for
    ever. Python joins that thread at exit: the command hung after saying "internal
    error" (every run, with answers this long)."""
    result = subprocess.run(
        [sys.executable, "-c", _FAILING_BOTH, str(tmp_path / "out"), *ARGS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "CASEBOOK_JOBS": "2"},
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    said = result.stderr.strip()
    assert said.startswith("casebook: internal error (RuntimeError: xxx")
    assert len(said) < 1_000  # the 50 MB message is in the crash file, not on the terminal
    Path(said.rsplit(" ", 1)[-1]).unlink()
