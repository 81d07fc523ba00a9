"""Forms and tiled mats read back: write-in rows, every tile at 100 %, page keys."""

from __future__ import annotations

import io
import itertools

import pdfplumber
import pytest
from pypdf import PdfReader

from compiler.backends import forms
from tests.conftest import living_game
from tests.pdftools import PT_PER_MM, fonts

PT = PT_PER_MM


def test_plan_vert_forms_are_one_page_each_with_the_source_rows() -> None:
    game = living_game("plan-vert")
    reader = PdfReader(io.BytesIO(forms.render_forms(game, "a4")))
    assert len(reader.pages) == 2
    first = " ".join(reader.pages[0].extract_text().split())
    assert "Where are the German items" in first
    for zone in ("Caen track", "Bayeaux track", "Avranches track"):  # as printed, typo kept
        assert zone in first
    assert "Zone item numerical total" in first
    assert all(fonts(reader).values())


def test_team_sheet_write_in_columns_are_labelled_as_ours() -> None:
    game = living_game("war-story-occupied-france")
    reader = PdfReader(io.BytesIO(forms.render_forms(game, "letter")))
    text = " ".join(reader.pages[0].extract_text().split())
    assert "Mission 3" in text and "added by Casebook for writing in" in text
    assert "STATE TRACKER:" in text


def test_the_eighteen_by_six_inch_mat_tiles_on_two_pages_at_full_size() -> None:
    game = living_game("plan-vert")
    mat = next(m for m in game.maps if m.id == "main-table")
    data = forms.render_mat(game, mat, "a4")
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / PT), round(float(box.height) / PT)) == (297, 210)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    keys = [" ".join(p.extract_text().split()) for p in reader.pages]
    assert "row 1 / column 1 of 2" in keys[0] and "row 1 / column 2 of 2" in keys[1]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        words = [w["text"] for p in pdf.pages for w in p.extract_words()]
        # the mat's outline: two tiles of 233.6 mm each, the same height, 100 %
        heights = {
            round(r["height"] / PT, 1) for p in pdf.pages for r in p.rects if r["height"] > 100 * PT
        }
    assert heights == {152.4}
    assert words.count("zone") == 6  # each label once, on its own tile: no hidden text
    assert pytest.approx(457.2) == 2 * 233.6 - 10


def _with_rows(game, table_id: str, rows):
    from dataclasses import replace

    tables = tuple(replace(t, rows=rows(t)) if t.id == table_id else t for t in game.tables)
    return replace(game, tables=tables)


def test_a_form_that_does_not_fit_stops_the_build_naming_form_row_column_language() -> None:
    from compiler.diagnostics import CompileError

    game = living_game("plan-vert")
    assert forms.fit_findings(game, "a4") == []
    long_word = _with_rows(
        game,
        "zone-allocation",
        lambda t: (
            (
                t.rows[0],
                (
                    "2",
                    "Saint-Lô-Bayeux-Cherbourg-Valognes-Carentan-Isigny-Coutances-Granville",
                    "",
                    "",
                ),
                *t.rows[2:],
            )
        ),
    )
    with pytest.raises(CompileError) as err:
        forms.render_forms(long_word, "a4")
    (finding,) = err.value.findings
    assert finding.code == "FIT005"
    assert "form 'zone-allocation', row 2, column 'Name' (en, A4)" in finding.message
    assert "mm wider than its column" in finding.message
    tall = _with_rows(game, "resistance-interrogation", lambda t: t.rows * 12)
    messages = [f.message for f in forms.fit_findings(tall, "letter")]
    assert (
        messages == [m for m in messages if "form 'resistance-interrogation' (en, Letter) is" in m]
        and len(messages) == 1
    )
    assert "taller than its page" in messages[0]


def test_a_mat_too_small_to_print_is_refused_not_a_blank_page() -> None:
    """Found by the hunt: a map sized 0.000001 mm printed a blank page on exit 0."""
    from dataclasses import replace

    from compiler.diagnostics import CompileError

    game = living_game("plan-vert")
    mat = next(m for m in game.maps if m.size is not None)
    tiny = replace(mat, size=replace(mat.size, width=0.000001, height=0.000001))
    with pytest.raises(CompileError) as caught:
        forms.render_mat(game, tiny, "a4")
    (finding,) = caught.value.findings
    assert finding.code == "FIT003"
    assert "is no mat size: a printed play area is at least 20 mm a side" in finding.message


def test_a_long_write_in_heading_does_not_run_the_footer_off_the_page() -> None:
    """Found by the hunt: a 400-character write-in heading ran the footer off the page."""
    from dataclasses import replace

    game = living_game("war-story-occupied-france")
    table_id, write_in = game.forms[0]
    long = replace(game, forms=((table_id, (*write_in, "Mission " + "x" * 400)),))
    data = forms.render_forms(long, "a4")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        assert all(ch["x1"] <= page.width for ch in page.chars)
        assert "…" in page.extract_text()


def test_long_map_and_zone_names_stay_on_the_mat_and_in_their_zones() -> None:
    """Found by a probe: a 310-character map name ran the tile's footer and the mat's
    corner label off the page, and a 92-character zone name was written across the
    next zones and cut off at the mat's edge."""
    from dataclasses import replace

    game = living_game("plan-vert")
    mat = next(m for m in game.maps if m.id == "main-table")
    first = min((s for s in mat.spaces if s.order is not None), key=lambda s: s.order)
    spaces = tuple(
        replace(s, name="zone one of the ladder " * 4) if s is first else s for s in mat.spaces
    )
    long = replace(mat, name="main table of the railway game " * 10, spaces=spaces)
    data = forms.render_mat(game, long, "a4")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            assert all(ch["x0"] >= 0 and ch["x1"] <= page.width for ch in page.chars)
            text = page.extract_text()
            assert "print at 100 %; glue the 10 mm strips" in text  # the tile's key kept
            # zone names (bold) side by side on one line never overprint each other
            bold = sorted(
                (ch for ch in page.chars if "Bold" in ch["fontname"]), key=lambda c: c["x0"]
            )
            for a, b in itertools.pairwise(bold):
                if abs(a["top"] - b["top"]) < 1:
                    assert a["x1"] <= b["x0"] + 0.5, (a["text"], b["text"])
        assert "…" in pdf.pages[0].extract_text()
