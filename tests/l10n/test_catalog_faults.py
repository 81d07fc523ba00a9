"""Damaged or mistaken catalogs, and mistaken requests, through the real CLI.

Each case was found by a review: a catalog msgfmt and Casebook read differently,
a language named that has no catalog, an environment variable that crashed
`l10n update`. Each command must stop with one located message and write
nothing, or read the catalog as msgfmt --check does.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from compiler.l10n.localise import catalog_path
from tests.conftest import ROOT, RULESETS, copy_mini_case, run_casebook

UNIT = "card:events:card-1:text"
SOURCE = "Attack first this turn (Case 2.1.1)."


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """mini-case with a French catalog in which one card text is translated."""
    game = copy_mini_case(tmp_path)
    assert _cli(game, "l10n", "update", "mini-case", "fr").returncode == 0
    po = polib.pofile(str(catalog_path(game, "fr")))
    po.find(SOURCE, msgctxt=UNIT).msgstr = "Attaquez en premier ce tour (Case 2.1.1)."
    po.save(str(catalog_path(game, "fr")))
    return game


def _cli(game: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_casebook(*args, "--rulesets", str(game.parent))


def _line_of(path: Path, text: str, nth: int = 1) -> int:
    """The line number of the nth line of ``path`` that is ``text``."""
    found = [n for n, line in enumerate(path.read_text().splitlines(), 1) if line == text]
    return found[nth - 1]


def _msgfmt_check(path: Path) -> subprocess.CompletedProcess[str]:
    if shutil.which("msgfmt") is None:
        pytest.skip("gettext's msgfmt is not installed (.ci/system-packages installs it)")
    return subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(path)],
        capture_output=True,
        text=True,
    )


def test_a_unit_with_two_entries_stops_every_command_that_reads_the_catalog(
    game: Path, tmp_path: Path
) -> None:
    """msgfmt accepts one msgctxt with two msgids; `update` kept the stale one and lost the good."""
    path = catalog_path(game, "fr")
    with path.open("a", encoding="utf-8") as po:
        po.write(f'\nmsgctxt "{UNIT}"\nmsgid "Attack first."\nmsgstr "OLD TEXT"\n')
    before = path.read_bytes()
    first, second = _line_of(path, f'msgctxt "{UNIT}"', 1), _line_of(path, f'msgctxt "{UNIT}"', 2)
    says = (
        f"l10n/fr.po:{second}:1: error: L10N100 the unit '{UNIT}' has a second entry here, with "
        f"another msgid (the first is at line {first})"
    )
    out = tmp_path / "out"
    for command in (
        ("lint", "mini-case", "--lang", "fr", "--no-cache"),
        ("build", "mini-case", "--lang", "fr", "--out", str(out)),
        ("l10n", "update", "mini-case", "fr"),
        ("l10n", "status", "mini-case", "fr"),
        ("l10n", "import", "mini-case", "fr", str(path)),
    ):
        result = _cli(game, *command)
        assert result.returncode == 2, (command, result.stderr)
        assert says in result.stderr, (command, result.stderr)
        assert "keep one of the two entries" in result.stderr
        assert path.read_bytes() == before, f"{command} rewrote the catalog"
    assert not (out / "mini-case").exists()


def test_an_entry_twice_names_the_first_at_the_second_msgctxt_line(
    game: Path, tmp_path: Path
) -> None:
    work = tmp_path / "twice.po"
    work.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n#. a note\n'
        'msgctxt "a"\nmsgid "x"\nmsgstr "y"\n\n#. a note\nmsgctxt "a"\nmsgid "x"\nmsgstr "z"\n',
        encoding="utf-8",
    )
    result = _cli(game, "l10n", "import", "mini-case", "fr", str(work))
    assert result.returncode == 2
    assert (
        f"{work}:11:1: error: L10N100 not a valid PO file: the entry 'a' appears twice (first at "
        in (result.stderr)
    )
    assert "line 6)" in result.stderr


def test_an_obsolete_entry_may_share_a_live_units_id(game: Path) -> None:
    """A unit that came back after it vanished: its old translation stays as #~."""
    path = catalog_path(game, "fr")
    with path.open("a", encoding="utf-8") as po:
        po.write(f'\n#~ msgctxt "{UNIT}"\n#~ msgid "Attack first."\n#~ msgstr "Attaquez."\n')
    result = _cli(game, "l10n", "status", "mini-case", "fr")
    assert result.returncode == 0, result.stderr


