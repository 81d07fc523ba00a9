"""ENTRY001 broken-entry-link

## What it finds
In a paragraph book: "turn to" an entry the book does not have; entries no
path from the start reaches; entries with no way on that do not end the
mission; two entries with one number.

## Why it matters
A reader who turns to a missing entry, or reaches a dead end, is stuck in
the middle of a mission; an unreachable entry is writing no one will read.

## Example
    books/demo.yaml:40:5  entry 27: "Turn to entry 512." — the book has no entry 512
    books/demo.yaml:80:5  entry 88 is not reachable from the start (entry 1)

Passing: every target exists, every entry is reachable, only endings stop.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.entries import step_text
from compiler.model.game import Game

CODE, NAME, SEVERITY = "ENTRY001", "broken-entry-link", Severity.ERROR
READS = ("books",)  # the graphs it reads (compiler/graph: built where it runs)


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    for book_id, bg in graphs.books.items():
        known = sorted(bg.entries)
        for entry, step in bg.dangling:
            near = min(known, key=lambda n: abs(n - step.value)) if known else None
            yield Finding(
                CODE,
                SEVERITY,
                f"entry {entry.number}: {step_text(step)!r} — book {book_id!r} has no "
                f"entry {step.value}",
                entry.at,
                suggestion=f"nearest entry: {near}" if near else None,
                rule=f"{book_id}:{entry.number}",
                target=str(step.value),
            )
        for entry in bg.duplicates:
            yield Finding(
                CODE,
                SEVERITY,
                f"entry {entry.number} appears twice in {book_id!r}",
                entry.at,
                related=(bg.entries[entry.number].at,),
                rule=f"{book_id}:{entry.number}",
            )
        if bg.book.start not in bg.entries:
            yield Finding(
                CODE,
                SEVERITY,
                f"book {book_id!r} starts at entry {bg.book.start}, which it does not have",
                bg.book.at,
            )
            continue
        for number in bg.unreachable():
            entry = bg.entries[number]
            yield Finding(
                CODE,
                Severity.WARNING,
                f"entry {number} is not reachable from the start (entry {bg.book.start})",
                entry.at,
                rule=f"{book_id}:{number}",
            )
        for number, entry in bg.entries.items():
            if bg.graph.out_degree(number) == 0 and not entry.ends_mission:
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"entry {number} leads nowhere and does not end the mission",
                    entry.at,
                    suggestion="add a 'turn_to', or mark it ends_mission",
                    rule=f"{book_id}:{number}",
                )
