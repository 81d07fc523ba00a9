"""Player-aid charts: the sequence of play and every table, each with its rule number.

A player at the table wants the turn and the tables in one place, and wants to
know where in the rulebook each comes from. Tables with five columns or more
get a landscape page; the rest share portrait pages. A table whose contents
the source does not give is listed as a gap, never drawn empty.
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
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
)

from compiler.backends.form_layout import SOURCE, TITLE
from compiler.backends.labels import edition_line, label, rule_name
from compiler.backends.pdf.documents import document_info, frame
from compiler.backends.pdf.fonts import SANS, register
from compiler.backends.pdf.glyphs import check_glyphs
from compiler.backends.pdf.imposition import two_ends
from compiler.backends.pdf.long_paragraphs import in_pieces
from compiler.backends.pdf.markup import esc, gap_markup, para_markup
from compiler.backends.pdf.paper import PAPER_NAMES, POINTS
from compiler.backends.pdf.styles import styles
from compiler.backends.pdf.table_widths import words_fit
from compiler.backends.pdf.tables import table_flowable, with_split_rows
from compiler.model.game import Game
from compiler.model.rules import Rule
from compiler.model.tables import Table
from compiler.write import Output

NAME = "aids"
MARGIN = 12 * mm
WIDE = 5  # columns from which a table gets a landscape page


def _sequence(game: Game, rule: Rule, st: dict, depth: int = 0) -> Iterator[Flowable]:
    """The rule and its sub-rules, compact, each led by its number.

    A titled rule gets a heading line; an untitled case runs its number into
    its first paragraph ("3.2.1 The OPs Phase is …"), as case rulebooks print it.
    """
    run_in = ""
    if rule.title:
        # as the rulebook prints it: Maquis's "1. Placement Phase", not "1 Placement Phase"
        yield Paragraph(
            f"<b>{esc(rule.heading)}</b>", st["aid-head"] if depth == 0 else st["aid-sub"]
        )
    elif rule.number:
        run_in = f"<b>{esc(rule.number)}</b> "
    living = game.edition == "living"
    for block in rule.blocks():
        for i, para in enumerate(block.paras):
            # a block's own label ("For example:", "Remember:"): without it an example
            # read as a rule; and in the living edition each correction keeps its mark
            lead = f"<b>{esc(block.label)}</b> " if block.label and i == 0 else ""
            text = para_markup(para, lambda _: None, mark_changes=living, errata_linked=False)
            if block.kind == "gap":
                text = gap_markup(game.language, text)
            yield Paragraph(run_in + lead + text, st["aid-text"])
            run_in = ""
    if run_in:  # a number with no words of its own
        yield Paragraph(run_in, st["aid-text"])
    for child in rule.children:
        yield from _sequence(game, child, st, depth + 1)


def aid_styles() -> dict[str, ParagraphStyle]:
    base = styles()
    return {
        "title": ParagraphStyle(  # a form's too: form_layout measures it by these numbers
            "aid-title",
            parent=base["body"],
            fontName=TITLE.font,
            fontSize=TITLE.size,
            leading=TITLE.leading,
            spaceAfter=6,
        ),
        "section": ParagraphStyle(
            "aid-section",
            parent=base["body"],
            fontName=f"{SANS}-Bold",
            fontSize=11.5,
            leading=14,
            spaceBefore=8,
            spaceAfter=3,
            keepWithNext=1,  # a heading never ends a page: it stays with its text
        ),
        "aid-head": ParagraphStyle(
            "aid-head",
            parent=base["body"],
            fontName=f"{SANS}-Bold",
            fontSize=9.5,
            leading=12,
            spaceBefore=5,
            keepWithNext=1,
        ),
        "aid-sub": ParagraphStyle(
            "aid-sub",
            parent=base["body"],
            fontSize=8.5,
            leading=10.5,
            spaceBefore=2.5,
            keepWithNext=1,
        ),
        "aid-text": ParagraphStyle(
            "aid-text", parent=base["body"], fontSize=8, leading=10, leftIndent=6
        ),
        "from": ParagraphStyle(
            "aid-from",
            parent=base["body"],
            fontName=SOURCE.font,
            fontSize=SOURCE.size,
            leading=SOURCE.leading,
            textColor="#555555",
            spaceAfter=2,
        ),
        "gap": ParagraphStyle(
            "aid-gap",
            parent=base["body"],
            fontName=SANS,
            fontSize=8,
            leading=10,
            textColor="#7a2e2a",
        ),
    }


def _table_block(
    game: Game, table: Table, width: float, st: dict, split_rows: bool, where: str
) -> list[Flowable]:
    lang = game.language
    head = [Paragraph(esc(table.title), st["section"])]
    if table.rule:
        rule = label(lang, "from-rule", rule=rule_name(game, table.rule))
        head.append(Paragraph(esc(rule), st["from"]))
    flowable = table_flowable(table, width, split_rows=split_rows, where=where)
    return [KeepTogether([*head, flowable]), Spacer(1, 4)]


def page_footer(title: str):
    """The onPage hook that prints the document's title and the page number."""

    def foot(canv, doc) -> None:
        canv.saveState()
        canv.setFont(SANS, 7)
        left, number = two_ends(title, str(doc.page), canv._pagesize[0] - 2 * MARGIN, SANS, 7)
        canv.drawString(MARGIN, 6 * mm, left)
        canv.drawRightString(canv._pagesize[0] - MARGIN, 6 * mm, number)
        canv.restoreState()

    return foot


