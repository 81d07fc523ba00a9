"""Table column widths: every column keeps room to print in, whatever its words."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from compiler.backends import rulebook
from compiler.backends.pdf import fonts
from compiler.backends.pdf.tables import column_widths
from compiler.pipeline import front_end
from tests.conftest import ROOT

MINI = ROOT / "tests" / "rulesets" / "mini-case"
LONG = "Supercalifragilistic" * 25  # 500 letters without a space: a URL, a run of letters


def _mini_with_a_long_word():
    fe = front_end(MINI, ROOT, "living")
    assert fe.game is not None and fe.graphs is not None
    table = fe.game.tables[0]
    rows = list(table.rows)
    rows[1] = (rows[1][0], LONG)
    return fe, replace(fe.game, tables=(replace(table, rows=tuple(rows)),))


def test_a_word_wider_than_the_table_does_not_squeeze_the_other_columns() -> None:
    """Found by the hunt: counted whole, the word left 'Die roll' 3.4 pt, less than its
    padding, and the build failed with an internal error."""
    fonts.register()
    _, game = _mini_with_a_long_word()
    widths = column_widths(game.tables[0], 240.0)
    assert abs(sum(widths) - 240.0) < 0.01
    assert min(widths) >= 13.5  # padding and a few letters


def test_the_rulebook_breaks_the_long_word_inside_its_cell(tmp_path: Path) -> None:
    fe, game = _mini_with_a_long_word()
    pdf = tmp_path / "rulebook.pdf"
    pdf.write_bytes(rulebook.render(game, fe.graphs, "a4"))
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages).replace("\n", "")
    assert LONG in text  # every letter printed, the word broken across lines


def test_a_short_column_is_set_on_one_line_before_a_long_one_is_given_room() -> None:
    """Found in review: Liberation's materials tables gave the "Gruppo" column, one phrase
    repeated down the page, a third of its width by its amount of text, while the ID
    beside it wrapped; and the corrected cell's erratum mark, measured apart from its
    word, pushed "M036[B-E014]" onto a line of its own. Each cell is now one line."""
    import io

    from compiler.backends import aids

    fe = front_end(ROOT / "rulesets" / "liberation", ROOT / "rulesets", "living")
    table = next(t for t in fe.game.tables if t.id == "scenario-4-materiali")
    assert table.changed  # the living edition's correction, with its mark
    reader = PdfReader(io.BytesIO(aids.render(fe.game, "a4")))
    page = next(p for p in reader.pages if table.title in (p.extract_text() or ""))
    lines = set((page.extract_text() or "").splitlines())
    cells = [
        text + "".join(f"[{e}]" for e in table.errata_at(r, c))
        for r, row in enumerate(table.rows)
        for c, text in enumerate(row)
        if text
    ]
    assert [text for text in cells if text not in lines] == []
    assert "da M011 a M016, da M021 a M024 e da M031 a M036[B-E014]" in cells


@pytest.mark.parametrize("game", ["liberation", "plan-vert", "war-story-occupied-france"])
def test_no_column_is_narrower_than_sharing_by_amount_made_it_unless_it_fits_whole(
    game: str,
) -> None:
    """So no row is taller than before: a column either holds its widest cell on one
    line, or has at least the room the old sharing by amount of text gave it."""
    from compiler.backends.pdf import table_widths

    fe = front_end(ROOT / "rulesets" / game, ROOT / "rulesets", "living")
    for table in (t for t in fe.game.tables if t.rows):
        for width in (527.0, 774.0):  # the aids' portrait and landscape pages
            least = table_widths._least_widths(table, width)
            whole = table_widths._whole_widths(table, width)
            amount = [
                sum(len(row[i]) for row in table.rows) + len(column.label) + 1
                for i, column in enumerate(table.columns)
            ]
            spare = width - sum(least)
            old = [m + spare * a / sum(amount) for m, a in zip(least, amount, strict=True)]
            widths = column_widths(table, width)
            assert abs(sum(widths) - width) < 0.01, table.id
            for i, w in enumerate(widths):
                assert w >= min(old[i], whole[i]) - 0.01, (table.id, width, i)


@pytest.mark.parametrize("where", ["heading", "first cell"])
def test_a_long_word_where_the_tables_link_target_is_breaks_inside_its_cell(
    where: str, tmp_path: Path
) -> None:
    """Found by a probe: the link target written into the first heading's markup (or
    the first cell's, in a table without headings) kept ReportLab from breaking a word
    there, and it ran over the columns beside it."""
    import io

    import pdfplumber

    fonts.register()
    fe = front_end(MINI, ROOT, "living")
    assert fe.game is not None and fe.graphs is not None
    table = fe.game.tables[0]
    word = "Supercalifragilistic" * 4
    if where == "heading":
        columns = (replace(table.columns[0], label=word), *table.columns[1:])
        table = replace(table, columns=columns)
    else:
        columns = tuple(replace(c, label="") for c in table.columns)
        rows = ((word, *table.rows[0][1:]), *table.rows[1:])
        table = replace(table, columns=columns, rows=rows)
    game = replace(fe.game, tables=(table, *fe.game.tables[1:]))
    data = rulebook.render(game, fe.graphs, "a4")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = next(p for p in pdf.pages if "Supercalifragilistic" in (p.extract_text() or ""))
        words = page.extract_words()
    pieces = [w for w in words if len(w["text"]) >= 10 and set(w["text"]) <= set(word)]
    assert "".join(w["text"] for w in pieces) == word  # every letter, in order
    assert len({round(w["top"]) for w in pieces}) > 1, "set on one line, over the columns"


def test_a_table_whose_words_cannot_be_set_whole_is_said_in_the_builds_notes(
    tmp_path: Path,
) -> None:
    """Found by a probe: 25 columns of 11-letter words were built a letter a line, and
    nothing said so (FIT006 refuses only columns that cannot hold one character)."""
    from tests.conftest import copy_mini_case, run_casebook

    game = copy_mini_case(tmp_path)
    keys = [f"c{i}" for i in range(25)]
    columns = "\n".join(f"      - {{key: {k}, label: Heading}}" for k in keys)
    row = ", ".join(f"{k}: Longerwords" for k in keys)
    (game / "tables.yaml").write_text(
        'tables:\n  - id: attack-results\n    title: Attack Results Table\n    rule: "2.1"\n'
        f"    columns:\n{columns}\n    rows:\n      - {{{row}}}\n",
        encoding="utf-8",
    )
    result = run_casebook(
        "build", "--rulesets", str(game.parent), "--out", str(tmp_path / "out"), "--paper", "a4"
    )
    assert result.returncode == 0, result.stderr
    said = result.stdout + result.stderr
    assert (
        "mini-case (en): in the player aids, table 'attack-results' has more words side by "
        "side than the landscape A4 page holds whole (273 mm): they are broken inside their "
        "cells; split it in tables.yaml, or shorten its longest words"
    ) in said
    plain = run_casebook(
        "build", "--rulesets", str(game.parent), "--out", str(tmp_path / "q"), "-q"
    )
    assert "broken inside their cells" not in plain.stdout + plain.stderr
