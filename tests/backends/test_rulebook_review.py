"""What a prepress review of the five rulebooks found, each held to its fix: headings
the source does not print, small boxes and cards broken over columns, the errata
list's wording."""

from __future__ import annotations

import io
import itertools

import pdfplumber
import pytest
from pypdf import PdfReader

from compiler.backends import rulebook
from compiler.pipeline import front_end
from tests.conftest import ROOT, RULESETS, living
from tests.pdftools import outline_titles


@pytest.fixture(scope="module")
def books() -> dict[str, bytes]:
    out = {}
    for name in ("maquis", "war-story-occupied-france"):
        fe = living(name)
        assert fe.game is not None and fe.graphs is not None
        out[name] = rulebook.render(fe.game, fe.graphs, "a4")
    original = front_end(RULESETS / "liberation", ROOT, "original")  # where the review saw it
    assert original.game is not None and original.graphs is not None
    out["liberation"] = rulebook.render(original.game, original.graphs, "a4")
    return out


def _words_at(data: bytes, phrase: str) -> list[tuple[int, float, float]]:
    """(page, x, top) of each place the page's words run ``phrase``."""
    wanted = phrase.split()
    found = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for i, page in enumerate(pdf.pages):
            words = page.extract_words()
            for j in range(len(words) - len(wanted) + 1):
                if [w["text"] for w in words[j : j + len(wanted)]] == wanted:
                    found.append((i, words[j]["x0"], words[j]["top"]))
    return found


def test_a_part_the_source_prints_no_heading_for_gets_no_bar_line_or_bookmark(books) -> None:
    """Maquis's introduction, components and set-up have no heading in the source: the book
    printed three empty heading bars, three contents lines of dots alone and three blank
    bookmarks. Their text is printed as the source prints it, under no heading."""
    reader = PdfReader(io.BytesIO(books["maquis"]))
    titles = [title for _, title, _ in outline_titles(reader)]
    assert titles and all(t.strip() for t in titles)
    assert titles[0] == "Game Play"
    # a contents line is its title and its dot leaders (a line of their own as
    # extracted): two runs of leaders in a row are a heading without words between
    contents = [line.strip() for line in reader.pages[1].extract_text().splitlines()]
    assert contents[0] == "Contents"
    pairs = itertools.pairwise(contents)
    assert not any(a.startswith(".") and b.startswith(".") for a, b in pairs)
    assert "You are a member of the Resistance" in reader.pages[2].extract_text()


def test_a_living_book_with_one_erratum_says_erratum(books) -> None:
    first = PdfReader(io.BytesIO(books["maquis"])).pages[0].extract_text()
    assert "with 1 erratum applied" in first and "1 errata" not in first


@pytest.mark.parametrize(
    ("first", "last"),
    [
        ("To storm the mill:", "To abandon"),  # entry 152's CHOOSE
        ("If R is circled:", "Else:"),  # entry 462's IF/ELSE
    ],
)
def test_a_small_box_of_a_paragraph_book_is_kept_to_one_column(books, first, last) -> None:
    """War Story's demonstration mission: the CHOOSE box of entry 152 broke after its
    first option, and the IF/ELSE of entry 462 after its If: the box's head, repeated
    atop the next column, read as a second choice."""
    data = books["war-story-occupied-france"]
    (page, x, top), *_ = _words_at(data, first)
    after = [(p, lx, t) for p, lx, t in _words_at(data, last) if (p, t) > (page, top)]
    assert after, f"{last!r} not found after {first!r}"
    next_page, next_x, _ = min(after, key=lambda w: (w[0], w[2]))
    assert (next_page, next_x) == (page, x)  # the same page, the same column


def test_a_card_of_the_rulebooks_card_list_is_kept_to_one_column(books) -> None:
    """Liberation's "Aumentare la repressione" (original edition, A4): its value "6x"
    stood alone atop the next column."""
    data = books["liberation"]
    (page, x, _), *_ = _words_at(data, "Aumentare la repressione")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        words = pdf.pages[page].extract_words()
    below = [w for w in words if w["text"] == "6x" and abs(w["x0"] - x) < 40]
    assert below, "the card's value is not in its column, on its page"


