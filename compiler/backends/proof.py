"""The bilingual proof: source and translation side by side, rule by rule, with the
check findings flagged in the margin.

What a reviewer prints and marks up: every unit of the catalog in the
source's reading order, under the heading of the rule (or card, table,
glossary entry, component) it belongs to, named as the translated game
prints it ("4.2 Title", "MEDAL cards › Raising awareness") with the
msgctxt its catalog entries start with in small grey; the source on the
left, the translation on the right, and in the margin each unit's state
(untranslated, fuzzy, outdated) and the codes of the findings on it,
explained in a key at the end. Each heading is a bookmark, under its
section (Rules, Cards, …) and, for rules, under its parent rule. A
translation that prints in the source language is shown so, not hidden.
The findings come from the lint run the CLI hands in: a back end never
runs checks.
"""

from __future__ import annotations

import bisect
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

from compiler.backends.aids import MARGIN, aid_styles, page_footer
from compiler.backends.pdf.documents import document_info, frame
from compiler.backends.pdf.fonts import SANS, SERIF, register
from compiler.backends.pdf.long_paragraphs import cell, in_pieces
from compiler.backends.pdf.markup import dest, esc, gap_markup
from compiler.backends.pdf.paper import POINTS
from compiler.backends.pdf.styles import EDITORIAL
from compiler.backends.pdf.tables import with_split_rows
from compiler.backends.rulebook import TITLE_MAX
from compiler.diagnostics import Finding, Severity
from compiler.l10n.units import GAP_KIND
from compiler.model.game import Game
from compiler.model.l10n import TRANSLATED, UnitState
from compiler.write import Output

FLAG = {"untranslated": "#b3261e", "fuzzy": "#9a6700", "outdated": "#9a6700"}
MARGIN_W = 60 * mm  # room for what each finding says, not only its code
SAID = 160  # characters of a finding's message shown in the margin


@dataclass(frozen=True, slots=True)
class Flag:
    code: str
    severity: Severity
    message: str


def output_path(game: Game, paper: str) -> str:
    assert game.l10n is not None
    return f"{game.id}/{game.language}/proof-{game.l10n.source_lang}-{game.language}-{paper}.pdf"


def flags_by_unit(game: Game, findings: Sequence[Finding]) -> dict[str, list[Flag]]:
    """Findings placed on each unit: by the unit id they name, or by the catalog line."""
    assert game.l10n is not None
    catalog = game.l10n.catalog
    placed = sorted((u.at.line, u.id) for u in game.l10n.units if u.at.path == catalog)
    lines = [line for line, _ in placed]
    ids = {u.id for u in game.l10n.units}
    out: dict[str, list[Flag]] = {}
    for f in findings:
        if f.status != "open" or (f.severity is Severity.INFO and not f.code.startswith("L10N")):
            continue  # handled, or a gap in the source's content: nothing to review here
        uid = f.target if f.target in ids else None
        if uid is None and f.location.path == catalog and lines:
            # the entry whose msgctxt is the last one at or above the finding's line
            i = bisect.bisect_right(lines, f.location.line) - 1
            uid = placed[i][1] if i >= 0 else None
        if uid is not None:
            out.setdefault(uid, []).append(Flag(f.code, f.severity, f.message))
    return out


def _styles() -> dict[str, ParagraphStyle]:
    st = aid_styles()
    base = st["aid-text"]
    st["cell"] = ParagraphStyle(
        "proof-cell", parent=base, fontName=SERIF, fontSize=8.5, leading=10.5, leftIndent=0
    )
    st["flag"] = ParagraphStyle(
        "proof-flag", parent=base, fontName=SANS, fontSize=6.5, leading=8, leftIndent=0
    )
    st["group"] = ParagraphStyle(
        "proof-group",
        parent=base,
        fontName=f"{SANS}-Bold",
        fontSize=8.5,
        leading=11,
        spaceBefore=6,
        leftIndent=0,
        keepWithNext=1,
    )
    st["section"] = ParagraphStyle("proof-section", parent=st["section"], keepWithNext=1)
    return st


