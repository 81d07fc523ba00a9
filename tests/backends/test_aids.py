"""Player-aid charts read back: every table with its rule, the sequence of play,
wide tables on landscape pages, fonts embedded."""

from __future__ import annotations

import io

from pypdf import PdfReader

from compiler.backends import aids
from tests.conftest import living_game
from tests.pdftools import fonts


def _text(page) -> str:
    return " ".join(page.extract_text().split())


def test_every_table_is_on_the_aid_with_the_rule_it_comes_from() -> None:
    game = living_game("plan-vert")
    reader = PdfReader(io.BytesIO(aids.render(game, "a4")))
    text = " ".join(_text(p) for p in reader.pages)
    for table in game.tables:
        assert table.title in text
        if table.rows and table.rule:
            assert f"Rule {aids.rule_name(game, table.rule)}" in text
    assert "Rule 4 › Where are the German items" in text  # an unnumbered rule, found by its parent
    assert all(fonts(reader).values())


def test_the_sequence_of_play_comes_first_with_its_numbers() -> None:
    game = living_game("set-europe-ablaze")
    reader = PdfReader(io.BytesIO(aids.render(game, "letter")))
    first = _text(reader.pages[0])
    assert "Sequence of play" in first
    assert "3.0 THE GAME TURN" in first and "3.1 Organization Phase" in first
    assert round(float(reader.pages[0].mediabox.width)) == 612  # Letter, portrait


def test_wide_tables_get_landscape_pages_and_italian_labels() -> None:
    game = living_game("liberation")
    reader = PdfReader(io.BytesIO(aids.render(game, "a4")))
    wide = [p for p in reader.pages if "Materiale necessario per lo scenario 1" in _text(p)]
    assert wide, "the five-column materials table is on the aid"
    box = wide[0].mediabox
    assert float(box.width) > float(box.height)
    assert "Sequenza di gioco" in _text(reader.pages[0])
    assert "Regola" in " ".join(_text(p) for p in reader.pages)


def test_the_aid_says_its_edition_and_marks_each_correction_it_prints() -> None:
    """Found by a prepress review: Set Europe Ablaze's aid printed erratum E026's
    "near the Turn Record Track" (the source: "near the Turn Track") with no mark and no
    word of its edition, so a reader could not tell a correction from the source."""
    game = living_game("set-europe-ablaze")
    text = " ".join(_text(p) for p in PdfReader(io.BytesIO(aids.render(game, "a4"))).pages)
    assert "Living edition: the source text with" in text
    assert "(near the Turn Record Track[E026])" in text


def test_the_aid_keeps_a_blocks_label_and_the_rules_printed_heading() -> None:
    """Found by a prepress review: Maquis's aid dropped "For example:" and "Remember:",
    so its examples read as rules, and printed "1 Placement Phase" for "1. Placement
    Phase"."""
    game = living_game("maquis")
    text = " ".join(_text(p) for p in PdfReader(io.BytesIO(aids.render(game, "a4"))).pages)
    assert "For example: If Morale is 3" in text
    assert "Remember: All Resource tokens are limited." in text
    assert "1. Placement Phase" in text and "1 Placement Phase" not in text


def test_liberations_aid_has_the_materials_of_every_scenario() -> None:
    """Found by a prepress review: the aid had the materials of scenarios 1-4 only;
    scenario 5's lists (source lines 1355-1409) are now a table as the others are."""
    game = living_game("liberation")
    text = " ".join(_text(p) for p in PdfReader(io.BytesIO(aids.render(game, "a4"))).pages)
    for n in range(1, 6):
        assert f"scenario {n}" in text
    assert "Materiale aggiuntivo dello scenario 5" in text
    assert "(da N011 a N016) + (N051 e N052)" in text and "pedina BLINDATO" in text
