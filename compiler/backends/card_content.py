"""What a card's faces show: the values its layout's templates see, and the back a
layout that designs none gets.

The build draws them (cards.py) and lint measures them (L10N009); this
module imports no ReportLab, so lint need not.
"""

from __future__ import annotations

from functools import cache

from jinja2 import meta, nodes
from jinja2.exceptions import TemplateSyntaxError
from markupsafe import Markup, escape

from compiler.model.cards import Card, Deck
from compiler.model.game import Game
from compiler.model.layouts import FaceDesign, Layout, Region
from compiler.templating import environment

# The names of card_context a template may read and still print the same on every card.
_DECK_NAMES = frozenset({"deck", "game"})


def card_context(game: Game, deck: Deck, card: Card, copy: int) -> dict:
    """What a layout's templates can show; the card's words are data, escaped."""
    values = dict(card.values)
    return {
        "card": {
            "id": card.id,
            "title": card.title or "",
            "text": Markup("<br/>").join(escape(p.text) for p in card.paras),
            "paragraphs": [p.text for p in card.paras],
            "fields": {key: values.get(key, "") for key, _ in deck.fields} | values,
            # (label, value) of every field the deck has, "" where the source gives none
            "field_list": [(label, values.get(key, "")) for key, label in deck.fields],
            "gaps": deck.has_gaps(card),
        },
        "copy": copy,
        "copies": card.copies,
        "deck": {"id": deck.id, "title": deck.title or "", "ids_printed": deck.ids_printed},
        "game": {"id": game.id, "title": game.title},
    }


def default_back(layout: Layout) -> FaceDesign:
    """The deck's title on the front's colour, for a layout that designs no back.

    A band 16 mm tall, 4 mm in from the sides, on a card of ordinary size; on
    a counter-sized card, what room there is. The title is left off where it
    cannot fit (``optional``): the game's files hold nothing to mend.
    """
    inset = min(4.0, layout.width / 8, layout.height / 8)
    height = min(16.0, layout.height - 2 * inset)
    title = Region(
        id="deck-title",
        x=inset,
        y=(layout.height - height) / 2,
        w=layout.width - 2 * inset,
        h=height,
        show="{{ deck.title or game.title }}",
        font="sans",
        bold=True,
        size=12,
        min_size=6,
        align="center",
        valign="middle",
        optional=True,
    )
    return FaceDesign(layout.front.background or "#e8e4da", (title,))


@cache
def same_on_every_card(show: str | None) -> bool:
    """Whether a region's ``show`` prints the same on every card of a deck: it reads
    only ``deck`` and ``game`` (or nothing), so it can be set once per deck.

    Lint measures such a region once, not once per card. In doubt (a template
    that does not parse, the ``random`` filter) the answer is False, and the
    region is set on each card as before, failing there as it would.
    """
    if not show or "{" not in show:
        return True
    try:
        tree = environment().parse(show)
    except TemplateSyntaxError:
        return False
    if any(f.name == "random" for f in tree.find_all(nodes.Filter)):
        return False
    names = list(tree.find_all(nodes.Name))
    own = {n.name for n in names if n.ctx != "load"}  # set, loop and macro names
    # a global (lipsum, cycler) may print differently each time: only deck and game count
    read = {n.name for n in names if n.ctx == "load"} - own
    return read <= _DECK_NAMES and meta.find_undeclared_variables(tree) <= _DECK_NAMES