# The sections of the proof, by the kind a unit's id starts with ("rule:…", "card:…").
SECTIONS = {
    "rule": "Rules",
    "deck": "Cards",
    "card": "Cards",
    "table": "Tables",
    "term": "Glossary",
    "component": "Components",
    "layout": "Card layouts",
}


@dataclass(frozen=True, slots=True)
class Group:
    """What a run of units is filed under, named as the translated game prints it."""

    section: str  # "Rules", "Cards", …
    context: str  # the msgctxt its units start with: "rule:principio-di-base"
    title: str  # the printed heading: "4.2 Title", "MEDAL cards › Raising awareness"
    depth: int  # bookmark level under the section's (1 = directly under it)
    parent: Group | None = None  # a card's deck: a heading above it in the outline


class _Names:
    """Printed names of the game's rules, decks, cards, tables, terms and components."""

    def __init__(self, game: Game) -> None:
        assert game.l10n is not None
        self.l10n = game.l10n
        self.rules: dict[str, tuple[str, int]] = {}  # address -> (heading, depth)

        def walk(rules, depth: int, titled: str) -> None:
            for rule in rules:
                heading = rule.heading
                if not rule.title and titled:  # "A" of a list of steps: say whose step
                    heading = f"{titled.rstrip(':')} › {rule.label}"
                self.rules[rule.address] = (heading, depth)
                walk(rule.children, depth + 1, rule.heading if rule.title else titled)

        walk(game.rules, 1, "")
        self.decks = {d.id: d for d in game.decks}
        self.tables = {t.id: t.title for t in game.tables}
        self.components = {c.id: c.name for c in game.components}
        self.layouts = {
            layout.id: ", ".join(d.title or d.id for d in game.decks if d.layout == layout.id)
            for layout in game.layouts
        }

    def deck(self, deck_id: str) -> Group:
        deck = self.decks.get(deck_id)
        title = (deck.title or deck.id) if deck else deck_id
        return Group(SECTIONS["deck"], f"deck:{deck_id}", title, 1)

    def group(self, unit: UnitState) -> Group:
        kind, _, rest = unit.id.partition(":")
        key = rest.split(":", 1)[0]
        section = SECTIONS.get(kind, kind)
        if kind == "rule" and unit.rule in self.rules:
            title, depth = self.rules[unit.rule]
            return Group(section, f"rule:{key}", title, depth)
        if kind == "deck":
            return self.deck(key)
        if kind == "card":
            card_id = rest.split(":")[1]
            deck = self.deck(key)
            found = self.decks.get(key)
            card = next((c for c in found.cards if c.id == card_id), None) if found else None
            name = card_id
            if card is not None and found is not None:
                # as the rulebook heads a card: its id when printed, then its title
                shown_id = card.id if found.ids_printed else ""
                name = " ".join(x for x in (shown_id, card.title or "") if x) or card.id
            return Group(section, f"card:{key}:{card_id}", f"{deck.title} › {name}", 2, deck)
        if kind == "term":
            term = self.l10n.by_id.get(f"term:{key}:term")
            return Group(section, f"term:{key}", term.shown if term else key, 1)
        if kind == "layout":
            decks = self.layouts.get(key)
            title = f"Card layout of {decks}" if decks else f"Card layout {key}"
        else:
            title = {"table": self.tables, "component": self.components}.get(kind, {}).get(key)
        return Group(section, f"{kind}:{key}", title or key, 1)


def _margin(unit: UnitState, flags: list[Flag], st: dict) -> Paragraph:
    parts = []
    if unit.status != TRANSLATED:
        parts.append(
            f'<font color="{FLAG.get(unit.status, "#000000")}"><b>{unit.status}</b></font>'
        )
    for flag in flags:
        colour = "#b3261e" if flag.severity is Severity.ERROR else "#555555"
        said = flag.message if len(flag.message) <= SAID else flag.message[: SAID - 1] + "…"
        parts.append(f'<font color="{colour}"><b>{esc(flag.code)}</b></font> {esc(said)}')
    return Paragraph("<br/>".join(parts), st["flag"])


