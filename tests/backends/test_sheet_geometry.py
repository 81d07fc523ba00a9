"""The sheet arithmetic against the print-and-play facts (../shared/print-and-play.md)."""

from __future__ import annotations

import pytest

from compiler.backends.pdf.sheet_geometry import (
    CROP_LENGTH,
    CROP_OFFSET,
    DoesNotFit,
    Rect,
    Request,
    plan,
    tiles,
)

POKER = (63.5, 88.9)


def test_nine_poker_cards_butted_with_outer_bleed_fit_a4() -> None:
    sheet = plan(Request(*POKER), "a4")
    assert (sheet.orientation, sheet.cols, sheet.rows, sheet.gutter) == ("portrait", 3, 3, 0)
    block = sheet.block()
    assert block.w == pytest.approx(196.5) and block.h == pytest.approx(272.7)
    assert block.x == pytest.approx(6.75) and block.y == pytest.approx(12.15)


def test_letter_nine_up_is_refused_with_the_shortfall_and_a_layout_that_fits() -> None:
    with pytest.raises(DoesNotFit) as err:
        plan(Request(*POKER, cols=3, rows=3), "letter")
    assert "3.35 mm at top and bottom" in str(err.value)
    assert "1.65 mm less than the 5 mm printer margin" in str(err.value)
    proposal = err.value.proposal
    assert proposal is not None
    assert (proposal.orientation, proposal.cols, proposal.rows) == ("landscape", 4, 2)


def test_full_bleed_nine_up_does_not_fit_a4_either() -> None:
    with pytest.raises(DoesNotFit, match=r"0\.75 mm at each side"):
        plan(Request(*POKER, gutter=6, cols=3, rows=3), "a4")


def test_full_bleed_per_card_gives_eight_up_landscape_a4_and_six_up_letter() -> None:
    a4 = plan(Request(*POKER, gutter=6), "a4")
    letter = plan(Request(*POKER, gutter=6), "letter")
    assert (a4.orientation, a4.cols, a4.rows) == ("landscape", 4, 2)
    assert (letter.orientation, letter.cols, letter.rows) == ("landscape", 3, 2)
    # every card keeps its whole bleed, and no two bleeds overlap
    boxes = [a4.bleed_box(i) for i in range(a4.per_page)]
    assert all(b.w == pytest.approx(69.5) and b.h == pytest.approx(94.9) for b in boxes)
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("gutter", [0.0, 6.0, None])
def test_crop_marks_lie_outside_every_bleed_and_inside_the_page(paper, gutter) -> None:
    sheet = plan(Request(*POKER, gutter=gutter), paper)
    boxes = [sheet.bleed_box(i) for i in range(sheet.per_page)]
    marks = sheet.crop_marks()
    assert marks
    for m in marks:
        mark = Rect(min(m.x0, m.x1), min(m.y0, m.y1), abs(m.x1 - m.x0), abs(m.y1 - m.y0))
        assert not any(mark.overlaps(b) for b in boxes)
        assert mark.x >= 0 and mark.x1 <= sheet.page_w and 0 <= mark.y <= sheet.page_h
    # one mark per cut line at each end: butted cards share their cuts
    if sheet.butted:
        assert len(sheet.cut_xs()) == sheet.cols + 1


def test_a4_poker_side_marks_are_long_enough_to_lay_a_ruler_on() -> None:
    """Found by the output review: stopped at the 5 mm margin, the side marks of the
    butted A4 sheet were 1.25 mm long. They now run to 2 mm from the paper's edge."""
    sheet = plan(Request(*POKER, gutter=0.0), "a4")
    sides = [m for m in sheet.crop_marks() if m.y0 == m.y1]
    assert sides
    assert min(abs(m.x1 - m.x0) for m in sides) >= 4.0
    assert min(min(m.x0, m.x1) for m in sides) >= 2.0


def test_backs_mirror_left_to_right_for_long_edge_and_top_to_bottom_for_short() -> None:
    sheet = plan(Request(*POKER), "a4")
    first = sheet.trim(0)  # top left
    long = sheet.mirrored(first, "long")
    short = sheet.mirrored(first, "short")
    assert long.x == pytest.approx(210 - first.x - first.w) and long.y == first.y
    assert short.y == pytest.approx(297 - first.y - first.h) and short.x == first.x
    assert long == sheet.trim(2)  # a symmetric grid: the top-right slot
    assert short == sheet.trim(6)  # and the bottom-left slot


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_on_a_landscape_page_the_long_edge_is_the_head_so_long_flips_top_to_bottom(
    paper: str,
) -> None:
    """Found by the output review: Letter sheets are landscape, and their long-edge
    backs were mirrored left to right, so a part-filled sheet printed its backs
    behind blank paper. Turned a quarter on the paper, a landscape page's long
    edges are its head and foot."""
    sheet = plan(Request(*POKER, orientation="landscape"), paper)
    assert sheet.page_w > sheet.page_h
    first = sheet.trim(0)  # top left
    long = sheet.mirrored(first, "long")
    short = sheet.mirrored(first, "short")
    assert long.x == first.x and long.y == pytest.approx(sheet.page_h - first.y - first.h)
    assert short.y == first.y and short.x == pytest.approx(sheet.page_w - first.x - first.w)
    assert long == sheet.trim((sheet.rows - 1) * sheet.cols)  # the bottom-left slot
    assert short == sheet.trim(sheet.cols - 1)  # the top-right slot


