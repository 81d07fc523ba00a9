"""The living rules as one self-contained HTML file per game, language and edition.

The page works from ``file://`` with no network: its CSS, script and search
index are inline. Every rule is an element whose ``id`` is its address, so
``rules-living.html#8.6.5`` opens on Case 8.6.5; every resolved reference is a
link, "Cited by" lines run the other way, glossary terms show their meaning on
hover, and a search box looks rules up by number or words, and cards by words.

Rule text is data: it is escaped here (``markupsafe.escape``) before any link
or mark is wrapped round it, and the template (Casebook's own) is rendered by
an autoescaping environment, so text that looks like HTML or Jinja2 is shown
as written and never run: a value is never compiled as a template.
"""

from __future__ import annotations

import bisect
import itertools
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from markupsafe import Markup, escape

from compiler.backends.labels import edition_line, label, language_name
from compiler.graph import Graphs
from compiler.model.entries import (
    STAMPS,
    Book,
    EntryBlock,
    Step,
    condition_text,
    step_text,
    table_title,
)
from compiler.model.game import Game
from compiler.model.l10n import TRANSLATED
from compiler.model.rules import Block, Rule
from compiler.model.tables import Table
from compiler.model.text import Covering, Para, RefSpan, normalise, split_paragraphs
from compiler.paths import TEMPLATES_DIR
from compiler.reference.lookup import (
    RulesReference,
    excerpt,
    fold,
    searched_card_text,
    words,
)
from compiler.reference.terms import term_spans
from compiler.templating import own_environment
from compiler.write import Output

TEMPLATE = TEMPLATES_DIR / "html" / "rules.html.j2"
EXCERPT = 90  # characters of an untitled rule's text shown in a search result


def output_path(game: Game, edition: str) -> str:
    return f"{game.id}/{game.language}/rules-{edition}.html"


def build(game: Game, graphs: Graphs, edition: str) -> list[Output]:
    """One page holding the whole rules of ``game`` in ``edition``.

    The game must have been modelled in that edition (errata applied for
    "living"): the edition names the file and the page, the model holds the text.
    """
    if edition != game.edition:
        raise ValueError(f"{game.id} is modelled in the {game.edition} edition, not {edition}")
    return [Output(output_path(game, edition), render(game, graphs, edition))]


RIGHT_TO_LEFT = frozenset({"ar", "dv", "fa", "he", "ku", "ps", "sd", "ug", "ur", "yi"})
"""Languages written right to left: the page says so (``dir``), and the browser sets the
text in that direction. (The PDFs cannot yet: the session note and README say so.)"""


def render(game: Game, graphs: Graphs, edition: str) -> bytes:
    """The page's UTF-8 bytes; the same game always gives the same bytes."""
    page = _Page(game, graphs, edition)
    text = _template().render(page.context())
    return (text.rstrip("\n") + "\n").encode("utf-8")


@cache
def _template():
    return own_environment().from_string(TEMPLATE.read_text(encoding="utf-8"))


# ----------------------------------------------------------------- view model
@dataclass(frozen=True, slots=True)
class TableView:
    anchor: str | None
    caption: str | None
    columns: tuple[str, ...]  # empty when the source prints no column headings
    rows: tuple[tuple[str | Markup, ...], ...]  # a corrected cell carries its erratum's mark
    missing: str | None  # what to say when the source gives no rows
    rule: tuple[str, str] | None = None  # (address, heading) it belongs to, for the back


@dataclass(frozen=True, slots=True)
class BlockView:
    kind: str
    paras: tuple[Markup, ...]
    label: str | None = None
    title: str | None = None
    style: str | None = None
    anchor: str | None = None
    table: TableView | None = None
    cards: tuple[dict, ...] = ()  # a cards block: the cards it prints, as decks() shows them


@dataclass(frozen=True, slots=True)
class RuleView:
    address: str
    label: str
    title: Markup | None
    depth: int
    item: bool  # a lettered item: its label hangs in the margin
    lead: Markup | None  # the first paragraph, run in after the label of an untitled rule
    body: tuple[BlockView, ...]
    cited_by: tuple[tuple[str, str], ...]
    children: tuple[RuleView, ...]
    after: tuple[BlockView, ...]


