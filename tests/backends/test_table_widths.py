"""Table column widths: every column keeps room to print in, whatever its words."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pypdf import PdfReader

from compiler.backends import rulebook
from compiler.backends.pdf import fonts
from compiler.backends.pdf.tables import column_widths
from compiler.pipeline import front_end
from tests.conftest import ROOT

MINI = ROOT / "tests" / "rulesets" / "mini-case"
LONG = "Supercalifragilistic" * 25  # 500 letters without a space: a URL, a run of letters


def _mini_with_a_long_word():
    fe = front_end(MINI, ROOT, "living")
    assert fe.game is not None and fe.graphs is not None
    table = fe.game.tables[0]
    rows = list(table.rows)
    rows[1] = (rows[1][0], LONG)
    return fe, replace(fe.game, tables=(replace(table, rows=tuple(rows)),))


def test_a_word_wider_than_the_table_does_not_squeeze_the_other_columns() -> None:
    """Found by the hunt: counted whole, the word left 'Die roll' 3.4 pt, less than its
    padding, and the build failed with an internal error."""
    fonts.register()
    _, game = _mini_with_a_long_word()
    widths = column_widths(game.tables[0], 240.0)
    assert abs(sum(widths) - 240.0) < 0.01
    assert min(widths) >= 13.5  # padding and a few letters


def test_the_rulebook_breaks_the_long_word_inside_its_cell(tmp_path: Path) -> None:
    fe, game = _mini_with_a_long_word()
    pdf = tmp_path / "rulebook.pdf"
    pdf.write_bytes(rulebook.render(game, fe.graphs, "a4"))
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages).replace("\n", "")
    assert LONG in text  # every letter printed, the word broken across lines
