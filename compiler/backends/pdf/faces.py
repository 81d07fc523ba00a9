"""Draw one card or counter face: its background and named regions, text fitted.

A region's text is set at the layout's size and, if it does not fit the box,
stepped down half a point at a time to the region's ``min_size`` and no
further. Text that still does not fit is a FIT001 error naming the deck, the
card, the region, the language and the overflow: a translated card in 5 pt
type is worse than a build that stops.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from markupsafe import escape
from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from compiler.backends.pdf.fonts import SANS, SERIF, register, widest_advance, with_fallback
from compiler.backends.pdf.glyphs import glyph_finding
from compiler.diagnostics import NOWHERE, CompileError, Finding, Location, Severity
from compiler.limits import TimeLimitExceeded, time_limit
from compiler.model.layouts import FaceDesign, Region
from compiler.templating import MAX_TEXT, environment

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
STEP = 0.5  # pt
TEMPLATE_SECONDS = 2.0  # one card's template: a real one takes well under a millisecond


@dataclass(frozen=True, slots=True)
class Fitted:
    """A region's paragraph at the size it fits, ready to draw."""

    region: Region
    paragraph: Paragraph | None
    height: float  # pt
    size: float


@dataclass(frozen=True, slots=True)
class Subject:
    """What a face shows and how to name it in an error."""

    context: Mapping[str, Any]  # the template's variables
    what: str  # "deck carte-medaglia, card medaglia-1-01"
    lang: str
    at: Location | None


def font_name(region: Region) -> str:
    if region.font == "sans":
        return f"{SANS}-Bold" if region.bold else SANS
    return {
        (False, False): SERIF,
        (True, False): f"{SERIF}-Bold",
        (False, True): f"{SERIF}-Italic",
        (True, True): f"{SERIF}-BoldItalic",
    }[(region.bold, region.italic)]


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


@cache
def _template(source: str):
    """Each distinct ``show`` is compiled once, not once per card."""
    return environment().from_string(source)


_ONE_NAME = re.compile(r"\{\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}\}")


@cache
def _lookup_path(source: str) -> tuple[str, ...] | None:
    """("card", "title") for a show that is ``{{ card.title }}`` and nothing else."""
    match = _ONE_NAME.fullmatch(source.strip())
    return tuple(match.group(1).split(".")) if match else None


def _looked_up(path: tuple[str, ...], context: Mapping[str, Any]) -> str | None:
    """What Jinja2 would print for ``{{ a.b.c }}``, without a template run, or None.

    Most regions show one value ("{{ card.title }}"), and a template run
    (a new context, autoescape, join) is a sixth of setting a card sheet. Only
    the plain case is answered here: plain dicts all the way, keys that are not
    dict methods, a text or whole-number value. Anything else returns None and
    Jinja2 runs, so what it prints (and every error it raises) stays its own.
    """
    value: Any = context
    for name in path:
        if type(value) is not dict or name not in value or hasattr(dict, name):
            return None
        value = value[name]
    if type(value) is int or isinstance(value, str):
        return str(escape(value))
    return None


# The paragraph tags a layout's ``show`` may write: type styles only. <img> would read
# any file, <a>/<onDraw>/<seq> act on the document; none is a card region's business.
_TAG = re.compile(r"<\s*(/?)\s*([A-Za-z]+)([^>]*)>")
_STYLE_TAGS = {"b", "i", "u", "strike", "super", "sup", "sub", "br", "font", "strong", "em"}
_FONT_ATTRS = re.compile(r"""\s*(color|colour|size)\s*=\s*("[^"]*"|'[^']*')""")


def _layout_error(region: Region, message: str, hint: str) -> CompileError:
    return CompileError(
        [Finding("LAYOUT001", Severity.ERROR, message, region.at or NOWHERE, suggestion=hint)]
    )


def _names_hint(context: Mapping[str, Any]) -> str:
    """What the template may name here: a card's region and a counter's see different names."""
    names = ", ".join(sorted(context))
    example = " (card.title, card.text, card.fields.KEY)" if "card" in context else ""
    return f"fix the Jinja2 expression in layouts.yaml; it can use {names}{example}"


