"""A book's contents laid out once, the page numbers filled in at the end (pdf/contents.py)."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate
from reportlab.platypus.tableofcontents import TableOfContents

from compiler.backends.pdf.contents import Contents, FinishingCanvas, lay_out_once
from compiler.backends.pdf.fonts import SERIF, register


class _Book(SimpleDocTemplate):
    """Headings report their page, as the rulebook's do."""

    def afterFlowable(self, flowable) -> None:
        key = getattr(flowable, "key", None)
        if key:
            self.canv.bookmarkPage(key)
            self.notify("TOCEntry", (0, flowable.getPlainText(), self.page, key))


def _heading(n: int) -> Paragraph:
    style = ParagraphStyle("h", fontName=SERIF, fontSize=11)
    para = Paragraph(f"Heading {n}", style)
    para.key = f"h{n}"
    return para


def _book(count: int, extra_line: bool = False, canvasmaker=FinishingCanvas) -> tuple[bytes, int]:
    """A book of ``count`` headings, a page apart, after a contents that lists them all
    (and one heading the book does not have, with ``extra_line``)."""
    register()
    contents = Contents(dotsMinLevel=0)
    contents.levelStyles = [ParagraphStyle("toc", fontName=SERIF, fontSize=10, leading=12)]
    for n in range(count):
        contents.addEntry(0, f"Heading {n}", 0, f"h{n}")
    if extra_line:
        contents.addEntry(0, "A heading the book lacks", 0, "missing")
    story = [contents, PageBreak()]
    for n in range(count):
        story += [_heading(n), PageBreak()]
    buffer = io.BytesIO()
    if canvasmaker is FinishingCanvas:
        lay_out_once(_Book(buffer), story)
        assert story == []  # given up as it was laid out
        return buffer.getvalue(), 1
    passes = _Book(buffer).multiBuild(story, canvasmaker=canvasmaker)
    return buffer.getvalue(), passes


def test_a_contents_of_several_pages_prints_each_headings_page_after_one_pass() -> None:
    pdf, passes = _book(120)
    assert passes == 1
    reader = PdfReader(io.BytesIO(pdf))
    contents_pages = [p for p in reader.pages if "Heading 0" in p.extract_text()][:1]
    assert contents_pages == [reader.pages[0]]
    text = " ".join(page.extract_text() for page in reader.pages[:4])
    # each line's dots and number come out of the PDF before its words, as ReportLab's do
    printed = {n: page for page, n in re.findall(r"(?:\.\s+)+(\d+)\s*Heading (\d+)", text)}
    assert len(printed) == 120  # more than one page of lines, every line numbered
    first_body = min(int(page) for page in printed.values())
    assert first_body > 2  # the contents took more than one page
    for n, page in printed.items():
        assert int(page) == first_body + int(n), n
        assert "Heading " + n in reader.pages[int(page) - 1].extract_text()


def test_each_contents_line_links_to_its_heading() -> None:
    pdf, _ = _book(5)
    reader = PdfReader(io.BytesIO(pdf))
    links = [a.get_object() for a in reader.pages[0].get("/Annots", [])]
    width = float(reader.pages[0].mediabox.width)
    # the title's link and one over the dots and number, which end at the column's edge
    assert len(links) == 10
    right_edges = sorted({round(float(a["/Rect"][2])) for a in links})
    assert right_edges[-1] < width and right_edges[-1] > width - 100


def test_a_line_whose_heading_is_never_laid_out_is_refused() -> None:
    with pytest.raises(ValueError, match="'missing': its heading was never laid out"):
        _book(3, extra_line=True)


def test_contents_need_the_finishing_canvas() -> None:
    with pytest.raises(TypeError, match="FinishingCanvas"):
        _book(3, canvasmaker=Canvas)


def test_one_pass_is_refused_for_contents_that_need_another() -> None:
    """ReportLab's own contents learn their lines in the first pass: laid out once,
    they would print empty, so the pass says so instead of writing that book."""
    register()
    story = [TableOfContents(), PageBreak(), _heading(0)]
    with pytest.raises(ValueError, match="TableOfContents needs a second layout pass"):
        lay_out_once(_Book(io.BytesIO()), story)
