"""Counter sheets: double-sided counters, fronts and mirrored backs for duplex.

Faces come from components.yaml (each side's ``label``), counts from the
component's quantity or, where the source gives none, from counters.yaml with
the reason, which the sheet prints in its slug. Counters are butted on a thin
cutting grid with numbered columns and lettered rows, as wargame counter
sheets are; each back lands behind its front when the sheet is flipped.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

from compiler.backends.cards import plan_sheet
from compiler.backends.pdf import faces
from compiler.backends.pdf.imposition import (
    DrawFace,
    Item,
    cut_grid,
    impose,
    new_canvas,
    registration_pages,
)
from compiler.diagnostics import CompileError, Finding, Severity
from compiler.model.components import Component, Face
from compiler.model.game import Game
from compiler.model.layouts import CounterSheet, Layout
from compiler.write import Output

NAME = "counters"
FLIPS = ("long", "short")


@dataclass(frozen=True, slots=True)
class Options:
    papers: tuple[str, ...] = ("a4", "letter")


def _face(comp: Component, side: str) -> Face | None:
    return next((f for f in comp.faces if f.side == side and f.label), None)


MAX_COUNTERS = 1000  # of one kind on a sheet: a counter mix, not a print run


def counter_items(game: Game, sheet: CounterSheet, layout: Layout) -> list[Item]:
    """Every counter to print, both sides fitted (raises FIT001/FONT001)."""
    comps = {c.id: c for c in game.components}
    memo: faces.Memo = {}
    items = []
    for entry in sheet.counters:
        comp = comps[entry.component]
        count = entry.count or comp.quantity or 1
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
            face = _face(comp, side)
            if face is None or design is None:
                drawn[side] = None
                continue
            context = {
                "component": {"id": comp.id, "name": comp.name},
                "face": {"label": face.label, "side": side, "shows": face.shows},
                "game": {"id": game.id, "title": game.title},
            }
            subject = faces.Subject(
                context,
                f"counter sheet {sheet.id!r}, counter {comp.id!r} ({side})",
                game.language,
                comp.at,
            )
            drawn[side] = faces.drawer(
                design, faces.prepare(design, subject, memo), (layout.width, layout.height)
            )
        front = drawn["front"]
        if front is None:
            continue
        items += [Item(comp.name, front, drawn["back"]) for _ in range(count)]
    return items


def render(game: Game, sheet_data: CounterSheet, layout: Layout, paper: str, flip: str) -> bytes:
    sheet = plan_sheet(layout, "counters", paper, f"counter sheet {sheet_data.id!r}")
    items = counter_items(game, sheet_data, layout)
    title = f"{game.title} — {sheet_data.title}"
    guessed = [e for e in sheet_data.counters if e.count is not None]
    note = "; ".join(f"{e.component} ×{e.count}: {e.count_why}" for e in guessed)
    buf = io.BytesIO()
    canv = new_canvas(buf, (sheet.page_w, sheet.page_h), title, flip)
    canv.setSubject(f"{sheet.describe()}; print at 100 %. Counts: {note or 'from the source'}")
    registration_pages(canv, sheet, flip, layout.sheet.back_offset, title)
    impose(
        canv,
        sheet,
        items,
        head=title,
        flip=flip,
        offset=layout.sheet.back_offset,
        marks=False,
        decorate=lambda c: cut_grid(c, sheet, number=True),
        note=f"print-and-play substitute; counts: {note or 'from the source'}"[:300],
        list_items=False,
    )
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
