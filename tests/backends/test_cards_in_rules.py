"""A deck's cards printed where the book prints them: a `cards` block in the rules.

Liberation's medal appendix ("ALLEGATI CARTA MEDAGLIA") prints its thirty cards under
five scenario headings. The rulebook printed the five headings with nothing under
them, and the cards at the back, in its Cards section, behind a pointer. Each heading
now prints its own cards; the Cards section no longer repeats them; the HTML and the
text export follow the rulebook.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from compiler.backends import html, rulebook
from compiler.backends.export import to_text
from compiler.pipeline import front_end
from tests.conftest import ROOT, RULESETS, copy_mini_case, living

HEADINGS = [
    "LA RETE DEL MUSEO DELL'UOMO",
    "LA CONFRATERNITA DI NOTRE-DAME",
    "L'UNIFICAZIONE DELLA RESISTENZA",
    "IL MANIFESTO ROSSO",
    "LA LIBERAZIONE DI PARIGI",
]


@pytest.fixture(scope="module")
def book() -> str:
    fe = living("liberation")
    assert fe.game is not None and fe.graphs is not None
    reader = PdfReader(io.BytesIO(rulebook.render(fe.game, fe.graphs, "a4")))
    return "\n".join(" ".join(page.extract_text().split()) for page in reader.pages)


def test_each_scenario_heading_prints_its_own_medal_cards(book: str) -> None:
    """Each card stands after its own scenario's heading and before the next one's."""
    fe = living("liberation")
    deck = next(d for d in fe.game.decks if d.id == "carte-medaglia")
    for n, heading in enumerate(HEADINGS, 1):
        titles = [c.title or "" for c in deck.cards if c.id.startswith(f"medaglia-{n}-")]
        assert len(titles) == 6
        for title in titles:
            at = book.rindex(title)  # a caption of the rules may say it earlier
            nearest = max(HEADINGS, key=lambda h: book.rfind(h, 0, at))
            assert nearest == heading, (title, nearest)


def test_the_cards_section_and_the_pointer_no_longer_repeat_them(book: str) -> None:
    assert book.count("Fuga verso la zona sud") == 1
    assert "Le carte: vedi Carte MEDAGLIA" not in book
    # the other deck, which no rule prints, stays in the Cards section
    assert "Le carte: vedi Tessere PERSONAGGIO, in Carte." in book
    # under its heading a card does not say its scenario again
    assert "Scenario: LA RETE DEL MUSEO DELL'UOMO" not in book


def test_the_html_and_the_text_export_print_them_under_their_headings() -> None:
    fe = living("liberation")
    page = html.render(fe.game, fe.graphs, "living").decode("utf-8")
    assert len(re.findall(r'id="card-medaglia-1-01"', page)) == 1
    section = page.index('id="medaglie-rete-del-museo-dell-uomo"')
    assert (
        section
        < page.index('id="card-medaglia-1-01"')
        < page.index('id="medaglie-confraternita-di-notre-dame"')
    )
    text = to_text(fe.game)
    assert text.count("Fuga verso la zona sud") == 1
    assert text.index("LA RETE DEL MUSEO DELL'UOMO", text.index("ALLEGATI CARTA MEDAGLIA")) < (
        text.index("Fuga verso la zona sud")
    )


def test_the_english_translation_prints_its_cards_there_too() -> None:
    """Cards are chosen by id, which a translation never changes (their fields it does)."""
    fe = front_end(RULESETS / "liberation", ROOT, "living", lang="en")
    assert fe.game is not None
    assert len(fe.game.card_places()) == 30


@pytest.mark.parametrize(
    ("block", "said"),
    [
        ("deck: no-such-deck", "names deck 'no-such-deck', which cards.yaml does not hold"),
        ("deck: deck\n        ids: card-9*", "selects no card of deck 'events'"),
    ],
)
def test_a_cards_block_that_prints_nothing_is_a_located_error(
    tmp_path: Path, block: str, said: str
) -> None:
    game = copy_mini_case(tmp_path)
    deck = next(line for line in (game / "cards.yaml").read_text().splitlines() if "- id:" in line)
    block = block.replace("deck: deck", f"deck: {deck.split('id:')[1].strip()}")
    rules = game / "rules" / "01-play.yaml"
    text = rules.read_text(encoding="utf-8")
    said_line = "      - Read Module 2.0 before play.\n"
    rules.write_text(text.replace(said_line, said_line + f"      - kind: cards\n        {block}\n"))
    fe = front_end(game, tmp_path, "living")
    (finding,) = [f for f in fe.findings if f.code == "MODEL014"]
    assert said in finding.message
    assert str(finding.location).startswith("rulesets/mini-case/rules/01-play.yaml:8:")


def test_a_card_s_gap_note_follows_its_text_marked_as_ours(book: str) -> None:
    """Found by a look at the medal appendix: "7", "8", "6x" stood bare under their
    cards, the illustrations they go with lost. A card's ``gap`` is Casebook's note,
    printed after its text as a gap block of the rules is: bracketed and headed."""
    at = book.index("Arresti di massa")
    card = book[at : book.index("Arrestare i capi della rete", at)]
    assert card.endswith(
        "7 [Non presente nella fonte: l'illustrazione che accompagna la cifra «7»] "
    ), card
    fe = living("liberation")
    page = html.render(fe.game, fe.graphs, "living").decode("utf-8")
    page = re.sub(r">\s+<", "><", page)  # the box as a gap block of the rules is set
    box = '<div class="box gap"><p><b class="run-in">Non presente nella fonte:</b> '
    assert box + "l&#39;illustrazione che accompagna la cifra «7»</p></div>" in page
    assert "[Non presente nella fonte: l'icona che accompagna «6x»]" in to_text(fe.game)


def test_a_card_s_gap_note_is_translated_and_said_to_be_ours() -> None:
    """Its catalog entry says it is Casebook's note, and the English book prints the
    translation under the same heading."""
    from compiler.l10n.catalog import comments
    from compiler.l10n.units import extract
    from compiler.load.game_files import load_game

    fe = living("liberation")
    units = {u.id: u for u in extract(load_game(RULESETS / "liberation", ROOT))}
    unit = units["card:carte-medaglia:medaglia-1-04:gap"]
    assert unit.text == "l'illustrazione che accompagna la cifra «7»"
    assert "Casebook's note, not the publisher's text" in comments(unit, ())
    english = front_end(RULESETS / "liberation", ROOT, "living", "en")
    assert english.game is not None
    card = english.game.deck("carte-medaglia").cards[3]
    assert card.gap == "the illustration that goes with the figure “7”"
    assert fe.game.deck("carte-medaglia").cards[3].gap == unit.text


def test_two_cards_blocks_that_print_one_card_are_a_located_error(tmp_path: Path) -> None:
    """Found by a probe: "**" in place of "medaglia-4-*" printed every medal card
    twice, with no finding. The second block is refused, naming the first."""
    game = copy_mini_case(tmp_path)
    rules = game / "rules" / "01-play.yaml"
    text = rules.read_text(encoding="utf-8")
    said_line = "      - Read Module 2.0 before play.\n"
    blocks = "".join(
        f'      - kind: cards\n        deck: events\n        ids: "{p}"\n' for p in ("card-*", "*")
    )
    rules.write_text(text.replace(said_line, said_line + blocks), encoding="utf-8")
    fe = front_end(game, tmp_path, "living")
    (finding,) = [f for f in fe.findings if f.code == "MODEL014"]
    assert "selects card 'card-1'" in finding.message
    assert "which the cards block of 1.0 prints already" in finding.message
    assert str(finding.location).startswith("rulesets/mini-case/rules/01-play.yaml:11:")
    assert str(finding.related[0]).startswith("rulesets/mini-case/rules/01-play.yaml:8:")
