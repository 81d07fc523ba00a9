"""What a card's faces show: which regions print the same on every card of a deck.

Lint measures such a region once per deck (L10N009), so a wrong True would let a
card's own overflowing text pass unmeasured: every name a template reads counts.
"""

from __future__ import annotations

import pytest

from compiler.backends.card_content import same_on_every_card


@pytest.mark.parametrize(
    "show",
    [
        None,
        "",
        "Synthetic card (Casebook benchmarks)",
        "{{ deck.title }}",
        "{{ deck.title or game.title }}",
        "{% set name = deck.title %}{{ name | upper }}",
        "{% for c in deck.title %}{{ c }}{% endfor %}",
    ],
)
def test_a_region_reading_only_the_deck_and_game_is_the_same_on_every_card(show) -> None:
    assert same_on_every_card(show)


@pytest.mark.parametrize(
    "show",
    [
        "{{ card.title }}",
        "{% for label, value in card.field_list %}{{ label }}{% endfor %}",
        "{{ copy }} of {{ copies }}",
        "{% set c = card %}{{ c.title }}",
        "{{ deck.title | random }}",  # another letter each time
        "{{ lipsum(1) }}",  # a global: random text
        "{% for x in range(2) %}{{ loop.index }}{% endfor %}",
        "{{ deck.title",  # does not parse: set on each card, failing there
    ],
)
def test_a_region_reading_the_card_or_anything_else_is_set_on_each_card(show) -> None:
    assert not same_on_every_card(show)
