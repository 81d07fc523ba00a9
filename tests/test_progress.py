"""How far a long step has got: said once per interval at most, never in the first one,
and told by the rulebook's layout and the card sheets as they go."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from compiler.backends import cards, rulebook
from compiler.progress import Ticker
from tests.conftest import living


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_ticker_says_nothing_in_the_first_interval_then_once_per_interval() -> None:
    said: list[str] = []
    clock = Clock()
    tick = Ticker(said.append, "rulebook, original edition, a4", interval=5, clock=clock)
    clock.now = 104.9
    tick(10, 100, "page 3")
    assert said == []  # a step of a few seconds says only its name
    clock.now = 105.0
    tick(25, 100, "laid out, page 9")
    clock.now = 109.0
    tick(40, 100, "page 14")  # within the interval of the last line
    clock.now = 110.5
    tick(1, 3)
    clock.now = 120.0
    tick(7, 0)  # nothing to measure by
    assert said == [
        "rulebook, original edition, a4: 25 % laid out, page 9",
        "rulebook, original edition, a4: 33 %",
    ]


def _recording() -> tuple[list[tuple[int, int, str]], object]:
    heard: list[tuple[int, int, str]] = []
    return heard, lambda done, total, detail="": heard.append((done, total, detail))


def test_the_rulebook_tells_how_far_its_text_and_layout_are_to_its_last_page() -> None:
    fe = living("war-story-occupied-france")  # rules, cards and a paragraph book
    game = fe.game
    heard, tick = _recording()
    pages = len(PdfReader(io.BytesIO(rulebook.render(game, fe.graphs, "a4", tick))).pages)
    work = (
        len(game.all_rules())
        + sum(len(d.cards) for d in game.decks)
        + sum(len(b.entries) for b in game.books)
    )
    text = [(d, t) for d, t, detail in heard if detail == "of the text set"]
    assert {t for _, t in text} == {work} and text[0][0] == 0 and text[-1][0] == work
    assert [d for d, _ in text] == sorted(d for d, _ in text)
    assert len(text) > len(game.rules) + sum(len(b.entries) for b in game.books)
    layout = [(d, t, detail) for d, t, detail in heard if detail.startswith("laid out")]
    assert len(text) + len(layout) == len(heard)
    done = [d for d, _, _ in layout]
    assert done == sorted(done) and len(done) > 50
    total = layout[-1][1]
    assert done[-1] == total and {t for _, t, _ in layout} == {total}
    assert layout[0][2] == "laid out, page 1" and layout[-1][2] == f"laid out, page {pages:,}"


def test_the_card_sheets_name_each_file_as_it_is_set() -> None:
    fe = living("maquis")
    heard, tick = _recording()
    outputs = list(cards.build(fe.game, cards.Options(("a4",)), tick))
    assert [detail for _, _, detail in heard] == [
        f"of the files, now {Path(o.path).name}" for o in outputs
    ]
    assert [done for done, _, _ in heard] == list(range(len(outputs)))
    assert {total for _, total, _ in heard} == {len(outputs)}
