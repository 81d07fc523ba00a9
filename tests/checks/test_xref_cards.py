"""XREF001 in card text: the patterns read it and every output links it, so a broken
reference there is reported as one in a rule is, at its own place in cards.yaml."""

from __future__ import annotations

from pathlib import Path

from compiler.diagnostics import Finding
from compiler.lint import lint_game
from tests.checks.test_each_check import materialise

_CARDS = """\
# yaml-language-server: $schema=../../../../schema/cards.schema.json
decks:
  - id: orders
    component: orders
    title: Orders
    cards:
      - id: A1
        title: Advance
        text: >-
          Move one unit.

          Units that moved may not attack (see
          Case 1.1.8) this turn.
"""


def _catalog(game: Path, context: str, source: str, translation: str) -> None:
    """A French catalog translating one unit (its entry's msgctxt on line 7)."""
    (game / "l10n").mkdir()
    (game / "l10n" / "fr.po").write_text(
        'msgid ""\n'
        'msgstr ""\n'
        '"Language: fr\\n"\n'
        '"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"X-Source-Language: en\\n"\n'
        "\n"
        f'msgctxt "{context}"\n'
        f'msgid "{source}"\n'
        f'msgstr "{translation}"\n'
    )


def _found(game: Path, root: Path, code: str, langs: list[str] | None = None) -> list[Finding]:
    """What lint says of ``game`` for ``code`` alone; the game must model."""
    findings, ok = lint_game(game, root, select=[code], langs=langs)
    assert ok
    return findings


def _card_finding(findings: list[Finding]) -> Finding:
    """The one finding placed in cards.yaml."""
    (card,) = [f for f in findings if f.location.path.endswith("cards.yaml")]
    return card


def _says_card_text_is_verbatim(card: Finding, help_starts: str) -> None:
    """The help a card finding gives: its own, then that card text is printed as written."""
    assert card.suggestion is not None
    assert card.suggestion.startswith(help_starts)
    assert "erratum in errata.yaml" not in card.suggestion  # errata correct rules, not cards
    assert card.rule is None


def _at(findings: list[Finding], message_has: str) -> list[str]:
    return [str(f.location) for f in findings if message_has in f.message]


def _game(tmp_path: Path) -> Path:
    game = materialise("XREF001", tmp_path)
    (game / "cards.yaml").write_text(_CARDS)
    return game


def test_a_folded_card_text_is_flagged_at_the_reference(tmp_path: Path) -> None:
    """A newcomer's card cited a case that does not exist and lint said nothing."""
    card = _card_finding(_found(_game(tmp_path), tmp_path, "XREF001"))
    assert str(card.location) == "rulesets/XREF001/cards.yaml:13:16"  # "1.1.8", line 2 of 2
    assert card.message == (
        "'Case 1.1.8' in card 'A1' points to Case 1.1.8, which does not exist in fixture"
    )
    _says_card_text_is_verbatim(card, "did you mean 1.1.1?; the card text is the source's")
    assert card.target == "1.1.8"


def test_a_translated_card_text_is_flagged_at_its_catalog_entry(tmp_path: Path) -> None:
    game = _game(tmp_path)
    _catalog(
        game,
        "card:orders:A1:text",
        "Move one unit. Units that moved may not attack (see Case 1.1.8) this turn.",
        "Déplacez une unité. Une unité déplacée n'attaque pas (voir Case 1.1.8) ce tour.",
    )
    findings = _found(game, tmp_path, "XREF001", ["fr"])
    assert _at(findings, "'Case 1.1.8' in card") == ["rulesets/XREF001/l10n/fr.po:7:10"]


_MISTARGETED_CARDS = """\
# yaml-language-server: $schema=../../../../schema/cards.schema.json
decks:
  - id: orders
    component: orders
    title: Orders
    cards:
      - id: A1
        title: Cut Off
        text: Units out of Supply Lines (Section 1.1) may not move.
"""


def test_a_mistargeted_card_reference_says_the_card_text_is_verbatim(tmp_path: Path) -> None:
    """XREF002 read rule text only: a card's 'Supply Lines (Section 1.1)' passed."""
    game = materialise("XREF002", tmp_path)
    (game / "cards.yaml").write_text(_MISTARGETED_CARDS)
    card = _card_finding(_found(game, tmp_path, "XREF002"))
    assert str(card.location) == "rulesets/XREF002/cards.yaml:9:50"
    assert card.message == (
        "'Section 1.1' in card 'A1' follows the words 'Units Supply Lines', but 1.1 is '1.1 Combat'"
    )
    _says_card_text_is_verbatim(card, "did you mean 1.2 (Supply Lines)?; the card text is")
    assert card.target == "1.1"


def test_a_mistargeted_translated_card_reference_is_at_its_catalog_entry(
    tmp_path: Path,
) -> None:
    game = materialise("XREF002", tmp_path)
    (game / "cards.yaml").write_text(_MISTARGETED_CARDS)
    _catalog(
        game,
        "card:orders:A1:text",
        "Units out of Supply Lines (Section 1.1) may not move.",
        "Units out of Supply Lines (Section 1.1) ne bougent pas.",
    )
    findings = _found(game, tmp_path, "XREF002", ["fr"])
    assert _at(findings, "in card 'A1'") == ["rulesets/XREF002/l10n/fr.po:7:10"]


def test_a_card_citing_missing_content_is_a_gap_at_its_phrase(tmp_path: Path) -> None:
    """XREF003 read rule text only: a card citing a card the source lacks said nothing, so
    the gap was not listed where the card text is."""
    findings = _found(materialise("XREF003", tmp_path), tmp_path, "XREF003")
    cards = [(str(f.location), f.message) for f in findings if "in card" in f.message]
    assert cards == [
        (
            "rulesets/XREF003/cards.yaml:11:30",
            "'card A3' in card 'B1' refers to card A3, whose contents the source does not contain",
        ),
        (
            "rulesets/XREF003/cards.yaml:14:41",
            "'card B3' in card 'B2' refers to card B3, whose contents the source does not contain",
        ),
    ]
    assert all(f.rule is None for f in findings if "in card" in f.message)


def test_a_translated_card_citing_missing_content_is_at_its_catalog_entry(
    tmp_path: Path,
) -> None:
    game = materialise("XREF003", tmp_path)
    _catalog(game, "card:orders:B1:text", "Then play card A3.", "Puis jouez la card A3.")
    findings = _found(game, tmp_path, "XREF003", ["fr"])
    assert _at(findings, "in card 'B1'") == ["rulesets/XREF003/l10n/fr.po:7:10"]


def test_a_translated_ruleset_card_citing_another_rule_than_the_original(
    tmp_path: Path,
) -> None:
    """XREF004 compared rule text only: a translator's slip in a card's number passed."""
    card = _card_finding(_found(materialise("XREF004", tmp_path), tmp_path, "XREF004"))
    assert str(card.location) == "rulesets/XREF004/cards.yaml:11:38"
    assert (
        card.message == "card 'A1' cites 1.2.1 here, but 1.2.2 in the original (xref004-original)"
    )
    _says_card_text_is_verbatim(card, "the original cites 1.2.2; the card text is the source's")
    assert card.target == "1.2.1"