def _entry_block(block: EntryBlock, anchors: dict[int, str]) -> dict:
    """One block of an entry as the page shows it: text, or an instruction box's rows."""
    if block.kind in ("narrative", "heading"):
        stamp = STAMPS.get(block.stamp or "")
        return {"kind": block.kind, "text": block.text or "", "stamp": stamp}
    rows = [
        (
            condition_text(row) if (row.label or row.condition) else "",
            [_step(step, anchors) for step in row.steps],
        )
        for row in block.rows
    ]
    return {
        "kind": "box",
        "title": table_title(block),
        "labelled": bool(table_title(block)) or any(label for label, _ in rows),
        "dotted": block.separator == "dotted",
        "rows": rows,
    }


def _step(step: Step, anchors: dict[int, str]) -> Markup:
    """An instruction's printed words; "Turn to entry N" links to entry N on the page."""
    text = escape(step_text(step))
    if step.action == "turn_to" and step.value in anchors:
        number = str(step.value)
        link = Markup('entry <a class="ref" href="#{0}">{1}</a>').format(
            anchors[step.value], number
        )
        text = text.replace(f"entry {number}", link, 1)
    return text


@dataclass(frozen=True, slots=True)
class Section:
    """A part of the page after the rules (glossary, cards…), named for the contents."""

    anchor: str
    title: str


# ----------------------------------------------------------- text to markup
def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-") or "x"


def erratum_marker(erratum: str) -> Markup:
    """A superscript [E001] linking to the erratum in the errata list."""
    return Markup('<sup class="erratum"><a href="#erratum-{0}">[{0}]</a></sup>').format(erratum)


def _cuts(length: int, spans: Iterable) -> list[int]:
    """The sorted offsets where any of ``spans`` starts or ends, with 0 and ``length``."""
    cuts = {0, length}
    for span in spans:
        cuts |= {span.start, span.end}
    return sorted(c for c in cuts if 0 <= c <= length)


@dataclass
class _Inner:
    """A paragraph's references and glossary terms: where they start and end, and
    the sweeps that find the one over each piece."""

    cuts: list[int]
    refs: Covering
    terms: Covering


class _Text:
    """Turns a paragraph into escaped HTML with links, term hovers and errata marks."""

    def __init__(self, game: Game, graphs: Graphs, edition: str, anchors: dict) -> None:
        self.game = game
        self.rules = graphs.references.rules
        self.mark_changes = edition == "living"
        self.anchors = anchors  # (kind, id) -> element id on this page
        self.graph = graphs.references

    def span_status(self, span: RefSpan) -> str:
        """resolved | gap | unresolved, as the reference graph finds it (card text too)."""
        return self.graph.status(span)

    def para(self, para: Para) -> Markup:
        """The paragraph as HTML: each erratum's change one <ins>, links and terms inside.

        As in the rulebook PDF, a change is followed by its erratum's number.
        """
        text = para.text
        changes = para.changes if self.mark_changes else ()
        terms = term_spans(text, self.game.glossary)
        points = _cuts(len(text), changes)
        # every piece is asked about in order: one sweep of each kind of span for all
        # (text.Covering); overlapping errata nest (compiler/model/errata.py), so the
        # characters come from the last change that covers them
        inner = _Inner(_cuts(len(text), (*para.refs, *terms)), Covering(para.refs), Covering(terms))
        last_change = Covering(changes[::-1])
        ends: dict[int, list[str]] = {}
        for c in changes:
            ends.setdefault(c.end, []).append(c.erratum)
        out = [erratum_marker(e) for e in ends.get(0, ())]
        for start, end in itertools.pairwise(points):
            run = self.run(text, start, end, inner)
            change = last_change.first_over(start, end)
            if change is not None:
                title = label(
                    self.game.language, "erratum-change", id=change.erratum, old=change.old
                )
                run = Markup('<ins title="{0}">{1}</ins>').format(title, run)
            out.append(run)
            out.extend(erratum_marker(e) for e in ends.get(end, ()))
        return Markup("").join(out)

    def run(self, text: str, start: int, end: int, inner: _Inner) -> Markup:
        """Characters [start, end) of ``text`` with their references and glossary terms."""
        cuts = inner.cuts
        points = cuts[bisect.bisect_right(cuts, start) : bisect.bisect_left(cuts, end)]
        out = []
        for a, b in itertools.pairwise([start, *points, end]):
            piece = escape(text[a:b])
            term = inner.terms.first_over(a, b)
            if term is not None:
                tag = "abbr" if term.term.abbreviation else "dfn"
                piece = Markup('<{0} class="term" title="{1}">{2}</{0}>').format(
                    Markup(tag), term.term.meaning, piece
                )
            ref = inner.refs.first_over(a, b)
            if ref is not None:
                piece = self.ref(ref, piece)
            out.append(piece)
        return Markup("").join(out)

    def ref(self, span: RefSpan, piece: Markup) -> Markup:
        """A link when the target is on the page; otherwise a marked span, never a dead link."""
        status = self.span_status(span)
        lang = self.game.language
        what = span.phrase if span.kind != "rule" else f"{span.word} {span.text}".strip()
        if status == "resolved":
            if span.kind == "rule":
                return Markup('<a class="ref" href="#{0}">{1}</a>').format(span.target, piece)
            anchor = self.anchors.get((span.kind, span.target))
            if anchor:
                return Markup('<a class="ref" href="#{0}">{1}</a>').format(anchor, piece)
            return Markup('<span class="ref" title="{0}">{1}</span>').format(what, piece)
        key = "ref-gap" if status == "gap" else "ref-unresolved"
        return Markup('<span class="ref {0}" title="{1}">{2}</span>').format(
            status, label(lang, key, what=what), piece
        )


