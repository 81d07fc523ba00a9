"""The living edition: errata applied, each change remembered."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.pipeline import front_end, living_from
from tests.conftest import ROOT

MINI = ROOT / "tests" / "rulesets" / "mini-case"


def _para(game, address: str):
    rule = next(r for r in game.all_rules() if r.address == address)
    return rule.body[0].paras[0]


def test_original_edition_is_verbatim() -> None:
    game = front_end(MINI, ROOT).game
    assert _para(game, "2.1.1").text == (
        "Attack once per turn, as the the Drawing rules allow (Case 1.1.3)."
    )
    assert _para(game, "2.1.1").changes == ()


def test_living_edition_applies_and_marks_each_change() -> None:
    game = front_end(MINI, ROOT, "living").game
    para = _para(game, "2.1.1")
    assert para.text == "Attack once per turn, as the Drawing rules allow (Case 1.1.2)."
    marked = [(para.text[c.start : c.end], c.erratum, c.old) for c in para.changes]
    assert marked == [("the", "E2", "the the"), ("(Case 1.1.2)", "E1", "(Case 1.1.3)")]
    # The corrected reference is found again and now resolves.
    assert [r.target for r in para.refs] == ["1.1.2"]


def test_erratum_whose_old_text_is_absent_is_a_located_error(tmp_path: Path) -> None:
    game_dir = tmp_path / "rulesets" / "mini-case"
    shutil.copytree(MINI, game_dir)
    path = game_dir / "errata.yaml"
    path.write_text(path.read_text().replace("old: the the", "old: thee thee"))
    fe = front_end(game_dir, tmp_path, "living")
    assert fe.game is None
    (finding,) = fe.findings
    assert finding.code == "ERRATA002"
    assert str(finding.location) == "rulesets/mini-case/errata.yaml:9:5"
    assert "'thee thee' is not in the text of 2.1.1" in finding.message


@pytest.mark.parametrize("rule", ["2.1.1", '"*"'])
def test_erratum_whose_old_text_is_only_whitespace(tmp_path: Path, rule: str) -> None:
    """Found by a probe: old: " " normalised to "", and with rule "*" the living
    edition replaced nothing at one place for ever (every verb hung)."""
    game_dir = tmp_path / "rulesets" / "mini-case"
    shutil.copytree(MINI, game_dir)
    path = game_dir / "errata.yaml"
    text = path.read_text().replace("rule: 2.1.1\n    old: the the", f'rule: {rule}\n    old: " "')
    assert 'old: " "' in text
    path.write_text(text)
    fe = front_end(game_dir, tmp_path, "living")
    assert fe.game is None
    (finding,) = fe.findings
    assert finding.code == "ERRATA002"
    assert "'old' is only whitespace" in finding.message
    assert finding.location.path == "rulesets/mini-case/errata.yaml"


def test_erratum_naming_an_unknown_rule(tmp_path: Path) -> None:
    game_dir = tmp_path / "rulesets" / "mini-case"
    shutil.copytree(MINI, game_dir)
    path = game_dir / "errata.yaml"
    path.write_text(
        path.read_text().replace("rule: 2.1.1\n    old: (Case", "rule: 2.1.9\n    old: (Case")
    )
    (finding,) = front_end(game_dir, tmp_path, "living").findings
    assert finding.code == "ERRATA001"
    assert "names rule '2.1.9'" in finding.message


def test_every_set_europe_ablaze_erratum_applies() -> None:
    fe = front_end(ROOT / "rulesets" / "set-europe-ablaze", ROOT, "living")
    assert fe.game is not None, [f.render() for f in fe.findings]
    applied = {
        c.erratum
        for r in fe.game.all_rules()
        for b in r.blocks()
        for p in b.paras
        for c in p.changes
    }
    assert applied == {e.id for e in fe.game.errata}
    assert len(applied) >= 20


def test_an_erratum_may_correct_a_title(tmp_path: Path) -> None:
    game_dir = tmp_path / "rulesets" / "mini-case"
    shutil.copytree(MINI, game_dir)
    path = game_dir / "errata.yaml"
    path.write_text(
        path.read_text() + "  - id: E3\n    rule: 1.1.2\n    field: title\n"
        "    old: Drawing\n    new: Drawing Cards\n    why: Fuller title.\n"
    )
    game = front_end(game_dir, tmp_path, "living").game
    rule = next(r for r in game.all_rules() if r.address == "1.1.2")
    assert (rule.title, rule.title_errata) == ("Drawing Cards", ("E3",))
    original = front_end(game_dir, tmp_path).game
    assert next(r for r in original.all_rules() if r.address == "1.1.2").title == "Drawing"


def _edges(front) -> list:
    graph = front.graphs.references.graph
    return sorted((u, v, sorted(d.items())) for u, v, d in graph.edges(data=True))


@pytest.mark.parametrize(
    "game_dir",
    [*sorted(p for p in (ROOT / "rulesets").iterdir() if p.is_dir()), MINI],
    ids=lambda p: p.name,
)
def test_the_living_edition_made_from_the_original_is_the_one_read_afresh(game_dir) -> None:
    original = front_end(game_dir, ROOT)
    assert original.game is not None, original.findings
    derived = living_from(original, game_dir, ROOT)
    direct = front_end(game_dir, ROOT, "living")
    assert derived.findings == direct.findings
    assert derived.game == direct.game
    assert derived.game is None or derived.game.edition == "living"
    assert derived.lines == direct.lines
    if direct.graphs is not None:
        assert _edges(derived) == _edges(direct)
        assert derived.graphs.references.resolved == direct.graphs.references.resolved
        assert derived.graphs.references.unresolved == direct.graphs.references.unresolved


@pytest.mark.parametrize(
    ("old", "living"),
    [
        ("once", "Attack per turn, as the Drawing rules allow (Case 1.1.2)."),  # a space kept
        ("Attack", "once per turn, as the Drawing rules allow (Case 1.1.2)."),  # at the start
        ("allow", "Attack once per turn, as the Drawing rules (Case 1.1.2)."),
    ],
)
def test_a_deletion_leaves_one_space_between_the_words_round_it(
    tmp_path: Path, old: str, living: str
) -> None:
    """Found by a probe: deleting a word left two spaces in the living text, and the
    author could not take one out (old is read trimmed)."""
    game_dir = tmp_path / "rulesets" / "mini-case"
    shutil.copytree(MINI, game_dir)
    path = game_dir / "errata.yaml"
    path.write_text(
        path.read_text()
        + f"  - id: E3\n    rule: 2.1.1\n    old: {old}\n    new: ''\n    why: Not in the rule.\n"
    )
    fe = front_end(game_dir, tmp_path, "living")
    assert fe.game is not None, [f.render() for f in fe.findings]
    para = _para(fe.game, "2.1.1")
    assert para.text == living
    (deleted,) = [c for c in para.changes if c.erratum == "E3"]
    assert deleted.start == deleted.end and deleted.old == old  # marked where it stood
