"""Look a rule up: by number, glossary term, component name, card or words.

The answer carries everything a player or an editor asks next: the rule's
text and place (module › section › case), what it cites, what cites it (rules
and card texts) and the glossary terms it uses; a card's text, fields, what
it cites and the rules that cite it. ``casebook ref`` prints it; the HTML reference
and the quick-reference PDF read the same values.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

from compiler.diagnostics import NOWHERE, Location
from compiler.graph import Graphs
from compiler.graph.references import Key, component_keys
from compiler.model.cards import Card, Deck
from compiler.model.components import Component
from compiler.model.game import Game, Term
from compiler.model.ref_patterns import find_refs
from compiler.model.tables import Table
from compiler.model.text import Para
from compiler.reference.terms import term_spans

T = TypeVar("T")  # what a search index carries beside each entry's words

_PREFIX = re.compile(
    r"^(?:rules?|cases?|sections?|modules?|regol[ae]|paragrafo|§)\s*", re.IGNORECASE
)
_WORD = re.compile(r"[^\W_]+")
MAX_ADDRESS = 64  # characters: "Case 12.3.4.5(d)" and the longest real address are far less
_MARKS = re.compile("[\u0300-\u036f]")
_CASE_NUMBER = re.compile(r"[\d.]+[a-z]?")  # "8.6.9d", "13"
_NUMBER_QUERY = re.compile(r"\d+(?:\.\d+)*\.?\s*\(?[a-zA-Z]?\)?")  # "12.1", "8.6.9 (d)"


@dataclass(frozen=True, slots=True)
class Citation:
    """One reference in a rule's text and where it lands."""

    kind: str  # rule | card | component | table | entry
    target: str
    text: str  # as printed
    status: str  # resolved | gap (declared, content missing) | unresolved
    heading: str | None = None  # the cited rule's heading, when it is a rule


@dataclass(frozen=True, slots=True)
class RuleAnswer:
    address: str
    heading: str
    place: tuple[str, ...]  # headings from the top of the book down to this rule
    paragraphs: tuple[tuple[str, str], ...]  # (block kind, text), this rule's own text
    children: tuple[tuple[str, str], ...]  # (address, heading) of the rules under it
    cites: tuple[Citation, ...]
    cited_by: tuple[tuple[str, str], ...]  # (address, heading)
    terms: tuple[Term, ...]
    at: Location
    cited_by_cards: tuple[tuple[str, str], ...] = ()  # (card id, heading) of cards citing it
    tables: tuple[tuple[str, str], ...] = ()  # (table id, title) the rule shows or explains


@dataclass(frozen=True, slots=True)
class TermAnswer:
    term: Term
    see: tuple[tuple[str, str], ...]  # (address, heading) where the rules define it
    used_in: tuple[tuple[str, str], ...]  # (address, heading) of rules whose text uses it


@dataclass(frozen=True, slots=True)
class ComponentAnswer:
    component: Component
    described_at: tuple[tuple[str, str], ...]
    cited_by: tuple[tuple[str, str], ...]  # rules citing it, its ids or its deck's cards
    cited_by_cards: tuple[tuple[str, str], ...] = ()  # (card id, heading)
    item: str | None = None  # the one id of it asked for ("german-14"), its citations only


@dataclass(frozen=True, slots=True)
class CardAnswer:
    card: Card
    deck: Deck
    heading: str  # "card card-1 (Ambush)"
    cites: tuple[Citation, ...]
    cited_by: tuple[tuple[str, str], ...]  # (address, heading) of the rules citing it
    cited_by_cards: tuple[tuple[str, str], ...] = ()  # (card id, heading)


@dataclass(frozen=True, slots=True)
class SearchHit:
    address: str
    heading: str
    place: tuple[str, ...]
    snippet: str
    score: float


@dataclass(frozen=True, slots=True)
class CardHit:
    """A card whose title, text or printed fields hold every word searched."""

    card: Card
    deck: Deck
    heading: str  # "card card-1 (Ambush)"
    snippet: str  # round the words, in the paragraph or "Label: value" field holding most
    score: float


