"""Write outputs atomically and deterministically.

Everything is rendered in memory first; then each file is written to a
temporary file beside its destination and swapped in with ``os.replace``. If
anything fails before the swap, the previous outputs are untouched. A file
whose bytes have not changed is left alone, so its mtime says when it last
really changed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path, PurePosixPath

from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.paths import exists, is_dir, is_file, resolved


@dataclass(frozen=True, slots=True)
class Output:
    """One file a back end produced: a relative POSIX path and its bytes."""

    path: str
    data: bytes


def safe_join(root: Path, relative: str) -> Path:
    """``root/relative``, refusing absolute paths and '..' escapes."""
    pure = PurePosixPath(relative)
    if pure.is_absolute() or ".." in pure.parts or not pure.parts:
        raise ValueError(f"refusing to write outside the output folder: {relative!r}")
    return root.joinpath(*pure.parts)


def write_all(outputs: Iterable[Output], root: Path, what: str = "file") -> list[Path]:
    """Write every output or none; returns the paths that changed.

    A folder (or a special file) standing where an output goes is a located
    error (LOAD009) raised before any output is swapped in, so the others are
    not left new beside old ones. ``what`` names the output in that message.
    A folder that cannot be made or written to (a file in the way, no
    permission, a full disk) is OUT001 at that path. If a swap itself fails
    part-way, the files already swapped are put back as they were.
    """
    staged: list[tuple[Path, Path]] = []
    try:
        for out in sorted(outputs, key=lambda o: o.path):
            dest = safe_join(root, out.path)
            try:
                in_the_way = dest.exists() and not dest.is_file()
            except OSError as err:  # a name past 255 bytes, a folder nobody may search
                raise CompileError([cannot_write(dest, err, what)]) from None
            if in_the_way:
                raise CompileError([not_a_file(dest, what)])
            if _holds(dest, out.data):
                continue
            staged.append((_stage(dest, out.data, what), dest))
    except BaseException:
        _discard(tmp for tmp, _ in staged)
        raise
    _swap(staged, what)
    return [dest for _, dest in staged]


def _holds(dest: Path, data: bytes) -> bool:
    """Whether ``dest`` already holds ``data`` (then it is not rewritten). A file that
    cannot be read back (unreadable, or /proc/self/mem) does not: writing it says why."""
    try:
        return dest.is_file() and dest.stat().st_size == len(data) and dest.read_bytes() == data
    except OSError:
        return False


def _stage(dest: Path, data: bytes, what: str) -> Path:
    """Write ``data`` to a synced temporary beside ``dest``; OUT001 if the folder refuses."""
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            dir=dest.parent, prefix=".casebook-", suffix=".tmp", delete=False
        ) as handle:
            try:
                os.fchmod(handle.fileno(), _mode_for(dest))
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            except BaseException:
                Path(handle.name).unlink(missing_ok=True)
                raise
    except OSError as err:
        raise CompileError([cannot_write(dest, err, what)]) from None
    return Path(handle.name)


def _mode_for(dest: Path) -> int:
    """The permissions ``dest`` should have: its old ones, else what the umask allows.

    A temporary file is made readable by its owner only; renamed into place
    as it is, every output would be mode 0600, and a web server or another
    user could not read a build another account made.
    """
    try:
        return stat.S_IMODE(dest.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


@cache
def _umask() -> int:
    """The process's umask; reading it means setting it, so it is read once."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _swap(staged: list[tuple[Path, Path]], what: str) -> None:
    """Rename each temporary over its destination, undoing them all if one fails.

    Each old file is kept under a hard link until every rename has worked, so a
    failure half-way (a folder put in place meanwhile, a read-only remount)
    restores the earlier ones and leaves the folder as it was. Where hard links
    are not supported the old file cannot be kept, and the failure is reported
    all the same.
    """
    backups: list[tuple[Path, Path | None]] = []  # (dest, its old bytes' link or None)
    try:
        for tmp, dest in staged:
            backup = _keep(dest)
            try:
                os.replace(tmp, dest)
            except BaseException:
                _discard([backup] if backup else [])
                raise
            backups.append((dest, backup))
    except BaseException as err:
        for dest, backup in reversed(backups):
            try:
                if backup is None:
                    dest.unlink(missing_ok=True)
                else:
                    os.replace(backup, dest)
            except OSError:
                pass  # best effort: the report below names the failure
        _discard(tmp for tmp, _ in staged)
        if isinstance(err, OSError):
            failed = staged[len(backups)][1]
            raise CompileError([cannot_write(failed, err, what)]) from None
        raise
    _discard(backup for _, backup in backups if backup is not None)


