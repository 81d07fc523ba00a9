"""The rulebook PDF read back: geometry, bookmarks, links, fonts, text, pixels."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader

from compiler.pipeline import front_end
from tests.conftest import ROOT, RULESETS
from tests.pdftools import body_text, fonts, links, outline_titles, text_items

MM = 72 / 25.4
SIZES = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}


@pytest.fixture(scope="module")
def original(built: Path) -> PdfReader:
    return PdfReader(built / "rulebook-original-a4.pdf")


@pytest.fixture(scope="module")
def living(built: Path) -> PdfReader:
    return PdfReader(built / "rulebook-living-letter.pdf")


@pytest.fixture(scope="module")
def original_links(built: Path, original: PdfReader):
    return links(original, built / "rulebook-original-a4.pdf")


@pytest.fixture(scope="module")
def sea():
    return front_end(RULESETS / "set-europe-ablaze", ROOT)


@pytest.mark.parametrize("edition", ["original", "living"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_has_the_paper_size(built: Path, edition: str, paper: str) -> None:
    reader = PdfReader(built / f"rulebook-{edition}-{paper}.pdf")
    width, height = SIZES[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(width, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height, abs=0.01)


def test_outline_has_every_module_and_section_on_its_page(original: PdfReader, sea) -> None:
    entries = outline_titles(original)
    titles = [(depth, title) for depth, title, _ in entries]
    for rule in sea.game.rules:
        assert (0, rule.heading) in titles
        for child in rule.children:
            if child.level == "section":
                assert (1, child.heading) in titles, child.heading
    assert (0, "8.0 ACTIONS") in titles and (1, "8.6 Action Resolution Procedure") in titles
    for _, title, page in entries:
        text = original.pages[page].extract_text()
        assert title.split()[0] in text, (title, page)


def test_every_resolved_reference_is_a_link_to_its_rule(
    original: PdfReader, original_links, sea
) -> None:
    appendix = next(
        page for _, title, page in outline_titles(original) if title.startswith("Errata")
    )
    first = outline_titles(original)[0][2]
    found = [link for link in original_links if first <= link.page < appendix]
    number = re.compile(r"\d+\.\d+(?:\.\d+)?[a-z]?")  # italic text may bleed a ")" in
    rule_links = [(link, m.group()) for link in found if (m := number.match(link.text))]
    resolved = [s for _, s in sea.graphs.references.resolved if s.kind == "rule"]
    assert sorted(t for _, t in rule_links) == sorted(s.text for s in resolved)
    for link, target in rule_links:
        page = original.pages[link.dest_page]
        label = target if not target[-1].isalpha() else target[-1] + ")"
        at_dest = [t for t in text_items(page) if t.text.strip().startswith(label)]
        assert at_dest, f"{target} not on page {link.dest_page + 1}"
        assert min(abs(t.y - link.dest_y) for t in at_dest) < 20, target


def test_contents_lines_link_to_their_pages(original_links) -> None:
    contents = [link for link in original_links if link.page in (1, 2)]
    assert len(contents) >= 60


def test_fonts_are_embedded_and_no_standard_font_is_used(
    original: PdfReader, living: PdfReader
) -> None:
    for reader in (original, living):
        used = fonts(reader)
        assert used and all(used.values()), used
        assert all("DejaVu" in name for name in used), used


def test_text_keeps_the_sources_special_characters(original: PdfReader) -> None:
    text = body_text(original)
    for needle in ("½", "♠♠", "22″ x 34″", "“Demoralized”", "Militärbefelshaber"):
        assert needle in text, needle


def test_running_head_names_the_module_and_pages_are_numbered(original: PdfReader) -> None:
    heads = []
    for number, page in enumerate(original.pages, start=1):
        items = text_items(page)
        height = float(page.mediabox.height)
        assert any(t.text.strip() == str(number) and t.y < 40 for t in items), number
        heads.append(" ".join(t.text for t in items if t.y > height - 50))
    assert any("8.0 ACTIONS" in head for head in heads)
    assert "Contents" in heads[1]


def test_living_edition_marks_changes_and_lists_errata(
    living: PdfReader, original: PdfReader, built: Path, sea
) -> None:
    text = body_text(living)
    assert "Errata applied in this edition" in text
    assert "(Case 8.3.5)[E020]" in re.sub(r"\s+", "", text).replace("(Case8.3.5)", "(Case 8.3.5)")
    assert "[E0" not in body_text(original).replace("Errata (not applied", "")
    found = links(living, built / "rulebook-living-letter.pdf")
    markers = [(link, m.group(1)) for link in found if (m := re.search(r"\[(E\d+)\]", link.text))]
    assert {e for _, e in markers} == {e.id for e in sea.game.errata}
    for link, erratum in markers:
        assert erratum in living.pages[link.dest_page].extract_text()


def test_rendered_page_has_ink_where_the_layout_puts_it(built: Path, tmp_path: Path) -> None:
    pdf = pypdfium2.PdfDocument(built / "rulebook-original-a4.pdf")
    image = pdf[6].render(scale=1).to_pil().convert("L")
    image.save(tmp_path / "page-7.png")
    width, height = image.size

    def ink(box) -> float:
        region = image.crop(box)
        dark = sum(1 for v in region.get_flattened_data() if v < 128)
        return dark / (region.size[0] * region.size[1])

    assert ink((0, 0, width, 25)) < 0.01  # above the running head: paper
    assert ink((40, 38, width - 40, 46)) > 0.005  # the running head and its rule
    assert ink((50, 80, width // 2 - 15, height - 80)) > 0.03  # left column text
    assert ink((width // 2 + 15, 80, width - 50, height - 80)) > 0.03  # right column text
    assert ink((width // 2 - 6, 80, width // 2 + 6, height - 80)) < 0.002  # the gutter


@pytest.mark.parametrize(
    "name",
    [
        "rulebook-original-a4.pdf",
        "rulebook-living-letter.pdf",
        "quickref-a4.pdf",
        "kit/aids-a4.pdf",
    ],
)
def test_every_flowing_pdf_asks_the_print_dialog_for_100_percent(built: Path, name: str) -> None:
    """Found by the output review: the README promised it of every PDF, but only the
    kit's sheets and forms said so; a player aid shrunk to fit no longer matches
    the counters and cards it is used with."""
    prefs = PdfReader(built / name).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


def test_a_book_whose_text_cites_the_sources_pages_says_whose_pages_they_are(
    original: PdfReader,
) -> None:
    """Found by the output review: War Story's "see page 13" pointed past this book's
    12 pages with nothing to say they are the source's page numbers."""
    import io

    from compiler.backends import rulebook

    fe = front_end(RULESETS / "maquis", ROOT, "living")
    assert fe.game is not None and fe.graphs is not None
    title_page = PdfReader(io.BytesIO(rulebook.render(fe.game, fe.graphs, "a4"))).pages[0]
    text = " ".join(title_page.extract_text().split())
    assert "Page numbers in the rule text (“see page 8”) are those of the source" in text
    assert "Page numbers" not in original.pages[0].extract_text()  # SEA cites no page


def test_contents_print_each_headings_page_after_one_layout_pass(
    sea, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The contents' lines are set at full length before the layout, so the body's
    pages are final at once: one pass, each page number filled in at the end
    (pdf/contents.py), and every printed number right."""
    import io

    from reportlab.platypus.doctemplate import BaseDocTemplate

    from compiler.backends import rulebook

    passes: list[int] = []
    real = BaseDocTemplate.build

    def build(doc, story, **kw):
        passes.append(len(story))
        real(doc, story, **kw)
        passes.append(len(story))

    monkeypatch.setattr(BaseDocTemplate, "build", build)
    reader = PdfReader(io.BytesIO(rulebook.render(sea.game, sea.graphs, "a4")))
    assert len(passes) == 2 and passes[0] > 100  # one pass over the whole story…
    assert passes[1] == 0  # …consuming it: no copy kept every flowable in memory
    outline = outline_titles(reader)
    first_body = min(page for _, _, page in outline)  # the contents are the pages before
    text = " ".join(reader.pages[i].extract_text() for i in range(1, first_body))
    printed = [int(n) for n in re.findall(r"(?:\.\s+)+(\d+)", text)]
    assert len(outline) > 50
    assert printed == [page + 1 for _, _, page in outline]
