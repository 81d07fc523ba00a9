"""How wide text is in Casebook's six faces, read from their TrueType files alone.

Lint asks whether every card's text fits its region (L10N009) and every
form's words their columns (L10N011), and for that it only needs the width
of each character. ReportLab learns widths by reading each font whole when
it registers it (its outlines, names and kerning: 44 ms for the six faces),
after being imported (57 ms more): a fifth of a cold lint. Two small tables
hold the answer, ``cmap`` (character to glyph) and ``hmtx`` (glyph to
advance); this module reads only those, on first use, without ReportLab.

``string_width`` is ReportLab's ``stringWidth`` for these faces to the last
bit: the cmap subtable ReportLab picks, its scaling to 1/1000 em, its rule
for the no-break space and its sum. tests/backends/test_metrics.py holds
the two to the same answer for every character every face maps.
"""

from __future__ import annotations

import re
import struct
from bisect import bisect_right
from collections.abc import Callable
from functools import cache, cached_property, lru_cache
from typing import NamedTuple

from compiler.backends.pdf.paper import MM as MM  # the unit widths here go with (one definition)
from compiler.paths import FONTS_DIR

SERIF = "CasebookSerif"
SANS = "CasebookSans"

FILES = {
    SERIF: "DejaVuSerifCondensed.ttf",
    f"{SERIF}-Bold": "DejaVuSerifCondensed-Bold.ttf",
    f"{SERIF}-Italic": "DejaVuSerifCondensed-Italic.ttf",
    f"{SERIF}-BoldItalic": "DejaVuSerifCondensed-BoldItalic.ttf",
    SANS: "DejaVuSansCondensed.ttf",
    f"{SANS}-Bold": "DejaVuSansCondensed-Bold.ttf",
}

FACES = tuple(FILES)  # every face Casebook sets text in


class TextStyle(NamedTuple):
    """How a kind of text is set: what measuring it needs of a ReportLab ParagraphStyle."""

    font: str
    size: float  # pt
    leading: float  # pt


class FontFileError(ValueError):
    """A font file this reader cannot take (a cmap format DejaVu does not use)."""


class _Face:
    """One font's character-to-glyph map and advance widths, in 1/1000 em."""

    def __init__(self, data: bytes) -> None:
        tables = _tables(data)
        (units_per_em,) = struct.unpack_from(">H", data, tables[b"head"] + 18)
        (long_metrics,) = struct.unpack_from(">H", data, tables[b"hhea"] + 34)  # numberOfHMetrics
        (self._glyphs,) = struct.unpack_from(">H", data, tables[b"maxp"] + 4)
        advances = struct.unpack_from(f">{2 * long_metrics}H", data, tables[b"hmtx"])[0::2]
        if units_per_em == 1000:
            self._advances = [float(a) for a in advances]
        else:
            per_unit = 1000 / units_per_em  # ReportLab's factor, so the products agree
            self._advances = [a * per_unit for a in advances]
        self.default = self._advances[0]  # the missing-glyph box
        self._glyph, self._ranges = _cmap(data, tables[b"cmap"])

    def width(self, char: str) -> float:
        code = ord(char)
        # ReportLab gives the no-break space the space's width, or the space the
        # no-break space's when only that one is mapped
        if code == 0xA0 and self.maps(" "):
            code = 0x20
        elif code == 0x20 and not self.maps(" ") and self.maps("\xa0"):
            code = 0xA0
        glyph = self._glyph(code)
        if glyph is None or glyph >= self._glyphs:
            return self.default
        return self._advances[min(glyph, len(self._advances) - 1)]  # hmtx's last advance runs on

    def maps(self, char: str) -> bool:
        return self._glyph(ord(char)) is not None

    @cached_property
    def codes(self) -> frozenset[int]:
        """Every code point the cmap maps (to any glyph, the missing one too, as
        ReportLab's charToGlyph holds them)."""
        return frozenset(code for start, end in self._ranges for code in range(start, end + 1))


def _tables(data: bytes) -> dict[bytes, int]:
    """Each table's offset, by tag, from the font's table directory."""
    if len(data) < 12:
        raise FontFileError("not a TrueType font: too short")
    (count,) = struct.unpack_from(">H", data, 4)
    out = {}
    for i in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        out[tag] = offset
    missing = {b"head", b"hhea", b"maxp", b"hmtx", b"cmap"} - out.keys()
    if missing:
        raise FontFileError(f"no {b', '.join(sorted(missing)).decode()} table")
    return out


Ranges = tuple[tuple[int, int], ...]  # the code points a cmap maps, first and last of each run


def _cmap(data: bytes, at: int) -> tuple[Callable[[int], int | None], Ranges]:
    """A function from code point to glyph (None: not mapped), and the runs of codes it
    maps, from the subtable ReportLab reads: the last Windows one, else a Unicode or
    Macintosh Roman one."""
    _, count = struct.unpack_from(">HH", data, at)
    chosen = None
    kind = 0
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, at + 4 + 8 * i)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            kind, chosen = 1, offset
        elif platform == 1 and encoding == 0 and kind != 1:
            kind, chosen = 2, offset
    if chosen is None:
        raise FontFileError("no cmap subtable ReportLab could use")
    sub = at + chosen
    (form,) = struct.unpack_from(">H", data, sub)
    if form == 12:
        return _format_12(data, sub)
    if form == 4:
        return _format_4(data, sub)
    raise FontFileError(f"cmap format {form} is not read here")


