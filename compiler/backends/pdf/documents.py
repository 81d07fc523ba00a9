"""What every PDF says about itself, and the settings every flowing PDF shares.

One place for the document information (title, subject, author, language,
creator, producer), so that a rulebook, a card sheet and a play mat of one
game describe themselves alike: a print shop's preflight lists these, and a
kit whose files said "anonymous", "(unspecified)" or nothing at all, file by
file, looked unfinished. The author is the publisher whose text the file
prints (empty when the game names none); Casebook is the creator.

For flowing PDFs (rulebook, aids, quick reference, proof) also the settings
that make the bytes the same on every build (``invariant``), keep Helvetica,
a font a print shop would have to supply, out of the file
(``initialFontName``), and ask the print dialog for 100 % (``/PrintScaling
/None``), as the kit's sheets do.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.platypus import Frame

from compiler.backends.pdf.fonts import SANS
from compiler.model.game import Game

CREATOR = "Casebook"
PRODUCER = "Casebook (ReportLab)"


@dataclass(frozen=True)
class FileInfo:
    """A PDF's document information: what a viewer's Properties and a preflight show."""

    title: str
    subject: str
    author: str  # the publisher whose text the file prints; "" when the game names none
    lang: str  # BCP 47, the language of the file's text

    @classmethod
    def of(cls, game: Game, title: str, subject: str, lang: str | None = None) -> FileInfo:
        return cls(title, subject, game.publisher or "", lang or game.language)


def document_info(game: Game, title: str, subject: str, font: str = SANS) -> dict[str, object]:
    """Keyword arguments for a ReportLab ``BaseDocTemplate`` of ``game``."""
    return {
        "title": title,
        "subject": subject,
        "author": game.publisher or "",
        "creator": CREATOR,
        "producer": PRODUCER,
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
