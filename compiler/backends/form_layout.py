"""A printable form measured without ReportLab: its columns, their words, its height.

forms.py draws each form (game.yaml ``player_aids.forms``) on a page of its
own. Before it draws, the build asks whether each word fits its column and
the form its page (FIT005); lint asks the same of every game in every
language (L10N011). The columns and their words are measured here, with the
fonts' own widths (pdf/metrics.py), for both. The height is bounded from
above: when the bound fits the page the form surely does, and lint never
imports ReportLab. A form the bound cannot vouch for is laid out by
ReportLab (forms.plan_form), and its real height decides.
"""

from __future__ import annotations

from dataclasses import replace

from compiler.backends.labels import label, rule_name
from compiler.backends.pdf.metrics import FACES, MM, SANS, TextStyle, most_lines, string_width
from compiler.backends.pdf.sheet_geometry import PAPER_NAMES, page_size
from compiler.backends.pdf.table_widths import (
    BOTTOM_PADDING,
    CELL,
    HEAD,
    NARROWEST,
    SIDE_PADDING,
    TOP_PADDING,
    column_widths,
)
from compiler.diagnostics import Finding, Location, Severity
from compiler.l10n.units import table_cell_unit_id
from compiler.model.game import Game
from compiler.model.tables import Column
from compiler.model.tables import Table as TableData

MARGIN = 12.0  # mm round the page: a form's, and a play mat tile's (forms.py)
ROW = 12.0  # mm: a one-line row, its text's leading included: room for handwriting
FOOT = 10.0  # mm kept at the foot of a form for its note line (drawn at 7 mm)
TITLE = TextStyle(f"{SANS}-Bold", 15.0, 18.0)  # the form's heading: its table's title
SOURCE = TextStyle(SANS, 7.5, 9.0)  # "from rule 4" under the heading
SOURCE_GAP = 3.0  # mm between that line and the table
SURE = 0.5  # pt: the bound must clear the page by this, whatever rounding does


def page_points(paper: str) -> tuple[float, float]:
    """The portrait page a form is printed on, in points."""
    w, h = page_size(paper, "portrait")
    return w * MM, h * MM


def form_table(table: TableData, write_in: tuple[str, ...]) -> TableData:
    """The table as the form prints it: the ruleset's write-in columns added, empty."""
    extra = len(write_in)
    return replace(
        table,
        columns=table.columns + tuple(Column(f"write-in-{i}", w) for i, w in enumerate(write_in)),
        rows=tuple(row + ("",) * extra for row in table.rows),
    )


def form_widths(form: TableData, width: float) -> list[float]:
    """Printed columns as wide as their words need; the blank ones (the source's and
    ours) share half the form or more, for handwriting."""
    blank = [i for i in range(len(form.columns)) if not any(row[i] for row in form.rows)]
    if not blank:
        return column_widths(form, width)
    filled = [i for i in range(len(form.columns)) if i not in blank]
    printed = replace(
        form,
        columns=tuple(form.columns[i] for i in filled),
        rows=tuple(tuple(row[i] for i in filled) for row in form.rows),
    )
    printed_width = width * min(0.5, len(filled) / len(form.columns))
    given = iter(column_widths(printed, printed_width) if filled else [])
    share = (width - printed_width) / len(blank)
    return [share if i in blank else next(given) for i in range(len(form.columns))]


def source_line(game: Game, table: TableData) -> str:
    """The line under a form's heading naming the rule its table comes from."""
    return label(game.language, "from-rule", rule=rule_name(game, table.rule))


def fit_findings(game: Game, paper: str) -> list[Finding]:
    """Each form's cells fit their columns and each form its page, in the game's language.

    A cell whose longest word is wider than its column would have that word
    broken or run into the next cell; a form taller than its page would lose
    its last rows off the paper. Both are named with the form, row, column and
    language, at the cell the translator or editor must shorten.
    """
    out = []
    page = page_points(paper)
    width = page[0] - 2 * MARGIN * MM
    for table_id, write_in in game.forms:
        table = game.table(table_id)
        assert table is not None  # the model refuses unknown form tables (MODEL009)
        form = form_table(table, write_in)
        widths = form_widths(form, width)
        if min(widths, default=NARROWEST) < NARROWEST:
            out.append(_too_narrow(game, table_id, form, min(widths), paper))
            continue
        out += _word_findings(game, table_id, form, widths, paper)
        if _surely_fits_page(game, table, form, widths, page):
            continue
        from compiler.backends import forms  # ReportLab: only for a form the bound doubts

        plan = forms.plan_form(game, table_id, write_in, page)
        if plan.height > plan.room + 0.01:
            out.append(_taller_than_page(game, table_id, form, plan.height - plan.room, paper))
    return out


