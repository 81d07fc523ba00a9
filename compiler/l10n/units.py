"""Every translatable string of a game, each with a stable id: the translation units.

A unit is one YAML text value a reader sees: a rule's title, a paragraph, a
list item, a note's label, a card's title, text or field, a table's title,
column label or cell, a glossary term or meaning, a component's name, a
card layout's printed words. Its id (the PO ``msgctxt``) is built from ids
the data already keeps stable, never from a position that renumbering
moves: ``rule:<rule id>:body.2``, ``card:<deck>:<card>:text``,
``term:ABILITÀ:meaning``. A numbered rule is keyed by its ``id`` when it has
one (renumbering keeps it), else by its address.

Not units: our own notes in English (``missing``, ``notes``, ``why``),
ids, and the engine data of procedures and worked examples, whose Italian
words are values the engine compares, not prose a player reads.

Units are read from the loaded files (not the model) because the
translation is put back into those same files' data before the model is
built: one loader, one model, any language (see ``localise``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from compiler.load.game_files import GameSources
from compiler.load.yaml_nodes import JsonPath, SourceFile
from compiler.model.game import Game
from compiler.model.layouts import Region
from compiler.model.text import split_paragraphs
from compiler.reference.terms import term_spans

# A cell or alias that is only an id or a number ("N001", "12", "3-4") is not text.
_NOT_TEXT = re.compile(r"^[\W\d_]*(?:[A-Z]{1,2}\d+[\W\d_]*)*$")
# A block's fields and the kind of unit each is: a note's printed label ("NOTE:"),
# a list's heading, and text (a note's paragraphs, as the model holds them).
BLOCK_FIELDS = {"label": "rule-label", "title": "rule-list-title", "text": "rule-text"}
GAP_KIND = "gap-text"
"""A gap block's text: the ruleset editors' words for a picture the source lacks, not the
publisher's (no erratum corrects it; its catalog entry tells the translator so)."""
TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")


@dataclass(frozen=True, slots=True)
class Box:
    """The card region a unit is printed in: the fit check and translators need its size."""

    layout: str
    region: Region

    def describe(self) -> str:
        r = self.region
        return (
            f"box {r.w:g} × {r.h:g} mm ({self.layout}/{r.id}), "
            f"{r.size:g} pt, no smaller than {r.min_size:g} pt"
        )


@dataclass(frozen=True, slots=True)
class Unit:
    """One translatable string where the source keeps it."""

    id: str  # stable: the PO msgctxt
    text: str  # the source text, whitespace normalised, paragraphs joined by a blank line
    file: str  # the YAML file, relative to the repository
    line: int
    path: JsonPath  # where in that file's data
    kind: str  # rule-title, rule-text, rule-label, card-text, card-field, table-cell, …
    rule: str | None = None  # rule id or address the unit belongs to
    rule_label: str | None = None  # "A", "8.3.5": as printed; None when unnumbered
    rule_title: str | None = None
    box: Box | None = None
    terms: tuple[str, ...] = ()  # glossary terms the source text uses


def normalise(text: str) -> str:
    """The text as the model reads it: single spaces, paragraphs split by one blank line."""
    return "\n\n".join(split_paragraphs(text))


def is_text(value: object) -> bool:
    """Words a reader reads, not an id, number or empty value."""
    return isinstance(value, str) and bool(value.strip()) and not _NOT_TEXT.match(value.strip())


def layout_text(show: str) -> bool:
    """A layout region's template prints words of its own ("MEDAGLIA"), not only data."""
    return bool(re.search(r"[^\W\d_]{2}", TEMPLATE.sub("", show)))


def extract(sources: GameSources, game: Game | None = None) -> list[Unit]:
    """The units of every file, in file order then reading order.

    With the game's model, each unit also knows the glossary terms it uses
    and the card box it is printed in (what a translator's comments show).
    """
    if game is None and _LAST and _same_files(_LAST[0][0], sources.files):
        return list(_LAST[0][1])
    units: list[Unit] = []
    levels = _level_addresses(sources)
    boxes = _boxes(game) if game else {}
    glossary = game.glossary if game else ()
    for kind, source in sources.files:
        walker = _WALKERS.get(kind)
        if walker is None or not isinstance(source.data, dict):
            continue
        for unit in walker(source, source.data, levels, boxes):
            terms = tuple(dict.fromkeys(s.term.term for s in term_spans(unit.text, glossary)))
            units.append(replace(unit, terms=terms) if terms else unit)
    if game is None:
        _LAST[:] = [(sources.files, tuple(units))]
    return units


# The last game's units, by the very files they came from: lint extracts a game's units
# for its own language and again to read each translation, from the same loaded files
# (load/yaml_nodes.py keeps one SourceFile per text). Files changed since (a translation
# put in) are new objects, never mistaken for the old.
_LAST: list[tuple[tuple[tuple[str, SourceFile], ...], tuple[Unit, ...]]] = []


