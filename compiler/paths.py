"""Where the project's own assets live, found from this package's place on disk.

Schemas, templates and fonts sit beside the ``compiler`` package in the
repository (the layout asked for), so the package is installed editable.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = PROJECT_ROOT / "schema"
TEMPLATES_DIR = PROJECT_ROOT / "templates"
FONTS_DIR = TEMPLATES_DIR / "fonts"
RULESETS_DIR = PROJECT_ROOT / "rulesets"
BUILD_DIR = PROJECT_ROOT / "build"


def shown(path: Path, root: Path) -> str:
    """``path`` as messages name it: relative to ``root`` (the repository) when inside it."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def game_dirs(rulesets: Path, names: Sequence[str]) -> list[Path]:
    """The folders of the named games, or of every game under ``rulesets``.

    Here, not in the pipeline, so that naming the games costs no heavy import.
    """
    if names:
        return [rulesets / name for name in names]
    return sorted(p for p in rulesets.iterdir() if (p / "game.yaml").is_file())
