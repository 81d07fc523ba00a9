"""ENTRY002 book-state-fault

## What it finds
In a paragraph book: a state letter tested but never circled (the branch
can never be taken) or circled but never tested (the choice changes
nothing); a letter outside the book's State Tracker; a card, map or
Equipment card drawn that the book does not declare; a reference to a
book the ruleset does not hold.

## Why it matters
These are the faults play-testers find last: the story quietly ignores a
choice, or asks for a card that is not in the box.

## Example
    books/demo.yaml:210:5  entry 103 tests whether G is circled; no entry circles G
    books/demo.yaml:55:5   entry 94 draws card 97; the book declares cards 91, 92, 93

Passing: every letter tested is circled somewhere and every one circled is tested.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.diagnostics import Finding, Location, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "ENTRY002", "book-state-fault", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    books = {b.id for b in game.books}
    for book in game.books:
        circled: dict[str, Location] = {}
        tested: dict[str, Location] = {}
        for entry in book.entries:
            for block in entry.blocks:
                for row in block.rows:
                    for key, value in row.condition:
                        if key in ("circled", "not_circled"):
                            tested.setdefault(value, entry.at)
                    for step in row.steps:
                        if step.action == "circle":
                            circled.setdefault(step.value, entry.at)
                        yield from _declared(book, entry, step, books)
        for found, other, says in (
            (tested, circled, "tested but no entry circles it"),
            (circled, tested, "circled but no entry tests it"),
        ):
            for letter, at in sorted(found.items()):
                if letter not in other:
                    yield Finding(
                        CODE, SEVERITY, f"{letter} is {says}", at, rule=book.id, target=letter
                    )
        if book.state_letters:
            for letter, at in sorted({**circled, **tested}.items()):
                if letter not in book.state_letters:
                    yield Finding(
                        CODE,
                        Severity.ERROR,
                        f"{letter} is not on the State Tracker of {book.id!r}",
                        at,
                        rule=book.id,
                        target=letter,
                    )


def _declared(book, entry, step, books) -> Iterator[Finding]:
    lists = {
        "draw_card": ("cards", book.cards),
        "discard_card": ("cards", book.cards),
        "draw_map": ("maps", book.maps),
        "discard_map": ("maps", book.maps),
        "take_equipment": ("equipment", book.equipment),
    }
    if step.action in lists:
        name, declared = lists[step.action]
        if declared and step.value not in declared:
            yield Finding(
                CODE,
                Severity.ERROR,
                f"entry {entry.number} uses {name[:-1]} {step.value}, which "
                f"{book.id!r} does not declare",
                entry.at,
                suggestion=f"declared {name}: " + ", ".join(map(str, declared)),
                rule=f"{book.id}:{entry.number}",
                target=str(step.value),
            )
    if step.action == "turn_to_book" and step.value["book"] not in books:
        yield Finding(
            CODE,
            Severity.ERROR,
            f"entry {entry.number} sends the reader to book {step.value['book']!r}, "
            "which this ruleset does not hold",
            entry.at,
            rule=f"{book.id}:{entry.number}",
            target=step.value["book"],
        )
