"""The look-up engine, through its Python API and `casebook ref` as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.model.game import Term
from compiler.pipeline import front_end
from compiler.reference.lookup import RulesReference
from compiler.reference.terms import term_spans
from tests.conftest import MINI_CASE, ROOT, copy_mini_case, living, run_casebook


def engine(name: str) -> RulesReference:
    fe = living(name)
    assert fe.game is not None and fe.graphs is not None
    return RulesReference(fe.game, fe.graphs)


@pytest.mark.parametrize(
    "query", ["8.6.9d", "8.6.9 d", "8.6.9(d)", "Case 8.6.9d", "8.6.9d)", "8.6.9D", "8.6.9 (D)"]
)
def test_a_lettered_case_is_found_however_it_is_typed(query: str) -> None:
    answer = engine("set-europe-ablaze").look_up(query)
    assert [r.address for r in answer.rules] == ["8.6.9d"]


def test_a_case_shows_its_place_text_and_what_cites_it() -> None:
    rule = engine("set-europe-ablaze").rule("8.6.9d")
    assert rule is not None
    assert rule.place == (
        "8.0 ACTIONS",
        "8.6 Action Resolution Procedure",
        "8.6.9 Action Results Losses Special Rules",
        "8.6.9d",
    )
    assert "“Flush” a just captured Active Network by spending 1 AP" in rule.paragraphs[0][1]
    assert [a for a, _ in rule.cited_by] == ["6.3.10c", "8.6"]
    assert {"Network", "AP"} <= {t.term for t in rule.terms}
    assert rule.at.path.endswith("rules/08-actions.yaml")


def test_a_section_lists_what_it_cites_and_its_cases() -> None:
    rule = engine("set-europe-ablaze").rule("8.6")
    assert rule is not None
    assert ("rule", "8.6.9d", "resolved") in {(c.kind, c.target, c.status) for c in rule.cites}
    assert "8.6.5" in [a for a, _ in rule.children]


def test_a_glossary_term_gives_its_meaning_where_defined_and_where_used() -> None:
    answer = engine("set-europe-ablaze").look_up("AP")
    assert not answer.rules
    (term,) = answer.terms
    assert term.term.meaning == "Action Point"
    assert [a for a, _ in term.see] == ["4.3"]
    assert "8.6.9d" in [a for a, _ in term.used_in]


def test_a_component_by_name() -> None:
    answer = engine("set-europe-ablaze").look_up("network")
    assert [c.component.id for c in answer.components] == ["network"]
    assert "2.4.8" in [a for a, _ in answer.components[0].described_at]


def test_words_search_the_text_and_titles_ranked() -> None:
    hits = engine("set-europe-ablaze").search("meeting the check number")
    assert hits[0].address == "8.6.5"
    assert engine("liberation").search("RAID")  # case-insensitive, Italian text


def test_a_word_typed_many_times_is_searched_once() -> None:
    """Found by the hunt: 6000 copies of one word searched every rule 6000 times (17 s)."""
    ref = engine("set-europe-ablaze")
    once = ref.search("check number")
    assert once
    assert ref.search(" ".join(["check", "number"] * 3000)) == once


def test_an_unnumbered_rule_by_title() -> None:
    answer = engine("maquis").look_up("Check Morale")
    assert [r.address for r in answer.rules] == ["check-morale"]


def test_abbreviations_match_with_their_own_capitals_only() -> None:
    ap = Term("AP", "Action Point", True, (), None)  # type: ignore[arg-type]
    check = Term("Check Number", "…", False, (), None)  # type: ignore[arg-type]
    text = "Spend 1 AP; the check Number, Check Number, ap, MAP-AP."
    spans = term_spans(text, [ap, check])
    assert [(s.term.term, s.start) for s in spans] == [
        ("AP", text.index("AP")),
        ("Check Number", text.index("Check Number")),
    ]


def test_ref_cli_prints_the_rule_and_its_citers() -> None:
    done = run_casebook("ref", "set-europe-ablaze", "8.6.9d")
    assert done.returncode == 0, done.stderr
    assert "8.6.9 Action Results Losses Special Rules › 8.6.9d" in done.stdout
    assert "cited by  6.3.10c, 8.6 Action Resolution Procedure" in done.stdout


def test_ref_cli_json_and_nothing_found() -> None:
    done = run_casebook("ref", "plan-vert", "zone", "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["search"] and all("zone" in h["snippet"].lower() for h in data["search"])
    missing = run_casebook("ref", "maquis", "no-such-thing-here")
    assert missing.returncode == 1
    assert "nothing in maquis matches 'no-such-thing-here'" in missing.stderr
    unknown = run_casebook("ref", "no-such-game", "1")
    assert unknown.returncode == 2 and "no game 'no-such-game'" in unknown.stderr


def test_an_untitled_item_reads_as_printed_not_as_its_internal_address() -> None:
    ref = engine("liberation")
    assert ref.heading("scenario-1-preparazione-A") == "A"
    assert ref.place("scenario-1-preparazione-A")[-2:] == ("Installazione:", "A")
    assert engine("set-europe-ablaze").heading("8.6.9d") == "8.6.9d"


# ------------------------------------------------------------------ cards
def mini_engine(game: Path = MINI_CASE) -> RulesReference:
    fe = front_end(game, ROOT, "living")
    assert fe.game is not None and fe.graphs is not None, [f.render() for f in fe.findings]
    return RulesReference(fe.game, fe.graphs)


@pytest.mark.parametrize("query", ["Ambush", "ambush", " AMBUSH ", "card-1", "CARD-1"])
def test_a_card_by_its_title_or_id(query: str) -> None:
    answer = mini_engine().look_up(query)
    (card,) = answer.cards
    assert not answer.rules and not answer.hits
    assert (card.card.id, card.card.title, card.deck.id) == ("card-1", "Ambush", "events")
    assert [(c.kind, c.target, c.status, c.heading) for c in card.cites] == [
        ("rule", "2.1.1", "resolved", "2.1.1")
    ]
    assert card.card.at.path.endswith("cards.yaml") and card.card.at.line == 9
    assert card.cited_by == ()


def test_a_rule_cited_by_a_card_says_so_apart_from_the_rules() -> None:
    rule = mini_engine().rule("2.1.1")
    assert rule is not None
    assert [a for a, _ in rule.cited_by] == ["1.1.1"]
    assert rule.cited_by_cards == (("card-1", "card card-1 (Ambush)"),)
    assert mini_engine().rule("1.1.1").cited_by_cards == ()  # type: ignore[union-attr]


def test_a_deck_is_cited_by_the_rules_citing_its_cards() -> None:
    (comp,) = mini_engine().look_up("deck").components
    assert [a for a, _ in comp.cited_by] == ["1.1.2"]  # "Card no. 3", an id the deck declares


def test_cards_citing_cards_and_accents_folded(tmp_path: Path) -> None:
    game = copy_mini_case(tmp_path)
    cards = game / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8")
        + "      - id: card-2\n"
        + "        title: Contre-attaque éclair\n"
        + "        fields: {turn: 2}\n"
        + "        text: Discard Card no. 1 and Card no. 3, then see Case 1.1.2 and Case 9.9.9.\n",
        encoding="utf-8",
    )
    ref = mini_engine(game)
    (card,) = ref.look_up("contre-attaque eclair").cards
    assert card.card.id == "card-2"
    assert [(c.target, c.status) for c in card.cites] == [
        ("card-1", "gap"),  # as for a rule: components.yaml says the deck's texts are missing
        ("card-3", "gap"),
        ("1.1.2", "resolved"),
        ("9.9.9", "unresolved"),
    ]
    (first,) = ref.look_up("card-1").cards
    assert first.cited_by_cards == (("card-2", "card card-2 (Contre-attaque éclair)"),)
    assert [c for c, _ in ref.rule("1.1.2").cited_by_cards] == ["card-2"]  # type: ignore[union-attr]
    (deck,) = ref.look_up("deck").components
    assert [c for c, _ in deck.cited_by_cards] == ["card-2"]


def test_ref_cli_shows_cards_and_card_citers(tmp_path: Path) -> None:
    rulesets = str(copy_mini_case(tmp_path).parent)
    done = run_casebook("ref", "mini-case", "Ambush", "--rulesets", rulesets)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Event cards › Ambush"
    assert "card card-1, deck events (component deck)" in done.stdout
    assert "Attack first this turn (Case 2.1.1)." in done.stdout
    assert "Turn      1" in done.stdout and "cites     2.1.1" in done.stdout
    rule = run_casebook("ref", "mini-case", "2.1.1", "--rulesets", rulesets)
    assert "cited by  1.1.1, card card-1 (Ambush)" in rule.stdout
    data = json.loads(
        run_casebook(
            "ref", "mini-case", "card-1", "--rulesets", rulesets, "--format", "json"
        ).stdout
    )
    (card,) = data["cards"]
    assert (card["id"], card["title"], card["deck"]) == ("card-1", "Ambush", "events")
    assert card["text"] == ["Attack first this turn (Case 2.1.1)."]
    assert card["fields"] == [{"label": "Turn", "value": "1"}]
    assert card["cites"] == [
        {"kind": "rule", "target": "2.1.1", "text": "2.1.1", "status": "resolved"}
    ]
    assert card["cited_by"] == [] and card["at"].endswith("cards.yaml:9:9")
    data = json.loads(
        run_casebook("ref", "mini-case", "2.1.1", "--rulesets", rulesets, "--format", "json").stdout
    )
    assert data["rules"][0]["cited_by"] == [{"address": "1.1.1", "heading": "1.1.1"}]
    assert data["rules"][0]["cited_by_cards"] == [
        {"id": "card-1", "heading": "card card-1 (Ambush)"}
    ]
    assert data["cards"] == []
    data = json.loads(
        run_casebook("ref", "mini-case", "deck", "--rulesets", rulesets, "--format", "json").stdout
    )
    assert data["components"][0]["cited_by"] == [{"address": "1.1.2", "heading": "1.1.2 Drawing"}]


# ------------------------------------------------------- words in card text
def add_cards(game: Path) -> None:
    """card-2: two paragraphs, a field its text does not say, a transcriber's note."""
    cards = game / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8")
        + "      - id: card-2\n"
        + "        title: Contre-attaque éclair\n"
        + "        fields: {turn: Dusk}\n"
        + "        text: |-\n"
        + "          Rally the routed squads.\n"
        + "\n"
        + "          Then ambush the patrol.\n"
        + "        missing: The card's artwork is not in the source.\n",
        encoding="utf-8",
    )


