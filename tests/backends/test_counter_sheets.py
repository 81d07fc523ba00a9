"""Counter sheets read back: ⅝″ counters on a cutting grid, each back behind its front."""

from __future__ import annotations

import io
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from compiler.backends import cards, counters
from compiler.backends.pdf.fonts import SANS, register
from compiler.backends.pdf.imposition import CUT_LINE, SLUG_SIZE, fit_line
from compiler.backends.pdf.sheet_geometry import (
    CROP_LENGTH,
    CROP_OFFSET,
    SLUG_HEIGHT,
    Rect,
    Segment,
    Sheet,
    plan,
)
from compiler.load.yaml_nodes import load_text
from compiler.model import from_kit
from compiler.model.from_kit import DEFAULT_BLEED, kit_findings
from tests.conftest import living_game
from tests.pdftools import PT_PER_MM, filled_rects, fonts

PT = PT_PER_MM
FRONT = (0xD9 / 255, 0xD2 / 255, 0xC0 / 255)
BACK = (0xB9 / 255, 0xB0 / 255, 0x9A / 255)
GREY = (CUT_LINE.red, CUT_LINE.green, CUT_LINE.blue)  # the cutting grid's hairlines


@pytest.fixture(scope="module")
def sea():
    return living_game("set-europe-ablaze")


def _lines(page) -> tuple[list[Segment], list[Segment]]:
    """The cutting grid's lines and the crop marks (registration colour), in mm from
    the page's lower left."""
    height = float(page.height)
    grid, marks = [], []
    for ln in page.lines:
        x0, y0 = ln["pts"][0]
        x1, y1 = ln["pts"][-1]
        seg = Segment(x0 / PT, (height - y0) / PT, x1 / PT, (height - y1) / PT)
        colour = ln.get("stroking_color")
        is_grid = isinstance(colour, tuple | list) and len(colour) == 3
        if is_grid:
            assert all(abs(a - b) < 0.01 for a, b in zip(colour, GREY, strict=True))
        (grid if is_grid else marks).append(seg)
    return grid, marks


def _boxes(page, colour) -> list[tuple[float, float]]:
    """Lower-left corners (mm) of the rectangles filled with one colour."""
    return sorted((x, y) for x, y, _, _ in filled_rects(page, colour))


def _design(sea, sheet_data):
    """The layout the game's counter sheet is printed with."""
    return next(x for x in sea.layouts if x.id == sheet_data.layout)


def test_each_back_lands_behind_its_front(sea) -> None:
    sheet_data = sea.counter_sheets[0]
    # unbled, so each painted rectangle is the counter's trim (the bleed has tests below)
    layout = replace(_design(sea, sheet_data), bleed=0.0)
    data = counters.render(sea, sheet_data, layout, "a4", "long")
    sheet = plan(cards.request(layout, "counters"), "a4")  # room for the grid's labels
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        fronts = _boxes(pdf.pages[2], FRONT)
        backs = _boxes(pdf.pages[3], BACK)
        text = " ".join((pdf.pages[2].extract_text() or "").split())
    count = sum(e.count or 1 for e in sheet_data.counters)
    assert len(fronts) == len(backs) == count
    assert sheet.page_h > sheet.page_w  # portrait: a long-edge flip mirrors left to right
    behind = [sheet.mirrored(sheet.trim(i), "long") for i in range(count)]
    expected = sorted((round(m.x, 2), round(m.y, 2)) for m in behind)
    assert all(m.y == sheet.trim(i).y for i, m in enumerate(behind))
    for (bx, by), (ex, ey) in zip(backs, expected, strict=True):
        assert bx == pytest.approx(ex, abs=0.02) and by == pytest.approx(ey, abs=0.02)
    assert layout.width == pytest.approx(15.875)  # ⅝″
    for word in ("Maquis SP", "Security", "SOE HQ", "Jed"):
        assert word in text


