"""Structured tables as ReportLab tables: a header row, verbatim wrapped cells."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle
from reportlab.platypus.doctemplate import LayoutError
from reportlab.platypus.flowables import AnchorFlowable

from compiler.backends.pdf.long_paragraphs import cell
from compiler.backends.pdf.markup import CHANGE_BACK, erratum_marker, esc
from compiler.backends.pdf.styles import ACCENT, SHADE
from compiler.backends.pdf.table_widths import (
    BOTTOM_PADDING,
    CELL,
    HEAD,
    SIDE_PADDING,
    TOP_PADDING,
    column_widths,
    too_many_columns,
)
from compiler.diagnostics import CompileError
from compiler.model.tables import Table as TableData

_CELL = ParagraphStyle("cell", fontName=CELL.font, fontSize=CELL.size, leading=CELL.leading)
_HEAD = ParagraphStyle(
    "head",
    fontName=HEAD.font,
    fontSize=HEAD.size,
    leading=HEAD.leading,
    textColor=colors.white,
)


def with_split_rows(render: Callable[[bool], bytes]) -> bytes:
    """``render(split_rows)``: first with table rows kept whole, as they read best; only
    when a row is taller than a page (ReportLab can place it nowhere: LayoutError) again
    with rows allowed to split. Every document that sets tables lays out this way."""
    try:
        return render(False)
    except LayoutError:
        return render(True)


def table_flowable(
    table: TableData,
    width: float,
    anchor: str | None = None,
    widths: list[float] | None = None,
    split_rows: bool = False,
    where: str = "the page",
    errata_linked: bool = False,
) -> Table:
    """The table at ``width`` points, header row repeated on every page it spans.

    ``widths`` overrides the computed column widths (a form's write-in columns
    hold no text yet, but need room). ``split_rows`` lets a row taller than a
    page run on over pages; it is off by default, because a row that would fit
    reads better moved whole to the next page.

    A table with more columns than ``width`` can hold (``where`` names what it
    is printed in) is refused: FIT006, at the table.

    A cell an erratum corrected (the living edition) carries its mark, linked to
    the errata list where the document has one (``errata_linked``).
    """
    if widths is None and (finding := too_many_columns(table, width, where)) is not None:
        raise CompileError([finding])
    columns = table.columns
    widths = widths or column_widths(_as_printed(table), width)
    headed = any(c.label for c in columns)
    texts = [
        [_corrected(esc(text), table.errata_at(r, c), errata_linked) for c, text in enumerate(row)]
        for r, row in enumerate(table.rows)
    ]
    body: list[list] = [[cell(text, _CELL) for text in row] for row in texts]
    if body and body[0] and anchor and not headed:  # no header row to hold the anchor
        body[0][0] = _anchored(anchor, body[0][0])
    style = [
        ("FONTNAME", (0, 0), (-1, -1), CELL.font),
        ("GRID", (0, 0), (-1, -1), 0.3, colors.HexColor("#9a9a9a")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), SIDE_PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), SIDE_PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), TOP_PADDING),
        ("BOTTOMPADDING", (0, 0), (-1, -1), BOTTOM_PADDING),
    ]
    if headed:
        header: list = [Paragraph(esc(c.label), _HEAD) for c in columns]
        if anchor:
            header[0] = _anchored(anchor, header[0])
        repeat = 0 if split_rows and _too_tall_to_repeat(header, widths) else 1
        flowable = Table(
            [header, *body],
            colWidths=widths,
            repeatRows=repeat,
            hAlign="LEFT",
            splitInRow=split_rows,
        )
        style += [
            ("BACKGROUND", (0, 0), (-1, 0), ACCENT),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, SHADE]),
        ]
    else:  # the source prints no headings: no empty header bar
        flowable = Table(body or [[""]], colWidths=widths, hAlign="LEFT", splitInRow=split_rows)
        style.append(("ROWBACKGROUNDS", (0, 0), (-1, -1), [colors.white, SHADE]))
    flowable.setStyle(TableStyle(style))
    return flowable


def _as_printed(table: TableData) -> TableData:
    """The table with each corrected cell's erratum marks in its text, to measure: the
    mark follows the last word without a space, so the two are one word on the page
    (Liberation's "a M036[B-E014]" broke before the mark, measured without it)."""
    if not table.changed:
        return table
    marked = {(r, c) for r, c, _ in table.changed}
    rows = tuple(
        tuple(
            text + "".join(f"[{e}]" for e in table.errata_at(r, c)) if (r, c) in marked else text
            for c, text in enumerate(row)
        )
        for r, row in enumerate(table.rows)
    )
    return replace(table, rows=rows)


def _corrected(markup: str, errata: tuple[str, ...], linked: bool) -> str:
    """A cell's text, highlighted and marked as corrected rule text is when errata
    changed it (a review found the mark without the highlight)."""
    if not errata:
        return markup
    marks = "".join(erratum_marker(e, linked) for e in errata)
    return f'<font backColor="{CHANGE_BACK}">{markup}</font>{marks}'


MAX_REPEATED_HEADER = 200.0  # pt: a quarter of a page; a header taller is not repeated


def _anchored(anchor: str, content: Flowable | list[Flowable]) -> list[Flowable]:
    """A cell's content with a link destination before it, as a flowable of its own: in
    the paragraph's markup (<a name/>), it kept ReportLab from breaking a word too long
    for the column, and a heading's long word ran over the columns beside it."""
    return [AnchorFlowable(anchor), *(content if isinstance(content, list) else [content])]


def _too_tall_to_repeat(header: list, widths: list[float]) -> bool:
    """Whether a header row is too tall to repeat on every page (a translation of a
    thousand words in one heading): a repeated row cannot be split, so ReportLab
    could lay the table out nowhere. Not repeated, it splits as any row does."""

    def height(content: Flowable | list[Flowable], width: float) -> float:
        parts = content if isinstance(content, list) else [content]
        return sum(p.wrap(width - 2 * SIDE_PADDING, 100_000)[1] for p in parts)

    tallest = max((height(c, w) for c, w in zip(header, widths, strict=True)), default=0.0)
    return tallest + TOP_PADDING + BOTTOM_PADDING > MAX_REPEATED_HEADER
