"""Every kind of bad input the issue lists, through `casebook build` as a user runs it.

Each case breaks one file of a copy of a real game (Maquis) and requires a
located message naming what was expected, exit status 2, no traceback, and
the outputs of the previous good build left byte for byte as they were.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from compiler.cli import main
from tests.conftest import RULESETS

GAME = "maquis"
BUILD = ["--edition", "living", "--paper", "a4"]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


RULES = "rules/01-game-play.yaml"
_ESCAPE_ROUTE = "pattern: '\\bsee page \\d+[,:]\\s*(?P<targets>Check Escape Route)'"

# name -> (what to do to the game folder, a line the user must see)
CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "tab indentation": (
        lambda g: _edit(g / RULES, "\n  - id:", "\n\t- id:"),
        f"{RULES}:",
    ),
    "bad indentation": (
        lambda g: _edit(g / RULES, "\n  - id:", "\n   - id:"),
        f"{RULES}:",
    ),
    "duplicate key": (
        lambda g: _edit(g / "game.yaml", "\ntitle:", "\ntitle: Twice\ntitle:"),
        "game.yaml:",
    ),
    "unclosed quote": (
        lambda g: _append(g / "tables.yaml", '\nbroken: "no end\n'),
        "tables.yaml:",
    ),
    "latin-1 file": (
        lambda g: (g / "tables.yaml").write_bytes(
            (g / "tables.yaml").read_text(encoding="utf-8").encode("latin-1", "replace")
            + "# café\n".encode("latin-1")
        ),
        "tables.yaml:",
    ),
    "empty file": (lambda g: (g / "rules/99-empty.yaml").write_text(""), "99-empty.yaml:1:1"),
    "folder named like a file": (
        lambda g: (g / "rules/99-folder.yaml").mkdir(),
        "99-folder.yaml:1:1: error: LOAD009",
    ),
    # found by a probe: a warning, "not a file kind Casebook reads", and the game built
    # without its cards or errata over the last build's outputs
    "cards.yaml a folder": (
        lambda g: ((g / "cards.yaml").unlink(), (g / "cards.yaml").mkdir()),
        "cards.yaml:1:1: error: LOAD009",
    ),
    "errata.yaml a pipe": (
        lambda g: ((g / "errata.yaml").unlink(), os.mkfifo(g / "errata.yaml")),
        "errata.yaml:1:1: error: LOAD009",
    ),
    "link out of the folder": (
        lambda g: (g / "rules/99-link.yaml").symlink_to(RULESETS / "plan-vert/game.yaml"),
        "99-link.yaml:1:1: error: LOAD011",
    ),
    "alias bomb": (
        lambda g: _append(
            g / "tables.yaml",
            "\nbomb: &a [x, x, x, x, x, x, x, x]\n"
            + "".join(f"b{i}: &a{i} [*a, *a, *a, *a, *a, *a, *a, *a]\n" for i in range(9)),
        ),
        "LOAD003",
    ),
    "deep nesting": (
        lambda g: _append(g / "tables.yaml", "\ndeep: " + "[" * 20000 + "]" * 20000 + "\n"),
        "LOAD001 YAML nested more than 100 levels deep",
    ),
    "control character in text": (
        lambda g: _edit(g / RULES, "\n  - id:", '\n  - note: "bell\\x07"\n    id:'),
        "LOAD012",
    ),
    # found by a probe: it passed, and the text export showed a gap note's "]" reversed
    "bidirectional override in text": (
        lambda g: _edit(g / RULES, "\n  - id:", "\n  - note: a\u202eb\n    id:"),
        "LOAD012 text holds the bidirectional control U+202E (RIGHT-TO-LEFT OVERRIDE)",
    ),
    "bidirectional override in a key": (  # a row's keys are data: no schema names them
        lambda g: _edit(g / "tables.yaml", "\ntables:", '\nx-note: {"a\\u202eb": 1}\ntables:'),
        "LOAD012 key holds the bidirectional control U+202E (RIGHT-TO-LEFT OVERRIDE)",
    ),
    "bidirectional isolate written as an escape": (
        lambda g: _edit(g / RULES, "\n  - id:", '\n  - note: "a\\u2067b"\n    id:'),
        "LOAD012 text holds the bidirectional control U+2067 (RIGHT-TO-LEFT ISOLATE)",
    ),
    "schema: top level": (
        lambda g: _edit(g / "game.yaml", "\ntitle:", "\ntitel:"),
        "game.yaml:",
    ),
    "schema: wrong type deep inside": (
        lambda g: _edit(g / "layouts.yaml", "size: ", "size: [1, 2] #"),
        "layouts.yaml:",
    ),
    "schema: unknown font": (
        lambda g: _edit(g / "layouts.yaml", "font: ", "font: comic-sans #"),
        "layouts.yaml:",
    ),
    # found by tests/robustness/test_fuzz.py, each a crash or a misplaced line before
    "unusual line terminator": (
        lambda g: _edit(g / RULES, "\n  - id:", "\n  - id:\u2028"),
        "LOAD001 unusual line terminator U+2028",
    ),
    "an infinite number": (
        lambda g: _edit(g / "procedures.yaml", "from_space: 1", "from_space: .inf"),
        "LOAD013 '.inf' is not a finite number",
    ),
    "layout template reads a file": (
        lambda g: _edit(
            g / "layouts.yaml", 'show: "{{ card.title }}"', "show: '<img src=\"/etc/passwd\"/>'"
        ),
        "LAYOUT001 region 'name': its show template writes <img",
    ),
    "layout template leaves a tag open": (
        lambda g: _edit(
            g / "layouts.yaml", 'show: "{{ card.title }}"', 'show: "<b>{{ card.title }}"'
        ),
        "LAYOUT001 region 'name': its show template makes markup that is not valid",
    ),
    "layout template breaks": (
        lambda g: _edit(g / "layouts.yaml", 'show: "{{ card.title }}"', 'show: "{{ card.title "'),
        "MODEL008",
    ),
    # found by an adversarial hunt, each an internal error before
    "a link that loops": (
        lambda g: (g / "rules/99-loop.yaml").symlink_to("99-loop.yaml"),
        "99-loop.yaml:1:1: error: LOAD011 99-loop.yaml is a link that leads to no file (it loops",
    ),
    "a link to nothing": (
        lambda g: ((g / "tables.yaml").unlink(), (g / "tables.yaml").symlink_to("gone.yaml")),
        "tables.yaml:1:1: error: LOAD011 tables.yaml is a link that leads to no file",
    ),
    "text under a number's tag": (
        lambda g: _edit(g / "procedures.yaml", "from_space: 1", "from_space: !!int one"),
        "LOAD004 'one' is not a whole number, as its tag !!int says",
    ),
    "a translation of itself": (
        lambda g: _edit(g / "game.yaml", "\ntitle:", "\ntranslation_of: maquis\ntitle:"),
        "game.yaml:3:17: error: MODEL011 translation_of 'maquis' leads back to this game",
    ),
    "a translation of a game that is not there": (
        lambda g: _edit(g / "game.yaml", "\ntitle:", "\ntranslation_of: nope\ntitle:"),
        "game.yaml:3:17: error: MODEL011 translation_of 'nope' names no game:",
    ),
    "a title the fonts cannot draw": (
        lambda g: _edit(g / "game.yaml", "\ntitle: ", "\ntitle: 漢 "),
        "game.yaml:3:8: error: FONT001 game title: the embedded fonts have no glyph for '漢'",
    ),
    # found by a probe: printed as empty boxes on the title page ("□□ Press")
    "a subtitle the fonts cannot draw": (
        lambda g: _edit(g / "game.yaml", "\nsubtitle: ", "\nsubtitle: 漢 "),
        "game.yaml:4:11: error: FONT001 game subtitle: the embedded fonts have no glyph for '漢'",
    ),
    "a publisher the fonts cannot draw": (
        lambda g: _edit(g / "game.yaml", "\nsubtitle: ", "\npublisher: 漢字 Press\nsubtitle: "),
        "game.yaml:4:12: error: FONT001 game publisher: the embedded fonts have no glyph",
    ),
    "a source title the fonts cannot draw": (
        lambda g: _edit(g / "game.yaml", "\n  title: Maquis", "\n  title: Maquis 漢"),
        "game.yaml:7:10: error: FONT001 game source.title: the embedded fonts have no glyph",
    ),
    "a reference pattern that backtracks without end": (
        lambda g: _edit(g / "game.yaml", _ESCAPE_ROUTE, "pattern: '(?P<targets>(\\w+\\s?)+)$'"),
        "MODEL012 reference pattern 'see-page-check-escape-route' ran for more than 1 s on one",
    ),
    "a reference pattern that matches empty text": (
        lambda g: _edit(g / "game.yaml", _ESCAPE_ROUTE, "pattern: '(?P<targets>\\d*)'"),
        "MODEL004 reference pattern 'see-page-check-escape-route' matches empty text",
    ),
    "a template that repeats text without end": (
        lambda g: _edit(g / "layouts.yaml", "{{ card.title }}", "{{ card.title * 100000000 }}"),
        "LAYOUT001 region 'name': its show template cannot be used: a repeat of",
    ),
    "a template that computes a huge number": (
        lambda g: _edit(g / "layouts.yaml", "{{ card.title }}", "{{ 10 ** 100000 }}"),
        "10 ** 100000 is too big a number to print",
    ),
    "a template that pads to a billion characters (4 GB, then exit 0)": (
        lambda g: _edit(g / "layouts.yaml", "{{ card.title }}", "{{ card.title|center(10**9) }}"),
        "LAYOUT001 region 'name': its show template cannot be used: |center of 1,000,000,000",
    ),
    "a template whose % format pads to 300 million digits": (
        lambda g: _edit(g / "layouts.yaml", "{{ card.title }}", "{{ '%0300000000d' % 1 }}"),
        "a % width of 300,000,000 would make more than 100,000 characters",
    ),
    "a template whose str.format pads to 300 million characters": (
        lambda g: _edit(g / "layouts.yaml", "{{ card.title }}", "{{ '{:>300000000}'.format(1) }}"),
        "a format width of 300,000,000 would make more than 100,000 characters",
    ),
    "a template that loops without end": (
        lambda g: _edit(
            g / "layouts.yaml",
            "{{ card.title }}",
            "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}",
        ),
        "LAYOUT001 region 'name': its show template ran for more than 2 s on one card",
    ),
    "a region far larger than its card": (
        lambda g: _edit(g / "layouts.yaml", "width: 55.5mm", "width: 9999999999999999999999999mm"),
        "reaches past the 63.5 × 88.9 mm card and its 3 mm bleed",
    ),
    "a card too small to cut": (
        lambda g: _edit(
            g / "layouts.yaml", "size: poker", "size: {width: 0.001mm, height: 0.001mm}"
        ),
        "0.001 × 0.001 mm is no card or counter size (from 5 to 1000 mm a side)",
    ),
    "a font size no card prints": (
        lambda g: _edit(g / "layouts.yaml", "size: 12pt", "size: 99999999999pt"),
        "pt font is larger than any card prints (at most 500 pt)",
    ),
    "a font size of 0 pt (the words stacked invisibly, exit 0)": (
        lambda g: _edit(g / "layouts.yaml", "size: 12pt", "size: 0pt"),
        "region 'name': size 0 pt is smaller than any text prints legibly (at least 2 pt)",
    ),
    "a minimum size above the size": (
        lambda g: _edit(g / "layouts.yaml", "min_size: 8pt", "min_size: 20pt"),
        "region 'name': min_size 20 pt is above size 12 pt",
    ),
    "padding that leaves no room (an overflow of 757584458.8 mm)": (
        lambda g: _edit(
            g / "layouts.yaml", "height: 8mm\n", "height: 8mm\n          padding: 5mm\n"
        ),
        "region 'name': 5 mm of padding leaves no room for text inside its 55.5 × 8 mm",
    ),
    "a back offset that moves the backs off the sheet (blank backs, exit 0)": (
        lambda g: _edit(
            g / "layouts.yaml",
            "    size: poker\n",
            "    size: poker\n    sheet: {back_offset: {x: 900mm, y: 900mm}}\n",
        ),
        "back_offset (900, 900) mm moves the backs off their fronts",
    ),
    "a table title the fonts cannot draw (a box in the rulebook, exit 0)": (
        lambda g: _edit(g / "tables.yaml", "title: Morale track", "title: Morale track 漢"),
        "tables.yaml:7:5: error: FONT001 table morale-track: the embedded fonts have no glyph "
        "for '漢'",
    ),
    "a template naming what no card has": (
        lambda g: _edit(g / "layouts.yaml", "{{ card.title }}", "{{ nope }}"),
        "help: fix the Jinja2 expression in layouts.yaml; it can use card, copies, copy, deck, "
        "game (card.title, card.text, card.fields.KEY)",
    ),
    # a second hunt, over what feeds the card sheets
    "a font tag of infinite size (a drawing ReportLab cannot write)": (
        lambda g: _edit(
            g / "layouts.yaml", '"{{ card.title }}"', "'<font size=\"inf\">{{ card.title }}</font>'"
        ),
        "LAYOUT001 region 'name': its show template writes <font size=\"inf\">, which a card",
    ),
    "a font tag of 0 pt (past the 2 pt floor, exit 0)": (
        lambda g: _edit(
            g / "layouts.yaml", '"{{ card.title }}"', "'<font size=\"0\">{{ card.title }}</font>'"
        ),
        "LAYOUT001 region 'name': its show template writes <font size=\"0\">",
    ),
    "an underline of a kind ReportLab does not know (a KeyError)": (
        lambda g: _edit(
            g / "layouts.yaml", '"{{ card.title }}"', "'<u kind=\"9\">{{ card.title }}</u>'"
        ),
        "LAYOUT001 region 'name': its show template writes <u kind=\"9\">, which a card",
    ),
    "a template nested past Jinja's parser": (
        lambda g: _edit(
            g / "layouts.yaml", "{{ card.title }}", "{{ " + "(" * 100 + "1" + ")" * 100 + " }}"
        ),
        "MODEL008 layout 'named-card', region 'name': the show template does not parse: it is "
        "nested too deeply",
    ),
    "a template joining a short list of long texts (10 GB)": (
        lambda g: _edit(
            g / "layouts.yaml", "{{ card.title }}", "{{ (['x' * 99999] * 99999)|join }}"
        ),
        "its show template cannot be used: a join would make more than 100,000 characters",
    ),
    "a template that doubles a text in a loop": (
        lambda g: _edit(
            g / "layouts.yaml",
            "{{ card.title }}",
            "{% set n = namespace(s='x' * 99999) %}{% for i in range(40) %}"
            "{% set n.s = n.s + n.s %}{% endfor %}{{ n.s }}",
        ),
        "its show template cannot be used: a sum would make more than 100,000 characters",
    ),
    "a 5000-digit number": (
        lambda g: _edit(g / "procedures.yaml", "from_space: 1", "from_space: " + "9" * 5000),
        "LOAD013 '" + "9" * 40 + "…' is too big a number",
    ),
}


@pytest.fixture(scope="module")
def previous(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    """An output folder after a good build, and its bytes."""
    out = tmp_path_factory.mktemp("out")
    rulesets = tmp_path_factory.mktemp("good")
    shutil.copytree(RULESETS / GAME, rulesets / GAME)
    assert main(["build", GAME, "--rulesets", str(rulesets), "--out", str(out), *BUILD]) == 0
    return out, _snapshot(out)


def _snapshot(out: Path) -> dict[str, bytes]:
    return {
        p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()
    }


@pytest.mark.parametrize("name", CASES)
def test_bad_input_is_a_located_error_and_keeps_previous_outputs(
    name: str,
    previous: tuple[Path, dict[str, bytes]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, before = previous
    break_it, expected = CASES[name]
    shutil.copytree(RULESETS / GAME, tmp_path / GAME)
    break_it(tmp_path / GAME)
    status = main(["build", GAME, "--rulesets", str(tmp_path), "--out", str(out), *BUILD])
    err = capsys.readouterr().err
    assert status == 2, err
    assert expected in err, err
    assert "Traceback" not in err and "internal error" not in err, err
    located = [line for line in err.splitlines() if line.split(":")[0].endswith(".yaml")]
    assert located and all(line.split(":")[1].isdigit() for line in located), err
    assert "not built; previous outputs are untouched" in err
    assert _snapshot(out) == before
    assert not [p for p in out.rglob("*.tmp")]


def test_a_huge_file_is_refused_before_it_is_read(
    previous: tuple[Path, dict[str, bytes]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from compiler.load import yaml_nodes

    out, before = previous
    monkeypatch.setattr(yaml_nodes, "MAX_BYTES", 64 * 1024)
    shutil.copytree(RULESETS / GAME, tmp_path / GAME)
    with (tmp_path / GAME / "tables.yaml").open("a", encoding="utf-8") as f:
        f.write("#" + "x" * 100_000 + "\n")
    status = main(["build", GAME, "--rulesets", str(tmp_path), "--out", str(out), *BUILD])
    err = capsys.readouterr().err
    assert status == 2
    assert "tables.yaml:1:1: error: LOAD010 file is 0 MB; Casebook reads files up to 0 MB" in err
    assert _snapshot(out) == before


MARKUP = (
    '{{ 7*7 }} {% if true %}IF{% endif %} <b>bold</b> <font size="40">big</font> '
    "<script>alert(1)</script> &amp; &lt;x&gt; %(name)s"
)


def test_markup_in_rule_text_is_printed_literally_everywhere(tmp_path: Path) -> None:
    """Jinja2, ReportLab paragraph markup and HTML in the text are text, never run."""
    import pypdf

    shutil.copytree(RULESETS / GAME, tmp_path / "rulesets" / GAME)
    _edit(
        tmp_path / "rulesets" / GAME / "rules/00-opening.yaml",
        "          You are a member of the Resistance,",
        f"          {MARKUP} You are a member of the Resistance,",
    )
    out = tmp_path / "out"
    assert (
        main(["build", GAME, "--rulesets", str(tmp_path / "rulesets"), "--out", str(out), *BUILD])
        == 0
    )
    base = out / GAME / "en"
    pdf = " ".join(
        (page.extract_text() or "")
        for page in pypdf.PdfReader(base / "rulebook-living-a4.pdf").pages[:3]
    )
    assert " ".join(MARKUP.split()) in " ".join(pdf.split())
    assert MARKUP in (base / "rules-living.txt").read_text(encoding="utf-8")
    html = (base / "rules-living.html").read_text(encoding="utf-8")
    assert "{{ 7*7 }} {% if true %}IF{% endif %} &lt;b&gt;bold&lt;/b&gt;" in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; &amp;lt;x&amp;gt;" in html
    assert "<script>alert" not in html and "49" not in html.split("7*7")[1][:40]


def test_no_traceback_from_a_real_process_on_a_broken_file(tmp_path: Path) -> None:
    from tests.conftest import run_casebook

    shutil.copytree(RULESETS / GAME, tmp_path / GAME)
    (tmp_path / GAME / "game.yaml").write_bytes(b"\xff\xfe" + "title: x\n".encode("utf-16-le"))
    result = run_casebook("validate", GAME, "--rulesets", str(tmp_path))
    assert result.returncode in (1, 2)
    assert "Traceback" not in result.stderr
    assert "game.yaml:1:1: error: LOAD006 file is UTF-16 text" in result.stderr
    assert os.listdir(tmp_path) == [GAME]


@pytest.mark.parametrize(
    "game,file,old,new,expected",
    [
        (
            "plan-vert",
            "maps.yaml",
            "size: {width: 18, height: 6, unit: in}",
            "size: {width: 2979091073796, height: 6, unit: in}",
            "FIT003 map 'main-table': a 7.56689e+13 × 152.4 mm mat needs more than 200 pages",
        ),
        (
            "plan-vert",
            "maps.yaml",
            "size: {width: 18, height: 6, unit: in}",
            "size: {width: 29790910737961416, height: 6, unit: in}",
            "LOAD013 '29790910737961416' is too big a number",
        ),
        (  # 1e308 inches is infinite in mm: the tiling's arithmetic raised OverflowError
            "plan-vert",
            "maps.yaml",
            "size: {width: 18, height: 6, unit: in}",
            "size: {width: 1.0e+308, height: 6, unit: in}",
            "FIT003 map 'main-table': a inf × 152.4 mm mat needs more than 200 pages",
        ),
        (  # a margin of 10^400 inches: the sheet planner made NaN of it
            "maquis",
            "layouts.yaml",
            "    size: poker\n",
            "    size: poker\n    sheet: {margin: 1" + "0" * 400 + "in}\n",
            "MODEL007 layout 'named-card': margin inf mm is no margin a sheet can have",
        ),
        (
            "maquis",
            "layouts.yaml",
            "    size: poker\n",
            "    size: poker\n    bleed: 25mm\n",
            "MODEL007 layout 'named-card': bleed 25 mm is no bleed a sheet can have",
        ),
        (
            "plan-vert",
            "tables.yaml",
            "roll_column: to_hit",
            "roll_column: to-hit",
            "MODEL010 table",
        ),
    ],
)
def test_values_no_game_can_have_are_located_errors(
    game: str, file: str, old: str, new: str, expected: str, tmp_path: Path, capsys
) -> None:
    shutil.copytree(RULESETS / game, tmp_path / game)
    _edit(tmp_path / game / file, old, new)
    out = tmp_path / "out"
    status = main(["build", game, "--rulesets", str(tmp_path), "--out", str(out), *BUILD])
    err = capsys.readouterr().err
    assert status == 2, err
    assert expected in err and f"{file}:" in err, err
    assert not out.exists() or not list(out.rglob("*.pdf"))


def test_absurdly_long_text_still_lays_out(tmp_path: Path, capsys) -> None:
    """A heading longer than a page, and a table cell taller than one, make a book."""
    shutil.copytree(RULESETS / GAME, tmp_path / GAME)
    _edit(
        tmp_path / GAME / "rules/02-end-of-the-game.yaml",
        "title:",
        "title: " + "word " * 3000 + "#",
    )
    params = tmp_path / GAME / "parameters.yaml"
    _edit(params, "value: ", "value: " + "word " * 3000 + "#")
    out = tmp_path / "out"
    status = main(["build", GAME, "--rulesets", str(tmp_path), "--out", str(out), *BUILD, "-q"])
    assert status == 0, capsys.readouterr().err
    assert (out / GAME / "en" / "rulebook-living-a4.pdf").stat().st_size > 10_000


def test_two_games_that_translate_each_other_are_refused_not_recursed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for game, other in (("maquis", "plan-vert"), ("plan-vert", "maquis")):
        shutil.copytree(RULESETS / game, tmp_path / game)
        _edit(tmp_path / game / "game.yaml", "\ntitle:", f"\ntranslation_of: {other}\ntitle:")
    status = main(["validate", "maquis", "--rulesets", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 1, err
    assert (
        "MODEL011 translation_of 'maquis' leads back to this game (maquis -> plan-vert -> " in err
    )
    assert "internal error" not in err


def test_an_id_range_of_a_hundred_million_is_refused_unexpanded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(RULESETS / "liberation", tmp_path / "liberation")
    _edit(
        tmp_path / "liberation/components/c-finale.yaml",
        "from: 51, to: 56}",
        "from: 1, to: 100000000}",
    )
    status = main(["validate", "liberation", "--rulesets", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 1, err
    lines = (tmp_path / "liberation/components/c-finale.yaml").read_text(encoding="utf-8")
    line = lines.splitlines().index('    ids: {format: "T0{n}", from: 1, to: 100000000}') + 1
    assert f"c-finale.yaml:{line}:10: error: MODEL007 component" in err, err
    assert "number 100,000,000 items, more than any deck or counter mix" in err


def test_a_font_of_exactly_the_largest_size_is_not_refused(tmp_path: Path, capsys) -> None:
    """Sizes arrive through millimetres; 500pt read back as 500.00000000000006 pt and was
    refused as "above 500 pt"."""
    shutil.copytree(RULESETS / GAME, tmp_path / GAME)
    _edit(tmp_path / GAME / "layouts.yaml", "size: 12pt", "size: 500pt")
    main(["validate", GAME, "--rulesets", str(tmp_path)])
    err = capsys.readouterr().err
    assert "larger than any card prints" not in err
    _edit(tmp_path / GAME / "layouts.yaml", "size: 500pt", "size: 500.01pt")
    main(["validate", GAME, "--rulesets", str(tmp_path)])
    assert "larger than any card prints" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("items", "said"),
    [
        ("*a", "LOAD003 and more: the file has more than 50 aliases, and only the first 50"),
        ("ab", "SCHEMA001 rules[49]: and more: this file has schema errors at more than 50"),
    ],
)
def test_a_hundred_thousand_faults_in_one_file_are_said_fifty_times(
    items: str, said: str, tmp_path: Path
) -> None:
    """Found by a probe: a million aliases (or wrong list items) in 3 MB of YAML were a
    million findings: 83 s, 4.5 GB and two million lines of output."""
    from tests.conftest import run_casebook

    rulesets = tmp_path / "rulesets"
    shutil.copytree(RULESETS / "maquis", rulesets / "maquis")
    (rulesets / "maquis" / "rules" / "50-many.yaml").write_text(
        "x: &a lol\nrules: [" + ",".join([items] * 100_000) + "]\n", encoding="utf-8"
    )
    result = run_casebook("lint", "--no-cache", "--rulesets", str(rulesets), "maquis")
    assert result.returncode == 2
    assert said in result.stderr
    said_here = [line for line in result.stderr.splitlines() if "/50-many.yaml:" in line]
    assert len([line for line in said_here if ": error: " in line]) == 51, said_here[-3:]


@pytest.mark.parametrize("name", ["rules", "l10n", "tables"])
def test_a_file_where_a_folder_belongs_is_said_at_it(name: str, tmp_path: Path, capsys) -> None:
    """Found by a probe: a file named rules was looked inside, nothing was found, and the
    only words were errata naming rules that did not exist; a game with no errata lost
    its rules without a word. A file named l10n was ignored."""
    game = tmp_path / GAME
    shutil.copytree(RULESETS / GAME, game)
    if (game / name).is_dir():
        shutil.rmtree(game / name)
    (game / name).write_text(f"{name}: []\n", encoding="utf-8")
    status = main(["lint", GAME, "--rulesets", str(tmp_path), "--no-cache"])
    err = capsys.readouterr().err
    assert status == 2, err
    assert f"{GAME}/{name}:1:1: error: LOAD009 expected a folder here ({name}/), found a file" in (
        err
    )


def test_a_translated_card_the_fonts_cannot_draw_is_said_at_its_catalog_entry(
    tmp_path: Path,
) -> None:
    """Found by a probe: it was placed at the Italian card's YAML line, which holds no
    such character; the translator mends it in the catalog."""
    from compiler.backends.pdf.glyphs import check_glyphs
    from compiler.diagnostics import CompileError
    from compiler.pipeline import front_end

    game = tmp_path / "liberation"
    shutil.copytree(RULESETS / "liberation", game)
    catalog = game / "l10n" / "en.po"
    text = catalog.read_text(encoding="utf-8")
    entry = 'msgctxt "card:tessere-personaggio:personaggio-louis:text"'
    at = text.index(entry)
    line = text.count("\n", 0, at) + 1
    start = text.index('msgstr "', at)
    catalog.write_text(text[:start] + 'msgstr "漢' + text[start + 8 :], encoding="utf-8")
    fe = front_end(game, tmp_path, "living", "en")
    assert fe.game is not None
    with pytest.raises(CompileError) as raised:
        check_glyphs(fe.game)
    said = [f for f in raised.value.findings if "personaggio-louis" in f.message]
    assert [(f.location.path, f.location.line) for f in said] == [("liberation/l10n/en.po", line)]
    # the card sheet's own check, setting the tile's region, says it at the entry too
    from compiler.backends.cards import face_items

    deck = next(d for d in fe.game.decks if d.id == "tessere-personaggio")
    layout = next(lay for lay in fe.game.layouts if lay.id == deck.layout)
    with pytest.raises(CompileError) as region:
        face_items(fe.game, deck, layout)
    (finding,) = region.value.findings
    assert "region 'power'" in finding.message
    assert (finding.location.path, finding.location.line) == ("liberation/l10n/en.po", line)
