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

from collections.abc import Iterator

from compiler.diagnostics import CompileError, Finding, Severity
from compiler.graph import Graphs
from compiler.l10n.units import card_unit_id, shown_card_keys
from compiler.model.game import Game

CODE, NAME, SEVERITY = "L10N009", "card-fit", Severity.ERROR
ALSO = ("LAYOUT001",)  # a template fault found while setting the cards: the build's code


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    layouts = {layout.id: layout for layout in game.layouts}
    decks = [(d, layouts[d.layout]) for d in game.decks if d.layout in layouts]
    if not decks:
        return
    from compiler.backends.card_content import card_context, default_back
    from compiler.backends.pdf import region_text

    broken: set[object] = set()  # regions whose template fails: said once, at the layout
    for deck, layout in decks:
        for card in deck.cards:
            subject = region_text.Subject(
                card_context(game, deck, card, 1),
                f"deck {deck.id!r}, card {card.id!r}",
                game.language,
                card.at,
            )
            for design in (layout.front, layout.back or default_back(layout)):
                for region in design.regions:
                    try:
                        markup = region_text.render_markup(region, subject.context)
                        if region_text.fits(region, markup):
                            continue
                    except CompileError as err:  # the template, or the markup it made
                        if region not in broken:
                            broken.add(region)
                            yield from err.findings  # LAYOUT001, as the build says it
                        continue
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
