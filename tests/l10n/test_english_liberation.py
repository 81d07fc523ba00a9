"""The English Liberation: a complete catalog, lint-clean, built into English outputs."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import polib
import pytest
from pypdf import PdfReader

from compiler.backends import quickref
from tests.conftest import RULESETS, living, living_game, run_casebook

CATALOG = RULESETS / "liberation" / "l10n" / "en.po"


@pytest.fixture
def built(english_liberation: Path) -> Path:
    return english_liberation


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


def test_the_catalog_is_complete_and_msgfmt_accepts_it() -> None:
    po = polib.pofile(str(CATALOG))
    live = [e for e in po if not e.obsolete]
    assert len(live) > 1400
    assert po.untranslated_entries() == [] and po.fuzzy_entries() == []
    check = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(CATALOG)], capture_output=True, text=True
    )
    assert check.returncode == 0 and check.stderr == "", check.stderr


def test_the_translation_lints_clean_and_its_queries_are_on_record() -> None:
    result = run_casebook("lint", "liberation", "--lang", "en")
    assert result.returncode == 0, result.stdout
    assert result.stdout.startswith("Found 0 findings."), result.stdout
    assert "translators' queries on the source" in result.stdout
    queries = run_casebook(
        "lint", "liberation", "--lang", "en", "--select", "L10N010", "--show-all"
    )
    # each query is reported at the Italian source's line, with the catalog entry beside it
    assert "rulesets/liberation/glossary.yaml:" in queries.stdout
    assert "posizioanate" in queries.stdout
    assert "see: rulesets/liberation/l10n/en.po:" in queries.stdout


def test_the_english_rulebook_is_english(built: Path) -> None:
    text = _text(built / "rulebook-living-a4.pdf")
    assert "Corrections of the Italian source this translation carries" in text
    first_erratum = re.search(r"\bE0\d\d \(", text)
    assert first_erratum, "the corrections the translation carries are listed at the back"
    body = text[: first_erratum.start()]
    assert "Translation from the Italian source, made from its corrected text" in body
    assert "Each RESISTANCE player" in body
    assert "RESISTENZA" not in body
    assert "Ogni giocatore" not in body


def test_the_english_cards_print_the_english_words(built: Path) -> None:
    text = _text(built / "kit" / "cards-carte-medaglia-a4-fronts.pdf")
    assert "MEDAL" in text and "MEDAGLIA" not in text


def test_the_html_reference_is_english(built: Path) -> None:
    html = (built / "rules-living.html").read_text(encoding="utf-8")
    assert 'lang="en"' in html
    assert "RESISTANCE" in html
    assert "Translation from the Italian source, made from its corrected text" in html
    assert "Living edition" not in html


def test_the_bilingual_proof_sets_source_beside_translation(built: Path) -> None:
    proof = built / "proof-it-en-a4.pdf"
    reader = PdfReader(proof)
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert width > height, "landscape: two columns of text and a margin"
    text = _text(proof)
    assert "proof it → en" in text
    first = text.index("Puoi muoverti gratuitamente 1 volta durante il tuo turno.")
    assert "You may make 1 free move during your turn." in text[first : first + 200]
    fonts = {
        str(font.get_object().get("/FontDescriptor", {}).get("/FontFile2") is not None)
        for page in reader.pages[:2]
        for font in page["/Resources"]["/Font"].values()
    }
    assert fonts == {"True"}, "every font embedded"


def _words(text: str) -> str:
    return " ".join(text.split())


def test_the_english_quick_reference_says_it_is_a_translation(built: Path) -> None:
    errata = len(living_game("liberation").errata)
    line = (
        f"Translation from the Italian source, made from its corrected text ({errata} errata, "
        "listed in the rulebook)."
    )
    reader = PdfReader(built / "quickref-a4.pdf")
    assert line in _words(reader.pages[0].extract_text()), "on the first page"
    assert (
        _words(_text(built / "quickref-a4.pdf")).count("Translation from the Italian source") == 1
    )


def test_the_italian_quick_reference_is_not_called_a_translation() -> None:
    fe = living("liberation")
    reader = PdfReader(io.BytesIO(quickref.render(fe.game, fe.graphs, "a4")))
    text = _words(" ".join(page.extract_text() for page in reader.pages))
    assert "Riferimento rapido" in text  # the Italian quick reference, read back
    assert "Translation from" not in text and "corrected text" not in text


def test_findings_on_translated_text_name_the_catalog_entry_not_the_italian_yaml() -> None:
    """A list item or a note's text is translated like any string: what lint says about
    it (here, references to cards the source lacks) must send the translator to en.po."""
    from compiler.lint import lint_game

    found, ok = lint_game(RULESETS / "liberation", RULESETS.parent, langs=["en"])
    assert ok
    refs = [f for f in found if f.code.startswith("XREF")]
    assert refs, "the English text cites cards whose contents the source lacks (XREF003)"
    elsewhere = sorted({f.location.path for f in refs if not f.location.path.endswith("en.po")})
    assert elsewhere == []
    # one from a list item, which used to point at the Italian list block
    po = (RULESETS / "liberation" / "l10n" / "en.po").read_text(encoding="utf-8").splitlines()
    entry = po.index('msgctxt "rule:scenario-1-materiale-standard:body.5.item.0"') + 1
    assert {"'N001'", "'N004'"} <= {f.message.split()[0] for f in refs if f.location.line == entry}


def test_the_english_kit_says_it_is_in_english(english_liberation) -> None:
    """Card sheets, print-on-demand files and the proof carry /Lang en and a subject."""
    from tests.backends.test_document_info import _described

    pdfs = sorted(english_liberation.rglob("*.pdf"))
    kinds = {p.name.split("-")[0] for p in pdfs}
    assert {"cards", "proof", "rulebook"} <= kinds
    for pdf in pdfs:
        info = _described(pdf, "", "en")  # game.yaml names no publisher
        if pdf.name.endswith("-pod.pdf"):
            assert "TrimBox" in info["Subject"]


def test_the_proof_marks_a_gap_note_as_casebooks_on_both_sides(built: Path) -> None:
    """Found by a review: a gap note (what the book shows that the source lacks) stood
    in the column headed "the source (it)" as if it were the publisher's words."""
    text = " ".join(_text(built / "proof-it-en-a4.pdf").split())
    assert "[Non presente nella fonte: l'icona dello scenario 1]" in text
    assert "[Not in the source: the scenario 1 icon]" in text
