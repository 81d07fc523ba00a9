"""Counter sheets read back: ⅝″ counters on a cutting grid, each back behind its front."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from compiler.backends import counters
from compiler.backends.pdf.sheet_geometry import Request, plan
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
    sheet = plan(Request(layout.width, layout.height, 0, 5, 0), "a4")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        fronts = _boxes(pdf.pages[2], FRONT)
        backs = _boxes(pdf.pages[3], BACK)
        text = " ".join((pdf.pages[2].extract_text() or "").split())
    count = sum(e.count or 1 for e in sheet_data.counters)
    assert len(fronts) == len(backs) == count
    expected = sorted(
        (round(sheet.mirrored(sheet.trim(i), "long").x, 2), round(sheet.trim(i).y, 2))
        for i in range(count)
    )
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
