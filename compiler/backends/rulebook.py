"""The rulebook PDF: title page, contents, two-column case-system rules.

Every rule carries a named destination (``rule-8.3.5``) so every resolved
reference is a working link; modules and sections (the levels game.yaml marks
``outline``) get PDF bookmarks and contents lines; the running head names the
module on the page. The living edition highlights each erratum's change and
links it to the errata list at the back.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    FrameBreak,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)
from reportlab.platypus.flowables import AnchorFlowable

from compiler.backends.labels import (
    PAGE_CITATION,
    edition_line,
    label,
    language_name,
    rule_name,
)
from compiler.backends.pdf.contents import Contents, lay_out_once
from compiler.backends.pdf.documents import document_info, frame
from compiler.backends.pdf.entries import book_flowables, keep_whole, keeps_with_next
from compiler.backends.pdf.fonts import SANS, SERIF
from compiler.backends.pdf.glyphs import check_glyphs
from compiler.backends.pdf.imposition import two_ends
from compiler.backends.pdf.markup import (
    LINK_COLOR,
    anchor,
    dest,
    erratum_marker,
    esc,
    gap_markup,
    para_markup,
)
from compiler.backends.pdf.paper import POINTS
from compiler.backends.pdf.styles import ACCENT, INK, styles
from compiler.backends.pdf.table_widths import words_fit
from compiler.backends.pdf.tables import table_flowable, with_split_rows
from compiler.graph import Graphs
from compiler.model.cards import Card, Deck
from compiler.model.game import Game
from compiler.model.parameters import Override, effective
from compiler.model.rules import Block, Rule
from compiler.model.tables import Column
from compiler.model.tables import Table as TableData
from compiler.model.text import RefSpan
from compiler.progress import Tick, silent
from compiler.write import Output

NAME = "rulebook"


def _override_text(override: Override, variant_name: str) -> str:
    """A changed number, or a pointer to the variant's own words for a change in words."""
    shown = override.shown()
    return shown if shown and len(shown) <= 40 else f"changed: see {variant_name}"


MARGIN = 15 * mm
GUTTER = 6 * mm


@dataclass(frozen=True, slots=True)
class Options:
    paper: str = "a4"


def output_path(game: Game, paper: str) -> str:
    return f"{game.id}/{game.language}/rulebook-{game.edition}-{paper}.pdf"


def build(game: Game, graphs: Graphs, options: Options, tick: Tick = silent) -> Iterator[Output]:
    """One rulebook PDF for the game's edition on the requested paper; ``tick`` hears
    how far its layout is (a big game's book takes minutes)."""
    check_glyphs(game)
    yield Output(output_path(game, options.paper), render(game, graphs, options.paper, tick))


TITLE_MAX = 160  # characters of a heading the contents and bookmarks show


def _contents_title(title: str) -> str:
    """A heading as its contents line and bookmark show it: cut at TITLE_MAX."""
    if len(title) > TITLE_MAX:  # a contents line and bookmark, not the heading itself
        return title[: TITLE_MAX - 1].rstrip() + "…"
    return title


def _contents_lines(flowables: list[Flowable]) -> Iterator[tuple[int, str, str]]:
    """(level, text, key) of the contents line each heading of the story will make."""
    for flowable in flowables:
        if isinstance(flowable, KeepTogether):
            yield from _contents_lines(list(flowable._content))
        outline = getattr(flowable, "outline", None)
        if outline:
            key, title, level = outline
            yield level, esc(_contents_title(title)), key


KEEP_WHOLE_ROWS = 8
"""A table of this many rows or fewer is kept to one column: a CHOOSE box, a die roll."""


class _Heading(Paragraph):
    """A paragraph that also becomes a bookmark and a contents line."""

    def __init__(
        self,
        text: str | None,
        style,
        key: str | None = None,
        title: str = "",
        level: int = 0,
        head: str | None = None,
        **kwargs,
    ) -> None:
        # key None: a part ReportLab's split() made of a heading too long for one page
        if key is not None and text is not None and f'name="{key}"' not in text:
            text = f'<a name="{key}"/>{text}'  # the bookmark needs its destination on the page
        super().__init__(text, style, **kwargs)
        self.outline = (key, title, level) if key is not None else None
        self.head = head  # what the running head says, when shorter than the title

    def split(self, availWidth, availHeight):
        """The first part keeps the bookmark and the contents line."""
        parts = super().split(availWidth, availHeight)
        if parts:
            parts[0].outline = self.outline
            parts[0].head = self.head
        return parts


