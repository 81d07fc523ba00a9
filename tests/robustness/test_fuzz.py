"""Fuzzing the front door: no input makes Casebook print a traceback.

The requirement: every failure is a located message (``file:line:col: CODE
message``, or a ``casebook:`` sentence where there is no place to name) and a
known exit status (``validate`` 1 for findings, ``build`` 2), and a build that
stops leaves everything already built as it was.

Real rulesets are copied once into a temporary ``rulesets/`` folder. Each
Hypothesis example damages ONE file of that copy, either as text (a line
deleted, a NUL inserted, the file re-encoded as UTF-16...) or as data (a key
deleted, a value swapped for one of another type, Jinja2 or ReportLab markup
put where text goes...), runs the CLI in-process on it, and puts the file
back. The run must end in a clean build or a clean error within RUN_LIMIT
seconds: never an exception, never main()'s last-resort "internal error".

The sample CI runs is fixed (``derandomize=True``) and small, so it meets a
rare crash rarely; the damage longer runs found is kept as named seeds
(``test_seeds_the_fuzzer_found``), each checked on every run. To hunt for
new crashes, run many random examples, and again with other seeds::

    CASEBOOK_FUZZ_EXAMPLES=2000 pytest tests/robustness/test_fuzz.py -k never --hypothesis-seed=1

then add what it finds to LINT_SEEDS or BUILD_SEEDS.
"""

from __future__ import annotations

import contextlib
import copy
import io
import math
import os
import re
import shutil
import signal
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from unittest import mock

import pytest
import yaml
from hypothesis import currently_in_test_context, event, given, settings
from hypothesis import strategies as st

from compiler import cli
from tests.conftest import RULESETS

# Two small rulesets that between them reach most of the compiler: maquis has
# cards, layouts and maps (the print-and-play kit); plan-vert has many rule
# files, long tables and errata. In-process, a damaged game validates and
# lints in about 50 ms and builds (living edition, A4) in about 250 ms.
GAMES = ("maquis", "plan-vert")

# CI: the same fixed sample every run (derandomize), about 20 s in all.
# Locally, CASEBOOK_FUZZ_EXAMPLES=N runs N random examples per test instead.
_EXPLORE = int(os.environ.get("CASEBOOK_FUZZ_EXAMPLES", "0"))
FUZZ = settings(
    max_examples=_EXPLORE or 200,
    derandomize=not _EXPLORE,
    database=None,  # nothing written into the repository (.hypothesis/)
    deadline=None,  # a run takes 10-500 ms by the damage done; RUN_LIMIT catches hangs
)
BUILD_EXAMPLES = _EXPLORE or 60  # a build renders PDFs: fewer examples


# --------------------------------------------------------------------------
# The files to damage


def _source_files() -> list[tuple[str, str]]:
    """(game, path relative to the game folder) of every YAML file, sorted."""
    return sorted(
        (game, path.relative_to(RULESETS / game).as_posix())
        for game in GAMES
        for path in (RULESETS / game).rglob("*.yaml")
    )


SOURCE_FILES = _source_files()


@cache
def _original(game: str, rel: str) -> str:
    return (RULESETS / game / rel).read_text(encoding="utf-8")


@dataclass(frozen=True)
class Damaged:
    """One file of one game with a mutation applied; the repr says what was done."""

    game: str
    file: str
    what: str
    data: bytes = field(repr=False)

    def __repr__(self) -> str:  # what Hypothesis prints for a falsifying example
        return f"Damaged({self.game}/{self.file}: {self.what})"

    @contextlib.contextmanager
    def applied(self, rulesets: Path) -> Iterator[Path]:
        """Write the damaged bytes in place for the duration of the block."""
        path = rulesets / self.game / self.file
        before = path.read_bytes()
        path.write_bytes(self.data)
        try:
            yield path
        finally:
            path.write_bytes(before)


# --------------------------------------------------------------------------
# Text-level mutations: what an editor, a bad merge or a wrong encoding does

# Characters YAML, ReportLab or a terminal treat specially, beside any character.
ODD_CHARS = st.one_of(
    st.sampled_from(
        [
            "\t",
            "\x00",
            "\x07",
            "\x1b",
            "\x7f",
            "\x85",  # NEL: a YAML line break
            "\u2028",  # LINE SEPARATOR
            "\u200f",  # RIGHT-TO-LEFT MARK
            "\u202e",  # RIGHT-TO-LEFT OVERRIDE
            "\ufeff",  # a BOM in the middle
            "\U0001f600",  # outside the BMP
            "\ud800",  # a lone surrogate: not encodable, written as invalid UTF-8
            *":#'\"{}[]&*!|>%@`-?,",  # YAML indicators
            "<",  # a tag, to ReportLab and HTML
        ]
    ),
    st.characters(),
)