def test_a_rule_only_search_prints_as_it_always_did() -> None:
    """No card holds the words: the answer is the rule hits alone, byte for byte."""
    done = run_casebook("ref", "mini-case", "phases", "--rulesets", str(MINI_CASE.parent))
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "1 rule(s) hold every word of 'phases' (or a longer form of it):\n"
        "\n"
        "  1.0 PLAY › 1.1 Turns › 1.1.1\n"
        "      Each turn has two phases (Cases 1.1.2 and 2.1.1).\n"
    )
    data = json.loads(
        run_casebook(
            "ref", "mini-case", "phases", "--rulesets", str(MINI_CASE.parent), "--format", "json"
        ).stdout
    )
    assert data["search"] == [
        {
            "address": "1.1.1",
            "heading": "1.1.1",
            "snippet": "Each turn has two phases (Cases 1.1.2 and 2.1.1).",
        }
    ]


def test_words_find_a_card_by_its_text_after_the_rules(tmp_path: Path) -> None:
    rulesets = str(copy_mini_case(tmp_path).parent)
    done = run_casebook("ref", "mini-case", "attack", "turn", "--rulesets", rulesets)
    assert done.returncode == 0, done.stderr
    rules, cards = done.stdout.split("\n\n1 card(s)")
    assert rules.startswith("1 rule(s) hold every word of 'attack turn'")
    assert "2.0 COMBAT › 2.1 Attacks › 2.1.1" in rules and "Ambush" not in rules
    assert cards == (
        " hold every word of 'attack turn' (or a longer form of it):\n"
        "\n"
        "  Event cards › Ambush\n"
        "      card card-1, rulesets/mini-case/cards.yaml:9:9\n"
        "      Attack first this turn (Case 2.1.1).\n"
    )
    data = json.loads(
        run_casebook(
            "ref", "mini-case", "attack", "turn", "--rulesets", rulesets, "--format", "json"
        ).stdout
    )
    rule, card = data["search"]
    assert "kind" not in rule and rule["address"] == "2.1.1"
    assert card == {
        "kind": "card",
        "id": "card-1",
        "title": "Ambush",
        "heading": "card card-1 (Ambush)",
        "deck": "events",
        "deck_title": "Event cards",
        "at": "rulesets/mini-case/cards.yaml:9:9",
        "snippet": "Attack first this turn (Case 2.1.1).",
    }
    assert data["cards"] == []  # the card was searched for, not named


