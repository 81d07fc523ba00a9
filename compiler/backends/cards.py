"""Card sheets: each deck's faces drawn from its layout and imposed for printing.

For every deck with a layout, on each paper:

- ``duplex-long`` / ``duplex-short``: a registration test sheet, then fronts and
  their backs on alternate pages, mirrored so each back lands behind its front
  when the printer flips on that edge;
- ``fronts``: fronts only;
- ``fold``: each front beside its back, to fold on the marked line and glue;
- ``scissors``: no bleed, butted, with cut lines drawn across the block;

and once per deck ``pod``: one card per page (page = card + bleed) with TrimBox
and BleedBox set, as print-on-demand card services ask.

Every face is filled and fitted before a page is drawn, so a card whose text
does not fit (FIT001) stops the build before any file is written.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

from reportlab.lib.units import mm

from compiler.backends.card_content import card_context, default_back
from compiler.backends.labels import label
from compiler.backends.pdf import faces
from compiler.backends.pdf.documents import FileInfo
from compiler.backends.pdf.imposition import (
    GRID_LABEL_ROOM,
    Item,
    cut_grid,
    impose,
    new_canvas,
    registration_pages,
)
from compiler.backends.pdf.paper import PAPER_NAMES, POINTS
from compiler.backends.pdf.region_text import Subject
from compiler.backends.pdf.sheet_geometry import (
    SLUG_HEIGHT,
    DoesNotFit,
    Request,
    Sheet,
    plan,
)
from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.l10n.units import card_unit_id
from compiler.model.cards import Card, Deck
from compiler.model.game import Game
from compiler.model.layouts import Layout
from compiler.progress import Tick, silent
from compiler.write import Output

NAME = "cards"
VARIANTS = ("duplex-long", "duplex-short", "fronts", "fold", "scissors")
DECK_KINDS = ("deck", "card", "tile")


@dataclass(frozen=True, slots=True)
class Options:
    papers: tuple[str, ...] = ("a4", "letter")


def output_dir(game: Game) -> str:
    return f"{game.id}/{game.language}/kit"


def translated_places(game: Game, deck: Deck, card: Card) -> dict[str, Location]:
    """Where a translation writes each of the card's values: its catalog entries, by the
    key a template reads ("text", "fields.scenario"). Empty for the source language."""
    if game.l10n is None or not game.l10n.is_translation:
        return {}
    units = game.l10n.by_id
    keys = ["title", "text", "gap", *(f"fields.{key}" for key, _ in card.values)]
    found = ((key, units.get(card_unit_id(deck.id, card.id, key))) for key in keys)
    return {key: unit.at for key, unit in found if unit is not None}


def face_items(game: Game, deck: Deck, layout: Layout) -> list[Item]:
    """Every copy of every card, fitted front and back (raises FIT001/FONT001)."""
    back = layout.back or default_back(layout)
    memo: faces.Memo = {}
    size = (layout.width, layout.height)
    items = []
    for card in deck.cards:
        for copy in range(1, card.copies + 1):
            subject = Subject(
                card_context(game, deck, card, copy),
                f"deck {deck.id!r}, card {card.id!r}",
                game.language,
                card.at,
                translated_places(game, deck, card),
            )
            front = faces.prepare(layout.front, subject, memo)
            rear = faces.prepare(back, subject, memo)
            label = card.id if card.copies == 1 else f"{card.id} {copy}/{card.copies}"
            items.append(
                Item(
                    label,
                    faces.drawer(layout.front, front, size),
                    faces.drawer(back, rear, size),
                )
            )
    return items


def request(layout: Layout, variant: str) -> Request:
    """What the variant asks the sheet planner for."""
    s = layout.sheet
    if variant == "scissors":
        return Request(layout.width, layout.height, 0.0, s.margin, 0.0)
    if variant == "fold":
        return Request(2 * layout.width, layout.height, layout.bleed, s.margin)
    if variant == "counters":
        # Butted, whatever the bleed: neighbours share a cut line, so a hand-cut sheet
        # takes one cut per line, not two and a waste strip beside every ⅝″ piece, as
        # gutters would; the bleed runs round the block and into empty slots only. The
        # cutting grid's column numbers and row letters stand in label_room, outside it.
        # A gutter asked for is not used (notes() says so); a grid and orientation are.
        return Request(
            layout.width,
            layout.height,
            layout.bleed,
            s.margin,
            0.0,
            s.orientation,
            s.cols,
            s.rows,
            label_room=GRID_LABEL_ROOM,
        )
    return Request(
        layout.width, layout.height, layout.bleed, s.margin, s.gutter, s.orientation, s.cols, s.rows
    )


def variants_for(layout: Layout, paper: str) -> list[str]:
    """The variants a layout's cards can be printed in on ``paper``.

    A fold sheet puts each card beside its back, twice as wide: a card wider
    than half the paper has none (it is a way of printing, not the game's
    content), and ``notes`` says so. Every other variant fits or fails.
    """
    try:
        plan(request(layout, "fold"), paper)
    except DoesNotFit:
        return [v for v in VARIANTS if v != "fold"]
    return list(VARIANTS)


def plan_sheet(layout: Layout, variant: str, paper: str, what: str) -> Sheet:
    """The sheet, or a located error saying what does not fit and what would."""
    try:
        return plan(request(layout, variant), paper)
    except DoesNotFit as err:
        proposal = f"this fits: {err.proposal.describe()}" if err.proposal else "use smaller items"
        raise CompileError(
            [
                Finding(
                    "FIT002",
                    Severity.ERROR,
                    f"{what} ({variant}): {err}",
                    layout.sheet.at,
                    suggestion=f"{proposal}; change sheet: in layouts.yaml, or leave out "
                    "cols/rows/orientation to have the best fit computed",
                )
            ]
        ) from err


def _fold_pair(item: Item, width: float) -> Item:
    """Front and back side by side on one piece, folded on the shared edge."""

    def draw(canv, rect):
        bx, by, bw, bh = rect
        item.front(canv, (bx, by, width - bx, bh))
        canv.saveState()
        canv.translate(width * mm, 0)
        if item.back:
            item.back(canv, (0, by, bw - (width - bx), bh))
        canv.restoreState()

    return Item(item.label, draw, None)


def _fold_marks(canv, sheet: Sheet, width: float, used: int, headed: bool = False) -> None:
    """Dashed marks beyond the block at every fold line of the columns in use; at the
    foot they stop short of the slug line, as the crop marks do (they ran into its
    letters on A4), and at the head short of a line written there (``headed``)."""
    b = sheet.block()
    floor = sheet.margin + SLUG_HEIGHT + 0.5
    ceiling = sheet.page_h - floor if headed else b.y1 + 5
    canv.saveState()
    canv.setLineWidth(0.25)
    canv.setDash(1, 1)
    for col in range(min(sheet.cols, used)):
        x = (sheet.trim(col).x + width) * mm
        if min(b.y1 + 5, ceiling) - (b.y1 + 0.5) >= 1:
            canv.line(x, (b.y1 + 0.5) * mm, x, min(b.y1 + 5, ceiling) * mm)
        if b.y - 0.5 - max(b.y - 4, floor) >= 1:
            canv.line(x, (b.y - 0.5) * mm, x, max(b.y - 4, floor) * mm)
    canv.restoreState()


def render_sheets(
    items: list[Item],
    layout: Layout,
    variant: str,
    paper: str,
    title: str,
    what: str,
    lang: str = "en",
    author: str = "",
) -> bytes:
    """One variant of a deck's sheets; ``lang`` is the language of its text and
    instructions, ``author`` the publisher whose text the cards print."""
    sheet = plan_sheet(layout, variant, paper, what)
    flip = variant.removeprefix("duplex-") if variant.startswith("duplex-") else None
    buf = io.BytesIO()
    info = FileInfo(f"{title} — {variant}", f"{sheet.describe()}; print at 100 %", author, lang)
    canv = new_canvas(buf, (sheet.page_w, sheet.page_h), info, flip)
    if flip:
        registration_pages(canv, sheet, flip, layout.sheet.back_offset, title, lang)
    if variant == "fold":
        items = [_fold_pair(item, layout.width) for item in items]
    decorate = {
        "scissors": lambda c, used, _headed: cut_grid(c, sheet, used),
        "fold": lambda c, used, headed: _fold_marks(c, sheet, layout.width, used, headed),
    }.get(variant)
    # the size to check a print by with a ruler: many viewers ignore /PrintScaling
    size = {"w": in_language(layout.width, lang), "h": in_language(layout.height, lang)}
    scale = (label(lang, "kit-scale", **size), label(lang, "kit-scale-short", **size))
    note = label(lang, "kit-fold") if variant == "fold" else ""
    impose(
        canv,
        sheet,
        items,
        head=f"{title} — {variant}",
        flip=flip,
        offset=layout.sheet.back_offset,
        marks=variant != "scissors",
        decorate=decorate,
        note=note,
        lang=lang,
        scale=scale,
    )
    canv.save()
    return buf.getvalue()


def in_language(value: float, lang: str) -> str:
    """A length as the language writes it: 63.5 in English, 63,5 in Italian."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang.split("-")[0] == "it" else text


