"""Kit pages rendered to pixels and looked at, one page of each kind.

The other kit tests read rectangles and characters back from the PDF; these
render pages with pdfium, as a viewer or a printer driver would, and check
what shows: cards and counters fill their slots, crop marks sit outside the
bleed, nothing is printed in the band a home printer cannot print (5 mm, see
../shared/print-and-play.md) but what the geometry puts there, each back is
behind its front, mats tile at 100 % with matching glue strips, and text
stands out from what it is printed on.

Every place and threshold comes from the sheet geometry, the layouts or the
back ends' own constants; ``test_the_pixel_checks_catch_what_they_look_for``
shows each check failing on a page made to fail it. Pages render at 63.5 dpi
(2.5 pixels to the millimetre), so the file runs in seconds. The PNGs are saved
in the test's temp folder and, when CASEBOOK_PNG_DIR is set, copied there for a
person to look at.
"""

from __future__ import annotations

import io
import math
import os
import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getAscent, getDescent
from reportlab.pdfgen.canvas import Canvas

from compiler.backends import aids, cards, counters, forms
from compiler.backends.pdf.fonts import SANS, register
from compiler.backends.pdf.imposition import GRID_LABEL_ROOM, SLUG_SIZE, head_clear
from compiler.backends.pdf.sheet_geometry import (
    SLUG_HEIGHT,
    Rect,
    Request,
    Segment,
    Sheet,
    tiles,
)
from compiler.model.from_kit import DEFAULT_BLEED
from compiler.model.layouts import MM_PER, Layout
from tests.conftest import living_game
from tests.pdftools import PT_PER_MM

DPI = 63.5
PX = DPI / 25.4  # pixels per millimetre: 2.5, so the mat's 223.6 mm tile step is whole pixels
PRINTER_MARGIN = Request(1, 1).margin  # what a home printer cannot print (print-and-play.md)
INK = 240  # a pixel is ink where a channel is darker than this: white paper is 255
DARK = 128  # black ink (marks, body text): every channel darker than this ...
NEUTRAL = 32  # ... and the channels this close: not the maroon, navy or tan of a design
WCAG_AA = 4.5  # the least contrast for normal-size text (WCAG 2 level AA)
WHITE = (255, 255, 255)


# --- rendering ---------------------------------------------------------------------------


