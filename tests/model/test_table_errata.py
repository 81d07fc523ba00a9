"""An erratum corrects the cells of the tables that restate its rule's text.

Found by a prepress probe: Liberation's living aid printed scenario 4's materials
table with "da M31 a M36", the slip erratum B-E014 corrects in the rule's list (the
living rulebook read "da M031 a M036"). The table restates that list for the aids;
an erratum that names it (``tables``) now corrects its cells too, each marked.
"""

from __future__ import annotations

import io
from pathlib import Path

import polib
import pytest
from pypdf import PdfReader

from compiler.backends import aids, html, rulebook
from compiler.pipeline import front_end
from tests.conftest import ROOT, RULESETS, copy_mini_case, run_casebook
from tests.pdftools import links

ERRATUM = """  - id: E3
    rule: "2.1"
    old: Defender eliminated
    new: Defender destroyed
    tables: [attack-results]
    why: The counters say destroyed.
"""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """mini-case whose Section 2.1 restates a cell of its table, with E3 correcting both."""
    game = copy_mini_case(tmp_path)
    rules = game / "rules" / "02-combat.yaml"
    said = "Roll one die on the table."
    text = rules.read_text(encoding="utf-8")
    assert said in text
    rules.write_text(text.replace(said, said + " A 6 means Defender eliminated."), encoding="utf-8")
    with (game / "errata.yaml").open("a", encoding="utf-8") as errata:
        errata.write(ERRATUM)
    return game


def _edition(game: Path, edition: str):
    fe = front_end(game, game.parent.parent, edition)
    assert fe.game is not None and fe.graphs is not None, [f.render() for f in fe.findings]
    return fe


def _cell(fe) -> str:
    table = fe.game.table("attack-results")
    return table.rows[2][table.column_index("result")]


def test_the_living_edition_corrects_the_cell_and_the_original_keeps_it(game: Path) -> None:
    living, original = _edition(game, "living"), _edition(game, "original")
    assert _cell(living) == "Defender destroyed"
    assert living.game.table("attack-results").errata_at(2, 1) == ("E3",)
    assert _cell(original) == "Defender eliminated"
    assert original.game.table("attack-results").changed == ()
    section = next(r for r in living.game.all_rules() if r.address == "2.1")
    assert "A 6 means Defender destroyed." in section.body[0].paras[0].text


def test_the_rulebook_marks_the_cell_with_a_link_to_the_erratum(game: Path, tmp_path: Path) -> None:
    fe = _edition(game, "living")
    path = tmp_path / "rulebook.pdf"
    path.write_bytes(rulebook.render(fe.game, fe.graphs, "a4"))
    reader = PdfReader(path)
    text = "".join("".join(page.extract_text().split()) for page in reader.pages)
    assert "Defenderdestroyed[E3]" in text
    assert text.count("Defendereliminated") == 1  # in the errata list
    errata_page = next(
        i for i, page in enumerate(reader.pages) if "Defender eliminated" in page.extract_text()
    )
    marks = [link for link in links(reader, path) if link.text == "[E3]"]
    assert len(marks) == 2  # the rule's text and the table's cell
    assert {link.dest_page for link in marks} == {errata_page}


def test_the_aid_and_the_html_mark_the_corrected_cell(game: Path) -> None:
    fe = _edition(game, "living")
    text = "".join(
        p.extract_text() for p in PdfReader(io.BytesIO(aids.render(fe.game, "a4"))).pages
    )
    assert "Defenderdestroyed[E3]" in "".join(text.split())
    page = html.render(fe.game, fe.graphs, "living").decode("utf-8")
    assert (
        '<td>Defender destroyed<sup class="erratum"><a href="#erratum-E3">[E3]</a></sup></td>'
        in page
    )


def test_the_translator_is_told_and_an_untranslated_cell_prints_corrected(game: Path) -> None:
    result = run_casebook("l10n", "update", "mini-case", "fr", "--rulesets", str(game.parent))
    assert result.returncode == 0, result.stderr
    po = polib.pofile(str(game / "l10n" / "fr.po"))
    (cell,) = [e for e in po if e.msgid == "Defender eliminated"]
    assert "erratum E3: «Defender eliminated» → «Defender destroyed»" in cell.comment
    fe = front_end(game, game.parent.parent, "living", lang="fr")
    assert fe.game is not None, [f.render() for f in fe.findings]
    assert _cell(fe) == "Defender destroyed"


@pytest.mark.parametrize(
    ("tables", "code", "said"),
    [
        ("[attack-result]", "ERRATA001", "names table 'attack-result', which does not exist"),
        ("[other]", "ERRATA002", "'Defender eliminated' is in no cell of table 'other'"),
    ],
)
def test_a_table_that_does_not_hold_the_words_is_a_located_error(
    game: Path, tables: str, code: str, said: str
) -> None:
    errata = game / "errata.yaml"
    errata.write_text(
        errata.read_text(encoding="utf-8").replace("[attack-results]", tables), encoding="utf-8"
    )
    if tables == "[other]":
        with (game / "tables.yaml").open("a", encoding="utf-8") as more:
            more.write(
                "  - id: other\n    title: Other\n    columns:\n      - {key: a, label: A}\n"
                "    rows:\n      - {a: Nothing to correct}\n"
            )
    fe = front_end(game, game.parent.parent, "living")
    (finding,) = [f for f in fe.findings if f.code == code]
    assert said in finding.message
    # at the table's id in `tables:`, where it was at the erratum's first line
    assert str(finding.location) == "rulesets/mini-case/errata.yaml:18:14"
    if code == "ERRATA001":  # the ids there are, as MODEL005 lists them
        assert "(tables: attack-results" in (finding.suggestion or "")