# ---------------------------------------------------------------- the page
PAGE_IDS = (
    "cb-top", "cb-contents", "cb-contents-title", "cb-q", "cb-results", "cb-tip", "cb-index",
    "cb-glossary", "cb-tables", "cb-cards", "cb-errata", "cb-gaps",
)  # fmt: skip
"""The ids of the page's fixed elements (rules.html.j2): each ``own``, as the template
names them (``ids["cb-index"]``)."""


class _Page:
    """Everything the template shows, built once from the game and its graphs."""

    def __init__(self, game: Game, graphs: Graphs, edition: str) -> None:
        self.game = game
        self.edition = edition
        self.lang = game.language
        self.reference = RulesReference(game, graphs)
        self.placed_tables = _placed_tables(game)
        # a rule's element id is its address (deep links: rules-living.html#8.6.5); the
        # page's own ids give way to them (see own)
        self.addresses = {rule.address for rule in game.all_rules()}
        self.text = _Text(game, graphs, edition, self._anchors())
        self.used_ids: set[str] = set()
        # a translation prints its untranslated strings in the source language: they say
        # so (lang), for screen readers and hyphenation, as the rest of the page is en
        self.fallback_lang, self.fallback = _fallback(game)
        self.card_anchors: dict[str, str] = {}  # card id -> its element, once decks() ran

    def _anchors(self) -> dict[tuple[str, str], str]:
        """Where cards and tables stand on this page, for references to them."""
        anchors: dict[tuple[str, str], str] = {}
        for deck in self.game.decks:
            for card in deck.cards:
                anchors[("card", card.id)] = self.own(f"card-{card.id}")
        for table in self.game.tables:
            if table.rows:
                anchors[("table", table.id)] = self.own(f"table-{table.id}")
        return anchors

    def own(self, name: str) -> str:
        """An id of the page's own (a section, a table, a term, the search index) that no
        rule's address takes: a rule may be numbered or named "cb-index" or
        "table-german-items", and the page had two elements of one id; with the search
        index's, its script read the rule's text and the search stopped working (found
        by a probe). The page's id gives way, by a leading "_", which no link from
        outside names."""
        while name in self.addresses:
            name = "_" + name
        return name

    def unique(self, anchor: str | None) -> str | None:
        """``anchor`` the first time it is asked for, None after (one id per element)."""
        if anchor is None:
            return None
        anchor = self.own(anchor)
        if anchor in self.used_ids:
            return None
        self.used_ids.add(anchor)
        return anchor

    def context(self) -> dict:
        game, lang = self.game, self.lang
        rules = tuple(self.rule(r, 0) for r in game.rules)
        sections = self.sections()
        glossary, tables, decks = self.glossary(), self.back_tables(), self.decks()
        cards = "-cards" if self.card_anchors else ""  # the search finds cards too
        return {
            "ids": {name: self.own(name) for name in PAGE_IDS},
            "lang": lang,
            "dir": "rtl" if lang.split("-")[0] in RIGHT_TO_LEFT else "ltr",
            "page_title": f"{game.title} — {label(lang, 'edition-' + self.edition)}",
            "game": game,
            "intro": self.intro(),
            "labels": {
                key: label(lang, key)
                for key in (
                    "contents",
                    "search",
                    "cited-by",
                    "glossary",
                    "glossary-see",
                    "tables",
                    "cards",
                    "gaps",
                    "gaps-intro",
                )
            }
            | {key: label(lang, key + cards) for key in ("search-hint", "search-none")},
            "contents": self.contents(),
            "rules": rules,
            "sections": sections,
            "glossary": glossary,
            "tables": tables,
            "decks": decks,
            "books": self.books(),
            "errata": self.errata(),
            "errata_title": self.errata_title(),
            "gaps": [(c.name, c.missing) for c in game.components if c.missing],
            "index_json": search_index(game, self.reference, self.card_anchors),
        }

    def intro(self) -> list[str]:
        game, lang = self.game, self.lang
        line = edition_line(game, self.edition)
        return [line, label(lang, "source", title=game.source_title), label(lang, "compiled")]

    # ------------------------------------------------------------- rules
    def rule(self, rule: Rule, depth: int) -> RuleView:
        body = list(rule.body)
        lead = None
        if not rule.title and body and body[0].kind == "paragraph":
            first = body.pop(0).paras[0]
            lead = self.in_its_language(first.text, self.text.para(first))
        last_level = self.game.levels[-1].name
        answer = self.reference.rule(rule.address)
        self.used_ids.add(rule.address)
        return RuleView(
            address=rule.address,
            label=rule.label,
            title=self.title(rule),
            depth=depth,
            item=rule.level == last_level and bool(rule.number) and len(rule.label) <= 4,
            lead=lead,
            body=tuple(self.block(b, rule.title) for b in body),
            cited_by=(answer.cited_by + self.citing_cards(answer)) if answer else (),
            children=tuple(self.rule(c, depth + 1) for c in rule.children),
            after=tuple(self.block(b, rule.title) for b in rule.after),
        )

    def citing_cards(self, answer) -> tuple[tuple[str, str], ...]:
        """(anchor, name as its card on this page heads it) of the cards citing a rule."""
        out = []
        for card_id, _ in answer.cited_by_cards:
            deck, card = self.reference.deck_card(card_id)
            shown = f"{card.id} {card.title}" if deck.ids_printed and card.title else None
            out.append((self.text.anchors[("card", card.id)], shown or card.title or card.id))
        return tuple(out)

    def in_its_language(self, text: str, markup: Markup) -> Markup:
        """``markup`` marked as the source's language when ``text`` is a string the
        translation has not (yet) translated."""
        if text not in self.fallback:
            return markup
        return Markup('<span lang="{0}">{1}</span>').format(self.fallback_lang, markup)

    def title(self, rule: Rule) -> Markup | None:
        if not rule.title:
            return None
        if not (rule.title_errata and self.edition == "living"):
            return self.in_its_language(rule.title, escape(rule.title))
        # the source's own title in the tooltip, as a changed text has its old words
        # (a title showed "Erratum E017" alone: found by a probe)
        olds = {e.id: e.old for e in self.game.errata}
        said = "; ".join(
            label(self.lang, "erratum-change", id=e, old=olds[e]) if e in olds else f"Erratum {e}"
            for e in rule.title_errata
        )
        marked = Markup('<ins title="{0}">{1}</ins>').format(said, rule.title)
        return marked + Markup("").join(erratum_marker(e) for e in rule.title_errata)

    def block(self, block: Block, heading: str | None) -> BlockView:
        if block.kind == "table":
            table = self.game.table(block.table or "")
            view = self.table(table, heading) if table else None
            return BlockView("table", (), table=view)
        if block.kind == "cards":
            deck, cards = self.game.cards_printed_by(block) or (None, [])
            return BlockView("cards", (), cards=tuple(self.card(deck, c, heading) for c in cards))
        paras = tuple(self.in_its_language(p.text, self.text.para(p)) for p in block.paras)
        anchor = self.unique(f"example-{block.id}") if block.id else None
        # a gap is Casebook's words: headed so that no reader takes them for the publisher's
        said = label(self.lang, "gap-mark") if block.kind == "gap" else block.label
        return BlockView(block.kind, paras, said, block.title, block.style, anchor)

    def table(self, table: Table, heading: str | None, at_back: bool = False) -> TableView:
        """A table in a rule's text, or (``at_back``) in the tables after the rules."""
        missing = None if table.rows else label(self.lang, "table-missing", what=table.title)
        caption = table.title if at_back else table.title_under(heading)
        rule = None
        if at_back and table.rule in self.reference.rules:
            rule = (table.rule, self.reference.heading(table.rule))
        has_head = any(c.label for c in table.columns)
        return TableView(
            anchor=self.unique(f"table-{table.id}") if table.rows else None,
            caption=None if missing else caption,
            columns=tuple(c.label for c in table.columns) if has_head else (),
            rows=tuple(
                tuple(
                    escape(cell) + Markup("").join(map(erratum_marker, table.errata_at(r, c)))
                    if table.errata_at(r, c)
                    else cell
                    for c, cell in enumerate(row)
                )
                for r, row in enumerate(table.rows)
            ),
            missing=missing,
            rule=rule,
        )

    def back_tables(self) -> list[TableView]:
        """Tables no rule places in its text: shown after the rules, each with its rule."""
        return [
            self.table(t, None, at_back=True)
            for t in self.game.tables
            if t.id not in self.placed_tables
        ]

    # ------------------------------------------------------------ the rest
    def contents(self) -> list[tuple[str, str, list[tuple[str, str]]]]:
        """(address, heading, [(address, heading) of its titled children]) per top rule."""
        out = []
        for rule in self.game.rules:
            children = [(c.address, c.heading) for c in rule.children if c.title]
            out.append((rule.address, rule.heading, children))
        return out

    def sections(self) -> list[Section]:
        """The parts after the rules that this game has, in page order."""
        game, lang = self.game, self.lang
        out = []
        if game.glossary:
            out.append(Section(self.own("cb-glossary"), label(lang, "glossary")))
        if any(t.id not in self.placed_tables for t in game.tables):
            out.append(Section(self.own("cb-tables"), label(lang, "tables")))
        if self.game.cards_section():
            out.append(Section(self.own("cb-cards"), label(lang, "cards")))
        for book in game.books:
            out.append(Section(self.own(f"book-{book.id}"), self.book_title(book)))
        if game.errata:
            out.append(Section(self.own("cb-errata"), self.errata_title()))
        if any(c.missing for c in game.components):
            out.append(Section(self.own("cb-gaps"), label(lang, "gaps")))
        return out

    def glossary(self) -> list[dict]:
        """Each term with its meaning and the rules it points to (marked when absent)."""
        out = []
        for term in self.game.glossary:
            see = []
            for address in term.see:
                if address in self.reference.rules:
                    text, title = self.reference.heading(address), None
                else:
                    text = address
                    title = label(self.lang, "ref-unresolved", what=address)
                see.append({"address": address, "text": text, "title": title})
            out.append(
                {
                    "anchor": self.unique(f"term-{slug(term.term)}"),
                    "term": term.term,
                    "meaning": term.meaning,
                    "see": see,
                }
            )
        return out

    def book_title(self, book: Book) -> str:
        if book.publisher_content:
            return book.title
        return label(self.lang, "book-not-publisher", title=book.title)

    def books(self) -> list[dict]:
        """Each paragraph book, its entries in number order, each "Turn to entry N" a link
        to entry N: the rulebook printed War Story's demonstration mission and the page
        had no place for it."""
        out = []
        for book in self.game.books:
            anchors = {
                entry.number: self.own(f"entry-{book.id}-{entry.number}") for entry in book.entries
            }
            entries = [
                {
                    "anchor": self.unique(anchors[entry.number]),
                    "number": entry.number,
                    "blocks": [_entry_block(block, anchors) for block in entry.blocks],
                }
                for entry in sorted(book.entries, key=lambda e: e.number)
            ]
            out.append(
                {
                    "anchor": self.own(f"book-{book.id}"),
                    "title": self.book_title(book),
                    "notice": book.notice,
                    "entries": entries,
                }
            )
        return out

    def decks(self) -> list[dict]:
        """The decks' cards, but those a rule prints where the book prints them."""
        out = []
        for deck, shown in self.game.cards_section():
            cards = [self.card(deck, card) for card in shown]
            anchor = self.unique(f"deck-{deck.id}")
            out.append({"anchor": anchor, "title": deck.title or deck.id, "cards": cards})
        return out

    def card(self, deck, card, heading: str | None = None) -> dict:
        """One card as the page shows it; under a rule's ``heading`` (a cards block), a
        field that says the heading again is left out."""
        anchor = self.unique(f"card-{card.id}")
        if anchor:
            self.card_anchors[card.id] = anchor
        return {
            "anchor": anchor,
            "id": card.id if deck.ids_printed else "",
            "title": card.title or "",
            "fields": card.fields_to_print(heading),
            "paras": [self.text.para(p) for p in card.paras],
            # Casebook's note, set as a gap block of the rules is
            "gap": BlockView("gap", (escape(card.gap),), label(self.lang, "gap-mark"))
            if card.gap
            else None,
        }

    def errata_title(self) -> str:
        l10n = self.game.l10n
        if l10n is not None and l10n.is_translation:
            return label(
                self.lang, "errata-carried", source=language_name(l10n.source_lang, self.lang)
            )
        key = "errata-applied" if self.edition == "living" else "errata-listed"
        return label(self.lang, key)

    def errata(self) -> list[dict]:
        """The errata list, said in the page's language: the rule by its heading ("*", every
        occurrence), the kind and a title's change named (the Italian page printed
        "carta-wehrmacht, typo" and "*, wording": found by a probe)."""
        lang, rules = self.lang, self.reference.rules
        out = []
        for e in self.game.errata:
            linked = e.rule in rules
            where = (
                self.reference.heading(e.rule)
                if linked
                else label(lang, "erratum-every")
                if e.rule == "*"
                else e.rule
            )
            parts = [label(lang, "erratum-title")] if e.field == "title" else []
            parts += [label(lang, f"erratum-kind-{e.kind}")] if e.kind else []
            out.append(
                {
                    "anchor": self.unique(f"erratum-{e.id}"),
                    "id": e.id,
                    "rule": e.rule,
                    "where": where,
                    "linked": linked,
                    "kind": ", ".join(parts),
                    "old": e.old,
                    "new": e.new,
                    "why": e.why,
                }
            )
        return out


