"""A table whose words a column cannot hold whole is set across the page.

The rulebook is two columns. A chart of seven columns of names had its words broken
inside their cells there; now the smallest part holding it (with the headings before
it) is set across the head of a new page, and the columns go on below. A part taller
than most of a page is not: its own parts are tried, and a table alone taller than
that stays in its column, as before, rather than overflow the page.
"""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber

from compiler.backends import rulebook
from compiler.pipeline import front_end
from tests.conftest import copy_mini_case

NAMES = ("Organizzazione", "Combattimento", "Informazioni", "Propaganda", "Liberazione")
COLUMNS = [f"Colonna{i}" for i in range(7)]


def _game(tmp_path: Path, rows: int, filler: int, first: bool = False) -> bytes:
    """mini-case with a 7-column table of long words in a new Section 2.2, after
    ``filler`` paragraphs in Section 2.1, rendered as an A4 rulebook."""
    game = copy_mini_case(tmp_path)
    columns = "".join(f"      - {{key: c{i}, label: {name}}}\n" for i, name in enumerate(COLUMNS))
    body = "".join(
        "      - {" + ", ".join(f"c{i}: {NAMES[(r + i) % 5]}{r}" for i in range(7)) + "}\n"
        for r in range(rows)
    )
    with (game / "tables.yaml").open("a", encoding="utf-8") as tables:
        tables.write(
            f"  - id: roster\n    title: Roster\n    rule: '2.2'\n    columns:\n{columns}"
            f"    rows:\n{body}"
        )
    rules = game / "rules" / "02-combat.yaml"
    text = rules.read_text(encoding="utf-8")
    said = "          - Roll one die on the table.\n"
    words = "Each attack is resolved in turn, in the order the attacker chooses. " * 4
    text = text.replace(said, said + f"          - {words}\n" * filler)
    text += (
        '      - number: "2.2"\n        level: section\n        title: Roster\n'
        "        body:\n          - The roster lists every unit.\n"
        "          - kind: table\n            table: roster\n"
    )
    rules.write_text(text, encoding="utf-8")
    if first:  # the table in the book's first rule too, which begins a page already
        play = game / "rules" / "01-play.yaml"
        said = "      - Read Module 2.0 before play.\n"
        table = "      - kind: table\n        table: roster\n"
        play.write_text(play.read_text(encoding="utf-8").replace(said, said + table))
    fe = front_end(game, tmp_path, "living")
    assert fe.game is not None and fe.graphs is not None, [f.render() for f in fe.findings]
    return rulebook.render(fe.game, fe.graphs, "a4")


def _pages(data: bytes) -> list[tuple[float, list[dict]]]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [(page.width, page.extract_words()) for page in pdf.pages]


def test_the_smallest_part_holding_the_table_is_set_across_the_page(tmp_path: Path) -> None:
    """Module 2.0 is too long to set across a page; its Section 2.2 is not."""
    pages = _pages(_game(tmp_path, rows=4, filler=30))
    at = next(
        i for i, (_, words) in enumerate(pages) if any(w["text"] == "Liberazione0" for w in words)
    )
    width, words = pages[at]
    texts = [w["text"] for w in words]
    assert all(f"{name}{r}" in texts for r in range(4) for name in NAMES)  # no word broken
    cells = [w for w in words if w["text"].startswith(NAMES)]
    assert (
        min(w["x0"] for w in cells)
        < width / 2 - 100
        < width / 2 + 100
        < max(w["x1"] for w in cells)
    )
    heading = next(w for w in words if w["text"] == "Roster")
    assert heading["top"] < min(w["top"] for w in cells)  # its heading came with it
    combat = next(i for i, (_, ws) in enumerate(pages) if any(w["text"] == "COMBAT" for w in ws))
    assert combat < at  # the module began in its columns, pages before


def test_a_table_taller_than_most_of_a_page_stays_in_its_column(tmp_path: Path) -> None:
    pages = _pages(_game(tmp_path, rows=70, filler=0))
    texts = [w["text"] for _, words in pages for w in words]
    assert "Roll" in texts  # the book is laid out; the table is set, broken words and all
    assert any(t.startswith("Liberazione") or t.startswith("Liberazi") for t in texts)


def test_a_wide_table_in_the_books_first_rule_leaves_no_empty_page(tmp_path: Path) -> None:
    """Found by a review: the contents end with a page break, and the part set across the
    page added a second one: a page with its running head alone."""
    pages = _pages(_game(tmp_path, rows=4, filler=0, first=True))
    assert all(len(words) > 8 for _, words in pages)  # more than a running head and a folio
    play = next(i for i, (_, ws) in enumerate(pages) if any(w["text"] == "Read" for w in ws))
    contents = next(
        i for i, (_, ws) in enumerate(pages) if any(w["text"] == "Contents" for w in ws)
    )
    assert play == contents + 1
