"""A table's type, its cells' padding and its columns' widths: numbers, no ReportLab.

tables.py sets tables with them; the form check (L10N011) measures forms with
them in a lint that never imports ReportLab. One set of numbers, so what lint
measures is what the build prints.
"""

from __future__ import annotations

from compiler.backends.pdf.metrics import SANS, SERIF, TextStyle, string_width
from compiler.model.tables import Table as TableData

CELL = TextStyle(SERIF, 7.6, 9.2)  # a body cell's text
HEAD = TextStyle(f"{SANS}-Bold", 7.4, 9.0)  # the header row's
SIDE_PADDING = 2.5  # pt, left and right of a cell's text
TOP_PADDING = 1.5  # pt
BOTTOM_PADDING = 2.0  # pt
_PAD = 2 * SIDE_PADDING + 0.5  # a column's padding, and half a point of slack for rounding


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
        return min(cap, max((string_width(w, font, size) for w in text.split()), default=0.0))

    minimum = []
    amount = []
    for i, column in enumerate(table.columns):
        cells = [row[i] for row in table.rows]
        minimum.append(
            _PAD
            + max(
                [longest_word(column.label, HEAD.font, HEAD.size)]
                + [longest_word(c, CELL.font, CELL.size) for c in cells]
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
