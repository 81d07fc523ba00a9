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
from compiler.backends.pdf.imposition import SLUG_SIZE, fit_line
from compiler.backends.pdf.sheet_geometry import plan
from compiler.model.from_kit import kit_findings
from tests.conftest import living_game
from tests.pdftools import PT_PER_MM, filled_rects, fonts

PT = PT_PER_MM
FRONT = (0xD9 / 255, 0xD2 / 255, 0xC0 / 255)
BACK = (0xB9 / 255, 0xB0 / 255, 0x9A / 255)


@pytest.fixture(scope="module")
def sea():
    return living_game("set-europe-ablaze")


def _boxes(page, colour) -> list[tuple[float, float]]:
    """Lower-left corners (mm) of the rectangles filled with one colour."""
    return sorted((x, y) for x, y, _, _ in filled_rects(page, colour))


def test_each_back_lands_behind_its_front(sea) -> None:
    sheet_data = sea.counter_sheets[0]
    layout = next(x for x in sea.layouts if x.id == sheet_data.layout)
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
    # the counts the source does not give are said on the sheet
    assert "not in the source" in reader.metadata.subject


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
    base = next(x for x in sea.layouts if x.id == sheet_data.layout)
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


def test_a_part_filled_sheet_rules_only_the_rows_it_fills(sea) -> None:
    sheet_data = sea.counter_sheets[0]
    layout = next(x for x in sea.layouts if x.id == sheet_data.layout)
    sheet = plan(cards.request(layout, "counters"), "a4")
    count = sum(e.count or 1 for e in sheet_data.counters)
    rows = -(-count // sheet.cols)
    assert rows < sheet.rows, "the sheet is part-filled"
    data = counters.render(sea, sheet_data, layout, "a4", "long")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[2]
        lines = page.lines
        left = sheet.block().x * PT  # the row letters stand left of the block
        labels = {c["text"] for c in page.chars if c["x1"] <= left}
    lowest_used = sheet.trim((rows - 1) * sheet.cols).y  # mm from the foot
    bottoms = [(page.height - max(ln["top"], ln["bottom"])) / PT for ln in lines]
    assert bottoms and min(bottoms) >= lowest_used - 0.05
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
