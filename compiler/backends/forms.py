"""Printable forms and play mats.

Forms: each table game.yaml lists under ``player_aids.forms`` on a page of its
own, rows tall enough to write in, plus any write-in columns the ruleset adds
(labelled as ours).

Mats: every map with a size is drawn at 100 % (its zones in order along the
length, each required route as a line) and tiled across pages. Neighbouring
tiles share a 10 mm overlap strip carrying alignment crosses, and each tile
has a page key ("row 1 / column 2 of 2"), so the pieces glue up exactly.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, TableStyle

from compiler.backends.aids import aid_styles
from compiler.backends.form_layout import (
    FOOT,
    MARGIN,
    ROW,
    SOURCE_GAP,
    fit_findings,
    form_table,
    form_widths,
    source_line,
)
from compiler.backends.pdf.documents import FileInfo
from compiler.backends.pdf.fonts import SANS
from compiler.backends.pdf.imposition import REGISTRATION, fit_line, new_canvas
from compiler.backends.pdf.markup import esc
from compiler.backends.pdf.sheet_geometry import PAPER_NAMES, Rect, page_size, tiles
from compiler.backends.pdf.table_widths import CELL
from compiler.backends.pdf.tables import table_flowable
from compiler.diagnostics import CompileError, Finding, Severity
from compiler.model.game import Game
from compiler.model.layouts import MM_PER
from compiler.model.maps import GameMap
from compiler.model.tables import Table as TableData
from compiler.write import Output

NAME = "forms"
OVERLAP = 10.0


@dataclass(frozen=True, slots=True)
class FormPlan:
    """A form laid out on its page: what is drawn where, and what did not fit."""

    blocks: tuple[tuple[Flowable, float], ...]  # heading lines, each with its top y (pt)
    table: Flowable
    top: float  # pt: where the table's top goes
    height: float  # pt: the table's height
    room: float  # pt: the height the page leaves for the table
    form: TableData
    widths: tuple[float, ...]


def plan_form(
    game: Game, table_id: str, write_in: tuple[str, ...], page: tuple[float, float]
) -> FormPlan:
    """Lay out one form on a page of ``page`` points (form_layout.py has its numbers)."""
    st = aid_styles()  # the aids' title and source line, in the type form_layout measures
    table = game.table(table_id)
    assert table is not None  # the model refuses unknown form tables (MODEL009)
    page_w, page_h = page
    width = page_w - 2 * MARGIN * mm
    y = page_h - MARGIN * mm
    blocks = []
    head = Paragraph(esc(table.title), st["title"])
    _, h = head.wrap(width, 100 * mm)
    blocks.append((head, y))
    y -= h
    if table.rule:
        src = Paragraph(esc(source_line(game, table)), st["from"])
        _, h = src.wrap(width, 20 * mm)
        blocks.append((src, y))
        y -= h + SOURCE_GAP * mm
    form = form_table(table, write_in)
    widths = form_widths(form, width)
    flow = table_flowable(form, width, widths=widths)
    first = 1 if any(c.label for c in form.columns) else 0
    # rows tall enough to write in: a one-line row is ROW high, its text's leading included
    pad = (ROW * mm - CELL.leading) / 2
    flow.setStyle(
        TableStyle(
            [
                ("TOPPADDING", (0, first), (-1, -1), pad),
                ("BOTTOMPADDING", (0, first), (-1, -1), pad),
            ]
        )
    )
    room = y - FOOT * mm
    _, h = flow.wrap(width, room)
    return FormPlan(tuple(blocks), flow, y, h, room, form, tuple(widths))


def _form_page(canv: Canvas, game: Game, table_id: str, write_in: tuple[str, ...]) -> None:
    plan = plan_form(game, table_id, write_in, canv._pagesize)
    width = canv._pagesize[0] - 2 * MARGIN * mm
    for block, top in plan.blocks:
        _, h = block.wrap(width, 100 * mm)
        block.drawOn(canv, MARGIN * mm, top - h)
    plan.table.drawOn(canv, MARGIN * mm, plan.top - plan.height)
    table = plan.form
    canv.setFont(SANS, 7)
    note = f"{game.title} — {table.title}"
    if write_in:
        note += " — columns " + ", ".join(write_in) + " added by Casebook for writing in"
    canv.drawString(MARGIN * mm, 7 * mm, fit_line(note, width, SANS, 7))
    canv.showPage()


def render_forms(game: Game, paper: str) -> bytes:
    """Every form, a page each; a form that does not fit stops the build (FIT005)."""
    misfits = fit_findings(game, paper)
    if misfits:
        raise CompileError(misfits)
    buf = io.BytesIO()
    info = FileInfo.of(
        game,
        f"{game.title} — forms",
        f"write-in forms, a page each, on {PAPER_NAMES[paper]}; print at 100 %",
    )
    canv = new_canvas(buf, page_size(paper, "portrait"), info)
    for table_id, write_in in game.forms:
        _form_page(canv, game, table_id, write_in)
    canv.save()
    return buf.getvalue()


def draw_mat(canv: Canvas, game_map: GameMap, w: float, h: float, part: Rect) -> None:
    """The mat at 100 % with its lower-left corner at the origin (mm).

    Lines are drawn whole and clipped by the caller; a label is drawn only on
    the tile where it starts, so a tile's PDF holds no hidden text.
    """

    def shows(x: float, y: float) -> bool:
        return part.x <= x <= part.x1 and part.y <= y <= part.y1

    canv.setLineWidth(1)
    canv.setStrokeColor(colors.black)
    canv.rect(0, 0, w * mm, h * mm)
    zones = sorted((s for s in game_map.spaces if s.order is not None), key=lambda s: s.order)
    along = w >= h
    step = (w if along else h) / max(len(zones), 1)
    centres = {}
    for i, zone in enumerate(zones):
        if along:
            x0, y0, zw, zh = i * step, 0.0, step, h
        else:
            x0, y0, zw, zh = 0.0, h - (i + 1) * step, w, step
        canv.setLineWidth(0.6)
        canv.rect(x0 * mm, y0 * mm, zw * mm, zh * mm)
        canv.setFillColor(HexColor("#555555"))
        if shows(x0 + zw / 2, y0 + zh - 12):
            size, name = _zone_label(zone.name, (zw - 4) * mm)
            canv.setFont(f"{SANS}-Bold", size)
            canv.drawCentredString((x0 + zw / 2) * mm, (y0 + zh - 12) * mm, name)
        centres[zone.id] = (x0 + zw / 2, y0 + zh / 2)
    canv.setFont(SANS, 9)
    for route in game_map.requires:
        if route.start in centres and route.end in centres:
            (ax, ay), (bx, by) = centres[route.start], centres[route.end]
            canv.setLineWidth(2.5)
            canv.setStrokeColor(HexColor("#6b5d4f"))
            canv.line(ax * mm, ay * mm, bx * mm, by * mm)
            if shows(ax + 2, ay + 2):
                # on a white ground: the zone lines it crosses would strike through it
                text = fit_line(route.text[:90], (part.x1 - ax - 4) * mm, SANS, 9)
                text_w = stringWidth(text, SANS, 9) / mm
                canv.setFillColor(colors.white)
                canv.rect((ax + 1) * mm, (ay + 1.2) * mm, (text_w + 2) * mm, 4.2 * mm, 0, 1)
                canv.setFillColor(HexColor("#6b5d4f"))
                canv.drawString((ax + 2) * mm, (ay + 2) * mm, text)
    if shows(3, 3):  # on the tile that prints the mat's corner, not hidden on the others
        canv.setFillColor(HexColor("#555555"))
        canv.setFont(SANS, 6.5)
        corner = f"{game_map.name} (rule {game_map.rule}) — Casebook print-and-play"
        # within the tile: what runs past it would be clipped, text no one can see
        canv.drawString(3 * mm, 3 * mm, fit_line(corner, (part.x1 - 6) * mm, SANS, 6.5))


ZONE_SIZES = (14.0, 12.0, 10.0, 8.0, 7.0)
"""pt: a zone's name is set at the first of these that fits its zone, else cut at 7 pt."""


