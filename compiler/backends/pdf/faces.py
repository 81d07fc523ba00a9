"""Draw one card or counter face: its background and named regions, text fitted.

A region's text is set at the layout's size and, if it does not fit the box,
stepped down half a point at a time to the region's ``min_size`` and no
further. Text that still does not fit is a FIT001 error naming the deck, the
card, the region, the language and the overflow: a translated card in 5 pt
type is worse than a build that stops.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from compiler.backends.pdf.fonts import SERIF, register, with_fallback
from compiler.backends.pdf.glyphs import glyph_finding
from compiler.backends.pdf.metrics import widest_advance
from compiler.backends.pdf.region_text import (
    TAG,
    Subject,
    font_name,
    layout_error,
    render_markup,
    sizes,
)
from compiler.diagnostics import CompileError, Finding, Severity
from compiler.model.layouts import FaceDesign, Region

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}


@dataclass(frozen=True, slots=True)
class Fitted:
    """A region's paragraph at the size it fits, ready to draw."""

    region: Region
    paragraph: Paragraph | None
    height: float  # pt
    size: float


@cache
def _style(font: str, size: float, leading: float, align: str, colour: str) -> ParagraphStyle:
    return ParagraphStyle(
        f"{font}-{size}-{align}",
        fontName=font,
        fontSize=size,
        leading=size * leading,
        alignment=ALIGN[align],
        textColor=HexColor(colour),
    )


def _for_font(region: Region, markup: str) -> str:
    """The markup as it is set in the region's font: a serif face falls back for glyphs
    it lacks."""
    return with_fallback(markup) if font_name(region).startswith(SERIF) else markup


def read(region: Region, markup: str) -> None:
    """Have ReportLab read ``markup`` as the region would be set; LAYOUT001 if it cannot."""
    register()
    _paragraph(region, _for_font(region, markup), region.size)


def _paragraph(region: Region, markup: str, size: float) -> Paragraph:
    """The markup as a Paragraph in the region's style at ``size``; markup ReportLab
    cannot read is the layout's fault (LAYOUT001)."""
    style = _style(font_name(region), size, region.leading, region.align, region.colour)
    try:
        return Paragraph(markup, style)
    # ValueError: e.g. a <b> the template opens and never closes; the others are
    # ReportLab's parser meeting markup it never expected (a translated template's)
    except (ValueError, KeyError, IndexError, TypeError) as err:
        raise layout_error(
            region,
            f"region {region.id!r}: its show template makes markup that is not valid: "
            f"{next((x.strip() for x in str(err).splitlines() if x.strip()), 'bad tags')}",
            "close every tag the template opens (<b>…</b>), give <font> a colour "
            'ReportLab knows (color="#7a2e2a" or a name such as "red"), and write & < > '
            "in its own text as &amp; &lt; &gt;",
        ) from None


_WORD_GAPS = re.compile(r"[ \t\r\n]+")  # where a Paragraph breaks words (not at U+00A0)


def _may_hold_wide_word(markup: str, size: float, width: float) -> bool:
    """False when no word of ``markup`` can be wider than ``width``, by a bound.

    A word is at most its characters times the widest of them in the widest
    face; tags are dropped, not spaced, so words only grow. Only when the
    bound fails does ``Paragraph.minWidth`` measure every word, which was a
    tenth of fitting a card.
    """
    plain = TAG.sub("", markup)
    longest = max(map(len, _WORD_GAPS.split(plain)), default=0)
    if not longest:
        return False
    return longest * max(map(widest_advance, set(plain))) * size > width


def fit(region: Region, markup: str, subject: Subject) -> Fitted:
    """The largest size from ``region.size`` down to ``min_size`` at which the text fits."""
    if not markup:
        return Fitted(region, None, 0.0, region.size)
    register()
    markup = _for_font(region, markup)
    width = (region.w - 2 * region.padding) * mm
    height = (region.h - 2 * region.padding) * mm
    at_least = _surely_too_tall(region, markup, width, height) if len(markup) > LONG else None
    if at_least is not None:
        if region.optional:
            return Fitted(region, None, 0.0, region.size)
        raise CompileError([_overflow(region, subject, f"by at least {at_least / mm:.1f} mm")])
    for size in sizes(region):
        para = _paragraph(region, markup, size)
        _, needed = para.wrap(width, 10_000)
        widest = para.minWidth() if _may_hold_wide_word(markup, size, width) else 0.0
        if needed <= height + 0.01 and widest <= width + 0.01:
            return Fitted(region, para, needed, size)
    if region.optional:
        return Fitted(region, None, 0.0, region.size)
    over = max(needed - height, 0) / mm
    wide = max(widest - width, 0) / mm
    if over:
        raise CompileError([_overflow(region, subject, f"by {over:.1f} mm")])
    raise CompileError(
        [_misfit(region, subject, f"has a word {wide:.1f} mm wider than the {region.w:g} mm box")]
    )


LONG = 5_000
"""Characters of markup from which a region's text is first bounded from below: wrapped at
each size in turn, a translated card text of a megabyte took ReportLab minutes."""


