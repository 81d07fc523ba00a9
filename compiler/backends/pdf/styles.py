"""Paragraph styles of the rulebook: a dense two-column case-system look."""

from __future__ import annotations

from functools import cache

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle

from compiler.backends.pdf.fonts import SANS, SERIF, register

INK = colors.HexColor("#1a1a1a")
ACCENT = colors.HexColor("#7a1f1f")
SHADE = colors.HexColor("#ececec")
EDITORIAL = colors.HexColor("#5a5a5a")  # Casebook's own words in a book: grey, set apart


@cache
def styles() -> dict[str, ParagraphStyle]:
    register()
    body = ParagraphStyle(
        "body",
        fontName=SERIF,
        fontSize=8.6,
        leading=10.6,
        textColor=INK,
        spaceAfter=3,
        allowWidows=0,
        allowOrphans=0,
        bulletFontName=SERIF,
    )
    gap = ParagraphStyle(  # where the book shows a picture the source lacks
        "gap",
        parent=body,
        fontName=SANS,
        fontSize=7.6,
        leading=9.4,
        textColor=EDITORIAL,
        leftIndent=4,
    )
    return {
        "body": body,
        "item": ParagraphStyle(
            "item",
            parent=body,
            leftIndent=11,
            bulletIndent=1,
            bulletFontName=f"{SERIF}-Bold",
            bulletFontSize=8.6,
        ),
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=10, bulletIndent=2),
        "item-bullet": ParagraphStyle("item-bullet", parent=body, leftIndent=21, bulletIndent=13),
        "plain-list": ParagraphStyle("plain-list", parent=body, leftIndent=8, spaceAfter=0.5),
        "list-title": ParagraphStyle(  # a table's or list's title stays above it
            "list-title",
            parent=body,
            fontName=f"{SANS}-Bold",
            fontSize=8,
            spaceBefore=3,
            spaceAfter=1,
            keepWithNext=1,
        ),
        "note": ParagraphStyle(
            "note", parent=body, fontName=f"{SERIF}-Italic", leftIndent=4, rightIndent=2
        ),
        "example": ParagraphStyle(
            "example",
            parent=body,
            backColor=SHADE,
            borderPadding=(2, 3, 2, 3),
            leftIndent=3,
            rightIndent=3,
            spaceBefore=2,
            spaceAfter=5,
        ),
        "designer-note": ParagraphStyle(
            "designer-note",
            parent=body,
            fontName=f"{SERIF}-Italic",
            borderColor=ACCENT,
            borderWidth=0.5,
            borderPadding=3,
            leftIndent=3,
            rightIndent=3,
            spaceBefore=3,
            spaceAfter=6,
        ),
        "gap": gap,
        # under a lettered item, indented as the item's text
        "gap-item": ParagraphStyle("gap-item", parent=gap, leftIndent=11),
        "inline-heading": ParagraphStyle(
            "inline-heading",
            parent=body,
            fontName=f"{SANS}-Bold",
            fontSize=8.6,
            spaceBefore=5,
            keepWithNext=1,
        ),
        "h1": ParagraphStyle(
            "h1",
            fontName=f"{SANS}-Bold",
            fontSize=12,
            leading=15,
            textColor=colors.white,
            backColor=ACCENT,
            borderPadding=(3, 4, 3, 4),
            spaceBefore=10,
            spaceAfter=7,
            keepWithNext=1,
        ),
        "h2": ParagraphStyle(
            "h2",
            fontName=f"{SANS}-Bold",
            fontSize=9.8,
            leading=12,
            textColor=ACCENT,
            spaceBefore=7,
            spaceAfter=2.5,
            keepWithNext=1,
        ),
        "h3": ParagraphStyle(
            "h3",
            parent=body,
            fontName=f"{SERIF}-Bold",
            spaceBefore=2.5,
            spaceAfter=1,
            keepWithNext=1,
        ),
        "title": ParagraphStyle(
            "title",
            fontName=f"{SANS}-Bold",
            fontSize=30,
            leading=36,
            alignment=TA_CENTER,
            textColor=ACCENT,
            spaceAfter=10,
        ),
        "subtitle": ParagraphStyle(
            "subtitle", fontName=SANS, fontSize=15, leading=19, alignment=TA_CENTER, spaceAfter=24
        ),
        "colophon": ParagraphStyle(
            "colophon", fontName=SERIF, fontSize=9.5, leading=13, alignment=TA_CENTER, spaceAfter=6
        ),
        "toc-title": ParagraphStyle(
            "toc-title",
            fontName=f"{SANS}-Bold",
            fontSize=14,
            leading=18,
            spaceAfter=10,
            textColor=ACCENT,
        ),
        "toc0": ParagraphStyle(
            "toc0",
            bulletFontName=SERIF,
            fontName=f"{SANS}-Bold",
            fontSize=9.5,
            leading=12,
            spaceBefore=4,
        ),
        "toc1": ParagraphStyle(
            "toc1", bulletFontName=SERIF, fontName=SERIF, fontSize=8.8, leading=10.8, leftIndent=14
        ),
        "toc2": ParagraphStyle(
            "toc2", bulletFontName=SERIF, fontName=SERIF, fontSize=8.2, leading=10, leftIndent=28
        ),
    }
