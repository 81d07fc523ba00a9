"""Run a big game's checks on two cores: half in this process, half in a fork.

The checks of one game are independent readers of one model. On a game of
tens of thousands of rules they take seconds, on one core, while the other
core idles (lint spreads *games* over cores, and a big game is often linted
alone). A fork shares the model copy-on-write, so nothing is pickled on the
way in; only the findings come back, through a pipe.

Only on Linux (fork is the platform's own way to start a process, and the
lint process has no threads then), and only for a game big enough that the
~20 ms a fork costs is worth it; otherwise every check runs here.

The spelling checks stay in this process: their answers are memoised here
and saved when the checks end (compiler/l10n/spelling.py), which a fork's
would not be.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType

from compiler.diagnostics import Finding
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.processes import alongside, can_fork, their_share

BIG = 3000
"""Rules, cards and paragraph-book entries from which a game's checks are split."""

# What a check costs, in seconds on one core for the 102,400-rule synthetic game
# (benchmarks/run.py), measured: the heavy ones are spread first, and the rest fill in,
# so the two halves end together. Any other check takes well under a tenth of a second.
_COST = {
    "L10N009": 3.6,
    "NAME001": 1.7,
    "XREF002": 1.3,
    "COUNT002": 0.36,
    "NUM001": 0.27,
    "MAP001": 0.24,
    "XREF001": 0.22,
    "COUNT003": 0.22,
    "ENTRY001": 0.18,
}
_STAY_HERE = ("L10N007", "L10N008")  # they memoise spelling answers in this process


def size(game: Game, graphs: Graphs) -> int:
    return (
        len(graphs.references.rules)
        + sum(len(deck.cards) for deck in game.decks)
        + sum(len(book.entries) for book in game.books)
    )


def can_split(game: Game, graphs: Graphs) -> bool:
    return can_fork() and size(game, graphs) >= BIG


def halves(checks: Sequence[ModuleType]) -> tuple[list[ModuleType], list[ModuleType]]:
    """(here, there): heaviest first onto the lighter half; spelling checks stay here."""
    stay = [c for c in checks if c.CODE in _STAY_HERE]
    movable = [c for c in checks if c.CODE not in _STAY_HERE]
    theirs = set(their_share([_cost(c) for c in movable], mine=sum(_cost(c) for c in stay)))
    here = stay + [c for i, c in enumerate(movable) if i not in theirs]
    return here, [c for i, c in enumerate(movable) if i in theirs]


def _cost(check: ModuleType) -> float:
    return _COST.get(check.CODE, 0.05)


def run_split(
    checks: Sequence[ModuleType],
    game: Game,
    graphs: Graphs,
    run: Callable[[Sequence[ModuleType], Game, Graphs], dict[str, list[Finding]]],
) -> dict[str, list[Finding]]:
    """``run(checks, game, graphs)`` (findings by code), half of the checks in a forked child.

    A check that raises in the child raises here, as it would have unsplit.
    """
    here, there = halves(checks)
    mine, (theirs,) = alongside(lambda: run(here, game, graphs), [lambda: run(there, game, graphs)])
    return {**mine, **theirs}
