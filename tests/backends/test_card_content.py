"""What a card's faces show: which regions print the same on every card of a deck.

Lint measures such a region once per deck (L10N009), so a wrong True would let a
card's own overflowing text pass unmeasured: every name a template reads counts.
"""

from __future__ import annotations

import pytest

from compiler.backends.card_content import card_keys_read, card_values_key, same_on_every_card


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


@pytest.mark.parametrize(
    ("show", "keys"),
    [
        ("{{ card.title }}", {"title"}),
        ('{{ card["text"] }} ({{ deck.title }})', {"text"}),
        ("{{ card.fields.cost }} {{ card.title | upper }}", {"fields", "title"}),
        ("{% for label, value in card.field_list %}{{ label }}{% endfor %}", {"field_list"}),
        ("{{ deck.title }}", set()),
    ],
)
def test_a_region_is_known_by_the_card_keys_it_reads(show: str, keys: set[str]) -> None:
    """Lint measures such a region once for each distinct set of those values."""
    assert card_keys_read(show) == frozenset(keys)


@pytest.mark.parametrize(
    "show",
    [
        "{{ card }}",  # the whole card
        "{{ card | attr('title') }}",
        "{% set c = card %}{{ c.title }}",
        "{{ card[deck.id] }}",  # a key worked out
        "{{ card.title }} of {{ copies }}",  # differs by copy
        "{{ card.title | random }}",
        "{% for card in deck.cards %}{{ card }}{% endfor %}",  # a card of its own
        "{{ card.title",  # does not parse
    ],
)
def test_a_region_reading_more_than_card_keys_is_set_on_each_card(show: str) -> None:
    assert card_keys_read(show) is None


def test_card_values_are_told_apart_by_type_and_a_missing_key_is_no_key() -> None:
    """1 and True, "3" and Markup("3") print differently, though Python calls them equal."""
    from markupsafe import Markup

    def key(**card: object) -> tuple | None:
        return card_values_key({"card": card}, tuple(sorted(card)))

    assert key(cost=1) != key(cost=True)
    assert key(cost="3") != key(cost=Markup("3"))
    assert key(fields={"a": 1, "b": 2}) != key(fields={"b": 2, "a": 1})  # printed in order
    assert key(list=[1, 2]) == key(list=[1, 2])
    assert card_values_key({"card": {}}, ("items",)) is None  # Jinja2 would find dict.items
    assert card_values_key({"card": {"tags": {1, 2}}}, ("tags",)) is None  # a set: no order
