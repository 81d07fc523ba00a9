"""Put faces on printed pages: fronts, mirrored backs, marks, slugs, registration.

Geometry comes from sheet_geometry (pure arithmetic); this module only draws
it. Every page is drawn at 100 %: the PDF asks the print dialog not to scale
(``/PrintScaling /None``) and, for a duplex file, which edge to flip on.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import CMYKColorSep, HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from compiler.backends.labels import label
from compiler.backends.pdf.documents import CREATOR, PRODUCER, FileInfo
from compiler.backends.pdf.fonts import SANS, register
from compiler.backends.pdf.sheet_geometry import (
    PAPER_NAMES,
    SLUG_HEIGHT,
    Rect,
    Sheet,
)

# Registration colour: the Separation "All" prints on every plate, so marks
# show on every separation a print shop makes.
REGISTRATION = CMYKColorSep(1, 1, 1, 1, spotName="All", density=1)
HAIRLINE = 0.25  # pt
CUT_LINE = HexColor("#9a9a9a")

# Draws a face with its trim's lower-left corner at the origin; the rect is the
# face's bleed box relative to that corner (mm), to clip to.
DrawFace = Callable[[Canvas, tuple[float, float, float, float]], None]


@dataclass(frozen=True, slots=True)
class Item:
    """One printed piece: its slug label and how to draw each side."""

    label: str
    front: DrawFace
    back: DrawFace | None


def new_canvas(
    buf: io.BytesIO, page: tuple[float, float], info: FileInfo, duplex: str | None = None
) -> Canvas:
    """A deterministic canvas that asks to be printed at 100 % and says what it is."""
    register()
    canv = Canvas(
        buf,
        pagesize=(page[0] * mm, page[1] * mm),
        invariant=1,
        pageCompression=1,
        initialFontName=SANS,  # not Helvetica: a print shop wants no font it must supply
        lang=info.lang,
    )
    canv.setTitle(info.title)
    canv.setSubject(info.subject)
    canv.setAuthor(info.author)
    canv.setCreator(CREATOR)
    canv.setProducer(PRODUCER)
    canv.setViewerPreference("PrintScaling", "None")
    if duplex:
        canv.setViewerPreference(
            "Duplex", "DuplexFlipLongEdge" if duplex == "long" else "DuplexFlipShortEdge"
        )
    return canv


def _relative(bleed: Rect, trim: Rect) -> tuple[float, float, float, float]:
    return (bleed.x - trim.x, bleed.y - trim.y, bleed.w, bleed.h)


def _place(canv: Canvas, trim: Rect, bleed: Rect, draw: DrawFace) -> None:
    canv.saveState()
    canv.translate(trim.x * mm, trim.y * mm)
    draw(canv, _relative(bleed, trim))
    canv.restoreState()


def crop_marks(
    canv: Canvas,
    sheet: Sheet,
    used: int | None = None,
    flip: str | None = None,
    head_clear: bool = False,
) -> None:
    """The marks of the used slots; on a back page, mirrored as the slots are.

    ``head_clear``: no back page turns the head marks onto its slug (fold,
    scissors, fronts only, or backs mirrored left to right), so they may be as
    long as side marks."""
    canv.saveState()
    canv.setStrokeColor(REGISTRATION)
    canv.setLineWidth(HAIRLINE)
    for seg in sheet.crop_marks(used=used, head_clear=head_clear):
        x0, y0, x1, y1 = seg.x0, seg.y0, seg.x1, seg.y1
        if flip is not None and sheet.mirrors_left_to_right(flip):
            x0, x1 = sheet.page_w - x0, sheet.page_w - x1
        elif flip is not None:
            y0, y1 = sheet.page_h - y0, sheet.page_h - y1
        canv.line(x0 * mm, y0 * mm, x1 * mm, y1 * mm)
    canv.restoreState()


GRID_LABEL_ROOM = 3.5  # mm between the block and the margin: cut_grid's 5 pt labels, and air


def cut_grid(canv: Canvas, sheet: Sheet, used: int | None = None, number: bool = False) -> None:
    """Thin lines along every cut of the first ``used`` slots: for scissors and counter
    sheets. A part-filled sheet rules only the rows and columns it fills, as its crop
    marks do: empty rows of grid would be ink and cuts for nothing.

    On a bled sheet each line runs on through the bleed to the edge of the ink, on
    every side, where the crop mark outside takes it up: a ruler laid on the outer
    cuts has the line to follow, not a colour edge 3 mm off it."""
    used = sheet.per_page if used is None else max(1, min(used, sheet.per_page))
    xs, ys = sheet.cut_xs(used), sheet.cut_ys(used)
    b = sheet.block()
    canv.saveState()
    canv.setStrokeColor(CUT_LINE)
    canv.setLineWidth(HAIRLINE)
    for x in xs:
        canv.line(x * mm, (ys[0] - sheet.bleed) * mm, x * mm, b.y1 * mm)
    for y in ys:
        canv.line(b.x * mm, y * mm, (xs[-1] + sheet.bleed) * mm, y * mm)
    if number:
        canv.setFillColor(CUT_LINE)
        canv.setFont(SANS, 5)
        for col in range(min(sheet.cols, used)):
            t = sheet.trim(col)
            canv.drawCentredString((t.x + t.w / 2) * mm, (b.y1 + 1) * mm, str(col + 1))
        for row in range(-(-used // sheet.cols)):
            t = sheet.trim(row * sheet.cols)
            canv.drawRightString((b.x - 1) * mm, (t.y + t.h / 2 - 0.7) * mm, row_label(row))
    canv.restoreState()


def row_label(row: int) -> str:
    """A cutting grid's row name, as a spreadsheet's columns and a wargame map's hex rows
    go: A … Z, then AA, AB …; row 0 is A."""
    name = ""
    row += 1
    while row:
        row, letter = divmod(row - 1, 26)
        name = chr(ord("A") + letter) + name
    return name


SLUG_SIZE = 5  # pt


def fit_line(text: str, width: float, font: str = SANS, size: float = SLUG_SIZE) -> str:
    """``text`` cut at a word, with an ellipsis, so it is at most ``width`` points wide.

    A slug or footer that runs past the printable width is lost at the paper's
    edge with no sign that anything is missing; an ellipsis says so. A single
    word too long for the line is cut inside.
    """
    if stringWidth(text, font, size) <= width:
        return text

    def fits(line: str) -> bool:
        return stringWidth(line + " …", font, size) <= width

    words = text.split(" ")
    # the most whole words that fit, found by halving: a name of thousands of words (or
    # one word of thousands of letters) measured a word or a letter less each time took
    # minutes
    count = _most(len(words), lambda n: fits(" ".join(words[:n])))
    if count:
        return " ".join(words[:count]) + " …"
    return words[0][: _most(len(words[0]), lambda n: fits(words[0][:n]))] + " …"


def two_ends(
    left: str, right: str, width: float, font: str, size: float, gap: float = 12.0
) -> tuple[str, str]:
    """``left`` and ``right`` fitted to the two ends of a line ``width`` points wide, at
    least ``gap`` apart: a running head's title and section. When both do not fit, the
    right keeps up to half the line (more if the left needs less), the left the rest."""
    right_w = stringWidth(right, font, size)
    if stringWidth(left, font, size) + gap + right_w <= width:
        return left, right
    room = width - gap
    right = fit_line(right, max(room / 2, room - stringWidth(left, font, size)), font, size)
    return fit_line(left, room - stringWidth(right, font, size), font, size), right


def _most(top: int, ok: Callable[[int], bool]) -> int:
    """The largest n in 1..top with ok(n), 0 if none; ok holds up to some n and not after."""
    low, high = 0, top
    while low < high:
        mid = (low + high + 1) // 2
        if ok(mid):
            low = mid
        else:
            high = mid - 1
    return low


def _line(canv: Canvas, sheet: Sheet, text: str, y: float) -> None:
    """One line of small print at height ``y`` (mm), across the printable width."""
    canv.saveState()
    canv.setFillColor(REGISTRATION)
    canv.setFont(SANS, SLUG_SIZE)
    width = (sheet.page_w - 2 * sheet.margin) * mm
    canv.drawString(sheet.margin * mm, y * mm, fit_line(text, width))
    canv.restoreState()


def slug(canv: Canvas, sheet: Sheet, text: str) -> None:
    """Production notes in the foot margin, outside every cut: on the lowest printable
    line, which crop marks stop SLUG_HEIGHT above.

    Where the block leaves the foot no room for that line (a Letter sheet of nine
    unbled poker cards: 6.35 mm, 5 of them unprintable), the slug runs up the
    left margin instead; at the foot it sat half in the unprintable edge and
    touched the bottom cut line.
    """
    if not _slug_up_the_side(sheet):
        # the baseline lifted by the face's descent: on the margin, "p" and "g" fell
        # 0.4 mm into the edge the printer cannot print
        _line(canv, sheet, text, sheet.margin - getDescent(SANS, SLUG_SIZE) / mm)
        return
    canv.saveState()
    canv.setFillColor(REGISTRATION)
    canv.setFont(SANS, SLUG_SIZE)
    canv.translate((sheet.margin + SLUG_HEIGHT * 0.75) * mm, sheet.margin * mm)
    canv.rotate(90)
    canv.drawString(0, 0, fit_line(text, (sheet.page_h - 2 * sheet.margin) * mm))
    canv.restoreState()


def _slug_up_the_side(sheet: Sheet) -> bool:
    """Whether the foot has no room for the slug's line and the left margin has."""
    block = sheet.block()
    room = SLUG_HEIGHT + 0.5
    return block.y - sheet.margin < room and block.x - sheet.margin >= room


