"""Card contents the source prints, deck by deck."""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass

from compiler.diagnostics import Location
from compiler.model.text import Para


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    title: str | None
    paras: tuple[Para, ...]
    copies: int
    fields: tuple[tuple[str, str], ...]  # (label, value) in the deck's field order
    values: tuple[tuple[str, str], ...]  # (key, value): what a card layout reads
    missing: str | None
    at: Location
    gap: str | None = None
    """Casebook's note where the printed card shows what the source lacks (a picture
    beside a figure): the rules print it after the text, marked as ours."""

    def fields_to_print(self, heading: str | None = None) -> tuple[tuple[str, str], ...]:
        """The fields the card text does not already say word for word, nor the
        ``heading`` it is printed under (a cards block of the rules: "Scenario: LA RETE
        DEL MUSEO DELL'UOMO" under that heading says it twice).

        Only a value with words in it can be "said" by the text, and only as a
        whole phrase: a turn of 1 is not said by "Case 2.4.1" (it was dropped
        from the rulebook without a word).
        """
        texts = [p.text for p in self.paras]
        return tuple(
            (k, v) for k, v in self.fields if v != heading and not any(_says(t, v) for t in texts)
        )


def _says(text: str, value: str) -> bool:
    """Whether ``text`` holds ``value`` as a whole phrase that has a word of letters in it."""
    if not value or not re.search(r"[^\W\d_]{2}", value):
        return False
    return re.search(rf"(?<![\w.]){re.escape(value)}(?![\w])", text) is not None


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    component: str
    title: str | None
    rule: str | None
    cards: tuple[Card, ...]
    missing: str | None
    at: Location
    ids_printed: bool = True  # False: the ids are ours, not printed on the cards
    layout: str | None = None  # id in layouts.yaml: the deck gets a card sheet
    fields: tuple[tuple[str, str], ...] = ()  # (key, label) every card of the deck has

    def has_gaps(self, card: Card) -> bool:
        """Whether part of ``card`` is not in the source: declared missing, or a field blank."""
        values = dict(card.values)
        return bool(card.missing) or any(not values.get(key) for key, _ in self.fields)


def selected_cards(deck: Deck, ids: str | None) -> list[Card]:
    """The cards of ``deck`` a cards block of the rules prints: those whose ids match
    the pattern (``*`` any run of characters, ``?`` one), or every card. Ids, not a
    field's value: a translation translates the values, never the ids."""
    if ids is None:
        return list(deck.cards)
    return [card for card in deck.cards if fnmatch.fnmatchcase(card.id, ids)]
