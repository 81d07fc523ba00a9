"""The whole source rule text, sentence by sentence, in every output.

tests/data/sentences/<game>.txt lists the source's sentences, cut by
tests/tools/extract_sentences.py and read by a person (extraction damage the
source README names, such as small-caps headings, undone by hand; lines
starting with "#" say what was changed and why). Each must
appear, in order, in the exported text, in the JSON export and in the PDF.
Whitespace and hyphens are ignored in the comparison: line-end hyphenation in
the extraction cannot be told from a real hyphen without a person.
"""

from __future__ import annotations

import fnmatch
import json
import re

import pytest
from pypdf import PdfReader

from tests.conftest import DATA, run_casebook
from tests.pdftools import body_text

GAMES = sorted(p.stem for p in (DATA / "sentences").glob("*.txt"))
# Whitespace, hyphens, bullet glyphs and the extraction's markdown emphasis/heading marks.
_IGNORED = re.compile(r"[\s\-•°*~#■]+")


def key(text: str) -> str:
    return _IGNORED.sub("", text)


def sentences(game: str) -> list[str]:
    lines = (DATA / "sentences" / f"{game}.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def missing_in_order(game: str, haystack: str) -> list[str]:
    """Sentences not found at or after the previous sentence's place."""
    flat, pos, missing = key(haystack), 0, []
    for sentence in sentences(game):
        at = flat.find(key(sentence), pos)
        if at < 0:
            missing.append(sentence)
        else:
            pos = at + len(key(sentence))
    return missing


def _json_text(doc: dict) -> str:
    parts: list[str] = []
    tables = {t["id"]: t for t in doc["tables"]}
    decks = {d["deck"]: d for d in doc["cards"]}
    placed: set[str] = set()  # cards a rule prints where the book prints them

    def card_text(card: dict) -> None:
        parts.append(" ".join(x for x in (card["id"], card["title"]) if x))
        parts.extend(f"{k}: {v}" for k, v in card["fields"].items())
        parts.extend(card["text"])

    def blocks(items, heading=None) -> None:
        for b in items:
            if b["kind"] == "gap":  # ours: what the book shows and the source lacks
                continue
            if b["kind"] == "cards":  # the deck's cards the book prints here
                for card in decks[b["deck"]]["cards"]:
                    if fnmatch.fnmatchcase(card["id"], b.get("ids", "*")):
                        placed.add(card["id"])
                        card_text(card)
                continue
            parts.extend(x for x in (b.get("label"), b.get("title")) if x)
            parts.extend(b["text"])
            if b["kind"] == "table":
                table = tables[b["table"]]
                keys = [c["key"] for c in table["columns"]]
                if table["title_printed"] and table["title"] != heading:  # as outputs print it
                    parts.append(table["title"])
                parts.append(" ".join(c["label"] for c in table["columns"]))
                parts.extend(" ".join(str(r[k]) for k in keys) for r in table["rows"])

    def walk(rule) -> None:
        label = rule.get("label", "")
        parts.append(" ".join(x for x in (label, rule.get("title", "")) if x))
        blocks(rule["body"], rule.get("title"))
        for child in rule["children"]:
            walk(child)
        blocks(rule.get("after", []), rule.get("title"))

    for rule in doc["rules"]:
        walk(rule)
    for deck in doc["cards"]:
        for card in deck["cards"]:
            if card["id"] not in placed:
                card_text(card)
    return "\n".join(parts)


@pytest.mark.parametrize("game", GAMES)
def test_sentence_list_is_substantial(game: str) -> None:
    assert len(sentences(game)) > 100


@pytest.mark.parametrize("game", GAMES)
def test_text_export_holds_every_source_sentence(game: str) -> None:
    result = run_casebook("export", game, "--format", "text")
    assert result.returncode == 0, result.stderr
    assert missing_in_order(game, without_our_words(result.stdout)) == []


@pytest.mark.parametrize("game", GAMES)
def test_json_export_holds_every_source_sentence(game: str) -> None:
    result = run_casebook("export", game, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert missing_in_order(game, _json_text(json.loads(result.stdout))) == []


@pytest.mark.parametrize("game", GAMES)
def test_rulebook_pdf_holds_every_source_sentence(
    game: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    out = tmp_path_factory.mktemp(game)
    result = run_casebook(
        "build", game, "--edition", "original", "--paper", "a4", "--out", str(out)
    )
    assert result.returncode == 0, result.stderr
    pdf = next((out / game).glob("*/rulebook-original-a4.pdf"))
    assert missing_in_order(game, without_our_words(body_text(PdfReader(pdf)))) == []


def without_our_words(text: str) -> str:
    """The book's text less what Casebook adds between a rule's paragraphs: the pointers
    to its cards ("The cards: see Mission cards, in Cards.") and the marks of pictures
    the source lacks ("[Not in the source: …]"). They are ours, and a sentence the
    source runs on over that place reads whole without them."""
    from compiler.backends.labels import LABELS

    for table in LABELS.values():
        said = table.get("cards-at")
        if said:
            pattern = re.escape(said).replace(re.escape("{deck}"), ".*?")
            text = re.sub(pattern, "", text)
        gap = table.get("gap-mark")
        if gap:
            text = re.sub(r"\[" + re.escape(gap).replace(r"\ ", r"\s+") + r"[^\]]*\]", "", text)
    return text


def test_the_check_can_fail() -> None:
    assert missing_in_order("set-europe-ablaze", "nothing here")
    assert without_our_words("a. The cards: see Mission cards, in Cards.b") == "a. b"
    assert without_our_words("a. [Not in\nthe source: an icon, after «o»] b") == "a.  b"
    shuffled = "\n".join(reversed(sentences("set-europe-ablaze")))
    assert missing_in_order("set-europe-ablaze", shuffled)