def test_counter_sheets_print_at_full_size_with_embedded_fonts(sea) -> None:
    outs = {Path(o.path).name: o.data for o in counters.build(sea, counters.Options())}
    assert sorted(outs) == [
        f"counters-markers-{paper}-duplex-{flip}.pdf"
        for paper in ("a4", "letter")
        for flip in ("long", "short")
    ]
    reader = PdfReader(io.BytesIO(outs["counters-markers-letter-duplex-short.pdf"]))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipShortEdge"
    assert all(fonts(reader).values())
    # the counts the source does not give are said in the manifest the file ends with, and
    # the document information names it (it once held the whole manifest: 2,500 characters)
    manifest = " ".join((reader.pages[-2].extract_text() or "").split())
    assert "counter manifest" in manifest and "is not in the source" in manifest
    info = reader.metadata
    assert "counter manifest" in info.subject and len(info.subject) < 200
    assert info.author == "Against the Odds Magazine" and info.creator == "Casebook"
    assert reader.trailer["/Root"]["/Lang"] == "en"


def test_a_counter_sheet_says_print_at_100_and_the_counter_size(sea) -> None:
    """A counter sheet said "100 %" only in its metadata, which many viewers ignore: its
    slug gives the size to check a print by with a ruler, as a card sheet's does."""
    outs = {Path(o.path).name: o.data for o in counters.build(sea, counters.Options())}
    for paper in ("a4", "letter"):
        data = outs[f"counters-markers-{paper}-duplex-long.pdf"]
        fronts = [
            t
            for t in (p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages)
            if "— fronts —" in t
        ]
        assert fronts
        for text in fronts:
            slug = next(line for line in text.splitlines() if "— fronts —" in line)
            assert "print at 100 %: a counter is 15.875 × 15.875 mm" in slug, paper
            assert "…" not in slug


def _page_text(data: bytes, index: int) -> str:
    return " ".join((PdfReader(io.BytesIO(data)).pages[index].extract_text() or "").split())


def test_every_counter_the_source_names_is_printed_or_said_to_be_left_out(sea) -> None:
    printed = {e.component for s in sea.counter_sheets for e in s.counters}
    left = {x.component for x in sea.counters_left_out}
    named = {c.id for c in sea.components if c.kind in ("counter", "marker")}
    assert named == printed | left and not printed & left
    # the three Heroes, and the expert detachments with their own backs (7.2.3c)
    entries = sea.counter_sheets[0].counters
    assert {e.front for e in entries if e.component == "maquis-hero"} == {
        "Jean Moulin",
        "Charles Delestraint",
        "Passy",
    }
    assert {e.back for e in entries if e.back} >= {"Giskes", "Barbie"}


def test_a_side_the_source_does_not_describe_prints_blank(sea) -> None:
    sheet_data = sea.counter_sheets[0]
    layout = next(x for x in sea.layouts if x.id == sheet_data.layout)
    data = counters.render(sea, sheet_data, layout, "a4", "long")
    count = sum(e.count or 1 for e in sheet_data.counters)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        backs = pdf.pages[3]
        boxes = filled_rects(backs, BACK)
        assert len(boxes) == count  # every counter has a back, blank or not
        words = " ".join((backs.extract_text() or "").split())
    assert "Giskes" in words and "Barbie" in words and "+100" in words
    # the Heroes' backs are not described: no "Maquis Hero" printed on a blank back
    assert "Maquis Hero" not in words and "Game Turn" not in words
    fronts = _page_text(data, 2)
    for name in ("Jean Moulin", "Passy", "Active", "Available", "Direct Interdiction", "VP x10"):
        assert name in fronts


def test_the_manifest_says_every_count_side_order_and_what_is_left_out(sea) -> None:
    sheet_data = sea.counter_sheets[0]
    layout = next(x for x in sea.layouts if x.id == sheet_data.layout)
    data = counters.render(sea, sheet_data, layout, "letter", "short")
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) % 2 == 0  # the manifest has its blank back: duplex stays in step
    manifest = " ".join(
        " ".join((p.extract_text() or "").split())
        for p in reader.pages
        if "counter manifest" in (p.extract_text() or "")
        and "intentionally blank" not in (p.extract_text() or "")
    )
    assert "Why this count" in manifest
    for entry in sheet_data.counters:
        assert entry.count_why is not None
        assert " ".join(entry.count_why.split())[:40] in manifest
    assert "the order printed is ours: MbF, Network" in manifest
    assert "Not printed" in manifest and "Damage Point Marker" in manifest
    # the slug only points at the manifest, and never runs off the page
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            assert all(ch["x0"] >= 0 and ch["x1"] <= page.width for ch in page.chars)


