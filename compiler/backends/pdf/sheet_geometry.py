"""Where each card or counter sits on a printed sheet: pure arithmetic in millimetres.

A sheet is a grid of equal items (cards, counters, fold-and-glue pairs). The
``gutter`` is the distance between neighbouring trim boxes. With no gutter the
items are butted: they share cut lines and bleed only round the outside of the
block (the layout that puts nine poker cards on A4). With a gutter each item
bleeds ``min(bleed, gutter / 2)`` into it, so a gutter of twice the bleed gives
every item its full bleed.

The block, bleed included, must lie inside the printable area (the page less the
printer's margin). A layout that does not is refused with the shortfall and a
layout that does fit (see ``plan``); items are never scaled, because a card at
97 % no longer fits its sleeve.

Coordinates are PDF-style: origin at the page's lower left, y upwards.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from itertools import product

from compiler.backends.pdf.paper import PAPER_NAMES, in_mm

CROP_OFFSET = 0.5  # gap between the outer bleed edge and a crop mark
CROP_LENGTH = 5.0
MARK_EDGE = 2.0  # mm from the paper's edge that a side mark may run to, into the margin
SLUG_HEIGHT = 2.5  # room the slug line needs at the foot of the page


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    def overlaps(self, other: Rect, tol: float = 1e-6) -> bool:
        return (
            self.x < other.x1 - tol
            and other.x < self.x1 - tol
            and self.y < other.y1 - tol
            and other.y < self.y1 - tol
        )


@dataclass(frozen=True, slots=True)
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True, slots=True)
class Request:
    """What a deck or counter sheet asks for; ``None`` means "choose for me"."""

    item_w: float
    item_h: float
    bleed: float = 3.0
    margin: float = 5.0  # the printer's unprintable edge
    gutter: float | None = None
    orientation: str | None = None  # portrait | landscape
    cols: int | None = None
    rows: int | None = None
    # room kept outside the block, inside the margin, for a cutting grid's labels
    label_room: float = 0.0


@dataclass(frozen=True, slots=True)
class Sheet:
    """One computed imposition: page, grid and the trim box of every slot."""

    paper: str
    page_w: float
    page_h: float
    orientation: str
    cols: int
    rows: int
    item_w: float
    item_h: float
    bleed: float
    gutter: float
    margin: float  # the printer's: where the slug prints and side marks stop
    origin_x: float  # lower-left corner of the block's trim area
    origin_y: float
    # Kept between the block and the margin for the labels of a cutting grid (a
    # counter sheet's column numbers and row letters). Crop marks may use it,
    # between the labels; had it been added to the margin, a ⅝″ counter sheet
    # left no room for head and foot marks at all and pushed its slug up the side.
    label_room: float = 0.0

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def inner_bleed(self) -> float:
        return min(self.bleed, self.gutter / 2)

    @property
    def butted(self) -> bool:
        return self.gutter == 0

    def trim(self, index: int) -> Rect:
        """Slot ``index`` in reading order: left to right, top row first."""
        col, row = index % self.cols, index // self.cols
        x = self.origin_x + col * (self.item_w + self.gutter)
        y = self.origin_y + (self.rows - 1 - row) * (self.item_h + self.gutter)
        return Rect(round(x, 4), round(y, 4), self.item_w, self.item_h)

    def bleed_box(self, index: int, used: int | None = None) -> Rect:
        """The slot's trim box grown by its bleed: full outside the block, shared inside.

        On a part-filled sheet (``used`` slots, filled in reading order) an edge
        that faces an empty slot is an outside edge too: with the shared bleed a
        butted sheet gives (none), a cut a hair off its line showed white there.
        """
        t = self.trim(index)
        col, row = index % self.cols, index // self.cols
        used = self.per_page if used is None else used
        inner, outer = self.inner_bleed, self.bleed
        left = outer if col == 0 else inner
        right = outer if col == self.cols - 1 or index + 1 >= used else inner
        top = outer if row == 0 else inner
        bottom = outer if row == self.rows - 1 or index + self.cols >= used else inner
        return Rect(t.x - left, t.y - bottom, t.w + left + right, t.h + top + bottom)

    def block(self) -> Rect:
        """Every slot with its outer bleed: what must fit the printable area."""
        w = self.cols * self.item_w + (self.cols - 1) * self.gutter + 2 * self.bleed
        h = self.rows * self.item_h + (self.rows - 1) * self.gutter + 2 * self.bleed
        return Rect(self.origin_x - self.bleed, self.origin_y - self.bleed, w, h)

    def cut_xs(self, used: int | None = None) -> list[float]:
        """Every vertical cut line of the first ``used`` slots, once: butted items share theirs."""
        cols = min(self.cols, used) if used is not None else self.cols
        xs = {round(self.trim(c).x, 4) for c in range(cols)}
        xs |= {round(self.trim(c).x1, 4) for c in range(cols)}
        return sorted(xs)

    def cut_ys(self, used: int | None = None) -> list[float]:
        rows = -(-used // self.cols) if used is not None else self.rows
        rows = min(rows, self.rows)
        ys = {round(self.trim(r * self.cols).y, 4) for r in range(rows)}
        ys |= {round(self.trim(r * self.cols).y1, 4) for r in range(rows)}
        return sorted(ys)

    def crop_marks(
        self, leave_for_slug: bool = True, used: int | None = None, head_clear: bool = False
    ) -> list[Segment]:
        """One mark at each end of each cut line, outside the block's bleed.

        On a part-filled sheet only the cuts of the ``used`` slots are marked,
        and the foot marks sit under the last row in use, at full length: at the
        foot of the empty grid they were a page away from the counters they cut,
        and as short as a full sheet's.
        A mark starts ``CROP_OFFSET`` beyond the outer bleed, so a cut on the
        line never shows it, and is at most ``CROP_LENGTH`` long. Head and
        foot marks stop at the printer's margin and short of the slug line (the
        slug's room is kept at the head as well as the foot, so marks mirrored
        onto a back flipped on the short edge clear it too). Side marks may run
        into the margin, to ``MARK_EDGE`` from the paper's edge: stopped at the
        margin, an A4 poker sheet's were 1.25 mm long, too short to lay a ruler
        on; a printer that cannot print there still prints the inner part. With
        ``head_clear`` (no instructions at the head, and no back page that
        turns the head marks onto its slug: none at all, or backs mirrored left
        to right) head marks may run into the margin too: an A4 fold sheet's
        were 1.6 mm long, and an A4 counter sheet's 2 mm.
        """
        b = self.block()
        ys = self.cut_ys(used)
        # the foot of the rows in use, bleed included: the block's foot on a full sheet
        foot = min(ys) - self.bleed if ys else b.y
        end = self.margin + SLUG_HEIGHT + 0.5 if leave_for_slug else self.margin
        room_bottom = foot - CROP_OFFSET - end
        side = min(self.margin, MARK_EDGE)
        room_top = self.page_h - b.y1 - CROP_OFFSET - (side if head_clear else end)
        room_side_l = b.x - CROP_OFFSET - side
        room_side_r = self.page_w - b.x1 - CROP_OFFSET - side
        marks = []
        for x in self.cut_xs(used):
            if room_bottom > 0:
                top = foot - CROP_OFFSET
                marks.append(Segment(x, top - min(CROP_LENGTH, room_bottom), x, top))
            if room_top > 0:
                start = b.y1 + CROP_OFFSET
                marks.append(Segment(x, start, x, start + min(CROP_LENGTH, room_top)))
        for y in self.cut_ys(used):
            if room_side_l > 0:
                end = b.x - CROP_OFFSET
                marks.append(Segment(end - min(CROP_LENGTH, room_side_l), y, end, y))
            if room_side_r > 0:
                start = b.x1 + CROP_OFFSET
                marks.append(Segment(start, y, start + min(CROP_LENGTH, room_side_r), y))
        return marks

    def mirrors_left_to_right(self, flip: str) -> bool:
        """Whether turning the sheet over on ``flip`` mirrors the page left to right.

        The flip names an edge of the paper. On a portrait page the long edges
        are the sides: a long-edge flip turns the sheet like a book's page, left
        to right. A landscape page is printed turned a quarter on the paper, so
        its long edges are the head and foot: a long-edge flip turns it top to
        bottom, as a short-edge flip turns a portrait page.
        """
        if flip not in ("long", "short"):
            raise ValueError(f"flip must be 'long' or 'short', not {flip!r}")
        portrait = self.page_h >= self.page_w
        return (flip == "long") == portrait

    def mirrored(self, rect: Rect, flip: str) -> Rect:
        """Where the back of ``rect`` goes so that it lands behind the front.

        Mirrored left to right or top to bottom, as the paper turns over on
        that edge (mirrors_left_to_right). The back itself is drawn upright
        either way.
        """
        if self.mirrors_left_to_right(flip):
            return Rect(round(self.page_w - rect.x - rect.w, 4), rect.y, rect.w, rect.h)
        return Rect(rect.x, round(self.page_h - rect.y - rect.h, 4), rect.w, rect.h)

    def describe(self) -> str:
        join = "shared cuts" if self.butted else f"{self.gutter:g} mm apart"
        return (
            f"{self.per_page}-up {self.orientation} {PAPER_NAMES[self.paper]} "
            f"({self.cols} × {self.rows}, {join}, bleed {self.bleed:g} mm)"
        )


class DoesNotFit(ValueError):
    """A requested layout that leaves less than the printer's margin."""

    def __init__(self, message: str, proposal: Sheet | None) -> None:
        super().__init__(message)
        self.proposal = proposal