def render_markup(region: Region, context: Mapping[str, Any]) -> str:
    """The region's template filled in: paragraph markup with the data escaped.

    A template that does not compile or run, or that writes a tag other than
    a type style, is a located error at the region (LAYOUT001), never a crash.
    """
    if not region.show:
        return ""
    if "{" not in region.show:
        quick: str | None = region.show  # no Jinja2 syntax: it prints itself
    else:
        path = _lookup_path(region.show)
        quick = _looked_up(path, context) if path else None
    try:
        if quick is None:
            with time_limit(TEMPLATE_SECONDS):
                quick = _template(region.show).render(**context)
        markup = quick.strip()
    except TimeLimitExceeded:
        raise _layout_error(
            region,
            f"region {region.id!r}: its show template ran for more than "
            f"{TEMPLATE_SECONDS:g} s on one card",
            "loop over the card's own fields, not over long ranges",
        ) from None
    except Exception as err:  # the template is the layout author's code: any failure is theirs
        message = getattr(err, "message", None) or f"{type(err).__name__}: {err}"
        raise _layout_error(
            region,
            f"region {region.id!r}: its show template cannot be used: {message}",
            _names_hint(context),
        ) from None
    if len(markup) > MAX_TEXT:
        raise _layout_error(
            region,
            f"region {region.id!r}: its show template writes {len(markup):,} characters, "
            "more than any card can print",
            "show the card's own text and fields",
        )
    for closing, tag, attrs in _TAG.findall(markup):
        allowed = tag.lower() in _STYLE_TAGS and (
            tag.lower() != "font" or closing or not _FONT_ATTRS.sub("", attrs).strip(" /")
        )
        if not allowed:
            raise _layout_error(
                region,
                f"region {region.id!r}: its show template writes <{tag}{attrs}>, which a card "
                "region may not use",
                "use only <b>, <strong>, <i>, <em>, <u>, <strike>, <super>, <sup>, <sub>, "
                "<br/> and "
                '<font color="…" size="…">',
            )
    return markup


@lru_cache(maxsize=65_536)
def fits(region: Region, markup: str) -> bool:
    """Whether ``markup`` fits ``region`` at or above its minimum size, remembered.

    Lint asks this of every card in each edition and language, and most texts
    (every back, every unchanged card) are asked again; a Paragraph is only
    set the first time. The position of ``region`` is part of the key, the
    card is not: the answer depends on the box and the text alone. Markup
    ReportLab cannot read raises LAYOUT001 as the build does: ``surely_fits``
    measures words and never parses tags, so a <b> a template never closes
    is read here.
    """
    if "<" in markup or "&" in markup:  # read at any size alike: read once, here
        _paragraph(region, _for_font(region, markup), region.size)
    if surely_fits(region, markup):
        return True
    try:
        fit(region, markup, Subject({}, "", "", NOWHERE))
    except CompileError:  # the markup was read above: this is the text not fitting
        return False
    return True


def _for_font(region: Region, markup: str) -> str:
    """The markup as it is set in the region's font: a serif face falls back for glyphs
    it lacks."""
    return with_fallback(markup) if font_name(region).startswith(SERIF) else markup


def _paragraph(region: Region, markup: str, size: float) -> Paragraph:
    """The markup as a Paragraph in the region's style at ``size``; markup ReportLab
    cannot read is the layout's fault (LAYOUT001)."""
    style = _style(font_name(region), size, region.leading, region.align, region.colour)
    try:
        return Paragraph(markup, style)
    except ValueError as err:  # e.g. a <b> the template opens and never closes
        raise _layout_error(
            region,
            f"region {region.id!r}: its show template makes markup that is not valid: "
            f"{next((x.strip() for x in str(err).splitlines() if x.strip()), 'bad tags')}",
            "close every tag the template opens (<b>…</b>), give <font> a colour "
            'ReportLab knows (color="#7a2e2a" or a name such as "red"), and write & < > '
            "in its own text as &amp; &lt; &gt;",
        ) from None


_BREAK = re.compile(r"<\s*br\s*/?\s*>", re.IGNORECASE)
_ENTITY = {
    "&lt;": "<",
    "&gt;": ">",
    "&quot;": '"',
    "&#34;": '"',  # markupsafe writes quotes and apostrophes as numbers
    "&#39;": "'",
    "&#x27;": "'",
    "&amp;": "&",  # last: "&amp;lt;" is the text "&lt;", not "<"
}
_WIDEST = (f"{SERIF}-Bold", f"{SANS}-Bold")  # a word is never wider than in these
_SPACES = re.compile(r"[ \t\r]+")


