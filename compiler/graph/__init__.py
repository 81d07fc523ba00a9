"""Graph stage: the game's structure as networkx graphs, built once per game.

references.py  rule tree + references (and component targets)
maps.py        map adjacency, one graph per map
entry_links.py paragraph-book entry links, one graph per book
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.graph.entry_links import BookGraph, book_graph
from compiler.graph.maps import MapGraph, map_graphs
from compiler.graph.references import ReferenceGraph, reference_graph
from compiler.model.game import Game


@dataclass(frozen=True)
class Graphs:
    references: ReferenceGraph
    maps: dict[str, MapGraph]
    books: dict[str, BookGraph]
    original: ReferenceGraph | None = None  # the game this one translates, if any


def build_graphs(game: Game, original: ReferenceGraph | None = None) -> Graphs:
    return Graphs(
        references=reference_graph(game),
        maps=map_graphs(game),
        books={book.id: book_graph(book) for book in game.books},
        original=original,
    )
