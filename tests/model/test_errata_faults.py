"""Errata the living edition must refuse, report or place exactly: a title
changed everywhere, `occurrence` with rule "*", an `old` that occurs more than
once, a rule left with no text, and errata that overlap."""

from __future__ import annotations

import itertools
from pathlib import Path

from compiler.diagnostics import Severity
from compiler.pipeline import front_end
from tests.conftest import copy_mini_case, living

HEAD = "# yaml-language-server: $schema=../../../schema/errata.schema.json\nerrata:\n"


def _errata(tmp_path: Path, text: str, *, keep: bool = True) -> Path:
    """mini-case with ``text`` appended to its errata (E1, E2), or instead of them."""
    game_dir = copy_mini_case(tmp_path)
    path = game_dir / "errata.yaml"
    path.write_text((path.read_text() if keep else HEAD) + text)
    return game_dir


def _rule(game, address: str):
    return next(r for r in game.all_rules() if r.address == address)


def test_a_title_erratum_for_every_rule_changes_titles_not_text(tmp_path: Path) -> None:
    game_dir = _errata(
        tmp_path,
        '  - id: E3\n    rule: "*"\n    field: title\n    old: Drawing\n    new: Dealing\n'
        "    why: Renamed.\n",
    )
    fe = front_end(game_dir, tmp_path, "living")
    assert fe.findings == ()
    drawing = _rule(fe.game, "1.1.2")
    assert (drawing.title, drawing.title_errata) == ("Dealing", ("E3",))
    para = _rule(fe.game, "2.1.1").body[0].paras[0]
    assert para.text == "Attack once per turn, as the Drawing rules allow (Case 1.1.2)."
    assert {c.erratum for c in para.changes} == {"E1", "E2"}


def test_a_title_erratum_for_every_rule_that_no_title_holds(tmp_path: Path) -> None:
    game_dir = _errata(
        tmp_path,
        '  - id: E3\n    rule: "*"\n    field: title\n    old: Attack once\n    new: x\n'
        "    why: In the text, not a title.\n",
    )
    fe = front_end(game_dir, tmp_path, "living")
    assert fe.game is None
    (finding,) = fe.findings
    assert finding.code == "ERRATA002"
    assert str(finding.location) == "rulesets/mini-case/errata.yaml:14:5"
    assert finding.message == "erratum E3: 'Attack once' is not in the title of any rule"


def test_occurrence_with_rule_star_is_refused(tmp_path: Path) -> None:
    game_dir = _errata(
        tmp_path,
        '  - id: E3\n    rule: "*"\n    occurrence: 2\n    old: Case\n    new: Rule\n    why: x.\n',
    )
    fe = front_end(game_dir, tmp_path, "living")
    assert fe.game is None
    (finding,) = fe.findings
    assert (finding.code, finding.severity) == ("ERRATA004", Severity.ERROR)
    assert str(finding.location) == "rulesets/mini-case/errata.yaml:14:5"
    assert finding.message == (
        "erratum E3: rule \"*\" changes every occurrence of 'Case' in every rule, "
        "so 'occurrence: 2' cannot apply"
    )
    assert "name its rule in 'rule'" in finding.suggestion


def test_old_text_occurring_twice_without_occurrence_is_refused(tmp_path: Path) -> None:
    game_dir = _errata(
        tmp_path,
        "  - id: E3\n    rule: 2.1.1\n    old: the\n    new: a\n    why: x.\n",
        keep=False,
    )
    fe = front_end(game_dir, tmp_path, "living")
    assert fe.game is None
    (finding,) = fe.findings
    assert (finding.code, finding.severity) == ("ERRATA003", Severity.ERROR)
    assert str(finding.location) == "rulesets/mini-case/errata.yaml:3:5"
    assert finding.message == (
        "erratum E3: 'the' occurs 2 times in the text of 2.1.1, "
        "and the erratum does not say which to change"
    )
    assert "set 'occurrence: N' (1 to 2" in finding.suggestion
    assert "make 'old' longer" in finding.suggestion


def test_occurrence_picks_the_one_meant(tmp_path: Path) -> None:
    game_dir = _errata(
        tmp_path,
        "  - id: E3\n    rule: 2.1.1\n    old: the\n    new: a\n    occurrence: 2\n    why: x.\n",
        keep=False,
    )
    game = front_end(game_dir, tmp_path, "living").game
    para = _rule(game, "2.1.1").body[0].paras[0]
    assert para.text == "Attack once per turn, as the a Drawing rules allow (Case 1.1.3)."


def test_a_title_erratum_counts_occurrences_too(tmp_path: Path) -> None:
    entry = "  - id: E3\n    rule: '2.1'\n    field: title\n    old: t\n    new: T\n    why: x.\n"
    fe = front_end(_errata(tmp_path / "a", entry), tmp_path / "a", "living")
    (finding,) = fe.findings
    assert finding.code == "ERRATA003"
    assert str(finding.location) == "rulesets/mini-case/errata.yaml:14:5"
    assert finding.message.startswith("erratum E3: 't' occurs 2 times in the title of 2.1,")
    game_dir = _errata(tmp_path / "b", entry + "    occurrence: 2\n")
    game = front_end(game_dir, tmp_path / "b", "living").game
    assert _rule(game, "2.1").title == "AtTacks"


