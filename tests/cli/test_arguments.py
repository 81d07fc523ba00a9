"""Command-line arguments no user should have to guess about (found by a probe of every
verb's arguments): each refused in one short line naming it, with exit status 2."""

from __future__ import annotations

import os

import pytest

from tests.conftest import run_casebook

LONG = "a" * 300


@pytest.mark.parametrize(
    "args",
    [
        ("lint", "liberation", "--lang", f"it-{LONG}"),
        ("l10n", "status", "liberation", f"fr-{LONG}"),
        ("l10n", "update", "liberation", f"fr-{LONG}"),
        ("l10n", "update", "liberation", "fr-abcdefghi"),  # a part of nine letters
    ],
)
def test_a_language_tag_no_file_system_could_name_is_refused(args: tuple[str, ...]) -> None:
    """A 300-letter tag named a catalog file no file system can hold: lint --lang and l10n
    status and update ended as an internal error (ENAMETOOLONG)."""
    result = run_casebook(*args)
    assert result.returncode == 2
    assert "is not a language tag" in result.stderr and "at most 8 letters" in result.stderr
    assert "internal error" not in result.stderr
    assert LONG not in result.stderr  # the tag shortened, not echoed whole


@pytest.mark.parametrize(
    "args",
    [
        ("lint", "maquis", "--select", "X" * 100_000),
        ("explain", "X" * 100_000),
        ("table", "plan-vert", "a" * 100_000),
    ],
)
def test_a_huge_argument_is_shortened_in_the_message(args: tuple[str, ...]) -> None:
    result = run_casebook(*args)
    assert result.returncode == 2
    assert 0 < len(result.stderr) < 600


def test_explain_of_a_bare_number_suggests_no_code() -> None:
    """ "0" left no letters to match, which every code starts with: all were offered."""
    result = run_casebook("explain", "0")
    assert result.returncode == 2
    assert "did you mean" not in result.stderr


@pytest.mark.parametrize("key", ["VIP\u00a0train", "VIP\ntrain", "VIP \u200btrain", " vip train "])
def test_a_key_is_found_however_its_spaces_are_typed(key: str) -> None:
    result = run_casebook("table", "plan-vert", "german-items", key)
    assert result.returncode == 0, result.stderr
    assert "VIP train" in result.stdout


@pytest.mark.parametrize("empty", ["", "  ", "\u200b"])
def test_an_empty_table_name_is_refused_not_taken_as_none(empty: str) -> None:
    """Found by a probe: `casebook table plan-vert ""` listed the tables, exit 0, as if
    TABLE were left out; a script passing an unset variable was told all was well."""
    result = run_casebook("table", "plan-vert", empty)
    assert result.returncode == 2
    assert "TABLE is empty; name a table, or leave it out to list them" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "name",
    [
        " german-items",
        "german-items\t",
        "  German Items  ",
        # found by a probe: what a paste brings, or a no-break space typed in a name
        "German\u00a0items",
        "German  items",
        "german-items\u200b",
        "\ufeffgerman-items",
    ],
)
def test_a_table_name_is_found_with_the_spaces_around_it(name: str) -> None:
    """Left by a probe: a name pasted with a space around it was "no table" (exit 2)."""
    result = run_casebook("table", "plan-vert", name)
    assert result.returncode == 0, result.stderr
    assert result.stdout == run_casebook("table", "plan-vert", "german-items").stdout != ""


@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_key_is_refused_as_an_empty_table_is(empty: str) -> None:
    """Found by a probe: an empty KEY exited 1, "no row for ''", as if looked up."""
    result = run_casebook("table", "plan-vert", "german-items", empty)
    assert result.returncode == 2
    assert "KEY is empty" in result.stderr and result.stdout == ""


def test_table_column_is_named_by_key_or_label_and_a_wrong_one_is_a_usage_error() -> None:
    """`--column Zone` was refused though the table prints "Zone" over that column, and a
    column the table lacks exited 1, which means the key was not found (as grep)."""
    by_label = run_casebook(
        "table", "plan-vert", "resistance-interrogation", "3", "--column", "Zone"
    )
    assert by_label.returncode == 0 and "Possible value" in by_label.stdout
    wrong = run_casebook("table", "plan-vert", "resistance-interrogation", "3", "--column", "nope")
    assert wrong.returncode == 2
    assert "no column 'nope' (columns: zone (Zone), possible_value (Possible value))" in (
        wrong.stderr
    )
    absent = run_casebook("table", "plan-vert", "resistance-interrogation", "99")
    assert absent.returncode == 1  # a key the table does not have: found nothing


