"""CARD001 card-gap-unmarked

## What it finds
A card whose content the source does not fully give (the card declares
`missing:`, or one of its deck's fields is blank) printed by a layout whose
front never shows `card.gaps`, so nothing on the printed card says part of
it is missing. And a card with its own `gap:` note (what the card shows
where the source lacks a picture or an icon) whose layout's front never
shows `card.gap`: the card says something is missing, not what.

## Why it matters
A player holding the card cannot tell a gap in the source from a card that
really says less; a publisher cannot tell it from a finished card. The kit
must never pass a gap off as the publisher's content. A card that reads
"with a result of or ." needs its note ("the icons of two faces of the red
die") to be played or finished by hand.

## Example
    rulesets/liberation/cards/a-base.yaml:50:9  deck 'tessere-personaggio', card
        'personaggio-jeanne': part of this card is not in the source, but layout
        'personaggio' prints nothing that says so
    help: give the layout's front a region such as
        show: "{% if card.gaps %}Part of this card is not in the source{% endif %}"

Passing: the same card once the layout has a region that shows `card.gaps`,
and `card.gap` for a card with a note.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.backends.card_content import card_keys_read
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.layouts import Layout

CODE, NAME, SEVERITY = "CARD001", "card-gap-unmarked", Severity.WARNING


def front_reads(layout: Layout) -> frozenset[str] | None:
    """The card keys the front's regions read (card.gaps, card['gap']); None when a
    region may read any (it shows the whole card, or does not parse)."""
    keys: set[str] = set()
    for region in layout.front.regions:
        read = card_keys_read(region.show)
        # card.get('gap'), card.items(): a method of the card, which may read any key
        if read is None or any(hasattr(dict, key) for key in read):
            return None
        keys |= read
    return frozenset(keys)


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    layouts = {layout.id: layout for layout in game.layouts}
    for deck in game.decks:
        layout = layouts.get(deck.layout or "")
        read = front_reads(layout) if layout is not None else None
        if layout is None or read is None:
            continue
        for card in deck.cards:
            noted = bool(card.gap) and "gap" in read  # its own note says what is missing
            if "gaps" not in read and not noted and deck.has_gaps(card):
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"deck {deck.id!r}, card {card.id!r}: part of this card is not in the "
                    f"source, but layout {layout.id!r} prints nothing that says so",
                    card.at,
                    target=card.id,
                    suggestion="give the layout's front a region such as show: "
                    '"{% if card.gaps %}Part of this card is not in the source{% endif %}"',
                )
            elif card.gap and "gap" not in read:
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"deck {deck.id!r}, card {card.id!r}: its note of what the source lacks "
                    f"(gap: {card.gap!r}) is not printed: layout {layout.id!r} shows that "
                    "something is missing, not what",
                    card.at,
                    target=card.id,
                    suggestion='show the note on the front, e.g. show: "{% if card.gap %}Not '
                    "in the source: {{ card.gap }}{% elif card.gaps %}Part of this card is not "
                    'in the source{% endif %}"',
                )
