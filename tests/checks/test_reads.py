"""Each check reads only the graphs it names in READS.

A big game's checks are shared between two processes by the graphs they
read, and each process builds only those (compiler/checks/forked.py). A
check reading a graph it does not name would still work, but would build
that graph a second time, in the other process.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import synthetic
from compiler.checks import ALL_CHECKS, forked
from compiler.graph import KINDS, Graphs
from compiler.pipeline import FrontEnd, front_end
from tests.conftest import ROOT, RULESETS


@pytest.fixture(scope="module")
def fronts(tmp_path_factory: pytest.TempPathFactory) -> list[FrontEnd]:
    """The five games (Liberation in English too) and a synthetic game with every part."""
    folder = tmp_path_factory.mktemp("synthetic")
    made = [front_end(game, ROOT) for game in sorted(RULESETS.iterdir()) if game.is_dir()]
    made.append(front_end(RULESETS / "liberation", ROOT, "original", "en"))
    made.append(front_end(synthetic.write_ruleset(folder, 200, seed=2), folder))
    assert all(f.game is not None and f.graphs is not None for f in made)
    return made


@pytest.mark.parametrize("check", ALL_CHECKS, ids=[c.CODE for c in ALL_CHECKS])
def test_a_check_builds_only_the_graphs_it_reads(check, fronts: list[FrontEnd]) -> None:
    declared = set(getattr(check, "READS", ()))
    assert declared <= set(KINDS), check.CODE
    built: set[str] = set()
    for front in fronts:
        assert front.game is not None and front.graphs is not None
        graphs = Graphs(front.game, front.graphs.original)  # none built yet
        list(check.check(front.game, graphs))
        built |= set(graphs.built())
    assert built <= declared, f"{check.CODE} reads {sorted(built - declared)}: name it in READS"


def test_every_graph_is_read_by_some_check() -> None:
    read = {kind for check in ALL_CHECKS for kind in getattr(check, "READS", ())}
    assert read == set(KINDS)


def test_checks_that_read_one_graph_run_in_one_process() -> None:
    here, there = forked.halves(ALL_CHECKS)
    for kind in KINDS:
        readers = {c.CODE for c in ALL_CHECKS if kind in getattr(c, "READS", ())}
        assert readers <= {c.CODE for c in here} or readers <= {c.CODE for c in there}, kind
    assert [c.CODE for c in here + there] != []
    order = [c.CODE for c in ALL_CHECKS]
    assert [c.CODE for c in here] == sorted((c.CODE for c in here), key=order.index)


def test_a_graph_is_built_once_when_first_read(tmp_path: Path) -> None:
    game_dir = synthetic.write_ruleset(tmp_path, 200, seed=4)
    front = front_end(game_dir, tmp_path)
    assert front.game is not None and front.graphs is not None
    assert front.graphs.built() == ()  # the front end builds none
    first = front.graphs.references
    assert front.graphs.references is first and front.graphs.built() == ("references",)
