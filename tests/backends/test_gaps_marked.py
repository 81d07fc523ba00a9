"""A picture the source lacks is marked where the book shows it, in every output.

Liberation's Jeanne "removes a V-MANN marker con un risultato o ." — two die-face
icons stood after "risultato" and "o". The books printed the sentence as it is,
with no word that anything was missing; a `gap` block after it now says what the
printed book shows there, headed "Not in the source:" in the book's language, in
Casebook's own (grey, sans) type, so nobody takes it for the publisher's words.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import polib
import pytest
from pypdf import PdfReader

from compiler.backends import aids, html, rulebook
from compiler.pipeline import front_end
from tests.conftest import ROOT, RULESETS, copy_mini_case, run_casebook

GAP_BLOCK = """              - kind: gap
                text: the diagram of the draw, with its arrow
"""


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def mini(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """mini-case with a gap after Case 1.1.1's paragraph, and that module in the aids."""
    root = tmp_path_factory.mktemp("gaps")
    game = copy_mini_case(root)
    rules = game / "rules" / "01-play.yaml"
    text = rules.read_text(encoding="utf-8")
    said = "              - Each turn has two phases (Cases 1.1.2 and 2.1.1).\n"
    assert said in text
    rules.write_text(text.replace(said, said + GAP_BLOCK), encoding="utf-8")
    game_yaml = game / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8") + 'player_aids:\n  sequence: ["1.0"]\n',
        encoding="utf-8",
    )
    return game


def _mini_front_end(mini: Path):
    fe = front_end(mini, mini.parent.parent, "living")
    assert fe.game is not None and fe.graphs is not None, [f.render() for f in fe.findings]
    return fe


def test_the_rulebook_prints_the_gap_marked_after_its_paragraph(mini: Path) -> None:
    fe = _mini_front_end(mini)
    text = _flat(
        "".join(
            p.extract_text()
            for p in PdfReader(io.BytesIO(rulebook.render(fe.game, fe.graphs, "a4"))).pages
        )
    )
    said = "[Not in the source: the diagram of the draw, with its arrow]"
    assert said in text
    assert text.index("Each turn has two phases") < text.index(said) < text.index("Drawing")


def test_the_gap_is_set_in_casebooks_own_type_not_the_rule_texts(mini: Path) -> None:
    """Sans and grey, as the book's other words of ours; the rule text is serif."""
    import pdfplumber

    fe = _mini_front_end(mini)
    data = rulebook.render(fe.game, fe.graphs, "a4")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        chars = [c for page in pdf.pages for c in page.chars]
    text = "".join(c["text"] for c in chars)
    gap = text.index("diagram of the draw")
    rule = text.index("Each turn has two phases")
    assert "Sans" in chars[gap]["fontname"] and "Serif" in chars[rule]["fontname"]
    assert chars[gap]["non_stroking_color"] != chars[rule]["non_stroking_color"]


def test_the_aid_prints_the_gap_marked(mini: Path) -> None:
    fe = _mini_front_end(mini)
    reader = PdfReader(io.BytesIO(aids.render(fe.game, "a4")))
    text = _flat("".join(p.extract_text() for p in reader.pages))
    assert "[Not in the source: the diagram of the draw, with its arrow]" in text


def test_html_text_json_and_ref_mark_the_gap(mini: Path) -> None:
    fe = _mini_front_end(mini)
    page = html.render(fe.game, fe.graphs, "living").decode("utf-8")
    box = re.search(r'<div class="box gap"[^>]*>\s*<p>(.*?)</p>', page, re.S)
    assert box is not None
    assert '<b class="run-in">Not in the source:</b> the diagram of the draw' in box.group(1)
    where = ("--rulesets", str(mini.parent))
    exported = run_casebook("export", "mini-case", "--format", "text", *where)
    assert exported.returncode == 0, exported.stderr
    assert "[Not in the source: the diagram of the draw, with its arrow]" in exported.stdout
    as_json = run_casebook("export", "mini-case", "--format", "json", *where)
    assert as_json.returncode == 0, as_json.stderr
    doc = json.loads(as_json.stdout)
    case = doc["rules"][0]["children"][0]["children"][0]
    assert case["body"][1] == {
        "kind": "gap",
        "text": ["the diagram of the draw, with its arrow"],
    }
    ref = run_casebook("ref", "mini-case", "1.1.1", *where)
    assert ref.returncode == 0, ref.stderr
    assert "[not in the source] the diagram of the draw" in ref.stdout


def test_the_catalog_tells_the_translator_the_gap_is_casebooks_note(
    mini: Path, tmp_path: Path
) -> None:
    pot = tmp_path / "mini-case.pot"
    result = run_casebook(
        "l10n", "extract", "mini-case", "--rulesets", str(mini.parent), "-o", str(pot)
    )
    assert result.returncode == 0, result.stderr
    entry = next(e for e in polib.pofile(str(pot)) if e.msgid.startswith("the diagram"))
    assert "Casebook's note, not the publisher's text" in entry.comment
    rule_text = next(e for e in polib.pofile(str(pot)) if e.msgid.startswith("Each turn"))
    assert "Casebook's note" not in rule_text.comment


