"""Counter sheets: double-sided counters, fronts and mirrored backs for duplex.

Faces come from components.yaml (each side's ``label``), counts from the
component's quantity or, where the source gives none, from counters.yaml with
the reason, which the sheet prints in its slug. Counters are butted on a thin
cutting grid with numbered columns and lettered rows, as wargame counter
sheets are; each back lands behind its front when the sheet is flipped.

Butted, not set apart by gutters: for hand cutting, one cut along a shared line
frees two counters, where gutters double the cuts and leave a strip to throw
away beside every ⅝″ piece. Each counter's colour runs past its cut line by the
layout's bleed (3 mm unless it says otherwise) wherever its neighbour is not
another counter: round the outside of the block, and into the empty slots of a
part-filled sheet, as card sheets bleed. Crop marks outside that bleed, on
fronts and mirrored on backs, continue the cut lines, so the outer cuts, where
the colour no longer shows the line, are found with a ruler as a card's are.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Paragraph, Table, TableStyle

from compiler.backends.aids import aid_styles
from compiler.backends.cards import in_language, plan_sheet
from compiler.backends.labels import label as kit_label
from compiler.backends.pdf import faces
from compiler.backends.pdf.documents import FileInfo
from compiler.backends.pdf.fonts import SANS, register
from compiler.backends.pdf.imposition import (
    DrawFace,
    Item,
    cut_grid,
    impose,
    new_canvas,
    registration_pages,
    slug,
)
from compiler.backends.pdf.long_paragraphs import cell as long_cell
from compiler.backends.pdf.markup import esc
from compiler.backends.pdf.region_text import Subject
from compiler.backends.pdf.sheet_geometry import Sheet
from compiler.diagnostics import CompileError, Finding, Severity
from compiler.model.components import Component, Face
from compiler.model.game import Game
from compiler.model.layouts import CounterEntry, CounterSheet, Layout
from compiler.write import Output

NAME = "counters"
FLIPS = ("long", "short")


@dataclass(frozen=True, slots=True)
class Options:
    papers: tuple[str, ...] = ("a4", "letter")


def _face(comp: Component, side: str) -> Face | None:
    return next((f for f in comp.faces if f.side == side and f.label), None)


def label(comp: Component, entry: CounterEntry, side: str) -> str:
    """What one side prints: the sheet entry's own words, else the face's label, else ""."""
    own = entry.front if side == "front" else entry.back
    face = _face(comp, side)
    return own or (face.label if face is not None and face.label else "")


def sides_assumed(game: Game, sheet: CounterSheet) -> list[str]:
    """Names of the printed counters whose front/back order is ours, not the source's."""
    comps = {c.id: c for c in game.components}
    names = []
    for entry in sheet.counters:
        comp = comps[entry.component]
        if any(not f.side_stated for f in comp.faces if f.label) and comp.name not in names:
            names.append(comp.name)
    return names


def how_many(entry: CounterEntry, comp: Component) -> int:
    """The sheet's own count (with its reason), else the source's quantity."""
    return entry.count or comp.quantity or 1


MAX_COUNTERS = 1000  # of one kind on a sheet: a counter mix, not a print run


def counter_items(game: Game, sheet: CounterSheet, layout: Layout) -> list[Item]:
    """Every counter to print, both sides fitted (raises FIT001/FONT001).

    A side the source does not describe is printed blank (the layout's
    background only), so every counter is a whole piece with two sides; the
    front always has words, which the model makes sure of.
    """
    comps = {c.id: c for c in game.components}
    memo: faces.Memo = {}
    items = []
    for entry in sheet.counters:
        comp = comps[entry.component]
        count = how_many(entry, comp)
        if count > MAX_COUNTERS:
            raise CompileError(
                [
                    Finding(
                        "FIT004",
                        Severity.ERROR,
                        f"counter sheet {sheet.id!r}: {count} counters of {comp.id!r} to print; "
                        f"a sheet prints at most {MAX_COUNTERS} of one kind",
                        comp.at,
                        suggestion="check the quantity in components.yaml, or give the sheet a "
                        "count (with count_why) in counters.yaml",
                    )
                ]
            )
        drawn: dict[str, DrawFace | None] = {}
        for side, design in (("front", layout.front), ("back", layout.back)):
            words = label(comp, entry, side)
            if design is None or (side == "front" and not words):
                drawn[side] = None
                continue
            face = _face(comp, side)
            context = {
                "component": {"id": comp.id, "name": comp.name},
                "face": {
                    "label": words,
                    "side": side,
                    "shows": face.shows if face is not None else "",
                },
                "game": {"id": game.id, "title": game.title},
            }
            subject = Subject(
                context,
                f"counter sheet {sheet.id!r}, counter {comp.id!r} ({side})",
                game.language,
                entry.at,
            )
            drawn[side] = faces.drawer(
                design, faces.prepare(design, subject, memo), (layout.width, layout.height)
            )
        front = drawn["front"]
        if front is None:
            continue
        name = label(comp, entry, "front")
        items += [Item(name, front, drawn["back"]) for _ in range(count)]
    return items


