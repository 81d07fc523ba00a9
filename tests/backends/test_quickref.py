"""The quick-reference PDF read back: every rule with its citers, the glossary
with rule numbers, the tables; links land on the cited rule's index entry."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from compiler.backends import quickref
from compiler.reference.lookup import RulesReference
from tests.conftest import living
from tests.pdftools import fonts, links, outline_titles


@pytest.fixture(scope="module")
def sea(tmp_path_factory) -> tuple[Path, PdfReader]:
    fe = living("set-europe-ablaze")
    path = tmp_path_factory.mktemp("qr") / "quickref-a4.pdf"
    path.write_bytes(quickref.render(fe.game, fe.graphs, "a4"))
    return path, PdfReader(path)


def _text(reader: PdfReader) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in reader.pages)


def test_every_rule_is_indexed_with_what_cites_it(sea) -> None:
    _, reader = sea
    text = _text(reader)
    fe = living("set-europe-ablaze")
    ref = RulesReference(fe.game, fe.graphs)
    for rule in fe.game.all_rules():
        assert ref.heading(rule.address) in text, rule.address
    assert "8.6.9d The Maquis player may choose" in text  # an untitled case opens with its text
    assert "Cited by: 6.3.10c, 8.6 Action Resolution Procedure" in text


def test_the_glossary_gives_meaning_and_rule_numbers(sea) -> None:
    text = _text(sea[1])
    assert "AP — Action Point; defined in 4.3 Action Points; used in" in text
    assert "and 13 more" in text or "more" in text


def test_rule_numbers_link_to_their_index_entries(sea) -> None:
    path, reader = sea
    found = links(reader, path)
    assert len(found) > 100
    outline = {title: page for _, title, page in outline_titles(reader)}
    cited = next(link for link in found if link.text.startswith("6.3.10c"))
    assert cited.dest_page == outline["6.3.10c"]
    assert all(link.text for link in found)  # no link drawn over empty space


def test_tables_page_geometry_and_fonts(sea) -> None:
    _, reader = sea
    assert round(float(reader.pages[0].mediabox.width)) == 595  # A4 portrait
    assert all(fonts(reader).values())
    fe = living("plan-vert")
    plan = PdfReader(__import__("io").BytesIO(quickref.render(fe.game, fe.graphs, "letter")))
    text = _text(plan)
    assert "Shooting (to hit)" in text and "Rule 12" in text
    assert round(float(plan.pages[0].mediabox.width)) == 612


def test_italian_labels_for_liberation() -> None:
    fe = living("liberation")
    reader = PdfReader(io.BytesIO(quickref.render(fe.game, fe.graphs, "a4")))
    text = _text(reader)
    assert "Riferimento rapido" in text and "Indice delle regole" in text
    assert "Glossario" in text and "definito in" in text.lower()


def test_a_glossary_meaning_that_ends_a_sentence_is_not_followed_by_a_semicolon() -> None:
    """Found by the kit review: every such entry read "…(“Backfired”).; defined in 8.6.7"."""
    from compiler.backends.quickref import _joined

    assert _joined("<b>B</b> — Gone wrong.", ["defined in 8.6.7"], "Gone wrong.") == (
        "<b>B</b> — Gone wrong. Defined in 8.6.7."
    )
    assert _joined("<b>AP</b> — Action Point", ["defined in 4.3"], "Action Point") == (
        "<b>AP</b> — Action Point; defined in 4.3"
    )


def test_a_rule_a_card_cites_names_the_card_among_its_citers() -> None:
    """The quick reference does not print the cards, so a card citer is named, not linked,
    after the rules, as the HTML reference and `casebook ref` list it."""
    from compiler.pipeline import front_end
    from tests.conftest import MINI_CASE, ROOT

    fe = front_end(MINI_CASE, ROOT, "living")
    assert fe.game is not None and fe.graphs is not None
    reader = PdfReader(io.BytesIO(quickref.render(fe.game, fe.graphs, "a4")))
    assert "Cited by: 1.1.1, card card-1 (Ambush)" in _text(reader)