TOP_MARGIN = MARGIN + 5 * mm  # room for the running head


def _inner(paper: str) -> tuple[float, float]:
    """The width and height inside the margins: the frames', the story's measure."""
    width, height = POINTS[paper]
    return width - 2 * MARGIN, height - TOP_MARGIN - MARGIN


SPAN_GAP = 8.0  # pt between a part set across the page and the columns below it
SPAN_MOST = 0.7
"""The most of a page's height a part set across it may take: the columns keep the rest."""


@dataclass(frozen=True)
class Span:
    """A page template whose head is one frame across the page, ``height`` points tall."""

    template: str
    height: float


class _Doc(BaseDocTemplate):
    def __init__(
        self, buffer: io.BytesIO, game: Game, paper: str, spans: tuple[Span, ...] = ()
    ) -> None:
        self.game = game
        self.module_in_force = ""
        self.first_module_on_page: str | None = None
        super().__init__(
            buffer,
            pagesize=POINTS[paper],
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=TOP_MARGIN,
            bottomMargin=MARGIN,
            initialFontSize=9,
            **document_info(game, game.title, f"{game.title} rules, {game.edition} edition", SERIF),
        )
        inner_w, inner_h = _inner(paper)
        col_w = (inner_w - GUTTER) / 2
        one = frame(MARGIN, self.bottomMargin, inner_w, inner_h, id="one")
        left = frame(MARGIN, self.bottomMargin, col_w, inner_h, id="left")
        right = frame(MARGIN + col_w + GUTTER, self.bottomMargin, col_w, inner_h, id="right")
        self.addPageTemplates(
            [
                PageTemplate("title", [one], onPageEnd=self._footer_only),
                PageTemplate("toc", [one], onPage=self._start_contents, onPageEnd=self._decorate),
                PageTemplate(
                    "body", [left, right], onPage=self._start_page, onPageEnd=self._decorate
                ),
                PageTemplate("wide", [one], onPage=self._start_page, onPageEnd=self._decorate),
            ]
        )
        for span in spans:
            # the part set across the page at its head, and the two columns go on below
            below = inner_h - span.height - SPAN_GAP
            top = frame(MARGIN, self.bottomMargin + below + SPAN_GAP, inner_w, span.height)
            self.addPageTemplates(
                PageTemplate(
                    span.template,
                    [
                        top,
                        frame(MARGIN, self.bottomMargin, col_w, below),
                        frame(MARGIN + col_w + GUTTER, self.bottomMargin, col_w, below),
                    ],
                    onPage=self._start_page,
                    onPageEnd=self._decorate,
                )
            )

    def beforeDocument(self) -> None:
        """Start the layout afresh (it runs once: pdf/contents.py, lay_out_once)."""
        self.module_in_force = ""
        self.first_module_on_page = None

    def afterFlowable(self, flowable: Flowable) -> None:
        outline = getattr(flowable, "outline", None)
        if not outline:
            return
        key, title, level = outline
        title = _contents_title(title)
        self.canv.addOutlineEntry(title, key, level=level, closed=level > 0)
        self.notify("TOCEntry", (level, esc(title), self.page, key))
        if level == 0:
            head = getattr(flowable, "head", None) or title
            if self.first_module_on_page is None:
                self.first_module_on_page = head
            self.module_in_force = head

    def _start_contents(self, canvas, doc) -> None:
        self.first_module_on_page = None
        self._module_at_top = label(self.game.language, "contents")

    def _start_page(self, canvas, doc) -> None:
        self.first_module_on_page = None
        self._module_at_top = self.module_in_force

    def _decorate(self, canvas, doc) -> None:
        width, height = self.pagesize
        head = self.first_module_on_page or getattr(self, "_module_at_top", "")
        canvas.saveState()
        canvas.setFont(f"{SANS}-Bold", 7.5)
        canvas.setFillColor(ACCENT)
        left = self.game.title.upper() + (f" {self.game.subtitle}" if self.game.subtitle else "")
        left, head = two_ends(left, head, width - 2 * MARGIN, f"{SANS}-Bold", 7.5)
        canvas.drawString(MARGIN, height - MARGIN, left)
        canvas.setFillColor(INK)
        canvas.drawRightString(width - MARGIN, height - MARGIN, head)
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN, height - MARGIN - 2.5, width - MARGIN, height - MARGIN - 2.5)
        canvas.restoreState()
        self._footer_only(canvas, doc)

    def _footer_only(self, canvas, doc) -> None:
        width, _ = self.pagesize
        canvas.saveState()
        canvas.setFont(SERIF, 8)
        canvas.drawCentredString(width / 2, MARGIN - 6 * mm, str(canvas.getPageNumber()))
        canvas.restoreState()


