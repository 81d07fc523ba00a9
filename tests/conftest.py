"""Shared fixtures: the project's paths, and outputs built once per session.

Building PDFs takes seconds, so each (game, edition, paper) is built once
through the real CLI into a session temp folder and shared by the tests that
read it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from compiler.model.game import Game
from compiler.pipeline import FrontEnd, front_end

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"
SOURCES = ROOT.parent / "shared" / "sources"
DATA = Path(__file__).resolve().parent / "data"

# A CLI run in a fresh process imports `compiler` from this checkout, wherever its
# working folder is: the editable install points at one checkout, and a test run
# in another (a git worktree) would otherwise test that one's code.
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="rewrite golden files from the current output (then review the diff)",
    )


@cache
def living(name: str) -> FrontEnd:
    """A ruleset's living edition (model and graphs), modelled once per session."""
    fe = front_end(RULESETS / name, ROOT, "living")
    assert fe.game is not None and fe.graphs is not None, [f.render() for f in fe.findings]
    return fe


def living_game(name: str) -> Game:
    """A ruleset's living edition as the back ends see it, modelled once per session."""
    game = living(name).game
    assert game is not None
    return game


MINI_CASE = ROOT / "tests" / "rulesets" / "mini-case"


def copy_mini_case(tmp_path: Path) -> Path:
    """A writable copy of the mini-case game, at tmp/rulesets/mini-case."""
    dest = tmp_path / "rulesets" / "mini-case"
    shutil.copytree(MINI_CASE, dest)
    return dest


def run_casebook(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run the CLI as a user would, in a fresh process."""
    return subprocess.run(
        [sys.executable, "-m", "compiler", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """build/ for Set Europe Ablaze, both editions and papers, made by `casebook build`."""
    out = tmp_path_factory.mktemp("build")
    result = run_casebook("build", "set-europe-ablaze", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out / "set-europe-ablaze" / "en"


def write_game(root: Path, files: dict[str, str]) -> Path:
    """A tiny game folder under root/rulesets/<id> from {relative path: text}."""
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