def test_an_eighteen_by_six_inch_mat_tiles_on_two_landscape_pages_with_overlap() -> None:
    for paper in ("a4", "letter"):
        orientation, parts = tiles(457.2, 152.4, paper, overlap=10)
        assert orientation == "landscape" and len(parts) == 2
        (left, _), (right, _) = parts
        assert left.x == 0 and right.x1 == pytest.approx(457.2)
        assert left.x1 - right.x == pytest.approx(10)  # the glue strip both tiles print
        assert left.w == right.w  # 100 %: each tile the same size, no scaling


def test_a_part_filled_sheet_marks_only_the_cuts_it_uses() -> None:
    sheet = plan(Request(*POKER), "a4")
    full = sheet.crop_marks()
    one = sheet.crop_marks(used=1)  # one card, top left: two vertical and two horizontal cuts
    assert len(one) < len(full)
    assert sheet.cut_xs(used=1) == [sheet.trim(0).x, sheet.trim(0).x1]
    assert sheet.cut_ys(used=1) == [sheet.trim(0).y, sheet.trim(0).y1]


def test_one_paper_table_in_points_and_millimetres() -> None:
    from reportlab.lib.pagesizes import A4, LETTER

    from compiler.backends.pdf.paper import POINTS, in_mm
    from compiler.cli import PAPERS

    assert POINTS == {"a4": A4, "letter": LETTER}  # bit for bit: the same PDF bytes
    assert in_mm("a4") == (210.0, 297.0) and in_mm("letter") == (215.9, 279.4)
    assert PAPERS == ("a4", "letter")


def test_a_grids_label_room_is_kept_beside_the_block_not_added_to_the_printer_margin() -> None:
    """Found with counter bleed: counted as margin, the 3.5 mm kept for a counter sheet's
    column numbers and row letters left a bled ⅝″ sheet no room for head and foot marks
    and sent its slug up the side. The room is kept; marks and slug use it."""
    counter = 15.875
    sheet = plan(Request(counter, counter, 3.0, 5.0, 0.0, label_room=3.5), "a4")
    b = sheet.block()
    assert sheet.margin == 5.0 and sheet.label_room == 3.5
    assert min(b.x, b.y, sheet.page_w - b.x1, sheet.page_h - b.y1) >= 5.0 + 3.5
    assert (sheet.cols, sheet.rows) == (11, 17)  # 12 columns leave no room for the labels
    heads = [m for m in sheet.crop_marks() if m.x0 == m.x1]
    assert heads and min(abs(m.y1 - m.y0) for m in heads) >= 2.0
    with pytest.raises(DoesNotFit, match=r"and 3\.5 mm for the grid's labels"):
        plan(Request(counter, counter, 3.0, 5.0, 0.0, cols=12, rows=17, label_room=3.5), "a4")


def test_a_part_filled_sheets_foot_marks_sit_under_its_last_row_at_full_length() -> None:
    """Found by the output review: on Set Europe Ablaze's markers sheet (4 rows of 17
    used) the foot marks were at the foot of the empty grid, 20 cm below the counters,
    and as short as a full sheet's."""
    counter = 15.875
    sheet = plan(Request(counter, counter, 3.0, 5.0, 0.0, label_room=3.5), "a4")
    used = 3 * sheet.cols + 3  # three full rows and three counters of a fourth
    foot = sheet.trim(used - 1).y - sheet.bleed  # the fourth row's foot, bleed included
    verticals = [m for m in sheet.crop_marks(used=used) if m.x0 == m.x1]
    feet = [m for m in verticals if max(m.y0, m.y1) < foot]
    assert len(feet) == len(sheet.cut_xs(used)) == sheet.cols + 1
    for m in feet:
        assert max(m.y0, m.y1) == pytest.approx(foot - CROP_OFFSET)
        assert abs(m.y1 - m.y0) == pytest.approx(CROP_LENGTH)
    # a full sheet's foot marks stay at the block's foot
    full = [m for m in sheet.crop_marks() if m.x0 == m.x1]
    assert min(max(m.y0, m.y1) for m in full) == pytest.approx(sheet.block().y - CROP_OFFSET)


@pytest.mark.parametrize(
    ("paper", "orientation", "flip", "clear"),
    [
        ("a4", "portrait", None, True),  # no backs
        ("a4", "portrait", "long", True),  # backs mirror left to right: the head stays the head
        ("a4", "portrait", "short", False),  # head marks turn onto the back's foot and slug
        ("letter", "landscape", "long", False),  # a landscape page's long edge is its head
        ("letter", "landscape", "short", True),
    ],
)
def test_head_marks_run_into_the_margin_unless_a_back_turns_them_onto_its_slug(
    paper: str, orientation: str, flip: str | None, clear: bool
) -> None:
    from compiler.backends.pdf.imposition import head_clear

    counter = 15.875
    sheet = plan(
        Request(counter, counter, 3.0, 5.0, 0.0, orientation=orientation, label_room=3.5), paper
    )
    assert head_clear(sheet, flip) is clear
    top = sheet.block().y1
    heads = [m for m in sheet.crop_marks(head_clear=clear) if min(m.y0, m.y1) > top]
    shortest = min(abs(m.y1 - m.y0) for m in heads)
    assert shortest >= 4.0 if clear else shortest < 4.0