def test_a_flag_line_without_its_space_is_read_as_msgfmt_reads_it(game: Path) -> None:
    """`#,fuzzy` was "Syntax error in po file"; msgfmt --check counts a fuzzy entry."""
    path = catalog_path(game, "fr")
    text = path.read_text(encoding="utf-8")
    glued = text.replace(f'msgctxt "{UNIT}"', f'#,fuzzy\nmsgctxt "{UNIT}"', 1)
    path.write_text(glued, encoding="utf-8")
    assert "1 fuzzy translation" in _msgfmt_check(path).stderr
    result = _cli(game, "l10n", "status", "mini-case", "fr")
    assert result.returncode == 0, result.stderr
    fuzzy = next(x for x in result.stdout.splitlines() if x.strip().startswith("fuzzy"))
    assert fuzzy.split()[1] == "1", result.stdout
    assert _cli(game, "l10n", "update", "mini-case", "fr").returncode == 0
    assert f'#, fuzzy\nmsgctxt "{UNIT}"' in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("#.a note", lambda e: e.comment == "a note"),
        ("#:cards.yaml:12", lambda e: e.occurrences == [("cards.yaml", "12")]),
        ('#|msgid "Attack."', lambda e: e.previous_msgid == "Attack."),
        ("#a translator's note", lambda e: e.tcomment == "a translator's note"),
        ("#,fuzzy,c-format", lambda e: e.flags == ["fuzzy", "c-format"]),
    ],
)
def test_every_comment_marker_without_its_space_reads_as_msgfmt_reads_it(
    game: Path, tmp_path: Path, line: str, read
) -> None:
    from compiler.l10n import catalog

    work = tmp_path / "glued.po"
    work.write_text(
        f'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n{line}\nmsgctxt "a"\nmsgid "x"\nmsgstr "y"\n',
        encoding="utf-8",
    )
    assert _msgfmt_check(work).returncode == 0
    (entry,) = catalog.read(work, "glued.po")
    assert read(entry), entry


TRANSLATED = 'msgstr "Attaquez en premier ce tour (Case 2.1.1)."\n'


@pytest.mark.parametrize(
    ("cut", "at", "says"),
    [
        pytest.param(
            lambda text: text[: text.index(f'msgid "{SOURCE}"')],
            f'msgctxt "{UNIT}"',
            "the msgctxt at this line has no msgid and msgstr after it; the file ends there",
            id="cut off after a msgctxt",
        ),
        pytest.param(
            lambda text: text[: text.index(TRANSLATED)],
            f'msgid "{SOURCE}"',
            "the msgid at this line has no msgstr after it; the file ends there",
            id="cut off after a msgid",
        ),
        pytest.param(
            lambda text: text.replace(f'msgid "{SOURCE}"\n{TRANSLATED}', "", 1),
            f'msgctxt "{UNIT}"',
            "the msgctxt at this line has no msgid and msgstr after it; another entry starts",
            id="a msgctxt whose msgid and msgstr were deleted",
        ),
        pytest.param(
            lambda text: text.replace(TRANSLATED, "", 1),
            f'msgid "{SOURCE}"',
            "the msgid at this line has no msgstr after it; another entry starts first",
            id="a msgid whose msgstr was deleted",
        ),
    ],
)
def test_an_unfinished_entry_is_refused_at_its_line(game: Path, cut, at: str, says: str) -> None:
    """polib dropped the cut entry (or read it untranslated); msgfmt --check refuses it."""
    path = catalog_path(game, "fr")
    text = path.read_text(encoding="utf-8")
    broken = cut(text)
    assert broken != text
    path.write_text(broken, encoding="utf-8")
    line = _line_of(path, at)
    assert _msgfmt_check(path).returncode != 0
    for command in (("l10n", "status", "mini-case", "fr"), ("l10n", "update", "mini-case", "fr")):
        result = _cli(game, *command)
        assert result.returncode == 2, result.stdout
        assert f"l10n/fr.po:{line}:1: error: L10N100 not a valid PO file: {says}" in result.stderr
        assert path.read_text(encoding="utf-8") == broken