def test_a_file_name_that_is_not_utf8_is_named_with_its_byte_escaped(tmp_path) -> None:
    """A rules file named with a Latin-1 byte (0xFF): lint and build ended blaming
    "standard output's encoding (utf-8)" (the build's stamp and every message path
    held a lone surrogate), and the l10n commands could not write their catalogs."""
    import shutil

    from tests.conftest import RULESETS

    game = tmp_path / "maquis"
    shutil.copytree(RULESETS / "maquis", game)
    odd = game / "rules" / os.fsdecode(b"\xff00-opening.yaml")
    (game / "rules" / "00-opening.yaml").rename(odd)
    for args in (
        ("lint", "--rulesets", str(tmp_path)),
        ("build", "-q", "--out", str(tmp_path / "out"), "--rulesets", str(tmp_path)),
        ("l10n", "update", "maquis", "fr", "--rulesets", str(tmp_path)),
    ):
        result = run_casebook(*args)
        assert result.returncode == 0, (args, result.stderr)
    catalog = (game / "l10n" / "fr.po").read_text(encoding="utf-8")
    assert "/rules/\\xff00-opening.yaml:" in catalog


@pytest.mark.parametrize("out", ["templates", "schema", "compiler/out"])
def test_an_output_inside_casebooks_own_folders_is_refused(out: str) -> None:
    """Found by a probe: a build into templates/ was accepted, and since every stamp and
    cached lint result is keyed by those folders, no build was ever up to date again."""
    from tests.conftest import ROOT

    before = sorted(p.name for p in (ROOT / out.split("/")[0]).iterdir())
    result = run_casebook("build", "plan-vert", "-q", "--out", out)
    assert result.returncode == 2
    assert f"inside Casebook's own {out.split('/')[0]}/ folder" in result.stderr
    assert sorted(p.name for p in (ROOT / out.split("/")[0]).iterdir()) == before
    export = run_casebook("export", "plan-vert", "-o", f"{out}/rules.txt")
    assert export.returncode == 2 and "inside Casebook's own" in export.stderr


def test_paths_are_refused_for_what_they_are(tmp_path) -> None:
    """Found by a probe: `-o /dev/null` was told to "move it away", a loop of links was
    "File exists", a link to nothing where `new` would write was "cannot write the file:
    File exists", a file given as --rulesets "does not exist", and one game's folder
    given as --rulesets said only "no games"."""
    device = run_casebook("export", "maquis", "-o", "/dev/null")
    assert device.returncode == 2
    assert "found a special file (a device or pipe)" in device.stderr
    assert "move" not in device.stderr
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    loop = run_casebook("build", "maquis", "-q", "--out", str(tmp_path / "a"))
    assert loop.returncode == 2 and "links that lead round in a loop" in loop.stderr
    rulesets = tmp_path / "rs"
    rulesets.mkdir()
    (rulesets / "dangling").symlink_to(tmp_path / "nothing")
    new = run_casebook("new", "dangling", "--rulesets", str(rulesets))
    assert new.returncode == 2 and "already exists; choose another name" in new.stderr
    a_file = tmp_path / "afile"
    a_file.write_text("x")
    as_rulesets = run_casebook("validate", "--rulesets", str(a_file))
    assert as_rulesets.returncode == 2 and "is a file, not a folder" in as_rulesets.stderr
    one_game = run_casebook("validate", "--rulesets", "rulesets/maquis")
    assert one_game.returncode == 2
    assert "rulesets/maquis is itself a game; use --rulesets rulesets" in one_game.stderr
    # found by a probe: naming a game there said "(known: )", an empty list
    named = run_casebook("validate", "x", "--rulesets", "rulesets/maquis")
    assert named.returncode == 2
    assert "no game 'x' in rulesets/maquis: rulesets/maquis is itself a game" in named.stderr
    assert "(known: )" not in named.stderr


