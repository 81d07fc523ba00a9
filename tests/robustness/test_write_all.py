"""write_all writes every output or none, even when a folder stands in one's place."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from compiler.diagnostics import CompileError
from compiler.write import Output, write_all


def test_a_folder_where_an_output_goes_leaves_every_output_as_it_was(tmp_path: Path) -> None:
    """Found by the adversarial hunt: files before the folder were swapped in, the rest
    stayed old, and temporaries were left behind."""
    (tmp_path / "a.txt").write_text("old a")
    (tmp_path / "b.txt").mkdir()
    (tmp_path / "c.txt").write_text("old c")
    outputs = [Output(name, b"new") for name in ("a.txt", "b.txt", "c.txt")]
    with pytest.raises(CompileError) as caught:
        write_all(outputs, tmp_path)
    (finding,) = caught.value.findings
    assert finding.code == "LOAD009"
    assert str(finding.location) == f"{(tmp_path / 'b.txt').as_posix()}:1:1"
    assert (tmp_path / "a.txt").read_text() == "old a"
    assert (tmp_path / "c.txt").read_text() == "old c"
    assert not list(tmp_path.glob(".casebook-*.tmp"))


def test_a_swap_failing_half_way_puts_the_earlier_files_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rename that fails after others worked (a full disk, a remount, a folder put in
    place meanwhile) must not leave a mix of new and old files: the hunt's open case."""
    (tmp_path / "a.txt").write_text("old a")
    (tmp_path / "c.txt").write_text("old c")
    real_replace = os.replace
    calls = []

    def failing_replace(src: object, dst: object) -> None:
        calls.append(Path(str(dst)).name)
        if Path(str(dst)).name == "c.txt":
            raise OSError(errno.ENOSPC, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", failing_replace)
    outputs = [Output(name, b"new") for name in ("a.txt", "b.txt", "c.txt")]
    with pytest.raises(CompileError) as caught:
        write_all(outputs, tmp_path)
    monkeypatch.undo()
    assert calls[:3] == ["a.txt", "b.txt", "c.txt"]  # the failure came after two swaps
    (finding,) = caught.value.findings
    assert finding.code == "OUT001"
    assert "No space left on device" in finding.message
    assert "free some space" in (finding.suggestion or "")
    assert (tmp_path / "a.txt").read_text() == "old a"
    assert not (tmp_path / "b.txt").exists()  # new, so taken away again
    assert (tmp_path / "c.txt").read_text() == "old c"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "c.txt"]


def test_a_swap_that_works_leaves_no_kept_copies(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("old a")
    changed = write_all([Output("a.txt", b"new a"), Output("d/b.txt", b"b")], tmp_path)
    assert [p.name for p in changed] == ["a.txt", "b.txt"]
    assert (tmp_path / "a.txt").read_bytes() == b"new a"
    assert not list(tmp_path.rglob(".casebook-*"))


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        pytest.param(
            lambda root: (root / "out").write_text("x"),
            "is a file, not a folder",
            id="a file where a folder goes",
        ),
        pytest.param(lambda root: root.chmod(0o500), "Permission denied", id="read-only"),
    ],
)
def test_an_unwritable_output_folder_is_a_located_error(
    tmp_path: Path, make: Callable[[Path], object], reason: str
) -> None:
    if reason == "Permission denied" and os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    make(tmp_path)
    try:
        with pytest.raises(CompileError) as caught:
            write_all([Output("out/x.txt", b"x")], tmp_path)
    finally:
        tmp_path.chmod(0o700)
    (finding,) = caught.value.findings
    assert finding.code == "OUT001"
    assert reason in finding.message
    assert finding.location.path == (tmp_path / "out" / "x.txt").as_posix()
    assert not list(tmp_path.rglob(".casebook-*"))


def test_a_folder_that_cannot_be_made_is_a_located_error_even_for_root() -> None:
    """/proc takes no new folders whoever asks, so this case runs where chmod cannot bite."""
    with pytest.raises(CompileError) as caught:
        write_all([Output("x.txt", b"x")], Path("/proc/casebook-no-such/out"))
    (finding,) = caught.value.findings
    assert finding.code == "OUT001"
    assert finding.location.path == "/proc/casebook-no-such/out/x.txt"


def test_new_outputs_follow_the_umask_and_rewritten_ones_keep_their_mode(tmp_path: Path) -> None:
    """Found by the hunt: every file was mode 0600 (a temporary's mode, renamed into
    place), so a web server or another user could not read a build; `l10n update`
    turned a 0644 catalog into 0600."""
    from compiler import write

    (tmp_path / "kept.po").write_text("old")
    (tmp_path / "kept.po").chmod(0o640)
    write_all([Output("new.pdf", b"new"), Output("kept.po", b"new")], tmp_path)
    expected = 0o666 & ~write._umask()
    assert expected & 0o044, "the test needs a umask that lets others read"
    assert (tmp_path / "new.pdf").stat().st_mode & 0o777 == expected
    assert (tmp_path / "kept.po").stat().st_mode & 0o777 == 0o640