def _surely_too_tall(region: Region, markup: str, width: float, height: float) -> float | None:
    """By how much the text must overflow at the smallest size, or None if it may fit.

    A line holds at most ``width`` points of glyphs, so the text needs at least its
    glyphs' total advance (less the spaces, where lines may break) over ``width``
    lines, each at least the style's leading. Reading the markup into fragments is
    one pass; wrapping it is what costs.
    """
    para = _paragraph(region, markup, min(sizes(region)))
    total = sum(
        stringWidth(_WORD_GAPS.sub("", frag.text), frag.fontName, frag.fontSize)
        for frag in para.frags
        if getattr(frag, "text", "")
    )
    lines = int(total // width) if width > 0 else 0
    over = lines * para.style.leading - height
    return over if over > mm else None


def _overflow(region: Region, subject: Subject, by: str) -> Finding:
    return _misfit(region, subject, f"overflows its {region.h:g} mm height {by}")


def _misfit(region: Region, subject: Subject, problem: str) -> Finding:
    return Finding(
        "FIT001",
        Severity.ERROR,
        f"{subject.what}, region {region.id!r} ({subject.lang}): the text "
        f"{problem} even at the minimum size {region.min_size:g} pt",
        subject.where(region),
        suggestion="enlarge the region in layouts.yaml or lower its min_size "
        f"{f'(at {region.at}); ' if region.at else '; '}the source's text is printed "
        "as written, a translation can be shortened in its catalog",
    )


def check_glyphs(markup: str, subject: Subject, region: Region) -> None:
    finding = glyph_finding(markup, subject.where(region), f"{subject.what}, region {region.id!r}")
    if finding:
        raise CompileError([finding])


Memo = dict[tuple[Region, str], Fitted]


def prepare(design: FaceDesign, subject: Subject, memo: Memo | None = None) -> tuple[Fitted, ...]:
    """Every region filled and fitted; raises FIT001/FONT001 before anything is drawn.

    ``memo`` (one per deck) lets the same words in the same region, such as a
    card's label or the shared back, be fitted once and drawn many times.
    """
    register()
    out = []
    for region in design.regions:
        markup = render_markup(region, subject.context)
        key = (region, markup)
        if memo is not None and key in memo:
            out.append(memo[key])
            continue
        check_glyphs(markup, subject, region)
        fitted = fit(region, markup, subject)
        if memo is not None:
            memo[key] = fitted
        out.append(fitted)
    return tuple(out)


def _bled(
    r: Region, width: float, height: float, bleed_rect: tuple[float, float, float, float]
) -> tuple[float, float, float, float]:
    """A fill that touches the trim runs on into the bleed: a cut off the line shows no white."""
    bx, by, bw, bh = bleed_rect
    x0, y0 = r.x, height - r.y - r.h
    x1, y1 = x0 + r.w, y0 + r.h
    eps = 1e-6
    return (
        bx if x0 <= eps else x0,
        by if y0 <= eps else y0,
        (bx + bw if x1 >= width - eps else x1) - (bx if x0 <= eps else x0),
        (by + bh if y1 >= height - eps else y1) - (by if y0 <= eps else y0),
    )


def draw(
    canv: Canvas,
    design: FaceDesign,
    fitted: tuple[Fitted, ...],
    size: tuple[float, float],
    bleed_rect: tuple[float, float, float, float],
) -> None:
    """Draw a face with its trim's lower-left at the origin (mm); clip to its bleed."""
    width, height = size
    canv.saveState()
    bx, by, bw, bh = bleed_rect
    path = canv.beginPath()
    path.rect(bx * mm, by * mm, bw * mm, bh * mm)
    canv.clipPath(path, stroke=0, fill=0)
    if design.background:
        canv.setFillColor(HexColor(design.background))
        canv.rect(bx * mm, by * mm, bw * mm, bh * mm, stroke=0, fill=1)
    for item in fitted:
        r = item.region
        x, y = r.x * mm, (height - r.y - r.h) * mm
        if r.fill:
            fx, fy, fw, fh = _bled(r, width, height, bleed_rect)
            canv.setFillColor(HexColor(r.fill))
            canv.rect(fx * mm, fy * mm, fw * mm, fh * mm, stroke=0, fill=1)
        if r.stroke:
            canv.setLineWidth(0.5)
            canv.setStrokeColor(HexColor(r.stroke))
            canv.rect(x, y, r.w * mm, r.h * mm, stroke=1, fill=0)
        if item.paragraph is None:
            continue
        inner_h = (r.h - 2 * r.padding) * mm
        top = y + r.h * mm - r.padding * mm
        offset = {
            "top": 0.0,
            "middle": (inner_h - item.height) / 2,
            "bottom": inner_h - item.height,
        }
        item.paragraph.drawOn(canv, x + r.padding * mm, top - offset[r.valign] - item.height)
    canv.restoreState()


def drawer(
    design: FaceDesign, fitted: tuple[Fitted, ...], size: tuple[float, float]
) -> Callable[[Canvas, tuple[float, float, float, float]], None]:
    """``draw`` bound to one face, in the shape imposition places faces with."""

    def draw_face(canv: Canvas, bleed_rect: tuple[float, float, float, float]) -> None:
        draw(canv, design, fitted, size, bleed_rect)

    return draw_face
