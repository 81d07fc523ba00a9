"""Lint results kept between runs: a game whose inputs did not change is not linted again.

Editors run ``casebook lint`` after every edit, and most runs see most games
unchanged. As ruff does, the findings of each (game, options) are kept under
``$XDG_CACHE_HOME/casebook/lint/``, keyed by the same digest that decides
whether a build is up to date (``stamps.input_digest``: the game's files and
the game it translates, the compiler, schemas and templates, the library
versions and the dictionaries) plus the lint options, the game's folder, and the
folder paths are shown relative to. A changed input is a different key, so an entry is never
stale; ``--no-cache`` lints afresh. A damaged or unreadable entry is linted
again, never trusted.
"""

from __future__ import annotations

import pickle
from pathlib import Path

from compiler.cache import cache_dir, read_entry, store
from compiler.diagnostics import Finding
from compiler.stamps import input_digest

Result = tuple[list[Finding], bool]


def key(game_dir: Path, root: Path, options: tuple) -> str:
    """The game's folder is part of the key, not only its files: a copy of a game holds
    the same files, and its findings name its own paths and folder (the probe found a
    copy shown the original's, with help that rewrote the original's catalog)."""
    options_ = {"lint": repr(options), "root": str(root.resolve()), "game": str(game_dir.resolve())}
    return input_digest(game_dir, options_)


def _path(digest: str) -> Path:
    return cache_dir() / "lint" / f"{digest}.pickle"


def load(digest: str) -> Result | None:
    data = read_entry(_path(digest))
    if data is None:
        return None
    try:
        findings, ok = pickle.loads(data)
        if not isinstance(ok, bool) or not isinstance(findings, list):
            return None
        if not all(isinstance(f, Finding) for f in findings):
            return None
    except Exception:  # damaged, or written by another version: lint again
        return None
    return findings, ok


def save(digest: str, result: Result) -> None:
    store(_path(digest), pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
