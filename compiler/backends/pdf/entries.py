"""A paragraph book laid out as the rulebook describes one: numbered entries,
narrative, and instruction boxes (grey labels, solid or dotted separators).

"Turn to entry N" becomes a link to entry N's anchor.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table, TableStyle

from compiler.backends.pdf.fonts import SANS, SERIF
from compiler.backends.pdf.markup import LINK_COLOR, dest, esc
from compiler.model.entries import (
    STAMPS,
    Book,
    EntryBlock,
    Step,
    condition_text,
    step_text,
    table_title,
)

YELLOW = colors.HexColor("#fbeaa0")
GREY = colors.HexColor("#d9d9d9")
_NUMBER = ParagraphStyle(
    "entry-no",
    fontName=f"{SANS}-Bold",
    fontSize=11,
    leading=14,
    spaceBefore=8,
    spaceAfter=2,
    keepWithNext=1,
)
_TEXT = ParagraphStyle("entry-text", fontName=SERIF, fontSize=8.6, leading=10.8, spaceAfter=3)
_CELL = ParagraphStyle("entry-cell", fontName=SERIF, fontSize=8, leading=9.8)
_HEAD = ParagraphStyle(  # keepWithNext: "CHOOSE" stays above its choices
    "entry-head",
    fontName=f"{SANS}-Bold",
    fontSize=8,
    leading=10,
    spaceBefore=3,
    spaceAfter=2,
    keepWithNext=1,
)


KEEP_WHOLE_ROWS = 8
"""A box of this many outcomes or fewer is kept to one column (a long one still breaks,
its head repeated)."""


def keep_whole(before: list[Flowable], parts: list[Flowable], keep: int = 0) -> KeepTogether:
    """``parts`` as one KeepTogether, taking from the end of ``before`` (all but its
    first ``keep``) the flowables that keep with what follows: a heading's keepWithNext
    never holds a KeepTogether (ReportLab's handle_keepWithNext), so a title was left
    alone at a column's foot when the box it heads went whole to the next."""
    while len(before) > keep and keeps_with_next(before[-1]):
        parts.insert(0, before.pop())
    return KeepTogether(parts)


def keeps_with_next(flowable: Flowable) -> bool:
    return not isinstance(flowable, KeepTogether) and bool(flowable.getKeepWithNext())


def entry_anchor(book_id: str, number: int) -> str:
    return dest(f"entry-{book_id}-{number}")


def _step_markup(book: Book, step: Step, known: set[int]) -> str:
    text = esc(step_text(step))
    if step.action == "turn_to" and step.value in known:
        number = str(step.value)
        link = f'<a href="#{entry_anchor(book.id, step.value)}" color="{LINK_COLOR}">{number}</a>'
        text = text.replace(f"entry {number}", f"entry {link}", 1)
    return text


def _box(book: Book, block: EntryBlock, width: float, known: set[int]) -> Flowable:
    titled = block.kind in ("choose", "if_else", "check")
    rows: list[list[Paragraph]] = []
    if titled:
        title = table_title(block) or ""
        rows.append([Paragraph(f"<b>{esc(title)}</b>", _CELL), Paragraph("", _CELL)])
    for row in block.rows:
        label = condition_text(row) if (row.label or row.condition) else ""
        steps = "<br/>".join(_step_markup(book, s, known) for s in row.steps)
        rows.append([Paragraph(esc(label), _CELL), Paragraph(steps, _CELL)])
    has_labels = titled or any(r[0].text for r in rows)
    if has_labels:
        # a title row ("CHECK highest Technical") is never left alone at a column's
        # foot, and is repeated above the outcomes that run on to the next column
        table = Table(
            rows,
            colWidths=[width * 0.36, width * 0.64],
            hAlign="LEFT",
            repeatRows=1 if titled else 0,
        )
    else:
        table = Table([[r[1]] for r in rows], colWidths=[width], hAlign="LEFT")
    dash = (1, 2) if block.separator == "dotted" else None
    style = [
        ("FONTNAME", (0, 0), (-1, -1), SERIF),
        ("BACKGROUND", (0, 0), (-1, -1), YELLOW),
        *([("BACKGROUND", (0, 0), (0, -1), GREY)] if has_labels else []),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    for i in range(1, len(rows)):
        style.append(("LINEABOVE", (0, i), (-1, i), 0.6, colors.black, None, dash))
    table.setStyle(TableStyle(style))
    return table


def book_flowables(
    book: Book, width: float, heading, entry_set: Callable[[], None] = lambda: None
) -> list[Flowable]:
    """Flowables for the whole book; ``heading(text, key)`` makes an outlined heading, and
    ``entry_set()`` is called after each entry (a big book's progress)."""
    out: list[Flowable] = [heading(book.title, f"book-{book.id}")]
    if book.notice:
        out.append(Paragraph(f"<i>{esc(book.notice)}</i>", _TEXT))
    known = {e.number for e in book.entries}
    for entry in sorted(book.entries, key=lambda e: e.number):
        anchor = entry_anchor(book.id, entry.number)
        parts: list[Flowable] = [Paragraph(f'<a name="{anchor}"/>{entry.number}', _NUMBER)]
        for block in entry.blocks:
            if block.kind == "narrative":
                stamp = f"<b>[{STAMPS[block.stamp]}]</b> " if block.stamp else ""
                parts.append(Paragraph(stamp + esc(block.text or ""), _TEXT))
            elif block.kind == "heading":
                parts.append(Paragraph(esc(block.text or ""), _HEAD))
            else:
                box = _box(book, block, width, known)
                # a box of a few outcomes is read whole: a CHOOSE box broke after its first
                # option, and its head repeated atop the next column read as a second choice
                if len(block.rows) <= KEEP_WHOLE_ROWS and len(parts) > 1:
                    parts.append(keep_whole(parts, [box], keep=1))
                else:
                    parts.append(box)
        # the number with the entry's first text, and with what that text heads: a
        # heading (START OF ENCOUNTER) kept with the number ended a column when the box
        # after it went whole to the next
        first = 2
        while first < len(parts) and parts[first - 1].getKeepWithNext():
            first += 1
        out.append(KeepTogether(parts[:first]))
        out.extend(parts[first:])
        entry_set()
    return out
