"""What Casebook reads from its environment, refused by name when it cannot mean what it
names (compiler/environment.py); found by a probe of every verb's environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT


def _casebook(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "compiler", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("value", ["²", "9" * 5000, "0", "-1", "two"])
def test_casebook_jobs_that_is_no_number_of_processes_is_refused(value: str) -> None:
    """'²' passed str.isdigit and crashed int() (an internal error in lint and build);
    5,000 digits passed it and crashed int() too; 0, -1 and words were ignored silently."""
    result = _casebook("lint", "plan-vert", "--no-cache", CASEBOOK_JOBS=value)
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("casebook: CASEBOOK_JOBS=")
    assert "is not a number of processes" in line and "CASEBOOK_JOBS=2" in line
    assert "internal error" not in result.stderr


def test_another_source_date_epoch_is_another_build(tmp_path: Path) -> None:
    """The PDFs carry SOURCE_DATE_EPOCH as their CreationDate, but it was not part of the
    build's stamp: built again for another date, the build said "up to date" and kept
    the old date."""
    out = tmp_path / "out"
    args = ("build", "plan-vert", "--out", str(out), "--edition", "living", "--paper", "a4")
    first = _casebook(*args, SOURCE_DATE_EPOCH="1000000000")
    assert first.returncode == 0, first.stderr
    again = _casebook(*args, SOURCE_DATE_EPOCH="1500000000")
    assert again.returncode == 0, again.stderr
    assert "up to date" not in again.stdout + again.stderr
    pdf = PdfReader(out / "plan-vert" / "en" / "quickref-a4.pdf")
    assert str(pdf.metadata["/CreationDate"]).startswith("D:20170714")
    same = _casebook(*args, SOURCE_DATE_EPOCH="1500000000")
    assert "up to date" in same.stdout + same.stderr


def test_no_home_at_all_means_no_cache_not_an_internal_error(monkeypatch, tmp_path) -> None:
    """A container's user with no passwd entry and no HOME (docker run --user 12345):
    Path.home() raises, and lint, `l10n status` and a translated build ended as an
    internal error. The cache is only worth time: with no home there is none."""
    from compiler import cache

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    where = cache.cache_dir()
    cache.store(where / "lint" / "x.pickle", b"data")  # skipped, not raised
    assert cache.read_entry(where / "lint" / "x.pickle") is None
    assert not where.exists()


def test_a_dictionary_folder_name_too_long_to_look_in_is_passed_over(tmp_path: Path) -> None:
    """is_file() and is_dir() let ENAMETOOLONG out: lint, build and `l10n status` ended
    as an internal error when CASEBOOK_DICTIONARIES named a 300-character folder."""
    long = str(tmp_path / ("a" * 300))
    lint = _casebook("lint", "maquis", "--no-cache", CASEBOOK_DICTIONARIES=long)
    assert lint.returncode == 0, lint.stderr
    status = _casebook("l10n", "status", "liberation", CASEBOOK_DICTIONARIES=long)
    assert status.returncode == 0, status.stderr


def test_a_home_that_is_a_file_does_not_stop_a_build(tmp_path: Path) -> None:
    """ReportLab runs ~/.reportlab_mods and ~/.reportlab_settings when first imported:
    with HOME a file the import failed (NotADirectoryError), and a user's own settings
    there would change the PDFs. Casebook stands empty modules in for them."""
    home = tmp_path / "home-file"
    home.write_text("not a folder")
    result = _casebook(
        "build", "plan-vert", "-q", "--out", str(tmp_path / "out"), "--paper", "a4",
        HOME=str(home),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "plan-vert" / "en" / "quickref-a4.pdf").is_file()
