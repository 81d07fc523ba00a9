"""Refuse to build a PDF whose text needs a glyph the embedded fonts lack."""

from __future__ import annotations

from collections.abc import Iterator

from compiler.backends.pdf.fonts import missing_glyphs
from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.l10n.units import card_unit_id
from compiler.model.entries import Entry, condition_text, step_text, table_title
from compiler.model.game import Game


def _texts(game: Game) -> Iterator[tuple[str, Location, str]]:
    yield game.title, game.title_at or game.at, "game title"
    front = {"subtitle": game.subtitle, "publisher": game.publisher}
    front["source.title"] = game.source_title
    for key, at in game.front_at:  # the title page prints them ("□□ Press", found by a probe)
        yield front.get(key) or "", at, f"game {key}"
    for rule in game.all_rules():
        if rule.title:
            yield rule.title, rule.at, f"title of {rule.address}"
        for block in rule.blocks():
            for text in (block.label, block.title):
                if text:
                    yield text, block.at, f"label in {rule.address}"
            for para in block.paras:
                yield para.text, block.at, rule.address
    for erratum in game.errata:
        yield erratum.new + erratum.old + erratum.why, erratum.at, f"erratum {erratum.id}"
    for comp in game.components:
        yield comp.name + (comp.missing or ""), comp.at, f"component {comp.id}"
    # a translation's text is said at its catalog entry, where the translator mends it: at
    # the source's YAML, it named a line that holds no such character (found by a probe)
    units = game.l10n.by_id if game.l10n is not None and game.l10n.is_translation else {}
    for deck in game.decks:  # the rulebook prints every card, in its rule or at the back
        yield deck.title or "", deck.at, f"deck {deck.id}"
        for card in deck.cards:
            about = f"card {card.id} of deck {deck.id}"
            for key, text in (
                ("title", card.title or ""),
                ("text", " ".join(p.text for p in card.paras)),
                ("gap", card.gap or ""),
            ):
                unit = units.get(card_unit_id(deck.id, card.id, key))
                yield text, unit.at if unit is not None else card.at, about
            yield "".join(k + v for k, v in card.fields), card.at, about
    for table in game.tables:  # the rulebook, the aids and the forms print them
        yield table.title, table.at, f"table {table.id}"
        yield "".join(c.label for c in table.columns), table.at, f"columns of table {table.id}"
        for r, row in enumerate(table.rows):
            at = table.row_at[r] if r < len(table.row_at) else table.at
            yield "".join(row), at, f"row {r + 1} of table {table.id}"
    for term in game.glossary:
        yield term.term + term.meaning, term.at, f"glossary term {term.term}"
    for table_id, write_in in game.forms:  # Casebook's own headings on the form
        yield "".join(write_in), game.at, f"write-in columns of the form for {table_id}"
    for game_map in game.maps:  # the play mats print the map's, its spaces' and routes' names
        yield game_map.name, game_map.at, f"map {game_map.id}"
        for space in game_map.spaces:
            yield space.name, space.at, f"space {space.id} of map {game_map.id}"
        for route in game_map.requires:
            yield route.text, route.at, f"route in map {game_map.id}"
    for sheet in game.counter_sheets:  # the counter sheets' heads and manifests
        yield sheet.title, sheet.at, f"counter sheet {sheet.id}"
        for entry in sheet.counters:
            if entry.count_why:
                yield entry.count_why, entry.at, f"count_why of {entry.component}"
    for left in game.counters_left_out:  # the manifest's "Not printed" list
        yield left.why, left.at, f"not_printed reason of {left.component}"
    for param in game.parameters:  # the rulebook's table of the numbers the rules state
        yield param.subject + (param.unit or ""), param.at, f"parameter {param.id}"
        for statement in param.statements:
            yield statement.shown(), statement.at, f"parameter {param.id}"
    for variant in game.variants:  # each a column of that table
        yield variant.name, variant.at, f"variant {variant.id}"
        for override in variant.overrides:
            yield override.shown(), override.at, f"variant {variant.id}"
    for book in game.books:  # the rulebook prints each paragraph book whole
        yield book.title + (book.notice or ""), book.at, f"book {book.id}"
        for entry in book.entries:
            yield "".join(_entry_texts(entry)), entry.at, f"entry {entry.number} of {book.id}"


def _entry_texts(entry: Entry) -> Iterator[str]:
    """What the rulebook prints of an entry (pdf/entries.py), block by block."""
    for block in entry.blocks:
        yield block.text or ""
        yield table_title(block) or ""
        for row in block.rows:
            yield condition_text(row) if (row.label or row.condition) else ""
            yield from (step_text(step) for step in row.steps)


def glyph_finding(text: str, at: Location | None, what: str) -> Finding | None:
    """FONT001 for ``text`` if it needs a glyph the embedded fonts cannot draw."""
    missing = missing_glyphs(text)
    if not missing:
        return None
    chars = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in sorted(missing))
    snippet = text if len(text) <= 60 else text[:57] + "…"
    return Finding(
        "FONT001",
        Severity.ERROR,
        f"{what}: the embedded fonts have no glyph for {chars} in {snippet!r}",
        at,
        suggestion="replace the character, or add a font that has it to "
        "templates/fonts and compiler/backends/pdf/fonts.py",
    )


def check_glyphs(game: Game) -> None:
    """Raise FONT001 for every text that needs a glyph the fonts cannot draw."""
    findings = [f for text, at, what in _texts(game) if (f := glyph_finding(text, at, what))]
    if findings:
        raise CompileError(findings)