def _fallback(game: Game) -> tuple[str, frozenset[str]]:
    """(source language, the texts of its strings a translation prints untranslated):
    each as the model holds it, a paragraph at a time."""
    l10n = game.l10n
    if l10n is None or not l10n.is_translation:
        return "", frozenset()
    texts: set[str] = set()
    for unit in l10n.units:
        if unit.status != TRANSLATED:
            texts.add(normalise(unit.source))
            texts.update(split_paragraphs(unit.source))
    return l10n.source_lang, frozenset(texts)


def _placed_tables(game: Game) -> set[str]:
    """Ids of the tables some rule shows in its text."""
    return {
        block.table
        for rule in game.all_rules()
        for block in rule.blocks()
        if block.kind == "table" and block.table
    }


# ------------------------------------------------------------------ search
def search_index(
    game: Game, reference: RulesReference, card_anchors: dict[str, str] | None = None
) -> Markup:
    """The rules, then the cards, as the page's search reads them, as JSON safe
    inside a <script>.

    One row per rule in reading order: [address, heading, parent row or -1,
    folded title words, folded distinct text words (sorted), excerpt]. Then one
    row per card the page shows (``card_anchors``: card id -> element id), in
    the same shape: [element id, "deck › card", -1, title words, words of its
    text and printed field values, excerpt], so a player who remembers a
    card's wording finds it as `casebook ref` does. Every "<", ">" and "&" is
    written as a \\u escape, so no text can close the script element or open a
    comment.
    """
    rows: list[list] = []
    position: dict[str, int] = {}
    for rule in game.all_rules():
        text = " ".join(p.text for b in rule.blocks() for p in b.paras)
        parent = reference.graph.parent(rule.address)
        opening = "" if rule.title else excerpt(text, EXCERPT)
        rows.append(
            [
                rule.address,
                reference.heading(rule.address),
                position.get(parent, -1) if parent else -1,
                " ".join(words(rule.title or "")),
                " ".join(sorted(set(words(text)))),
                opening,
            ]
        )
        position[rule.address] = len(rows) - 1
    for deck in game.decks:
        for card in deck.cards:
            anchor = (card_anchors or {}).get(card.id)
            if anchor is None:
                continue
            text = " ".join(p.text for p in card.paras)
            title = card.title or card.id
            rows.append(
                [
                    anchor,
                    f"{deck.title or deck.id} › {title}",
                    -1,
                    " ".join(words(title)),
                    " ".join(sorted(set(words(searched_card_text(card))))),
                    excerpt(text, EXCERPT) if text else "",
                ]
            )
    data = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
    safe = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(safe)
