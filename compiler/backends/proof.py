"""The bilingual proof: source and translation side by side, rule by rule, with the
check findings flagged in the margin.

What a reviewer prints and marks up: every unit of the catalog in the
source's reading order, under the heading of the rule (or card, table,
glossary entry) it belongs to; the source on the left, the translation on
the right, and in the margin each unit's state (untranslated, fuzzy,
outdated) and the codes of the findings on it, explained in a key at the
end. A translation that prints in the source language is shown so, not
hidden. The findings come from the lint run the CLI hands in: a back end
never runs checks.
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
    Flowable,
    Frame,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

from compiler.backends.aids import MARGIN, aid_styles, page_footer
from compiler.backends.pdf.documents import document_info
from compiler.backends.pdf.fonts import SANS, SERIF, register
from compiler.backends.pdf.markup import esc
from compiler.backends.rulebook import PAPERS
from compiler.diagnostics import Finding, Severity
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
    )
    return st


def _group(unit: UnitState) -> str:
    """What a unit is filed under: its rule, else its card, table, term or component."""
    if unit.rule and unit.id.startswith("rule:"):
        return f"rule {unit.rule}"
    kind, _, rest = unit.id.partition(":")
    return f"{kind} {rest.rsplit(':', 1)[0]}"


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


def _rows(game: Game, flags: dict[str, list[Flag]], st: dict, width: float) -> Iterator[Flowable]:
    assert game.l10n is not None
    text_w = (width - MARGIN_W) / 2
    rows: list[list[Flowable]] = []
    marks: list[tuple] = []
    current = None
    for unit in game.l10n.units:
        group = _group(unit)
        if group != current:
            if rows:
                yield _table(rows, marks, text_w)
                rows, marks = [], []
            current = group
            yield Paragraph(esc(group), st["group"])
        shown = unit.translation if unit.status == TRANSLATED else unit.translation or ""
        right = esc(shown).replace("\n\n", "<br/><br/>")
        if unit.status != TRANSLATED:
            right = f'<font color="#888888">{right}</font>' if right else ""
        rows.append(
            [
                Paragraph(esc(unit.source).replace("\n\n", "<br/><br/>"), st["cell"]),
                Paragraph(right, st["cell"]),
                _margin(unit, flags.get(unit.id, []), st),
            ]
        )
        if unit.status != TRANSLATED or flags.get(unit.id):
            marks.append(("BACKGROUND", (2, len(rows) - 1), (2, len(rows) - 1), "#fdf2e9"))
    if rows:
        yield _table(rows, marks, text_w)


def _table(rows, marks, text_w: float) -> Table:
    table = Table(rows, colWidths=[text_w, text_w, MARGIN_W], repeatRows=0, hAlign="LEFT")
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


def render(game: Game, findings: Sequence[Finding], paper: str) -> bytes:
    assert game.l10n is not None
    register()
    st = _styles()
    l10n = game.l10n
    page = landscape(PAPERS[paper])
    width = page[0] - 2 * MARGIN
    title = f"{game.title} — proof {l10n.source_lang} → {l10n.lang}"
    flags = flags_by_unit(game, findings)
    counts = l10n.counts()
    buf = io.BytesIO()
    doc = BaseDocTemplate(buf, pagesize=page, **document_info(game, title))
    doc.addPageTemplates(
        [
            PageTemplate(
                "proof",
                [Frame(MARGIN, MARGIN, width, page[1] - 2 * MARGIN)],
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
    story += _rows(game, flags, st, width)
    story += _key(flags, st)
    doc.build(story)
    return buf.getvalue()


def build(game: Game, findings: Sequence[Finding], papers: tuple[str, ...]) -> Iterator[Output]:
    if game.l10n is None or not game.l10n.is_translation:
        return
    for paper in papers:
        yield Output(output_path(game, paper), render(game, findings, paper))