class _Story:
    """Builds the list of flowables for one game, in reading order."""

    def __init__(
        self,
        game: Game,
        graphs: Graphs,
        column_width: float,
        page_width: float,
        split_rows: bool = False,
        page_height: float = 0.0,
    ) -> None:
        self.game = game
        self.split_rows = split_rows
        self.column_width = column_width
        self.page_width = page_width
        self.graphs = graphs
        self.s = styles()
        self.outline_levels = {lv.name: lv.outline for lv in game.levels}
        self.flowables: list[Flowable] = []
        self.toc: Contents | None = None
        self.spans: list[Span] = []
        self.page_height = page_height
        self._across = False  # setting a part across the page: its parts are not spanned
        self._wide = _holding_wide_tables(game, column_width, page_width)
        self._placed = game.card_places()  # cards a rule prints where the book prints them

    def resolve(self, span: RefSpan) -> str | None:
        if span.kind == "rule" and span.target in self.graphs.references.rules:
            return anchor(span.target)
        return None

    def markup(self, para) -> str:
        return para_markup(para, self.resolve, mark_changes=self.game.edition == "living")

    def add(self, flowable: Flowable) -> None:
        self.flowables.append(flowable)

    def add_whole(self, parts: list[Flowable]) -> None:
        """``parts`` kept to one column, with the headings before them that keep with
        what follows: ReportLab keeps a heading with the next flowable, but never with
        a KeepTogether, and "EXAMPLE SKILL CHECK" ended a column above its table."""
        self.flowables.append(keep_whole(self.flowables, parts))

    def rule(self, rule: Rule, depth: int) -> None:
        if not self._across and rule.address in self._wide and self._set_across(rule, depth):
            return
        name = f'<a name="{anchor(rule.address)}"/>'
        number = esc(rule.label)
        outlined = self.outline_levels.get(rule.level, False) or rule.number is None
        body = list(rule.body)
        title = esc(rule.title or "")
        if rule.title_errata and self.game.edition == "living":
            title += "".join(erratum_marker(e) for e in rule.title_errata)
        below = depth + 1
        if outlined and depth < 2 and not (number or title):
            # the source prints no heading here (Maquis's introduction, components and
            # set-up): nothing is printed for one, as no contents line or bookmark is
            # (they were an empty bar, a line of dots and a blank bookmark); links land
            # on the anchor, and what it holds is outlined a level up
            self.add(AnchorFlowable(anchor(rule.address)))
            below = depth
        elif outlined and depth < 2:
            style = self.s["h1" if depth == 0 else "h2"]
            text = " ".join(x for x in (number, title) if x)
            self.add(_Heading(name + text, style, anchor(rule.address), rule.heading, depth))
        elif rule.title:
            text = f"{number} {title}" if number else title
            self.add(Paragraph(name + text, self.s["h3"]))
        elif rule.level == self.game.levels[-1].name and rule.number and len(rule.label) <= 4:
            # A lettered item: the label hangs in the margin.
            first = body.pop(0) if body and body[0].kind == "paragraph" else None
            text = self.markup(first.paras[0]) if first else ""
            self.add(Paragraph(name + text, self.s["item"], bulletText=rule.label))
        else:
            first = body.pop(0) if body and body[0].kind == "paragraph" else None
            text = self.markup(first.paras[0]) if first else ""
            self.add(Paragraph(f"{name}<b>{number}</b> {text}", self.s["body"]))
        indent = rule.level == self.game.levels[-1].name and bool(rule.number)
        for block in body:
            self.block(block, indent, rule.title)
        for deck in self.game.decks:  # after the rule's own text, before its parts
            if deck.rule == rule.address and not any(
                card.id in self._placed for card in deck.cards
            ):
                # the book prints a deck's cards in its Cards section: the rule that
                # describes them points there (Liberation's medal appendix printed its
                # scenario headings with nothing under them, and no word of where)
                deck_title = esc(deck.title or deck.id)
                link = f'<a href="#deck-{deck.id}" color="{LINK_COLOR}">{deck_title}</a>'
                # the sentence escaped, then the link set where the deck's title goes
                said = esc(label(self.game.language, "cards-at", deck="{deck}"))
                self.add(Paragraph(f"<i>{said.replace('{deck}', link)}</i>", self.s["note"]))
        for child in rule.children:
            self.rule(child, below)
        for block in rule.after:
            self.block(block, indent, rule.title)

    def _set_across(self, rule: Rule, depth: int) -> bool:
        """``rule``, its parts and the headings before it, set across the head of a new
        page, the columns going on below; False (nothing added) when it would take more
        than SPAN_MOST of the page: then its parts are tried one by one.

        A page break, not a float: the part is read where the book puts it, as a
        publisher sets a wide chart across the head of the page."""
        outer, width = self.flowables, self.column_width
        taken: list[Flowable] = []
        while outer and keeps_with_next(outer[-1]):  # its headings go with it
            taken.insert(0, outer.pop())
        pulled = len(taken)
        self.flowables, self.column_width, self._across = taken, self.page_width, True
        try:
            self.rule(rule, depth)
        finally:
            self.flowables, self.column_width, self._across = outer, width, False
        height = _height(taken, self.page_width) + 2.0  # slack for rounding
        if height > SPAN_MOST * self.page_height:
            outer.extend(taken[:pulled])  # the headings back where they were
            return False
        span = Span(f"span-{len(self.spans)}", height)
        self.spans.append(span)
        if outer and isinstance(outer[-1], PageBreak):
            # the part begins a page already (the book's first, after the contents): a
            # second break left a page with its running head alone (found by a review)
            at = len(outer) - 1
            if isinstance(outer[at - 1], NextPageTemplate):
                del outer[at - 1]
                at -= 1
            outer.insert(at, NextPageTemplate(span.template))
        else:
            outer += [NextPageTemplate(span.template), PageBreak()]
        outer += [*taken, FrameBreak(), NextPageTemplate("body")]
        return True

    def block(self, block: Block, indented: bool = False, heading: str | None = None) -> None:
        s = self.s
        if block.kind == "paragraph":
            style = s["item"] if indented else s["body"]
            self.add(Paragraph(self.markup(block.paras[0]), style))
        elif block.kind == "heading":
            self.add(Paragraph(self.markup(block.paras[0]), s["inline-heading"]))
        elif block.kind == "list":
            if block.title:
                self.add(Paragraph(esc(block.title), s["list-title"]))
            for para in block.paras:
                if block.style == "bullet":
                    style = s["item-bullet"] if indented else s["bullet"]
                    self.add(Paragraph(self.markup(para), style, bulletText="•"))
                else:
                    self.add(Paragraph(self.markup(para), s["plain-list"]))
        elif block.kind == "table":
            table = self.game.table(block.table or "")
            if table is not None:
                title = table.title_under(heading)
                parts: list[Flowable] = [Paragraph(esc(title), s["list-title"])] if title else []
                parts.append(
                    table_flowable(
                        table,
                        self.column_width,
                        f"table-{table.id}",
                        split_rows=self.split_rows,
                        where="a column of the rulebook",
                        errata_linked=True,
                    )
                )
                # a small table is read whole: War Story's CHOOSE box broke after its first
                # option, and the next column's repeated head read as a second choice. A
                # long one still breaks between rows (its title keeps with it: list-title)
                if len(table.rows) <= KEEP_WHOLE_ROWS:
                    self.add_whole(parts)
                else:
                    self.flowables.extend(parts)
                self.add(Spacer(1, 4))
        elif block.kind == "cards":
            # the cards the book prints here (Liberation's medal appendix, under each
            # scenario's heading), in the deck's order; the Cards section leaves them
            deck, cards = self.game.cards_printed_by(block) or (None, [])
            for card in cards:
                self.card(deck, card, heading)
        elif block.kind == "gap":
            # Casebook's words, not the publisher's: what the printed book shows here
            for para in block.paras:
                text = gap_markup(self.game.language, self.markup(para))
                self.add(Paragraph(text, s["gap-item"] if indented else s["gap"]))
        else:
            style = s.get(block.kind, s["note"])
            name = f'<a name="{dest("example-" + block.id)}"/>' if block.id else ""
            boxed: list[Flowable] = []
            for i, para in enumerate(block.paras):
                label = f"<b>{esc(block.label)}</b> " if block.label and i == 0 else ""
                boxed.append(Paragraph(name + label + self.markup(para), style))
                name = ""
            # a boxed example or note is read as one: kept to a column unless it is
            # longer than one (Maquis's Sabotage example broke across two)
            self.add_whole(boxed)

    def title_page(self) -> None:
        g, s = self.game, self.s
        self.add(Spacer(1, 60 * mm))
        self.add(Paragraph(esc(g.title), s["title"]))
        if g.subtitle:
            self.add(Paragraph(esc(g.subtitle), s["subtitle"]))
        if g.publisher:
            self.add(Paragraph(esc(g.publisher), s["colophon"]))
        self.add(Spacer(1, 20 * mm))
        self.add(Paragraph(esc(edition_line(g, g.edition)), s["colophon"]))
        self.add(Paragraph(esc(label(g.language, "source", title=g.source_title)), s["colophon"]))
        if _cites_pages(g):
            self.add(Paragraph(esc(label(g.language, "source-pages")), s["colophon"]))
        for book in g.books:  # "the source text verbatim" is not all the book holds
            if not book.publisher_content:
                said = label(g.language, "title-not-publisher", title=book.title)
                self.add(Paragraph(esc(said), s["colophon"]))
        self.add(Paragraph(esc(label(g.language, "compiled")), s["colophon"]))

    def contents(self) -> None:
        toc = Contents(dotsMinLevel=0)
        # The contents table's own default font is Helvetica, which is never embedded.
        toc.tableStyle = TableStyle(
            [*toc.tableStyle.getCommands(), ("FONTNAME", (0, 0), (-1, -1), SERIF)]
        )
        toc.levelStyles = [self.s["toc0"], self.s["toc1"], self.s["toc2"]]
        self.add(Paragraph(esc(label(self.game.language, "contents")), self.s["toc-title"]))
        self.add(toc)
        self.toc = toc

    def contents_if_empty(self) -> None:
        """A book with no heading says so: ReportLab would print "Placeholder for table
        of contents . . . 0" (a new game before its first rule)."""
        if self.toc is None or any(isinstance(f, _Heading) for f in self.flowables):
            return
        at = self.flowables.index(self.toc)
        empty = label(self.game.language, "contents-empty")
        self.flowables[at] = Paragraph(esc(empty), self.s["body"])

    def errata_list(self) -> None:
        g, s = self.game, self.s
        if not g.errata:
            return
        if g.l10n is not None and g.l10n.is_translation:
            title = label(
                g.language, "errata-carried", source=language_name(g.l10n.source_lang, g.language)
            )
        elif g.edition == "living":
            title = label(g.language, "errata-applied")
        else:
            title = label(g.language, "errata-listed")
        self.add(_Heading(f'<a name="errata"/>{esc(title)}', s["h1"], "errata", title, 0))
        lang = g.language
        for e in g.errata:
            # the rule as a reader finds it (its number, else its title), not its id: the
            # list said "(easy, typo)" and "(gioco-in-modalita-scenario, wording)"
            if e.rule in self.graphs.references.rules:
                name = esc(rule_name(g, e.rule))
                where = f'<a href="#{anchor(e.rule)}" color="#1d4f91">{name}</a>'
            else:
                where = esc(label(lang, "erratum-every") if e.rule == "*" else e.rule)
            parts = [where]
            parts += [esc(label(lang, "erratum-title"))] if e.field == "title" else []
            parts += [esc(label(lang, f"erratum-kind-{e.kind}"))] if e.kind else []
            self.add(
                Paragraph(
                    f'<a name="{dest("erratum-" + e.id)}"/><b>{esc(e.id)}</b> '
                    f"({', '.join(parts)}): “{esc(e.old)}” → “{esc(e.new)}”. <i>{esc(e.why)}</i>",
                    s["body"],
                )
            )

    def cards(self) -> None:
        """The decks' cards, but those a rule prints where the book prints them."""
        decks = self.game.cards_section()
        if not decks:
            return
        s = self.s
        title = label(self.game.language, "cards")
        self.add(_Heading(esc(title), s["h1"], "cards", title, 0))
        for deck, cards in decks:
            title = deck.title or deck.id
            self.add(_Heading(esc(title), s["h2"], f"deck-{deck.id}", title, 1))
            for card in cards:
                self.card(deck, card)

    def card(self, deck: Deck, card: Card, heading: str | None = None) -> None:
        """One card, kept whole: Liberation's "6x" stood alone atop the next column.
        Under a rule's ``heading`` (a cards block), a field that says the heading again
        ("Scenario: LA RETE DEL MUSEO DELL'UOMO" under that heading) is left out."""
        s = self.s
        shown_id = card.id if deck.ids_printed else ""
        head = " ".join(
            x for x in (f"<b>{esc(shown_id)}</b>" if shown_id else "", esc(card.title or "")) if x
        )
        parts: list[Flowable] = [Paragraph(f'<a name="{dest("card-" + card.id)}"/>{head}', s["h3"])]
        for field, value in card.fields_to_print(heading):
            parts.append(Paragraph(f"<i>{esc(field)}:</i> {esc(value)}", s["body"]))
        for para in card.paras:
            parts.append(Paragraph(self.markup(para), s["body"]))
        if card.gap:  # Casebook's note where the card shows what the source lacks
            parts.append(Paragraph(gap_markup(self.game.language, esc(card.gap)), s["gap"]))
        self.add_whole(parts)

    def books(self, entry_set: Callable[[], None] = lambda: None) -> None:
        """Each paragraph book; ``entry_set`` is told of each entry, for progress."""
        for book in self.game.books:
            ours = not book.publisher_content

            def heading(text: str, key: str, ours: bool = ours) -> Flowable:
                # a book the publisher did not write says so where a reader meets it, in
                # its heading, the contents and the bookmarks: War Story's demonstration
                # mission stood in the contents as one of the publisher's chapters
                head = None
                if ours:
                    # the running head's room cut the marking short: "(written for
                    # Casebook, not the …)"; it says the short form whole
                    head = label(self.game.language, "book-not-publisher-head", title=text)
                    text = label(self.game.language, "book-not-publisher", title=text)
                return _Heading(
                    f'<a name="{key}"/>{esc(text)}', self.s["h1"], key, text, 0, head=head
                )

            self.flowables.extend(book_flowables(book, self.column_width, heading, entry_set))

    def parameters(self) -> None:
        """One table: each number the rules state, and what each variant makes of it."""
        game = self.game
        if not game.parameters:
            return
        title = label(game.language, "parameters")
        self.add(NextPageTemplate("wide"))  # a table with a column per variant needs the page
        self.add(PageBreak())
        self.add(_Heading(esc(title), self.s["h1"], "parameters", title, 0))
        variants = {v.id: v for v in game.variants}
        columns = [
            Column("subject", label(game.language, "param-subject")),
            Column("rules", label(game.language, "param-stated")),
        ]
        columns += [Column(f"v{i}", v.name) for i, v in enumerate(game.variants)]
        rows = []
        for param in game.parameters:
            stated = "; ".join(f"{st.shown()} ({st.rule})" for st in param.statements)
            row = [param.subject, stated]
            for variant in game.variants:
                changed = [o for o in effective(variants, variant.id) if o.parameter == param.id]
                row.append(_override_text(changed[-1], variant.name) if changed else "")
            rows.append(tuple(row))
        table = TableData(
            id="parameters",
            title=title,
            rule=None,
            component=None,
            dice=None,
            roll_column=None,
            columns=tuple(columns),
            rows=tuple(rows),
            notes=None,
            missing=None,
            at=game.at,
        )
        self.add(
            table_flowable(
                table, self.page_width, split_rows=self.split_rows, where="the rulebook's page"
            )
        )
        self.add(NextPageTemplate("body"))
        self.add(PageBreak())

    def gaps(self) -> None:
        missing = [c for c in self.game.components if c.missing]
        if not missing:
            return
        title = label(self.game.language, "gaps")
        self.add(_Heading(f'<a name="gaps"/>{title}', self.s["h1"], "gaps", title, 0))
        self.add(
            Paragraph(
                esc(label(self.game.language, "gaps-intro")),
                self.s["note"],
            )
        )
        for c in missing:
            self.add(Paragraph(f"<b>{esc(c.name)}</b>: {esc(c.missing or '')}", self.s["body"]))


