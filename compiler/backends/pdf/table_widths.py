"""A table's type, its cells' padding and its columns' widths: numbers, no ReportLab.

tables.py sets tables with them; the form check (L10N011) measures forms with
them in a lint that never imports ReportLab. One set of numbers, so what lint
measures is what the build prints.
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.backends.pdf.metrics import SANS, SERIF, TextStyle, string_width
from compiler.diagnostics import Finding, Severity
from compiler.model.tables import Table as TableData

CELL = TextStyle(SERIF, 7.6, 9.2)  # a body cell's text
HEAD = TextStyle(f"{SANS}-Bold", 7.4, 9.0)  # the header row's
SIDE_PADDING = 2.5  # pt, left and right of a cell's text
TOP_PADDING = 1.5  # pt
BOTTOM_PADDING = 2.0  # pt
_PAD = 2 * SIDE_PADDING + 0.5  # a column's padding, and half a point of slack for rounding
NARROWEST = _PAD + 4.0
"""pt: a column's padding and room for one figure (a digit of a cell is 3.8 pt wide)."""


def too_many_columns(table: TableData, width: float, where: str) -> Finding | None:
    """FIT006 when ``table`` has more columns than ``width`` points can give NARROWEST each.

    Narrower, a column cannot hold one character: ReportLab refuses a cell
    narrower than its padding, and one a hair wider sets its text a letter
    a line, down the page. ``where`` says what the table is printed in.
    """
    most = int(width // NARROWEST)
    if len(table.columns) <= most:
        return None
    return Finding(
        "FIT006",
        Severity.ERROR,
        f"table {table.id!r} has {len(table.columns)} columns; {where} is "
        f"{width / 72 * 25.4:.0f} mm wide and holds at most {most}, each with room for one "
        "character",
        table.at,
        suggestion=f"split it in tables.yaml into tables of at most {most} columns each",
        target=f"table:{table.id}",
    )


def column_widths(table: TableData, width: float) -> list[float]:
    """Widths that never split a word when the table can fit at all, and set a short
    column on one line when the room allows.

    Each column gets at least its longest word (or heading word); what is left
    is shared by how much text each column holds, so notes get the room. A
    column whose whole text is narrower than that share keeps only what its
    longest cell needs, and the room it frees is shared among the others
    again, until none is left over (as tabulary and a browser's automatic
    table layout do). Shared by amount alone, a phrase repeated down a column
    ("Materiale aggiuntivo dello scenario 4", 16 times) took a third of the
    page, and an ID column beside it wrapped "da M031 a M036" on four lines.
    No column is narrower than that sharing would make it, or wider than its
    text, so no row is taller.

    A word wider than half the table (a URL, a run of letters) is not kept
    whole: ReportLab breaks it inside its cell. Counted whole, it squeezed the
    other columns below their padding, and the build failed.
    """
    minimum = _least_widths(table, width)
    spare = width - sum(minimum)
    if spare <= 0:  # too many columns for their words: each keeps a floor, the rest is shared
        floor = min(_PAD + 8.0, width / len(minimum))
        over = [m - floor for m in minimum]
        room = width - floor * len(minimum)
        return [floor + room * o / (sum(over) or 1) for o in over]
    amount = [
        sum(len(row[i]) for row in table.rows) + len(column.label) + 1
        for i, column in enumerate(table.columns)
    ]
    whole = [max(m, n) for m, n in zip(minimum, _whole_widths(table, width), strict=True)]
    fixed: dict[int, float] = {}  # columns set at their whole width
    while True:
        rest = [i for i in range(len(minimum)) if i not in fixed]
        shares = _shared(width - sum(fixed.values()), rest, minimum, amount)
        fits = [i for i in rest if whole[i] <= shares[i]]
        if not fits:
            break
        fixed.update((i, whole[i]) for i in fits)
    if len(fixed) == len(minimum):  # every column on one line: the room left goes by amount
        left = width - sum(fixed.values())
        return [fixed[i] + left * a / sum(amount) for i, a in enumerate(amount)]
    return [fixed.get(i, shares.get(i, 0.0)) for i in range(len(minimum))]


def _shared(
    room: float, columns: list[int], minimum: list[float], amount: list[int]
) -> dict[int, float]:
    """``room`` shared among ``columns``: each its minimum, the rest by amount of text."""
    spare = room - sum(minimum[i] for i in columns)
    total = sum(amount[i] for i in columns) or 1
    return {i: minimum[i] + spare * amount[i] / total for i in columns}


def _whole_widths(table: TableData, width: float) -> list[float]:
    """Each column's padding and its widest cell (or heading) on one line, at most
    ``width``."""

    def one_line(text: str, font: str, size: float) -> float:
        return string_width(" ".join(text.split()), font, size)

    return [min(width, w) for w in _each_column(table, one_line)]


def words_fit(table: TableData, width: float) -> bool:
    """Whether ``width`` points hold every column's longest word whole: narrower, ReportLab
    breaks words inside their cells ("Liberazi / one" in a 7-column chart)."""
    return sum(_least_widths(table, width)) <= width


def _least_widths(table: TableData, width: float) -> list[float]:
    """Each column's padding and its longest word (or heading word), at most half of
    ``width``: a longer word is broken inside its cell whatever the width."""
    cap = width / 2

    def longest_word(text: str, font: str, size: float) -> float:
        return min(cap, max((string_width(w, font, size) for w in text.split()), default=0.0))

    return _each_column(table, longest_word)


def _each_column(table: TableData, measure: Callable[[str, str, float], float]) -> list[float]:
    """Each column's padding and the most ``measure`` gives its heading (in the heading's
    type) or any of its cells, and never less than a figure's room."""
    return [
        _PAD
        + max(
            [measure(column.label, HEAD.font, HEAD.size)]
            + [measure(row[i], CELL.font, CELL.size) for row in table.rows]
            + [8.0]
        )
        for i, column in enumerate(table.columns)
    ]