@dataclass(frozen=True, slots=True)
class Answer:
    """Everything a query matched, best kinds first; empty when nothing did."""

    query: str
    rules: tuple[RuleAnswer, ...] = ()
    terms: tuple[TermAnswer, ...] = ()
    components: tuple[ComponentAnswer, ...] = ()
    hits: tuple[SearchHit, ...] = field(default=())
    cards: tuple[CardAnswer, ...] = ()
    card_hits: tuple[CardHit, ...] = ()
    hits_total: int = 0  # rules holding every word: ``hits`` are the best of them
    card_hits_total: int = 0

    @property
    def found(self) -> bool:
        return bool(
            self.rules or self.terms or self.components or self.hits or self.cards or self.card_hits
        )


def fold(text: str) -> str:
    """Text as a search compares it: no accents, lower case, one apostrophe.

    The HTML page's script folds a query the same way (NFD, drop U+0300–U+036F,
    lower case), so "modalita" finds "modalità" on the page and in `casebook ref`.
    """
    return _MARKS.sub("", unicodedata.normalize("NFD", text)).lower().replace("’", "'")


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


def excerpt(text: str, width: int) -> str:
    """The first words of ``text``, cut at a word boundary, for an untitled rule's line."""
    if len(text) <= width:
        return text
    cut = text.rfind(" ", 0, width)
    return text[: cut if cut > 0 else width] + "…"