def render_pod(
    items: list[Item], layout: Layout, title: str, lang: str = "en", author: str = ""
) -> bytes:
    """One face per page, page = trim + bleed, TrimBox and BleedBox set."""
    b = layout.bleed
    w, h = layout.width + 2 * b, layout.height + 2 * b
    buf = io.BytesIO()
    subject = (
        f"one card per page, {layout.width:g} × {layout.height:g} mm with {b:g} mm bleed "
        "(TrimBox, BleedBox), front then back, for print-on-demand services"
    )
    canv = new_canvas(buf, (w, h), FileInfo(f"{title} — print on demand", subject, author, lang))
    box = (b * mm, b * mm, (b + layout.width) * mm, (b + layout.height) * mm)
    for item in items:
        for draw in (item.front, item.back):
            if draw is None:
                continue
            canv.setTrimBox(box)
            canv.setBleedBox((0, 0, w * mm, h * mm))
            canv.saveState()
            canv.translate(b * mm, b * mm)
            draw(canv, (-b, -b, w, h))
            canv.restoreState()
            canv.showPage()
    canv.save()
    return buf.getvalue()


def printable_decks(game: Game) -> list[tuple[Deck, Layout]]:
    layouts = {layout.id: layout for layout in game.layouts}
    return [(d, layouts[d.layout]) for d in game.decks if d.layout in layouts and d.cards]