def test_a_gap_without_its_words_is_refused_where_it_is_written(tmp_path: Path) -> None:
    game = copy_mini_case(tmp_path)
    rules = game / "rules" / "01-play.yaml"
    text = rules.read_text(encoding="utf-8")
    said = "              - Each turn has two phases (Cases 1.1.2 and 2.1.1).\n"
    rules.write_text(text.replace(said, said + "              - kind: gap\n"), encoding="utf-8")
    result = run_casebook("lint", "mini-case", "--rulesets", str(game.parent))
    assert result.returncode == 2
    assert "rules/01-play.yaml:17:" in result.stdout + result.stderr
    # the gap's own fault, not "block of kind gap is not valid here"
    assert "missing required key 'text'" in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "it",
            "[Non presente nella fonte: le icone di due facce del dado rosso, dopo "
            "«risultato» e dopo «o»]",
        ),
        (
            "en",
            "[Not in the source: the icons of two faces of the red die, after «of» and after «or»]",
        ),
    ],
)
def test_liberations_lost_die_faces_are_marked_in_both_books(language: str, said: str) -> None:
    """The Italian book in Italian, the English translation in English (from en.po)."""
    fe = front_end(RULESETS / "liberation", ROOT, "living", lang=None if language == "it" else "en")
    assert fe.game is not None and fe.graphs is not None
    reader = PdfReader(io.BytesIO(rulebook.render(fe.game, fe.graphs, "a4")))
    text = _flat("".join(p.extract_text() for p in reader.pages))
    jeanne = "V-MANN con un risultato o ." if language == "it" else "with a result of or ."
    assert said in text
    assert text.index(jeanne) < text.index(said) < text.index(jeanne) + len(jeanne) + 5


def test_a_word_search_shows_a_gap_note_bracketed_not_run_into_the_text(mini: Path) -> None:
    """Found by a review: a snippet ran Casebook's note into the source's words."""
    found = run_casebook("ref", "mini-case", "diagram", "--rulesets", str(mini.parent))
    assert found.returncode == 0, found.stderr
    said = " ".join(found.stdout.split())
    assert "[not in the source: the diagram of the draw, with its arrow]" in said


def test_a_reference_in_a_gap_note_is_no_citation_and_no_erratum_touches_it(
    tmp_path: Path,
) -> None:
    """Found by a review: "(Section 2.1)" in a gap note was a citation the publisher
    never made (ref's "cited by"), a bad one got lint's advice to correct it by erratum,
    and an erratum could rewrite the note. The note is ours: edited where it is written."""
    game = copy_mini_case(tmp_path)
    rules = game / "rules" / "01-play.yaml"
    said = "              - Each turn has two phases (Cases 1.1.2 and 2.1.1).\n"
    gap = "              - kind: gap\n                text: the diagram of Section 2.1\n"
    rules.write_text(rules.read_text(encoding="utf-8").replace(said, said + gap))
    fe = front_end(game, tmp_path, "living")
    assert fe.game is not None and fe.graphs is not None, [f.render() for f in fe.findings]
    assert "1.1.1" not in fe.graphs.references.cited_by("2.1")
    errata = game / "errata.yaml"
    errata.write_text(
        errata.read_text(encoding="utf-8")
        + "  - id: E9\n    rule: 1.1.1\n    old: diagram\n    new: picture\n    why: Ours.\n"
    )
    fe = front_end(game, tmp_path, "living")
    (finding,) = [f for f in fe.findings if f.code == "ERRATA002"]
    assert "'diagram' is in a gap note of 1.1.1, Casebook's own words" in finding.message


def test_a_gap_notes_last_word_stays_with_its_bracket() -> None:
    """Found by a review: "[… with the callouts ① to" / "⑤]", the mark alone on a line."""
    from compiler.backends.pdf.markup import gap_markup

    assert gap_markup("en", "the callouts ① to ⑤").endswith("to&nbsp;⑤]")
    linked = 'see <a href="#x">Case 1</a>'
    assert gap_markup("en", linked).endswith(f"{linked}]")  # never inside a tag


def test_a_gap_under_a_lettered_item_is_indented_as_the_items_text(tmp_path: Path) -> None:
    """Found by a review: under an item, the gap stood at the column's edge while the
    item's own paragraphs are indented."""
    import pdfplumber

    game = copy_mini_case(tmp_path)
    rules = game / "rules" / "01-play.yaml"
    said = "                  - Draw from the top.\n"
    gap = "                  - kind: gap\n                    text: the deck's picture\n"
    more = "                  - Then deal.\n"
    rules.write_text(rules.read_text(encoding="utf-8").replace(said, said + gap + more))
    fe = front_end(game, tmp_path, "living")
    assert fe.game is not None and fe.graphs is not None
    with pdfplumber.open(io.BytesIO(rulebook.render(fe.game, fe.graphs, "a4"))) as pdf:
        words = [w for p in pdf.pages for w in p.extract_words()]
    then = next(w for w in words if w["text"] == "Then")  # the item's second paragraph
    mark = next(w for w in words if w["text"] == "[Not")
    assert abs(mark["x0"] - then["x0"]) < 1