HEADING_ROOM = 72  # points a heading needs below it for its first lines, when rows may split
HEADING_MAX = 300  # characters: no title a game prints is as long; its rows print it whole


def _heading(title: str, level: int, style: ParagraphStyle, name: str, after: str = "") -> Flowable:
    """A heading that is also a bookmark at ``level``, landing on the heading itself.

    A translated title pasted a hundred times would be a heading pages long
    (the adversarial hunt's catalog); it is cut, as the row below prints it all.
    """
    shown = title if len(title) <= HEADING_MAX else title[: HEADING_MAX - 1].rstrip() + "…"
    heading = Paragraph(f'<a name="{name}"/>{esc(shown)}{after}', style)
    heading._bookmark = (name, title, level)
    return heading


def _context(group: Group) -> str:
    """The group's msgctxt, small and grey: what to look for in the catalog."""
    return f' <font name="{SANS}" size="6.5" color="#888888">msgctxt {esc(group.context)}:…</font>'


def _rows(
    game: Game, flags: dict[str, list[Flag]], st: dict, width: float, split_rows: bool = False
) -> Iterator[Flowable]:
    assert game.l10n is not None
    names = _Names(game)
    text_w = (width - MARGIN_W) / 2
    rows: list[list[Flowable]] = []
    marks: list[tuple] = []
    current: Group | None = None
    level = 0  # of the last bookmark: a deeper one may be at most one level below it
    n = 0
    for unit in game.l10n.units:
        group = names.group(unit)
        if group != current:
            if rows:
                yield _table(rows, marks, text_w, split_rows)
                rows, marks = [], []
            if split_rows:
                yield CondPageBreak(HEADING_ROOM)
            if current is None or group.section != current.section:
                n += 1
                level = 0
                yield _heading(group.section, 0, st["section"], dest(f"proof-{n}"))
            heads = [group]
            if group.parent and group.parent not in (current, current and current.parent):
                heads.insert(0, group.parent)  # a card's deck, when the deck has no strings
            for head in heads:
                n += 1
                level = min(head.depth, level + 1)
                name = dest(f"proof-{n}-{head.context}")
                yield _heading(head.title, level, st["group"], name, _context(head))
            current = group
        shown = unit.translation if unit.status == TRANSLATED else unit.translation or ""
        right = esc(shown).replace("\n\n", "<br/><br/>")
        if unit.status != TRANSLATED:
            right = f'<font color="#888888">{right}</font>' if right else ""
        left = esc(unit.source).replace("\n\n", "<br/><br/>")
        if unit.kind == GAP_KIND:
            # Casebook's note on a picture the source lacks, on both sides: marked as the
            # books mark it, not set as the source's words (found by a review)
            left = _ours(game.l10n.source_lang, left)
            right = _ours(game.l10n.lang, right) if right else ""
        rows.append(
            [
                cell(left, st["cell"]),
                cell(right, st["cell"]),
                _margin(unit, flags.get(unit.id, []), st),
            ]
        )
        if unit.status != TRANSLATED or flags.get(unit.id):
            marks.append(("BACKGROUND", (2, len(rows) - 1), (2, len(rows) - 1), "#fdf2e9"))
    if rows:
        yield _table(rows, marks, text_w, split_rows)


def _ours(language: str, markup: str) -> str:
    """A gap note's text, bracketed and headed as the rulebook heads it, in its grey."""
    grey = "#" + EDITORIAL.hexval()[2:]
    return f'<font color="{grey}">{gap_markup(language, markup)}</font>'


def _table(rows, marks, text_w: float, split_rows: bool = False) -> Table:
    table = Table(
        rows,
        colWidths=[text_w, text_w, MARGIN_W],
        repeatRows=0,
        hAlign="LEFT",
        splitInRow=split_rows,
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), SERIF),  # never the unembedded Helvetica
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, "#cccccc"),
                ("LEFTPADDING", (0, 0), (-1, -1), 3),
                ("RIGHTPADDING", (0, 0), (-1, -1), 3),
                *marks,
            ]
        )
    )
    return table


