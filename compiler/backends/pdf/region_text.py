"""A region's text: its markup from the layout's template, and whether it fits.

Lint asks of every card, in every edition and language, whether its text
fits (L10N009); the build sets it. Both fill the template here. Whether it
fits is first decided by a bound, in pure Python with the fonts' own widths
(metrics.py): nearly every card is answered so, and lint then never imports
ReportLab, a fifth of its cold run. Only text the bound cannot vouch for is
set as a real Paragraph (faces.py), and it decides.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from markupsafe import escape

from compiler.backends.pdf.metrics import MM, SANS, SERIF, most_lines
from compiler.diagnostics import NOWHERE, CompileError, Finding, Location, Severity
from compiler.l10n.units import shown_card_keys
from compiler.limits import TimeLimitExceeded, time_limit
from compiler.model.from_kit import MAX_FONT_PT, MIN_FONT_PT
from compiler.model.layouts import Region
from compiler.templating import MAX_TEXT, environment

STEP = 0.5  # pt: how far each try steps the size down, from the layout's to min_size
TEMPLATE_SECONDS = 2.0  # one card's template: a real one takes well under a millisecond


@dataclass(frozen=True, slots=True)
class Subject:
    """What a face shows and how to name it in an error."""

    context: Mapping[str, Any]  # the template's variables
    what: str  # "deck carte-medaglia, card medaglia-1-01"
    lang: str
    at: Location | None
    places: Mapping[str, Location] = field(default_factory=dict)
    """Where each card value a region may show is written, by key ("text", "gap"): a
    translation's, at its catalog entry, where the translator mends it."""

    def where(self, region: Region) -> Location | None:
        """Where a fault in ``region`` is said: at the value it shows, else the subject."""
        shown = (self.places[k] for k in shown_card_keys(region.show) if k in self.places)
        return next(shown, self.at)


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
def _template(source: str):
    """Each distinct ``show`` is compiled once, not once per card."""
    return environment().from_string(source)


_ONE_NAME = re.compile(r"\{\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}\}")


@cache
def lookup_path(source: str) -> tuple[str, ...] | None:
    """("card", "title") for a show that is ``{{ card.title }}`` and nothing else, and
    none of whose names is a dict method (``card.items``), which Jinja2 finds first."""
    match = _ONE_NAME.fullmatch(source.strip())
    path = tuple(match.group(1).split(".")) if match else ()
    return path if path and not any(hasattr(dict, name) for name in path) else None


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
        if type(value) is not dict or name not in value:
            return None
        value = value[name]
    if type(value) is int or isinstance(value, str):
        return str(escape(value))
    return None


# The paragraph tags a layout's ``show`` may write: type styles only. <img> would read
# any file, <a>/<onDraw>/<seq> act on the document; none is a card region's business.
TAG = re.compile(r"<\s*(/?)\s*([A-Za-z]+)([^>]*)>")
_STYLE_TAGS = {"b", "i", "u", "strike", "super", "sup", "sub", "br", "font", "strong", "em"}
_FONT_ATTRS = re.compile(r"""\s*(color|colour|size)\s*=\s*("[^"]*"|'[^']*')""")


def layout_error(region: Region, message: str, hint: str) -> CompileError:
    """LAYOUT001 at the region, or at the catalog entry that translates its template."""
    if region.show_at is not None:
        hint += "; this template is a translation: mend it in its catalog entry"
    at = region.show_at or region.at or NOWHERE
    return CompileError([Finding("LAYOUT001", Severity.ERROR, message, at, suggestion=hint)])


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
        path = lookup_path(region.show)
        quick = _looked_up(path, context) if path else None
    try:
        if quick is None:
            with time_limit(TEMPLATE_SECONDS):
                quick = _template(region.show).render(**context)
        markup = quick.strip()
    except TimeLimitExceeded:
        raise layout_error(
            region,
            f"region {region.id!r}: its show template ran for more than "
            f"{TEMPLATE_SECONDS:g} s on one card",
            "loop over the card's own fields, not over long ranges",
        ) from None
    except Exception as err:  # the template is the layout author's code: any failure is theirs
        message = getattr(err, "message", None) or f"{type(err).__name__}: {err}"
        raise layout_error(
            region,
            f"region {region.id!r}: its show template cannot be used: {message}",
            _names_hint(context),
        ) from None
    if len(markup) > MAX_TEXT:
        raise layout_error(
            region,
            f"region {region.id!r}: its show template writes {len(markup):,} characters, "
            "more than any card can print",
            "show the card's own text and fields",
        )
    for closing, tag, attrs in TAG.findall(markup):
        if not _allowed(tag.lower(), closing, attrs):
            raise layout_error(
                region,
                f"region {region.id!r}: its show template writes <{tag}{attrs}>, which a card "
                "region may not use",
                "use only <b>, <strong>, <i>, <em>, <u>, <strike>, <super>, <sup>, <sub>, "
                '<br/> and <font color="…" size="…">, the others without attributes, and a '
                f"size in points from {MIN_FONT_PT:g} to {MAX_FONT_PT:g}",
            )
    return markup


_POINTS = re.compile(r"\d{1,3}(\.\d{1,3})?")