@pytest.mark.parametrize(
    "command",
    [("lint", "mini-case", "--lang", "xx", "--no-cache"), ("l10n", "status", "mini-case", "xx")],
)
def test_a_language_with_no_catalog_says_how_to_start_one(
    game: Path, command: tuple[str, ...]
) -> None:
    """It said "cannot read the catalog … give the path of a .po file": the user gave a language."""
    result = _cli(game, *command)
    assert result.returncode == 2
    assert (
        "l10n/xx.po:1:1: error: L10N100 mini-case has no xx text (languages: en, fr)"
        in result.stderr
    )
    assert "start a translation with `casebook l10n update mini-case xx`" in result.stderr
    assert "give the path" not in result.stderr
    assert not catalog_path(game, "xx").exists()


@pytest.mark.parametrize(
    "command",
    [
        ("l10n", "status", "mini-case", "en"),
        ("l10n", "update", "mini-case", "en"),
        ("l10n", "import", "mini-case", "en", "CATALOG"),
    ],
)
def test_the_games_own_language_has_no_catalog_to_report_or_import(
    game: Path, command: tuple[str, ...]
) -> None:
    """status printed every row at 0 % and import wrote l10n/en.po; update already refused."""
    args = [str(catalog_path(game, "fr")) if a == "CATALOG" else a for a in command]
    result = _cli(game, *args)
    assert result.returncode == 2, result.stdout
    assert result.stderr == (
        "casebook l10n: en is the language mini-case is written in; name a target language\n"
    )
    assert result.stdout == ""
    assert not catalog_path(game, "en").exists()


def _with_epoch(game: Path, epoch: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SOURCE_DATE_EPOCH": epoch}
    return subprocess.run(
        [sys.executable, "-m", "compiler", *args, "--rulesets", str(game.parent)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("epoch", "fault"),
    [
        ("abc", "is not a number of seconds"),
        (" 1700000000", "is not a number of seconds"),
        ("1.5", "is not a number of seconds"),
        ("-1", "is not a number of seconds"),
        ("99999999999999", "is past the year 9999"),
        ("9" * 5000, "is past the year 9999"),
    ],
)
@pytest.mark.parametrize("verb", ["update", "import", "build"])
def test_a_bad_source_date_epoch_is_one_line_naming_it(
    game: Path, epoch: str, fault: str, verb: str, tmp_path: Path
) -> None:
    """Both l10n verbs were an internal error (ValueError, then year out of range); then
    they refused it while `build` crashed in ReportLab on the same value (found by a
    probe). The command line now refuses it once, for every verb, before anything runs."""
    catalog_path(game, "fr").rename(game.parent / "work.po")
    args = {
        "update": ("l10n", "update", "mini-case", "fr"),
        "import": ("l10n", "import", "mini-case", "fr", str(game.parent / "work.po")),
        "build": ("build", "mini-case", "-q", "--out", str(tmp_path / "out")),
    }[verb]
    result = _with_epoch(game, epoch, *args)
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    shown = repr(epoch if len(epoch) <= 40 else epoch[:39] + "…")
    assert line.startswith(f"casebook: SOURCE_DATE_EPOCH={shown} {fault}; it must be")
    assert "seconds since 1970-01-01 00:00 UTC" in line and "reproducible-builds.org" in line
    assert not catalog_path(game, "fr").exists()
    assert not (tmp_path / "out").exists()


def test_a_good_source_date_epoch_dates_a_new_catalog(game: Path) -> None:
    catalog_path(game, "fr").unlink()
    result = _with_epoch(game, "1700000000", "l10n", "update", "mini-case", "fr")
    assert result.returncode == 0, result.stderr
    assert '"PO-Revision-Date: 2023-11-14 22:13+0000\\n"' in catalog_path(game, "fr").read_text()


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("fr", "nplurals=2; plural=(n > 1);"),
        ("pl", "nplurals=3; plural="),
        ("ja", "nplurals=1; plural=0;"),
        ("de", "nplurals=2; plural=(n != 1);"),
    ],
)
def test_a_new_catalog_has_its_languages_plural_rule(lang: str, forms: str, tmp_path: Path) -> None:
    """Found by the review: every catalog got English's rule; French counts 0 as
    singular, Polish has three forms. msgfmt accepts each."""
    game = copy_mini_case(tmp_path)
    assert _cli(game, "l10n", "update", "mini-case", lang).returncode == 0
    path = catalog_path(game, lang)
    assert polib.pofile(str(path)).metadata["Plural-Forms"].startswith(forms)
    assert _msgfmt_check(path).returncode == 0


