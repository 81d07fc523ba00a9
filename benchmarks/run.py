"""Print timing figures (never asserted in tests).

    python benchmarks/run.py

Whole commands are timed as a user meets them (a fresh process, best of
several runs); the warm lint figure is the checks alone on games already
loaded in this process, which is what an editor integration pays per save.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def best_of(args: list[str], runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "compiler", *args], check=False, capture_output=True, cwd=ROOT
        )
        times.append(time.perf_counter() - start)
    return min(times)


def warm_lint(runs: int = 5) -> float:
    """All checks on all five games, front ends already built (best of ``runs``)."""
    from compiler.checks import run_checks
    from compiler.pipeline import front_end

    games = [
        front_end(d, ROOT)
        for d in sorted((ROOT / "rulesets").iterdir())
        if (d / "game.yaml").exists()
    ]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for fe in games:
            run_checks(fe.game, fe.graphs)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as out:
        figures = {
            "validate, all games (process)": best_of(["validate"]),
            "lint, all games (process)": best_of(["lint"]),
            "lint, warm, all games (checks only)": warm_lint(),
            "export text set-europe-ablaze": best_of(["export", "set-europe-ablaze"]),
            "build set-europe-ablaze (4 PDFs)": best_of(
                ["build", "set-europe-ablaze", "--out", out], runs=1
            ),
        }
    for name, seconds in figures.items():
        print(f"{name:40s} {seconds:7.3f} s")


if __name__ == "__main__":
    main()