def _zone_label(name: str, room: float) -> tuple[float, str]:
    """The size and text of a zone's name in ``room`` points: a long name written across
    the next zones, or off the mat, named the wrong zone."""
    font = f"{SANS}-Bold"
    for size in ZONE_SIZES:
        if stringWidth(name, font, size) <= room:
            return size, name
    return ZONE_SIZES[-1], fit_line(name, max(room, 0.0), font, ZONE_SIZES[-1])


def _alignment_marks(canv: Canvas, part: Rect, place: Rect, full: tuple[float, float]) -> None:
    """Crosses in every overlap strip this tile shares with a neighbour, at the same mat spots."""
    canv.saveState()
    canv.setStrokeColor(REGISTRATION)
    canv.setLineWidth(0.25)
    fw, fh = full
    xs = [part.x + OVERLAP / 2] if part.x > 0 else []
    xs += [part.x1 - OVERLAP / 2] if part.x1 < fw - 1e-6 else []
    ys = [part.y + OVERLAP / 2] if part.y > 0 else []
    ys += [part.y1 - OVERLAP / 2] if part.y1 < fh - 1e-6 else []
    for x in xs:
        for fy in (0.2, 0.5, 0.8):
            px, py = place.x + x - part.x, place.y + part.h * fy
            canv.line((px - 3) * mm, py * mm, (px + 3) * mm, py * mm)
            canv.line(px * mm, (py - 3) * mm, px * mm, (py + 3) * mm)
    for y in ys:
        for fx in (0.2, 0.5, 0.8):
            px, py = place.x + part.w * fx, place.y + y - part.y
            canv.line((px - 3) * mm, py * mm, (px + 3) * mm, py * mm)
            canv.line(px * mm, (py - 3) * mm, px * mm, (py + 3) * mm)
    canv.restoreState()


