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
            "gap": card.gap or "",  # the card's own note of what the source lacks there
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


def same_on_every_card(show: str | None) -> bool:
    """Whether a region's ``show`` prints the same on every card of a deck: it reads
    only ``deck`` and ``game`` (or nothing), so it can be set once per deck.

    Lint measures such a region once, not once per card. In doubt (a template
    that does not parse, the ``random`` filter) the answer is False, and the
    region is set on each card as before, failing there as it would.
    """
    return card_keys_read(show) == frozenset()


@cache
def card_keys_read(show: str | None) -> frozenset[str] | None:
    """The keys of ``card`` a region's ``show`` reads (``card.title``,
    ``card['text']``, ``card.fields.value`` reads ``fields``), when nothing else it
    reads differs from card to card: two cards equal at those keys print the same.

    Lint measures a region once for each distinct set of those values (a deck's
    "Value: 3" band on 100,000 cards is set six times, not 100,000). None in
    doubt: a template that does not parse, uses ``random``, reads ``card`` whole,
    ``copy``, a global (lipsum, cycler), or names a variable of its own ``card``.
    """
    if not show or "{" not in show:
        return frozenset()
    try:
        tree = environment().parse(show)
    except TemplateSyntaxError:
        return None
    if any(f.name == "random" for f in tree.find_all(nodes.Filter)):
        return None
    names = list(tree.find_all(nodes.Name))
    own = {n.name for n in names if n.ctx != "load"}  # set, loop and macro names
    read = {n.name for n in names if n.ctx == "load"} - own
    allowed = _DECK_NAMES | {"card"}
    if "card" in own or not read <= allowed or not meta.find_undeclared_variables(tree) <= allowed:
        return None
    keys: set[str] = set()
    through_a_key: set[int] = set()  # the Name("card") nodes read as card.KEY
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        inner = node.node
        if not (isinstance(inner, nodes.Name) and inner.name == "card"):
            continue
        if isinstance(node, nodes.Getattr):
            keys.add(node.attr)
        elif isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
            keys.add(node.arg.value)
        else:
            return None  # card[some_expression]
        through_a_key.add(id(inner))
    if any(n.name == "card" and n.ctx == "load" and id(n) not in through_a_key for n in names):
        return None  # {{ card }}, card|attr(x): the whole card
    return frozenset(keys)


def card_values_key(context: dict, keys: tuple[str, ...]) -> tuple | None:
    """What a region reading ``keys`` of the card prints from, as one hashable value:
    each value with its type (1 and True, "3" and Markup("3") print differently),
    lists and maps in their order. None when the card has no such key (Jinja2 would
    find a dict method, card.items) or holds a value that cannot be compared."""
    card = context["card"]
    try:
        key = tuple(_frozen(card[k]) for k in keys)
        hash(key)
    except (KeyError, TypeError):
        return None
    return key


def _frozen(value: object) -> object:
    if isinstance(value, dict):
        return (dict, tuple((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return (type(value), tuple(_frozen(v) for v in value))
    return (type(value), value)