def test_a_counter_neither_printed_nor_left_out_is_an_error(sea) -> None:
    decks = [(d.id, d.layout, d.at) for d in sea.decks]
    args = (sea.layouts, sea.counter_sheets)
    assert kit_findings(*args, sea.counters_left_out, decks, sea.components) == []
    dropped = tuple(x for x in sea.counters_left_out if x.component != "damage-point-marker")
    (finding,) = kit_findings(*args, dropped, decks, sea.components)
    assert finding.code == "MODEL007" and "'Damage Point Marker'" in finding.message
    assert "not_printed" in (finding.suggestion or "")
    assert finding.location.path.endswith("counters.yaml")
    unknown = (*sea.counters_left_out, replace(sea.counters_left_out[0], component="nope"))
    (finding,) = kit_findings(*args, unknown, decks, sea.components)
    assert "'nope'" in finding.message
    # found by the hunt: the manifest listed a printed counter under "Not printed" too
    both = (
        *sea.counters_left_out,
        replace(sea.counters_left_out[0], component="maquis-strength-marker"),
    )
    (finding,) = kit_findings(*args, both, decks, sea.components)
    assert "not_printed lists 'maquis-strength-marker', which a counter sheet prints" in (
        finding.message
    )


def test_a_slug_longer_than_the_page_ends_in_an_ellipsis() -> None:
    register()
    text = "word " * 400
    line = fit_line(text, 300)
    assert line.endswith(" …") and stringWidth(line, SANS, SLUG_SIZE) <= 300
    assert fit_line("short", 300) == "short"


@pytest.mark.parametrize(
    ("size", "width", "height"),
    [("counter-1/2in", 12.7, 12.7), ("counter-3/4in", 19.05, 19.05), ("custom", 25.0, 15.0)],
)
def test_counters_of_every_size_print_at_that_size_behind_each_other(
    sea, size: str, width: float, height: float
) -> None:
    from compiler.model.layouts import SIZES

    w, h = SIZES.get(size, (width, height))
    assert (w, h) == (width, height)
    sheet_data = sea.counter_sheets[0]
    base = replace(_design(sea, sheet_data), bleed=0.0)  # painted rectangles are trims
    # the ⅝″ design's regions, scaled to the size: what a publisher's layout would say
    sx, sy = w / base.width, h / base.height

    def scaled(face):
        regions = tuple(
            replace(r, x=r.x * sx, y=r.y * sy, w=r.w * sx, h=r.h * sy, min_size=3)
            for r in face.regions
        )
        return replace(face, regions=regions)

    layout = replace(base, width=w, height=h, front=scaled(base.front), back=scaled(base.back))
    data = counters.render(sea, sheet_data, layout, "a4", "long")
    sheet = plan(cards.request(layout, "counters"), "a4")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        fronts = filled_rects(pdf.pages[2], FRONT)
        backs = filled_rects(pdf.pages[3], BACK)
    count = min(sum(e.count or 1 for e in sheet_data.counters), sheet.per_page)
    assert len(fronts) == len(backs) == count
    for _, _, fw, fh in fronts + backs:
        assert fw == pytest.approx(w, abs=0.02) and fh == pytest.approx(h, abs=0.02)
    behind = [sheet.mirrored(sheet.trim(i), "long") for i in range(count)]
    mirrored = sorted((round(m.x, 2), round(m.y, 2)) for m in behind)
    got = sorted((round(x, 2), round(y, 2)) for x, y, _, _ in backs)
    for (gx, gy), (ex, ey) in zip(got, mirrored, strict=True):
        assert gx == pytest.approx(ex, abs=0.02) and gy == pytest.approx(ey, abs=0.02)