def _allowed(tag: str, closing: str, attrs: str) -> bool:
    """Whether a card region may write this tag: a type style, with attributes only on
    <font> (a colour, and a size from MIN_FONT_PT to MAX_FONT_PT).

    ReportLab reads attributes it has no use for, and fails on some of them in
    ways no message can locate: <u kind="9"> is a KeyError, <font size="inf">
    a drawing that cannot be written, <font size="0"> text no one can read.
    """
    if tag not in _STYLE_TAGS:
        return False
    if closing:
        return True
    if tag != "font":
        return not attrs.strip(" /")
    if _FONT_ATTRS.sub("", attrs).strip(" /"):
        return False
    for name, quoted in _FONT_ATTRS.findall(attrs):
        size = quoted[1:-1].strip()
        if name == "size" and not (
            _POINTS.fullmatch(size) and MIN_FONT_PT <= float(size) <= MAX_FONT_PT
        ):
            return False
    return True


@lru_cache(maxsize=65_536)
def fits(region: Region, markup: str) -> bool:
    """Whether ``markup`` fits ``region`` at some size the build tries, remembered.

    Lint asks this of every card in each edition and language, and most texts
    (every back, every unchanged card) are asked again. The position of
    ``region`` is part of the key, the card is not: the answer depends on the
    box and the text alone. Markup ReportLab cannot read raises LAYOUT001 as
    the build does: ``surely_fits`` measures words and never parses tags, so
    markup that is not ``plainly_valid`` (a <b> a template never closes) is
    read by ReportLab here. So is text the bound cannot vouch for at the
    layout's size or at the smallest size the build would try.
    """
    if region.optional:  # Casebook's own decoration: left blank if it cannot fit
        return True
    if ("<" in markup or "&" in markup) and not plainly_valid(markup):
        from compiler.backends.pdf import faces  # ReportLab: only for markup in doubt

        faces.read(region, markup)
    # the bound only gets easier as the size drops: at the smallest size the build tries,
    # it answers for every size above it too
    if surely_fits(region, markup, smallest_size(region)):
        return True
    from compiler.backends.pdf import faces

    try:
        faces.fit(region, markup, Subject({}, "", "", NOWHERE))
    except CompileError:  # the markup is valid (read above, or plainly): the text does not fit
        return False
    return True


def sizes(region: Region) -> Iterator[float]:
    """The sizes a region's text is tried at, largest first: the layout's, less whole
    steps, not below ``min_size``. The build sets the text at each in turn (faces.fit);
    lint bounds it at the last (``fits``): one list of sizes for both."""
    size = region.size
    yield size
    while size - STEP >= region.min_size - 1e-9:
        size -= STEP
        yield size


@cache
def smallest_size(region: Region) -> float:
    """The last size the build tries (``sizes``), worked out once a region: lint asks
    it of every card."""
    *_, last = sizes(region)
    return last


# Markup ReportLab's paragraph parser surely reads: these tags, closed in order, and
# the entities markupsafe writes. Anything else is read by ReportLab itself.
_PLAIN_TAGS = {"b", "i", "u", "strike", "strong", "em"}
_PLAIN_PIECE = re.compile(r"<(/?)([a-z]+)>|<br ?/>|&(?:amp|lt|gt|quot|#34|#39|#x27);|[<>&]")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def plainly_valid(markup: str) -> bool:
    """True only when ReportLab surely reads ``markup`` without an error; False when
    in doubt (ReportLab then reads it and says what is wrong).

    A card's markup is escaped text, <br/> between paragraphs and a layout's
    <b> or <i>: this answers those without importing ReportLab.
    tests/backends/test_region_text.py holds it to ReportLab's parser.
    """
    if _CONTROL.search(markup):
        return False
    open_tags: list[str] = []
    for piece in _PLAIN_PIECE.finditer(markup):
        text = piece.group(0)
        if text in ("<", ">", "&"):
            return False  # a tag with attributes or spaces, a bare < or an unknown entity
        tag = piece.group(2)
        if tag is None:
            continue  # <br/> or a known entity
        if tag not in _PLAIN_TAGS:
            return False
        if not piece.group(1):
            open_tags.append(tag)
        elif not open_tags or open_tags.pop() != tag:
            return False
    return not open_tags


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


def surely_fits(region: Region, markup: str, size: float | None = None) -> bool:
    """A quick sufficient test: True only when the text must fit at ``size`` (the
    region's own when None).

    Its lines are bounded by ``metrics.most_lines``, measured in the widest
    face the text could be set in. Markup that changes sizes or fonts, or any
    doubt, answers False and the real Paragraph decides. Lint asks this of
    every card in every language; setting a Paragraph for each is most of
    its time on a big deck.
    """
    if not markup:
        return True
    if any(tag in markup for tag in ("<font", "<super", "<sup", "<sub", "<span")):
        return False
    text = TAG.sub(lambda m: "\n" if _BREAK.fullmatch(m.group(0)) else "", markup)
    for entity, char in _ENTITY.items():
        text = text.replace(entity, char)
    if "&" in text and ";" in text:
        return False  # an entity this does not know: let the Paragraph read it
    size = region.size if size is None else size
    width = (region.w - 2 * region.padding) * MM - 0.5
    height = (region.h - 2 * region.padding) * MM - 0.5
    lines = most_lines(text, width, (font_name(region), *_WIDEST), size)
    return lines is not None and lines * size * region.leading <= height
