"""The whole game as one immutable value: what every later stage reads."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from compiler.diagnostics import Location
from compiler.model.cards import Card, Deck, selected_cards
from compiler.model.components import Component, StatedTotal
from compiler.model.entries import Book
from compiler.model.l10n import Localisation, Termbase
from compiler.model.layouts import CounterSheet, Layout, LeftOut
from compiler.model.maps import GameMap
from compiler.model.parameters import Parameter, Variant
from compiler.model.procedures import Procedure
from compiler.model.rules import Block, Level, Rule
from compiler.model.tables import Table

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RefPattern:
    name: str
    kind: str
    pattern: str
    each: str | None
    target: str
    holder: str | None = None  # component id holding the targets (game.yaml `in`)
    at: Location | None = None  # the pattern in game.yaml


@dataclass(frozen=True, slots=True)
class Term:
    term: str
    meaning: str
    abbreviation: bool
    see: tuple[str, ...]
    at: Location


@dataclass(frozen=True, slots=True)
class Erratum:
    id: str
    rule: str
    old: str
    new: str
    occurrence: int | None
    why: str
    kind: str
    source: str | None
    at: Location
    field: str = "text"  # "text" or "title"
    tables: tuple[str, ...] = ()  # tables whose cells restate the text: corrected there too
    tables_at: tuple[Location, ...] = ()  # where each of ``tables`` is written


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example as data; dict fields are JSON-shaped and read-only by convention."""

    id: str
    rule: str
    procedure: str
    title: str | None
    situation: dict[str, Any]
    steps: tuple[dict[str, Any], ...]
    outcome: dict[str, Any]
    gaps: tuple[str, ...]
    discrepancies: tuple[str, ...]
    at: Location
    step_at: tuple[Location, ...] = ()  # where each step is written


@dataclass(frozen=True, slots=True)
class Setup:
    id: str
    rule: str
    side: str
    placements: tuple[dict[str, Any], ...]
    notes: tuple[str, ...]
    missing: str | None
    at: Location


@dataclass(frozen=True, slots=True)
class Game:
    id: str
    title: str
    subtitle: str | None
    publisher: str | None
    language: str
    source_title: str
    source_file: str | None
    source_notes: str | None
    levels: tuple[Level, ...]
    patterns: tuple[RefPattern, ...]
    rules: tuple[Rule, ...]
    components: tuple[Component, ...]
    totals: tuple[StatedTotal, ...]
    glossary: tuple[Term, ...]
    errata: tuple[Erratum, ...]
    examples: tuple[Example, ...]
    setups: tuple[Setup, ...]
    edition: str  # "original" (verbatim) or "living" (errata applied)
    at: Location
    tables: tuple[Table, ...] = ()
    decks: tuple[Deck, ...] = ()
    maps: tuple[GameMap, ...] = ()
    books: tuple[Book, ...] = ()
    lint_ignore: tuple[tuple[str, str | None, str | None], ...] = ()  # (code, rule, target)
    translation_of: str | None = None
    parameters: tuple[Parameter, ...] = ()
    variants: tuple[Variant, ...] = ()
    layouts: tuple[Layout, ...] = ()
    counter_sheets: tuple[CounterSheet, ...] = ()
    counters_left_out: tuple[LeftOut, ...] = ()  # named counters no sheet prints, with why
    aid_sequence: tuple[str, ...] = ()  # rule addresses giving the sequence of play
    forms: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (table id, write-in column headings)
    procedures: tuple[Procedure, ...] = ()
    termbase: Termbase | None = None
    l10n: Localisation | None = None  # the translation units and, translated, their state
    title_at: Location | None = None  # where game.yaml gives the title, for its messages
    front_at: tuple[tuple[str, Location], ...] = ()
    """Where game.yaml gives the subtitle, publisher and source title (by key): the title
    page prints them, and a glyph the fonts lack is said there (FONT001)."""

    def procedure(self, procedure_id: str) -> Procedure | None:
        return next((p for p in self.procedures if p.id == procedure_id), None)

    def level(self, name: str) -> Level:
        return next(level for level in self.levels if level.name == name)

    def table(self, table_id: str) -> Table | None:
        return next((t for t in self.tables if t.id == table_id), None)

    def deck(self, deck_id: str) -> Deck | None:
        return next((d for d in self.decks if d.id == deck_id), None)

    def cards_printed_by(self, block: Block) -> tuple[Deck, list[Card]] | None:
        """The deck and the cards a rule's cards block prints (an appendix of cards under
        its headings); None for another block, or one naming no deck (MODEL014)."""
        deck = self.deck(block.deck or "") if block.kind == "cards" else None
        return (deck, selected_cards(deck, block.ids)) if deck is not None else None

    def card_places(self) -> dict[str, str]:
        """Card id -> the rule whose cards block prints it: the Cards section leaves
        those cards to their rule."""
        places: dict[str, str] = {}
        for rule in self.all_rules():
            for block in rule.blocks():
                printed = self.cards_printed_by(block)
                for card in printed[1] if printed else ():
                    places.setdefault(card.id, rule.address)
        return places

    def cards_section(self) -> list[tuple[Deck, list[Card]]]:
        """The decks a book's Cards section prints, each with the cards no rule prints
        already; a deck whose cards a rule prints, every one, is left out."""
        placed = self.card_places()
        decks = [(deck, [c for c in deck.cards if c.id not in placed]) for deck in self.decks]
        return [(deck, cards) for deck, cards in decks if cards or not deck.cards]

    def all_rules(self) -> tuple[Rule, ...]:
        """Every rule and every rule under it, in reading order.

        Flattened once per tuple of rules (``flattened``): a dozen checks read
        every rule, and a walk of nested generators cost a tenth of lint's
        checks on a 100,000-rule game.
        """
        return every_rule(self.rules)


def every_rule(rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """``rules`` and every rule under them, in reading order, flattened once per tuple."""
    return flattened(rules, "rules", _walk)


def _walk(rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    flat: list[Rule] = []
    stack = list(reversed(rules))
    while stack:
        rule = stack.pop()
        flat.append(rule)
        stack.extend(reversed(rule.children))
    return tuple(flat)


def flattened(rules: tuple[Rule, ...], what: str, make: Callable[[tuple[Rule, ...]], T]) -> T:
    """``make(rules)``, remembered for this very tuple of rules: the game's rules
    flattened, or their paragraphs (checks/helpers.py).

    Keyed by the tuple's id, and holding the tuple, so an id is never another
    game's. Lint reads two editions in turn, so two games are kept; a build
    worker forgets them after each job (``forget_flattened``).
    """
    key = (id(rules), what)
    hit = _FLAT.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]  # type: ignore[no-any-return]
    value = make(rules)
    if len({k[0] for k in _FLAT} | {id(rules)}) > _FLAT_GAMES:
        _FLAT.clear()
    _FLAT[key] = (rules, value)
    return value


def forget_flattened() -> None:
    """Let go of every game's remembered rules (``flattened``)."""
    _FLAT.clear()


_FLAT: dict[tuple[int, str], tuple[tuple[Rule, ...], Any]] = {}
_FLAT_GAMES = 2
