"""What every flowing PDF (rulebook, aids, quick reference, proof) says about itself.

One place for the metadata and the settings that make the bytes the same on
every build (``invariant``), keep Helvetica, a font a print shop would
have to supply, out of the file (``initialFontName``), and ask the print
dialog for 100 % (``/PrintScaling /None``), as the kit's sheets do.
"""

from __future__ import annotations

from reportlab.platypus import Frame

from compiler.backends.pdf.fonts import SANS
from compiler.model.game import Game


def document_info(game: Game, title: str, font: str = SANS) -> dict[str, object]:
    """Keyword arguments for a ReportLab ``BaseDocTemplate`` of ``game``."""
    return {
        "title": title,
        "author": game.publisher or "",
        "creator": "Casebook",
        "invariant": 1,
        "lang": game.language,
        "initialFontName": font,
        # print at 100 %: a player aid or form shrunk to fit the printer's margins no
        # longer matches the counters and cards it is used with
        "printScaling": "None",
    }


def frame(x: float, y: float, width: float, height: float, id: str | None = None) -> Frame:
    """A frame whose width is what a flowable gets: ReportLab's default 6 pt padding
    would push a table laid out to the frame's width 6 pt past the right margin."""
    return Frame(
        x, y, width, height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id=id
    )
