"""Map keys that a list elsewhere in the same file declares, which a JSON Schema cannot say:
a card's ``fields`` keys are its deck's ``fields``, a table row's keys are its columns.

A misspelt key (``valeu:`` for ``value``, ``descrption:`` for ``description``)
passed the schema and left the value blank: a card's first word of it came from
CARD001, blaming the layout, and a table's cell vanished from every output
without a word (found by a probe).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.load.yaml_nodes import SourceFile


def undeclared_keys(kind: str, source: SourceFile) -> Iterator[Finding]:
    """SCHEMA001 at each key its list does not declare, in a file of ``kind`` the schema
    passed (so its shapes are known); nothing for other kinds."""
    data = source.data if isinstance(source.data, dict) else {}
    if kind == "cards":
        for i, deck in enumerate(data.get("decks", [])):
            declared = [f["key"] for f in deck.get("fields", [])]
            owner = f"deck {deck['id']!r}"
            for j, card in enumerate(deck["cards"]):
                for key in card.get("fields", {}):
                    if key not in declared:
                        at = ("decks", i, "cards", j, "fields", key)
                        yield _unknown(source, at, "card field", owner, declared, _FIELDS)
    elif kind == "tables":
        for i, table in enumerate(data.get("tables", [])):
            declared = [c["key"] for c in table.get("columns", [])]
            if len(set(declared)) < len(declared):
                continue  # two columns with one key: the model says so, and rows wait for it
            owner = f"table {table['id']!r}"
            for j, row in enumerate(table.get("rows", [])):
                for key in row:
                    if key not in declared:
                        at = ("tables", i, "rows", j, key)
                        yield _unknown(source, at, "column", owner, declared, _COLUMNS)


# How each list is named: (what it declares, when it declares none, how to use one of it,
# how to declare the key), each filled with the owner and the key.
_FIELDS = (
    "{owner} declares {declared}",
    "{owner} declares no fields",
    "use one of the deck's fields, or declare {key!r} in its fields",
    "declare it in the deck's fields (- key: {key}, label: …), or remove it",
)
_COLUMNS = (
    "{owner} has the columns {declared}",
    "{owner} has no columns",
    "use one of the table's columns, or add a column {key!r} to it",
    "add a column (- key: {key}, label: …), or remove it",
)


def _unknown(
    source: SourceFile,
    at: tuple,
    what: str,
    owner: str,
    declared: list[str],
    words: tuple[str, str, str, str],
) -> Finding:
    from compiler.validate.located_errors import json_path  # imports jsonschema: 60 ms

    key = at[-1]
    some, none, use, declare = words
    close = difflib.get_close_matches(key, declared, n=1)
    if not declared:
        said, hint = none.format(owner=owner), declare.format(key=key)
    else:
        said = some.format(owner=owner, declared=", ".join(declared))
        hint = f"did you mean {close[0]!r}?" if close else use.format(key=key)
    return Finding(
        "SCHEMA001",
        Severity.ERROR,
        f"{json_path(at)}: unknown {what} {key!r}: {said}",
        source.locate_key(at),
        suggestion=hint,
    )