def _keep(dest: Path) -> Path | None:
    """A hard link to ``dest``'s current file, to restore it by; None if there is none."""
    if not dest.is_file():
        return None
    backup = dest.with_name(f".casebook-{dest.name}.{os.getpid()}.old.tmp")
    try:
        backup.unlink(missing_ok=True)
        os.link(dest, backup)
    except OSError:
        return None
    return backup


def _discard(paths: Iterable[Path]) -> None:
    """Remove temporaries, ignoring any that are already gone or cannot be removed."""
    for path in paths:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def cannot_write(dest: Path, err: OSError, what: str = "file") -> Finding:
    """OUT001: the operating system refused to write an output, said plainly."""
    reason = err.strerror or str(err)
    hint = "choose a folder you can write to"
    blocker = _blocking_file(dest, folder=what.endswith("folder"))
    if blocker is not None and not is_file(blocker):
        reason = f"{blocker.as_posix()} is a device or special file, not a folder"
        hint = "choose another output folder"
    elif blocker is not None:
        reason = f"{blocker.as_posix()} is a file, not a folder"
        hint = f"choose another output folder, or move {blocker.name} away"
    elif err.errno == errno.ELOOP or resolved(dest) is None:  # mkdir says only EEXIST
        reason = "its path holds links that lead round in a loop"
        hint = "choose another output folder, or mend the links"
    elif isinstance(err, PermissionError):
        hint += ", or change its permissions"
    elif err.errno in (errno.ENOSPC, errno.EDQUOT):
        hint = "free some space (or choose another folder) and try again"
    elif err.errno == errno.ENAMETOOLONG:
        hint = "choose a shorter name: file systems allow 255 bytes for each part of a path"
    return Finding(
        "OUT001",
        Severity.ERROR,
        f"cannot write the {what}: {reason}",
        Location(dest.as_posix(), 1, 1),
        suggestion=hint,
    )


def _blocking_file(dest: Path, folder: bool) -> Path | None:
    """The nearest path that is a file where a folder is needed, if any.

    ``dest`` itself counts when it is meant to be a folder.
    """
    for path in [dest, *dest.parents] if folder else dest.parents:
        if exists(path):
            return path if not path.is_dir() else None
    return None


def ensure_folder(root: Path, what: str = "output folder") -> None:
    """Raise OUT001 at ``root`` if it is not a folder and cannot become one.

    A build checks this first, so a mistyped ``--out`` fails in a moment
    rather than after every game has been rendered. Nothing is made here: a
    build that then fails leaves no empty folder behind.
    """
    try:
        existing = next((p for p in [root, *root.parents] if p.exists()), None)
    except OSError as err:  # a name past 255 bytes: it could never be made
        raise CompileError([cannot_write(root, err, what)]) from None
    if existing is None:
        return
    if not existing.is_dir():
        raise CompileError([cannot_write(root, NotADirectoryError(20, "not a folder"), what)])
    if not os.access(existing, os.W_OK | os.X_OK):
        raise CompileError([cannot_write(root, PermissionError(13, "Permission denied"), what)])


def make_folder(root: Path, what: str = "output folder") -> None:
    """``mkdir -p root``, or OUT001 at it saying why not."""
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CompileError([cannot_write(root, err, what)]) from None


def not_a_file(dest: Path, what: str) -> Finding:
    """LOAD009: an output named where a folder or a device is: named as what it is, and
    never with advice to move a device such as /dev/null away."""
    folder = is_dir(dest)
    found = "folder" if folder else "special file (a device or pipe)"
    return Finding(
        "LOAD009",
        Severity.ERROR,
        f"expected a {what} here, found a {found}",
        Location(dest.as_posix(), 1, 1),
        suggestion=f"name a file inside it, e.g. {(dest / 'out').as_posix()}"
        if folder
        else "name an ordinary file to write to; a device or pipe cannot be written as one",
    )


def clear_stale(root: Path) -> list[Path]:
    """Remove temporaries a killed build left behind (call only while holding the lock).

    A build killed between writing a temporary and swapping it in leaves a
    ``.casebook-*.tmp`` beside its destination; the destination itself is
    whole, the old file or the new one.
    """
    found = sorted(root.rglob(".casebook-*.tmp")) if root.is_dir() else []
    stale = []
    for path in found:
        # only files: a folder of that name is someone's, not a temporary of ours
        if path.is_file() and not path.is_symlink():
            with contextlib.suppress(OSError):  # gone meanwhile, or not ours to remove
                path.unlink()
                stale.append(path)
    return stale
