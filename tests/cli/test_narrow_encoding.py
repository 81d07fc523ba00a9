"""Standard output in an encoding narrower than the rules' text (ASCII under some CI
runners, cp1252 when Windows redirects to a file): the characters it lacks are
written as JSON escapes, the reports stay valid JSON, and nothing fails."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

GAME = "liberation"  # Italian text, «guillemets» and arrows in its messages


def _lint(encoding: str, *args: str, verb: str = "lint") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "compiler", verb, GAME, *args],
        cwd=ROOT,
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": encoding},
        check=False,
    )


@pytest.fixture(scope="module")
def utf8_json() -> list:
    result = _lint("utf-8", "--format", "json", "--no-cache")
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout.decode("utf-8"))


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_the_json_report_is_the_same_json(encoding: str, utf8_json: list) -> None:
    result = _lint(encoding, "--format", "json", "--no-cache")
    assert result.returncode in (0, 1), result.stderr.decode(encoding, "replace")
    assert json.loads(result.stdout.decode(encoding)) == utf8_json
    if encoding == "ascii":
        assert b"\\u00ab" in result.stdout  # the guillemet, escaped


def test_the_text_report_escapes_what_ascii_lacks() -> None:
    result = _lint("ascii", "--show-all", "--no-cache")
    assert result.returncode in (0, 1), result.stderr.decode("ascii", "replace")
    text = result.stdout.decode("ascii")  # raises if anything is not ASCII
    assert "internal error" not in result.stderr.decode("ascii", "replace")
    assert "\\u00abcon un risultato" in text


def test_an_encoding_named_with_its_own_way_is_left_alone() -> None:
    result = _lint("ascii:replace", "--show-all", "--no-cache")
    assert result.returncode in (0, 1)
    assert "?con un risultato" in result.stdout.decode("ascii")


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_an_export_is_never_altered_and_says_to_write_a_file(tmp_path, encoding: str) -> None:
    """The export is the rules verbatim: escaping would change them without a word.

    cp1252 (a Windows redirect) reports its failures as codec "charmap", and was
    once taken for a bug in Casebook."""
    result = _lint(encoding, "--format", "text", verb="export")
    err = result.stderr.decode("ascii", "replace")
    assert result.returncode == 2
    assert "internal error" not in err
    assert f"standard output's encoding ({encoding}) cannot write" in err and "-o FILE" in err
    assert b"\\u00" not in result.stdout
    written = tmp_path / "rules.txt"
    result = _lint(encoding, "--format", "text", "-o", str(written), verb="export")
    assert result.returncode == 0, result.stderr
    assert "può" in written.read_text(encoding="utf-8")  # written as it is