def _encode(text: str) -> bytes:
    return text.encode("utf-8", errors="surrogatepass")


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True) or [""]


@st.composite
def delete_line(draw: st.DrawFn, text: str) -> tuple[str, bytes]:
    lines = _lines(text)
    i = draw(st.integers(0, len(lines) - 1))
    return f"delete line {i + 1}", _encode("".join(lines[:i] + lines[i + 1 :]))


@st.composite
def duplicate_line(draw: st.DrawFn, text: str) -> tuple[str, bytes]:
    lines = _lines(text)
    i = draw(st.integers(0, len(lines) - 1))
    return f"duplicate line {i + 1}", _encode("".join(lines[: i + 1] + lines[i:]))


@st.composite
def insert_char(draw: st.DrawFn, text: str) -> tuple[str, bytes]:
    at = draw(st.integers(0, len(text)))
    char = draw(ODD_CHARS)
    line = text.count("\n", 0, at) + 1
    return f"insert {char!r} at offset {at} (line {line})", _encode(text[:at] + char + text[at:])


@st.composite
def truncate(draw: st.DrawFn, text: str) -> tuple[str, bytes]:
    at = draw(st.integers(0, len(text)))
    return f"truncate at offset {at} of {len(text)}", _encode(text[:at])


@st.composite
def reindent(draw: st.DrawFn, text: str) -> tuple[str, bytes]:
    lines = _lines(text)
    i = draw(st.integers(0, len(lines) - 1))
    indent = draw(st.sampled_from(["", " ", "   ", "\t", "  \t", "        "]))
    lines[i] = indent + lines[i].lstrip(" \t")
    return f"indent line {i + 1} with {indent!r}", _encode("".join(lines))


def re_encode(text: str) -> st.SearchStrategy[tuple[str, bytes]]:
    """The whole file as another encoding would save it, or emptied."""
    return st.sampled_from(
        [
            ("add a UTF-8 BOM", b"\xef\xbb\xbf" + _encode(text)),
            ("re-encode as latin-1", text.encode("latin-1", errors="replace")),
            ("re-encode as UTF-16 (with BOM)", text.encode("utf-16")),
            ("re-encode as UTF-16-LE (no BOM)", text.encode("utf-16-le")),
            ("replace with an empty file", b""),
            ("replace with whitespace", b"   \n\t\n"),
            ("use CRLF line ends", _encode(text.replace("\n", "\r\n"))),
        ]
    )


def text_mutation(text: str) -> st.SearchStrategy[tuple[str, bytes]]:
    return st.one_of(
        delete_line(text),
        duplicate_line(text),
        insert_char(text),
        truncate(text),
        reindent(text),
        re_encode(text),
    )


# --------------------------------------------------------------------------
# Data-level mutations: well-formed YAML whose content the schemas must judge

# Text that a template engine, ReportLab's paragraph markup, a browser, a
# terminal or a file system would act on, where a name, a rule's words or a
# layout's ``show`` template goes.
ODD_TEXTS = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            "x\n",  # passes a "^[a-z]...$" pattern: Python's $ matches before \n
            "x" * 20_000,
            "word " * 3_000,
            "{{ 7*7 }}",
            "{{ card.nope }}",
            "{{ 1/0 }}",
            "{{ card.__class__.__mro__ }}",
            "{% for x in range(10**9) %}x{% endfor %}",
            "{% if %}",
            "{{",
            "<b>bold",
            "</para>",
            '<font name="x">x</font>',
            '<img src="/etc/passwd"/>',
            '<a href="#nowhere">x</a>',
            "<script>alert(1)</script>",
            "&bogus; &#0; &#x110000;",
            "\x00\x01\x1b[31m\x7f",
            "\u202eevil\u200f",
            "\U0001f600" * 3,
            "\u0600\u0627\u0644",  # Arabic: no glyph in the embedded fonts
            "../../escape",
            "/tmp/absolute",
            "%s %(x)s {0} {}",
            'say "hi"',  # a quote inside an attribute value
            "O'Brien",
            "see rule 99.99.99",
            "8.6.9d",
            "1d6",
            "2-",
            "#zzzzzz",
            "-5mm",
            "0mm",
            "9999mm",
            "1e999pt",
        ]
    ),
    st.text(max_size=20),
)

