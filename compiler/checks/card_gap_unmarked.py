"""CARD001 card-gap-unmarked

## What it finds
A card whose content the source does not fully give (the card declares
`missing:`, or one of its deck's fields is blank) printed by a layout whose
front never shows `card.gaps`, so nothing on the printed card says part of
it is missing.

## Why it matters
A player holding the card cannot tell a gap in the source from a card that
really says less; a publisher cannot tell it from a finished card. The kit
must never pass a gap off as the publisher's content.

## Example
    rulesets/liberation/cards/a-base.yaml:50:9  deck 'tessere-personaggio', card
        'personaggio-jeanne': part of this card is not in the source, but layout
        'personaggio' prints nothing that says so
    help: give the layout's front a region such as
        show: "{% if card.gaps %}Part of this card is not in the source{% endif %}"

Passing: the same card once the layout has a region that shows `card.gaps`.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.layouts import Layout

CODE, NAME, SEVERITY = "CARD001", "card-gap-unmarked", Severity.WARNING


def says_gaps(layout: Layout) -> bool:
    """Whether some region of the front prints something for a card with gaps."""
    return any(r.show and "card.gaps" in r.show for r in layout.front.regions)


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    layouts = {layout.id: layout for layout in game.layouts}
    for deck in game.decks:
        layout = layouts.get(deck.layout or "")
        if layout is None or says_gaps(layout):
            continue
        for card in deck.cards:
            if deck.has_gaps(card):
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
