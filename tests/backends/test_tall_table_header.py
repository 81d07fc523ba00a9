"""A table header taller than a page (a heading translated as a thousand words).

A repeated header row cannot be split, so ReportLab could place such a table
nowhere and the rulebook build ended as an internal error (LayoutError). When
rows may split (the rulebook's second layout, after a first that failed), a
header that tall is no longer repeated, and splits as any row does.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from reportlab.platypus import SimpleDocTemplate
from reportlab.platypus.doctemplate import LayoutError

from compiler.backends.pdf.fonts import register
from compiler.backends.pdf.tables import table_flowable
from compiler.diagnostics import NOWHERE
from compiler.model.tables import Column, Table

LONG = " ".join(["word"] * 1500)


@pytest.fixture(autouse=True)
def fonts() -> None:
    register()


def _table(label: str) -> Table:
    return Table(
        id="t",
        title="T",
        rule=None,
        component=None,
        dice=None,
        roll_column=None,
        columns=(Column("a", label), Column("b", "B")),
        rows=(("1", "one"), ("2", "two")),
        notes=None,
        missing=None,
        at=NOWHERE,
    )


def _laid_out(table: Table, split_rows: bool) -> PdfReader:
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=A4).build(
        [table_flowable(table, 200, split_rows=split_rows)]
    )
    return PdfReader(buffer)


def test_a_header_taller_than_a_page_splits_when_rows_may() -> None:
    with pytest.raises(LayoutError):  # the first layout: rows kept whole
        _laid_out(_table(LONG), split_rows=False)
    pdf = _laid_out(_table(LONG), split_rows=True)
    text = "".join(page.extract_text() for page in pdf.pages)
    assert len(pdf.pages) > 1
    assert text.count("word") == 1500  # every word printed, once
    assert "one" in text and "two" in text


def test_a_header_of_ordinary_height_is_still_repeated() -> None:
    flowable = table_flowable(_table("Roll"), 200, split_rows=True)
    assert flowable.repeatRows == 1
