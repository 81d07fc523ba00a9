"""COUNT005 deck-count-mismatch

## What it finds
A deck in cards.yaml whose cards (each counted `copies` times) do not add
up to the number components.yaml states for it. That number is the
`quantity` of the deck's `component`; where that component is one deck
(`kind: deck`, `quantity: 1`) or gives no quantity, it is the sum of the
quantities of the components `part_of` it ("Agent deck" 1, "Agent cards" 8),
when each of them gives one. A deck with `missing` (the source does not
print all its cards) is reported only when it lists more cards than stated.
(COUNT001 compares a `total:` with the components; it does not read the
cards.)

## Why it matters
One of the two numbers is wrong: the card sheets print the cards listed, so
a kit built from them has a different deck from the one the rules describe,
and every draw from it has other odds.

## Example
    cards.yaml:4:9  deck 'events' lists 10 cards, but the inventory states 12 for component 'events'
    help: list the 2 missing cards (or set `copies`), or say with `missing:` which cards the
          source does not print; or correct the quantity
    see: components.yaml:8:5

Passing: a component `quantity: 12` and a deck of 10 cards, two of them with `copies: 2`.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.cards import Deck
from compiler.model.components import Component
from compiler.model.game import Game

CODE, NAME, SEVERITY = "COUNT005", "deck-count-mismatch", Severity.WARNING


def _stated(comp: Component, parts: list[Component]) -> tuple[int, list[Component]] | None:
    """How many cards the inventory states for ``comp``, and the components that say so;
    None if it does not say."""
    if comp.quantity is not None and not (comp.kind == "deck" and comp.quantity == 1):
        return comp.quantity, [comp]
    if parts and all(p.quantity is not None for p in parts):
        return sum(p.quantity or 0 for p in parts), parts
    return None


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    if not game.decks:
        return
    by_component: dict[str, list[Deck]] = {}
    for deck in game.decks:
        by_component.setdefault(deck.component, []).append(deck)
    parts: dict[str, list[Component]] = {}
    for comp in game.components:
        if comp.part_of in by_component:
            parts.setdefault(comp.part_of, []).append(comp)
    for comp in game.components:
        decks = by_component.get(comp.id)
        if not decks:
            continue
        stated = _stated(comp, parts.get(comp.id, []))
        if stated is None:
            continue
        count, stating = stated
        listed = sum(card.copies for deck in decks for card in deck.cards)
        partial = any(deck.missing for deck in decks)
        if listed == count or (partial and listed < count):
            continue
        deck = decks[0]
        names = " and ".join(repr(d.id) for d in decks)
        what = f"deck {names} lists" if len(decks) == 1 else f"decks {names} list"
        if listed > count:
            help_ = (
                f"{listed - count} card{'s' if listed - count != 1 else ''} too many: check "
                "the cards' ids and `copies` against the source, or correct the quantity"
            )
        else:
            help_ = (
                f"list the {count - listed} missing card{'s' if count - listed != 1 else ''} "
                "(or set `copies`), or say with `missing:` which cards the source does not "
                "print; or correct the quantity"
            )
        # ids, not names: a translation names the component in its own words, and a fault
        # of the counts is one fault in every language
        said = f"component {comp.id!r}"
        if stating != [comp]:
            said += " (" + " + ".join(f"{p.id} {p.quantity}" for p in stating) + ")"
        yield Finding(
            CODE,
            SEVERITY,
            f"{what} {listed} card{'s' if listed != 1 else ''}, but the inventory states "
            f"{count} for {said}",
            deck.at,
            suggestion=help_,
            related=tuple(dict.fromkeys([comp.at, *(p.at for p in stating)])),
            rule=deck.rule,
            target=deck.id,
        )
