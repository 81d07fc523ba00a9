"""Every worked example the five rulebooks print, replayed through the procedures."""

from __future__ import annotations

import pytest

from compiler.procedures.replay import replay
from tests.conftest import living_game, run_casebook

GAMES = ["set-europe-ablaze", "plan-vert", "war-story-occupied-france", "maquis", "liberation"]


@pytest.mark.parametrize("name", GAMES)
def test_every_worked_example_comes_out_as_printed(name: str) -> None:
    game = living_game(name)
    assert game.examples, "every game's source prints worked examples"
    failing = {}
    for example in game.examples:
        result = replay(game, example)
        if result.status not in ("match", "contradiction"):
            failing[example.id] = (
                result.status,
                result.reason,
                [
                    (c.step, c.key, c.stated, c.computed)
                    for c in result.checks
                    if c.verdict in ("differs", "stale")
                ],
            )
    assert failing == {}


@pytest.mark.parametrize("name", GAMES)
def test_the_replay_checks_most_of_what_the_examples_state(name: str) -> None:
    """A kind that echoed its inputs would leave stated values unchecked: most are computed."""
    game = living_game(name)
    results = [replay(game, example) for example in game.examples]
    checked = sum(len(r.checks) for r in results)
    unchecked = sum(len(r.unchecked) for r in results)
    assert checked >= 2 * unchecked, (checked, unchecked)


def test_a_contradiction_is_reported_with_both_readings() -> None:
    done = run_casebook("examples", "set-europe-ablaze")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "!! counterintelligence-orleans" in done.stdout
    assert "the book states 12; by its own rules 17" in done.stdout
    assert "1 match, 1 contradiction, 0 mismatch, 0 not-replayable" in done.stdout