def page_size(paper: str, orientation: str) -> tuple[float, float]:
    w, h = in_mm(paper)
    return (w, h) if orientation == "portrait" else (h, w)


def _grid(req: Request, paper: str, orientation: str, gutter: float) -> tuple[int, int]:
    """How many columns and rows fit the printable area."""
    page_w, page_h = page_size(paper, orientation)
    edge = req.margin + req.label_room
    avail_w = page_w - 2 * edge - 2 * req.bleed + gutter
    avail_h = page_h - 2 * edge - 2 * req.bleed + gutter
    return int(avail_w // (req.item_w + gutter) + 1e-9), int(
        avail_h // (req.item_h + gutter) + 1e-9
    )


def _sheet(
    req: Request, paper: str, orientation: str, gutter: float, cols: int, rows: int
) -> Sheet:
    """The grid centred on the page."""
    page_w, page_h = page_size(paper, orientation)
    block_w = cols * req.item_w + (cols - 1) * gutter
    block_h = rows * req.item_h + (rows - 1) * gutter
    return Sheet(
        paper=paper,
        page_w=page_w,
        page_h=page_h,
        orientation=orientation,
        cols=cols,
        rows=rows,
        item_w=req.item_w,
        item_h=req.item_h,
        bleed=req.bleed,
        gutter=gutter,
        margin=req.margin,
        origin_x=round((page_w - block_w) / 2, 4),
        origin_y=round((page_h - block_h) / 2, 4),
        label_room=req.label_room,
    )


