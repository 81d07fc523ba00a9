"""A paragraph of hundreds of kilobytes is set in pieces (compiler/backends/pdf/long_paragraphs.py),
its thousands of links marked up in one pass (text.Covering).

ReportLab wraps the whole rest of a paragraph again at every page it breaks:
a 440 KB paragraph made a 63-page rulebook in 20 s, 2 MB took minutes.
"""

from __future__ import annotations

import io
import itertools
import random
import re
import shutil
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph
from reportlab.platypus.flowables import AnchorFlowable

from compiler.backends import aids, html, rulebook
from compiler.backends.pdf.long_paragraphs import in_pieces, split_markup
from compiler.backends.pdf.markup import para_markup
from compiler.backends.pdf.tables import table_flowable
from compiler.diagnostics import Location
from compiler.graph import build_graphs
from compiler.model.tables import Column
from compiler.model.tables import Table as TableData
from compiler.model.text import Change, Covering, Para, RefSpan
from tests.conftest import RULESETS, living_game, run_casebook
from tests.pdftools import body_text

NOWHERE = Location("t.yaml", 1, 1)
TABLE = "distribuzione-dei-ruoli"  # liberation/tables/a-base.yaml: two columns
_TAGS = re.compile(r"<[^>]*>")


def _words(markup: str) -> list[str]:
    return _TAGS.sub(" ", markup).split()


def _markup(n: int, seed: int = 3) -> str:
    rng = random.Random(seed)
    parts = [
        "alpha",
        "&amp;",
        "&#8212;",
        "<b>bold words here</b>",
        '<a href="#rule-1" color="#1d4f91">Case <i>1.2</i> cited</a>',
        '<a name="spot"/>',
        "<br/>",
        "z" * 60,
    ]
    return " ".join(rng.choice(parts) for _ in range(n))


def test_pieces_keep_every_word_in_order_and_each_is_valid_markup() -> None:
    markup = _markup(4000)
    pieces = split_markup(markup, 1000)
    assert len(pieces) > 20
    assert [w for p in pieces for w in _words(p)] == _words(markup)
    style = ParagraphStyle("t")
    for piece in pieces:
        Paragraph(piece, style)  # ReportLab refuses markup with a tag left open or unopened
        assert len(piece) < 1000 + 200  # the reopened and closing tags besides
        assert piece.count("<b>") == piece.count("</b>")
        assert piece.count("<a href") == piece.count("</a>")
    assert "".join(pieces).count('<a name="spot"/>') == markup.count('<a name="spot"/>')


def test_a_cut_inside_markup_closes_it_and_opens_it_again() -> None:
    markup = "<b>" + " ".join(["word"] * 400) + "</b> after"
    first, second, *_ = split_markup(markup, 500)
    assert first.startswith("<b>") and first.endswith("</b>")
    assert second.startswith("<b>word")


def test_entities_are_never_cut_and_a_word_with_no_space_is_cut_anyway() -> None:
    entities = split_markup("&amp;" * 1000, 998)  # 998 falls inside an entity
    assert all(re.fullmatch(r"(&amp;)+", piece) for piece in entities)
    assert "".join(entities) == "&amp;" * 1000
    word = split_markup("y" * 5000, 1000)
    assert [len(piece) for piece in word] == [1000] * 5


def test_the_pieces_read_as_one_paragraph() -> None:
    style = ParagraphStyle("body", spaceBefore=7, spaceAfter=5, firstLineIndent=9)
    long = Paragraph(" ".join(["word"] * 3000), style, bulletText="•")
    short = Paragraph("short", style)
    story = in_pieces([short, long, short], longest=4000)
    assert story[0] is short and story[-1] is short
    pieces = story[1:-1]
    assert len(pieces) == 4
    first, *middle, last = pieces
    assert first.bulletText == "•" and first.style.spaceBefore == 7
    assert first.style.firstLineIndent == 9 and first.style.spaceAfter == 0
    assert all(p.bulletText is None for p in (*middle, last))
    assert all(p.style.spaceBefore == 0 and p.style.spaceAfter == 0 for p in middle)
    assert all(p.style.firstLineIndent == 0 for p in (*middle, last))
    assert last.style.spaceAfter == 5


