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

The graphs are built where a check first reads them (compiler/graph), so
the checks that read one graph go to one process together, with the cost of
building it: each process builds only the graphs its checks read, and the
two build theirs side by side.
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
    "L10N009": 3.3,
    "NAME001": 0.9,
    "XREF002": 1.7,
    "COUNT002": 0.4,
    "COUNT003": 0.35,
    "NUM001": 0.28,
    "MAP001": 0.24,
    "XREF001": 0.22,
    "ENTRY001": 0.18,
    "L10N013": 0.27,
}
# What building a graph costs, measured likewise (compiler/graph: built where it is read).
_GRAPH_COST = {"references": 1.25, "maps": 1.25, "books": 0.32}
_STAY_HERE = ("L10N007", "L10N008")  # they memoise spelling answers in this process


def size(game: Game, graphs: Graphs) -> int:
    """Rules, cards and entries, counted from the model: no graph is built to count."""
    return (
        sum(1 for _ in game.all_rules())
        + sum(len(deck.cards) for deck in game.decks)
        + sum(len(book.entries) for book in game.books)
    )


def can_split(game: Game, graphs: Graphs) -> bool:
    return can_fork() and size(game, graphs) >= BIG


def halves(checks: Sequence[ModuleType]) -> tuple[list[ModuleType], list[ModuleType]]:
    """(here, there): heaviest first onto the lighter half; spelling checks stay here.

    The checks that read a graph (READS) move as one group, costed with the
    graph they share; a group with a check that stays, stays.
    """
    groups = _groups(checks)
    stay = [g for g in groups if any(c.CODE in _STAY_HERE for c in g)]
    movable = [g for g in groups if g not in stay]
    mine = sum(_group_cost(g) for g in stay)
    theirs = set(their_share([_group_cost(g) for g in movable], mine=mine))
    here = [c for g in stay for c in g] + [
        c for i, g in enumerate(movable) if i not in theirs for c in g
    ]
    there = [c for i, g in enumerate(movable) if i in theirs for c in g]
    order = {id(c): n for n, c in enumerate(checks)}
    return sorted(here, key=lambda c: order[id(c)]), sorted(there, key=lambda c: order[id(c)])


def _groups(checks: Sequence[ModuleType]) -> list[list[ModuleType]]:
    """The checks in groups that read no graph in common: one per check that reads
    none, and one for all the checks that read a graph (or are linked by ones that do)."""
    groups: list[list[ModuleType]] = []
    for check in checks:
        reads = set(_reads(check))
        joined = [g for g in groups if reads & {r for c in g for r in _reads(c)}]
        merged = [c for g in joined for c in g] + [check]
        groups = [g for g in groups if all(g is not j for j in joined)] + [merged]
    return groups


def _reads(check: ModuleType) -> tuple[str, ...]:
    return tuple(getattr(check, "READS", ()))


def _group_cost(group: list[ModuleType]) -> float:
    graphs = {r for c in group for r in _reads(c)}
    return sum(_cost(c) for c in group) + sum(_GRAPH_COST.get(g, 0.1) for g in graphs)


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