def tables_story(game: Game, portrait, wide, st: dict, split_rows: bool = False) -> list[Flowable]:
    """Every table with its rule: narrow ones on portrait pages, wide ones each on a
    landscape page, then the tables the source does not give, listed as gaps.

    The document needs page templates named "portrait" and "landscape".
    ``split_rows``: a row taller than a page runs on over pages (pdf/tables.py);
    a document is laid out so only when it cannot be otherwise (``with_split_rows``)."""
    story: list[Flowable] = []
    narrow = [t for t in game.tables if t.rows and not _on_landscape(t)]
    broad = [t for t in game.tables if t.rows and _on_landscape(t)]
    for table in narrow:
        story.append(CondPageBreak(40 * mm))
        width = _text_width(portrait)
        story += _table_block(game, table, width, st, split_rows, "a portrait page of the aids")
    for table in broad:
        story += [NextPageTemplate("landscape"), PageBreak()]
        width = _text_width(wide)
        story += _table_block(game, table, width, st, split_rows, "a landscape page of the aids")
    gaps = [t for t in game.tables if not t.rows]
    lang = game.language
    if gaps:
        story += [NextPageTemplate("portrait"), CondPageBreak(30 * mm)]
        for table in gaps:
            text = label(lang, "table-missing", what=table.title)
            if table.rule:
                text += f" ({label(lang, 'from-rule', rule=rule_name(game, table.rule))})"
            story.append(Paragraph(esc(text), st["gap"]))
    return story


def _on_landscape(table: Table) -> bool:
    """Whether the aids give the table a landscape page of its own (notes() says so too)."""
    return len(table.columns) >= WIDE


def _text_width(page: tuple[float, float]) -> float:
    return page[0] - 2 * MARGIN


def render(game: Game, paper: str) -> bytes:
    return with_split_rows(lambda split_rows: _render(game, paper, split_rows))


def _render(game: Game, paper: str, split_rows: bool) -> bytes:
    register()
    st = aid_styles()
    lang = game.language
    portrait = POINTS[paper]
    wide = landscape(portrait)
    buf = io.BytesIO()

    def page_frame(size) -> Frame:
        return frame(MARGIN, MARGIN, size[0] - 2 * MARGIN, size[1] - 2 * MARGIN, id="f")

    foot = page_footer(f"{game.title} — {label(lang, 'aids')}")
    info = document_info(
        game,
        f"{game.title} — {label(lang, 'aids')}",
        "player aid charts: the sequence of play and every table, each with the rule it "
        "comes from; print at 100 %",
    )
    doc = BaseDocTemplate(buf, pagesize=portrait, **info)
    doc.addPageTemplates(
        [
            PageTemplate("portrait", [page_frame(portrait)], onPage=foot, pagesize=portrait),
            PageTemplate("landscape", [page_frame(wide)], onPage=foot, pagesize=wide),
        ]
    )
    story: list[Flowable] = [
        Paragraph(esc(f"{game.title} — {label(lang, 'aids')}"), st["title"]),
        # which text the aid prints: the living one's corrections are marked [E026]
        Paragraph(esc(edition_line(game, game.edition, errata_here=False)), st["aid-text"]),
    ]
    rules = {r.address: r for r in game.all_rules()}
    if game.aid_sequence:
        story.append(Paragraph(esc(label(lang, "sequence")), st["section"]))
        for address in game.aid_sequence:
            story += _sequence(game, rules[address], st)
    story += tables_story(game, portrait, wide, st, split_rows)
    doc.build(in_pieces(story))
    return buf.getvalue()


def notes(game: Game, papers: tuple[str, ...]) -> list[str]:
    """Tables whose words cannot all be set whole on the aids' page for them, said once
    per build: their words are broken inside the cells, a 25-column table of long words
    a letter a line, and nothing else says so (FIT006 refuses only a table whose columns
    cannot hold one character)."""
    out = []
    for table in (t for t in game.tables if t.rows):
        broad = _on_landscape(table)
        widths = {
            paper: _text_width(landscape(POINTS[paper]) if broad else POINTS[paper])
            for paper in papers
        }
        short = [paper for paper, width in widths.items() if not words_fit(table, width)]
        if short:
            width = min(widths[p] for p in short)
            out.append(
                f"{game.id} ({game.language}): in the player aids, table {table.id!r} has more "
                f"words side by side than the {'landscape' if broad else 'portrait'} "
                f"{' and '.join(PAPER_NAMES[p] for p in short)} page holds whole "
                f"({width / mm:.0f} mm): they are broken inside their cells; split it in "
                "tables.yaml, or shorten its longest words"
            )
    return out


def build(game: Game, papers: tuple[str, ...]) -> Iterator[Output]:
    check_glyphs(game)
    for paper in papers:
        yield Output(f"{game.id}/{game.language}/kit/aids-{paper}.pdf", render(game, paper))