def _cites_pages(game: Game) -> bool:
    """Whether the verbatim text cites pages ("see page 13"): they are the source's, and
    this book's pages differ, so the title page says so."""
    cites = PAGE_CITATION.get(game.language.split("-")[0], PAGE_CITATION["en"])
    return any(
        cites.search(para.text)
        for rule in game.all_rules()
        for block in rule.blocks()
        for para in block.paras
    )


def render(game: Game, graphs: Graphs, paper: str, tick: Tick = silent) -> bytes:
    """The PDF bytes; the same game and paper always give the same bytes.

    A table cell taller than a page cannot be moved to the next one; only then
    is the book laid out again with table rows allowed to split.
    """
    return with_split_rows(lambda split_rows: _render(game, graphs, paper, tick, split_rows))


def _render(game: Game, graphs: Graphs, paper: str, tick: Tick, split_rows: bool) -> bytes:
    rl_config.invariant = 1
    inner_w, inner_h = _inner(paper)
    story = _Story(game, graphs, (inner_w - GUTTER) / 2, inner_w, split_rows, inner_h)
    story.add(NextPageTemplate("toc"))
    story.title_page()
    story.add(PageBreak())
    story.contents()
    story.add(NextPageTemplate("body"))
    story.add(PageBreak())
    # setting a big book's text (ReportLab parses each paragraph) takes minutes too
    cards = sum(len(deck.cards) for deck in game.decks)
    work = len(game.all_rules()) + cards + sum(len(book.entries) for book in game.books)
    done = 0
    for rule in game.rules:
        tick(done, work, "of the text set")
        story.rule(rule, 0)
        done += sum(1 for _ in rule.walk())
    tick(done, work, "of the text set")
    story.cards()
    done += cards

    def entry_set() -> None:
        nonlocal done
        done += 1
        tick(done, work, "of the text set")

    story.books(entry_set)
    story.parameters()
    story.errata_list()
    story.gaps()
    story.contents_if_empty()
    if story.toc is not None:
        # The contents' lines are known before the layout, only their page numbers are
        # not: set at full length, the contents take the pages they will keep, and the
        # book is laid out once, its page numbers filled in at the end (pdf/contents.py).
        for level, text, key in _contents_lines(story.flowables):
            story.toc.addEntry(level, text, 0, key)
    buffer = io.BytesIO()
    doc = _Doc(buffer, game, paper, tuple(story.spans))
    doc.setProgressCallBack(_reporting(doc, tick))
    lay_out_once(doc, story.flowables)
    return buffer.getvalue()


