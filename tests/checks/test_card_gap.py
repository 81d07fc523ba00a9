"""CARD001's help for a card whose own gap note is not printed: a template that works.

The lines it fires on are held by every check's fixture test (fixtures/CARD001).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from compiler.backends.card_content import card_context
from compiler.lint import lint_game
from compiler.pipeline import front_end
from compiler.templating import environment
from tests.checks.test_each_check import materialise


def test_the_suggested_template_prints_the_note_as_pasted(tmp_path: Path) -> None:
    """Found by a probe: the help ended "{% elif card.gaps %}…{% endif %}", and pasted
    as written it printed a literal "…" on every card with a gap and no note."""
    game = materialise("CARD001", tmp_path)
    findings, _ = lint_game(game, tmp_path, select=["CARD001"])
    noted = next(f for f in findings if "is not printed" in f.message)
    show = re.search(r'show: "(.*)"$', noted.suggestion or "")
    assert show is not None, noted.suggestion
    fe = front_end(game, tmp_path)
    assert fe.game is not None
    deck = next(d for d in fe.game.decks if d.id == "orders-noted")
    card = deck.cards[0]
    printed = environment().from_string(show.group(1)).render(card_context(fe.game, deck, card, 1))
    assert html.unescape(printed) == f"Not in the source: {card.gap}"  # markup, escaped
    other = next(d for d in fe.game.decks if d.id == "orders").cards[1]  # missing:, no note
    without = environment().from_string(show.group(1)).render(card_context(fe.game, deck, other, 1))
    assert without == "Part of this card is not in the source"
