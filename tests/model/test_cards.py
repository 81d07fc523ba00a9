"""Card fields: what the rulebook and the text export print beside a card's text."""

from __future__ import annotations

import pytest

from compiler.diagnostics import Location
from compiler.model.cards import Card
from compiler.model.text import Para


def _card(text: str, fields: tuple[tuple[str, str], ...]) -> Card:
    return Card("E1", "Storm", (Para(text),), 1, fields, (), None, Location("cards.yaml", 3, 5))


@pytest.mark.parametrize(
    ("text", "value", "printed"),
    [
        ("Roll on the Weather Table twice. See Case 2.4.1.", "1", True),  # the hunt's case
        ("Roll 1 die.", "1", True),  # a number is never "said" by the text
        ("Draw two cards, then pass.", "Draw two cards", False),  # said word for word
        ("Redraw two cards.", "draw two cards", True),  # not as a whole phrase
    ],
)
def test_a_field_is_left_out_only_when_the_text_says_it_as_a_phrase(
    text: str, value: str, printed: bool
) -> None:
    """Found by the newcomer review: turn 1 vanished from the rulebook, the text export
    and the HTML because "1" is inside "2.4.1"."""
    shown = _card(text, (("Turn", value),)).fields_to_print()
    assert (shown == (("Turn", value),)) is printed