def test_an_erratum_that_empties_a_cell_is_a_warning_as_for_a_rule(game: Path) -> None:
    """Found by a probe: new: "" with tables: printed an empty cell, with no word, where
    a rule emptied so is ERRATA005."""
    errata = game / "errata.yaml"
    text = errata.read_text(encoding="utf-8")
    errata.write_text(text.replace("new: Defender destroyed", 'new: ""'), encoding="utf-8")
    fe = front_end(game, game.parent.parent, "living")
    assert fe.game is not None, [f.render() for f in fe.findings]
    (finding,) = [f for f in fe.findings if f.code == "ERRATA005"]
    assert finding.severity.value == "warning"
    assert (
        "erratum E3 deletes all the text of a cell of table 'attack-results' (row 3, column "
        in finding.message
    )
    assert str(finding.location) == "rulesets/mini-case/errata.yaml:18:14"
    assert _cell(fe) == ""


def test_liberations_living_aid_prints_scenario_4s_cards_corrected() -> None:
    fe = front_end(RULESETS / "liberation", ROOT, "living")
    assert fe.game is not None
    text = "".join(
        p.extract_text() for p in PdfReader(io.BytesIO(aids.render(fe.game, "a4"))).pages
    )
    flat = " ".join(text.split())
    assert "M031 a M036[B-E014]" in flat.replace("M036 [B", "M036[B")
    assert "da M31 a M36" not in flat


def test_a_corrected_cell_is_highlighted_as_corrected_text_is(game: Path) -> None:
    """Found by a review: the cell had its erratum's number but not the highlight the
    living edition gives every correction in the rule text."""
    import pdfplumber

    fe = _edition(game, "living")
    with pdfplumber.open(io.BytesIO(aids.render(fe.game, "a4"))) as pdf:
        page = next(p for p in pdf.pages if "destroyed" in (p.extract_text() or ""))
        word = next(w for w in page.extract_words() if w["text"].startswith("destroyed"))
        yellow = [
            r
            for r in page.rects
            if r.get("non_stroking_color")
            and tuple(round(v, 2) for v in r["non_stroking_color"]) == (1.0, 0.94, 0.63)
        ]
    assert any(
        r["x0"] <= word["x0"] and r["top"] <= word["bottom"] <= r["bottom"] + 2 for r in yellow
    )


@pytest.mark.parametrize(
    ("cell", "old", "new", "fixed"),
    [
        ("da M011 a M016, da M21 a M26", "16", "sedici", None),  # "M016" holds no whole 16
        ("16 carte MEDAGLIA", "16", "sedici", "sedici carte MEDAGLIA"),
        (
            "da M011 a M016, da M31 a M36",
            "da M31 a M36",
            "da M031 a M036",
            "da M011 a M016, da M031 a M036",
        ),
        ("Defender eliminated", "elim", "kill", None),  # part of a word
        ("(see 2.1)", "(see", "(cf.", "(cf. 2.1)"),  # a bracket needs no boundary
        ("x16, 16", "16", "n", "x16, n"),
    ],
)
def test_a_cell_is_corrected_where_old_stands_whole(
    cell: str, old: str, new: str, fixed: str | None
) -> None:
    """Found by a probe: "16" → "sedici" on Liberation's materials table made "M016"
    "M0sedici". An erratum names a table, not a cell, so its words count only whole."""
    from compiler.model.errata import corrected_cell

    assert corrected_cell(cell, old, new) == fixed


def test_the_translator_s_corrected_cell_agrees_with_the_living_edition() -> None:
    """The catalog's corrected source text (l10n/corrections.py) reads cells as the
    living edition does: a cell where the words stand inside another is left alone."""
    from compiler.diagnostics import Location
    from compiler.l10n.corrections import corrected_texts, touching
    from compiler.l10n.units import TABLE_CELL, table_cell_unit_id
    from compiler.model.game import Erratum

    erratum = Erratum(
        "X",
        "r",
        "16",
        "sedici",
        None,
        "",
        "",
        None,
        Location("e.yaml", 1, 1),
        tables=("materiali",),
    )
    inside, whole = (table_cell_unit_id("materiali", row, "id") for row in (0, 1))
    units = [(inside, None, TABLE_CELL, "da M011 a M016"), (whole, None, TABLE_CELL, "16 x")]
    assert corrected_texts(units, [erratum]) == {whole: "sedici x"}
    assert touching(None, TABLE_CELL, "da M011 a M016", [erratum], inside) == []
    assert touching(None, TABLE_CELL, "16 x", [erratum], whole) == [erratum]


def test_old_words_only_inside_a_cell_s_word_are_in_no_cell(game: Path) -> None:
    """A table cell is not corrected inside a word, and the erratum that reaches no cell
    so says so (ERRATA002), as it does for a table with no such words at all."""
    errata = game / "errata.yaml"
    text = errata.read_text(encoding="utf-8")
    errata.write_text(
        text.replace("old: Defender eliminated", "old: Defender elim").replace(
            "new: Defender destroyed", "new: Defender kill"
        ),
        encoding="utf-8",
    )
    fe = front_end(game, game.parent.parent, "living")
    assert [f.code for f in fe.findings if f.code.startswith("ERRATA")] == ["ERRATA002"]
    assert "is in no cell of table 'attack-results'" in next(
        f.message for f in fe.findings if f.code == "ERRATA002"
    )
