"""`casebook lint` and `casebook explain` as an editor and a CI job use them."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, copy_mini_case, run_casebook

FIXTURES = ROOT / "tests" / "checks" / "fixtures"


@pytest.fixture
def rulesets(tmp_path: Path) -> Path:
    """Two tiny games: one with a dangling reference (error), one with a name variant."""
    root = tmp_path / "rulesets"
    for name in ("XREF001", "NAME001"):
        shutil.copytree(FIXTURES / name, root / name.lower())
        shutil.copy(FIXTURES / "_base" / "game.yaml", root / name.lower() / "game.yaml")
    return root


def lint(rulesets: Path, *args: str):
    return run_casebook("lint", "--rulesets", str(rulesets), *args, cwd=rulesets.parent)


def test_text_output_and_exit_1_on_errors(rulesets: Path) -> None:
    result = lint(rulesets)
    assert result.returncode == 1
    assert (
        "rulesets/xref001/rules/01.yaml:14:43: error: XREF001 'Case 1.1.9' points to Case 1.1.9, "
        "which does not exist in fixture"
    ) in result.stdout
    assert (
        "rulesets/name001/rules/01.yaml:9:32: warning: NAME001 'Combat Result Table'"
        in result.stdout
    )
    assert "help: write 'Combat Results Table'" in result.stdout
    heads = [line for line in result.stdout.splitlines() if not line.startswith(" ")][:-1]
    errors = sum(": error: " in line for line in heads)
    warnings = sum(": warning: " in line for line in heads)
    assert (errors, warnings) == (3, 1) and len(heads) == 4
    # xref001's card A3 cites card A4, whose text the source lacks: a gap, counted not listed
    assert result.stdout.endswith(
        "Found 4 findings (3 errors, 1 warning). Not listed: 1 gap (content the source lacks) "
        "(--show-all lists them).\n"
    )


def test_warnings_alone_exit_0(rulesets: Path) -> None:
    result = lint(rulesets, "name001")
    assert result.returncode == 0
    assert "NAME001" in result.stdout


def test_select_and_ignore(rulesets: Path) -> None:
    only_names = lint(rulesets, "--select", "NAME")
    assert only_names.returncode == 0 and "XREF001" not in only_names.stdout
    no_xref = lint(rulesets, "--ignore", "XREF001")
    assert no_xref.returncode == 0 and "XREF001" not in no_xref.stdout


@pytest.mark.parametrize(
    ("option", "says"),
    [
        ("--select=JUNK", "--select: no check has the code or prefix 'JUNK'; the checks: CARD,"),
        ("--ignore=XREF001,NAEM", "--ignore: no check has the code or prefix 'NAEM'"),
        ("--select=LOAD004", "LOAD004 is not a lint check: loading and model errors are always"),
    ],
)
def test_a_select_or_ignore_naming_no_check_is_a_usage_error(
    rulesets: Path, option: str, says: str
) -> None:
    """Found by the hunt: `--select JUNK` checked nothing and passed with exit 0."""
    result = lint(rulesets, option)
    assert result.returncode == 2
    assert says in result.stderr
    assert result.stdout == ""


def test_select_takes_codes_in_any_case(rulesets: Path) -> None:
    assert lint(rulesets, "--select", "xref001").returncode == 1


def test_noqa_comment_suppresses_on_its_line(rulesets: Path) -> None:
    for path in (rulesets / "xref001" / "rules" / "01.yaml", rulesets / "xref001" / "cards.yaml"):
        path.write_text(
            path.read_text().replace(
                "# expect: XREF001", "# noqa: XREF001 (printed so in the source)"
            )
        )
    result = lint(rulesets, "xref001")
    assert result.returncode == 0
    assert "3 fixed by errata or suppressed" in result.stdout  # a rule's and two cards'
    shown = lint(rulesets, "xref001", "--format", "json")
    rows = [r for r in json.loads(shown.stdout) if r["code"] == "XREF001"]
    assert [r["status"] for r in rows] == ["suppressed"] * 3


def test_lint_ignore_in_game_yaml(rulesets: Path) -> None:
    game = rulesets / "name001" / "game.yaml"
    game.write_text(
        game.read_text() + "lint:\n  ignore:\n    - code: NAME001\n"
        "      target: Combat Result Table\n      reason: as printed\n"
    )
    result = lint(rulesets, "name001", "--format", "json")
    assert {r["status"] for r in json.loads(result.stdout)} == {"suppressed"}


def test_json_and_sarif_formats(rulesets: Path) -> None:
    rows = json.loads(lint(rulesets, "--format", "json").stdout)
    assert {r["game"] for r in rows} == {"xref001", "name001"}
    sarif = json.loads(lint(rulesets, "--format", "sarif").stdout)
    assert sarif["version"] == "2.1.0"
    # XREF003: xref001's card A3 cites card A4, whose text the source lacks (a gap, info)
    assert {r["ruleId"] for r in sarif["runs"][0]["results"]} == {"XREF001", "XREF003", "NAME001"}


def test_github_format(rulesets: Path) -> None:
    out = lint(rulesets, "--format", "github").stdout
    assert out.startswith("::") and "title=NAME001" in out


def test_input_errors_exit_2(rulesets: Path) -> None:
    path = rulesets / "xref001" / "rules" / "01.yaml"
    path.write_text(path.read_text().replace("    title: PLAY", "    title: PLAY: BAD"))
    result = lint(rulesets, "xref001")
    assert result.returncode == 2
    assert "LOAD001" in result.stderr
    assert lint(rulesets, "no-such-game").returncode == 2


def test_explain_prints_the_check_docs() -> None:
    result = run_casebook("explain", "XREF002")
    assert result.returncode == 0
    assert result.stdout.startswith("XREF002 (mistargeted-reference), severity error")
    assert "## Why it matters" in result.stdout
    assert run_casebook("explain", "NOPE999").returncode == 2


def test_explain_prints_a_page_for_a_code_no_check_owns() -> None:
    result = run_casebook("explain", "load013")
    assert result.returncode == 0
    assert result.stdout.startswith("LOAD013 (number-out-of-range), severity error, from the load")
    assert "2^53" in result.stdout
    unknown = run_casebook("explain", "LOAD099")
    assert unknown.returncode == 2
    assert "did you mean LOAD001" in unknown.stderr


def test_every_code_the_compiler_emits_has_a_page_and_every_page_a_code() -> None:
    """A new code needs an entry in compiler/codes.py; a retired one loses it."""
    from compiler import codes
    from compiler.checks import BY_CODE

    emitted = set()
    for path in (ROOT / "compiler").rglob("*.py"):
        if path.name == "codes.py":
            continue
        lines = path.read_text("utf-8").splitlines()
        code_lines = "\n".join(x for x in lines if not x.lstrip().startswith("#"))
        emitted |= set(re.findall(r'"((?:[A-Z]+|L10N)[0-9]{3})"', code_lines))
    assert emitted - set(BY_CODE) == set(codes.BY_CODE)
    assert not set(BY_CODE) & set(codes.BY_CODE)
    assert [c.code for c in codes.CODES] == sorted(codes.BY_CODE)


def test_docs_page_is_generated_from_the_checks() -> None:
    page = (ROOT / "docs" / "checks.md").read_text(encoding="utf-8")
    assert page == run_casebook("explain", "--all").stdout


def test_project_rulesets_lint_clean_in_the_living_edition() -> None:
    result = run_casebook("lint", "--edition", "living")
    assert result.returncode == 0, result.stdout
    assert result.stdout.startswith("Found 0 findings.")


def test_unchanged_games_come_from_the_result_cache_and_a_change_is_linted_again(
    rulesets: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    first = lint(rulesets)
    entries = sorted((cache / "casebook" / "lint").glob("*.pickle"))
    assert len(entries) == 2  # one per game
    again = lint(rulesets)
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout)
    assert sorted((cache / "casebook" / "lint").glob("*.pickle")) == entries  # hits, no new key
    # a damaged entry is linted again, never trusted or crashed on
    for entry in entries:
        entry.write_bytes(b"not a pickle")
    damaged = lint(rulesets)
    assert (damaged.returncode, damaged.stdout) == (first.returncode, first.stdout)
    # an edit is a new key: fixing the dangling reference takes the error away
    rules = rulesets / "xref001" / "rules" / "01.yaml"
    rules.write_text(rules.read_text().replace("Case 1.1.9", "Case 1.1.1"))
    fixed = lint(rulesets)
    assert "XREF001 'Case 1.1.9'" not in fixed.stdout and "XREF001" in first.stdout
    assert len(list((cache / "casebook" / "lint").glob("*.pickle"))) == 3
    # --no-cache lints afresh and says the same
    fresh = lint(rulesets, "--no-cache")
    assert (fresh.returncode, fresh.stdout) == (fixed.returncode, fixed.stdout)


def test_a_copy_of_a_game_is_not_shown_the_originals_cached_findings(
    rulesets: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a probe: the key held the files' contents but not the game's folder, so
    a copy of a game, same files, was shown the original's paths, and a help naming the
    original's folder (L10N014's update command) rewrote the original's catalog."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    shutil.copytree(rulesets / "xref001", rulesets / "xref001-copy")
    first = lint(rulesets, "xref001")
    copy = lint(rulesets, "xref001-copy")
    assert "rulesets/xref001/rules/01.yaml:14:43: error: XREF001" in first.stdout
    assert "rulesets/xref001-copy/rules/01.yaml:14:43: error: XREF001" in copy.stdout
    assert "rulesets/xref001/" not in copy.stdout
    assert copy.stdout == lint(rulesets, "xref001-copy", "--no-cache").stdout


@pytest.mark.parametrize("fmt", ["json", "sarif", "github"])
def test_machine_formats_carry_the_errors_that_stop_a_game(fmt: str, tmp_path: Path) -> None:
    """Found by the review: a game that could not be read gave an empty SARIF (a clean
    scan in CI) while its SCHEMA001 went only to stderr."""
    game = copy_mini_case(tmp_path)
    (game / "tables.yaml").write_text("tables: [\n", encoding="utf-8")
    result = run_casebook("lint", "--format", fmt, "--rulesets", str(game.parent))
    assert result.returncode == 2
    assert "LOAD001" in result.stdout


def test_lint_names_files_from_the_working_folder_when_the_rulesets_are_in_it(
    tmp_path: Path,
) -> None:
    """Found by the review: from inside the rulesets folder (or with --rulesets
    content/games) annotations named `rulesets/...`, a path GitHub could not open."""
    game = copy_mini_case(tmp_path)
    inside = run_casebook("lint", "--rulesets", ".", "--format", "github", cwd=game.parent)
    assert "file=mini-case/rules/01-play.yaml," in inside.stdout
    deeper = run_casebook("lint", "--rulesets", "rulesets", "--format", "github", cwd=tmp_path)
    assert "file=rulesets/mini-case/rules/01-play.yaml," in deeper.stdout