def test_a_heading_or_any_paragraph_a_document_watches_is_never_cut() -> None:
    class Heading(Paragraph):
        pass

    heading = Heading(" ".join(["word"] * 3000), ParagraphStyle("h"))
    assert in_pieces([heading], longest=4000) == [heading]


def test_a_rulebook_with_a_paragraph_of_200_kb_prints_all_of_it(tmp_path: Path) -> None:
    """Built as a user builds it: every word on the pages, in order, and in seconds
    (the old layout took about half a minute here; the tests do not time it)."""
    game = tmp_path / "plan-vert"
    shutil.copytree(RULESETS / "plan-vert", game)
    rules = game / "rules" / "01-introduction.yaml"
    rng = random.Random(1)
    words = [rng.choice(["zone", "fire", "unit", "morale", "move"]) for _ in range(36_000)]
    long = " ".join(["START", *words, "FINE"])
    first = "      - In 1944 there were numerous resistance groups in France.\n"
    text = rules.read_text(encoding="utf-8")
    assert first in text
    rules.write_text(text.replace(first, f'{first}      - "{long}"\n', 1), encoding="utf-8")
    out = tmp_path / "out"
    result = run_casebook(
        "build", "plan-vert", "--rulesets", str(tmp_path), "--out", str(out), "-q",
        "--lang", "en", "--edition", "living", "--paper", "a4",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    reader = PdfReader(out / "plan-vert" / "en" / "rulebook-living-a4.pdf")
    printed = body_text(reader).split()  # running heads and page numbers left out
    start = printed.index("START")
    assert printed[start + 1 : start + 1 + len(words)] == words
    assert printed[start + 1 + len(words)] == "FINE"


def _span(start: int, end: int) -> Change:
    return Change(start, end, "E1", "")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 40), st.integers(0, 12)), max_size=12),
    st.lists(st.integers(0, 50), max_size=20),
)
def test_the_span_over_each_piece_is_the_one_a_scan_finds(
    spans: list[tuple[int, int]], cuts: list[int]
) -> None:
    """text.Covering: the first span, in the paragraph's order, holding each piece
    of the paragraph, as the scan of every span per piece it replaced found it."""
    changes = tuple(_span(start, start + length) for start, length in spans)
    points = sorted({0, 50, *cuts, *(c.start for c in changes), *(c.end for c in changes)})
    covering = Covering(changes)
    for start, end in itertools.pairwise(points):
        naive = next((c for c in changes if c.start <= start and end <= c.end), None)
        assert covering.first_over(start, end) is naive


def _refs(text: str) -> list[RefSpan]:
    where = Location("x.yaml", 1, 1)
    return [
        RefSpan("rule", m.group()[5:], m.group(), m.group(), "Case", *m.span(), "p", where)
        for m in re.finditer(r"Case \d+\.1", text)
    ]


def test_a_paragraph_of_20000_references_is_marked_up_in_one_pass() -> None:
    text = "".join(f"see Case {i}.1 now. " for i in range(20_000))
    markup = para_markup(Para(text, tuple(_refs(text))), lambda ref: f"rule-{ref.target}")
    assert markup.count("<a href=") == 20_000
    assert '<a href="#rule-19999.1" color="#1d4f91">Case 19999.1</a> now.' in markup


def test_the_html_reference_marks_up_20000_references_in_one_pass() -> None:
    """The HTML page's paragraphs swept each kind of span per piece as well."""
    game = living_game("plan-vert")
    text = "".join(f"see Case {i}.1 now. " for i in range(20_000))
    para = Para(text, tuple(_refs(text)))
    markup = html._Text(game, build_graphs(game, None), "living", {}).para(para)
    assert markup.count('class="ref') == 20_000
    assert ">Case 19999.1</span> now." in markup


