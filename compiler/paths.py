"""Where the project's own assets live, found from this package's place on disk.

Schemas, templates and fonts sit beside the ``compiler`` package in the
repository (the layout asked for), so the package is installed editable.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = PROJECT_ROOT / "schema"
TEMPLATES_DIR = PROJECT_ROOT / "templates"
FONTS_DIR = TEMPLATES_DIR / "fonts"
RULESETS_DIR = PROJECT_ROOT / "rulesets"
BUILD_DIR = PROJECT_ROOT / "build"

MAX_FILE_BYTES = 32 * 1024 * 1024
"""The largest ruleset file Casebook reads (LOAD010): a ruleset file is prose and lists
a person edits; past this it is a mistake or an attack."""


LANGUAGE_TAG = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{1,8}){0,7}")
"""A BCP 47 language tag as Casebook names languages (en, it, pt-BR, sr-Latn): it names
files and folders, so nothing else passes (fullmatch). BCP 47's subtags are at most 8
letters or digits; without that bound a tag of 300 letters named a catalog no file
system could hold (an internal error in lint, l10n status and update)."""


def shown(path: Path, root: Path) -> str:
    """``path`` as messages name it: relative to ``root`` (the repository) when inside it.

    Links are followed to the file they lead to; a link that loops, leads to
    nothing or leads outside is named where it sits. Never raises: a message
    about a broken link must still say where the link is.

    A byte of the name that is not UTF-8 (a file from another system) is written
    as ``\\xff``: Python holds it as a lone surrogate, which no message, catalog
    or report could be written with (found by a probe: every l10n command failed,
    blaming standard output's encoding).
    """
    base = resolved(root) or root.absolute()
    there = resolved(path)
    if there is not None and exists(there) and there.is_relative_to(base):
        return printable(there.relative_to(base).as_posix())
    if path.absolute().is_relative_to(root.absolute()):
        return printable(path.absolute().relative_to(root.absolute()).as_posix())
    return printable(path.as_posix())


def printable(name: str) -> str:
    """A file name as text any UTF-8 output can hold: bytes that were not UTF-8 as \\xNN."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return name


def exists(path: Path) -> bool:
    """Whether ``path`` exists; False for one the system cannot look up at all (a part
    past 255 bytes, a NUL): pathlib lets ENAMETOOLONG through, as an internal error."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    """Whether ``path`` is a folder, never raising (see ``exists``)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def is_file(path: Path) -> bool:
    """Whether ``path`` is an ordinary file (not a device, pipe or folder), never raising."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def resolved(path: Path) -> Path | None:
    """Where ``path`` leads, links followed; None for a link that loops."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):
        return None


def game_dirs(rulesets: Path, names: Sequence[str]) -> list[Path]:
    """The folders of the named games, or of every game under ``rulesets``.

    Here, not in the pipeline, so that naming the games costs no heavy import.
    """
    if names:
        return [rulesets / name for name in names]
    return sorted(p for p in rulesets.iterdir() if _holds_game(p))


def _holds_game(folder: Path) -> bool:
    """Whether ``folder`` holds a game.yaml; a folder that cannot be searched is taken
    for a game, so that loading it says why it cannot be read (skipped, it vanished
    from lint and build without a word)."""
    try:
        return (folder / "game.yaml").is_file()
    except PermissionError:
        return folder.is_dir()


def inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or lies within it, links followed as far as they go."""
    there = resolved(path) or path.absolute()
    base = resolved(folder) or folder.absolute()
    return there.is_relative_to(base)