def _key(flags: dict[str, list[Flag]], st: dict) -> Iterator[Flowable]:
    seen: dict[str, str] = {}
    for found in flags.values():
        for flag in found:
            seen.setdefault(flag.code, flag.message)
    if not seen:
        return
    yield Paragraph("Key to the margin", st["group"])
    for code, example in sorted(seen.items()):
        yield Paragraph(f"<b>{esc(code)}</b> — for example: {esc(example)}", st["flag"])


class _Doc(BaseDocTemplate):
    """Bookmarks each heading, so the outline lists every group under its section."""

    def afterFlowable(self, flowable: Flowable) -> None:
        mark = getattr(flowable, "_bookmark", None)
        if mark:
            name, title, level = mark
            if len(title) > TITLE_MAX:  # as the rulebook shortens a bookmark
                title = title[: TITLE_MAX - 1].rstrip() + "…"
            # the heading's own <a name> is the destination: the bookmark lands on it
            self.canv.addOutlineEntry(title, name, level=level, closed=level > 0)


def render(game: Game, findings: Sequence[Finding], paper: str) -> bytes:
    """The proof's PDF bytes. A string taller than a page (a translation of
    thousands of lines) cannot be moved to the next page whole; only then is
    the proof laid out again with its rows allowed to split, as the rulebook is."""
    return with_split_rows(lambda split_rows: _render(game, findings, paper, split_rows))


def _render(game: Game, findings: Sequence[Finding], paper: str, split_rows: bool) -> bytes:
    assert game.l10n is not None
    register()
    st = _styles()
    if split_rows:
        # A row taller than a page: a heading kept with its table would push the whole
        # table past the rest of the page (page 1 held only the title). Each heading
        # asks for room for a few lines instead (_rows), and the table starts under it.
        for key in ("group", "section"):
            st[key] = ParagraphStyle(f"{st[key].name}-loose", parent=st[key], keepWithNext=0)
    l10n = game.l10n
    page = landscape(POINTS[paper])
    width = page[0] - 2 * MARGIN
    title = f"{game.title} — proof {l10n.source_lang} → {l10n.lang}"
    flags = flags_by_unit(game, findings)
    counts = l10n.counts()
    buf = io.BytesIO()
    doc = _Doc(
        buf,
        pagesize=page,
        **document_info(
            game,
            title,
            f"translation proof: each string in {l10n.source_lang} beside its {l10n.lang}, "
            "with its state and the checks it fails",
        ),
    )
    doc.addPageTemplates(
        [
            PageTemplate(
                "proof",
                [frame(MARGIN, MARGIN, width, page[1] - 2 * MARGIN)],
                onPage=page_footer(title),
                pagesize=page,
            )
        ]
    )
    summary = ", ".join(f"{n} {state}" for state, (n, _) in counts.items() if n)
    story: list[Flowable] = [
        Paragraph(esc(title), st["title"]),
        Paragraph(
            esc(
                f"Catalog {l10n.catalog}: {summary}; {sum(len(v) for v in flags.values())} "
                f"findings on {len(flags)} strings. Left: the source ({l10n.source_lang}); "
                f"right: the translation ({l10n.lang}); margin: the string's state and what "
                "each check that flags it says (codes in the key at the end; `casebook "
                "explain CODE`)."
            ),
            st["from"],
        ),
    ]
    story += _rows(game, flags, st, width, split_rows)
    story += _key(flags, st)
    doc.build(in_pieces(story))
    return buf.getvalue()


def build(game: Game, findings: Sequence[Finding], papers: tuple[str, ...]) -> Iterator[Output]:
    if game.l10n is None or not game.l10n.is_translation:
        return
    for paper in papers:
        yield Output(output_path(game, paper), render(game, findings, paper))