def test_a_card_alone_holding_the_words_is_found(tmp_path: Path) -> None:
    """Words only a card's text has: before, 'nothing matches' and exit 1."""
    game = copy_mini_case(tmp_path)
    add_cards(game)
    rulesets = str(game.parent)
    done = run_casebook("ref", "mini-case", "AMBUSH", "patrol", "--rulesets", rulesets)
    assert done.returncode == 0, done.stderr
    assert "rule(s)" not in done.stdout
    assert done.stdout.splitlines()[:5] == [
        "1 card(s) hold every word of 'AMBUSH patrol' (or a longer form of it):",
        "",
        "  Event cards › Contre-attaque éclair",
        "      card card-2, rulesets/mini-case/cards.yaml:13:9",
        "      Then ambush the patrol.",  # the paragraph holding the words, not the card's first
    ]


def test_card_titles_and_printed_fields_are_searched_not_labels_or_notes(tmp_path: Path) -> None:
    game = copy_mini_case(tmp_path)
    add_cards(game)
    ref = mini_engine(game)
    # a title word weighs most, as a rule title's does; accents are folded
    assert [h.card.id for h in ref.search_cards("eclair")] == ["card-2"]
    assert [h.card.id for h in ref.search_cards("ambush")] == ["card-1", "card-2"]
    (dusk,) = ref.search_cards("dusk")  # a field value the text does not say
    assert dusk.snippet == "Turn: Dusk"
    assert ref.search_cards("artwork") == ()  # `missing:` is the transcriber's, not the card's
    assert [h.card.id for h in ref.search_cards("turn")] == ["card-1"]  # its text, not the label
    assert ref.look_up("dusk").card_hits == (dusk,) and not ref.look_up("dusk").hits


