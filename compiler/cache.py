"""What Casebook can compute again, kept between runs (``$XDG_CACHE_HOME/casebook``).

The spelling answers, the compiled schema gates and lint results live here.
Deleting the folder costs time, never correctness: every entry is keyed by
what it was made from, written whole or not at all, and an entry that cannot
be read is simply made again.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "casebook"


def store(path: Path, data: bytes) -> None:
    """Write an entry atomically; a cache folder that cannot be written is skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        pass
