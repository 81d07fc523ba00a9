"""Write outputs atomically and deterministically.

Everything is rendered in memory first; then each file is written to a
temporary file beside its destination and swapped in with ``os.replace``. If
anything fails before the swap, the previous outputs are untouched. A file
whose bytes have not changed is left alone, so its mtime says when it last
really changed.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from compiler.diagnostics import CompileError, Finding, Location, Severity


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
    """
    staged: list[tuple[Path, Path]] = []
    try:
        for out in sorted(outputs, key=lambda o: o.path):
            dest = safe_join(root, out.path)
            if dest.exists() and not dest.is_file():
                raise CompileError([_not_a_file(dest, what)])
            if dest.is_file() and dest.read_bytes() == out.data:
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                dir=dest.parent, prefix=".casebook-", suffix=".tmp", delete=False
            ) as handle:
                handle.write(out.data)
                handle.flush()
                os.fsync(handle.fileno())
            staged.append((Path(handle.name), dest))
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    for tmp, dest in staged:
        os.replace(tmp, dest)
    return [dest for _, dest in staged]


def _not_a_file(dest: Path, what: str) -> Finding:
    return Finding(
        "LOAD009",
        Severity.ERROR,
        f"expected a {what} here, found a folder or a special file",
        Location(dest.as_posix(), 1, 1),
        suggestion=f"move it away, so the {what} can be written",
    )


def clear_stale(root: Path) -> list[Path]:
    """Remove temporaries a killed build left behind (call only while holding the lock).

    A build killed between writing a temporary and swapping it in leaves a
    ``.casebook-*.tmp`` beside its destination; the destination itself is
    whole, the old file or the new one.
    """
    stale = sorted(root.rglob(".casebook-*.tmp")) if root.is_dir() else []
    for path in stale:
        path.unlink(missing_ok=True)
    return stale
