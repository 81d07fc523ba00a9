"""A card's ``fields`` keys against the ones its deck declares: the deck's ``fields``
list is the schema of its cards' fields, which a JSON Schema cannot say.

A misspelt key (``valeu:`` for ``value``) left the card's value blank, and the
first word of it came from CARD001, blaming the layout for a gap the source
does not have.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.load.yaml_nodes import SourceFile


def undeclared_fields(source: SourceFile) -> Iterator[Finding]:
    """SCHEMA001 at each card field key its deck does not declare (a file the schema
    passed, so its shapes are known)."""
    data = source.data
    for i, deck in enumerate(data.get("decks", []) if isinstance(data, dict) else []):
        declared = [f["key"] for f in deck.get("fields", [])]
        for j, card in enumerate(deck["cards"]):
            for key in card.get("fields", {}):
                if key not in declared:
                    yield _finding(source, ("decks", i, "cards", j, "fields", key), deck, declared)


def _finding(source: SourceFile, at: tuple, deck: dict, declared: list[str]) -> Finding:
    from compiler.validate.located_errors import json_path  # imports jsonschema: 60 ms

    key = at[-1]
    if not declared:
        what = f"deck {deck['id']!r} declares no fields"
        hint = f"declare it in the deck's fields (- key: {key}, label: …), or remove it"
    else:
        what = f"deck {deck['id']!r} declares {', '.join(declared)}"
        close = difflib.get_close_matches(key, declared, n=1)
        hint = (
            f"did you mean {close[0]!r}?"
            if close
            else f"use one of the deck's fields, or declare {key!r} in its fields"
        )
    return Finding(
        "SCHEMA001",
        Severity.ERROR,
        f"{json_path(at)}: unknown card field {key!r}: {what}",
        source.locate_key(at),
        suggestion=hint,
    )
