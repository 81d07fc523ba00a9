"""Tables and cards in the rulebook PDF, read back."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT, run_casebook
from tests.pdftools import body_text, outline_titles


@pytest.fixture(scope="module")
def mini_pdf(tmp_path_factory: pytest.TempPathFactory) -> PdfReader:
    out = tmp_path_factory.mktemp("mini")
    result = run_casebook(
        "build",
        "mini-case",
        "--rulesets",
        str(ROOT / "tests" / "rulesets"),
        "--out",
        str(out),
        "--edition",
        "original",
        "--paper",
        "a4",
    )
    assert result.returncode == 0, result.stderr
    return PdfReader(out / "mini-case" / "en" / "rulebook-original-a4.pdf")


def test_table_prints_where_the_rule_places_it(mini_pdf: PdfReader) -> None:
    text = body_text(mini_pdf)
    at = 0
    for piece in (
        "Roll one die on the table.",
        "Attack Results Table",
        "Die roll",
        "3,4,5",
        "No effect",
        "Defender eliminated",
        "2.1.1 Attack once per turn",
    ):
        at = text.index(piece, at)  # each one after the one before


def test_cards_get_their_own_outlined_part(mini_pdf: PdfReader) -> None:
    titles = [t for _, t, _ in outline_titles(mini_pdf)]
    assert "Cards" in titles and "Event cards" in titles
    text = body_text(mini_pdf)
    assert "card-1 Ambush" in text and "Attack first this turn" in text


def test_not_in_the_source_lists_missing_components(mini_pdf: PdfReader) -> None:
    text = body_text(mini_pdf)
    assert "Not in the source" in text
    assert "The card texts are not in the source." in text


def test_card_text_references_are_found() -> None:
    from compiler.pipeline import front_end

    fe = front_end(ROOT / "tests" / "rulesets" / "mini-case", ROOT)
    (card,) = fe.game.decks[0].cards
    assert [r.target for r in card.paras[0].refs] == ["2.1.1"]


def test_an_italian_rulebook_is_labelled_in_italian(tmp_path: Path) -> None:
    result = run_casebook(
        "build", "liberation", "--edition", "living", "--paper", "a4", "--out", str(tmp_path)
    )
    assert result.returncode == 0, result.stderr
    reader = PdfReader(tmp_path / "liberation" / "it" / "rulebook-living-a4.pdf")
    titles = [t for _, t, _ in outline_titles(reader)]
    assert "Carte" in titles and "Errata applicati in questa edizione" in titles
    # "Sommario": the source's glossary is headed "Indice", and two "Indice" read as one
    assert reader.pages[1].extract_text().startswith("Sommario")
    assert "Contents" not in reader.pages[1].extract_text()
    # the errata list names a rule as a reader finds it, in Italian: not by its id
    # ("(gioco-in-modalita-scenario, wording)"), and not with the kind in English
    errata = " ".join(p.extract_text() for p in reader.pages if "E001" in p.extract_text())
    assert "gioco-in-modalita-scenario" not in errata and ", wording)" not in errata
    assert "refuso" in errata or "formulazione" in errata


def test_cards_without_printed_ids_show_no_ids_and_no_repeated_fields(tmp_path: Path) -> None:
    result = run_casebook(
        "build", "liberation", "--edition", "original", "--paper", "a4", "--out", str(tmp_path)
    )
    assert result.returncode == 0, result.stderr
    text = body_text(PdfReader(tmp_path / "liberation" / "it" / "rulebook-original-a4.pdf"))
    assert "medaglia-1-01" not in text  # our slug, not printed on the card
    condition = "Posizionare almeno 1 pedina WEHRMACHT su ogni MISSIONE visibile"
    assert text.replace("\n", " ").count(condition) == 1
