"""No heading ends a column: a title is printed with the text or table it heads."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from compiler.backends import aids, rulebook
from compiler.pipeline import front_end
from tests.conftest import ROOT, RULESETS

MARGIN = 48  # pt: the running head (to 44.3 pt) and the folio lie outside this band


def _last_lines(pdf_bytes: bytes, columns: int) -> list[tuple[int, str, bool]]:
    """(page, text, all bold) of the last line of each column of each page."""
    found = []
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            step = page.width / columns
            for c in range(columns):
                band = page.crop((c * step, MARGIN, (c + 1) * step, page.height - MARGIN))
                words = band.extract_words(extra_attrs=["fontname"])
                if not words:
                    continue
                bottom = max(w["bottom"] for w in words)
                line = [w for w in words if abs(w["bottom"] - bottom) < 2]
                text = " ".join(w["text"] for w in line)
                if ". . ." in text:
                    continue  # a line of the contents, not a heading
                found.append((number, text, all("Bold" in w["fontname"] for w in line)))
    return found


def _game(name: str):
    fe = front_end(RULESETS / name, ROOT, "living")
    assert fe.game is not None and fe.graphs is not None
    return fe


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_paragraph_books_titles_stay_with_their_outcomes(paper: str) -> None:
    """Found by the output review: "CHECK highest Technical" ended page 11 of the
    Letter rulebook, its outcomes on page 12 with no title; "CHOOSE" ended page 4."""
    fe = _game("war-story-occupied-france")
    last = _last_lines(rulebook.render(fe.game, fe.graphs, paper), columns=2)
    assert [x for x in last if x[2]] == []


def test_a_player_aids_step_heading_stays_with_its_step() -> None:
    """Found by the output review: "3.3.8 STEP 8" ended page 1 of the Letter aid."""
    fe = _game("set-europe-ablaze")
    last = _last_lines(aids.render(fe.game, "letter"), columns=1)
    assert [x for x in last if x[2]] == []