class RulesReference:
    """The reference engine's look-up over one modelled game."""

    def __init__(self, game: Game, graphs: Graphs) -> None:
        self.game = game
        self.graph = graphs.references
        self.rules = self.graph.rules

    # ------------------------------------------------------------------ rules
    def heading(self, address: str) -> str:
        """The rule's number and title as a player reads them.

        An untitled case-system item reads as its full number ("8.6.9d"); an
        untitled item whose address is a made-up slug
        ("scenario-1-preparazione-A") reads as its printed label ("A").
        """
        rule = self.rules.get(address)
        if rule is None:
            return address
        if rule.title:
            return rule.heading
        if _CASE_NUMBER.fullmatch(address):
            return address
        return rule.label or address  # a part the source leaves untitled: its id

    def place(self, address: str) -> tuple[str, ...]:
        chain: list[str] = []
        current: str | None = address
        while current is not None:
            chain.append(self.heading(current))
            current = self.graph.parent(current)
        return tuple(reversed(chain))

    def _named(self, addresses) -> tuple[tuple[str, str], ...]:
        """Each rule by its heading, or by its place where the heading alone does not
        tell it from another of the list: Liberation's "cited by … F, F, F, F" are the
        set-up steps F of four scenarios."""
        named = [(a, self.heading(a)) for a in addresses]
        seen = Counter(heading for _, heading in named)
        return tuple(
            (a, " › ".join(self.place(a)) if seen[heading] > 1 else heading) for a, heading in named
        )

    def rule(self, address: str) -> RuleAnswer | None:
        """The answer for one rule address ("8.6.5", "8.6.9d", "check-morale")."""
        rule = self.rules.get(address)
        if rule is None:
            return None
        paragraphs = tuple(
            (block.kind, para.text) for block in rule.blocks() for para in block.paras
        )
        return RuleAnswer(
            address=address,
            heading=self.heading(address),
            place=self.place(address),
            paragraphs=paragraphs,
            children=self._named(child.address for child in rule.children),
            cites=tuple(self._citations(p for b in rule.blocks() for p in b.paras)),
            cited_by=self._named(self.graph.cited_by(address)),
            terms=self._terms_in(text for _, text in paragraphs),
            at=rule.at,
            cited_by_cards=self._cards_citing([("rule", address)]),
            tables=tuple((t.id, t.title) for t in self._tables_of.get(address, ())),
        )

    @cached_property
    def _tables_of(self) -> dict[str, list[Table]]:
        """The tables of each rule: those its text places, then those that name it as
        their rule (Plan Vert's action-points table is rule 9's, which does not place it)."""
        out: dict[str, list[Table]] = {}
        tables = {t.id: t for t in self.game.tables}
        for address, rule in self.rules.items():
            for block in rule.blocks():
                if block.kind == "table" and block.table in tables:
                    out.setdefault(address, []).append(tables[block.table])
        for table in self.game.tables:
            if table.rule in self.rules and table not in out.get(table.rule, []):
                out.setdefault(table.rule, []).append(table)
        return out

    def _citations(self, paras: Iterable[Para]) -> Iterator[Citation]:
        seen: set[tuple[str, str]] = set()
        for para in paras:
            for span in para.refs:
                key = (span.kind, span.target)
                if key in seen:
                    continue
                seen.add(key)
                heading = self.heading(span.target) if span.kind == "rule" else None
                yield Citation(
                    span.kind,
                    span.target,
                    span.text,
                    self.graph.status(span),
                    heading if span.target in self.rules else None,
                )

    def _terms_in(self, texts) -> tuple[Term, ...]:
        found: dict[str, Term] = {}
        for text in texts:
            for span in term_spans(text, self.game.glossary):
                found.setdefault(span.term.term, span.term)
        return tuple(found.values())

    @cached_property
    def _by_folded_address(self) -> dict[str, str]:
        """Each address by its case-folded form, unless two differ only in case."""
        seen: dict[str, list[str]] = {}
        for address in self.rules:
            seen.setdefault(address.casefold(), []).append(address)
        return {folded: found[0] for folded, found in seen.items() if len(found) == 1}

    def _rule_addresses(self, query: str) -> list[str]:
        """A number as a player types it ("8.6.9d", "8.6.9 d", "8.6.9(d)", "Case 8.6.5",
        a module's "11" or "Module 8" for 11.0 and 8.0), else every rule of that title:
        Liberation has five rules titled SPOSTARSI, and a player who types it meant
        any of them (the first alone was given)."""
        text = _PREFIX.sub("", query.strip()).strip()
        if len(text) > MAX_ADDRESS:  # no rule number is this long; the patterns below
            return []  # backtrack over long runs of spaces (66 s for a 100 KB query)
        candidates = [
            text,
            re.sub(r"\s*\(?([a-zA-Z])\)?$", r"\1", text),
            text.rstrip("."),
        ]
        if text.isascii() and text.isdigit():
            candidates.append(f"{text}.0")  # "11": module 11.0, where no rule is "11"
        for candidate in candidates:
            if candidate in self.rules:
                return [candidate]
        for candidate in candidates:  # "8.6.9D": a player does not know the case
            if candidate.casefold() in self._by_folded_address:
                return [self._by_folded_address[candidate.casefold()]]
        folded = fold(text)
        titled = [a for a, rule in self.rules.items() if rule.title and fold(rule.title) == folded]
        if titled:
            return titled
        slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")
        return [slug] if slug in self.rules else []

    def looks_numbered(self, query: str) -> bool:
        """Whether the query is a rule number of this game's kind ("12.1", "Case 8.3.7")
        that no rule has: a word search on its digits found unrelated rules ("12.1" in
        the 8.6 example), where the answer is that there is no such rule."""
        numbered = any(rule.number for rule in self.rules.values())
        text = query.strip()
        bare = _PREFIX.sub("", text).strip()
        return numbered and bool(_NUMBER_QUERY.fullmatch(bare)) and ("." in bare or bare != text)

    # ------------------------------------------------------------- glossary
    @cached_property
    def _term_uses(self) -> dict[str, list[str]]:
        uses: dict[str, list[str]] = {}
        for rule in self.game.all_rules():
            for block in rule.blocks():
                for para in block.paras:
                    for span in term_spans(para.text, self.game.glossary):
                        where = uses.setdefault(span.term.term, [])
                        if rule.address not in where:
                            where.append(rule.address)
        return uses

    def term(self, query: str) -> TermAnswer | None:
        """A glossary entry by its term (exact capitals first) or its meaning."""
        text = query.strip()
        glossary = self.game.glossary
        match = next((t for t in glossary if t.term == text), None)
        match = match or next((t for t in glossary if fold(t.term) == fold(text)), None)
        match = match or next((t for t in glossary if fold(t.meaning) == fold(text)), None)
        if match is None:
            return None
        see = [a for a in match.see if a in self.rules]
        return TermAnswer(match, self._named(see), self._named(self._term_uses.get(match.term, [])))

    # ----------------------------------------------------------- components
    def component(self, query: str) -> ComponentAnswer | None:
        """A component by its id, name, aliases or the title of its deck; failing those,
        by the same words in the singular or plural ("Boost token" for "Boost tokens",
        "Tessere PERSONAGGIO" for "tessera PERSONAGGIO": ref printed that deck title and
        found nothing by it), when the query is more than one word; failing those, one
        id it declares."""
        folded = fold(query.strip())
        titles: dict[str, list[str]] = {}
        for deck in self.game.decks:
            if deck.title:
                titles.setdefault(deck.component, []).append(deck.title)
        named = [
            (comp, (comp.id, comp.name, *comp.aliases, *titles.get(comp.id, ())))
            for comp in self.game.components
        ]
        match = next((c for c, names in named if any(fold(n) == folded for n in names)), None)
        if match is None and len(folded.split()) > 1:
            # a name of several words only: one word ("Agent", "cards", "good") is a
            # word to search for, and stemmed it named a component (AGENTS box, Mission
            # cards, Goods train) in place of the rules that use it
            stem = _stems(folded)
            match = next(
                (c for c, names in named if any(_stems(fold(n)) == stem for n in names)), None
            )
        if match is None:
            return self._component_item(query)
        keys = self._component_keys(match)
        return ComponentAnswer(
            match,
            self._named(a for a in match.described_at if a in self.rules),
            self._rules_citing(keys),
            self._cards_citing(keys),
        )

    def _component_item(self, query: str) -> ComponentAnswer | None:
        """One id a component declares, asked for by the id ("german-14") or as the rules
        cite it ("German Card no. 14", the game's own reference pattern): the component,
        and the rules that cite that one id. Set Europe Ablaze's German cards are ids of
        a deck whose texts the source lacks; `ref` did a word search for them."""
        text = query.strip()
        if not text or len(text) > MAX_ADDRESS:
            return None
        wanted = {text, text.casefold()}
        wanted |= {
            span.target
            for span in find_refs(text, self.game.patterns, NOWHERE)
            if span.kind == "card" and span.phrase.strip() == text
        }
        for comp in self.game.components:
            if comp.ids is None:
                continue
            item = next((i for i in comp.ids.ids() if i in wanted), None)
            if item is not None:
                keys: list[Key] = [("card", item), ("entry", item), ("component", item)]
                return ComponentAnswer(
                    comp,
                    self._named(a for a in comp.described_at if a in self.rules),
                    self._rules_citing(keys),
                    self._cards_citing(keys),
                    item=item,
                )
        return None

    def _component_keys(self, comp: Component) -> list[Key]:
        """The graph nodes that stand for ``comp`` (graph.references.component_keys) and
        the cards of its decks."""
        decks = [d for d in self.game.decks if d.component == comp.id]
        return component_keys(comp) + [("card", c.id) for d in decks for c in d.cards]

    def _rules_citing(self, keys: list[Key]) -> tuple[tuple[str, str], ...]:
        """The rules whose text cites any of ``keys``, in reading order."""
        citing: set[str] = set()
        for key in keys:
            if key in self.graph.graph:
                citing |= {
                    src[1]
                    for src, _, d in self.graph.graph.in_edges(key, data=True)
                    if d.get("cites") and src[0] == "rule"
                }
        order = self.graph.reading_order
        return self._named(sorted(citing, key=lambda a: order.get(a, 0)))

    # ---------------------------------------------------------------- cards
    @cached_property
    def _cards(self) -> dict[str, tuple[Deck, Card]]:
        """Every card of every deck by its id (ids are unique in a game: MODEL013)."""
        out: dict[str, tuple[Deck, Card]] = {}
        for deck in self.game.decks:
            for card in deck.cards:
                out.setdefault(card.id, (deck, card))
        return out

    def deck_card(self, card_id: str) -> tuple[Deck, Card] | None:
        return self._cards.get(card_id)

    @staticmethod
    def card_heading(card: Card) -> str:
        """How a card reads in a list of citers: "card card-1 (Ambush)"."""
        return f"card {card.id}" + (f" ({card.title})" if card.title else "")

    @cached_property
    def _card_refs(self) -> dict[Key, list[str]]:
        """(kind, target) -> ids of the cards whose text cites it, in deck order."""
        out: dict[Key, list[str]] = {}
        for card_id, (_, card) in self._cards.items():
            for para in card.paras:
                for span in para.refs:
                    where = out.setdefault((span.kind, span.target), [])
                    if card_id not in where:
                        where.append(card_id)
        return out

    def cards_citing(self, address: str) -> tuple[tuple[str, str], ...]:
        """(card id, heading) of the cards whose text cites rule ``address``, in deck order."""
        return self._cards_citing([("rule", address)])

    def _cards_citing(self, keys: list[Key]) -> tuple[tuple[str, str], ...]:
        found: set[str] = set()
        for key in keys:
            found.update(self._card_refs.get(key, ()))
        order = self._card_order
        return tuple(
            (c, self.card_heading(self._cards[c][1])) for c in sorted(found, key=order.__getitem__)
        )

    @cached_property
    def _card_order(self) -> dict[str, int]:
        """Each card's place in deck order, worked out once (per question, it made
        the HTML reference's build quadratic in the cards)."""
        return {c: i for i, c in enumerate(self._cards)}

    def cards(self, query: str) -> tuple[CardAnswer, ...]:
        """The cards whose id or title is the query (any capitals, accents folded)."""
        text = query.strip()
        folded = fold(text)
        if not folded:
            return ()
        out = []
        for card_id, (deck, card) in self._cards.items():
            if card_id == text or fold(card_id) == folded or fold(card.title or "") == folded:
                key = ("card", card_id)
                out.append(
                    CardAnswer(
                        card,
                        deck,
                        self.card_heading(card),
                        tuple(self._citations(card.paras)),
                        self._rules_citing([key]),
                        self._cards_citing([key]),
                    )
                )
        return tuple(out)

    # --------------------------------------------------------------- search
    @cached_property
    def _index(self) -> list[tuple[str, list[str], list[str], str]]:
        """(address, title words, text words, text) per rule, built on first search."""
        out = []
        for address, rule in self.rules.items():
            # a gap note is Casebook's: bracketed as the rule's answer shows it, so a
            # snippet never runs it into the source's words (found by a review)
            text = " ".join(
                f"[not in the source: {p.text}]" if b.kind == "gap" else p.text
                for b in rule.blocks()
                for p in b.paras
            )
            # what its tables print is the rule's too: "Caen" and "Get down" are in
            # Plan Vert's tables alone, and a search found nothing
            cells = " ".join(
                cell
                for table in self._tables_of.get(address, ())
                for row in table.rows
                for cell in row
                if cell
            )
            text = f"{text} {cells}".strip() if cells else text
            out.append((address, words(rule.title or ""), words(text), text))
        return out

    def search(self, query: str, limit: int = 10) -> tuple[SearchHit, ...]:
        """Rules holding every word of the query (or a word it begins); title words weigh most."""
        return self._search(query, limit)[0]

    def _search(self, query: str, limit: int = 10) -> tuple[tuple[SearchHit, ...], int]:
        """The best ``limit`` rules of :meth:`search`, and how many hold every word."""
        wanted = _wanted(query)
        ranked, total = _ranked(self._index, wanted, limit)
        hits = tuple(
            SearchHit(a, self.heading(a), self.place(a), _snippet(text, wanted), score)
            for score, a, text in ranked
        )
        return hits, total

    @cached_property
    def _card_index(self) -> list[tuple[str, list[str], list[str], tuple[str, ...]]]:
        """(card id, title words, text and field words, passages to quote) per card.

        A passage is one paragraph or one "Label: value" field: a card's printed
        lines ("1 Documenti falsi") read badly run together.
        """
        out = []
        for card_id, (_, card) in self._cards.items():
            passages = (
                *(p.text for p in card.paras),
                *(f"{label}: {value}" for label, value in card.fields_to_print() if value),
            )
            body = words(searched_card_text(card))
            out.append((card_id, words(card.title or ""), body, passages))
        return out

    def search_cards(self, query: str, limit: int = 10) -> tuple[CardHit, ...]:
        """Cards holding every word of the query, ranked as :meth:`search` ranks rules.

        The snippet quotes the passage holding the most of the words (the
        first, on a tie); a card matched by its title alone quotes its first.
        """
        return self._search_cards(query, limit)[0]

    def _search_cards(self, query: str, limit: int = 10) -> tuple[tuple[CardHit, ...], int]:
        """The best ``limit`` cards of :meth:`search_cards`, and how many hold every word."""
        wanted = _wanted(query)
        out = []
        ranked, total = _ranked(self._card_index, wanted, limit)
        for score, card_id, passages in ranked:
            deck, card = self._cards[card_id]
            quoted = _snippet(max(passages, key=lambda p: _held(p, wanted), default=""), wanted)
            out.append(CardHit(card, deck, self.card_heading(card), quoted, score))
        return tuple(out), total

    # ---------------------------------------------------------------- query
    def look_up(self, query: str) -> Answer:
        """Whatever the query names: a rule, a term, a component, a card; else a word search."""
        rules = tuple(self.rule(address) for address in self._rule_addresses(query))
        term = self.term(query)
        comp = self.component(query)
        cards = self.cards(query)
        named = bool(rules or term or comp or cards) or self.looks_numbered(query)
        hits, total = ((), 0) if named else self._search(query)
        card_hits, card_total = ((), 0) if named else self._search_cards(query)
        return Answer(
            query,
            tuple(r for r in rules if r),
            (term,) if term else (),
            (comp,) if comp else (),
            hits,
            cards,
            card_hits,
            total,
            card_total,
        )


