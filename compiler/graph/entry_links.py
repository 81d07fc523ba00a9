"""Paragraph-book entries as a directed graph of "turn to" links.

Like the reference graph, it records what did not resolve instead of
reporting it; the linter reads ``dangling`` and walks the graph.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from compiler.model.entries import Book, Entry, Step


@dataclass(frozen=True)
class BookGraph:
    book: Book
    graph: nx.DiGraph  # entry number -> entry number it can send the reader to
    entries: dict[int, Entry]
    dangling: tuple[tuple[Entry, Step], ...]  # "turn to" an entry the book lacks
    duplicates: tuple[Entry, ...]

    def unreachable(self) -> list[int]:
        if self.book.start not in self.graph:
            return sorted(self.entries)
        seen = nx.descendants(self.graph, self.book.start) | {self.book.start}
        return sorted(n for n in self.entries if n not in seen)


def book_graph(book: Book) -> BookGraph:
    graph = nx.DiGraph()
    entries: dict[int, Entry] = {}
    duplicates = []
    for entry in book.entries:
        if entry.number in entries:
            duplicates.append(entry)
            continue
        entries[entry.number] = entry
        graph.add_node(entry.number)
    dangling = []
    for entry in entries.values():
        for step in entry.steps():
            if step.action == "turn_to":
                if step.value in entries:
                    graph.add_edge(entry.number, step.value)
                else:
                    dangling.append((entry, step))
    return BookGraph(book, graph, entries, tuple(dangling), tuple(duplicates))
