"""The fonts every PDF embeds, registered with ReportLab, and the check that they
carry every glyph used. (Their names, files and widths: metrics.py.)

DejaVu Serif/Sans Condensed ship in templates/fonts (Bitstream Vera licence),
so a fresh machine has them. ReportLab draws a missing glyph as an empty box
without a word; ``missing_glyphs`` lets the build refuse instead, naming the
text that needs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from compiler.backends.pdf.metrics import FILES, SANS, SERIF, codes
from compiler.paths import FONTS_DIR


@cache
def register() -> None:
    """Register the fonts with ReportLab once per process."""
    ttfonts.makeToUnicodeCMap = _to_unicode_cmap
    for name, file in FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONTS_DIR / file)))
    for family in (SERIF, SANS):
        bold = f"{family}-Bold"
        italic = f"{family}-Italic" if f"{family}-Italic" in FILES else family
        bold_italic = f"{family}-BoldItalic" if f"{family}-BoldItalic" in FILES else bold
        addMapping(family, 0, 0, family)
        addMapping(family, 1, 0, bold)
        addMapping(family, 0, 1, italic)
        addMapping(family, 1, 1, bold_italic)


_reportlab_cmap = ttfonts.makeToUnicodeCMap


def _to_unicode_cmap(fontname: str, subset: Sequence[int]) -> str:
    """ReportLab's ToUnicode map of a font subset, with characters past U+FFFF as UTF-16.

    The map says which character each glyph of the subset is: what search,
    copy and screen readers read. Its values are UTF-16BE (PDF 32000-1,
    9.10.3), and ReportLab writes the code point in hex: an emoji the fonts
    draw (U+1F600) became five digits, a syntax error that readers took as
    U+1F60 or dropped. Those lines are written as surrogate pairs here; the
    rest is ReportLab's own text. (ttfonts calls this by its module's name,
    so register() installs it there.)
    """
    cmap = _reportlab_cmap(fontname, subset)
    for i, code in enumerate(subset):
        if code > 0xFFFF:
            utf16 = chr(code).encode("utf-16-be").hex().upper()
            cmap = cmap.replace(f"\n<{i:02X}> <{code:04X}>\n", f"\n<{i:02X}> <{utf16}>\n", 1)
    return cmap


@cache
def _drawable() -> frozenset[str]:
    """Every character the serif or its sans fallback can draw, as characters:
    ``set(text) - _drawable()`` runs in C, where a loop over ``ord`` did not."""
    return frozenset(map(chr, codes(SERIF) | codes(SANS)))


def missing_glyphs(text: str) -> set[str]:
    """Characters of ``text`` that neither the serif nor its sans fallback can draw."""
    return {ch for ch in set(text) - _drawable() if not ch.isspace()}


@cache
def _serif_chars() -> frozenset[str]:
    return frozenset(map(chr, codes(SERIF))) | frozenset("<>&")


def with_fallback(markup: str) -> str:
    """Wrap each character the serif lacks (but the sans has) in the sans font.

    DejaVu Serif has no circled digits (①), for example; DejaVu Sans does.
    ``markup`` is escaped paragraph markup; tags pass through untouched.
    """
    serif = codes(SERIF)
    if set(markup) <= _serif_chars():
        return markup
    out = []
    in_tag = False
    for ch in markup:
        if ch == "<":
            in_tag = True
        if not in_tag and not ch.isspace() and ord(ch) not in serif:
            out.append(f'<font name="{SANS}">{ch}</font>')
        else:
            out.append(ch)
        if ch == ">":
            in_tag = False
    return "".join(out)