def _stems(folded: str) -> tuple[str, ...]:
    """Each word without its number's ending: a final "s" (English), then the final
    vowels (Italian "tessera"/"tessere", "segnalino"/"segnalini"). Crude, and so used
    only to match a whole name whose exact form found nothing."""
    out = []
    for word in folded.split():
        if len(word) > 3 and word.endswith("s"):
            word = word[:-1]
        while len(word) > 3 and word[-1] in "aeiou":
            word = word[:-1]
        out.append(word)
    return tuple(out)


def searched_card_text(card: Card) -> str:
    """What a word search reads of a card besides its title (here and in the HTML page).

    What is printed on it: its text and the values of the fields its text does
    not already say (a scenario's name on a medal card, "Silenced" on an
    Equipment card). Not the field labels, which every card of a deck shares,
    nor ``missing:``, the transcriber's note of what the source does not print.
    """
    values = (value for _, value in card.fields_to_print() if value)
    return " ".join((*(p.text for p in card.paras), *values))


def _ranked(
    index: Iterable[tuple[str, list[str], list[str], T]], wanted: list[str], limit: int
) -> tuple[list[tuple[float, str, T]], int]:
    """(score, key, payload) of the index entries holding every wanted word, best first
    and in index order on a tie, at most ``limit``, and how many hold them all: rules
    and cards rank alike."""
    if not wanted:
        return [], 0
    hits = []
    for order, (key, title, body, payload) in enumerate(index):
        score = _score(wanted, title, body)
        if score is not None:
            hits.append((-score, order, key, payload))
    hits.sort(key=lambda hit: hit[:2])
    return [(-score, key, payload) for score, _, key, payload in hits[:limit]], len(hits)


