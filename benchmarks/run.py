"""Print timing figures for whole commands (never asserted in tests).

    python benchmarks/run.py

Each figure is the best of several runs of a fresh process, as a user meets it.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time


def best_of(args: list[str], runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "compiler", *args], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as out:
        figures = {
            "validate (all games)": best_of(["validate"]),
            "export text set-europe-ablaze": best_of(["export", "set-europe-ablaze"]),
            "build set-europe-ablaze (4 PDFs)": best_of(
                ["build", "set-europe-ablaze", "--out", out], runs=1
            ),
        }
    for name, seconds in figures.items():
        print(f"{name:40s} {seconds:7.2f} s")


if __name__ == "__main__":
    main()
