"""Graph stage: the game's structure as networkx graphs, each built when first asked for.

references.py  rule tree + references (and component targets)
maps.py        map adjacency, one graph per map
entry_links.py paragraph-book entry links, one graph per book
"""

from __future__ import annotations

from functools import cached_property

from compiler.graph.entry_links import BookGraph, book_graph
from compiler.graph.maps import MapGraph, map_graphs
from compiler.graph.references import ReferenceGraph, reference_graph
from compiler.model.game import Game

KINDS = ("references", "maps", "books")
"""The graphs a game has; a check names those it reads (READS, compiler/checks)."""


class Graphs:
    """A game's graphs, each built the first time it is asked for, then kept.

    Built on demand, not all at once after the model: a big game's checks run
    on two cores (compiler/checks/forked.py), and each process builds only the
    graphs its own checks read. The reference graph of a 100,000-rule game
    takes 2 s and its map 1.6 s; built in the processes that read them, they
    are built side by side, and one that no check reads is never built.
    """

    def __init__(self, game: Game, original: ReferenceGraph | None = None) -> None:
        self._game = game
        self.original = original  # the game this one translates, if any

    @cached_property
    def references(self) -> ReferenceGraph:
        return reference_graph(self._game)

    @cached_property
    def maps(self) -> dict[str, MapGraph]:
        return map_graphs(self._game)

    @cached_property
    def books(self) -> dict[str, BookGraph]:
        return {book.id: book_graph(book) for book in self._game.books}

    def built(self) -> tuple[str, ...]:
        """The graphs built so far."""
        return tuple(kind for kind in KINDS if kind in self.__dict__)


def build_graphs(game: Game, original: ReferenceGraph | None = None) -> Graphs:
    return Graphs(game, original)