def _word_findings(
    game: Game, table_id: str, form: TableData, widths: list[float], paper: str
) -> list[Finding]:
    out = []
    for r, row in enumerate(form.rows):
        for c, cell in enumerate(row):
            room = widths[c] - 2 * SIDE_PADDING
            word = max(
                cell.split(), key=lambda w: string_width(w, CELL.font, CELL.size), default=""
            )
            over = string_width(word, CELL.font, CELL.size) - room
            if word and over > 0.01:
                out.append(
                    Finding(
                        "FIT005",
                        Severity.ERROR,
                        f"form {table_id!r}, row {r + 1}, column {form.columns[c].label!r} "
                        f"({game.language}, {PAPER_NAMES[paper]}): the word {word!r} is "
                        f"{over / MM:.1f} mm wider than its column",
                        _row_at(form, r),
                        suggestion="shorten or hyphenate the word (an erratum or a "
                        "translation), or give the form fewer write-in columns",
                        target=table_cell_unit_id(table_id, r, form.columns[c].key),
                    )
                )
    return out


def _too_narrow(
    game: Game, table_id: str, form: TableData, narrowest: float, paper: str
) -> Finding:
    """FIT006: so many columns that one of them cannot hold a character."""
    return Finding(
        "FIT006",
        Severity.ERROR,
        f"form {table_id!r} ({PAPER_NAMES[paper]}) has {len(form.columns)} columns, its "
        f"write-in columns included: the page leaves one of them {narrowest / MM:.1f} mm, "
        "too narrow for a character",
        form.at,
        suggestion="split the table in tables.yaml, or give the form fewer write-in columns",
        target=f"table:{table_id}",
    )


def _taller_than_page(
    game: Game, table_id: str, form: TableData, over: float, paper: str
) -> Finding:
    return Finding(
        "FIT005",
        Severity.ERROR,
        f"form {table_id!r} ({game.language}, {PAPER_NAMES[paper]}) is "
        f"{over / MM:.1f} mm taller than its page: its last rows would print off the paper",
        form.at,
        suggestion="shorten its cells (an erratum or a translation), or split the "
        "table in tables.yaml",
        target=f"table:{table_id}",
    )


def _row_at(form: TableData, r: int) -> Location | None:
    return form.row_at[r] if r < len(form.row_at) else form.at


def _height(text: str, width: float, style: TextStyle) -> float | None:
    """At most how tall ``text`` sets as a paragraph ``width`` points wide (None: the
    bound cannot say). Words are measured in the widest face, whatever the fallback."""
    lines = most_lines(text, width, FACES, style.size)
    return None if lines is None else max(lines, 1) * style.leading


def _surely_fits_page(
    game: Game,
    table: TableData,
    form: TableData,
    widths: list[float],
    page: tuple[float, float],
) -> bool:
    """True only when the form as forms.plan_form lays it out must fit its page.

    Every paragraph is bounded by its lines at most (metrics.most_lines) times its
    leading; a row by its tallest cell and its padding; the room by the page less
    the heading so bounded. Any doubt answers False.
    """
    page_w, page_h = page
    width = page_w - 2 * MARGIN * MM
    heading = [_height(table.title, width, TITLE)]
    if table.rule:
        heading.append(_height(source_line(game, table), width, SOURCE))
    if None in heading:
        return False
    room = page_h - MARGIN * MM - sum(h for h in heading if h is not None) - FOOT * MM
    if table.rule:
        room -= SOURCE_GAP * MM
    rows: list[tuple[tuple[str, ...], TextStyle, float]] = []
    if any(c.label for c in form.columns):
        rows.append((tuple(c.label for c in form.columns), HEAD, TOP_PADDING + BOTTOM_PADDING))
    pad = (ROW * MM - CELL.leading) / 2  # forms.plan_form's padding of every body row
    rows += [(row, CELL, 2 * pad) for row in form.rows]
    height = 0.0
    for cells, style, padding in rows:
        tallest = [
            _height(cell, w - 2 * SIDE_PADDING, style)
            for cell, w in zip(cells, widths, strict=True)
        ]
        if None in tallest:
            return False
        height += max((h for h in tallest if h is not None), default=0.0) + padding
    return height <= room - SURE