def _wanted(query: str) -> list[str]:
    return list(dict.fromkeys(words(query)))  # a word typed twice asks nothing more


def _score(wanted: list[str], title: list[str], body: list[str]) -> float | None:
    """How well a title and text hold every wanted word (or a word it begins); None: not all."""
    score = 0.0
    for w in wanted:
        exact = 3.0 * title.count(w) + min(body.count(w), 5)
        prefix = sum(1 for x in (*title, *body) if x.startswith(w) and x != w)
        if not exact and not prefix:
            return None
        score += exact + 0.5 * min(prefix, 5)
    return score


def _held(text: str, wanted: list[str]) -> int:
    """How many of the wanted words ``text`` holds (or a word each begins)."""
    found = words(text)
    return sum(1 for w in wanted if any(x.startswith(w) for x in found))


def _snippet(text: str, wanted: list[str], width: int = 160) -> str:
    """The stretch of text round the first query word, cut at word boundaries."""
    folded = fold(text)
    at = min((folded.find(w) for w in wanted if folded.find(w) >= 0), default=0)
    start = max(0, at - width // 3)
    if start:
        start = text.find(" ", start) + 1
    end = min(len(text), start + width)
    if end < len(text):
        end = text.rfind(" ", start, end) if text.rfind(" ", start, end) > start else end
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
