"""Small text helpers the checks share: words, light stemming, closeness."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from compiler.model.cards import Card, Deck
from compiler.model.game import Game, flattened
from compiler.model.l10n import TRANSLATED, Localisation, UnitState
from compiler.model.rules import Block, Rule
from compiler.model.text import Para

_WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’-]*")
_STOP = {
    "the",
    "a",
    "an",
    "of",
    "and",
    "or",
    "to",
    "in",
    "on",
    "for",
    "by",
    "with",
    "see",
    "as",
    "per",
    "its",
    "his",
    "their",
    "this",
    "that",
    "is",
    "are",
    "be",
    "at",
    "from",
    "only",
    "case",
    "cases",
    "section",
    "sections",
    "module",
    "modules",
    "rule",
    "rules",
    "note",
    "il",
    "la",
    "le",
    "di",
    "del",
    "della",
    "e",
    "un",
    "una",
    "da",
    "con",
    "si",
}


def words(text: str) -> list[str]:
    return _WORD.findall(text)


@lru_cache(maxsize=65_536)  # a rulebook repeats its words; checks stem them again and again
def stem(word: str) -> str:
    """A crude English stem: enough to match "repaired" with "Repair", "Networks" with "Network"."""
    w = word.lower().strip("'’-")
    for suffix in ("ations", "ation", "ings", "ing", "ies", "ied", "ed", "es", "s"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)]
    if len(w) > 4 and w[-1] in "aeio":  # Italian number and gender: piano/piani
        return w[:-1]
    return w


def key_words(text: str) -> set[str]:
    return {stem(w) for w in words(text) if w.lower() not in _STOP and len(w) > 1}


_CLAUSE_END = re.compile(r"[.;:!?]\s|\),\s")


def words_before(text: str, start: int, limit: int = 8) -> list[str]:
    """The last ``limit`` words before ``start``, within the same clause."""
    clause = _CLAUSE_END.split(text[:start])[-1]
    return words(clause)[-limit:]


def capitalised(found: list[str]) -> list[str]:
    """The capitalised words of ``found`` that are not stop words ("Recovery Action")."""
    return [w for w in found if w[:1].isupper() and w.lower() not in _STOP]


def closest(wanted: str, options: Iterable[str]) -> str | None:
    match = difflib.get_close_matches(wanted, list(options), n=1, cutoff=0.6)
    return match[0] if match else None


# A card's text is the source's, printed as written: unlike a rule's, no erratum corrects it.
CARD_VERBATIM = (
    "the card text is the source's and is printed as written (errata correct rules, not "
    "cards): if the source prints it so, accept it with a reason in game.yaml's lint.ignore"
)


def card_paras(game: Game) -> Iterator[tuple[Deck, Card, Para]]:
    """Every paragraph of card text, with its deck and card: the reference patterns read
    it and every output links it, as a rule's."""
    for deck in game.decks:
        for card in deck.cards:
            for para in card.paras:
                yield deck, card, para


def rule_paras(game: Game) -> tuple[tuple[Rule, Block, Para], ...]:
    """Every paragraph of rule text, with the rule and block it stands in: made once per
    tuple of rules (model/game.py, ``flattened``), as most checks read every one."""
    return flattened(game.rules, "paragraphs", lambda _: _paras(game))


def _paras(game: Game) -> tuple[tuple[Rule, Block, Para], ...]:
    return tuple(
        (rule, block, para)
        for rule in game.all_rules()
        for block in rule.blocks()
        for para in block.paras
    )


# --- translation checks -------------------------------------------------------------------


def translated_game(game: Game) -> Localisation | None:
    """The catalog state when ``game`` is read in a translation, else None."""
    return game.l10n if game.l10n is not None and game.l10n.is_translation else None


def quote(text: str, width: int = 60) -> str:
    """A string as a message shows it: quoted, on one line, cut at ``width``."""
    one_line = " ".join(text.split())
    return '"' + (one_line if len(one_line) <= width else one_line[: width - 1] + "…") + '"'


def checked_texts(game: Game) -> Iterator[tuple[UnitState, str, str]]:
    """(unit, text, language) of every string the game prints in its language.

    In the source language every unit (with its errata, in the living
    edition); in a translation only the translated ones (the rest print in
    the source language, which its own lint checks).
    """
    l10n = game.l10n
    if l10n is None:
        return
    for unit in l10n.units:
        if not l10n.is_translation:
            text = unit.meant if game.edition == "living" else unit.source
            yield unit, text, l10n.lang
        elif unit.translation and unit.status == TRANSLATED:
            yield unit, unit.translation, l10n.lang


def current_translations(game: Game, code: str) -> Iterator[UnitState]:
    """The units whose translation is current, less those the translator waived ``code`` for.

    These are what the comparison checks read, each against ``unit.meant``
    (the source as its errata correct it, which the translation follows).
    """
    l10n = translated_game(game)
    if l10n is None:
        return
    for unit in l10n.units:
        if unit.status == TRANSLATED and not waived(unit, code):
            yield unit


def waived(unit: UnitState, code: str) -> bool:
    """The translator's comment says ``noqa: CODE``: a difference made on purpose."""
    return f"noqa: {code}" in unit.note or "noqa: " + code.lower() in unit.note


def unknown_words(game: Game) -> list[tuple[UnitState, str, str, list[str]]]:
    """(unit, text, word, other languages that know it) for each word of the game's text
    that its own dictionary and its termbase do not accept: L10N007 takes those another
    dictionary knows, L10N008 those none does.

    Both checks ask in turn about the same game, so the last game's answer is kept.
    """
    if _UNKNOWN and _UNKNOWN[0][0] is game:
        return _UNKNOWN[0][1]
    found = list(_unknown_words(game))
    _UNKNOWN[:] = [(game, found)]
    return found


_UNKNOWN: list[tuple[Game, list[tuple[UnitState, str, str, list[str]]]]] = []


def _unknown_words(game: Game) -> Iterator[tuple[UnitState, str, str, list[str]]]:
    from compiler.l10n import spelling

    if game.l10n is None:
        return
    own = game.l10n.lang
    others = [lang for lang in spelling.DICTIONARIES if lang != own and spelling.available(lang)]
    accepted = spelling.accepted(game, own)
    for unit, text, _ in checked_texts(game):
        for word in _candidates(text):
            if not spelling.passes(own, word, accepted):
                yield unit, text, word, [lang for lang in others if spelling.known(lang, word)]


@lru_cache(maxsize=4096)
def _candidates(text: str) -> tuple[str, ...]:
    """Each word of ``text`` worth a look-up, once: the editions and checks share most texts."""
    from compiler.l10n import spelling

    return tuple(dict.fromkeys(spelling.candidates(text)))