def _format_12(data: bytes, sub: int) -> tuple[Callable[[int], int | None], Ranges]:
    """Segmented coverage: groups of consecutive codes on consecutive glyphs."""
    (groups,) = struct.unpack_from(">I", data, sub + 12)
    flat = struct.unpack_from(f">{3 * groups}I", data, sub + 16)
    starts, ends, first = flat[0::3], flat[1::3], flat[2::3]

    def glyph(code: int) -> int | None:
        i = bisect_right(starts, code) - 1
        if i < 0 or code > ends[i]:
            return None
        return first[i] + code - starts[i]

    return glyph, tuple(zip(starts, ends, strict=True))


def _format_4(data: bytes, sub: int) -> tuple[Callable[[int], int | None], Ranges]:
    """Segment mapping to delta values, for the Basic Multilingual Plane."""
    length, _, doubled = struct.unpack_from(">HHH", data, sub + 2)
    segments = doubled // 2
    ends = struct.unpack_from(f">{segments}H", data, sub + 14)
    starts = struct.unpack_from(f">{segments}H", data, sub + 16 + doubled)
    deltas = struct.unpack_from(f">{segments}h", data, sub + 16 + 2 * doubled)
    range_at = sub + 16 + 3 * doubled
    offsets = struct.unpack_from(f">{segments}H", data, range_at)
    limit = sub + length

    def glyph(code: int) -> int | None:
        for i in range(segments):  # ReportLab: a later segment's code overrides
            j = segments - 1 - i
            if starts[j] <= code <= ends[j]:
                break
        else:
            return None
        if offsets[j] == 0:
            return (code + deltas[j]) & 0xFFFF
        where = range_at + 2 * j + offsets[j] + 2 * (code - starts[j])
        if where >= limit:
            return 0  # a broken font: ReportLab maps the code to the missing glyph
        (found,) = struct.unpack_from(">H", data, where)
        return (found + deltas[j]) & 0xFFFF if found else 0

    return glyph, tuple(zip(starts, ends, strict=True))


@cache
def _face(name: str) -> _Face:
    return _Face((FONTS_DIR / FILES[name]).read_bytes())


_WIDTHS: dict[str, dict[str, float]] = {name: {} for name in FACES}


def string_width(text: str, face: str, size: float) -> float:
    """``text``'s width in points, set in ``face`` at ``size``: ReportLab's stringWidth."""
    widths = _WIDTHS[face]
    try:
        total = sum(map(widths.__getitem__, text))
    except KeyError:
        font = _face(face)
        for char in set(text) - widths.keys():
            widths[char] = font.width(char)
        total = sum(map(widths.__getitem__, text))
    # in ReportLab's order: a product in another order can differ in its last bit
    return total * 0.001 * size


@cache
def widest_advance(char: str) -> float:
    """The widest ``char`` is in any of the faces, in points at 1 pt: a bound on a
    word's width that holds whatever face or fallback sets it."""
    return max(_face(name).width(char) for name in FACES) / 1000


def codes(face: str) -> frozenset[int]:
    """Every code point ``face`` has a glyph for (its cmap maps it)."""
    return _face(face).codes


@lru_cache(maxsize=1 << 16)
def word_width(word: str, faces: tuple[str, ...], size: float) -> float:
    """The word's width in the widest of ``faces``, remembered: a deck's cards share
    most of their words, and measuring one in three faces was a third of linting a
    100,000-card deck."""
    return max(string_width(word, face, size) for face in faces)


_SPACES = re.compile(r"[ \t\r]+")  # where lines may break: not at U+00A0


def most_lines(text: str, width: float, faces: tuple[str, ...], size: float) -> float | None:
    """At most how many lines ``text`` takes, filled greedily ``width`` points wide, or
    None when a word is wider than the line (then this cannot say).

    Greedy line filling breaks a line only when the next word (with its
    space) does not fit, so every full line holds more than ``width - word
    - space``: the lines needed are at most ``1 + total / (width - widest
    word - space)`` per hard break ("\\n"). Words are measured in the widest
    of ``faces``, so the bound holds in whichever of them the text is set.
    """
    space = word_width(" ", faces, size)
    lines = 0.0
    for segment in text.split("\n"):
        words = [w for w in _SPACES.split(segment) if w]  # not str.split: it breaks at U+00A0
        if not words:
            lines += 1
            continue
        widths = [word_width(w, faces, size) for w in words]
        widest = max(widths)
        room = width - widest - space
        if widest > width or room <= 0:
            return None
        total = sum(widths) + space * (len(words) - 1)
        lines += 1 if total <= width else 1 + int(total // room)
    return lines