def test_an_erratum_deleting_all_of_a_rules_text_is_a_warning(tmp_path: Path) -> None:
    game_dir = _errata(
        tmp_path,
        "  - id: E3\n    rule: 1.1.1\n"
        "    old: Each turn has two phases (Cases 1.1.2 and 2.1.1).\n"
        '    new: ""\n    why: Withdrawn.\n',
    )
    fe = front_end(game_dir, tmp_path, "living")
    assert fe.game is not None  # the build goes on
    (finding,) = fe.findings
    assert (finding.code, finding.severity) == ("ERRATA005", Severity.WARNING)
    assert str(finding.location) == "rulesets/mini-case/errata.yaml:14:5"
    assert finding.message == (
        "erratum E3 deletes all the text of rule 1.1.1: the living edition prints "
        "1.1.1 with no text, only the mark [E3]"
    )
    assert "say so in 'new' (e.g. \"Deleted.\")" in finding.suggestion
    # the deletion keeps its place, so the back ends can mark it
    (para,) = _rule(fe.game, "1.1.1").body[0].paras
    assert (para.text, [(c.start, c.end, c.erratum) for c in para.changes]) == ("", [(0, 0, "E3")])


def test_deleting_part_of_a_rule_or_its_whole_title(tmp_path: Path) -> None:
    part = "  - id: E3\n    rule: 2.1.1\n    old: 'once '\n    new: ''\n    why: x.\n"
    fe = front_end(_errata(tmp_path / "a", part), tmp_path / "a", "living")
    assert fe.findings == ()
    title = "  - id: E3\n    rule: 1.1.2\n    field: title\n    old: Drawing\n    new: ''\n"
    fe = front_end(_errata(tmp_path / "b", title + "    why: x.\n"), tmp_path / "b", "living")
    (finding,) = fe.findings
    assert (finding.code, finding.severity) == ("ERRATA005", Severity.WARNING)
    assert str(finding.location) == "rulesets/mini-case/errata.yaml:14:5"
    assert finding.message == (
        "erratum E3 deletes the whole title of rule 1.1.2 ('Drawing'): "
        "the living edition prints no title and no mark"
    )


def _writers(para) -> list[tuple[str, str]]:
    """Each run of changed text with the erratum that wrote it: the last change covering it."""
    cuts = sorted({0, len(para.text), *(x for c in para.changes for x in (c.start, c.end))})
    out = []
    for a, b in itertools.pairwise(cuts):
        covering = [c for c in para.changes if c.start <= a and b <= c.end]
        if covering:
            out.append((para.text[a:b], covering[-1].erratum))
    return out


def test_overlapping_errata_nest_and_the_last_covering_change_wrote_the_text(
    tmp_path: Path,
) -> None:
    game_dir = _errata(
        tmp_path,
        "  - id: E1\n    rule: 2.1.1\n    old: once per turn\n    new: twice per turn\n"
        "    why: x.\n  - id: E2\n    rule: 2.1.1\n    old: per turn, as\n"
        "    new: per round, as\n    why: y.\n",
        keep=False,
    )
    para = _rule(front_end(game_dir, tmp_path, "living").game, "2.1.1").body[0].paras[0]
    assert para.text.startswith("Attack twice per round, as the the")
    assert [(para.text[c.start : c.end], c.erratum) for c in para.changes] == [
        ("twice per round, as", "E1"),
        ("per round, as", "E2"),
    ]
    assert _writers(para) == [("twice ", "E1"), ("per round, as", "E2")]


def test_a_name_made_consistent_inside_a_corrected_sentence_is_its_own_change() -> None:
    para = _rule(living("set-europe-ablaze").game, "7.5.4").body[0].paras[0]
    writers = dict(_writers(para))
    assert writers["Game Turn"] == "E040"
    assert writers["during the Turn End Phase of the "] == "E017"


def test_plain_lint_shows_what_applying_the_errata_found(tmp_path: Path) -> None:
    """`casebook lint` lints the original edition by default; a warning raised while
    making the living one (ERRATA005) was shown only by `lint --edition living`."""
    from compiler.lint import lint_game

    game_dir = _errata(
        tmp_path,
        "  - id: E3\n    rule: 1.1.1\n"
        "    old: Each turn has two phases (Cases 1.1.2 and 2.1.1).\n"
        '    new: ""\n    why: Withdrawn.\n',
    )
    findings, ok = lint_game(game_dir, tmp_path)
    assert ok
    assert [f.code for f in findings if f.code.startswith("ERRATA")] == ["ERRATA005"]


def test_an_erratum_naming_the_section_points_to_the_case_that_holds_its_text(
    tmp_path: Path,
) -> None:
    """Found by the newcomer review: 'copy old exactly' when it was exact, in a case."""
    game_dir = _errata(
        tmp_path,
        "  - id: E3\n    rule: '2.1'\n    old: Attack once per turn\n"
        "    new: Attack twice per turn\n    why: x.\n",
    )
    fe = front_end(game_dir, tmp_path, "living")
    (finding,) = [f for f in fe.findings if f.code == "ERRATA002"]
    assert finding.suggestion == (
        "'Attack once per turn' is in the text of 2.1.1: set 'rule' to that address "
        '(rule: "2.1.1")'
    )