MIN_MAT_MM = 20.0  # smaller than a counter's space; a map that size is a unit mistake


def render_mat(game: Game, game_map: GameMap, paper: str) -> bytes:
    assert game_map.size is not None
    w = game_map.size.width * MM_PER[game_map.size.unit]
    h = game_map.size.height * MM_PER[game_map.size.unit]
    if h > w:
        w, h = h, w
    try:
        if h < MIN_MAT_MM:  # 0.000001 mm printed a blank page on exit 0
            raise ValueError(
                f"{w:g} × {h:g} mm is no mat size: a printed play area is at least "
                f"{MIN_MAT_MM:g} mm a side"
            )
        orientation, parts = tiles(w, h, paper, overlap=OVERLAP)
    except ValueError as err:
        raise CompileError(
            [
                Finding(
                    "FIT003",
                    Severity.ERROR,
                    f"map {game_map.id!r}: {err}",
                    game_map.at,
                    suggestion="check the map's size and unit in maps.yaml; a mat prints "
                    "at full size",
                )
            ]
        ) from None
    page_w, page_h = page_size(paper, orientation)
    buf = io.BytesIO()
    subject = f"{len(parts)} tiles at 100 % on {PAPER_NAMES[paper]}; overlap {OVERLAP:g} mm"
    info = FileInfo.of(game, f"{game.title} — {game_map.name}", subject)
    canv = new_canvas(buf, (page_w, page_h), info)
    cols = len({p.x for p, _ in parts})
    for n, (part, place) in enumerate(parts):
        canv.saveState()
        clip = canv.beginPath()
        clip.rect(place.x * mm, place.y * mm, place.w * mm, place.h * mm)
        canv.clipPath(clip, stroke=0, fill=0)
        canv.translate((place.x - part.x) * mm, (place.y - part.y) * mm)
        draw_mat(canv, game_map, w, h, part)
        canv.restoreState()
        _alignment_marks(canv, part, place, (w, h))
        row, col = divmod(n, cols)
        canv.setFont(SANS, 7)
        canv.setFillColor(colors.black)
        # the tile's place and how to join it are kept whole; a long name is what is cut
        where = (
            f": row {row + 1} / column {col + 1} of {cols} — "
            f"print at 100 %; glue the {OVERLAP:g} mm strips so the crosses meet"
        )
        room = (page_w - 2 * MARGIN) * mm - stringWidth(where, SANS, 7)
        name = fit_line(f"{game.title} — {game_map.name}", max(room, 0.0), SANS, 7)
        canv.drawString(MARGIN * mm, (place.y - 5) * mm, name + where)
        canv.showPage()
    canv.save()
    return buf.getvalue()


def build(game: Game, papers: tuple[str, ...]) -> Iterator[Output]:
    base = f"{game.id}/{game.language}/kit"
    for paper in papers:
        if game.forms:
            yield Output(f"{base}/forms-{paper}.pdf", render_forms(game, paper))
        for game_map in game.maps:
            if game_map.size is not None:
                yield Output(
                    f"{base}/mat-{game_map.id}-{paper}.pdf", render_mat(game, game_map, paper)
                )