def manifest(game: Game, sheet: CounterSheet) -> list[tuple[str, str, str, str, str]]:
    """A row per counter entry: piece, front, back, how many, and why that many."""
    comps = {c.id: c for c in game.components}
    rows = []
    for entry in sheet.counters:
        comp = comps[entry.component]
        count = how_many(entry, comp)
        why = entry.count_why or "the source's quantity"
        rows.append(
            (
                comp.name,
                label(comp, entry, "front"),
                label(comp, entry, "back") or "(blank: not in the source)",
                str(count),
                why,
            )
        )
    return rows


def manifest_pages(canv: Canvas, game: Game, sheet: CounterSheet, page: Sheet, head: str) -> None:
    """The counter manifest, then its blank back, so the duplex pairs stay in step.

    Wargame counter sheets come with a manifest: what each counter is and how
    many there are. Here it also says which counts and side orders are ours,
    and what the source names that no sheet prints, in full, where the
    one-line slug has no room.
    """
    register()
    st = aid_styles()
    cell = ParagraphStyle(
        "manifest-cell", parent=st["aid-text"], leftIndent=0, fontSize=7, leading=8.4
    )
    body = [
        Paragraph(esc(f"{head}: counter manifest"), st["title"]),
        Paragraph(
            esc(
                "A print-and-play substitute: each counter prints the words the rules give "
                "for its sides. The publisher's counter mix is not in the source, so each "
                "count below says why it is printed."
            ),
            st["aid-sub"],
        ),
    ]
    header = ("Counter", "Front", "Back", "Count", "Why this count")
    data = [[Paragraph(esc(h), cell) for h in header]] + [
        [long_cell(esc(v), cell) for v in row] for row in manifest(game, sheet)
    ]
    width = (page.page_w - 2 * page.margin - 10) * mm
    height = (page.page_h - 2 * page.margin - 10) * mm
    # a row taller than a page (a long count_why) can only be printed split; any other
    # row is kept whole, moved to the next page, as it reads best
    tall = _tallest_row(data[1:], width) > height - _tallest_row(data[:1], width)
    body.append(_manifest_table(data, width, split_rows=tall))
    assumed = sides_assumed(game, sheet)
    if assumed:
        body.append(
            Paragraph(
                esc(
                    "Front and back: the rules name both sides of these counters but not "
                    "which is the front, so the order printed is ours: " + ", ".join(assumed) + "."
                ),
                st["aid-sub"],
            )
        )
    if game.counters_left_out:
        names = {c.id: c.name for c in game.components}
        reason = ParagraphStyle("manifest-reason", parent=st["aid-sub"], keepWithNext=0)
        reasons = [
            Paragraph(esc(f"{names.get(x.component, x.component)}: {x.why}"), reason)
            for x in game.counters_left_out
        ]
        heading = ParagraphStyle("manifest-section", parent=st["section"], keepWithNext=1)
        body += [Paragraph("Not printed", heading), *reasons]
    n = 0
    while body:
        frame = Frame(
            (page.margin + 5) * mm,
            (page.margin + 5) * mm,
            width,
            (page.page_h - 2 * page.margin - 10) * mm,
        )
        if not _fill(frame, body, canv):  # one flowable taller than a page: never loop for ever
            body.pop(0)
        n += 1
        slug(canv, page, f"{head} — counter manifest, page {n}")
        canv.showPage()
        slug(canv, page, f"{head} — back of counter manifest page {n}: intentionally blank")
        canv.showPage()


def _fill(frame: Frame, body: list[Flowable], canv: Canvas) -> bool:
    """Draw on ``frame`` what fits of ``body``, taking it off the list, and split the
    first flowable that does not fit whole (a manifest longer than a page runs on to the
    next; Frame.addFromList places only whole flowables). False when nothing fitted."""
    placed = False
    while body:
        if placed and _stranded(frame, body, canv):
            break  # a heading (keepWithNext) goes over to the next page with its first line
        if frame.add(body[0], canv, trySplit=0):
            body.pop(0)
            placed = True
            continue
        parts = frame.split(body[0], canv)
        if parts and frame.add(parts[0], canv, trySplit=0):
            body[0:1] = parts[1:]
            placed = True
        break
    return placed


