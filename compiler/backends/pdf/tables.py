"""Structured tables as ReportLab tables: a header row, verbatim wrapped cells."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Table, TableStyle

from compiler.backends.pdf.fonts import SANS, SERIF
from compiler.backends.pdf.styles import ACCENT, SHADE
from compiler.model.tables import Table as TableData

_CELL = ParagraphStyle("cell", fontName=SERIF, fontSize=7.6, leading=9.2)
_HEAD = ParagraphStyle(
    "head", fontName=f"{SANS}-Bold", fontSize=7.4, leading=9, textColor=colors.white
)


def table_flowable(table: TableData, width: float, anchor: str | None = None) -> Table:
    """The table at ``width`` points; columns share the width by their text length."""
    columns = table.columns
    longest = [
        max([len(c.label)] + [len(row[i]) for row in table.rows] + [3])
        for i, c in enumerate(columns)
    ]
    weights = [min(max(n, 4), 40) for n in longest]
    total = sum(weights)
    widths = [width * w / total for w in weights]
    name = f'<a name="{anchor}"/>' if anchor else ""
    header = [
        Paragraph((name if i == 0 else "") + escape(c.label), _HEAD) for i, c in enumerate(columns)
    ]
    body = [[Paragraph(escape(cell), _CELL) for cell in row] for row in table.rows]
    flowable = Table([header, *body], colWidths=widths, repeatRows=1, hAlign="LEFT")
    flowable.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), SERIF),
                ("BACKGROUND", (0, 0), (-1, 0), ACCENT),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, SHADE]),
                ("GRID", (0, 0), (-1, -1), 0.3, colors.HexColor("#9a9a9a")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return flowable
