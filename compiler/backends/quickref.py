"""The quick-reference PDF: every rule with what cites it, the glossary with its
rule numbers, and the tables.

A player looking for "what points to 8.6.5?" or "where is AP defined?" finds it
here in one lookup. Every rule number printed is a link to that rule's index
entry, and every index entry is a bookmark, so the file is navigable on screen.
The look-up engine supplies the answers, so this page and `casebook ref` agree.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
)

from compiler.backends.aids import MARGIN, aid_styles, page_footer, tables_story
from compiler.backends.labels import edition_line, label
from compiler.backends.pdf.documents import document_info, frame
from compiler.backends.pdf.fonts import SANS, register
from compiler.backends.pdf.glyphs import check_glyphs
from compiler.backends.pdf.long_paragraphs import in_pieces
from compiler.backends.pdf.markup import dest, esc
from compiler.backends.pdf.paper import POINTS
from compiler.backends.pdf.tables import with_split_rows
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.reference.lookup import RulesReference, excerpt
from compiler.write import Output

USED_SHOWN = 10  # rule numbers listed after "used in" before "and N more"
GUTTER = 6 * mm
OPENING = 70  # characters of an untitled case's text shown in the index


def output_path(game: Game, paper: str) -> str:
    return f"{game.id}/{game.language}/quickref-{paper}.pdf"


def index_anchor(address: str) -> str:
    return dest("qr-" + address)


def _styles() -> dict[str, ParagraphStyle]:
    st = aid_styles()
    base = st["aid-text"]
    st["entry"] = ParagraphStyle(
        "qr-entry", parent=base, fontName=SANS, fontSize=7.5, leading=9, leftIndent=0
    )
    st["citers"] = ParagraphStyle(
        "qr-citers", parent=base, fontName=SANS, fontSize=6.5, leading=8, textColor="#555555"
    )
    st["term"] = ParagraphStyle(
        "qr-term", parent=base, fontSize=8, leading=10, leftIndent=0, spaceBefore=2
    )
    return st


def _link(ref: RulesReference, address: str) -> str:
    return f'<a href="#{index_anchor(address)}" color="#1a4d80">{esc(ref.heading(address))}</a>'


def _links(ref: RulesReference, addresses: list[str], lang: str) -> str:
    shown = ", ".join(_link(ref, a) for a in addresses[:USED_SHOWN])
    more = len(addresses) - USED_SHOWN
    return shown + (" " + esc(label(lang, "and-more", n=more)) if more > 0 else "")


def _index(game: Game, ref: RulesReference, st: dict) -> Iterator[Flowable]:
    lang = game.language
    depth = {}
    for rule in game.all_rules():
        parent = ref.graph.parent(rule.address)
        depth[rule.address] = 0 if parent is None else depth[parent] + 1
        indent = min(depth[rule.address], 4) * 3 * mm
        anchor = f'<a name="{index_anchor(rule.address)}"/>'
        head = esc(ref.heading(rule.address))
        if not rule.title:  # an untitled case: its opening words say what it is about
            opening = next((p.text for b in rule.blocks() for p in b.paras), "")
            head += f' <font color="#555555">{esc(excerpt(opening, OPENING))}</font>'
        style = ParagraphStyle(
            f"qr-entry-{indent}",
            parent=st["entry"],
            leftIndent=indent,
            fontName=f"{SANS}-Bold" if depth[rule.address] == 0 else SANS,
        )
        entry = Paragraph(anchor + head, style)
        entry._bookmark = (rule.address, ref.heading(rule.address), depth[rule.address])
        yield entry
        citers = ref.graph.cited_by(rule.address)
        cards = ref.cards_citing(rule.address)  # named, not linked: the cards are not here
        if citers or cards:
            named = [_links(ref, citers, lang)] if citers else []
            named += [esc(heading) for _, heading in cards]
            text = f"{esc(label(lang, 'cited-by'))}: {', '.join(named)}"
            yield Paragraph(
                text,
                ParagraphStyle(f"qr-cit-{indent}", parent=st["citers"], leftIndent=indent + 3 * mm),
            )


def _glossary(game: Game, ref: RulesReference, st: dict) -> Iterator[Flowable]:
    lang = game.language
    for term in sorted(game.glossary, key=lambda t: t.term.casefold()):
        answer = ref.term(term.term)
        parts = [f"<b>{esc(term.term)}</b> — {esc(term.meaning)}"]
        if answer and answer.see:
            parts.append(
                f"{esc(label(lang, 'defined-in'))} {_links(ref, [a for a, _ in answer.see], lang)}"
            )
        if answer and answer.used_in:
            used = [a for a, _ in answer.used_in]
            parts.append(f"{esc(label(lang, 'used-in'))} {_links(ref, used, lang)}")
        yield Paragraph(_joined(parts[0], parts[1:], term.meaning), st["term"])


def _joined(first: str, rest: list[str], meaning: str) -> str:
    """The entry and its "defined in"/"used in" notes: after a meaning that ends a
    sentence, the notes are a sentence of their own (it read "…(“Backfired”).; defined in")."""
    if not rest:
        return first
    notes = "; ".join(rest)
    if meaning.rstrip().endswith((".", "!", "?", "…")):
        return f"{first} {notes[:1].upper()}{notes[1:]}."
    return f"{first}; {notes}"


class _Doc(BaseDocTemplate):
    """Bookmarks every index entry, so the outline is the rule tree."""

    def afterFlowable(self, flowable: Flowable) -> None:
        mark = getattr(flowable, "_bookmark", None)
        if mark:
            address, title, level = mark
            # the entry's own <a name> is the destination, so links and bookmarks agree
            self.canv.addOutlineEntry(title, index_anchor(address), level=level, closed=level > 0)


def render(game: Game, graphs: Graphs, paper: str) -> bytes:
    return with_split_rows(lambda split_rows: _render(game, graphs, paper, split_rows))


def _render(game: Game, graphs: Graphs, paper: str, split_rows: bool) -> bytes:
    register()
    st = _styles()
    lang = game.language
    ref = RulesReference(game, graphs)
    portrait = POINTS[paper]
    wide = landscape(portrait)
    title = f"{game.title} — {label(lang, 'quickref')}"
    buf = io.BytesIO()
    inner_w = portrait[0] - 2 * MARGIN
    inner_h = portrait[1] - 2 * MARGIN
    col_w = (inner_w - GUTTER) / 2

    foot = page_footer(title)

    columns = [
        frame(MARGIN, MARGIN, col_w, inner_h, id="left"),
        frame(MARGIN + col_w + GUTTER, MARGIN, col_w, inner_h, id="right"),
    ]
    doc = _Doc(
        buf,
        pagesize=portrait,
        **document_info(
            game,
            title,
            "quick reference: every rule with what cites it, the glossary with its rule "
            "numbers, the tables",
        ),
    )
    doc.addPageTemplates(
        [
            PageTemplate("columns", columns, onPage=foot, pagesize=portrait),
            PageTemplate(
                "portrait",
                [frame(MARGIN, MARGIN, inner_w, inner_h)],
                onPage=foot,
                pagesize=portrait,
            ),
            PageTemplate(
                "landscape",
                [frame(MARGIN, MARGIN, wide[0] - 2 * MARGIN, wide[1] - 2 * MARGIN)],
                onPage=foot,
                pagesize=wide,
            ),
        ]
    )
    story: list[Flowable] = [Paragraph(esc(title), st["title"])]
    if game.l10n is not None and game.l10n.is_translation:
        # the rulebook's and the HTML's words: what this translation was made from
        made = edition_line(game, game.edition, errata_here=False)
        story.append(Paragraph(esc(made), st["from"]))
    story += [
        Paragraph(esc(label(lang, "rule-index")), st["section"]),
        Paragraph(esc(label(lang, "rule-index-intro")), st["from"]),
    ]
    story += _index(game, ref, st)
    if game.glossary:
        story += [CondPageBreak(60 * mm), Paragraph(esc(label(lang, "glossary")), st["section"])]
        story += _glossary(game, ref, st)
    if game.tables:
        story += [NextPageTemplate("portrait"), PageBreak()]
        story.append(Paragraph(esc(label(lang, "tables")), st["section"]))
        story += tables_story(game, portrait, wide, st, split_rows)
    doc.build(in_pieces(story))
    return buf.getvalue()


def build(game: Game, graphs: Graphs, papers: tuple[str, ...]) -> Iterator[Output]:
    check_glyphs(game)
    for paper in papers:
        yield Output(output_path(game, paper), render(game, graphs, paper))