def _tallest_row(data: list[list[Paragraph]], width: float) -> float:
    """The height of the manifest's tallest row, its paddings included, in points."""
    widths = [w * width - 12 for w in _COLUMNS]  # less the cells' padding, 6 pt a side
    return max(
        (max(cell.wrap(w, 1e6)[1] for cell, w in zip(row, widths, strict=True)) + 3.5)
        for row in data
    )


_COLUMNS = (0.2, 0.13, 0.13, 0.07, 0.47)  # the manifest's columns, as parts of its width


def _stranded(frame: Frame, body: list[Flowable], canv: Canvas) -> bool:
    """Whether ``body[0]`` is a heading that would stand at this page's foot without the
    line after it (Frame.add keeps no flowable with the next, as a document does)."""
    first = body[0]
    if len(body) < 2 or not getattr(getattr(first, "style", None), "keepWithNext", 0):
        return False
    room = frame._y - frame._y1p  # what is left of the frame
    width = frame._getAvailableWidth()
    needed = first.wrap(width, room)[1] + first.getSpaceAfter() + body[1].wrap(width, room)[1]
    return needed > room


def _manifest_table(data: list[list[Paragraph]], width: float, split_rows: bool) -> Table:
    """The manifest's rows under a header repeated on each page; ``split_rows`` lets a row
    taller than a page run on over pages."""
    table = Table(
        data,
        colWidths=[w * width for w in _COLUMNS],
        repeatRows=1,
        splitInRow=split_rows,
    )
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e4da")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONT", (0, 0), (-1, -1), SANS),  # the table's own font, else Helvetica
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def render(game: Game, sheet_data: CounterSheet, layout: Layout, paper: str, flip: str) -> bytes:
    sheet = plan_sheet(layout, "counters", paper, f"counter sheet {sheet_data.id!r}")
    items = counter_items(game, sheet_data, layout)
    title = f"{game.title} — {sheet_data.title}"
    # the size to check a print by with a ruler: many viewers ignore /PrintScaling
    size = {
        "w": in_language(layout.width, game.language),
        "h": in_language(layout.height, game.language),
    }
    buf = io.BytesIO()
    subject = f"{sheet.describe()}; print at 100 %; the counter manifest follows the sheets"
    canv = new_canvas(buf, (sheet.page_w, sheet.page_h), FileInfo.of(game, title, subject), flip)
    registration_pages(canv, sheet, flip, layout.sheet.back_offset, title, game.language)
    impose(
        canv,
        sheet,
        items,
        head=title,
        flip=flip,
        offset=layout.sheet.back_offset,
        decorate=lambda c, used, _headed: cut_grid(c, sheet, used, number=True),
        note=kit_label(game.language, "kit-counter-note"),
        list_items=False,
        lang=game.language,
        scale=(
            kit_label(game.language, "kit-scale-counter", **size),
            kit_label(game.language, "kit-scale-short", **size),
        ),
    )
    manifest_pages(canv, game, sheet_data, sheet, title)
    canv.save()
    return buf.getvalue()


def build(game: Game, options: Options) -> Iterator[Output]:
    layouts = {layout.id: layout for layout in game.layouts}
    rendered = []
    for sheet_data in game.counter_sheets:
        layout = layouts[sheet_data.layout]
        for paper in options.papers:
            for flip in FLIPS:
                path = (
                    f"{game.id}/{game.language}/kit/"
                    f"counters-{sheet_data.id}-{paper}-duplex-{flip}.pdf"
                )
                rendered.append(Output(path, render(game, sheet_data, layout, paper, flip)))
    yield from rendered


def notes(game: Game) -> list[str]:
    """The counters the source names that no sheet prints, and a gutter a counter layout
    asks for that is not used, said once per build."""
    out = []
    used = {sheet.layout for sheet in game.counter_sheets}
    for layout in game.layouts:
        if layout.id in used and layout.sheet.gutter:
            out.append(
                f"{game.id}: layout {layout.id!r} asks for a {layout.sheet.gutter:g} mm gutter; "
                "counter sheets have none: neighbouring counters share a cut line, one cut "
                "each (a gutter is for cards)"
            )
    if not game.counter_sheets or not game.counters_left_out:
        return out
    names = {c.id: c.name for c in game.components}
    left = "; ".join(
        f"{names.get(x.component, x.component)} ({x.why})" for x in game.counters_left_out
    )
    return [*out, f"{game.id}: {len(game.counters_left_out)} counter kind(s) not printed: {left}"]
