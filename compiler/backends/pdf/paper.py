"""The paper every PDF is made on: one table for the rulebook, aids and sheets.

Flowing documents think in points and sheets in millimetres; both read this
table, so a paper added here reaches every output and the command line at
once. Plain numbers, no ReportLab import: the CLI reads the paper names
before it knows whether it will draw anything.
"""

from __future__ import annotations

_INCH = 72.0  # points
_CM = _INCH / 2.54
MM = _CM * 0.1  # points in a millimetre, as ReportLab's units.mm is

# as ReportLab's pagesizes defines them, so sizes are bit-identical to A4/LETTER
POINTS: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * _INCH, 11 * _INCH),
}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}  # as a person names them


def in_mm(paper: str) -> tuple[float, float]:
    """Portrait width and height in mm (Letter's 8½ × 11 in is 215.9 × 279.4)."""
    w, h = POINTS[paper]
    return round(w / MM, 4), round(h / MM, 4)
