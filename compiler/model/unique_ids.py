"""Ids that must be unique: two tables, cards of a deck, spaces of a map… with one id.

Outputs, look-ups and translation catalogs find these things by id, so a
second one with the same id would overwrite the first, or never be found.
A schema cannot see it (it checks one value at a time); the model stage
reports it as MODEL013, at the second one's id with a ``see:`` line at the
first's. Rule addresses are MODEL003 (from_source.py) and paragraph-book
entry numbers ENTRY001 (a lint check).

Like from_source.py, this reads ``SourceFile.data``, after the schema stage.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from compiler.diagnostics import Finding, Location, Severity
from compiler.load.game_files import GameSources
from compiler.load.yaml_nodes import JsonPath, SourceFile

CODE = "MODEL013"

# (file kind, list key, what they are): lists whose ids are unique in the whole game
_GAME_WIDE = (
    ("tables", "tables", "tables"),
    ("cards", "decks", "decks"),
    ("components", "components", "components"),
    ("errata", "errata", "errata"),
    ("examples", "examples", "examples"),
    ("setup", "setups", "set-ups"),
    ("maps", "maps", "maps"),
    ("parameters", "parameters", "parameters"),
    ("parameters", "variants", "variants"),
    ("procedures", "procedures", "procedures"),
    ("layouts", "layouts", "layouts"),
    ("counters", "counter_sheets", "counter sheets"),
)

# (file kind, list key, part key, id field, parent, plural of the part): ids unique in one item
_WITHIN = (
    ("tables", "tables", "columns", "key", "table", "columns"),
    ("cards", "decks", "cards", "id", "deck", "cards"),
    ("cards", "decks", "fields", "key", "deck", "fields"),
    ("maps", "maps", "spaces", "id", "map", "spaces"),
)

# An id and where its value is written: located only when reported, as a big game
# has hundreds of thousands of blocks and cards and hardly ever a repeated id.
_Item = tuple[Any, tuple[SourceFile, JsonPath]]


def _items(src: SourceFile, at: JsonPath, items: Any, field: str) -> Iterator[_Item]:
    for i, item in enumerate(items if isinstance(items, list) else ()):
        if isinstance(item, dict) and isinstance(item.get(field), str):
            yield item[field], (src, (*at, i, field))


def _place(where: tuple[SourceFile, JsonPath]) -> Location:
    src, at = where
    return src.locate(at)


def _unique(
    items: Iterable[_Item], what: str, scope: str, field: str = "id", then: str = ""
) -> Iterator[Finding]:
    """A finding at each id met before, saying ``what`` ``field`` it is (``what`` ``then``
    if ``then`` is given); the help says ``field``s are unique within ``scope``, or, without
    one, to list each once."""
    seen: dict[Any, tuple[SourceFile, JsonPath]] = {}
    for value, at in items:
        if value not in seen:
            seen[value] = at
            continue
        yield Finding(
            CODE,
            Severity.ERROR,
            f"{what} {value!r} {then}" if then else f"{what} have the {field} {value!r}",
            _place(at),
            suggestion=f"rename one of them; {field}s must be unique within {scope}"
            if scope
            else f"list each {field} once",
            related=(_place(seen[value]),),
            target=value,
        )


def _game_wide(sources: GameSources) -> Iterator[Finding]:
    for kind, key, plural in _GAME_WIDE:
        items = [
            item
            for src in sources.of_kind(kind)
            if isinstance(src.data, dict)
            for item in _items(src, (key,), src.data.get(key), "id")
        ]
        yield from _unique(items, f"two {plural}", f"the game's {plural}")
    books = [
        (src.data["book"]["id"], (src, ("book", "id")))
        for src in sources.of_kind("entries")
        if isinstance(src.data, dict) and isinstance(src.data.get("book"), dict)
    ]
    yield from _unique(books, "two paragraph books", "the game's paragraph books")


def _within(sources: GameSources) -> Iterator[Finding]:
    for kind, key, part, field, parent, plural in _WITHIN:
        for src in sources.of_kind(kind):
            data = src.data.get(key) if isinstance(src.data, dict) else None
            for i, item in enumerate(data if isinstance(data, list) else ()):
                if not isinstance(item, dict):
                    continue
                owner = f"{parent} {item.get('id')!r}"
                found = _items(src, (key, i, part), item.get(part), field)
                yield from _unique(
                    found, f"two {plural} of {owner}", f"the {plural} of {owner}", field
                )


def _regions(sources: GameSources) -> Iterator[Finding]:
    """A region's id names its translation unit and its faults: unique on its face."""
    for src in sources.of_kind("layouts"):
        for i, layout in enumerate(src.data.get("layouts", ())):
            for face in ("front", "back"):
                design = layout.get(face)
                if not isinstance(design, dict):
                    continue
                where = f"the {face} of layout {layout.get('id')!r}"
                found = _items(src, ("layouts", i, face, "regions"), design.get("regions"), "id")
                yield from _unique(found, f"two regions on {where}", where)


def _blocks(sources: GameSources) -> Iterator[Finding]:
    """A block's id ties an example's text to examples.yaml and names its link anchor."""

    def walk(src: SourceFile, rules: Any, at: JsonPath) -> Iterator[_Item]:
        for i, rule in enumerate(rules if isinstance(rules, list) else ()):
            if not isinstance(rule, dict):
                continue
            for part in ("body", "after"):
                yield from _items(src, (*at, i, part), rule.get(part), "id")
            yield from walk(src, rule.get("children"), (*at, i, "children"))

    found = [
        item
        for src in sources.of_kind("rules")
        if isinstance(src.data, dict)
        for item in walk(src, src.data.get("rules"), ("rules",))
    ]
    yield from _unique(found, "two blocks of the rules", "the game's rule blocks")


def _forms(sources: GameSources) -> Iterator[Finding]:
    """player_aids.forms is keyed by table: a table listed twice prints its form twice."""
    for src in sources.of_kind("game"):
        aids = src.data.get("player_aids") if isinstance(src.data, dict) else None
        forms = aids.get("forms") if isinstance(aids, dict) else None
        found = _items(src, ("player_aids", "forms"), forms, "table")
        yield from _unique(found, "player_aids.forms lists table", "", "table", then="twice")


def duplicate_ids(sources: GameSources) -> list[Finding]:
    """Every second use of an id in a list whose items are found by id (MODEL013)."""
    return [
        *_game_wide(sources),
        *_within(sources),
        *_regions(sources),
        *_blocks(sources),
        *_forms(sources),
    ]
