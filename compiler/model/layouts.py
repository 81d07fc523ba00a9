"""Card and counter layouts, and counter sheets: the print-and-play kit's design as data.

Lengths are kept in millimetres; the YAML says its unit ("3mm", "0.125in",
"9pt") so nobody has to guess which one a bare number meant.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.diagnostics import Location

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}  # also map sizes' units

# Named sizes (width, height) in mm, from the print-and-play facts.
SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.2, 88.9),
    "tarot": (69.9, 120.7),
    "mini-american": (41.0, 63.0),
    "mini-euro": (44.0, 68.0),
    "counter-1/2in": (12.7, 12.7),
    "counter-5/8in": (15.875, 15.875),
    "counter-3/4in": (19.05, 19.05),
    "counter-1in": (25.4, 25.4),
}


def length_mm(text: str) -> float:
    """ "3mm" -> 3.0, "0.125in" -> 3.175, "9pt" -> 3.175."""
    for unit, factor in MM_PER.items():
        if text.endswith(unit):
            return float(text[: -len(unit)]) * factor
    raise ValueError(f"length without a unit: {text!r}")


def points(text: str) -> float:
    """A length as PostScript points (font sizes)."""
    return length_mm(text) / MM_PER["pt"]


@dataclass(frozen=True, slots=True)
class Region:
    id: str
    x: float  # mm from the trim's left edge
    y: float  # mm from the trim's top edge
    w: float
    h: float
    show: str | None  # Jinja2 template source, written by the layout's author
    font: str = "serif"
    bold: bool = False
    italic: bool = False
    size: float = 9.0  # pt
    min_size: float = 6.0  # pt
    leading: float = 1.2
    align: str = "left"
    valign: str = "top"
    colour: str = "#000000"
    fill: str | None = None
    stroke: str | None = None
    padding: float = 0.0
    at: Location | None = None
    show_at: Location | None = None
    """Where a translated ``show`` is: its catalog entry (None: in layouts.yaml, at ``at``).
    A template error in a translation is the translator's to mend, at that line."""
    optional: bool = False
    """Casebook's own decoration (a default back's deck title): left blank where its
    text cannot fit, since no layout of the game's can be mended to make room."""


@dataclass(frozen=True, slots=True)
class FaceDesign:
    background: str | None
    regions: tuple[Region, ...]


@dataclass(frozen=True, slots=True)
class SheetSettings:
    margin: float = 5.0
    gutter: float | None = None
    orientation: str | None = None
    cols: int | None = None
    rows: int | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)
    at: Location | None = None


@dataclass(frozen=True, slots=True)
class Layout:
    id: str
    width: float
    height: float
    bleed: float
    front: FaceDesign
    back: FaceDesign | None
    sheet: SheetSettings
    at: Location


@dataclass(frozen=True, slots=True)
class CounterEntry:
    component: str
    count: int | None  # None: the component's quantity
    count_why: str | None
    at: Location
    front: str | None = None  # printed instead of the front face's label (a Hero's name)
    back: str | None = None  # printed instead of the back face's label (“Giskes”)


@dataclass(frozen=True, slots=True)
class CounterSheet:
    id: str
    title: str
    layout: str
    counters: tuple[CounterEntry, ...]
    at: Location


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A counter the source names that no sheet prints, and why (said once per build)."""

    component: str
    why: str
    at: Location