def test_the_rule_that_describes_a_deck_points_to_its_cards(books, tmp_path) -> None:
    """Found by a prepress review: a rule that describes a deck said nothing of where
    its cards are. It points to them in the book's Cards section, by a link. (The medal
    appendix, whose headings stood empty, now prints its cards under them:
    test_cards_in_rules.py.)"""
    from tests.pdftools import links

    path = tmp_path / "liberation.pdf"
    path.write_bytes(books["liberation"])
    reader = PdfReader(path)
    pointers = [link for link in links(reader, path) if link.text == "Tessere PERSONAGGIO"]
    assert pointers, "no link to the character tiles"
    said = "Le carte: vedi Tessere PERSONAGGIO, in Carte."
    pointer = next(  # not the contents' line: the pointer under the rule
        p for p in pointers if said in " ".join(reader.pages[p.page].extract_text().split())
    )
    # under the rule: its heading, then its characters, then the pointer (the rule may
    # begin at the foot of the page before)
    pages = range(max(0, pointer.page - 1), pointer.page + 1)
    text = " ".join(" ".join(reader.pages[i].extract_text().split()) for i in pages)
    heading = text.rfind("Poteri unici dei personaggi", 0, text.rfind(said))
    assert heading >= 0, "the pointer is not under the rule that describes the deck"
    assert "Marcel" in text[heading : text.rfind(said)]
    landing = reader.pages[pointer.dest_page].extract_text()
    assert "Tessere PERSONAGGIO" in landing and "Marcel" in landing


def test_a_book_the_publisher_did_not_write_says_so_in_its_heading_and_on_the_title_page(
    books,
) -> None:
    """Found by a prepress review: War Story's demonstration mission (ours, written to
    show the paragraph-book rules in play) stood in the contents as one of the
    publisher's chapters, under a title page that says the source text verbatim; only
    an italic notice inside it said whose it is."""
    reader = PdfReader(io.BytesIO(books["war-story-occupied-france"]))
    title_page = " ".join(reader.pages[0].extract_text().split())
    assert "It also holds Demonstration Mission: The Signal at Les Ormes, written for " in (
        title_page
    )
    assert "not the publisher's text" in title_page
    titles = [t for _, t, _ in outline_titles(reader)]
    assert (
        "Demonstration Mission: The Signal at Les Ormes (written for Casebook, not the "
        "publisher's text)" in titles
    )
    # the running head says it whole, in its short form: it read "(written for
    # Casebook, not the …)", cut to the head's room
    pages = [" ".join(page.extract_text().split()) for page in reader.pages]
    head = "Demonstration Mission: The Signal at Les Ormes (not the publisher's)"
    assert sum(head in page for page in pages) >= 2
    assert not any("not the …" in page for page in pages)


def test_a_chart_too_wide_for_a_column_is_set_across_the_page(books) -> None:
    """Liberation's Organigramma has seven columns of names: in a column of the page
    ReportLab broke them inside words ("Liberazi / one", "Fra / nc-Tire / ur"). Its part is
    now set across the head of a page, and the two columns go on below it."""
    with pdfplumber.open(io.BytesIO(books["liberation"])) as pdf:
        page = next(p for p in pdf.pages if "Ufficio centrale" in (p.extract_text() or ""))
        words = page.extract_words()
        half = page.width / 2
    texts = [w["text"] for w in words]
    assert "Liberazione" in texts and "Franc-Tireur" in texts
    assert not any(t in texts for t in ("Liberazi", "Fra", "ur"))
    chart = [w for w in words if w["text"] in ("Liberazione", "FTP-MOI", "Delestraint")]
    assert min(w["x0"] for w in chart) < half - 100 and max(w["x1"] for w in chart) > half + 100
    # the columns go on below the chart, on the same page: scenario 5 in the left one
    chart_foot = max(w["bottom"] for w in words if w["text"] == "Nazionale")
    scenario = next(w for w in words if w["text"] == "SCENARIO")
    assert scenario["top"] > chart_foot and scenario["x1"] < half
    assert any(w["x0"] > half + 10 and w["top"] > chart_foot for w in words)