def _same_files(
    a: tuple[tuple[str, SourceFile], ...], b: tuple[tuple[str, SourceFile], ...]
) -> bool:
    return len(a) == len(b) and all(
        x_kind == y_kind and x is y for (x_kind, x), (y_kind, y) in zip(a, b, strict=True)
    )


def _unit(source: SourceFile, path: JsonPath, uid: str, kind: str, **extra) -> Unit | None:
    value = source.data
    for step in path:
        try:
            value = value[step]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return None  # an optional field this item does not have
    if not is_text(value):
        return None
    line = source.line_of(path)
    return Unit(uid, normalise(str(value)), source.path, line, path, kind, **extra)


def _one(source: SourceFile, path: JsonPath, uid: str, kind: str, **extra) -> tuple[Unit, ...]:
    """The unit at ``path``, or none when the value there is missing or not text."""
    unit = _unit(source, path, uid, kind, **extra)
    return (unit,) if unit else ()


def _level_addresses(sources: GameSources) -> dict[str, str]:
    """Level name -> address pattern ("{parent}-{number}"), from game.yaml."""
    out: dict[str, str] = {}
    for source in sources.of_kind("game"):
        data = source.data if isinstance(source.data, dict) else {}
        for level in data.get("numbering", {}).get("levels", []):
            out[level["name"]] = level.get("address", "{number}")
    return out


def shown_card_keys(show: str | None) -> list[str]:
    """What of a card a layout region's template prints: "title", "text", "fields.scenario"."""
    return re.findall(r"card\.((?:fields\.)?\w+)", show or "")


def card_unit_id(deck: str, card: str, key: str) -> str:
    """The unit id of a card's printed value: "title" -> card:<deck>:<card>:title,
    "fields.scenario" -> card:<deck>:<card>:field:scenario."""
    field = key.removeprefix("fields.")
    return f"card:{deck}:{card}:" + (f"field:{field}" if key.startswith("fields.") else key)


TABLE_CELL = "table-cell"  # the kind of a table cell's unit


def table_cell_unit_id(table: str, row: int, key: str) -> str:
    """The stable id of one table cell: what a finding about the cell names."""
    return f"table:{table}:row.{row}:{key}"


def cell_table(uid: str) -> str | None:
    """The table a cell's unit id (table_cell_unit_id) names, or None for another unit."""
    kind, _, rest = uid.partition(":")
    return rest.split(":", 1)[0] if kind == "table" and ":row." in rest else None


def _boxes(game: Game) -> dict[tuple[str, str], Box]:
    """(deck id, card key shown) -> the front region that prints it ("title", "fields.scenario")."""
    layouts = {layout.id: layout for layout in game.layouts}
    out: dict[tuple[str, str], Box] = {}
    for deck in game.decks:
        layout = layouts.get(deck.layout or "")
        if layout is None:
            continue
        for region in layout.front.regions:
            for key in shown_card_keys(region.show):
                out.setdefault((deck.id, key), Box(layout.id, region))
    return out


# --- one walker per file kind ------------------------------------------------------------


def _rules(source: SourceFile, data: dict, levels: dict[str, str], boxes) -> Iterator[Unit]:
    def walk(rules: list, at: JsonPath, parent: str) -> Iterator[Unit]:
        for i, rule in enumerate(rules):
            here = (*at, i)
            number = rule.get("number")
            if number is None:
                address = rule.get("id", "")
            else:
                pattern = levels.get(rule.get("level", ""), "{number}")
                address = pattern.replace("{parent}", parent).replace("{number}", str(number))
            key = rule.get("id") or address
            about = {"rule": address, "rule_label": number, "rule_title": rule.get("title")}
            for field in ("title", "label"):
                if field in rule:
                    yield from _one(
                        source, (*here, field), f"rule:{key}:{field}", f"rule-{field}", **about
                    )
            for part in ("body", "after"):
                yield from _blocks(
                    source, rule.get(part, []), (*here, part), f"rule:{key}:{part}", about
                )
            yield from walk(rule.get("children", []), (*here, "children"), address)

    yield from walk(data.get("rules", []), ("rules",), "")


def _blocks(
    source: SourceFile, blocks: list, at: JsonPath, prefix: str, about: dict
) -> Iterator[Unit]:
    for j, block in enumerate(blocks):
        here = (*at, j)
        if isinstance(block, str):
            yield from _one(source, here, f"{prefix}.{j}", "rule-text", **about)
            continue
        name = f"{prefix}.{j}" if not block.get("id") else f"{prefix}.{block['id']}"
        for field, kind in BLOCK_FIELDS.items():
            if field in block:
                kind = GAP_KIND if block.get("kind") == "gap" else kind
                yield from _one(source, (*here, field), f"{name}.{field}", kind, **about)
        for k, _ in enumerate(block.get("items", [])):
            yield from _one(source, (*here, "items", k), f"{name}.item.{k}", "rule-text", **about)


