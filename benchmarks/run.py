"""Print the speed and memory figures issue 8 sets targets for (never asserted in tests).

    .venv/bin/python benchmarks/run.py [--max-rules N] [--max-build-rules N] [--quick]

Every command is timed as a user meets it: a fresh process (best of several
runs), wall-clock seconds, and the peak memory of the process and of any
worker it started. The figures:

- cold ``casebook lint`` over the five rulesets, with an empty cache folder; then
  with the spelling answers cached but no lint results (``--no-cache``), and
  with nothing changed since the last lint (every game from the result cache)
  (spelling dictionaries read and compiled), and again with the cache warm;
- a full build of every output into an empty folder, on every core and on one;
- a no-op rebuild: the same build again with nothing changed;
- a translation's catalog updated after a renumbering of N and 2N rules;
- card sheets: pages per second against a bare ReportLab script drawing the
  same cards in the same run (benchmarks/card_sheets.py);
- lint and build of synthetic games (benchmarks/synthetic.py) at N and 2N
  rules, with time(2N)/time(N): linear work gives 2.0.

Targets (2-core machine): cold lint < 0.5 s, full build < 10 s, 100 000-rule
lint < 10 s with ratio <= 2.2, no-op rebuild < 0.5 s, card sheets <= 1.3x
bare ReportLab. The script prints each figure beside its target and says
which are met; it does not fail on a miss.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


@dataclass
class Timing:
    seconds: float
    peak_mib: float
    status: int


def casebook(args: list[str], env: dict[str, str] | None = None) -> Timing:
    """One fresh `casebook` process, run as a user runs it (``python -m compiler``):
    wall seconds, peak MiB of it and of its workers, exit status.

    The peak comes from wait4(), whose usage figures cover the process and the
    children it waited for (its worker processes), so the command runs exactly
    as it does for a user, exit included, with nothing wrapped round it.
    """
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "compiler", *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, wait_status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(wait_status)  # reaped here, not by Popen
    return Timing(seconds, usage.ru_maxrss / 1024, proc.returncode)


def best(args: list[str], runs: int, env: dict[str, str] | None = None) -> Timing:
    timings = [casebook(args, env) for _ in range(runs)]
    return min(timings, key=lambda t: t.seconds)


def line(name: str, timing: Timing, target: float | None = None) -> None:
    verdict = ""
    if target is not None:
        verdict = f"target < {target:g} s: " + ("met" if timing.seconds < target else "NOT met")
    failed = "" if timing.status in (0, 1) else f"  (exit {timing.status})"
    print(f"{name:52s} {timing.seconds:8.2f} s {timing.peak_mib:7.0f} MiB  {verdict}{failed}")


def five_games(runs: int) -> None:
    print("The five rulesets")
    # Each cold run in a cache folder of its own. The median, not the best: a cold lint
    # is one run for a user, and on a 2-core machine runs spread by 10 % or more.
    colds = []
    for _ in range(max(runs, 5) if runs > 1 else 1):
        with tempfile.TemporaryDirectory() as cache:
            colds.append(casebook(["lint"], {"XDG_CACHE_HOME": cache}))
    cold = sorted(colds, key=lambda t: t.seconds)[len(colds) // 2]
    spread = f"{min(t.seconds for t in colds):.2f}-{max(t.seconds for t in colds):.2f}"
    line(f"lint, cold (empty cache), median of {len(colds)} ({spread})", cold, 0.5)
    warm = best(["lint", "--no-cache"], runs)
    line("lint, spelling cache warm, --no-cache", warm, 0.5)
    casebook(["lint"])  # fill the result cache
    line("lint, nothing changed (result cache)", best(["lint"], runs))
    line("validate, fresh process", best(["validate"], runs))
    with tempfile.TemporaryDirectory() as out:
        full = casebook(["build", "--out", out, "-q"])
        line("full build, every output, all cores", full, 10)
        noop = best(["build", "--out", out, "-q"], runs)
        line("no-op rebuild (nothing changed)", noop, 0.5)
    with tempfile.TemporaryDirectory() as out:
        one = casebook(["build", "--out", out, "-q"], {"CASEBOOK_JOBS": "1"})
        line("full build, every output, one core", one)


def scaling(max_rules: int, max_build_rules: int, start: int) -> None:
    from benchmarks.synthetic import write_ruleset
    from compiler.processes import game_size, job_memory

    print(
        f"\nSynthetic games (benchmarks/synthetic.py): lint up to {max_rules} rules, "
        f"build up to {max_build_rules}"
    )
    print(
        f"{'rules':>8s} {'lint s':>8s} {'ratio':>6s} {'MiB':>6s}   "
        f"{'build s':>8s} {'ratio':>6s} {'MiB':>6s} {'est.':>6s}"
    )
    previous: tuple[float, float | None] | None = None
    n = start
    with tempfile.TemporaryDirectory() as work:
        while n <= max_rules:
            rulesets = Path(work) / f"n{n}"
            write_ruleset(rulesets, n)
            lint = casebook(["lint", "--no-cache", "--rulesets", str(rulesets)])
            if lint.status != 0:  # a refused game is fast and proves nothing
                print(f"{n:8d} lint exited {lint.status}: the synthetic game is not clean; stop")
                return
            build = None
            if n <= max_build_rules:
                out = Path(work) / f"out{n}"
                build = casebook(
                    [
                        "build",
                        "--rulesets",
                        str(rulesets),
                        "--out",
                        str(out),
                        "-q",
                        "--edition",
                        "living",
                        "--paper",
                        "a4",
                    ]
                )
            lint_ratio = f"{lint.seconds / previous[0]:6.2f}" if previous else "     -"
            build_ratio = (
                f"{build.seconds / previous[1]:6.2f}"
                if previous and build and previous[1]
                else "     -"
            )
            build_s = f"{build.seconds:8.2f}" if build else "       -"
            build_m = f"{build.peak_mib:6.0f}" if build else "     -"
            # what the build plans a job's peak at (processes.job_memory), beside the real one
            estimate = job_memory(game_size(rulesets / "synthetic")) / 2**20
            build_e = f"{estimate:6.0f}" if build else "     -"
            print(
                f"{n:8d} {lint.seconds:8.2f} {lint_ratio} {lint.peak_mib:6.0f}   "
                f"{build_s} {build_ratio} {build_m} {build_e}",
                flush=True,
            )
            previous = (lint.seconds, build.seconds if build else None)
            n *= 2
    print("targets: lint of 100 000 rules < 10 s; each ratio <= 2.2")
    print("est.: the memory a build plans for each job (compiler/processes.py, job_memory)")


def renumbering(sizes: tuple[int, ...]) -> None:
    """``l10n update`` after every module of a translated synthetic game is renumbered
    (each number and each citation one module on): the moves a translator's catalog
    must follow. Prints the time and how many entries got the translation made from
    their own text (fuzzy, numbers aside): all of them, when the merge follows the moves."""
    import re

    import polib

    from benchmarks.synthetic import write_ruleset

    print("\nA translation's catalog after a renumbering (l10n update)", flush=True)
    digits = re.compile(r"\d+")
    for n in sizes:
        with tempfile.TemporaryDirectory() as work:
            rulesets = Path(work) / "rulesets"
            write_ruleset(rulesets, n)
            game = rulesets / "synthetic"
            update = ["l10n", "update", "synthetic", "fr", "--rulesets", str(rulesets)]
            casebook(update)
            catalog = game / "l10n" / "fr.po"
            po = polib.pofile(str(catalog))
            for entry in po:
                entry.msgstr = "FR " + entry.msgid
            po.save(str(catalog))
            for path in (game / "rules").glob("*.yaml"):
                text = path.read_text(encoding="utf-8")
                text = re.sub(r"\b(\d+)\.(\d+)", lambda m: f"{int(m[1]) + 1}.{m[2]}", text)
                path.write_text(text, encoding="utf-8")
            timing = casebook(update)
            live = [e for e in polib.pofile(str(catalog)) if not e.obsolete]
            own = sum(
                1 for e in live if digits.sub("0", e.msgstr) == digits.sub("0", "FR " + e.msgid)
            )
            line(f"{n} rules renumbered ({own} of {len(live)} entries own text)", timing)


def card_sheets() -> None:
    print("\nCard sheets (benchmarks/card_sheets.py)", flush=True)
    subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "card_sheets.py"), "--runs", "3"],
        cwd=ROOT,
        check=False,
    )


def compile_bytecode() -> None:
    """Write Casebook's .pyc files first, as `pip install` does and a user's first run would.

    With PYTHONDONTWRITEBYTECODE set (some CI images and containers set it),
    every timed process would otherwise compile Casebook's sources again: about
    0.1 s that no installed copy spends.
    """
    import compileall

    compileall.compile_dir(ROOT / "compiler", quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-rules", type=int, default=102_400)
    parser.add_argument("--max-build-rules", type=int, default=6_400)
    parser.add_argument("--quick", action="store_true", help="small sizes, one run each")
    parser.add_argument("--only", choices=("games", "scaling", "l10n", "cards"), help="one part")
    args = parser.parse_args()
    runs = 1 if args.quick else 3
    compile_bytecode()
    print(f"{os.cpu_count()} core(s), Python {sys.version.split()[0]}; bytecode compiled\n")
    if args.only in (None, "games"):
        five_games(runs)
    if args.only in (None, "scaling"):
        if args.quick:
            scaling(min(args.max_rules, 1_600), min(args.max_build_rules, 800), 400)
        else:
            scaling(args.max_rules, args.max_build_rules, 1_600)
    if args.only in (None, "l10n"):
        renumbering((400,) if args.quick else (2_000, 4_000))
    if args.only in (None, "cards"):
        card_sheets()


if __name__ == "__main__":
    main()