def best_fit(req: Request, paper: str) -> Sheet | None:
    """The layout with most items per page that fits; full bleed wins a tie, then portrait."""
    gutters = [req.gutter] if req.gutter is not None else [2 * req.bleed, 0.0]
    orientations = [req.orientation] if req.orientation else ["portrait", "landscape"]
    best: tuple[tuple[int, int, int], Sheet] | None = None
    for rank_g, gutter in enumerate(gutters):
        for rank_o, orientation in enumerate(orientations):
            cols, rows = _grid(req, paper, orientation, gutter)
            if cols < 1 or rows < 1:
                continue
            key = (cols * rows, -rank_g, -rank_o)
            if best is None or key > best[0]:
                best = (key, _sheet(req, paper, orientation, gutter, cols, rows))
    return best[1] if best else None


def plan(req: Request, paper: str) -> Sheet:
    """The sheet for ``req`` on ``paper``, or ``DoesNotFit`` saying by how much and what fits.

    With no grid requested, the best fit. With ``cols``/``rows`` requested, that
    grid or an explanation: the facts of print-and-play are that nine poker
    cards with full bleed fit neither A4 nor Letter, and the user must hear so.
    """
    if req.cols is None and req.rows is None:
        sheet = best_fit(req, paper)
        if sheet is None:
            raise DoesNotFit(
                f"a {req.item_w:g} × {req.item_h:g} mm item with {req.bleed:g} mm bleed "
                f"does not fit "
                f"{PAPER_NAMES[paper]} inside a {req.margin:g} mm printer margin" + _labels(req),
                None,
            )
        return sheet
    gutter = req.gutter if req.gutter is not None else 0.0
    orientation = req.orientation or "portrait"
    cols, rows = req.cols or 1, req.rows or 1
    sheet = _sheet(req, paper, orientation, gutter, cols, rows)
    b = sheet.block()
    edge = req.margin + req.label_room
    short_w = edge - b.x
    short_h = edge - b.y
    if short_w <= 1e-9 and short_h <= 1e-9:
        return sheet
    proposal = best_fit(
        Request(req.item_w, req.item_h, req.bleed, req.margin, label_room=req.label_room), paper
    )
    where = []
    if short_w > 1e-9:
        where.append(f"{b.x:.2f} mm at each side")
    if short_h > 1e-9:
        where.append(f"{b.y:.2f} mm at top and bottom")
    shortfall = max(short_w, short_h)
    message = (
        f"{cols} × {rows} {orientation} on {PAPER_NAMES[paper]} leaves {' and '.join(where)}, "
        f"{shortfall:.2f} mm less than the {req.margin:g} mm printer margin" + _labels(req)
    )
    raise DoesNotFit(message, proposal)