def _cards(source: SourceFile, data: dict, levels, boxes) -> Iterator[Unit]:
    for d, deck in enumerate(data.get("decks", [])):
        at: JsonPath = ("decks", d)
        deck_id = deck["id"]
        yield from _one(source, (*at, "title"), f"deck:{deck_id}:title", "deck-title")
        for f, _ in enumerate(deck.get("fields", [])):
            field_key = deck["fields"][f].get("key")
            yield from _one(
                source,
                (*at, "fields", f, "label"),
                f"deck:{deck_id}:field:{field_key}",
                "deck-field",
            )
        for c, card in enumerate(deck.get("cards", [])):
            here = (*at, "cards", c)
            about = {"rule": deck.get("rule")}
            for field in ("title", "text"):
                box = boxes.get((deck_id, field))
                yield from _one(
                    source,
                    (*here, field),
                    card_unit_id(deck_id, card["id"], field),
                    f"card-{field}",
                    box=box,
                    **about,
                )
            for key in sorted(card.get("fields", {})):
                box = boxes.get((deck_id, f"fields.{key}"))
                yield from _one(
                    source,
                    (*here, "fields", key),
                    card_unit_id(deck_id, card["id"], f"fields.{key}"),
                    "card-field",
                    box=box,
                    **about,
                )
            # Casebook's note where the card shows what the source lacks: translated, and
            # said to be ours in its catalog entry, as a gap block of the rules is; its box
            # is the region that prints card.gap, where a layout prints it
            yield from _one(
                source,
                (*here, "gap"),
                card_unit_id(deck_id, card["id"], "gap"),
                GAP_KIND,
                box=boxes.get((deck_id, "gap")),
                **about,
            )


def _tables(source: SourceFile, data: dict, levels, boxes) -> Iterator[Unit]:
    for t, table in enumerate(data.get("tables", [])):
        at: JsonPath = ("tables", t)
        prefix = f"table:{table['id']}"
        about = {"rule": table.get("rule")}
        yield from _one(source, (*at, "title"), f"{prefix}:title", "table-title", **about)
        for c, column in enumerate(table.get("columns", [])):
            key = column.get("key", str(c))
            yield from _one(
                source,
                (*at, "columns", c, "label"),
                f"{prefix}:column:{key}",
                "table-column",
                **about,
            )
        for r, row in enumerate(table.get("rows", [])):
            if not isinstance(row, dict):
                continue
            for key in row:
                uid = table_cell_unit_id(table["id"], r, key)
                yield from _one(source, (*at, "rows", r, key), uid, TABLE_CELL, **about)


def _glossary(source: SourceFile, data: dict, levels, boxes) -> Iterator[Unit]:
    for t, term in enumerate(data.get("terms", [])):
        at: JsonPath = ("terms", t)
        key = f"term:{term['term']}"
        for field in ("term", "meaning"):
            yield from _one(source, (*at, field), f"{key}:{field}", f"glossary-{field}")


def _components(source: SourceFile, data: dict, levels, boxes) -> Iterator[Unit]:
    for c, component in enumerate(data.get("components", [])):
        at: JsonPath = ("components", c)
        prefix = f"component:{component['id']}"
        yield from _one(source, (*at, "name"), f"{prefix}:name", "component-name")
        for field in ("aliases", "names"):
            for a, _ in enumerate(component.get(field, [])):
                yield from _one(source, (*at, field, a), f"{prefix}:{field}.{a}", "component-name")
        for f, _ in enumerate(component.get("faces", [])):
            yield from _one(
                source, (*at, "faces", f, "shows"), f"{prefix}:face.{f}", "component-face"
            )


def _layouts(source: SourceFile, data: dict, levels, boxes) -> Iterator[Unit]:
    for n, layout in enumerate(data.get("layouts", [])):
        for face in ("front", "back"):
            regions = (layout.get(face) or {}).get("regions", [])
            for r, region in enumerate(regions):
                show = region.get("show")
                if not isinstance(show, str) or not layout_text(show):
                    continue
                path: JsonPath = ("layouts", n, face, "regions", r, "show")
                yield from _one(
                    source, path, f"layout:{layout['id']}:{face}:{region['id']}", "layout-label"
                )


_WALKERS = {
    "rules": _rules,
    "cards": _cards,
    "tables": _tables,
    "glossary": _glossary,
    "components": _components,
    "layouts": _layouts,
}