def test_a_source_text_changed_then_put_back_makes_its_translation_current_again(
    game: Path,
) -> None:
    """Found by the review: after the revert the entry stayed fuzzy, and the build printed
    the source language until someone cleared the flag by hand."""
    cards = game / "cards.yaml"
    original = cards.read_text()
    cards.write_text(original.replace(SOURCE, "Attack second this turn (Case 2.1.1)."))
    assert _cli(game, "l10n", "update", "mini-case", "fr").returncode == 0
    entry = polib.pofile(str(catalog_path(game, "fr"))).find(UNIT, by="msgctxt")
    assert "fuzzy" in entry.flags and entry.previous_msgid == SOURCE
    cards.write_text(original)
    assert _cli(game, "l10n", "update", "mini-case", "fr").returncode == 0
    entry = polib.pofile(str(catalog_path(game, "fr"))).find(UNIT, by="msgctxt")
    assert entry.msgid == SOURCE and "fuzzy" not in entry.flags
    assert entry.previous_msgid is None
    assert entry.msgstr == "Attaquez en premier ce tour (Case 2.1.1)."


# found by an adversarial hunt over the catalogs, each a crash, a hang or wrong output before


@pytest.mark.parametrize("name", ["...po", "EN.po", "en_US.po", "-.po"])
def test_a_catalog_not_named_for_a_language_is_said_and_never_built(
    game: Path, tmp_path: Path, name: str
) -> None:
    """A stem of ".." made an output folder outside the game's (an internal error);
    the others made folders no command could name."""
    catalog_path(game, "fr").rename(game / "l10n" / name)
    lint = _cli(game, "lint", "mini-case", "--no-cache")
    assert f"l10n/{name}:1:1: error: L10N100 catalog '{name}' is not named for a language" in (
        lint.stdout
    )
    assert lint.returncode == 1
    out = tmp_path / "out"
    build = _cli(game, "build", "mini-case", "-q", "--out", str(out))
    assert build.returncode == 0, build.stderr
    assert sorted(p.name for p in (out / "mini-case").iterdir()) == ["en"]


def test_a_named_pipe_for_a_catalog_is_refused_without_waiting(game: Path) -> None:
    """Reading a pipe waits for a writer: status, lint and build hung for ever."""
    path = catalog_path(game, "fr")
    path.unlink()
    os.mkfifo(path)
    for verb in (["l10n", "status", "mini-case"], ["lint", "mini-case", "--no-cache"]):
        result = _cli(game, *verb)
        assert result.returncode == 2, result.stderr
        assert "fr.po:1:1: error: L10N100 cannot read the catalog: it is a folder, a pipe" in (
            result.stderr
        )


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_a_line_separator_in_a_string_is_refused_where_it_stands(
    game: Path, separator: str
) -> None:
    """Found by a probe: polib splits lines at U+2028, U+2029 and U+0085, so a string
    ending in one lost its last character with exit 0 (one in the middle was refused a
    line past its entry)."""
    path = catalog_path(game, "fr")
    text = path.read_text(encoding="utf-8")
    line = 'msgstr "Attaquez en premier ce tour (Case 2.1.1)."'
    assert line in text
    number = text[: text.index(line)].count("\n") + 1
    path.write_text(text.replace(line, line[:-1] + separator + '"'), encoding="utf-8")
    result = _cli(game, "l10n", "status", "mini-case")
    assert result.returncode == 2
    where = f"fr.po:{number}:{len(line)}: error: L10N100 catalog holds U+{ord(separator):04X}"
    assert where in result.stderr


def test_a_control_character_written_as_an_escape_is_refused_at_its_entry(game: Path) -> None:
    """polib turns \\b \\f \\v \\r into the characters after the file's own were checked."""
    path = catalog_path(game, "fr")
    text = path.read_text(encoding="utf-8")
    line = 'msgstr "Attaquez en premier ce tour (Case 2.1.1)."'
    assert line in text
    path.write_text(text.replace(line, 'msgstr "Attaquez\\f en premier ce tour (Case 2.1.1)."'))
    result = _cli(game, "l10n", "status", "mini-case")
    assert result.returncode == 2
    assert "holds the control character U+000C (written as an escape)" in result.stderr