@pytest.mark.parametrize("bled", [False, True])
def test_a_part_filled_sheet_rules_only_the_rows_it_fills(sea, bled: bool) -> None:
    sheet_data = sea.counter_sheets[0]
    layout = replace(_design(sea, sheet_data), bleed=DEFAULT_BLEED if bled else 0.0)
    sheet = plan(cards.request(layout, "counters"), "a4")
    count = sum(e.count or 1 for e in sheet_data.counters)
    rows = -(-count // sheet.cols)
    assert rows < sheet.rows, "the sheet is part-filled"
    data = counters.render(sea, sheet_data, layout, "a4", "long")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[2]
        grid, _ = _lines(page)
        left = sheet.block().x * PT  # the row letters stand left of the block, above the slug
        foot = page.height - (sheet.margin + SLUG_HEIGHT) * PT
        labels = {c["text"] for c in page.chars if c["x1"] <= left and c["bottom"] < foot}
    lowest_used = sheet.trim((rows - 1) * sheet.cols).y  # mm from the foot
    bottoms = [min(g.y0, g.y1) for g in grid]
    # the grid stops at the lowest row in use (and its bleed, on a bled sheet)
    assert bottoms and min(bottoms) >= lowest_used - sheet.bleed - 0.05
    letters = {chr(ord("A") + r) for r in range(sheet.rows)}
    assert labels & letters == {chr(ord("A") + r) for r in range(rows)}


def test_registration_crosshairs_on_small_counters_do_not_run_together(sea) -> None:
    """Found by the output review: on ⅝″ counters the 16 mm crosshairs and their
    scales touched their neighbours' and read as one grid, and the last row's
    scales ran into the footer."""
    from compiler.backends.pdf.imposition import REGISTRATION_ROOM, _registration_slots

    layout = next(x for x in sea.layouts if x.id == sea.counter_sheets[0].layout)
    sheet = plan(cards.request(layout, "counters"), "a4")
    centres = [(t.x + t.w / 2, t.y + t.h / 2) for t in map(sheet.trim, _registration_slots(sheet))]
    assert len(centres) >= 12
    xs = sorted({round(x, 3) for x, _ in centres})
    ys = sorted({round(y, 3) for _, y in centres})
    assert min(b - a for a, b in pairwise(xs)) >= REGISTRATION_ROOM
    assert min(b - a for a, b in pairwise(ys)) >= REGISTRATION_ROOM
    assert all(REGISTRATION_ROOM / 2 + sheet.margin < y < sheet.page_h - 20 for y in ys)


# --- bleed: a cut a little off the line shows the counter's colour, never paper ----------


def _bled_render(sea, paper: str, flip: str):
    """The markers sheet with the default bleed: the layout, its plan, the counters on the
    first sheet, and the PDF."""
    sheet_data = sea.counter_sheets[0]
    base = next(x for x in sea.layouts if x.id == sheet_data.layout)
    layout = replace(base, bleed=DEFAULT_BLEED)
    sheet = plan(cards.request(layout, "counters"), paper)
    used = min(sum(e.count or 1 for e in sheet_data.counters), sheet.per_page)
    return layout, sheet, used, counters.render(sea, sheet_data, layout, paper, flip)


def _neighbour(sheet: Sheet, i: int, side: str) -> int | None:
    """The slot beside slot ``i`` on ``side``, or None past the edge of the grid."""
    col, row = i % sheet.cols, i // sheet.cols
    col += {"left": -1, "right": 1}.get(side, 0)
    row += {"top": -1, "bottom": 1}.get(side, 0)
    inside = 0 <= col < sheet.cols and 0 <= row < sheet.rows
    return row * sheet.cols + col if inside else None


def test_a_counter_without_a_bleed_of_its_own_bleeds_as_a_card_does() -> None:
    text = """layouts:
  - id: unit
    size: counter-5/8in
    front: {background: "#d9d2c0"}
  - id: no-bleed
    size: counter-5/8in
    bleed: 0mm
    front: {background: "#d9d2c0"}
  - id: card
    size: poker
    front: {background: "#ffffff"}
"""
    unit, unbled, card = from_kit.layouts(load_text(text, "layouts.yaml"))
    assert unit.bleed == card.bleed == DEFAULT_BLEED == 3.0  # print-and-play.md's usual bleed
    assert unbled.bleed == 0.0  # a layout's own word is kept


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_counters_colour_runs_past_its_cut_line_wherever_no_counter_adjoins(
    sea, paper: str
) -> None:
    _, sheet, used, data = _bled_render(sea, paper, "long")
    assert sheet.butted and sheet.bleed == DEFAULT_BLEED
    assert used < sheet.per_page, "a part-filled sheet: empty slots to bleed into"
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        fills = [Rect(*box) for box in filled_rects(pdf.pages[2], FRONT)]
    assert len(fills) == used
    b = DEFAULT_BLEED
    for i, fill in enumerate(fills):  # top row first, left to right: the slots' order
        t = sheet.trim(i)
        reach = {
            "left": t.x - fill.x,
            "right": fill.x1 - t.x1,
            "bottom": t.y - fill.y,
            "top": fill.y1 - t.y1,
        }
        for side, past in reach.items():
            j = _neighbour(sheet, i, side)
            if j is not None and j < used:
                # a counter on the other side: the two colours meet on the shared cut
                assert past == pytest.approx(0, abs=0.02), (i, side)
            else:
                # the block's edge or an empty slot: the full bleed, no white at a slip
                assert past == pytest.approx(b, abs=0.02), (i, side)
    # and no bleed reaches onto another counter (two may share an empty slot's corner)
    trims = [sheet.trim(i) for i in range(used)]
    assert not any(
        f.overlaps(t, tol=0.02) for i, f in enumerate(fills) for t in trims if t != trims[i]
    )


@pytest.mark.parametrize("flip", ["long", "short"])
def test_crop_marks_and_the_cutting_grid_sit_on_the_cut_lines_not_the_bleed_edge(
    sea, flip: str
) -> None:
    _, sheet, used, data = _bled_render(sea, "a4", flip)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        grid, marks = _lines(pdf.pages[2])
    xs, ys = sheet.cut_xs(used), sheet.cut_ys(used)
    b = sheet.block()  # the trim block grown by the bleed
    verticals = [m for m in marks if abs(m.x0 - m.x1) < 1e-3]
    horizontals = [m for m in marks if abs(m.y0 - m.y1) < 1e-3]
    assert len(verticals) + len(horizontals) == len(marks) == len(sheet.crop_marks(used=used))

    def on(value: float, lines: list[float]) -> bool:
        return any(abs(value - c) < 0.01 for c in lines)

    # one mark at each end of every cut line: on the cut, never on the bleed's edge
    assert sorted({round(m.x0, 2) for m in verticals}) == [round(x, 2) for x in xs]
    assert sorted({round(m.y0, 2) for m in horizontals}) == [round(y, 2) for y in ys]
    assert not on(b.x, [m.x0 for m in verticals]) and not on(b.x1, [m.x0 for m in verticals])
    # Above the block, or under the rows in use (not a page below, at the foot of the
    # empty grid), CROP_OFFSET clear of the bleed and the full CROP_LENGTH there.
    foot = min(ys) - sheet.bleed
    assert foot > b.y + 50  # a part-filled sheet: the rows in use end well above the grid's foot
    heads = [m for m in verticals if min(m.y0, m.y1) >= b.y1 + CROP_OFFSET - 0.01]
    feet = [m for m in verticals if max(m.y0, m.y1) == pytest.approx(foot - CROP_OFFSET, abs=0.01)]
    assert len(heads) == len(feet) == len(xs)
    assert all(abs(m.y1 - m.y0) == pytest.approx(CROP_LENGTH, abs=0.01) for m in feet)
    # the backs turn on the long edge, left to right: the head marks never land on the
    # back's slug, so they run into the margin as the side marks do (they were 2 mm)
    assert all(abs(m.y1 - m.y0) >= (4.0 if flip == "long" else 1.5) for m in heads)
    for m in horizontals:
        assert min(m.x0, m.x1) >= b.x1 + CROP_OFFSET - 0.01 or (
            max(m.x0, m.x1) <= b.x - CROP_OFFSET + 0.01
        )
        assert abs(m.x1 - m.x0) >= 4.0
    # the grid rules every cut line, through the bleed to the edge of the colour
    lowest = min(ys) - sheet.bleed
    assert sorted(round(g.x0, 2) for g in grid if abs(g.x0 - g.x1) < 1e-3) == [
        round(x, 2) for x in xs
    ]
    assert sorted(round(g.y0, 2) for g in grid if abs(g.y0 - g.y1) < 1e-3) == [
        round(y, 2) for y in ys
    ]
    for g in grid:
        if abs(g.x0 - g.x1) < 1e-3:
            assert sorted((g.y0, g.y1)) == pytest.approx([lowest, b.y1], abs=0.01)
        else:
            assert sorted((g.x0, g.x1)) == pytest.approx([b.x, max(xs) + sheet.bleed], abs=0.01)


def _mirror(r: Rect, sheet: Sheet, flip: str) -> Rect:
    """Where ``r`` lands once the paper is turned over on ``flip`` (print-and-play.md:
    a portrait page flipped on its long edge mirrors left to right, on its short edge
    top to bottom)."""
    assert sheet.page_h > sheet.page_w
    if flip == "long":
        return Rect(sheet.page_w - r.x - r.w, r.y, r.w, r.h)
    return Rect(r.x, sheet.page_h - r.y - r.h, r.w, r.h)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_bled_back_and_its_marks_land_behind_their_front(sea, paper: str, flip: str) -> None:
    layout, sheet, used, data = _bled_render(sea, paper, flip)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        fronts = [Rect(*box) for box in filled_rects(pdf.pages[2], FRONT)]
        backs = [Rect(*box) for box in filled_rects(pdf.pages[3], BACK)]
        _, front_marks = _lines(pdf.pages[2])
        back_grid, back_marks = _lines(pdf.pages[3])
    assert len(fronts) == len(backs) == used
    assert layout.sheet.back_offset == (0.0, 0.0)

    def same(got: list[Rect], want: list[Rect]) -> None:
        def order(r: Rect) -> tuple[float, float]:
            return (round(r.y + r.h / 2), round(r.x + r.w / 2))  # centres: mm apart

        assert len(got) == len(want)
        for g, w in zip(sorted(got, key=order), sorted(want, key=order), strict=True):
            assert (g.x, g.y, g.w, g.h) == pytest.approx((w.x, w.y, w.w, w.h), abs=0.02)

    # every back's colour, bleed and all, is its front's turned over: same size, same place
    same([_mirror(r, sheet, flip) for r in backs], fronts)
    for i, front in enumerate(fronts):  # and each front is its own slot's, bleed included
        t = sheet.trim(i)
        assert front.x <= t.x + 0.02 and front.x1 >= t.x1 - 0.02
        assert front.y <= t.y + 0.02 and front.y1 >= t.y1 - 0.02
    # the backs' crop marks are the fronts' turned over: cut from either side
    assert not back_grid  # the grid is for the side you cut from

    def rect(s: Segment) -> Rect:
        return Rect(min(s.x0, s.x1), min(s.y0, s.y1), abs(s.x1 - s.x0), abs(s.y1 - s.y0))

    same([_mirror(rect(m), sheet, flip) for m in back_marks], [rect(m) for m in front_marks])


def test_a_manifest_row_taller_than_a_page_runs_on_and_keeps_every_row(sea) -> None:
    """Found by a probe: one count_why of 10,000 characters made the manifest's table
    unplaceable, and the whole table, every counter's row, was dropped with exit 0."""
    sheet_data = sea.counter_sheets[0]
    layout = next(x for x in sea.layouts if x.id == sheet_data.layout)
    first, *rest = sheet_data.counters
    long = replace(first, count_why="word " * 2000 + "END")
    sheet_data = replace(sheet_data, counters=(long, *rest))
    reader = PdfReader(io.BytesIO(counters.render(sea, sheet_data, layout, "a4", "long")))
    assert len(reader.pages) % 2 == 0
    manifest = " ".join(
        " ".join((p.extract_text() or "").split())
        for p in reader.pages
        if "counter manifest" in (p.extract_text() or "")
    )
    assert manifest.count("word") >= 2000 and "END" in manifest
    for entry in rest:
        assert " ".join((entry.count_why or "").split())[:40] in manifest


def test_rows_past_z_are_named_as_a_spreadsheet_names_columns() -> None:
    """Found by a probe: the 27th row of a cutting grid was named "[", the 33rd "a"."""
    from compiler.backends.pdf.imposition import row_label

    assert [row_label(n) for n in (0, 25, 26, 27, 51, 52, 701, 702)] == [
        "A",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
    ]


def test_a_back_may_be_shifted_left_or_down() -> None:
    """A printer's duplex misregistration goes either way, and FIT002's own help says
    "back_offset: {x: 0.5mm, y: -1mm}"; the schema refused the minus sign."""
    from compiler.validate import schema_findings

    text = """layouts:
  - id: card
    size: poker
    front: {background: "#ffffff"}
    sheet: {back_offset: {x: 0.5mm, y: -1mm}}
"""
    source = load_text(text, "layouts.yaml")
    assert schema_findings("layouts", source) == ()
    (card,) = from_kit.layouts(source)
    assert card.sheet.back_offset == (0.5, -1.0)
    wrong = load_text(text.replace("-1mm", "--1mm"), "layouts.yaml")
    (finding,) = schema_findings("layouts", wrong)
    assert finding.location.line == 5


def test_a_manifest_longer_than_a_page_runs_on_to_the_next(sea) -> None:
    """The manifest's table was placed whole or not at all: a sheet of a hundred kinds
    of counter lost its whole manifest."""
    sheet_data = sea.counter_sheets[0]
    layout = next(x for x in sea.layouts if x.id == sheet_data.layout)
    first = sheet_data.counters[0]
    many = tuple(replace(first, count_why=f"reason number {i}") for i in range(120))
    sheet_data = replace(sheet_data, counters=many)
    reader = PdfReader(io.BytesIO(counters.render(sea, sheet_data, layout, "a4", "long")))
    pages = [" ".join((p.extract_text() or "").split()) for p in reader.pages]
    manifest = [p for p in pages if "counter manifest, page" in p and "blank" not in p]
    assert len(manifest) >= 2
    text = " ".join(manifest)
    assert all(f"reason number {i}" in text for i in range(120))
    assert "Why this count" in manifest[1]  # the header repeated on the next page
    # a heading is never left alone at a page's foot: it is on the page of its first line
    (heading,) = [p for p in pages if "Not printed" in p]
    assert "Damage Point Marker:" in heading


def test_a_counter_layouts_grid_and_orientation_are_used_and_a_gutter_is_said_unused(
    sea,
) -> None:
    """Found by a probe: cols, rows, orientation and gutter on a counter layout were all
    dropped without a word. The grid and orientation are used; a gutter cannot be (the
    counters are butted, one cut between neighbours), and the build says so."""
    sheet_data = sea.counter_sheets[0]
    layout = next(x for x in sea.layouts if x.id == sheet_data.layout)
    assert counters.notes(sea) == [n for n in counters.notes(sea) if "gutter" not in n]
    asked = replace(
        layout, sheet=replace(layout.sheet, cols=4, rows=3, orientation="landscape", gutter=2.0)
    )
    from compiler.backends.cards import plan_sheet

    sheet = plan_sheet(asked, "counters", "a4", "counter sheet")
    assert (sheet.cols, sheet.rows) == (4, 3) and sheet.page_w > sheet.page_h
    game = replace(sea, layouts=tuple(asked if x is layout else x for x in sea.layouts))
    (said,) = [n for n in counters.notes(game) if "gutter" in n]
    assert f"layout {layout.id!r} asks for a 2 mm gutter" in said