def build(game: Game, options: Options, tick: Tick = silent) -> Iterator[Output]:
    """Every variant of every deck's sheets; nothing is yielded if any card fails to fit.
    ``tick`` hears which file is being set, of how many (a big deck takes minutes)."""
    rendered: list[Output] = []
    decks = printable_decks(game)
    author = game.publisher or ""
    total = sum(sum(len(variants_for(lay, p)) for p in options.papers) + 1 for _, lay in decks)
    for deck, layout in decks:
        items = face_items(game, deck, layout)
        title = f"{game.title} — {deck.title or deck.id}"
        what = f"deck {deck.id!r}"
        base = f"{output_dir(game)}/cards-{deck.id}"
        for paper in options.papers:
            for variant in variants_for(layout, paper):
                path = f"{base}-{paper}-{variant}.pdf"
                tick(len(rendered), total, "of the files, now " + path.rsplit("/", 1)[-1])
                data = render_sheets(
                    items, layout, variant, paper, title, what, game.language, author
                )
                rendered.append(Output(path, data))
        tick(len(rendered), total, f"of the files, now cards-{deck.id}-pod.pdf")
        pod = render_pod(items, layout, title, game.language, author)
        rendered.append(Output(f"{base}-pod.pdf", pod))
    yield from rendered


def notes(game: Game) -> list[str]:
    """What the kit leaves out, said once per build: decks with no content or no layout."""
    with_cards = {d.component for d in game.decks if d.cards}
    missing = [
        c.name
        for c in game.components
        if c.kind in DECK_KINDS and c.part_of is None and c.id not in with_cards
    ]
    out = []
    if missing:
        out.append(
            f"{game.id}: no card sheet for {len(missing)} deck(s) whose cards the source "
            f"does not print: {', '.join(missing)}"
        )
    for deck, layout in printable_decks(game):
        unfolded = [PAPER_NAMES[p] for p in POINTS if "fold" not in variants_for(layout, p)]
        if unfolded:
            out.append(
                f"{game.id}: no fold sheet for deck {deck.id!r} on {' or '.join(unfolded)}: a "
                f"card beside its back is {2 * layout.width:g} mm wide, more than the paper "
                "holds (print it duplex or fronts and backs instead)"
            )
    unlaid = [d.id for d in game.decks if d.cards and d.layout is None]
    if unlaid:
        out.append(f"{game.id}: no card sheet for {', '.join(unlaid)}: give the deck a layout")
    return out
