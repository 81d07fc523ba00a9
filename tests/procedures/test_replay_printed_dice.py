"""A worked example's printed dice: whole numbers the die can show, or not replayable.

rolls() takes an example's faces as given (int() on each), so 3.5 replayed as
3 and matched, 7 on a d6 came out as the book's "mismatch", and "3,3,1,6" as a
Python ValueError. The replay finds which values are faces (the step rolls for
them when they are absent) and the die's sides, and checks them first.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from compiler.model.game import Example, Game
from compiler.procedures.replay import replay
from tests.conftest import ROOT, living_game, run_casebook


def _with_faces(example_id: str, step: int, faces, *, only_step: bool = False) -> Example:
    """A plan-vert example whose step ``step`` prints ``faces`` as its rolls."""
    example = next(x for x in living_game("plan-vert").examples if x.id == example_id)
    steps = [dict(s) for s in example.steps]
    steps[step - 1]["inputs"] = {**steps[step - 1]["inputs"], "rolls": faces}
    if only_step:  # the dice are counted from the faces: no step says how many
        return replace(
            example,
            steps=(steps[step - 1] | {"step": 1},),
            step_at=(example.step_at[step - 1],),
            situation={},
        )
    return replace(example, steps=tuple(steps))


def test_the_printed_example_still_matches() -> None:
    result = replay(living_game("plan-vert"), _with_faces("task-completion-roll", 2, [3, 3, 1, 6]))
    assert result.status == "match" and result.reason is None


def test_a_face_with_a_fraction_is_not_truncated_into_a_match() -> None:
    example = _with_faces("task-completion-roll", 2, [3.5, 3, 1, 6])
    result = replay(living_game("plan-vert"), example)
    assert result.status == "not-replayable"
    assert result.reason == (
        "step 2: 10: rolls [3.5, 3, 1, 6]: a die face is a whole number, not 3.5"
    )
    assert result.at == example.step_at[1]  # the step that prints the faces, not the example
    assert result.fix and "whole numbers" in result.fix


def test_a_whole_number_written_as_a_float_is_a_face() -> None:
    result = replay(
        living_game("plan-vert"), _with_faces("task-completion-roll", 2, [3.0, 3, 1, 6])
    )
    assert result.status == "match"


@pytest.mark.parametrize(
    ("faces", "said"),
    [
        ([7, 0, -1, 3], "a d6 cannot show 7, 0 or -1"),
        ([3, 3, 1, 60], "a d6 cannot show 60"),
        ([True, 3, 1, 6], "a die face is a whole number, not True"),
        (["3", 3, 1, 6], "a die face is a whole number, not '3'"),
    ],
)
def test_a_face_the_die_cannot_show_is_not_the_book_s_mismatch(faces, said) -> None:
    result = replay(living_game("plan-vert"), _with_faces("task-completion-roll", 2, faces))
    assert result.status == "not-replayable"
    assert result.reason is not None and result.reason.endswith(said)
    assert not result.checks or all(c.step != 2 for c in result.checks)


@pytest.mark.parametrize(
    ("faces", "said"),
    [
        ("3,3,1,6", "the faces rolled must be a list of whole numbers"),
        ({"a": 3}, "the faces rolled must be a list of whole numbers"),
        # one whole number is one die's face (resolve's clock_reroll=2): one of four
        (3, "rolls lists 1 dice; the rule calls for 4"),
    ],
)
def test_faces_that_are_not_a_list_are_named_not_a_python_error(faces, said: str) -> None:
    result = replay(living_game("plan-vert"), _with_faces("task-completion-roll", 2, faces))
    assert result.status == "not-replayable"
    assert result.reason is not None
    assert said in result.reason
    assert "Error" not in result.reason and "int()" not in result.reason


@pytest.mark.parametrize(
    ("faces", "said"),
    [([3.5, 3, 1, 6], "not 3.5"), ("3,3,1,6", "must be a list"), ([9, 1], "cannot show 9")],
)
def test_faces_are_checked_when_the_step_counts_the_dice_from_them(faces, said) -> None:
    example = _with_faces("task-completion-roll", 2, faces, only_step=True)
    result = replay(living_game("plan-vert"), example)
    assert result.status == "not-replayable"
    assert result.reason is not None and said in result.reason
    assert result.at == example.step_at[0]


def _sided(game: Game, procedure_id: str, sides: int) -> Game:
    procs = tuple(
        replace(p, params={**p.params, "sides": sides}) if p.id == procedure_id else p
        for p in game.procedures
    )
    return replace(game, procedures=procs)


def test_the_die_s_sides_come_from_the_procedure() -> None:
    example = _with_faces("morale-roll", 3, [9, 1, 1])
    game = living_game("plan-vert")
    on_a_d6 = replay(game, example)
    assert on_a_d6.status == "not-replayable"
    assert on_a_d6.reason == "step 3: 13: rolls [9, 1, 1]: a d6 cannot show 9"
    on_a_d10 = replay(_sided(game, "13", 10), example)  # its stated "3D6" now differs
    assert on_a_d10.reason is None
    assert [(c.key, c.verdict) for c in on_a_d10.checks if c.step == 3] == [
        ("figures_removed", "same")
    ]


def test_values_that_are_not_dice_are_left_alone() -> None:
    """Lists the example gives that no step rolls (items in a zone) are not faces."""
    game = living_game("plan-vert")
    assert all(replay(game, x).status == "match" for x in game.examples)


def test_casebook_examples_names_the_face_and_the_line(tmp_path: Path) -> None:
    game = tmp_path / "plan-vert"
    shutil.copytree(ROOT / "rulesets" / "plan-vert", game)
    path = game / "examples.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("rolls: [3, 3, 1, 6]") == 1
    path.write_text(text.replace("rolls: [3, 3, 1, 6]", "rolls: [3.5, 3, 1, 6]"), "utf-8")
    lines = text.splitlines()
    start = lines.index("  - id: task-completion-roll")
    step_line = lines.index("      - step: 2", start) + 1
    done = run_casebook("examples", "plan-vert", "--rulesets", str(tmp_path))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "?? task-completion-roll" in done.stdout
    assert "rolls [3.5, 3, 1, 6]: a die face is a whole number, not 3.5" in done.stdout
    assert f"examples.yaml:{step_line}:" in done.stdout
    assert "5 match, 0 contradiction, 0 mismatch, 1 not-replayable" in done.stdout