def slug_fits(sheet: Sheet, text: str) -> bool:
    """Whether ``text`` fits the slug's line whole, where slug() sets it."""
    length = sheet.page_h if _slug_up_the_side(sheet) else sheet.page_w
    return stringWidth(text, SANS, SLUG_SIZE) <= (length - 2 * sheet.margin) * mm


def head_line(canv: Canvas, sheet: Sheet, text: str) -> None:
    """Instructions at the head of the page, in the room kept there as at the foot."""
    _line(canv, sheet, text, sheet.page_h - sheet.margin - SLUG_HEIGHT)


def head_clear(sheet: Sheet, flip: str | None) -> bool:
    """Whether the head marks may run into the margin: no back page turns them onto the
    slug at its foot (there is none, or the backs mirror left to right)."""
    return flip is None or sheet.mirrors_left_to_right(flip)


def head_fits(sheet: Sheet, text: str) -> bool:
    """Whether ``text`` fits whole on a line at the head, above the block, a cutting
    grid's numbers and the marks kept short of it (head_clear False), inside the
    printer's margin."""
    room = sheet.page_h - sheet.block().y1 - sheet.label_room - sheet.margin
    width = (sheet.page_w - 2 * sheet.margin) * mm
    return room >= SLUG_HEIGHT + 0.5 and stringWidth(text, SANS, SLUG_SIZE) <= width


