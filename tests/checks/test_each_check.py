"""Every check against its fixture: it fires on exactly the lines marked
``# expect: CODE`` and nowhere else; and no check fires on the clean game.

A fixture is a game folder under fixtures/<CODE>/; the shared game.yaml in
fixtures/_base/ is added unless the fixture has its own.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from compiler.checks import ALL_CHECKS
from compiler.lint import lint_game

FIXTURES = Path(__file__).parent / "fixtures"
_MARK = re.compile(r"#\s*expect:\s*(?P<codes>[A-Z][A-Z0-9]*\d{3}(?:\s*,\s*[A-Z][A-Z0-9]*\d{3})*)")


def materialise(name: str, tmp_path: Path) -> Path:
    """The fixture as a game folder; an ``_original/`` inside it becomes the sibling game
    ``<name lower-cased>-original`` that a translation fixture translates."""
    game = tmp_path / "rulesets" / name
    shutil.copytree(FIXTURES / name, game, ignore=shutil.ignore_patterns("_original"))
    if not (game / "game.yaml").exists():
        shutil.copy(FIXTURES / "_base" / "game.yaml", game / "game.yaml")
    original = FIXTURES / name / "_original"
    if original.is_dir():
        sibling = tmp_path / "rulesets" / f"{name.lower()}-original"
        shutil.copytree(original, sibling)
        shutil.copy(FIXTURES / "_base" / "game.yaml", sibling / "game.yaml")
    return game


def expected(game: Path, code: str) -> set[tuple[str, int]]:
    """Marked lines; in a PO catalog a ``# expect:`` comment marks its entry's msgctxt line,
    or the header's Language line when it comes before the header."""
    marks = set()
    for path in sorted([*game.rglob("*.yaml"), *game.rglob("*.po")]):
        pending = False
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            m = _MARK.search(line)
            hit = bool(m and code in re.split(r"\s*,\s*", m.group("codes")))
            if path.suffix == ".po":
                if hit:
                    pending = True
                elif pending and line.startswith(("msgctxt", '"Language:')):
                    marks.add((path.relative_to(game).as_posix(), number))
                    pending = False
            elif hit:
                marks.add((path.relative_to(game).as_posix(), number))
    return marks


@pytest.mark.parametrize("check", ALL_CHECKS, ids=lambda c: c.CODE)
def test_fires_exactly_on_marked_lines(check, tmp_path: Path) -> None:
    game = materialise(check.CODE, tmp_path)
    findings, ok = lint_game(game, tmp_path, select=[check.CODE])
    assert ok, [f.render() for f in findings]
    prefix = f"rulesets/{check.CODE}/"
    found = {
        (f.location.path.removeprefix(prefix), f.location.line)
        for f in findings
        if f.code == check.CODE
    }
    wanted = expected(game, check.CODE)
    assert wanted, f"{check.CODE}: fixture marks no line, so this test could not fail"
    assert found == wanted


def test_clean_fixture_has_no_findings(tmp_path: Path) -> None:
    game = materialise("clean", tmp_path)
    findings, ok = lint_game(game, tmp_path)
    assert ok
    assert [f.render() for f in findings] == []


def test_every_check_module_is_registered_once_with_docs() -> None:
    folder = Path(__file__).resolve().parents[2] / "compiler" / "checks"
    modules = {p.stem for p in folder.glob("*.py")} - {"__init__", "helpers", "docs", "forked"}
    assert modules == {c.__name__.rsplit(".", 1)[1] for c in ALL_CHECKS}
    codes = [c.CODE for c in ALL_CHECKS]
    assert len(codes) == len(set(codes))
    for check in ALL_CHECKS:
        doc = check.__doc__ or ""
        assert doc.startswith(f"{check.CODE} {check.NAME}\n")
        for heading in ("## What it finds", "## Why it matters", "## Example"):
            assert heading in doc, (check.CODE, heading)
        assert (FIXTURES / check.CODE).is_dir(), f"no fixture for {check.CODE}"