@dataclass
class Shot:
    """One rendered page: the picture, the page size in mm, and the PDF it came from."""

    name: str
    image: Image.Image  # RGB
    w: float
    h: float
    data: bytes
    index: int

    def box(self, r: Rect, grow: float = 0.0) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) pixels of ``r`` (mm from the page's lower left),
        grown by ``grow`` pixels: outward to whole pixels, or inward when negative."""
        x0, x1 = r.x * PX - grow, r.x1 * PX + grow
        y0, y1 = (self.h - r.y1) * PX - grow, (self.h - r.y) * PX + grow
        if grow >= 0:
            left, top, right, bottom = math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)
        else:
            left, top, right, bottom = math.ceil(x0), math.ceil(y0), math.floor(x1), math.floor(y1)
        width, height = self.image.size
        return max(left, 0), max(top, 0), min(right, width), min(bottom, height)

    def where(self, box: tuple[int, int, int, int]) -> str:
        left, top, right, bottom = box
        return (
            f"{self.name}: x {left / PX:.1f}–{right / PX:.1f} mm, "
            f"y {self.h - bottom / PX:.1f}–{self.h - top / PX:.1f} mm from the lower left"
        )

    @cached_property
    def _lo_hi(self) -> tuple[Image.Image, Image.Image]:
        r, g, b = self.image.split()
        lo = ImageChops.darker(ImageChops.darker(r, g), b)
        hi = ImageChops.lighter(ImageChops.lighter(r, g), b)
        return lo, hi

    @cached_property
    def ink(self) -> Image.Image:
        """255 where anything is printed, background colours included."""
        return self._lo_hi[0].point(lambda v: 255 if v < INK else 0)

    @cached_property
    def dark(self) -> Image.Image:
        """255 where black or dark grey is printed: marks and body text."""
        lo, hi = self._lo_hi
        dark = hi.point(lambda v: 255 if v < DARK else 0)
        grey = ImageChops.subtract(hi, lo).point(lambda v: 255 if v < NEUTRAL else 0)
        return ImageChops.multiply(dark, grey)

    @cached_property
    def chars(self) -> list[dict]:
        with pdfplumber.open(io.BytesIO(self.data)) as pdf:
            return list(pdf.pages[self.index].chars)


def render(data: bytes, index: int, name: str) -> Shot:
    pdf = pypdfium2.PdfDocument(data)
    try:
        page = pdf[index]
        w_pt, h_pt = page.get_size()
        image = page.render(scale=DPI / 72).to_pil().convert("RGB")
        page.close()
    finally:
        pdf.close()
    return Shot(name, image, w_pt / PT_PER_MM, h_pt / PT_PER_MM, data, index)


Shoot = Callable[[bytes, int, str], Shot]


@pytest.fixture(scope="module")
def shoot(tmp_path_factory: pytest.TempPathFactory) -> Shoot:
    """Render a page once, save it as <name>.png, and copy it to $CASEBOOK_PNG_DIR if set."""
    folder = tmp_path_factory.mktemp("kit-png")
    target = os.environ.get("CASEBOOK_PNG_DIR")
    taken: dict[str, Shot] = {}

    def take(data: bytes, index: int, name: str) -> Shot:
        if name in taken:  # the same page looked at again by another test
            return taken[name]
        shot = taken[name] = render(data, index, name)
        path = folder / f"{name}.png"
        shot.image.save(path)
        if target:
            Path(target).mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, Path(target) / path.name)
        return shot

    return take


# --- what the pixels say -----------------------------------------------------------------


def share(mask: Image.Image, box: tuple[int, int, int, int]) -> float:
    """The part of ``box`` that ``mask`` marks (0 for an empty box)."""
    hist = mask.crop(box).histogram()
    return hist[255] / (sum(hist) or 1)


def bare(
    shot: Shot, rects: Iterable[Rect], what: str, text: Iterable[list[Rect]] | None = None
) -> list[str]:
    """Rectangles where paper shows: each should be printed all over (1 px in from its
    edge), but for its ``text`` regions, where white type cannot be told from paper."""
    holes = iter(text) if text is not None else None
    out = []
    for i, r in enumerate(rects, 1):
        box = shot.box(r, -1)
        m = shot.ink.crop(box)
        draw = ImageDraw.Draw(m)
        for hole in next(holes) if holes is not None else []:
            left, top, right, bottom = shot.box(hole, 1)
            draw.rectangle((left - box[0], top - box[1], right - box[0], bottom - box[1]), 255)
        part = share(m, (0, 0, m.width, m.height))
        if part < 1:
            out.append(f"{shot.name}: {what} {i}: {100 * (1 - part):.1f} % bare paper")
    return out


def printed(shot: Shot, rects: Iterable[Rect], what: str) -> list[str]:
    """Rectangles with any ink in them (1 px in from the edge a neighbour may share):
    each should be blank paper."""
    return [
        f"{shot.name}: {what} {i} is not blank"
        for i, r in enumerate(rects, 1)
        if share(shot.ink, shot.box(r, -1)) > 0
    ]


def dominant(shot: Shot, r: Rect) -> tuple[int, int, int]:
    """The commonest colour inside ``r``: a face's background, whatever its text."""
    crop = shot.image.crop(shot.box(r, -1))
    return max(crop.getcolors(crop.width * crop.height))[1]


def rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def off_colour(shot: Shot, rects: Iterable[Rect], want: list[tuple[int, int, int]]) -> list[str]:
    out = []
    for i, (r, colour) in enumerate(zip(rects, want, strict=True), 1):
        got = dominant(shot, r)
        if any(abs(a - b) > 2 for a, b in zip(got, colour, strict=True)):
            out.append(f"{shot.name}: slot {i} is {got}, not {colour}")
    return out


def seg_rect(s: Segment) -> Rect:
    return Rect(min(s.x0, s.x1), min(s.y0, s.y1), abs(s.x1 - s.x0), abs(s.y1 - s.y0))


def undrawn(shot: Shot, segments: Iterable[Segment], what: str) -> list[str]:
    """Lines that do not show as dark ink all along their length (ends aside)."""
    out = []
    for s in segments:
        r = seg_rect(s)
        crop = shot.dark.crop(shot.box(r, 1))
        vertical = r.h > r.w
        length = crop.height if vertical else crop.width
        steps = range(2, length - 2)
        gaps = [
            k
            for k in steps
            if crop.crop(
                (0, k, crop.width, k + 1) if vertical else (k, 0, k + 1, crop.height)
            ).getbbox()
            is None
        ]
        if gaps or not steps:
            out.append(
                f"{shot.name}: {what} ({s.x0:.1f}, {s.y0:.1f})–({s.x1:.1f}, {s.y1:.1f}) mm "
                f"missing along {len(gaps) or length} of {length} px"
            )
    return out


def stray(
    shot: Shot,
    allowed: Iterable[tuple[int, int, int, int]],
    mask: Image.Image | None = None,
    within: tuple[int, int, int, int] | None = None,
) -> str | None:
    """Where ``mask`` (ink by default) marks pixels outside every ``allowed`` box, looking
    only ``within`` a box if given; None when there are none."""
    base = shot.ink if mask is None else mask
    ox, oy = (within[0], within[1]) if within else (0, 0)
    m = base.crop(within) if within else base.copy()
    draw = ImageDraw.Draw(m)
    for left, top, right, bottom in allowed:
        if right > left and bottom > top:
            draw.rectangle((left - ox, top - oy, right - ox - 1, bottom - oy - 1), fill=0)
    found = m.getbbox()
    if found is None:
        return None
    return shot.where((found[0] + ox, found[1] + oy, found[2] + ox, found[3] + oy))


def printable(shot: Shot) -> Rect:
    """The page less the printer's margin."""
    m = PRINTER_MARGIN
    return Rect(m, m, shot.w - 2 * m, shot.h - 2 * m)


def _extent() -> tuple[float, float]:
    """(ascent, descent) of the slug's face at its size, in mm."""
    register()
    return getAscent(SANS, SLUG_SIZE) / PT_PER_MM, -getDescent(SANS, SLUG_SIZE) / PT_PER_MM


def slug_box(margin: float, page_w: float) -> Rect:
    """Where the slug line may print: from the margin up, at most the printable width.
    Its descenders too stay above the margin's line: below it the printer prints nothing."""
    up, down = _extent()
    return Rect(margin, margin, page_w - 2 * margin, up + down)


def head_box(margin: float, page_w: float, page_h: float) -> Rect:
    """Where the head line of instructions may print: its baseline SLUG_HEIGHT below the
    head's margin, its descenders below that and its ascenders above."""
    up, down = _extent()
    return Rect(margin, page_h - margin - SLUG_HEIGHT - down, page_w - 2 * margin, up + down)


def above_slug(margin: float, page_w: float) -> Rect:
    """The room kept for the slug above its ascenders, to where the foot marks stop
    (SLUG_HEIGHT and 0.5 mm clear: Sheet.crop_marks): blank on every sheet."""
    top = slug_box(margin, page_w).y1
    return Rect(0, top, page_w, margin + SLUG_HEIGHT + 0.5 - top)


def luminance(c: tuple[int, int, int]) -> float:
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = c
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def char_rgb(char: dict) -> tuple[int, int, int] | None:
    """A character's fill colour as 0–255 RGB; the registration colour prints black."""
    colour = char.get("non_stroking_color")
    if colour is None:
        return (0, 0, 0)
    v = tuple(float(x) for x in colour) if isinstance(colour, tuple | list) else (float(colour),)
    if "Separation" in str(char.get("ncs") or "") and len(v) == 1:
        v = (1 - v[0],)  # a tint of "All": full tint is black
    if len(v) == 1:
        v = v * 3
    elif len(v) == 4:
        c, m, y, k = v
        v = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    elif len(v) != 3:
        return None
    return tuple(round(255 * x) for x in v)  # type: ignore[return-value]


def faint_text(shot: Shot, within: list[Rect] | None = None) -> list[str]:
    """Characters that do not show, or show with less than WCAG AA contrast against the
    colour actually rendered around them (only those inside ``within``, if given)."""
    width, height = shot.image.size
    s = DPI / 72
    areas = [shot.box(r) for r in within] if within is not None else None
    out = []
    for c in shot.chars:
        colour = char_rgb(c)
        if not c["text"].strip() or colour is None:
            continue
        at = (
            math.floor(c["x0"] * s),
            math.floor(c["top"] * s),
            math.ceil(c["x1"] * s),
            math.ceil(c["bottom"] * s),
        )
        if areas is not None and not any(
            a[0] <= at[0] and a[1] <= at[1] and at[2] <= a[2] and at[3] <= a[3] for a in areas
        ):
            continue
        box = (max(at[0], 0), max(at[1], 0), min(at[2], width), min(at[3], height))
        if box[2] <= box[0] or box[3] <= box[1]:
            out.append(
                f"{shot.name}: {c['text']!r} at {c['x0'] / PT_PER_MM:.1f}, "
                f"{c['top'] / PT_PER_MM:.1f} mm from the top left is off the page"
            )
            continue
        around = shot.image.crop(
            (
                max(box[0] - 1, 0),
                max(box[1] - 1, 0),
                min(box[2] + 1, width),
                min(box[3] + 1, height),
            )
        )
        ground = max(around.getcolors(around.width * around.height))[1]
        glyph = shot.image.crop(box)
        shows = any(p != ground for _, p in glyph.getcolors(glyph.width * glyph.height))
        ratio = contrast(colour, ground)
        if ratio < WCAG_AA or not shows:
            out.append(
                f"{shot.name}: {c['text']!r} at {c['x0'] / PT_PER_MM:.1f}, "
                f"{c['top'] / PT_PER_MM:.1f} mm from the top left: {colour} on {ground}, "
                f"contrast {ratio:.1f}:1" + ("" if shows else ", not drawn")
            )
    return out


# --- the kit -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def decks(liberation) -> dict[str, tuple]:
    return {deck.id: (deck, layout) for deck, layout in cards.printable_decks(liberation)}


@pytest.fixture(scope="module")
def sea():
    return living_game("set-europe-ablaze")


@pytest.fixture(scope="module")
def counter_kit(sea) -> dict[str, bytes]:
    return {Path(o.path).name: o.data for o in counters.build(sea, counters.Options())}


@pytest.fixture(scope="module")
def plan_vert():
    return living_game("plan-vert")


@pytest.fixture(scope="module")
def plan_vert_aids(plan_vert) -> bytes:
    return aids.render(plan_vert, "a4")


@pytest.fixture(scope="module")
def plan_vert_forms(plan_vert) -> bytes:
    return forms.render_forms(plan_vert, "a4")


@pytest.fixture(scope="module")
def main_table(plan_vert):
    """The 18 × 6 inch main table mat: the map, its size in mm (long side first), the mat's
    tiles as the geometry cuts them, and the PDF."""
    game_map = next(m for m in plan_vert.maps if m.id == "main-table")
    assert game_map.size is not None
    w = game_map.size.width * MM_PER[game_map.size.unit]
    h = game_map.size.height * MM_PER[game_map.size.unit]
    w, h = max(w, h), min(w, h)
    _, parts = tiles(w, h, "a4", overlap=forms.OVERLAP)
    return game_map, (w, h), parts, forms.render_mat(plan_vert, game_map, "a4")


def trim_block(sheet: Sheet) -> Rect:
    b = sheet.block()
    return Rect(b.x + sheet.bleed, b.y + sheet.bleed, b.w - 2 * sheet.bleed, b.h - 2 * sheet.bleed)


def text_regions(layout: Layout, trim: Rect) -> list[Rect]:
    """Where a face's text regions sit on the page, for the face at ``trim``."""
    return [
        Rect(trim.x + r.x, trim.y + layout.height - r.y - r.h, r.w, r.h)
        for r in layout.front.regions
        if r.show
    ]


def bleed_strips(sheet: Sheet, i: int, used: int) -> list[Rect]:
    """The bands of a card's bleed outside its trim, a pixel in from their edges."""
    t, b = sheet.trim(i), sheet.bleed_box(i, used)
    bands = [
        Rect(b.x, t.y, t.x - b.x, t.h),
        Rect(t.x1, t.y, b.x1 - t.x1, t.h),
        Rect(t.x, b.y, t.w, t.y - b.y),
        Rect(t.x, t.y1, t.w, b.y1 - t.y1),
    ]
    return [Rect(r.x + 0.3, r.y + 0.3, r.w - 0.6, r.h - 0.6) for r in bands if min(r.w, r.h) > 1]


def marks_of(sheet: Sheet, used: int, flip: str | None, headed: bool = False) -> list[Segment]:
    """The crop marks a fronts page draws when its backs turn on ``flip`` (None: no backs);
    ``headed``: the page has a line at its head (the 100 % note), which they stop short of."""
    return sheet.crop_marks(used=used, head_clear=head_clear(sheet, flip) and not headed)


def sheet_problems(
    shot: Shot,
    sheet: Sheet,
    layout: Layout,
    used: int,
    flip: str | None = None,
    headed: bool = False,
) -> list[str]:
    """Everything a fronts page of cards must show in pixels."""
    slots = [sheet.trim(i) for i in range(sheet.per_page)]
    marks = marks_of(sheet, used, flip, headed)
    texts = [text_regions(layout, slot) for slot in slots[:used]]
    problems = bare(shot, slots[:used], "card", texts)
    # an empty slot is blank but for the bleed its used neighbours reach into it
    b = sheet.bleed
    inner = [Rect(r.x + b, r.y + b, r.w - 2 * b, r.h - 2 * b) for r in slots[used:]]
    problems += printed(shot, inner, "empty slot")
    for i in range(used):  # and every used card's bleed is inked all round
        problems += bare(shot, bleed_strips(sheet, i, used), f"bleed of card {i + 1}")
    problems += undrawn(shot, marks, "crop mark")
    # black ink on a card only inside its text regions: no text runs off, no mark runs in
    for i in range(used):
        regions = [shot.box(r, 1) for r in text_regions(layout, slots[i])]
        if not any(share(shot.dark, box) for box in regions):
            problems.append(f"{shot.name}: card {i + 1} has no black text")
        where = stray(shot, regions, shot.dark, within=shot.box(sheet.bleed_box(i)))
        if where:
            problems.append(f"black ink outside card {i + 1}'s text regions: {where}")
    # the block's bleed keeps clear of black: marks stop CROP_OFFSET short of it
    where = stray(shot, [shot.box(trim_block(sheet), 1)], shot.dark, within=shot.box(sheet.block()))
    if where:
        problems.append(f"black ink in the bleed: {where}")
    # outside the block, ink only on the crop marks and the slug, none in the printer's margin
    slug = slug_box(sheet.margin, sheet.page_w)
    allowed = [shot.box(sheet.block(), 1), shot.box(slug, 1)]
    if headed:
        allowed.append(shot.box(head_box(sheet.margin, sheet.page_w, sheet.page_h), 1))
    allowed += [shot.box(seg_rect(m), 1) for m in marks]
    where = stray(shot, allowed)
    if where:
        problems.append(f"ink off the cards, marks and slug: {where}")
    return problems


def crowded_slug(shot: Shot, sheet: Sheet) -> str | None:
    """Where ink other than the slug is in the room the geometry keeps for it."""
    clear = shot.box(above_slug(sheet.margin, sheet.page_w), -0.01)
    assert clear[3] > clear[1], "the room above the slug is less than a pixel: nothing to look at"
    return stray(shot, [], within=clear)


# --- the checks fail where they should ---------------------------------------------------


def _pdf(draw: Callable[[Canvas], None] | None = None) -> bytes:
    buf = io.BytesIO()
    canv = Canvas(buf, pagesize=(210 * mm, 297 * mm))
    register()
    if draw:
        draw(canv)
    canv.showPage()
    canv.save()
    return buf.getvalue()


def test_the_pixel_checks_catch_what_they_look_for(decks, shoot: Shoot) -> None:
    blank = shoot(_pdf(), 0, "self-test-blank")
    card = Rect(20, 20, 63.5, 88.9)
    mark = Segment(10, 20, 15, 20)
    assert bare(blank, [card], "card")
    assert not printed(blank, [card], "slot")
    assert undrawn(blank, [mark], "crop mark")
    assert off_colour(blank, [card], [rgb("#d9d2c0")])
    assert stray(blank, []) is None

    def spoilt(canv: Canvas) -> None:
        canv.setFillColorRGB(0, 0, 0)
        canv.rect(2 * mm, 150 * mm, 1 * mm, 1 * mm, stroke=0, fill=1)  # in the printer's margin
        canv.rect(20 * mm, 20 * mm, 63.5 * mm, 88.9 * mm, stroke=0, fill=1)
        canv.setLineWidth(0.25)
        canv.line(10 * mm, 20 * mm, 15 * mm, 20 * mm)
        canv.line(100 * mm, 7.6 * mm, 101 * mm, 7.6 * mm)  # in the room kept for the slug
        canv.setFillColorRGB(0.87, 0.87, 0.87)
        canv.setFont(SANS, 9)
        canv.drawString(120 * mm, 200 * mm, "faint words")

    _, layout = decks["carte-medaglia"]
    sheet = cards.plan_sheet(layout, "fronts", "a4", "self-test")
    problems = sheet_problems(blank, sheet, layout, sheet.per_page)
    for what in ("bare paper", "has no black text", "crop mark"):
        assert sum(what in p for p in problems) >= sheet.per_page, what
    assert crowded_slug(blank, sheet) is None
    page = shoot(_pdf(spoilt), 0, "self-test-spoilt")
    assert crowded_slug(page, sheet) is not None
    assert not bare(page, [card], "card") and printed(page, [card], "slot")
    assert not undrawn(page, [mark], "crop mark")
    inside = [page.box(printable(page), 1)]
    assert stray(page, inside) is not None and "x 2.0–3.2 mm" in str(stray(page, inside))
    assert len(faint_text(page)) == len("faintwords")
    assert faint_text(page, within=[card]) == []
    assert contrast((0, 0, 0), WHITE) == pytest.approx(21)


# --- card sheets -------------------------------------------------------------------------


def _first_fronts(card_kit, decks, shoot: Shoot, deck_id: str, paper: str):
    """The deck's first page of fronts (after the registration sheet), rendered."""
    deck, layout = decks[deck_id]
    sheet = cards.plan_sheet(layout, "duplex-long", paper, deck_id)
    name = f"{deck_id}-{paper}-duplex-long-fronts"
    data = card_kit[f"cards-{deck_id}-{paper}-duplex-long.pdf"]
    shot = shoot(data, 2, name)
    used = min(sheet.per_page, sum(card.copies for card in deck.cards))
    return layout, sheet, shot, used, _headed(data, 2)


def _headed(data: bytes, page: int) -> bool:
    """Whether the page's 100 % note is a line of its own at the head (the slug, which
    lists the positions, had no room for it), not part of the slug."""
    lines = (PdfReader(io.BytesIO(data)).pages[page].extract_text() or "").splitlines()
    return any("100 %" in line and "—" not in line for line in lines)


@pytest.mark.parametrize(
    ("deck_id", "paper"),
    [("carte-medaglia", "a4"), ("carte-medaglia", "letter"), ("tessere-personaggio", "a4")],
)
def test_card_fronts_fill_their_cards_with_marks_and_slug_only_outside(
    card_kit, decks, shoot: Shoot, deck_id: str, paper: str
) -> None:
    layout, sheet, shot, used, headed = _first_fronts(card_kit, decks, shoot, deck_id, paper)
    assert headed == ((deck_id, paper) == ("carte-medaglia", "a4"))  # nine names: no room
    assert sheet_problems(shot, sheet, layout, used, "long", headed) == []
    assert crowded_slug(shot, sheet) is None
    # nothing at all in the printer's margin but the crop marks and the slug's descenders
    allowed = [shot.box(printable(shot), 1), shot.box(slug_box(sheet.margin, sheet.page_w), 1)]
    allowed += [shot.box(seg_rect(m), 1) for m in marks_of(sheet, used, "long", headed)]
    assert stray(shot, allowed) is None


@pytest.mark.parametrize(
    ("deck_id", "paper"),
    [
        ("carte-medaglia", "a4"),
        ("carte-medaglia", "letter"),
        ("tessere-personaggio", "a4"),
    ],
)
def test_every_word_on_a_card_stands_out_from_what_it_is_printed_on(
    card_kit, decks, shoot: Shoot, deck_id: str, paper: str
) -> None:
    _, sheet, shot, used, _ = _first_fronts(card_kit, decks, shoot, deck_id, paper)
    assert faint_text(shot, within=[sheet.trim(i) for i in range(used)]) == []


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_land_behind_their_fronts_on_a_part_filled_sheet(
    liberation, decks, shoot: Shoot, flip: str
) -> None:
    deck, layout = decks["carte-medaglia"]
    variant = f"duplex-{flip}"
    sheet = cards.plan_sheet(layout, variant, "a4", deck.id)
    n = sheet.cols + 1  # a full row and one more: no flip maps this pattern onto itself
    items = cards.face_items(liberation, deck, layout)[:n]
    data = cards.render_sheets(items, layout, variant, "a4", "Liberation", deck.id)
    front = shoot(data, 2, f"carte-medaglia-a4-{variant}-{n}-fronts")
    back = shoot(data, 3, f"carte-medaglia-a4-{variant}-{n}-backs")
    dx, dy = layout.sheet.back_offset
    slots = [sheet.trim(i) for i in range(sheet.per_page)]
    moved = [Rect(s.x + dx, s.y + dy, s.w, s.h) for s in slots]

    def has(shot: Shot, rects: list[Rect]) -> list[bool]:
        b = sheet.bleed  # a used neighbour's bleed reaches this far into an empty slot
        inner = [Rect(r.x + b, r.y + b, r.w - 2 * b, r.h - 2 * b) for r in rects]
        parts = [share(shot.ink, shot.box(r, -1)) for r in inner]
        assert all(p in (0, 1) for p in parts), (shot.name, parts)  # a face whole, or nothing
        return [p == 1 for p in parts]

    def mirror(i: int) -> int:
        m = sheet.mirrored(slots[i], flip)
        return next(
            j for j, s in enumerate(slots) if abs(s.x - m.x) < 0.01 and abs(s.y - m.y) < 0.01
        )

    on_front, on_back = has(front, slots), has(back, moved)
    assert on_front == [i < n for i in range(sheet.per_page)]
    assert on_back == [on_front[mirror(i)] for i in range(sheet.per_page)]
    assert on_back != on_front
    # the back design, upright, and the marks mirrored with the cards
    backs = [r for r, here in zip(moved, on_back, strict=True) if here]
    assert off_colour(back, backs, [rgb(layout.back.background)] * len(backs)) == []
    assert off_colour(front, slots[:n], [rgb(layout.front.background)] * n) == []
    marks = []
    for m in marks_of(sheet, n, flip):
        if flip == "long":
            m = Segment(sheet.page_w - m.x0, m.y0, sheet.page_w - m.x1, m.y1)
        else:
            m = Segment(m.x0, sheet.page_h - m.y0, m.x1, sheet.page_h - m.y1)
        marks.append(Segment(m.x0 + dx, m.y0 + dy, m.x1 + dx, m.y1 + dy))
    assert undrawn(back, marks, "back crop mark") == []
    bleeds = [sheet.mirrored(sheet.bleed_box(i, n), flip) for i in range(n)]
    allowed = [back.box(Rect(r.x + dx, r.y + dy, r.w, r.h), 1) for r in bleeds]
    allowed += [back.box(seg_rect(m), 1) for m in marks]
    allowed.append(back.box(slug_box(sheet.margin, sheet.page_w), 1))
    assert stray(back, allowed) is None


def test_the_registration_sheet_has_crosshairs_behind_each_other(
    card_kit, decks, shoot: Shoot
) -> None:
    _, layout = decks["carte-medaglia"]
    sheet = cards.plan_sheet(layout, "duplex-long", "a4", "carte-medaglia")
    data = card_kit["cards-carte-medaglia-a4-duplex-long.pdf"]
    dx, dy = layout.sheet.back_offset
    for index, side in enumerate(("front", "back")):
        shot = shoot(data, index, f"carte-medaglia-a4-registration-{side}")
        centres = []
        for i in range(sheet.per_page):
            t = sheet.trim(i)
            cx, cy = t.x + t.w / 2, t.y + t.h / 2
            if side == "back":
                cx, cy = sheet.page_w - cx + dx, cy + dy
            centres.append((cx, cy))
        arm = 14 if side == "front" else 8  # a front arm runs across the back's scales
        arms = [Segment(cx - arm, cy, cx + arm, cy) for cx, cy in centres]
        arms += [Segment(cx, cy - arm, cx, cy + arm) for cx, cy in centres]
        assert undrawn(shot, arms, f"{side} crosshair") == []
        if side == "back":  # the scales: 1 mm ticks below and to the right, 10 mm away
            ticks = [
                tick
                for cx, cy in centres
                for t in range(-5, 6)
                for tick in (
                    Segment(cx + t, cy - 10, cx + t, cy - 10.8),
                    Segment(cx + 10, cy + t, cx + 10.8, cy + t),
                )
            ]
            assert undrawn(shot, ticks, "back scale") == []
        allowed = [shot.box(Rect(cx - 15, cy - 15, 30, 30)) for cx, cy in centres]
        allowed.append(shot.box(slug_box(sheet.margin, sheet.page_w), 1))
        # the instructions at the head: how to print on the front, how to read on the back
        allowed.append(shot.box(head_box(sheet.margin, sheet.page_w, sheet.page_h), 1))
        assert stray(shot, allowed) is None


# --- counter sheets ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def counter_sheet(sea):
    data = sea.counter_sheets[0]
    layout = next(x for x in sea.layouts if x.id == data.layout)
    sheet = cards.plan_sheet(layout, "counters", "a4", data.id)
    items = counters.counter_items(sea, data, layout)
    return data, layout, sheet, items


@pytest.mark.parametrize("flip", ["long", "short"])
def test_counters_show_their_colours_where_the_grid_puts_them(
    counter_kit, counter_sheet, shoot: Shoot, flip: str
) -> None:
    data, layout, sheet, items = counter_sheet
    pdf = counter_kit[f"counters-{data.id}-a4-duplex-{flip}.pdf"]
    front = shoot(pdf, 2, f"counters-{data.id}-a4-duplex-{flip}-fronts")
    back = shoot(pdf, 3, f"counters-{data.id}-a4-duplex-{flip}-backs")
    group = items[: sheet.per_page]
    slots = [sheet.trim(i) for i in range(sheet.per_page)]
    face, rear = rgb(layout.front.background), rgb(layout.back.background)
    want_front = [face if i < len(group) else WHITE for i in range(sheet.per_page)]
    assert off_colour(front, slots, want_front) == []
    dx, dy = layout.sheet.back_offset
    behind = [sheet.mirrored(s, flip) for s in slots]
    behind = [Rect(r.x + dx, r.y + dy, r.w, r.h) for r in behind]
    want_back = [
        rear if i < len(group) and group[i].back is not None else WHITE
        for i in range(sheet.per_page)
    ]
    assert off_colour(back, behind, want_back) == []
    assert any(c == WHITE for c in want_front)  # a part-filled sheet: empty slots to look at
    # every counter's words in black, and readable on its colour
    wordless = [i + 1 for i in range(len(group)) if not share(front.dark, front.box(slots[i], -1))]
    assert wordless == []
    assert faint_text(front, within=slots[: len(group)]) == []
    assert faint_text(back, within=behind[: len(group)]) == []
    # the cutting grid unbroken along every cut line of the rows and columns in use
    b = sheet.block()
    xs, ys = sheet.cut_xs(len(group)), sheet.cut_ys(len(group))
    cuts = [Segment(x, ys[0], x, b.y1) for x in xs]
    cuts += [Segment(b.x, y, xs[-1], y) for y in ys]
    # and none below the rows in use and their bleed, but the crop marks under them:
    # empty rows of grid are ink and cuts for nothing
    below = Rect(b.x, b.y, b.w, ys[0] - sheet.bleed - b.y - 1)
    foot_marks = [front.box(seg_rect(m), 1) for m in marks_of(sheet, len(group), flip)]
    assert stray(front, foot_marks, within=front.box(below, -1)) is None
    assert any(share(front.ink, box) for box in foot_marks)
    gaps = []
    for cut in cuts:
        crop = front.ink.crop(front.box(seg_rect(cut), 1))
        vertical = cut.x0 == cut.x1
        length = crop.height if vertical else crop.width
        for k in range(1, length - 1):
            line = (0, k, crop.width, k + 1) if vertical else (k, 0, k + 1, crop.height)
            if crop.crop(line).getbbox() is None:
                gaps.append((cut, k))
                break
    assert gaps == []


@pytest.mark.parametrize(
    "side",
    [
        "fronts",
        "backs",
    ],
)
def test_a_counter_sheet_prints_nothing_in_the_printer_margin_but_its_slug(
    counter_kit, counter_sheet, shoot: Shoot, side: str
) -> None:
    """... and its side crop marks, which run into it as a card sheet's do."""
    data, _, sheet, items = counter_sheet
    index = 2 if side == "fronts" else 3
    name = f"counters-{data.id}-a4-duplex-long-{side}"
    shot = shoot(counter_kit[f"counters-{data.id}-a4-duplex-long.pdf"], index, name)
    allowed = [shot.box(printable(shot), 1), shot.box(slug_box(sheet.margin, sheet.page_w), 1)]
    marks = marks_of(sheet, min(len(items), sheet.per_page), "long")
    if side == "backs":
        marks = [mirrored_mark(sheet, m, "long") for m in marks]
    allowed += [shot.box(seg_rect(m), 1) for m in marks]
    assert stray(shot, allowed) is None


def mirrored_mark(sheet: Sheet, m: Segment, flip: str) -> Segment:
    if sheet.mirrors_left_to_right(flip):
        return Segment(sheet.page_w - m.x0, m.y0, sheet.page_w - m.x1, m.y1)
    return Segment(m.x0, sheet.page_h - m.y0, m.x1, sheet.page_h - m.y1)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_bled_counters_show_their_colour_past_every_cut_with_paper_beside_it(
    sea, counter_sheet, shoot: Shoot, flip: str
) -> None:
    """The markers sheet at the default bleed, as cards bleed: a cut a hair off the
    block's outer lines, or off a line beside an empty slot, still cuts through colour;
    crop marks continue the cut lines outside it, on both sides of the paper."""
    data, layout, _, items = counter_sheet
    layout = replace(layout, bleed=DEFAULT_BLEED)
    sheet = cards.plan_sheet(layout, "counters", "a4", data.id)
    pdf = counters.render(sea, data, layout, "a4", flip)
    front = shoot(pdf, 2, f"counters-{data.id}-a4-bled-duplex-{flip}-fronts")
    back = shoot(pdf, 3, f"counters-{data.id}-a4-bled-duplex-{flip}-backs")
    used = min(len(items), sheet.per_page)
    slots = [sheet.trim(i) for i in range(sheet.per_page)]
    b = sheet.bleed
    assert used < sheet.per_page and b == 3.0
    problems = bare(front, slots[:used], "counter")
    for i in range(used):
        problems += bare(front, bleed_strips(sheet, i, used), f"bleed of counter {i + 1}")
    inner = [Rect(r.x + b, r.y + b, r.w - 2 * b, r.h - 2 * b) for r in slots[used:]]
    problems += printed(front, inner, "empty slot")
    marks = marks_of(sheet, used, flip)
    problems += undrawn(front, marks, "crop mark")
    # no black in the bleed: the marks stop short of it, the grid is grey
    block = sheet.block()
    where = stray(front, [front.box(trim_block(sheet), 1)], front.dark, front.box(block))
    if where:
        problems.append(f"black ink in the bleed: {where}")
    # beyond the bleed: the grid's labels above and left of it, the marks and the slug
    room = GRID_LABEL_ROOM
    allowed = [
        front.box(block, 1),
        front.box(Rect(block.x - room, block.y, room, block.h), 1),
        front.box(Rect(block.x, block.y1, block.w, room), 1),
        front.box(slug_box(sheet.margin, sheet.page_w), 1),
    ]
    allowed += [front.box(seg_rect(m), 1) for m in marks]
    where = stray(front, allowed)
    if where:
        problems.append(f"ink off the counters, labels, marks and slug: {where}")
    # each back, bled as its front is, where the front lands once the paper is turned
    for i in range(used):
        if items[i].back is None:
            continue
        strips = [sheet.mirrored(r, flip) for r in bleed_strips(sheet, i, used)]
        problems += bare(back, [sheet.mirrored(slots[i], flip), *strips], f"back {i + 1}")
    back_marks = [mirrored_mark(sheet, m, flip) for m in marks]
    problems += undrawn(back, back_marks, "back crop mark")
    bleeds = [sheet.mirrored(sheet.bleed_box(i, used), flip) for i in range(used)]
    allowed = [back.box(r, 1) for r in bleeds] + [back.box(seg_rect(m), 1) for m in back_marks]
    allowed.append(back.box(slug_box(sheet.margin, sheet.page_w), 1))
    where = stray(back, allowed)
    if where:
        problems.append(f"ink off the backs, marks and slug: {where}")
    assert problems == []
    assert crowded_slug(front, sheet) is None and crowded_slug(back, sheet) is None


@pytest.mark.parametrize(
    ("kind", "flip", "side"),
    [
        ("cards", "long", "fronts"),
        ("cards", "long", "backs"),
        ("cards", "short", "fronts"),
        ("cards", "short", "backs"),
        ("counters", "long", "fronts"),
        ("counters", "long", "backs"),
        ("counters", "short", "fronts"),
        ("counters", "short", "backs"),
    ],
)
def test_nothing_but_the_slug_in_the_room_kept_for_it(
    card_kit, decks, counter_kit, counter_sheet, shoot: Shoot, kind: str, flip: str, side: str
) -> None:
    index = 2 if side == "fronts" else 3
    if kind == "cards":
        _, layout = decks["carte-medaglia"]
        sheet = cards.plan_sheet(layout, f"duplex-{flip}", "a4", "carte-medaglia")
        pdf = card_kit[f"cards-carte-medaglia-a4-duplex-{flip}.pdf"]
        name = f"carte-medaglia-a4-duplex-{flip}-{side}"
    else:
        data, _, sheet, _ = counter_sheet
        pdf = counter_kit[f"counters-{data.id}-a4-duplex-{flip}.pdf"]
        name = f"counters-{data.id}-a4-duplex-{flip}-{side}"
    assert crowded_slug(shoot(pdf, index, name), sheet) is None


# --- player aids, forms and mats ---------------------------------------------------------


def test_a_player_aid_page_prints_readable_text_inside_the_printable_area(
    plan_vert_aids, shoot: Shoot
) -> None:
    shot = shoot(plan_vert_aids, 0, "plan-vert-aids-a4")
    assert shot.chars and faint_text(shot) == []
    assert stray(shot, [shot.box(printable(shot), 1)]) is None
    # the page is used: ink from margin to margin, down to the footer below the frame
    found = shot.ink.getbbox()
    assert found is not None
    margin = aids.MARGIN / mm
    assert found[0] == pytest.approx(margin * PX, abs=2)  # the footer starts at the margin
    assert found[2] >= (shot.w - margin) * PX - 2  # the tables reach the right margin
    assert shot.h - found[3] / PX < margin  # the footer prints in the foot margin


def test_a_player_aid_page_keeps_its_margins_on_both_sides(plan_vert_aids, shoot: Shoot) -> None:
    shot = shoot(plan_vert_aids, 0, "plan-vert-aids-a4")
    margin = aids.MARGIN / mm
    inside = Rect(margin, 0, shot.w - 2 * margin, shot.h)
    assert stray(shot, [shot.box(inside, 1)]) is None


def _write_in_rows(shot: Shot) -> list[int]:
    """Heights in pixels of the rows a pencil meets going down the form's last (blank)
    column: the runs of white or shaded paper between its grid lines."""
    x = math.floor((shot.w - forms.MARGIN - 2) * PX)
    column = [shot.image.getpixel((x, y)) for y in range(shot.image.height)]
    runs: list[list] = []
    for y, p in enumerate(column):
        if runs and runs[-1][0] == p:
            runs[-1][2] += 1
        else:
            runs.append([p, y, 1])
    paper = {WHITE, rgb("#ececec")}  # the rows' two backgrounds (styles.SHADE)
    last = shot.image.height
    return [n for p, y, n in runs if p in paper and y > 0 and y + n < last and n > 2]


@pytest.mark.parametrize(
    ("game_id", "paper"), [("plan-vert", "a4"), ("war-story-occupied-france", "letter")]
)
def test_a_form_page_has_a_blank_write_in_row_per_source_row(
    plan_vert_forms, shoot: Shoot, game_id: str, paper: str
) -> None:
    game = living_game(game_id)
    data = plan_vert_forms if game_id == "plan-vert" else forms.render_forms(game, paper)
    shot = shoot(data, 0, f"{game_id}-form-{paper}")
    assert shot.chars and faint_text(shot) == []
    assert stray(shot, [shot.box(printable(shot), 1)]) is None
    inside = Rect(forms.MARGIN, 0, shot.w - 2 * forms.MARGIN, shot.h)
    assert stray(shot, [shot.box(inside, 1)]) is None  # the form keeps its own margins
    found = shot.ink.getbbox()
    assert found is not None
    # from margin to margin: the edge pixel and the one a line on the edge spills into
    assert found[0] == pytest.approx(forms.MARGIN * PX, abs=2)
    assert found[2] == pytest.approx((shot.w - forms.MARGIN) * PX, abs=2)
    table = game.table(game.forms[0][0])
    assert len(_write_in_rows(shot)) == len(table.rows)


def test_a_form_page_gives_each_row_room_to_write_in(plan_vert_forms, shoot: Shoot) -> None:
    shot = shoot(plan_vert_forms, 0, "plan-vert-form-a4")
    rows = _write_in_rows(shot)
    assert rows
    assert min(rows) >= forms.ROW * PX - 2, [round(n / PX, 1) for n in rows]


def test_the_mat_tiles_at_full_size_with_matching_glue_strips(main_table, shoot: Shoot) -> None:
    _, (w, h), parts, data = main_table
    shots = [shoot(data, n, f"plan-vert-mat-main-table-a4-{n + 1}") for n in range(len(parts))]
    assert len(parts) == 2
    half = forms.OVERLAP / 2
    for shot, (part, place) in zip(shots, parts, strict=True):
        assert stray(shot, [shot.box(printable(shot), 1)]) is None
        page = Rect(0, 0, shot.w, shot.h)
        assert shot.chars and faint_text(shot, within=[page]) == []
        # the mat's outline where 100 % puts it: its top and bottom edges, h mm apart
        edges = [Segment(place.x, place.y, place.x1, place.y)]
        edges.append(Segment(place.x, place.y1, place.x1, place.y1))
        if part.x == 0:
            edges.append(Segment(place.x, place.y, place.x, place.y1))
        if part.x1 >= w - 1e-6:
            edges.append(Segment(place.x1, place.y, place.x1, place.y1))
        assert undrawn(shot, edges, "mat edge") == []
        # an alignment cross in each overlap strip this tile shares, at 20, 50 and 80 %
        xs = ([place.x + half] if part.x > 0 else []) + (
            [place.x1 - half] if part.x1 < w - 1e-6 else []
        )
        assert xs
        arms = [
            Segment(x - 3, place.y + f * place.h, x + 3, place.y + f * place.h)
            for x in xs
            for f in (0.2, 0.5, 0.8)
        ]
        assert undrawn(shot, arms, "alignment cross") == []
    # the strip at the right of tile 1 is the strip at the left of tile 2, crosses and all
    (_, left_place), (_, right_place) = parts
    a = shots[0].dark.crop(
        shots[0].box(Rect(left_place.x1 - forms.OVERLAP, left_place.y, forms.OVERLAP, h))
    )
    b = shots[1].dark.crop(shots[1].box(Rect(right_place.x, right_place.y, forms.OVERLAP, h)))
    assert a.size == b.size
    assert a.getbbox() is not None
    loose = ImageFilter.MaxFilter(3)  # one pixel of antialiasing either way
    assert ImageChops.subtract(a, b.filter(loose)).getbbox() is None
    assert ImageChops.subtract(b, a.filter(loose)).getbbox() is None


def test_every_word_on_a_mat_tile_shows_on_it(main_table, shoot: Shoot) -> None:
    _, _, parts, data = main_table
    for n in range(len(parts)):
        assert faint_text(shoot(data, n, f"plan-vert-mat-main-table-a4-{n + 1}")) == []


@pytest.mark.parametrize("flip", ["long", "short"])
def test_what_the_back_scales_read_is_what_to_add_to_back_offset(decks, flip: str) -> None:
    """Found by the kit review: the scales were on the front, unnumbered, and the page said
    only "read any shift": a reader on either side entered a 1 mm shift's opposite on one
    axis or both and doubled it. The scales now move with the back: with back_offset
    set to (1, 0.5) on a printer that needs none, the front cross (seen from the back,
    where the page says to look) must read (-1, -0.5) on them, + to the right and up, so
    that adding the reading gives 0."""
    from compiler.backends.pdf.imposition import registration_pages
    from compiler.backends.pdf.sheet_geometry import Rect

    _, layout = decks["carte-medaglia"]
    sheet = cards.plan_sheet(layout, f"duplex-{flip}", "a4", "carte-medaglia")
    offset = (1.0, 0.5)
    buf = io.BytesIO()
    canv = Canvas(buf, pagesize=(sheet.page_w * mm, sheet.page_h * mm))
    register()
    registration_pages(canv, sheet, flip, offset, "T")
    canv.save()
    t = sheet.trim(0)
    seen = sheet.mirrored(Rect(t.x + t.w / 2, t.y + t.h / 2, 0, 0), flip)  # the front cross
    with pdfplumber.open(io.BytesIO(buf.getvalue())) as pdf:
        back = pdf.pages[1]
        height = float(back.height)
        near = [
            line
            for line in back.lines
            if abs(line["x0"] / PT_PER_MM - seen.x) < 13
            and abs((height - line["top"]) / PT_PER_MM - seen.y) < 13
        ]
        words = back.extract_words()
    # the long ticks (1.5 mm) at -5, 0 and +5 of each scale
    long_x = sorted(
        line["x0"] / PT_PER_MM
        for line in near
        if abs(line["x0"] - line["x1"]) < 0.01 and abs(line["height"] / PT_PER_MM - 1.5) < 0.05
    )
    long_y = sorted(
        (height - line["top"]) / PT_PER_MM
        for line in near
        if abs(line["top"] - line["bottom"]) < 0.01 and abs(line["width"] / PT_PER_MM - 1.5) < 0.05
    )
    assert len(long_x) == 3 and len(long_y) == 3
    reading = (seen.x - long_x[1], seen.y - long_y[1])
    assert reading == pytest.approx((-offset[0], -offset[1]), abs=0.01)

    # the numbers: "-5" and "+5" under the x scale, left to right; beside the y scale,
    # "+5" above "-5"
    def mm_at(w: dict) -> tuple[float, float]:
        return (w["x0"] + w["x1"]) / 2 / PT_PER_MM, (height - w["bottom"]) / PT_PER_MM

    below = [w for w in words if abs(mm_at(w)[0] - seen.x) < 9 and -16 < mm_at(w)[1] - seen.y < -11]
    beside = [w for w in words if 11 < mm_at(w)[0] - seen.x < 16 and abs(mm_at(w)[1] - seen.y) < 9]
    x_labels = [w["text"] for w in sorted(below, key=lambda w: w["x0"])]
    y_labels = [w["text"] for w in sorted(beside, key=lambda w: w["top"])]
    assert x_labels[:2] == ["−5", "+5"] and y_labels[:1] == ["+5"] and y_labels[-1] == "−5"
    text = " ".join(w["text"] for w in words)
    assert "add them to sheet.back_offset" in text