def _reporting(doc: BaseDocTemplate, tick: Tick) -> Callable[[str, int], None]:
    """ReportLab's progress messages as ticks: flowables laid out of the story's, and
    the page the layout is on. A flowable split across a page puts its rest back in
    the story, so ReportLab's count can step back: the furthest yet is told."""
    total = furthest = 0

    def heard(kind: str, value: int) -> None:
        nonlocal total, furthest
        if kind == "SIZE_EST":
            total = value
        elif kind == "PROGRESS":
            furthest = max(furthest, value)
            tick(furthest, total, f"laid out, page {doc.page:,}")

    return heard


def _height(flowables: list[Flowable], width: float) -> float:
    """The height ``flowables`` take in a frame ``width`` points wide, spaces included
    (a frame drops the first one's space before; counted, it is slack)."""
    total = 0.0
    for flowable in flowables:
        if isinstance(flowable, KeepTogether):  # its wrap needs a canvas; its parts do not
            total += _height(flowable._content, width)
            continue
        _, height = flowable.wrap(width, 10**6)
        total += height + flowable.getSpaceBefore() + flowable.getSpaceAfter()
    return total


def _holding_wide_tables(game: Game, column: float, page: float) -> set[str]:
    """The rules that hold, themselves or in a part, a table with more words side by
    side than a column holds whole, and the page does: Liberation's 7-column
    Organigramma broke "Liberazione" into "Liberazi / one" in a column."""
    wide = {t.id for t in game.tables if not words_fit(t, column) and words_fit(t, page)}
    found: set[str] = set()

    def holds(rule: Rule) -> bool:
        here = any(b.kind == "table" and b.table in wide for b in rule.blocks())
        parts = [holds(child) for child in rule.children]  # every part is looked at
        if here or any(parts):
            found.add(rule.address)
        return here or any(parts)

    for rule in game.rules:
        holds(rule)
    return found
