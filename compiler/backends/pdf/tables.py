"""Structured tables as ReportLab tables: a header row, verbatim wrapped cells."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Table, TableStyle

from compiler.backends.pdf.fonts import SANS, SERIF
from compiler.backends.pdf.markup import esc
from compiler.backends.pdf.styles import ACCENT, SHADE
from compiler.model.tables import Table as TableData

_CELL = ParagraphStyle("cell", fontName=SERIF, fontSize=7.6, leading=9.2)
CELL_LEADING = _CELL.leading  # pt: what a form adds its padding to for a ROW-high row
CELL_SIZE = _CELL.fontSize  # pt: what a form measures its cells' words with
_HEAD = ParagraphStyle(
    "head", fontName=f"{SANS}-Bold", fontSize=7.4, leading=9, textColor=colors.white
)


_PAD = 5.5  # left + right cell padding


def column_widths(table: TableData, width: float) -> list[float]:
    """Widths that never split a word when the table can fit at all.

    Each column gets at least its longest word (or heading word); what is left
    is shared by how much text each column holds, so notes get the room. A
    word wider than half the table (a URL, a run of letters) is not kept
    whole: ReportLab breaks it inside its cell. Counted whole, it squeezed the
    other columns below their padding, and the build failed.
    """
    cap = width / 2

    def longest_word(text: str, font: str, size: float) -> float:
        return min(cap, max((stringWidth(w, font, size) for w in text.split()), default=0.0))

    minimum = []
    amount = []
    for i, column in enumerate(table.columns):
        cells = [row[i] for row in table.rows]
        minimum.append(
            _PAD
            + max(
                [longest_word(column.label, _HEAD.fontName, _HEAD.fontSize)]
                + [longest_word(c, _CELL.fontName, _CELL.fontSize) for c in cells]
                + [8.0]
            )
        )
        amount.append(sum(len(c) for c in cells) + len(column.label) + 1)
    spare = width - sum(minimum)
    if spare <= 0:  # too many columns for their words: each keeps a floor, the rest is shared
        floor = min(_PAD + 8.0, width / len(minimum))
        over = [m - floor for m in minimum]
        room = width - floor * len(minimum)
        return [floor + room * o / (sum(over) or 1) for o in over]
    total = sum(amount)
    return [m + spare * a / total for m, a in zip(minimum, amount, strict=True)]


def table_flowable(
    table: TableData,
    width: float,
    anchor: str | None = None,
    widths: list[float] | None = None,
    split_rows: bool = False,
) -> Table:
    """The table at ``width`` points, header row repeated on every page it spans.

    ``widths`` overrides the computed column widths (a form's write-in columns
    hold no text yet, but need room). ``split_rows`` lets a row taller than a
    page run on over pages; it is off by default, because a row that would fit
    reads better moved whole to the next page.
    """
    columns = table.columns
    widths = widths or column_widths(table, width)
    name = f'<a name="{anchor}"/>' if anchor else ""
    body = [[Paragraph(esc(cell), _CELL) for cell in row] for row in table.rows]
    style = [
        ("FONTNAME", (0, 0), (-1, -1), SERIF),
        ("GRID", (0, 0), (-1, -1), 0.3, colors.HexColor("#9a9a9a")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    if any(c.label for c in columns):
        header = [
            Paragraph((name if i == 0 else "") + esc(c.label), _HEAD) for i, c in enumerate(columns)
        ]
        flowable = Table(
            [header, *body], colWidths=widths, repeatRows=1, hAlign="LEFT", splitInRow=split_rows
        )
        style += [
            ("BACKGROUND", (0, 0), (-1, 0), ACCENT),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, SHADE]),
        ]
    else:  # the source prints no headings: no empty header bar
        if body and name:
            body[0][0] = Paragraph(name + body[0][0].text, _CELL)
        flowable = Table(body or [[""]], colWidths=widths, hAlign="LEFT", splitInRow=split_rows)
        style.append(("ROWBACKGROUNDS", (0, 0), (-1, -1), [colors.white, SHADE]))
    flowable.setStyle(TableStyle(style))
    return flowable
