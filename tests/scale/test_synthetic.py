"""The synthetic game generator (benchmarks/synthetic.py) makes what benchmarks rely on.

A scaling figure means something only if the game measured is valid and lints
clean (the compiler does its normal work, not its error paths), holds what its
size says, and is the same game on every run. No timing is asserted here.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

from benchmarks import synthetic
from compiler.diagnostics import Severity
from compiler.lint import lint_game
from compiler.model.game import Game
from compiler.pipeline import FrontEnd, front_end

N = 200


def _front(root: Path, n: int, seed: int = 0) -> FrontEnd:
    game_dir = synthetic.write_ruleset(root / "rulesets", n, seed)
    return front_end(game_dir, root, "living")


def _counts(game: Game) -> tuple[int, int, int, int]:
    """(rules, cards, entries, map spaces) the model holds."""
    return (
        sum(1 for _ in game.all_rules()),
        sum(len(deck.cards) for deck in game.decks),
        sum(len(book.entries) for book in game.books),
        sum(len(game_map.spaces) for game_map in game.maps),
    )


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("synthetic")


@pytest.fixture(scope="module")
def fe(root: Path) -> FrontEnd:
    return _front(root, N)


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.yaml")}


def test_same_seed_same_bytes_other_seed_other_game(tmp_path: Path) -> None:
    first = _tree(synthetic.write_ruleset(tmp_path / "a", N, seed=7))
    again = _tree(synthetic.write_ruleset(tmp_path / "b", N, seed=7))
    other = _tree(synthetic.write_ruleset(tmp_path / "c", N, seed=8))
    assert first == again
    assert first != other
    assert first["game.yaml"].replace(b"seed 7", b"seed 8") == other["game.yaml"]


def test_front_end_has_no_errors(fe: FrontEnd) -> None:
    errors = [f.render() for f in fe.findings if f.severity is Severity.ERROR]
    assert fe.game is not None and fe.graphs is not None, errors
    assert errors == []


def test_model_holds_n_of_each(fe: FrontEnd) -> None:
    assert fe.game is not None
    assert _counts(fe.game) == (N, N, N, N)
    assert Counter(r.level for r in fe.game.all_rules()).keys() == {"module", "section", "case"}


def test_doubling_n_doubles_the_counts(root: Path, fe: FrontEnd) -> None:
    double = _front(root / "double", 2 * N)
    assert fe.game is not None and double.game is not None
    assert _counts(double.game) == tuple(2 * c for c in _counts(fe.game))


def test_lint_finds_no_errors(root: Path, fe: FrontEnd) -> None:
    for edition in ("original", "living"):
        findings, ok = lint_game(root / "rulesets" / "synthetic", root, edition)
        assert ok
        faults = [f.render() for f in findings if f.severity is not Severity.INFO]
        assert faults == []


def test_every_citation_resolves_to_the_rule_written(fe: FrontEnd) -> None:
    assert fe.game is not None and fe.graphs is not None
    refs = fe.graphs.references
    assert refs.unresolved == () and refs.gaps == ()
    found: dict[str, list[str]] = {}
    for owner, span in refs.resolved:
        found.setdefault(owner, []).append(span.target)
    wanted = synthetic.plan(N).citations()
    assert {a: tuple(t) for a, t in found.items()} == wanted
    assert all(1 <= len(targets) <= 3 for targets in wanted.values())
    citers: dict[str, set[str]] = {}
    for address, targets in wanted.items():
        for target in targets:
            citers.setdefault(target, set()).add(address)
    for rule in fe.game.all_rules():
        assert set(refs.cited_by(rule.address)) == citers.get(rule.address, set()), rule.address


def test_book_and_map_are_whole(fe: FrontEnd) -> None:
    assert fe.graphs is not None
    (book,) = fe.graphs.books.values()
    assert book.dangling == () and book.unreachable() == []
    (game_map,) = fe.graphs.maps.values()
    assert nx.is_connected(game_map.graph.to_undirected())


def test_big_games_are_split_into_files_of_at_most_1000_rules() -> None:
    p = synthetic.plan(20_000)
    module_size = Counter(
        int(rule.address.split(".")[0]) for rule in p.rules
    )  # rules per module number
    per_file = [sum(module_size[m] for m in range(a, b + 1)) for a, b in p.files]
    assert sum(per_file) == 20_000
    assert len(per_file) >= 20 and max(per_file) <= synthetic.RULES_PER_FILE
    assert len({rule.word for rule in p.rules}) == 20_000


def test_cli_writes_the_folder_and_refuses_to_overwrite(tmp_path: Path, capsys) -> None:
    assert synthetic.main(["30", str(tmp_path), "--seed", "3"]) == 0
    folder = tmp_path / "synthetic"
    assert capsys.readouterr().out.strip() == str(folder)
    assert (folder / "game.yaml").is_file()
    assert synthetic.main(["30", str(tmp_path)]) == 2
    assert synthetic.main(["40", str(tmp_path), "--replace"]) == 0
    assert b"40 rules, seed 0" in (folder / "game.yaml").read_bytes()
