"""A big game's rules files are read by this process and a forked helper, from one
handout (compiler/pipeline.py): the model is the model one process makes, two rules
with one address are found across the two, and a fault in either is said as alone."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from compiler import pipeline
from compiler.model import from_source
from compiler.pipeline import front_end
from tests.conftest import ROOT, run_casebook

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="helpers fork only on Linux")
GAME = ROOT / "rulesets" / "set-europe-ablaze"

SECOND_FILE = """rules:
  - number: "2.0"
    level: chapter
    title: MORE
    children:
      - number: "1.1"
        level: section
        title: Again
"""


def _demo(tmp_path: Path) -> Path:
    """A new game with a second rules file whose section 1.1 is the first file's address."""
    run_casebook("new", "demo", "--rulesets", str(tmp_path))
    game = tmp_path / "demo"
    (game / "rules" / "02-more.yaml").write_text(SECOND_FILE, encoding="utf-8")
    return game


def _addresses(game: Path, root: Path, split: bool) -> list[tuple[str, str, int, str]]:
    front = front_end(game, root, split=split)
    return [
        (f.code, f.location.path, f.location.line, f.related[0].path if f.related else "")
        for f in front.findings
        if f.code == "MODEL003"
    ]


def test_two_rules_with_one_address_in_two_files_are_found_at_the_second(tmp_path) -> None:
    """Rules with the address "1.1" under two chapters ("{number}" addresses): the
    second is MODEL003, naming the first. Nothing tested it before its check moved
    from the reading of each rule to a pass over them all."""
    game = _demo(tmp_path)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    assert "{parent}" not in text  # addresses are the numbers: "1.1" twice is one address
    found = _addresses(game, tmp_path, split=False)
    assert found == [("MODEL003", "demo/rules/02-more.yaml", 6, "demo/rules/01-introduction.yaml")]


@linux_only
def test_rules_read_on_two_cores_find_the_same_address_twice(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _demo(tmp_path)
    alone = _addresses(game, tmp_path, split=False)
    monkeypatch.setattr(pipeline, "UNITS_BESIDE_LINES", 0)
    assert _addresses(game, tmp_path, split=True) == alone != []


@linux_only
def test_the_model_made_on_two_cores_is_the_model_made_here(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    alone = front_end(GAME, ROOT)
    monkeypatch.setattr(pipeline, "UNITS_BESIDE_LINES", 0)
    log = tmp_path / "read.log"
    real = from_source.RuleReader.file_rules

    def spy(self: from_source.RuleReader, src):  # type: ignore[no-untyped-def]
        with log.open("a", encoding="utf-8") as out:  # the child's memory is its own
            out.write(f"{os.getpid()} {src.path}\n")
        return real(self, src)

    monkeypatch.setattr(from_source.RuleReader, "file_rules", spy)
    beside = front_end(GAME, ROOT, split=True)
    assert beside.game == alone.game and beside.findings == alone.findings
    read = [line.split(" ", 1)[1] for line in log.read_text(encoding="utf-8").splitlines()]
    files = sorted(p.relative_to(ROOT).as_posix() for p in (GAME / "rules").glob("*.yaml"))
    assert sorted(read) == files  # each file read once, by one process or the other


@linux_only
def test_a_runaway_pattern_stops_the_game_whichever_process_meets_it(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reference pattern that backtracks without end is MODEL012 at the pattern, read
    here or in the helper (its error is raised here), and no helper is left running."""
    game = _demo(tmp_path)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    patterns = text.index("references:")
    assert "pattern: " in text[patterns:]
    start = text.index("pattern: ", patterns)
    end = text.index("\n", start)
    text = text[:start] + "pattern: '(?P<targets>(x+x+)+y)'" + text[end:]
    (game / "game.yaml").write_text(text, encoding="utf-8")
    (game / "rules" / "02-more.yaml").write_text(
        SECOND_FILE.replace('"1.1"', '"2.1"') + "        body:\n          - " + "x" * 40 + "\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(pipeline, "UNITS_BESIDE_LINES", 0)
    before = _children()
    front = front_end(game, tmp_path, split=True)
    assert front.game is None
    assert [f.code for f in front.findings if f.code == "MODEL012"] == ["MODEL012"]
    # no helper of this front_end left running. One that has ended may wait to be
    # reaped (processes.py reaps an ending child without blocking, at the next fork):
    # waitpid(-1) saw such a one under load, and saw any other test's children too
    # A helper killed as the error came back may take a moment to die: it is given up
    # to two seconds (a full suite on two cores saw one still running, once).
    deadline = time.monotonic() + 2
    while True:
        running = {pid: _state(pid) for pid in _children() - before}
        ended = all(state in ("Z", "X", "gone") for state in running.values())
        if ended or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    assert ended, running


def _children() -> set[int]:
    """This process's children, running or ended and not yet reaped (Linux /proc)."""
    found: set[int] = set()
    for task in Path("/proc/self/task").iterdir():
        found |= {int(pid) for pid in (task / "children").read_text().split()}
    return found


def _state(pid: int) -> str:
    """A process's state letter (R running, S sleeping, Z ended and not reaped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return "gone"
    return stat.rsplit(")", 1)[1].split()[0]
