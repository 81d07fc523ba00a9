"""What the system refuses is said, never "internal error": a standard output that is
closed or full, a standard error that is closed, an error handler Python does not know,
names past the file system's 255 bytes, and an ``-o`` that names a folder.

Each case came from an adversarial probe of the command line, and each ended a run
as "a bug in Casebook" before. They run the command as a user does, in a process of
its own, since the streams are the process's.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from compiler import cli
from tests.conftest import ROOT

LONG = "a" * 300  # one part of a path past the 255 bytes file systems allow


def _casebook(*args: str, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=None):
    return subprocess.run(
        [sys.executable, "-m", "compiler", *args],
        cwd=ROOT,
        stdout=stdout,
        stderr=stderr,
        env={**os.environ, **(env or {})},
        check=False,
    )


def _said(result: subprocess.CompletedProcess) -> str:
    err = (result.stderr or b"").decode("utf-8", "replace")
    assert "internal error" not in err and "Traceback" not in err, err
    return err


def _with_closed(fd: int, *args: str) -> subprocess.CompletedProcess:
    """The command run with descriptor ``fd`` closed, as ``>&-`` or ``2>&-`` leaves it;
    the other stream is captured."""
    kept = {"stderr": subprocess.PIPE} if fd == 1 else {"stdout": subprocess.PIPE}
    return subprocess.run(
        [sys.executable, "-m", "compiler", *args],
        cwd=ROOT,
        preexec_fn=lambda: os.close(fd),
        check=False,
        **kept,
    )


@pytest.mark.parametrize("verb", [["ref", "maquis", "Morale"], ["validate", "maquis"]])
def test_a_closed_standard_output_is_said_and_exits_2(verb: list[str]) -> None:
    """validate too: it cannot say its result, so it did not finish."""
    result = _with_closed(1, *verb)
    assert result.returncode == 2
    assert "cannot write to standard output: it is closed" in _said(result)


def test_a_closed_standard_error_keeps_the_exit_status() -> None:
    """Nothing can be said, but the status still tells: 0 for a valid game (it was 1)."""
    result = _with_closed(2, "validate", "maquis")
    assert result.returncode == 0
    assert b"maquis: valid" in result.stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("verb", [["ref", "liberation", "missione"], ["lint", "maquis"]])
def test_a_full_standard_output_is_said_and_exits_2(verb: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        result = _casebook(*verb, stdout=full)
    assert result.returncode == 2
    err = _said(result)
    assert "cannot write to standard output: no space left on device" in err
    assert err.count("cannot write") == 1  # said once, not again at exit


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("verb", [["--help"], ["build", "-h"]])
def test_help_to_a_full_standard_output_is_said_and_exits_2(verb: list[str]) -> None:
    """Found by a probe: argparse's help left the interpreter's exit to flush it, which
    printed a traceback ("Exception ignored") and exited 120."""
    with open("/dev/full", "wb") as full:
        result = _casebook(*verb, stdout=full)
    assert result.returncode == 2
    assert "cannot write to standard output: no space left on device" in _said(result)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("verb", [["lint", "nosuch"], ["validate", "nosuch"], ["explain", "NOPE"]])
def test_a_full_standard_error_keeps_the_exit_status_and_writes_no_crash_report(
    verb: list[str], tmp_path: Path
) -> None:
    """Found by a probe: the error message that could not be written was taken for a bug
    (a crash file), whose own message failed too, and Python exited 1: for lint, the
    status of a run with findings, for a run that did not happen."""
    with open("/dev/full", "wb") as full:
        result = _casebook(*verb, stderr=full, env={"TMPDIR": str(tmp_path)})
    assert result.returncode == 2
    assert not list(tmp_path.glob("casebook-crash-*"))


def test_an_error_handler_python_does_not_know_is_named() -> None:
    result = _casebook("ref", "maquis", "8.6", env={"PYTHONIOENCODING": "ascii:bogus"})
    assert result.returncode == 2
    assert "PYTHONIOENCODING names the error handler 'bogus'" in _said(result)


def test_a_game_name_past_255_bytes_is_no_such_game() -> None:
    result = _casebook("ref", LONG, "8.6")
    assert result.returncode == 2
    err = _said(result)
    assert "no game 'aaaa" in err and "file name too long" in err
    assert LONG not in err  # shortened, not 300 letters


def test_a_rulesets_path_past_255_bytes_cannot_be_opened(tmp_path) -> None:
    result = _casebook("validate", "--rulesets", str(tmp_path / LONG))
    assert result.returncode == 2
    assert "cannot be opened (file name too long)" in _said(result)
    result = _casebook("new", "zz", "--rulesets", str(tmp_path / LONG))
    assert result.returncode == 2
    assert "cannot be made: File name too long" in _said(result)


def test_an_out_past_255_bytes_is_out001_before_anything_is_built(tmp_path) -> None:
    result = _casebook("build", "maquis", "-q", "--out", str(tmp_path / LONG))
    assert result.returncode == 2
    err = _said(result)
    assert "error: OUT001 cannot write the output folder: File name too long" in err
    assert "255 bytes" in err
    assert list(tmp_path.iterdir()) == []


def test_an_export_to_a_name_past_255_bytes_is_out001(tmp_path) -> None:
    result = _casebook("export", "maquis", "-o", str(tmp_path / LONG))
    assert result.returncode == 2
    assert "OUT001 cannot write the file: File name too long" in _said(result)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("verb", "folder"), [(["export", "maquis"], "/"), (["l10n", "extract", "liberation"], ".")]
)
def test_an_output_file_that_names_a_folder_is_refused(verb: list[str], folder: str) -> None:
    result = _casebook(*verb, "-o", folder)
    assert result.returncode == 2
    assert f"'{folder}' names a folder, not a file" in _said(result)


def test_a_value_nested_a_thousand_deep_is_taken_as_words() -> None:
    deep = "[" * 2000 + "]" * 2000
    result = _casebook("resolve", "maquis", "check-morale", f"morale={deep}", "--seed", "3")
    assert result.returncode == 2
    _said(result)


def test_a_value_of_aliases_is_taken_as_words() -> None:
    """Nine lines of YAML aliases are a billion values (18 s, then out of memory)."""
    laughs = "[&a0 [VIP,VIP,VIP,VIP,VIP,VIP,VIP,VIP,VIP,VIP]"
    for i in range(1, 9):
        laughs += f", &a{i} [{','.join([f'*a{i - 1}'] * 10)}]"
    result = _casebook("resolve", "plan-vert", "2", f"zone_items={laughs}]")
    assert result.returncode == 2
    assert "no item '[&a0 [VIP" in _said(result)  # the words typed, not a billion VIPs


def test_a_game_id_ending_in_a_newline_is_not_a_game_id(tmp_path) -> None:
    result = _casebook("new", "abc\n", "--rulesets", str(tmp_path))
    assert result.returncode == 2
    assert "is not a valid game id" in _said(result)
    assert list(tmp_path.iterdir()) == []


def test_a_crash_report_holds_an_argument_that_is_not_utf8(capsys) -> None:
    """Bytes not UTF-8 in argv arrive as lone surrogates; the crash file once failed to
    hold them, and the trace of the bug was lost behind a trace of its own."""
    status = cli._internal_error(RuntimeError("a bug"), ["ref", "x\udcff"])
    assert status == 2
    said = capsys.readouterr().err
    crash = Path(said.rsplit(" ", 1)[-1].strip())
    try:
        assert "casebook ref x\\udcff" in crash.read_text(encoding="utf-8")
        assert "RuntimeError: a bug" in crash.read_text(encoding="utf-8")
    finally:
        crash.unlink()


@pytest.mark.parametrize("verb", [["export", "liberation"], ["ref", "maquis", "1"]])
def test_a_reader_that_leaves_is_no_error(verb: list[str]) -> None:
    """`casebook export | head`: the rest is dropped, exit 0, and no "Exception ignored"
    from Python's own last flush (which exits 120)."""
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first byte
    try:
        result = _casebook(*verb, stdout=write)
    finally:
        os.close(write)
    assert result.returncode == 0
    assert _said(result) == ""


def test_a_long_query_is_answered_at_once_and_shown_short() -> None:
    """'x', 100,000 spaces and '1': the rule-number patterns backtracked for 66 s."""
    query = "x" + " " * 100_000 + "1"
    result = _casebook("ref", "maquis", query)
    assert result.returncode == 1
    said = _said(result)
    assert "nothing in maquis matches 'x" in said and len(said) < 1_000
