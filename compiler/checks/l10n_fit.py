"""L10N009 card-fit

## What it finds
A card whose text, set with the real fonts of the card layout, does not fit
its region even at the region's minimum size, in the language the game is
read in: a translation longer than the box it is printed in.

## Why it matters
The build stops on such a card (FIT001); lint says so first, naming the
card, the field and the language, while the translator can still shorten it.

## Example
    rulesets/liberation/l10n/en.po:60:1  deck 'carte-medaglia', card 'medaglia-2-01',
        region 'text' (en): the text overflows its 45 mm height by 3.2 mm even at the
        minimum size 7 pt
    help: enlarge the region in layouts.yaml or lower its min_size (at …); the
        source's text is printed as written, a translation can be shortened in
        its catalog

Passing: every card of every deck with a layout fits, in every language.

A region whose `show` template fails on a card, or makes markup that is not
valid, is the layout's fault, not the text's: lint reports it as the build
does, LAYOUT001 at the region, once, whichever language's card shows it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from compiler.diagnostics import CompileError, Finding, Severity
from compiler.graph import Graphs
from compiler.l10n.units import card_unit_id, shown_card_keys
from compiler.model.cards import Card, Deck
from compiler.model.game import Game
from compiler.model.layouts import Region

if TYPE_CHECKING:
    from compiler.backends.pdf.region_text import Subject

CODE, NAME, SEVERITY = "L10N009", "card-fit", Severity.ERROR
ALSO = ("LAYOUT001",)  # a template fault found while setting the cards: the build's code


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    layouts = {layout.id: layout for layout in game.layouts}
    decks = [(d, layouts[d.layout]) for d in game.decks if d.layout in layouts]
    if not decks:
        return
    from compiler.backends.card_content import card_context, card_values_key, default_back
    from compiler.backends.pdf import region_text

    broken: set[object] = set()  # regions whose template fails: said once, at the layout
    for deck, layout in decks:
        back = layout.back or default_back(layout)
        regions = [region for design in (layout.front, back) for region in design.regions]
        reads = [_memo_keys(region) for region in regions]
        # a region is set once for each set of card values its template reads: once for
        # the deck when it reads only the deck and the game
        seen: list[dict[tuple, tuple[str, bool] | CompileError]] = [{} for _ in regions]
        for card in deck.cards:
            subject = region_text.Subject(
                card_context(game, deck, card, 1),
                f"deck {deck.id!r}, card {card.id!r}",
                game.language,
                card.at,
            )
            for i, region in enumerate(regions):
                keys = reads[i]
                if keys is None:
                    outcome = _measured(region, subject.context)
                else:
                    key = card_values_key(subject.context, keys) if keys else ()
                    outcome = seen[i].get(key) if key is not None else None
                    if outcome is None:
                        outcome = _measured(region, subject.context)
                        if key is not None:
                            seen[i][key] = outcome
                if isinstance(outcome, CompileError):  # the template, or the markup it made
                    if region not in broken:
                        broken.add(region)
                        yield from outcome.findings  # LAYOUT001, as the build says it
                    continue
                markup, fitted = outcome
                if not fitted:
                    yield from _overflow(game, deck, card, region, markup, subject)


def _memo_keys(region: Region) -> tuple[str, ...] | None:
    """The card keys whose values a region's outcome is remembered by: () when it prints
    the same on every card, None when it is measured on each card. A region showing one
    value ("{{ card.title }}") is looked up without a template run, and its measure is
    remembered by its text (region_text.fits): remembering it here as well cost more
    than it saved, as nearly every card's title differs."""
    from compiler.backends.card_content import card_keys_read
    from compiler.backends.pdf.region_text import lookup_path

    keys = card_keys_read(region.show)
    if keys is None or (keys and lookup_path(region.show or "")):
        return None
    return tuple(sorted(keys))


def _measured(region: Region, context: Mapping[str, Any]) -> tuple[str, bool] | CompileError:
    """The region's markup on this card and whether it fits, or the template's fault."""
    from compiler.backends.pdf import region_text

    try:
        markup = region_text.render_markup(region, context)
        return markup, region_text.fits(region, markup)
    except CompileError as err:
        return err


def _overflow(
    game: Game, deck: Deck, card: Card, region: Region, markup: str, subject: Subject
) -> Iterator[Finding]:
    """The card's text not fitting, said at its PO entry in a translation."""
    from compiler.backends.pdf import faces  # ReportLab: the text not fitting

    try:
        faces.fit(region, markup, subject)
    except CompileError as err:
        # the unit names the PO entry; indexed only once a card fails
        units = game.l10n.by_id if game.l10n is not None else {}
        unit = next(
            (
                units[uid]
                for key in shown_card_keys(region.show)
                if (uid := card_unit_id(deck.id, card.id, key)) in units
            ),
            None,
        )
        for f in err.findings:
            yield Finding(
                CODE,
                SEVERITY,
                f.message,
                unit.at if unit is not None else (card.at or f.location),
                suggestion=f.suggestion,
                target=unit.id if unit is not None else card.id,
            )
