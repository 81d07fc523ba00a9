"""Every text a PDF prints is checked for glyphs the embedded fonts lack (FONT001):
map, space and route names on the play mats, and counter sheets' titles and
count_why in their manifests printed empty boxes with exit 0 before."""

from __future__ import annotations

import dataclasses

import pytest

from compiler.backends.pdf.glyphs import check_glyphs
from compiler.diagnostics import CompileError
from compiler.pipeline import front_end
from tests.conftest import ROOT, RULESETS

CJK = "地区"


def _fails_at(game, what: str) -> str:
    with pytest.raises(CompileError) as raised:
        check_glyphs(game)
    (finding,) = raised.value.findings
    assert finding.code == "FONT001"
    assert what in finding.message and "'地' (U+5730)" in finding.message
    return str(finding.location)


def test_a_space_name_the_fonts_cannot_draw() -> None:
    game = front_end(RULESETS / "plan-vert", ROOT).game
    check_glyphs(game)  # as the source has it: every glyph drawn
    (mat, *others) = game.maps
    space = dataclasses.replace(mat.spaces[0], name=f"{CJK} 1")
    mat = dataclasses.replace(mat, spaces=(space, *mat.spaces[1:]))
    broken = dataclasses.replace(game, maps=(mat, *others))
    assert "maps.yaml" in _fails_at(broken, f"space {space.id} of map {mat.id}")


def test_a_map_name_the_fonts_cannot_draw() -> None:
    game = front_end(RULESETS / "plan-vert", ROOT).game
    mat = dataclasses.replace(game.maps[0], name=CJK)
    _fails_at(dataclasses.replace(game, maps=(mat, *game.maps[1:])), f"map {mat.id}")


def test_a_counter_sheet_title_and_count_why_the_fonts_cannot_draw() -> None:
    game = front_end(RULESETS / "set-europe-ablaze", ROOT).game
    check_glyphs(game)
    sheet = game.counter_sheets[0]
    titled = dataclasses.replace(sheet, title=CJK)
    game_titled = dataclasses.replace(game, counter_sheets=(titled, *game.counter_sheets[1:]))
    assert "counters.yaml" in _fails_at(game_titled, f"counter sheet {sheet.id}")
    entry = dataclasses.replace(sheet.counters[0], count_why=CJK)
    why = dataclasses.replace(sheet, counters=(entry, *sheet.counters[1:]))
    game_why = dataclasses.replace(game, counter_sheets=(why, *game.counter_sheets[1:]))
    _fails_at(game_why, f"count_why of {entry.component}")


def test_a_not_printed_reason_the_fonts_cannot_draw() -> None:
    game = front_end(RULESETS / "set-europe-ablaze", ROOT).game
    left = dataclasses.replace(game.counters_left_out[0], why=CJK)
    broken = dataclasses.replace(game, counters_left_out=(left, *game.counters_left_out[1:]))
    assert "counters.yaml" in _fails_at(broken, f"not_printed reason of {left.component}")


def test_a_parameter_and_a_variant_the_fonts_cannot_draw() -> None:
    game = front_end(RULESETS / "maquis", ROOT).game
    check_glyphs(game)
    param = dataclasses.replace(game.parameters[0], subject=CJK)
    broken = dataclasses.replace(game, parameters=(param, *game.parameters[1:]))
    assert "parameters.yaml" in _fails_at(broken, f"parameter {param.id}")
    variant = dataclasses.replace(game.variants[0], name=CJK)
    broken = dataclasses.replace(game, variants=(variant, *game.variants[1:]))
    assert "parameters.yaml" in _fails_at(broken, f"variant {variant.id}")


def test_a_paragraph_book_entry_the_fonts_cannot_draw() -> None:
    game = front_end(RULESETS / "war-story-occupied-france", ROOT).game
    check_glyphs(game)
    book = game.books[0]
    entry = book.entries[0]
    block = next(b for b in entry.blocks if b.kind == "narrative")
    changed = dataclasses.replace(
        entry,
        blocks=tuple(dataclasses.replace(b, text=CJK) if b is block else b for b in entry.blocks),
    )
    book = dataclasses.replace(book, entries=(changed, *book.entries[1:]))
    broken = dataclasses.replace(game, books=(book, *game.books[1:]))
    assert "books/" in _fails_at(broken, f"entry {entry.number} of {book.id}")


def test_a_character_past_u_ffff_the_fonts_draw_is_searchable_in_the_pdf(caplog) -> None:
    """Found by a probe: ReportLab wrote U+1F0A1 in the font's ToUnicode map as five hex
    digits, not UTF-16; readers warned of an invalid string and read U+1F0A or nothing."""
    import io

    from pypdf import PdfReader

    from compiler.backends import aids

    game = front_end(RULESETS / "maquis", ROOT, "living").game
    card = "\U0001f0a1"  # PLAYING CARD ACE OF SPADES: DejaVu Sans draws it
    table = dataclasses.replace(game.tables[0], title=f"Ace {card} high")
    game = dataclasses.replace(game, tables=(table, *game.tables[1:]))
    check_glyphs(game)  # drawable: no FONT001
    reader = PdfReader(io.BytesIO(aids.render(game, "a4")))
    text = " ".join(page.extract_text() for page in reader.pages)
    assert f"Ace {card} high" in text
    assert "invalid hex" not in caplog.text.lower()


@pytest.mark.parametrize("field", ["title", "gap"])
def test_a_card_the_fonts_cannot_draw(field: str) -> None:
    """The rulebook prints every card (in its rule or at the back): a card's title,
    fields, text and gap note went unchecked, and would print as empty boxes."""
    game = front_end(RULESETS / "liberation", ROOT).game
    check_glyphs(game)
    deck = game.decks[0]
    card = dataclasses.replace(deck.cards[0], **{field: CJK})
    deck = dataclasses.replace(deck, cards=(card, *deck.cards[1:]))
    broken = dataclasses.replace(game, decks=(deck, *game.decks[1:]))
    assert "cards/" in _fails_at(broken, f"card {card.id} of deck {deck.id}")
