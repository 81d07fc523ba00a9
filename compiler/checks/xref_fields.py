"""XREF005 dangling-rule-field

## What it finds
A `rule:` (or a glossary term's `see:`) in the game's data that names a rule
the rules do not have: a table, a deck, a map or one of its required routes, a
worked example, a set-up, a parameter's statement or a variant citing "99.9".
(Procedures have PROC001, the player aid's sequence MODEL009.)

## Why it matters
The outputs print the address as written: the rulebook's parameter table
says "5 (99.9)", the quick reference and player aids "Rule 99.9", and a
glossary entry silently loses its "defined in" line. A player is sent to a
rule that is not in the book.

## Example
    tables.yaml:4:11  table 'attack-results' cites rule '9.9', which the rules do not have
    help: name the address of the rule that prints it, as the rules number it

Passing: every such `rule:` an address (or a titled rule's id) the rules define.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.diagnostics import Finding, Location, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "XREF005", "dangling-rule-field", Severity.ERROR
READS = ("references",)  # the graphs it reads (compiler/graph: built where it runs)


def _cited(game: Game) -> Iterator[tuple[str, str, Location]]:
    """(what cites, the address, where) for every rule address the data gives."""
    for table in game.tables:
        if table.rule:
            yield f"table {table.id!r}", table.rule, table.at
    for deck in game.decks:
        if deck.rule:
            yield f"deck {deck.id!r}", deck.rule, deck.at
    for game_map in game.maps:
        if game_map.rule:
            yield f"map {game_map.id!r}", game_map.rule, game_map.at
        for route in game_map.requires:
            yield f"a required route of map {game_map.id!r}", route.rule, route.at
    for example in game.examples:
        yield f"example {example.id!r}", example.rule, example.at
    for setup in game.setups:
        yield f"set-up {setup.id!r}", setup.rule, setup.at
    for parameter in game.parameters:
        for statement in parameter.statements:
            yield f"parameter {parameter.id!r}", statement.rule, statement.at
    for variant in game.variants:
        yield f"variant {variant.id!r}", variant.rule, variant.at
    for term in game.glossary:
        for address in term.see:
            yield f"glossary term {term.term!r} (see:)", address, term.at


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    rules = graphs.references.rules
    for what, address, at in _cited(game):
        if address not in rules:
            yield Finding(
                CODE,
                SEVERITY,
                f"{what} cites rule {address!r}, which the rules do not have",
                at,
                suggestion="name the address of the rule that states it, as the rules number it",
                target=address,
            )
