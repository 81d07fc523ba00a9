"""What Casebook can compute again, kept between runs (``$XDG_CACHE_HOME/casebook``).

The spelling answers, the compiled schema gates and lint results live here.
Deleting the folder costs time, never correctness: every entry is keyed by
what it was made from, written whole or not at all, and an entry that cannot
be read is simply made again.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/casebook``, else ``~/.cache/casebook``.

    With neither (a container's user with no home and no passwd entry: Path.home()
    raises), a place nothing can be written to or read from, so every entry is made
    again: the cache is worth time, never a refusal.
    """
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:
            base = os.devnull  # /dev/null/casebook: no folder can be made there
    return Path(base) / "casebook"


def store(path: Path, data: bytes) -> None:
    """Write an entry atomically; a cache folder that cannot be written is skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        pass


def read_entry(path: Path, limit: int = 256 * 2**20) -> bytes | None:
    """An entry's bytes, or None when it is missing, unreadable, not a regular file
    or past ``limit``: made again, never a hang or a crash.

    Opened without blocking and checked before reading: a named pipe where an
    entry goes would block ``read_bytes`` until a writer came, and a link to
    /dev/zero would read until memory ran out. The same serves the build
    stamps and the build lock, which are Casebook's own files too.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(limit + 1)  # it may have grown since fstat
        return data if len(data) <= limit else None
    except OSError:
        return None
    finally:
        os.close(fd)
