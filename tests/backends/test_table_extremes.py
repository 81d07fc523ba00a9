"""Tables no real game has, but a schema-valid one may: too many columns, a row taller
than a page.

Fifty columns in a rulebook column left each one narrower than its own padding,
and ReportLab ended the build as an internal error ("negative availWidth"). One
cell of 12,000 characters ended the player aids the same way (LayoutError):
the rulebook lets such a row split, the aids did not.
"""

from __future__ import annotations

import io
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from compiler.backends import aids, quickref
from compiler.backends.form_layout import fit_findings
from compiler.diagnostics import CompileError
from compiler.graph import build_graphs
from compiler.model.game import Game
from compiler.model.tables import Column
from tests.conftest import RULESETS, living_game, run_casebook

TABLE = "distribuzione-dei-ruoli"  # liberation/tables/a-base.yaml: two columns, three rows


def _with_table(game: Game, **changes: object) -> Game:
    tables = tuple(replace(t, **changes) if t.id == TABLE else t for t in game.tables)
    return replace(game, tables=tables)


def _text(pdf: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_a_row_taller_than_a_page_runs_on_over_the_aids_pages() -> None:
    game = living_game("liberation")
    table = next(t for t in game.tables if t.id == TABLE)
    tall = ("2", "uno " * 3000 + "FINE")
    game = _with_table(game, rows=(tall, *table.rows[1:]))
    for pdf in (aids.render(game, "a4"), quickref.render(game, build_graphs(game, None), "a4")):
        text = _text(pdf)
        assert text.count("uno") > 2500  # every word printed, over several pages
        assert "FINE" in text


def test_rows_that_fit_are_still_kept_whole() -> None:
    """The split layout is the fallback: the real aids lay out as before."""
    game = living_game("liberation")
    calls: list[bool] = []
    original = aids._render

    def spy(game: Game, paper: str, split_rows: bool) -> bytes:
        calls.append(split_rows)
        return original(game, paper, split_rows)

    aids._render = spy  # type: ignore[assignment]
    try:
        aids.render(game, "a4")
    finally:
        aids._render = original  # type: ignore[assignment]
    assert calls == [False]


def _columns(n: int) -> dict[str, object]:
    return {
        "columns": tuple(Column(f"c{i}", f"C{i}") for i in range(n)),
        "rows": (tuple(str(i) for i in range(n)),),
    }


def test_more_columns_than_the_page_holds_is_fit006_at_the_table() -> None:
    game = _with_table(living_game("liberation"), **_columns(120))
    table = next(t for t in game.tables if t.id == TABLE)
    with pytest.raises(CompileError) as caught:
        aids.render(game, "a4")
    (finding,) = caught.value.findings
    assert finding.code == "FIT006"
    assert finding.location == table.at
    assert "120 columns" in finding.message and "landscape page of the aids" in finding.message
    most = int(finding.message.split("holds at most ")[1].split(",")[0])
    assert f"at most {most} columns" in (finding.suggestion or "")
    # what it says fits does fit: set on a landscape page of its own
    fitted = _with_table(living_game("liberation"), **_columns(most))
    pages = PdfReader(io.BytesIO(aids.render(fitted, "a4"))).pages
    assert any(page.mediabox.width > page.mediabox.height for page in pages)


def test_a_form_with_too_many_columns_is_fit006() -> None:
    game = living_game("liberation")
    table = game.tables[0]
    write_in = tuple(f"w{i}" for i in range(60))
    game = replace(game, forms=((table.id, write_in),))
    findings = fit_findings(game, "a4")
    assert [f.code for f in findings] == ["FIT006"]
    assert f"has {len(table.columns) + 60} columns" in findings[0].message
    assert findings[0].location == table.at


def test_fifty_columns_in_a_rulebook_table_is_a_located_error(tmp_path: Path) -> None:
    """Through `casebook build` as the probe found it: exit 2 at the table, no crash."""
    game = tmp_path / "liberation"
    shutil.copytree(RULESETS / "liberation", game)
    path = game / "tables" / "a-base.yaml"
    text = path.read_text(encoding="utf-8")
    old = (
        "    columns:\n      - key: occupante\n        label: OCCUPANTE\n"
        "      - key: resistenza\n        label: RESISTENZA\n    rows:\n"
    )
    assert old in text
    columns = "".join(f"      - key: c{i}\n        label: C{i}\n" for i in range(50))
    row = "      - {" + ", ".join(f'c{i}: "{i}"' for i in range(50)) + "}\n"
    start = text.index(old)
    end = text.index("\n  - id:", start) if "\n  - id:" in text[start:] else len(text)
    path.write_text(
        text[:start] + "    columns:\n" + columns + "    rows:\n" + row + text[end + 1 :],
        encoding="utf-8",
    )
    assert run_casebook("validate", "--rulesets", str(tmp_path)).returncode == 0
    out = tmp_path / "out"
    result = run_casebook(
        "build", "--rulesets", str(tmp_path), "--out", str(out), "--paper", "a4", "-q"
    )
    assert result.returncode == 2, result.stderr
    assert "FIT006" in result.stderr and "tables/a-base.yaml:" in result.stderr
    assert "internal error" not in result.stderr