def fronts_page(
    canv: Canvas,
    sheet: Sheet,
    items: Sequence[Item],
    marks: bool = True,
    flip: str | None = None,
    headed: bool = False,
) -> None:
    """The fronts of ``items``; ``flip`` names the edge the backs that follow turn on.
    ``headed``: a line is written at the head, which the head marks stop short of."""
    for i, item in enumerate(items):
        _place(canv, sheet.trim(i), sheet.bleed_box(i, len(items)), item.front)
    if marks:
        clear = head_clear(sheet, flip) and not headed
        crop_marks(canv, sheet, len(items), head_clear=clear)


def backs_page(
    canv: Canvas,
    sheet: Sheet,
    items: Sequence[Item],
    flip: str,
    offset: tuple[float, float] = (0.0, 0.0),
    marks: bool = True,
) -> None:
    """Each back behind its front once the sheet is turned over on ``flip``; crop marks
    only where the fronts have them."""
    canv.saveState()
    canv.translate(offset[0] * mm, offset[1] * mm)
    for i, item in enumerate(items):
        if item.back is None:
            continue
        trim = sheet.mirrored(sheet.trim(i), flip)
        bleed = sheet.mirrored(sheet.bleed_box(i, len(items)), flip)
        _place(canv, trim, bleed, item.back)
    if marks:
        crop_marks(canv, sheet, len(items), flip, head_clear=head_clear(sheet, flip))
    canv.restoreState()