def test_small_argument_mistakes_are_said(tmp_path) -> None:
    """Found by a probe: `--lang ''` and `--lang ,` silently meant every language,
    `export -o -` wrote a file named "-", `ref GAME ''` advised fewer words, and an
    empty file imported as a catalog reported success."""
    for verb in ("build", "lint"):
        for value in ("", ","):
            result = run_casebook(
                verb, "plan-vert", "--lang", value, "-q" if verb == "build" else "--no-cache"
            )
            assert result.returncode == 2 and "names no language" in result.stderr
    export = run_casebook("export", "maquis", "-o", "-")
    assert export.returncode == 0 and "Maquis — original edition" in export.stdout
    template = run_casebook("l10n", "extract", "maquis", "-o", "-")
    assert template.returncode == 0 and 'msgid ""' in template.stdout
    from tests.conftest import ROOT

    assert not (ROOT / "-").exists()
    ref = run_casebook("ref", "maquis", "")
    assert ref.returncode == 2 and "name what to look up" in ref.stderr
    import shutil

    from tests.conftest import RULESETS

    shutil.copytree(RULESETS / "liberation", tmp_path / "rs" / "liberation")
    catalog = tmp_path / "rs" / "liberation" / "l10n" / "en.po"
    before = catalog.read_bytes()
    empty = tmp_path / "empty.po"
    empty.write_text("")
    imported = run_casebook(
        "l10n", "import", "liberation", "en", str(empty), "--rulesets", str(tmp_path / "rs")
    )
    assert imported.returncode == 2 and "holds no catalog" in imported.stderr
    assert catalog.read_bytes() == before


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (("--dice", "1,,2"), "--dice takes the faces the dice showed"),  # read as 1,2
        (("--dice", "\u0663,1"), "--dice takes the faces the dice showed"),  # read as 3,1
        (("--seed", "\u0663"), "is not a whole number"),
    ],
)
def test_dice_and_seeds_are_read_in_the_digits_0_to_9_with_none_left_out(
    given: tuple[str, ...], said: str
) -> None:
    """Found by a probe: "1,,2" was taken as 1,2 and Arabic-Indic digits as digits."""
    result = run_casebook("resolve", "plan-vert", "12", "distance=1", "shots=1", *given)
    assert result.returncode == 2
    assert said in result.stderr


def test_resolve_says_what_it_would_otherwise_drop_without_a_word() -> None:
    """Found by a probe: a name given twice kept the last, a --seed beside --dice that
    gave every die was ignored, and an empty PROCEDURE listed them with exit 0."""
    twice = run_casebook(
        "resolve", "plan-vert", "12", "distance=2", "distance=1", "shots=1", "--dice", "3",
        "--seed", "4",
    )  # fmt: skip
    assert twice.returncode == 0, twice.stderr
    assert "note: distance is given twice; the last, 1, is taken" in twice.stderr
    assert "note: --seed was not needed: --dice gave every die rolled" in twice.stderr
    topped = run_casebook(
        "resolve", "plan-vert", "12", "distance=1", "shots=2", "--dice", "3", "--seed", "4"
    )
    assert topped.returncode == 0 and "--seed was not needed" not in topped.stderr
    empty = run_casebook("resolve", "plan-vert", "")
    assert empty.returncode == 2 and "PROCEDURE is empty" in empty.stderr


def test_explain_takes_a_codes_name_and_refuses_a_code_beside_all() -> None:
    """Found by a probe: the name explain prints beside each code was "unknown", and
    `explain --all PROC001` dropped the code without a word."""
    named = run_casebook("explain", "procedure-binding")
    assert named.returncode == 0 and named.stdout.startswith("PROC001 (procedure-binding)")
    stage = run_casebook("explain", "bad-catalog")
    assert stage.returncode == 0 and stage.stdout.startswith("L10N100 (bad-catalog)")
    near = run_casebook("explain", "proc-binding")
    assert near.returncode == 2 and "did you mean PROC001?" in near.stderr
    both = run_casebook("explain", "--all", "PROC001")
    assert both.returncode == 2 and "give a code or --all, not both" in both.stderr
