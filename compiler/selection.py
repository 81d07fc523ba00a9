"""ruff-style selection of checks by code or prefix (``--select``, ``--ignore``).

A module of its own, importing nothing: lint decides what to prepare for
(the spelling dictionaries) before it imports the checks themselves.
"""

from __future__ import annotations

from collections.abc import Sequence


def selected(code: str, select: Sequence[str] | None, ignore: Sequence[str]) -> bool:
    """ruff-style selection: a code or a prefix ("XREF") selects or ignores a group."""
    if any(code.startswith(prefix) for prefix in ignore):
        return False
    return select is None or any(code.startswith(prefix) for prefix in select)