def test_a_card_named_exactly_is_answered_not_searched() -> None:
    answer = mini_engine().look_up("Ambush")
    assert answer.cards and not answer.card_hits and not answer.hits


def test_real_games_cards_found_by_their_wording() -> None:
    # Italian medal cards: text holding both words, found in no rule
    hits = engine("liberation").search_cards("missioni ordine")
    assert hits and all(h.deck.id == "carte-medaglia" for h in hits)
    assert not engine("liberation").search("missioni ordine")
    # a field value: Silenced on the Welrod pistol, no card text in the source
    (welrod,) = engine("war-story-occupied-france").search_cards("silenced")
    assert (welrod.card.id, welrod.snippet) == ("welrod-pistol", "Silenced/Audible: Silenced")


def test_nothing_found_says_cards_were_searched_too() -> None:
    missing = run_casebook("ref", "plan-vert", "no-such-thing-here")
    assert missing.returncode == 1 and missing.stdout == ""
    assert "no rule or card holds all those words" in missing.stderr


def test_ref_prints_a_card_s_gap_note_as_ours_and_a_long_field_label_apart() -> None:
    """A card's gap note is Casebook's, tagged as a gap block of the rules is; and the
    field "Condizione" (ten letters) ran into its value: "CondizioneBloccare…"."""
    done = run_casebook("ref", "liberation", "medaglia-1-04")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "  [not in the source] l'illustrazione che accompagna la cifra «7»" in lines
    at = lines.index("Condizione")
    assert lines[at + 1].startswith(" " * 10 + "Bloccare almeno 7 carte RESISTENZA")
    data = json.loads(run_casebook("ref", "liberation", "medaglia-1-04", "--format", "json").stdout)
    assert data["cards"][0]["gap"] == "l'illustrazione che accompagna la cifra «7»"