@pytest.mark.parametrize(
    ("template", "code"),
    [("{{ 1/0 }}", "LAYOUT001"), ("{{ x }} {% {# }} %}", "MODEL008")],
    ids=["fails when run", "does not parse"],
)
def test_a_translated_template_that_fails_is_placed_at_its_catalog_entry(
    tmp_path: Path, template: str, code: str
) -> None:
    """A layout's show template is translated with the rest; its faults were placed in
    layouts.yaml, where the translator has nothing to mend."""
    from tests.conftest import RULESETS

    shutil.copytree(RULESETS / "liberation", tmp_path / "liberation")
    path = catalog_path(tmp_path / "liberation", "en")
    po = polib.pofile(str(path), wrapwidth=79)
    (entry,) = [e for e in po if e.msgctxt == "layout:personaggio:front:gaps"]
    entry.msgstr = template
    po.save(str(path))
    result = run_casebook(
        "lint", "liberation", "--lang", "en", "--no-cache", "--rulesets", str(tmp_path)
    )
    line = _line_of(path, 'msgctxt "layout:personaggio:front:gaps"')
    found = [x for x in (result.stdout + result.stderr).splitlines() if f"error: {code}" in x]
    assert found, result.stdout + result.stderr
    assert all(f"liberation/l10n/en.po:{line}:" in x for x in found), found


def test_a_catalog_folder_linked_from_outside_the_game_is_refused(tmp_path: Path) -> None:
    """Found by a probe: an l10n/ folder that was a link to shared catalogs was read, but
    the change stamp never looked behind it: an edited translation stayed "up to date"."""

    from compiler.pipeline import front_end
    from tests.conftest import RULESETS

    game = tmp_path / "rulesets" / "liberation"
    shutil.copytree(RULESETS / "liberation", game)
    shared = tmp_path / "shared-l10n"
    (game / "l10n").rename(shared)
    (game / "l10n").symlink_to(shared, target_is_directory=True)
    front = front_end(game, tmp_path, "original", "en")
    assert front.game is None
    (finding,) = [f for f in front.findings if f.code == "LOAD011"]
    assert str(finding.location) == "rulesets/liberation/l10n/en.po:1:1"
    assert "outside the game's folder" in finding.message


def test_a_finding_in_an_entry_whose_msgctxt_is_wrapped_is_placed_at_the_entry(
    tmp_path: Path,
) -> None:
    """Found by a translator's probe: gettext writes a long msgctxt as ``msgctxt ""`` and
    its pieces below (11 of Liberation's entries); read as one line, such an entry was
    not found, and L10N004 was placed at the Italian YAML, not at the PO entry."""

    shutil.copytree(RULESETS / "liberation", tmp_path / "liberation")
    po = tmp_path / "liberation" / "l10n" / "en.po"
    text = po.read_text(encoding="utf-8")
    wrong = "In this example, the 4 possible routes are blocked by BARRICADES."
    po.write_text(
        text.replace("In this example, the 3 possible routes are blocked by BARRICADES.", wrong),
        encoding="utf-8",
    )
    lines = po.read_text(encoding="utf-8").splitlines()
    piece = lines.index(
        '"rule:scenario-5-erigere-barricata:body.scenario-5-esempio-percorsi-bloccati."'
    )
    assert lines[piece - 1] == 'msgctxt ""'
    result = run_casebook(
        "lint", "liberation", "--lang", "en", "--select", "L10N004", "--rulesets", str(tmp_path)
    )
    assert f"liberation/l10n/en.po:{piece + 1}:2: error: L10N004" in result.stdout, result.stdout


def test_a_msgstr_ending_in_a_line_break_its_msgid_lacks_is_refused_as_msgfmt_refuses_it(
    game: Path, tmp_path: Path
) -> None:
    """Found by a translator's probe: `l10n import` took 'msgstr "RESISTANCE board\\n"'
    for a msgid without one, and the stored catalog then failed msgfmt --check."""
    work = tmp_path / "from-translator.po"
    text = catalog_path(game, "fr").read_text(encoding="utf-8")
    line = 'msgstr "Attaquez en premier ce tour (Case 2.1.1)."'
    work.write_text(text.replace(line, line[:-1] + '\\n"'), encoding="utf-8")
    assert _msgfmt_check(work).returncode != 0  # gettext refuses it too
    before = catalog_path(game, "fr").read_bytes()
    result = _cli(game, "l10n", "import", "mini-case", "fr", str(work))
    assert result.returncode == 2
    at = _line_of(work, f'msgctxt "{UNIT}"')
    assert f"{work}:{at}:1: error: L10N100" in result.stderr
    assert "must both end with a line break" in result.stderr
    assert catalog_path(game, "fr").read_bytes() == before