def surely_fits(region: Region, markup: str) -> bool:
    """A quick sufficient test: True only when the text must fit at ``region.size``.

    Greedy line filling breaks a line only when the next word (with its
    space) does not fit, so every full line holds more than ``width - word
    - space``: the lines needed are at most ``1 + total / (width - widest
    word - space)`` per hard break. Widths are measured in the widest face
    the text could be set in. Markup that changes sizes or fonts, or any
    doubt, answers False and the real Paragraph decides. Lint asks this of
    every card in every language; setting a Paragraph for each is most of
    its time on a big deck.
    """
    if not markup:
        return True
    if any(tag in markup for tag in ("<font", "<super", "<sup", "<sub", "<span")):
        return False
    text = _TAG.sub(lambda m: "\n" if _BREAK.fullmatch(m.group(0)) else "", markup)
    for entity, char in _ENTITY.items():
        text = text.replace(entity, char)
    if "&" in text and ";" in text:
        return False  # an entity this does not know: let the Paragraph read it
    size = region.size
    width = (region.w - 2 * region.padding) * mm - 0.5
    height = (region.h - 2 * region.padding) * mm - 0.5
    faces = (font_name(region), *_WIDEST)
    space = _word_width(" ", faces, size)
    lines = 0.0
    for segment in text.split("\n"):
        words = [w for w in _SPACES.split(segment) if w]  # not str.split: it breaks at U+00A0
        if not words:
            lines += 1
            continue
        widths = [_word_width(w, faces, size) for w in words]
        widest = max(widths)
        room = width - widest - space
        if widest > width or room <= 0:
            return False
        total = sum(widths) + space * (len(words) - 1)
        lines += 1 if total <= width else 1 + int(total // room)
    return lines * size * region.leading <= height


@lru_cache(maxsize=1 << 16)
def _word_width(word: str, faces: tuple[str, ...], size: float) -> float:
    """The word's width in the widest of ``faces``, remembered: a deck's cards share
    most of their words, and measuring one in three faces was a third of linting a
    100,000-card deck."""
    return max(stringWidth(word, face, size) for face in faces)


_WORD_GAPS = re.compile(r"[ \t\r\n]+")  # where a Paragraph breaks words (not at U+00A0)


def _may_hold_wide_word(markup: str, size: float, width: float) -> bool:
    """False when no word of ``markup`` can be wider than ``width``, by a bound.

    A word is at most its characters times the widest of them in the widest
    face; tags are dropped, not spaced, so words only grow. Only when the
    bound fails does ``Paragraph.minWidth`` measure every word, which was a
    tenth of fitting a card.
    """
    plain = _TAG.sub("", markup)
    longest = max(map(len, _WORD_GAPS.split(plain)), default=0)
    if not longest:
        return False
    return longest * max(map(widest_advance, set(plain))) * size > width


def fit(region: Region, markup: str, subject: Subject) -> Fitted:
    """The largest size from ``region.size`` down to ``min_size`` at which the text fits."""
    if not markup:
        return Fitted(region, None, 0.0, region.size)
    markup = _for_font(region, markup)
    width = (region.w - 2 * region.padding) * mm
    height = (region.h - 2 * region.padding) * mm
    size = region.size
    while True:
        para = _paragraph(region, markup, size)
        _, needed = para.wrap(width, 10_000)
        widest = para.minWidth() if _may_hold_wide_word(markup, size, width) else 0.0
        if needed <= height + 0.01 and widest <= width + 0.01:
            return Fitted(region, para, needed, size)
        if size - STEP < region.min_size - 1e-9:
            over = max(needed - height, 0) / mm
            wide = max(widest - width, 0) / mm
            problem = (
                f"overflows its {region.h:g} mm height by {over:.1f} mm"
                if over
                else f"has a word {wide:.1f} mm wider than the {region.w:g} mm box"
            )
            raise CompileError(
                [
                    Finding(
                        "FIT001",
                        Severity.ERROR,
                        f"{subject.what}, region {region.id!r} ({subject.lang}): the text "
                        f"{problem} even at the minimum size {region.min_size:g} pt",
                        subject.at,
                        suggestion=f"enlarge the region in layouts.yaml or lower its min_size "
                        f"(at {region.at}); the source's text is printed as written, a "
                        "translation can be shortened in its catalog",
                    )
                ]
            )
        size -= STEP


def check_glyphs(markup: str, subject: Subject, region: Region) -> None:
    finding = glyph_finding(markup, subject.at, f"{subject.what}, region {region.id!r}")
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