REGISTRATION_ROOM = 31.0  # mm a crosshair and its scales reach across: ±14.5 and air
FRONT_ARM = 14.0  # mm: a front cross's arms run across the back's scales, to be read there
BACK_ARM = 8.0
SCALE_AT = 10.0  # mm from the centre to the back's scales


def _registration_slots(sheet: Sheet) -> list[int]:
    """The slots that get a crosshair: every one, or on a sheet of small items (⅝″
    counters) every other column and row, so crosshairs and scales do not run into
    their neighbours' and read as one grid. A back crosshair is drawn behind its
    own front one either way."""
    pitch = min(sheet.item_w, sheet.item_h) + sheet.gutter
    step = 1 if pitch >= REGISTRATION_ROOM else -(-REGISTRATION_ROOM // pitch)
    edge = sheet.margin + SLUG_HEIGHT + 0.5 + REGISTRATION_ROOM / 2  # clear of head and slug

    def clear(i: int) -> bool:
        t = sheet.trim(i)
        return edge <= t.y + t.h / 2 <= sheet.page_h - edge

    chosen = [
        i
        for i in range(sheet.per_page)
        if (i % sheet.cols) % step == 0 and (i // sheet.cols) % step == 0
    ]
    return [i for i in chosen if clear(i)] or chosen


def registration_pages(
    canv: Canvas,
    sheet: Sheet,
    flip: str,
    offset: tuple[float, float],
    title: str,
    lang: str = "en",
) -> None:
    """Crosshairs at every slot's centre on both sides; the back's with millimetre scales.

    Print this sheet duplex and hold it to the light, back page towards you:
    each front cross (seen through the paper) should sit on its back one. Its
    arms run across the back's scales, numbered + to the right and up, and
    what they read there is the shift to add to the layout's
    ``sheet.back_offset``: the scales move with every back page, so a back
    printed 1 mm right reads the front cross at -1. Read against scales on
    the front instead, the reading was the shift's opposite on one axis or
    both (the front is seen mirrored through the paper), and entering it
    doubled the error.
    """
    centres = [
        (t.x + t.w / 2, t.y + t.h / 2) for t in (sheet.trim(i) for i in _registration_slots(sheet))
    ]
    for side in ("front", "back"):
        canv.saveState()
        if side == "back":
            canv.translate(offset[0] * mm, offset[1] * mm)
        canv.setStrokeColor(REGISTRATION)
        canv.setFillColor(REGISTRATION)
        canv.setLineWidth(HAIRLINE)
        arm = FRONT_ARM if side == "front" else BACK_ARM
        for cx, cy in centres:
            if side == "back":
                r = sheet.mirrored(Rect(cx, cy, 0, 0), flip)
                cx, cy = r.x, r.y
            canv.line((cx - arm) * mm, cy * mm, (cx + arm) * mm, cy * mm)
            canv.line(cx * mm, (cy - arm) * mm, cx * mm, (cy + arm) * mm)
            canv.circle(cx * mm, cy * mm, 3 * mm)
            if side == "back":
                _scales(canv, cx, cy)
        canv.restoreState()
        edge = label(lang, f"kit-edge-{flip}")
        # the instructions at the head (the slug line has no room for them): how to print
        # on the front, how to read on the back, the side that is read
        head_line(canv, sheet, label(lang, f"kit-registration-{side}", edge=edge))
        test = label(lang, "kit-registration-slug", side=label(lang, f"kit-{side}"))
        slug(canv, sheet, f"{title} — {test}")
        canv.showPage()


def _scales(canv: Canvas, cx: float, cy: float) -> None:
    """A back crosshair's scales: x below it, y to its right, a tick a millimetre from
    -5 to +5, numbered at the ends as the back's reader sees them (+ right, + up)."""
    for tick in range(-5, 6):
        long = 1.5 if tick % 5 == 0 else 0.8
        below = cy - SCALE_AT
        canv.line((cx + tick) * mm, below * mm, (cx + tick) * mm, (below - long) * mm)
        canv.line(
            (cx + SCALE_AT) * mm, (cy + tick) * mm, (cx + SCALE_AT + long) * mm, (cy + tick) * mm
        )
    canv.setFont(SANS, 4)
    below = cy - SCALE_AT - 1.5 - 1.6  # the numbers under the x scale's long ticks
    canv.drawCentredString((cx - 5) * mm, below * mm, "−5")
    canv.drawCentredString((cx + 5) * mm, below * mm, "+5 x")
    right = cx + SCALE_AT + 2
    canv.drawString(right * mm, (cy + 5 - 0.5) * mm, "+5 y")
    canv.drawString(right * mm, (cy - 5 - 0.5) * mm, "−5")


def pages(items: Sequence[Item], per_page: int) -> list[Sequence[Item]]:
    return [items[i : i + per_page] for i in range(0, len(items), per_page)] or [[]]


def impose(
    canv: Canvas,
    sheet: Sheet,
    items: Sequence[Item],
    *,
    head: str,
    flip: str | None = None,
    offset: tuple[float, float] = (0.0, 0.0),
    marks: bool = True,
    decorate: Callable[[Canvas, int, bool], None] | None = None,
    note: str = "",
    list_items: bool = True,
    lang: str = "en",
    scale: Sequence[str] = (),
) -> None:
    """Every page of ``items``: fronts, then (with ``flip``) their backs after each.

    ``decorate`` draws what a kind of sheet adds to its fronts (cut lines, fold
    marks), told whether a line is written at the head; the slug names the
    sheet and, with ``list_items``, each position.
    ``scale`` offers notes on printing at 100 %, longest first: the slug
    takes the first with which it fits whole; the list of positions is never
    cut for it. Where none fits (a full sheet of nine cards lists nine names),
    the first that fits the head goes there, its head marks kept short of it:
    a print scaled to fit the page is the commonest way a kit goes wrong, and
    the note's size is what a ruler checks it by.
    """
    groups = pages(items, sheet.per_page)
    for n, group in enumerate(groups, 1):
        numbered = label(lang, "kit-sheet", n=n, total=len(groups))
        where = f"{head} — {PAPER_NAMES[sheet.paper]} — {numbered}"
        listed = " · ".join(f"{i + 1} {item.label}" for i, item in enumerate(group))
        for extra in (*scale, ""):
            parts = [where, label(lang, "kit-fronts") if flip else "", note, extra]
            text = " — ".join(p for p in (*parts, listed if list_items else "") if p)
            if not extra or slug_fits(sheet, text):
                break
        on_head = "" if extra else next((s for s in scale if head_fits(sheet, s)), "")
        fronts_page(canv, sheet, group, marks=marks, flip=flip, headed=bool(on_head))
        if decorate:
            decorate(canv, len(group), bool(on_head))
        slug(canv, sheet, text)
        if on_head:
            head_line(canv, sheet, on_head)
        canv.showPage()
        if flip:
            backs_page(canv, sheet, group, flip, offset, marks=marks)
            backs = label(lang, "kit-backs", edge=label(lang, f"kit-edge-{flip}"))
            slug(canv, sheet, f"{where} — {backs}")
            canv.showPage()
