"""Running heads and footers fitted to their line (found by a probe).

A long subtitle or module title ran the rulebook's running head off the
paper, and its two halves printed on top of each other on every page; the
player aids' footer would have overprinted its page number the same way.
"""

from __future__ import annotations

import io
from dataclasses import replace
from itertools import pairwise

import pdfplumber

from compiler.backends import aids, rulebook
from compiler.backends.pdf.imposition import two_ends
from compiler.backends.pdf.metrics import SANS
from compiler.graph import build_graphs
from tests.conftest import living_game

LONG = (
    "Rules of Play for the Game of the Special Operations Executive and the French "
    "Resistance Against the German Occupation of France, Belgium and the Netherlands"
)


def _lines_overprint(page, top: float, bottom: float) -> list[tuple[str, str]]:
    """Pairs of characters of one line, between ``top`` and ``bottom``, drawn over each other."""
    line = sorted(
        (ch for ch in page.chars if top <= ch["top"] <= bottom and ch["text"].strip()),
        key=lambda ch: ch["x0"],
    )
    return [(a["text"], b["text"]) for a, b in pairwise(line) if a["x1"] > b["x0"] + 0.5]


def test_a_long_subtitle_and_module_title_stay_in_the_running_head() -> None:
    game = living_game("set-europe-ablaze")
    module = replace(game.rules[1], title=LONG.upper())
    game = replace(game, subtitle=LONG, rules=(game.rules[0], module, *game.rules[2:]))
    data = rulebook.render(game, build_graphs(game, None), "a4")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        heads = 0
        for page in pdf.pages[1:]:
            assert all(ch["x0"] >= 0 and ch["x1"] <= page.width for ch in page.chars)
            assert _lines_overprint(page, 0, 50) == []
            heads += "…" in (page.extract_text() or "")
        assert heads >= len(pdf.pages) - 2  # the cut head says it is cut


def test_the_aids_footer_keeps_its_page_number() -> None:
    game = living_game("maquis")
    game = replace(game, title="A title " * 40)
    data = aids.render(game, "a4")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            assert all(ch["x0"] >= 0 and ch["x1"] <= page.width for ch in page.chars)
            assert _lines_overprint(page, page.height - 25, page.height) == []
            foot = [ch for ch in page.chars if ch["top"] > page.height - 25]
            assert "".join(ch["text"] for ch in foot).endswith(str(n))


def test_two_ends_keep_a_short_right_end_whole() -> None:
    left, right = two_ends("word " * 200, "12", 400, SANS, 7)
    assert right == "12" and left.endswith("…")
    assert two_ends("Title", "Section", 400, SANS, 7) == ("Title", "Section")