def _labels(req: Request) -> str:
    return f" and {req.label_room:g} mm for the grid's labels" if req.label_room else ""


MAX_TILES = 200  # a mat is glued from pages: past this it is surely a wrong size or unit


def tiles(
    width: float, height: float, paper: str, margin: float = 5.0, overlap: float = 10.0
) -> tuple[str, list[tuple[Rect, Rect]]]:
    """Cut a ``width`` × ``height`` mm artwork into page tiles at 100 %.

    Returns the orientation and, row by row from the top, pairs of (the part
    of the artwork a tile shows, where that part sits on the page). Neighbouring
    tiles share an ``overlap`` strip so they can be glued with marks aligned.
    """
    best: tuple[int, str, list[tuple[Rect, Rect]]] | None = None
    for orientation in ("landscape", "portrait"):
        page_w, page_h = page_size(paper, orientation)
        avail_w, avail_h = page_w - 2 * margin, page_h - 2 * margin
        if avail_w <= overlap or avail_h <= overlap:
            continue
        n_cols = _count(width, avail_w, overlap)
        n_rows = _count(height, avail_h, overlap)
        if n_cols * n_rows > MAX_TILES:
            continue
        step_w = (width - overlap) / n_cols + overlap if n_cols > 1 else width
        step_h = (height - overlap) / n_rows + overlap if n_rows > 1 else height
        parts = []
        for row, col in product(range(n_rows), range(n_cols)):
            x = col * (step_w - overlap)
            top = row * (step_h - overlap)
            part = Rect(x, height - top - step_h, step_w, step_h)
            place = Rect((page_w - step_w) / 2, (page_h - step_h) / 2, step_w, step_h)
            parts.append((part, place))
        if best is None or len(parts) < best[0]:
            best = (len(parts), orientation, parts)
    if best is None:
        raise ValueError(
            f"a {width:g} × {height:g} mm mat needs more than {MAX_TILES} pages of "
            f"{PAPER_NAMES[paper]} at 100 %"
        )
    return best[1], best[2]


def _count(length: float, avail: float, overlap: float) -> int:
    """Tiles to cover ``length`` when each shows ``avail`` and neighbours share ``overlap``."""
    if length <= avail:
        return 1
    if not math.isfinite(length):  # 1e308 inches: more tiles than any count
        return sys.maxsize
    # the fewest n with (length - overlap) / n + overlap <= avail
    n = max(2, math.ceil((length - overlap) / (avail - overlap) - 1e-9))
    while (length - overlap) / n + overlap > avail:  # guard the rounding, at most once
        n += 1
    return n
