"""The bilingual proof read back: each group of strings is headed by what the game prints
(rule number and title, deck and card name, table title, term, component name), and the
PDF's bookmarks list those groups under their section, each landing on its heading."""

from __future__ import annotations

import io
import re
from pathlib import Path

import polib
import pytest
from pypdf import PdfReader

from compiler.backends import proof
from compiler.l10n.localise import catalog_path
from compiler.pipeline import front_end
from tests.conftest import RULESETS, copy_mini_case, run_casebook
from tests.pdftools import outline_titles

CATALOG = RULESETS / "liberation" / "l10n" / "en.po"
# an id of ours followed by a colon: how a msgctxt names a card, rule or component
INTERNAL = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+:")
KINDS = ("rule", "card", "deck", "table", "term", "component", "layout")


@pytest.fixture(scope="module")
def reader(english_liberation: Path) -> PdfReader:
    return PdfReader(english_liberation / "proof-it-en-a4.pdf")


@pytest.fixture(scope="module")
def sections(reader: PdfReader) -> list[tuple[str, int, str, int]]:
    """(section, depth, title, page index) of every bookmark; a section is its own."""
    out = []
    section = ""
    for depth, title, page in outline_titles(reader):
        section = title if depth == 0 else section
        out.append((section, depth, title, page))
    return out


def _words(text: str) -> str:
    return " ".join(text.split())


def test_bookmarks_name_rules_cards_and_the_rest_as_printed(sections) -> None:
    assert [t for _, d, t, _ in sections if d == 0] == [
        "Cards",
        "Components",
        "Glossary",
        "Card layouts",
        "Rules",
        "Tables",
    ], "one section per kind, in the catalog's order"
    found = {(s, d, t) for s, d, t, _ in sections}
    for expected in [
        ("Rules", 1, "BASIC ACTIONS OF THE RESISTANCE"),
        ("Rules", 2, "BASIC PRINCIPLE"),  # nested as the rules are
        ("Rules", 4, "Set-up › A"),  # an untitled lettered step, under its rule's title
        ("Cards", 1, "MEDAL cards"),  # the deck's printed name
        ("Cards", 2, "MEDAL cards › Raising awareness"),  # and the card's, under the deck
        ("Cards", 2, "CHARACTER tiles › Marcel"),
        ("Tables", 1, "Organisation chart of the Resistance"),
        ("Glossary", 1, "SKILL"),
        ("Components", 1, "RED DIE"),
        ("Card layouts", 1, "Card layout of MEDAL cards"),
    ]:
        assert expected in found, expected


def test_one_bookmark_per_group_of_the_catalog(sections) -> None:
    """Every msgctxt prefix (a rule, a card, a table, …) is one group with one bookmark."""
    groups = set()
    for entry in polib.pofile(str(CATALOG)):
        if entry.obsolete:
            continue
        kind, *parts = entry.msgctxt.split(":")
        groups.add((kind, *parts[: 2 if kind == "card" else 1]))
    assert {g[0] for g in groups} == set(KINDS)
    assert len([1 for _, d, _, _ in sections if d > 0]) == len(groups)


def test_each_bookmark_lands_on_the_page_of_its_heading(reader: PdfReader, sections) -> None:
    pages = [_words(page.extract_text()) for page in reader.pages]
    lands = [p for _, _, _, p in sections]
    assert lands == sorted(lands) and len(set(lands)) > len(reader.pages) // 2
    for _, _, title, page in sections:
        assert _words(title).rstrip("…") in pages[page], (title, page)


def test_no_heading_is_an_internal_id(reader: PdfReader, sections) -> None:
    for _, _, title, _ in sections:
        assert not INTERNAL.search(title), title
        assert title.split(" ", 1)[0] not in KINDS, title
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "card tessere-personaggio:" not in text  # as the groups were headed before
    headed = [line for line in text.splitlines() if " msgctxt " in line]
    assert len(headed) == len([1 for _, d, _, _ in sections if d > 0])
    for line in headed:
        heading, context = line.split(" msgctxt ", 1)
        assert heading.strip() and not INTERNAL.search(heading), line
        assert context.split(":", 1)[0] in KINDS, line  # the catalog's id comes after, small


def test_the_proof_is_landscape(reader: PdfReader) -> None:
    sizes = {tuple(round(float(v)) for v in page.mediabox.upper_right) for page in reader.pages}
    assert sizes == {(842, 595)}, "A4 landscape: two columns of text and a margin"


def test_a_case_system_game_heads_rules_with_number_and_title(tmp_path: Path) -> None:
    """Mini-case (English, numbered cases) with a French catalog: headings and bookmarks
    print the rule's number and its title as the translated rulebook does."""
    game = copy_mini_case(tmp_path)
    result = run_casebook("l10n", "update", "mini-case", "fr", "--rulesets", str(game.parent))
    assert result.returncode == 0, result.stderr
    po = polib.pofile(str(catalog_path(game, "fr")))
    for entry in po:
        if entry.msgid == "PLAY":
            entry.msgstr = "JEU"
    po.save(str(catalog_path(game, "fr")))
    fe = front_end(game, tmp_path, "living", "fr")
    assert fe.game is not None, [f.render() for f in fe.findings]
    reader = PdfReader(io.BytesIO(proof.render(fe.game, [], "letter")))
    titles = [(d, t) for d, t, _ in outline_titles(reader)]
    assert (1, "1.0 JEU") in titles  # the translated title after the printed number
    assert (3, "1.1.2 Drawing") in titles
    assert (4, "1.1.2 Drawing › a)") in titles
    assert (2, "Event cards › card-1 Ambush") in titles  # this deck prints its card ids
    assert (1, "Attack Results Table") in titles
    width, height = (round(float(v)) for v in reader.pages[0].mediabox.upper_right)
    assert (width, height) == (792, 612), "Letter landscape"


def test_a_translation_taller_than_a_page_runs_on_over_pages(tmp_path: Path) -> None:
    """Found by the adversarial hunt: a msgstr of 5000 line breaks made one table row
    taller than a page, and ReportLab's LayoutError was an internal error."""
    import shutil

    shutil.copytree(RULESETS / "liberation", tmp_path / "liberation")
    po = polib.pofile(str(catalog_path(tmp_path / "liberation", "en")))
    entry = next(e for e in po if e.msgstr and not e.fuzzy)
    entry.msgstr = "line\n" * 2999 + "line"  # no break at the end: msgfmt wants its msgid's
    po.save()
    front = front_end(tmp_path / "liberation", tmp_path, "original", "en")
    assert front.game is not None, front.findings
    pdf = PdfReader(io.BytesIO(proof.render(front.game, front.findings, "a4")))
    text = "".join(page.extract_text() for page in pdf.pages)
    assert text.count("line") >= 3000  # every line printed, none cut
    first = next(page.extract_text() for page in pdf.pages if "line" in page.extract_text())
    assert "line line line" in first and "line…" in first  # the group's heading is cut short
    # the heading is not kept with a table taller than the page: page 1 starts the table
    assert "line line line" in pdf.pages[0].extract_text()
