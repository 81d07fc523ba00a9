"""Every PDF of a build describes itself alike: title, subject, author, language.

A print shop's preflight and a viewer's Properties list these. The kit's
sheets said "anonymous" (ReportLab's default author) and had no /Lang, the
aids said "(unspecified)", and a counter file's subject held its whole
manifest; the rulebook alone was described.
"""

from __future__ import annotations

from pathlib import Path

from tests.pdftools import document_info

DEFAULTS = {"anonymous", "unspecified", "(unspecified)", "untitled", "(untitled)"}


def _described(pdf: Path, author: str, lang: str) -> dict[str, str]:
    info = document_info(pdf)
    for key in ("Title", "Subject"):
        assert info.get(key) and info[key] not in DEFAULTS, (pdf.name, key, info)
        assert len(info[key]) < 200, (pdf.name, key, info[key])
    assert info["Author"] == author, (pdf.name, info)
    assert info["Creator"] == "Casebook" and info["Producer"] == "Casebook (ReportLab)"
    assert info["Lang"] == lang, (pdf.name, info)
    return info


def test_every_pdf_of_a_build_says_what_it_is_who_wrote_it_and_its_language(built) -> None:
    pdfs = sorted(built.rglob("*.pdf"))
    kinds = {p.name.split("-")[0] for p in pdfs}
    assert {"rulebook", "quickref", "aids", "counters"} <= kinds
    subjects = {p.name: _described(p, "Against the Odds Magazine", "en")["Subject"] for p in pdfs}
    assert subjects["rulebook-original-a4.pdf"] == "Set Europe Ablaze rules, original edition"
    assert "print at 100 %" in subjects["counters-markers-a4-duplex-long.pdf"]
    assert "player aid" in subjects["aids-a4.pdf"]