def test_a_piece_breaks_its_lines_once_for_each_width(monkeypatch) -> None:
    """A table row split over pages measures every piece of its cell again at each page:
    the pieces keep their lines while the width stays the same."""
    breaks: list[float] = []
    original = Paragraph.breakLines

    def counted(self, widths):
        breaks.append(widths[-1])
        return original(self, widths)

    monkeypatch.setattr(Paragraph, "breakLines", counted)
    (piece, *_) = in_pieces([Paragraph(" ".join(["word"] * 3000), ParagraphStyle("c"))], 4000)
    first = piece.wrap(200, 100)
    assert piece.wrap(200, 5000) == first and len(breaks) == 1
    assert piece.wrap(300, 100) != first and len(breaks) == 2
    piece.split(300, 5)  # too little room: ReportLab drops the lines it broke
    piece.wrap(300, 100)
    assert len(breaks) == 3 and piece.blPara.lines


def test_a_table_cell_of_400_kb_is_printed_whole_over_the_pages() -> None:
    """The cell's row runs on over some forty pages of the aids and the rulebook, every
    word in order (set in pieces: it took a minute in one paragraph; not timed here)."""
    game = living_game("liberation")
    table = next(t for t in game.tables if t.id == TABLE)
    words = [f"w{i}" for i in range(60_000)]
    tall = ("2", " ".join([*words, "FINE"]))
    tables = tuple(
        replace(t, rows=(tall, *table.rows[1:])) if t.id == TABLE else t for t in game.tables
    )
    game = replace(game, tables=tables)
    for pdf in (aids.render(game, "a4"), rulebook.render(game, build_graphs(game, None), "a4")):
        text = body_text(PdfReader(io.BytesIO(pdf))).split()
        assert [w for w in text if w[:1] == "w"][: len(words)] == words
        assert "FINE" in text


def test_a_table_without_headings_keeps_its_anchor_on_a_long_first_cell() -> None:
    """With no header row the table's link target sits in its first cell: set in pieces,
    the first piece holds it, and a link to the table still lands on it."""
    rows = (("uno " * 8_000 + "FINE", "2"),)
    columns = (Column("a", ""), Column("b", ""))
    table = TableData("t", "T", None, None, None, None, columns, rows, None, None, NOWHERE)
    flowable = table_flowable(table, 400, anchor="table-t")
    first = flowable._cellvalues[0][0]
    assert isinstance(first, list) and len(first) > 2
    # the target is a flowable before the pieces (in the markup, it kept a long word whole)
    assert isinstance(first[0], AnchorFlowable) and first[0]._name == "table-t"
    assert first[1].text.startswith("uno")
    assert all("table-t" not in piece.text for piece in first[1:])


def test_a_paragraph_kept_with_its_heading_is_set_in_pieces_too() -> None:
    """A paragraph book keeps an entry's number with its first text (KeepTogether): a
    first text of 200 KB took the rulebook 8 s there, and minutes at a megabyte."""
    number = Paragraph("12", ParagraphStyle("n"))
    long = Paragraph(" ".join(["word"] * 3000), ParagraphStyle("t"))
    (kept,) = in_pieces([KeepTogether([number, long])], longest=4000)
    assert isinstance(kept, KeepTogether)
    assert kept._content[0] is number and len(kept._content) == 5


def test_a_paragraph_book_entry_of_400_kb_is_printed_whole() -> None:
    game = living_game("war-story-occupied-france")
    book = game.books[0]
    first = book.entries[0]
    at = next(i for i, block in enumerate(first.blocks) if block.kind == "narrative")
    words = [f"w{i}" for i in range(60_000)]
    blocks = list(first.blocks)
    blocks[at] = replace(blocks[at], text=" ".join(words))
    entries = (replace(first, blocks=tuple(blocks)), *book.entries[1:])
    game = replace(game, books=(replace(book, entries=entries), *game.books[1:]))
    pdf = rulebook.render(game, build_graphs(game, None), "a4")
    text = body_text(PdfReader(io.BytesIO(pdf))).split()
    assert [w for w in text if re.fullmatch(r"w\d+", w)] == words