# Numbers where a count, a size, a roll or a position goes.
ODD_NUMBERS = st.one_of(
    st.sampled_from([0, -1, 1, 2, 7, 1000, 10**6, 2**31, 2**63, -(10**9), 0.5, 1e-300, 1e308]),
    st.sampled_from([math.nan, math.inf, -math.inf]),
    st.integers(),
    st.floats(),
)

# A value of any type: the schemas must refuse what the model cannot take.
ODD_VALUES = st.one_of(
    st.sampled_from([None, True, False, [], {}, [None], {"": None}, [[]]]),
    ODD_NUMBERS,
    ODD_TEXTS,
    st.lists(st.integers() | st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)

Path_ = tuple[str | int, ...]


def _nodes(value: object, at: Path_ = ()) -> Iterator[tuple[Path_, object]]:
    """Every (JSON path, value) in a parsed YAML document, root first."""
    yield at, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _nodes(item, (*at, i))


def _shown(at: Path_) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in at)


def _get(data: object, at: Path_) -> object:
    for step in at:
        data = data[step]  # type: ignore[index]
    return data


def _dump(data: object, original: str) -> bytes:
    """Back to YAML, keeping the schema modeline so only the damage is reported."""
    first = original.splitlines()[0] if original else ""
    head = first + "\n" if first.startswith("#") else ""
    return _encode(head + yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


@st.composite
def data_mutation(draw: st.DrawFn, text: str) -> tuple[str, bytes]:
    """One change to the parsed document; most keep its shape, so later stages see them."""
    data = yaml.safe_load(text)
    nodes = list(_nodes(data))
    typed = {
        "any": [at for at, _ in nodes],
        "text": [at for at, v in nodes if isinstance(v, str)],
        "number": [at for at, v in nodes if type(v) in (int, float)],
        "key": [at for at, _ in nodes if at and isinstance(at[-1], str)],
        "mapping": [at for at, v in nodes if isinstance(v, dict)],
        "list": [at for at, v in nodes if isinstance(v, list) and v],
    }
    ops = {
        "replace text": ("text", ODD_TEXTS),
        "replace number": ("number", ODD_NUMBERS),
        "retype": ("any", ODD_VALUES),
        "delete key": ("key", None),
        "add key": ("mapping", ODD_VALUES),
        "duplicate item": ("list", None),
        "empty list": ("list", None),
    }
    op = draw(st.sampled_from([op for op, (kind, _) in ops.items() if typed[kind]]))
    kind, values = ops[op]
    at = draw(st.sampled_from(typed[kind]))
    if not at and values is not None and op != "add key":
        value = draw(values)
        return f"replace the document by {value!r:.60}", _dump(value, text)
    if op == "add key":
        key = draw(st.sampled_from(["unexpected", "x-extra", "Id", ""]) | st.text(max_size=8))
        value = draw(values)
        _get(data, at)[key] = value  # type: ignore[index]
        what = f"add {_shown((*at, key))} = {value!r:.60}"
    elif values is not None:
        value = draw(values)
        _get(data, at[:-1])[at[-1]] = value  # type: ignore[index]
        what = f"replace {_shown(at)} by {value!r:.60}"
    elif op == "delete key":
        del _get(data, at[:-1])[at[-1]]  # type: ignore[attr-defined]
        what = f"delete {_shown(at)}"
    elif op == "duplicate item":
        items = _get(data, at)
        i = draw(st.integers(0, len(items) - 1))  # type: ignore[arg-type]
        # a copy: the same object twice would be dumped as an anchor and an alias
        items.insert(i, copy.deepcopy(items[i]))  # type: ignore[attr-defined]
        what = f"duplicate {_shown((*at, i))}"
    else:
        _get(data, at).clear()  # type: ignore[attr-defined]
        what = f"empty the list {_shown(at)}"
    return what, _dump(data, text)


@st.composite
def damaged_files(draw: st.DrawFn) -> Damaged:
    """One real ruleset file, damaged once as text or as data."""
    game, rel = draw(st.sampled_from(SOURCE_FILES))
    text = _original(game, rel)
    what, data = draw(st.one_of(text_mutation(text), data_mutation(text)))
    return Damaged(game, rel, what, data)


# --------------------------------------------------------------------------
# Running the CLI and judging what it printed

# located findings (compiler/diagnostics.py Finding.headline: path:line:col: severity:
# CODE message) and sentences about the command line itself (compiler/cli.py).
LOCATED = re.compile(
    r"^(?P<path>[^\s:][^:\n]*):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning|info): "
    r"(?P<code>[A-Z][A-Z0-9]*\d{3}) \S",
    re.MULTILINE,
)
CASEBOOK_SENTENCE = re.compile(r"^casebook[\w ]*: \S", re.MULTILINE)
INTERNAL_ERROR = re.compile(r"internal error|this is a bug", re.IGNORECASE)


@dataclass(frozen=True)
class Run:
    argv: tuple[str, ...]
    status: object
    out: str
    err: str


def _reraise(err: BaseException, *_: object) -> int:
    raise err


class _Hung(BaseException):
    """Raised by the alarm: not an Exception, so no ``except Exception`` in Casebook eats it."""


# No input should keep Casebook busy this long: an unmutated run takes under a second.
RUN_LIMIT = 5.0


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Stop a run that hangs (a map 3e16 mm wide…) instead of hanging the suite."""
    if not hasattr(signal, "setitimer"):  # not on Windows: no limit there
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise _Hung

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(*argv: str) -> Run:
    """``casebook ARGV`` in-process; a crash propagates with the command as a note.

    main() turns an unexpected exception into a one-line "internal error"
    (cli._internal_error). That is the last line of defence, not a clean
    error: it names no place and nothing expected. Here it re-raises, so a
    failing example shows the real traceback.
    """
    out, err = io.StringIO(), io.StringIO()
    command = "casebook " + " ".join(argv)
    try:
        with (
            _time_limit(RUN_LIMIT),
            mock.patch.object(cli, "_internal_error", _reraise, create=True),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            status = cli.main(list(argv))
    except _Hung as hung:
        where = "".join(traceback.format_tb(hung.__traceback__)[-3:])
        pytest.fail(f"{command} still running after {RUN_LIMIT:g} s, in:\n{where}", pytrace=False)
    except SystemExit as exc:  # argparse: not expected for these fixed arguments
        pytest.fail(f"{command} exited via SystemExit({exc.code})\n{err.getvalue()}")
    except Exception as exc:
        exc.add_note(f"{command} crashed; its stderr:\n{err.getvalue()}")
        raise
    return Run(argv, status, out.getvalue(), err.getvalue())


def assert_clean(run: Run, root: Path, allowed: set[int], report: str) -> None:
    """The exit status is one the verb documents, and any failure is said and placed.

    ``report`` is the text the verb's findings go to (stderr; lint's are on
    stdout). Every ``file:line:col`` must name a file under ``root`` and a
    line it has: a location nobody can go to is not a location.
    """
    shown = f"casebook {' '.join(run.argv)} -> {run.status!r}\n{run.err[-3000:]}"
    assert type(run.status) is int and run.status in allowed, shown
    assert "Traceback" not in run.err and "Traceback" not in run.out, shown
    assert not INTERNAL_ERROR.search(run.err), f"a crash, caught by main()\n{shown}"
    if run.status != 0:
        assert LOCATED.search(report) or CASEBOOK_SENTENCE.search(run.err), (
            "a failure must say where (file:line:col: severity: CODE message) or be a "
            f"'casebook:' sentence\n{shown}"
        )
    for m in LOCATED.finditer(report):
        path = root / m["path"]
        assert path.is_file(), f"located at a file that does not exist: {m[0]}\n{shown}"
        lines = path.read_bytes().count(b"\n") + 1
        assert 1 <= int(m["line"]) <= lines and int(m["col"]) >= 1, (
            f"located outside the file ({lines} lines): {m[0]}\n{shown}"
        )


# --------------------------------------------------------------------------
# The workspace: copied rulesets, and one clean build of each game


@dataclass(frozen=True)
class Workspace:
    root: Path  # what locations are shown relative to
    rulesets: Path
    baseline: Path  # build/ of the unmutated games
    built: dict[str, bytes]  # relative path -> bytes of every file in baseline


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _build_args(ws: Workspace, game: str, out: Path) -> tuple[str, ...]:
    return (
        "build",
        game,
        "--rulesets",
        str(ws.rulesets),
        "--edition",
        "living",
        "--paper",
        "a4",
        "--out",
        str(out),
    )


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    root = tmp_path_factory.mktemp("fuzz")
    rulesets = root / "rulesets"
    for game in GAMES:
        shutil.copytree(RULESETS / game, rulesets / game)
    baseline = root / "baseline"
    ws = Workspace(root, rulesets, baseline, {})
    for game in GAMES:
        run = run_cli(*_build_args(ws, game, baseline))
        assert run.status == 0, run.err
    ws.built.update(_snapshot(baseline))
    return ws


def test_the_unmutated_copies_are_clean(workspace: Workspace) -> None:
    """The baseline: without damage every game validates, lints and has built."""
    for game in GAMES:
        for verb in ("validate", "lint"):
            run = run_cli(verb, "--rulesets", str(workspace.rulesets), game)
            assert run.status == 0, run.err + run.out
        assert any(p.startswith(f"{game}/") for p in workspace.built)


def check_validate_and_lint(ws: Workspace, damaged: Damaged) -> None:
    """validate (living edition) and lint (original) on a damaged file: a clean verdict."""
    rulesets = str(ws.rulesets)
    with damaged.applied(ws.rulesets):
        validate = run_cli("validate", "--rulesets", rulesets, damaged.game)
        assert_clean(validate, ws.root, {0, 1}, validate.err)
        lint = run_cli("lint", "--rulesets", rulesets, damaged.game)
        # lint prints its findings on stdout; "not linted" errors on stderr
        assert_clean(lint, ws.root, {0, 1, 2}, lint.out + lint.err)
    if currently_in_test_context():  # --hypothesis-show-statistics
        event(f"validate {validate.status}, lint {lint.status}")


def check_build(ws: Workspace, damaged: Damaged) -> None:
    """build (living, A4) on a damaged file: a clean build, or exit 2 with the old outputs kept."""
    out = ws.root / "out"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(ws.baseline, out)
    with damaged.applied(ws.rulesets):
        run = run_cli(*_build_args(ws, damaged.game, out))
        assert_clean(run, ws.root, {0, 2}, run.err)
    if currently_in_test_context():
        event(f"build {run.status}")
    if run.status != 0:
        assert _snapshot(out) == ws.built, "a failed build changed the out folder"


@given(damaged=damaged_files())
@FUZZ
def test_validate_and_lint_never_crash(workspace: Workspace, damaged: Damaged) -> None:
    check_validate_and_lint(workspace, damaged)


@given(damaged=damaged_files())
@settings(FUZZ, max_examples=BUILD_EXAMPLES)
def test_build_never_crashes_and_a_failed_build_changes_nothing(
    workspace: Workspace, damaged: Damaged
) -> None:
    check_build(workspace, damaged)


# --------------------------------------------------------------------------
# Seeds: damage the fuzzer found crashing Casebook, kept so that each is
# checked on every run (a random sample of this size meets each one rarely).
# Each names the path it edits; if the ruleset changes so that the path is
# gone, the seed is skipped rather than silently testing something else.


def seed_damage(file: str, at: str, value: object) -> Damaged | None:
    """``file`` ("game/path") with the value at JSON path ``at`` ("decks/0/id") set.

    An empty ``at`` appends ``value`` to the text instead. None when the path
    leads nowhere (the ruleset changed since the seed was found).
    """
    game, rel = file.split("/", 1)
    text = _original(game, rel)
    if not at:
        return Damaged(game, rel, f"append {value!r}", _encode(text + str(value)))
    data = yaml.safe_load(text)
    steps = tuple(int(p) if p.isdigit() else p for p in at.split("/"))
    try:
        parent = _get(data, steps[:-1])
        if isinstance(parent, list):
            parent[steps[-1]]  # type: ignore[index]  # an item that must still be there
        elif not isinstance(parent, dict):
            return None
    except (KeyError, IndexError, TypeError):
        return None
    parent[steps[-1]] = value  # type: ignore[index]
    return Damaged(game, rel, f"set {_shown(steps)} to {value!r:.60}", _dump(data, text))


INF, LONG, SHOW = math.inf, "word " * 3_000, "layouts/0/front/regions/1/show"

# name -> (file, JSON path, new value); checked with validate and lint
LINT_SEEDS = {
    # lint replays the worked examples through the procedures (the EXAMPLE
    # check): parameters and inputs that are not what the operation reads
    "param-inf": ("maquis/procedures.yaml", "procedures/1/params/from_space", INF),
    "faces-inf": ("plan-vert/procedures.yaml", "procedures/0/params/faces/2", -INF),
    "count-faces-inf": ("plan-vert/procedures.yaml", "procedures/3/params/faces/0", INF),
    "with-max-inf": ("plan-vert/procedures.yaml", "procedures/0/steps/0/with/max", -INF),
    "max-items-inf": ("plan-vert/procedures.yaml", "procedures/1/params/max_items", -INF),
    "input-inf": ("maquis/examples.yaml", "examples/0/steps/0/inputs/red_patrol_number", INF),
    "rolls-inf": ("plan-vert/examples.yaml", "examples/4/steps/2/inputs/rolls/0", -INF),
    "name-param-number": ("maquis/procedures.yaml", "procedures/0/params/number", 2),
    "count-param-number": ("maquis/procedures.yaml", "procedures/0/params/count", 1.5),
    "as-param-number": ("plan-vert/procedures.yaml", "procedures/3/params/as", 7),
    "at-most-not-mapping": ("plan-vert/procedures.yaml", "procedures/2/params/at_most", 1),
    "roll-column-unknown": ("plan-vert/tables.yaml", "tables/8/roll_column", "nope"),
    # a line break for YAML that editors do not count: the error lands past the end
    "line-separator": ("plan-vert/rules/11-movement.yaml", "", "# note\u2028x: [\n"),
}

# name -> (file, JSON path, new value); checked with build
BUILD_SEEDS = {
    # ids, numbers and titles that go into PDF anchors and headings
    "card-id-quote": ("maquis/cards.yaml", "decks/0/cards/0/id", 'say "hi"'),
    "card-id-astral": ("maquis/cards.yaml", "decks/0/cards/0/id", "\U0001f600"),
    "rule-number-quote": ("plan-vert/rules/02-zones.yaml", "rules/0/number", 'a"b'),
    "rule-number-newline": ("maquis/rules/01-game-play.yaml", "rules/0/children/0/number", "x\n"),
    # "^[a-z0-9-]+$" lets "x\n" through: Python's $ matches before a final newline
    "erratum-id-newline": ("maquis/errata.yaml", "errata/0/id", "x\n"),
    "rule-number-nbsp": ("plan-vert/rules/14-game-length.yaml", "rules/0/number", "\xa0"),
    "title-over-a-page": ("maquis/rules/02-end-of-the-game.yaml", "rules/0/title", LONG),
    "cell-over-a-page": ("maquis/parameters.yaml", "parameters/16/statements/0/value", LONG),
    "contents-over-a-page": ("plan-vert/rules/16-turn-sequence.yaml", "rules/0/number", "x" * 9999),
    "table-cell-wide-number": ("plan-vert/tables.yaml", "tables/5/rows/2/order", 1e308),
    # a layout's show template and markup (the layout author's, not escaped)
    "show-unknown-filter": ("maquis/layouts.yaml", SHOW, "{{ deck.title | nope }}"),
    "show-unknown-attribute": ("maquis/layouts.yaml", SHOW, "{{ card.nope }}"),
    "show-range": ("maquis/layouts.yaml", SHOW, "{% for x in range(10**9) %}x{% endfor %}"),
    "show-unclosed-tag": ("maquis/layouts.yaml", SHOW, "<b>bold"),
    "show-img": ("maquis/layouts.yaml", SHOW, '<img src="/etc/passwd"/>'),
    # sizes and counts with no upper bound: the build does not end
    "map-width": ("plan-vert/maps.yaml", "maps/0/size/width", 3e16),
    "card-copies": ("maquis/cards.yaml", "decks/0/cards/0/copies", 10**9),
}


@pytest.mark.parametrize(
    ("verb", "name"),
    [("lint", name) for name in LINT_SEEDS] + [("build", name) for name in BUILD_SEEDS],
)
def test_seeds_the_fuzzer_found(workspace: Workspace, verb: str, name: str) -> None:
    """Damage found by longer fuzzing runs, checked on every run.

    A random sample small enough for CI meets each of these rarely, so each
    is kept here: the fuzzer found it once, every run checks it.
    """
    file, at, value = (LINT_SEEDS if verb == "lint" else BUILD_SEEDS)[name]
    damaged = seed_damage(file, at, value)
    if damaged is None:
        pytest.skip(f"{file} has no {at} any more: the seed no longer applies")
    check = check_validate_and_lint if verb == "lint" else check_build
    check(workspace, damaged)
