"""The procedure engine: dice, step-by-step resolution, and the replay verdicts."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from compiler.model.game import Example
from compiler.procedures.core import Dice, ProcedureError
from compiler.procedures.replay import replay, same
from compiler.procedures.resolve import find_procedure, resolve
from tests.conftest import RULESETS, living_game, run_casebook


def test_dice_come_from_the_list_then_the_seed_never_from_nowhere() -> None:
    assert Dice([3, 5]).roll(2) == [3, 5]
    assert Dice(seed=7).roll(3) == Dice(seed=7).roll(3)
    with pytest.raises(ProcedureError, match="give the dice"):
        Dice().roll(1, why="morale")
    with pytest.raises(ProcedureError, match="a d6 cannot show 7"):
        Dice([7]).roll(1)


@pytest.mark.parametrize(
    ("stated", "computed", "agree"),
    [
        (9, 9.0, True),
        ("9", 9, True),
        ("4D6", "4d6", True),
        ([1, 3, 6], [1, 3, 6], True),
        ([1, 3, 6], [1, 6, 3], False),
        (True, 1, False),
        ({"a": 1}, {"a": 1, "b": 2}, False),
        ("two", 2, False),
    ],
)
def test_same_compares_values_not_spelling(stated, computed, agree) -> None:
    assert same(stated, computed) is agree


def test_resolve_cites_each_rule_and_uses_the_dice_given() -> None:
    game = living_game("plan-vert")
    proc = find_procedure(game, "10")
    result = resolve(game, proc, {"action_points_traded": 3}, Dice([2, 2, 5]))
    assert [s.rule for s in result.steps] == ["10", "10"]
    assert result.state["set_aside"] == [2, 5]
    assert result.state["task_complete"] is False
    assert result.dice == (2, 2, 5)


def test_resolve_refuses_more_than_the_rule_allows() -> None:
    game = living_game("plan-vert")
    with pytest.raises(ProcedureError, match="at most 4"):
        resolve(game, find_procedure(game, "10"), {"action_points_traded": 5}, Dice([1] * 5))


def _task_example() -> Example:
    game = living_game("plan-vert")
    return next(x for x in game.examples if x.id == "task-completion-roll")


def _with_step(example: Example, index: int, **changes) -> Example:
    steps = list(example.steps)
    steps[index] = {**steps[index], **changes}
    return replace(example, steps=tuple(steps))


def test_a_printed_example_that_agrees_matches() -> None:
    result = replay(living_game("plan-vert"), _task_example())
    assert result.status == "match"
    assert {c.key for c in result.checks} >= {"dice", "set_aside", "still_needed"}


def test_a_wrong_stated_value_is_a_mismatch_with_both_values() -> None:
    example = _task_example()
    wrong = _with_step(example, 1, stated={"set_aside": [1, 3], "still_needed": [2, 4, 5]})
    result = replay(living_game("plan-vert"), wrong)
    assert result.status == "mismatch"
    (bad,) = [c for c in result.checks if c.verdict == "differs"]
    assert (bad.key, bad.stated, bad.computed) == ("set_aside", [1, 3], [1, 3, 6])


def test_a_declared_contradiction_reports_both_readings_and_goes_stale() -> None:
    example = _task_example()
    declared = _with_step(
        example,
        1,
        stated={"set_aside": [1, 3]},
        contradicts={"set_aside": "the 6 is forgotten"},
    )
    result = replay(living_game("plan-vert"), declared)
    assert result.status == "contradiction"
    stale = _with_step(example, 1, contradicts={"set_aside": "no longer true"})
    assert replay(living_game("plan-vert"), stale).status == "mismatch"


def test_an_example_without_a_procedure_or_a_step_is_not_replayable() -> None:
    example = _task_example()
    unbound = replace(example, procedure="no-such")
    result = replay(living_game("plan-vert"), unbound)
    assert result.status == "not-replayable" and "no procedure 'no-such'" in (result.reason or "")
    other_rule = _with_step(example, 0, rule="11")
    result = replay(living_game("plan-vert"), other_rule)
    assert "has no step for rule '11'" in (result.reason or "")


def test_resolve_cli_runs_a_procedure_for_a_player() -> None:
    done = run_casebook("resolve", "plan-vert", "10", "action_points_traded=4", "--dice", "3,3,1,6")
    assert done.returncode == 0, done.stderr
    assert "10  rolled 3, 3, 1, 6: set aside 1, 3, 6; still needed 2, 4, 5" in done.stdout
    no_dice = run_casebook("resolve", "plan-vert", "10", "action_points_traded=2")
    assert no_dice.returncode == 2
    assert "give the dice" in no_dice.stderr and "Traceback" not in no_dice.stderr
    listing = run_casebook("resolve", "plan-vert")
    assert "action_points_traded: action points traded in for D6" in listing.stdout


def test_table_cli_prints_a_row_by_roll_or_name() -> None:
    done = run_casebook("table", "plan-vert", "german-items", "VIP", "train")
    assert done.returncode == 0, done.stderr
    assert "Value        6" in done.stdout
    by_roll = run_casebook("table", "plan-vert", "shooting", "5")
    assert by_roll.returncode == 0 and "2" in by_roll.stdout.splitlines()[1]
    missing = run_casebook("table", "plan-vert", "german-items", "Panzer")
    assert missing.returncode == 1 and "no row for 'Panzer'" in missing.stderr


def test_table_cli_shows_every_row_a_roll_selects() -> None:
    """Found by the hunt: a 6 hits at every distance, but only the first row was shown."""
    done = run_casebook("table", "plan-vert", "shooting", "6")
    assert done.returncode == 0, done.stderr
    assert [line.split()[-1] for line in done.stdout.splitlines() if "Distance" in line] == [
        "3",
        "2",
        "1",
    ]
    assert "'6' is in 3 rows" in done.stderr


COLUMNS = "(columns: distance (Distance in zones), to_hit (To-hit roll))"


@pytest.mark.parametrize(
    ("args", "says", "status"),
    [
        (["3", "--column", "nope"], f"no column 'nope' {COLUMNS}", 2),
        (["3", "--column", ""], f"no column '' {COLUMNS}", 2),
        (["²"], "no row for '²' in column 'to_hit'", 1),
        (["9" * 5000], "no row for '9999", 1),
    ],
    ids=["unknown column (said nothing)", "empty column (ignored)", "superscript 2", "5000 digits"],
)
def test_table_cli_names_what_it_cannot_look_up(args: list[str], says: str, status: int) -> None:
    """Found by the hunt: internal errors, or "casebook table: " and nothing more. A column
    the table lacks is a usage mistake (2); a key it lacks is found nothing (1, as grep)."""
    done = run_casebook("table", "plan-vert", "shooting", *args)
    assert done.returncode == status
    assert says in done.stderr
    assert "internal error" not in done.stderr
    assert len(done.stderr) < 300


def test_table_cli_takes_the_key_after_the_column_option() -> None:
    done = run_casebook("table", "plan-vert", "shooting", "--column", "distance", "3")
    assert done.returncode == 0, done.stderr
    assert "To-hit roll        6" in done.stdout


def test_a_procedure_refuses_a_roll_two_rows_cover() -> None:
    """A procedure cannot go on from two rows; the first one was taken without a word."""
    from compiler.procedures.table_lookup import find_row

    game = living_game("plan-vert")
    table = game.table("shooting")
    assert table is not None
    with pytest.raises(ProcedureError, match="6 is in 3 rows of column 'to_hit'"):
        find_row(table, None, 6)
    assert find_row(table, "distance", 2) == 1


@pytest.mark.parametrize(
    ("value", "says"),
    [
        pytest.param(
            "99999999",
            "casualties is 99999999; no count here goes past 10000",
            id="a huge count (rolled for two minutes)",
        ),
        pytest.param("9" * 5000, "casualties has 5000 digits", id="past int()'s digits (crashed)"),
        pytest.param("abc", "casualties must be a whole number, not 'abc'", id="not a number"),
    ],
)
def test_resolve_refuses_counts_no_table_reaches_at_once(value: str, says: str) -> None:
    """Found by the adversarial hunt."""
    result = run_casebook("resolve", "plan-vert", "13", f"casualties={value}", "--seed", "1")
    assert result.returncode == 2
    assert "internal error" not in result.stderr
    assert says in result.stderr
    assert len(result.stderr) < 300  # the value is cut short, not echoed whole


def test_dice_refuse_a_roll_of_more_than_a_thousand() -> None:
    with pytest.raises(ProcedureError, match="calls for 1001 dice"):
        Dice(seed=1).roll(1001, 6, "casualties")
    assert len(Dice(seed=1).roll(1000, 6, "casualties")) == 1000


def test_a_table_with_no_rows_is_shown_with_its_header() -> None:
    """Found by the hunt: `rows: []` is schema-valid and builds, but `casebook table`
    crashed on it (max() of a single int)."""
    from compiler.procedures.show import table_text

    table = living_game("plan-vert").table("shooting")
    assert table is not None
    shown = table_text(replace(table, rows=(), row_at=()))
    assert shown.splitlines()[1].split() == ["Distance", "in", "zones", "To-hit", "roll"]


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ("shots=-3", "shots cannot be negative (-3)"),
        ("shots=1.5", "shots must be a whole number, not 1.5"),
        ("shots=true", "shots must be a whole number, not true"),
        ("shots=1e400", "shots must be a whole number, not '1e400'"),
        ("leader=maybe", "leader must be true or false, not 'maybe'"),
    ],
)
def test_resolve_refuses_values_the_rules_cannot_mean(given: str, says: str) -> None:
    """Found by the hunt: -3 shots were fired, 1.5 and true became 1, maybe was true,
    and 1e400 was blamed on procedures.yaml."""
    inputs = (
        ["distance=2", "shots=2", given] if given.startswith("leader") else ["distance=2", given]
    )
    result = run_casebook("resolve", "plan-vert", "12", *inputs, "--seed", "1")
    assert result.returncode == 2
    assert says in result.stderr
    assert "procedures.yaml" not in result.stderr


def test_resolve_notes_an_input_it_does_not_know_and_dice_it_did_not_use() -> None:
    result = run_casebook(
        "resolve", "plan-vert", "12", "distance=2", "shots=1", "leadr=true", "--dice", "6,1,4,4"
    )
    assert result.returncode == 0, result.stderr
    assert "note: leadr is not one of 12's inputs" in result.stderr
    assert "did you mean leader?" in result.stderr
    assert "note: 2 of the --dice were not needed: 4,4" in result.stderr


def test_a_negative_seed_is_refused_as_it_would_repeat_a_positive_one() -> None:
    result = run_casebook("resolve", "plan-vert", "12", "distance=2", "shots=1", "--seed", "-1")
    assert result.returncode == 2
    assert "seeds start at 0" in result.stderr


@pytest.mark.parametrize(
    ("held", "says"),
    [
        ("[7, 8]", "held: 7 is not a face of the die (1, 2, 3, 4, 5, 6)"),
        ("[-1]", "a face in held cannot be negative (-1)"),
        ("[1.5]", "a face in held must be a whole number, not 1.5"),
        ("[true]", "a face in held must be a whole number, not true"),
        ("{a: 1}", "held is the faces already set aside, a list such as [1, 3]"),
        ("0", "held: 0 is not a face of the die (1, 2, 3, 4, 5, 6)"),  # was "nothing held"
        ("{}", "held is the faces already set aside, a list such as [1, 3]"),
        # each taken as 3 (or 10), a number never typed: faces are the digits 0 to 9
        ("[\u0663]", "a face in held must be a whole number, not '\u0663'"),
        ("3,\u0664", "held is the faces already set aside, a list such as [1, 3] or 1,3; not"),
        ("0x3", "not '0x3'"),
        ("1_0", "not '1_0'"),
    ],
)
def test_resolve_refuses_faces_set_aside_that_the_die_does_not_have(held: str, says: str) -> None:
    """Found by a probe: 7, -1, 1.5 and true were "set aside" (exit 0), and a map was a
    Python error text blamed on the procedure's file."""
    done = run_casebook(
        "resolve", "plan-vert", "10", "--seed", "1", "action_points_traded=1", f"held={held}"
    )
    assert done.returncode == 2
    assert says in done.stderr
    assert "procedures.yaml" not in done.stderr


def test_resolve_says_a_seed_or_die_of_thousands_of_digits_is_too_long() -> None:
    """Found by a probe: 5,000 digits were "not a whole number"."""
    digits = "9" * 5000
    seed = run_casebook("resolve", "plan-vert", "10", "--seed", digits, "action_points_traded=1")
    assert seed.returncode == 2 and "has 5000 digits" in seed.stderr
    dice = run_casebook("resolve", "plan-vert", "10", "--dice", digits, "action_points_traded=1")
    assert dice.returncode == 2 and "--dice takes the faces the dice showed" in dice.stderr
    assert len(seed.stderr) < 600 and len(dice.stderr) < 600


def test_resolve_says_an_input_after_an_option_is_not_name_value() -> None:
    """Found by a probe: after --seed, a word with no '=' met the top-level usage line."""
    done = run_casebook("resolve", "plan-vert", "10", "--seed", "1", "action_points_traded")
    assert done.returncode == 2
    assert "'action_points_traded' is not NAME=VALUE" in done.stderr
    assert "unrecognized arguments" not in done.stderr


def test_resolve_says_what_a_procedure_assumes_where_the_source_is_silent() -> None:
    """Found by a probe: Plan Vert's save adds "+1 if leader" to the roll, though the
    source does not say roll or target number, and the answer did not say so."""
    done = run_casebook(
        "resolve", "plan-vert", "12", "distance=1", "shots=1", "leader=true", "--dice", "4,3"
    )
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert "1 saved" in said
    assert 'not in the source: "+1 if leader" and "+1 if lying down" do not say' in said


def test_resolve_refuses_more_shots_than_the_actions_table_allows() -> None:
    """ "Shoot … Maximum 2 shots" (the Actions table): three were resolved unremarked."""
    done = run_casebook("resolve", "plan-vert", "12", "distance=1", "shots=3", "--seed", "1")
    assert done.returncode == 2
    assert "at most 2 shot(s) allowed; 3 given" in done.stderr
    assert (
        run_casebook(
            "resolve", "plan-vert", "12", "distance=1", "shots=2", "--seed", "1"
        ).returncode
        == 0
    )


def test_both_zone_value_procedures_allow_one_train_and_say_how_they_differ() -> None:
    """Found by a probe: procedure 2 valued two trains in a zone, which 4 forbids, and
    neither said that 2 and 4 disagree on how many items a zone holds."""
    two = run_casebook("resolve", "plan-vert", "2", "zone_items=[VIP,Goods]")
    four = run_casebook(
        "resolve", "plan-vert", "where-are-the-german-items", "keywords=[VIP,Goods]"
    )
    for done in (two, four):
        assert done.returncode == 2
        assert "at most 1 train allowed; 2 given" in done.stderr
    valued = run_casebook("resolve", "plan-vert", "2", "zone_items=[VIP,Gendarme]")
    assert valued.returncode == 0, valued.stderr
    assert "6+1=7" in valued.stdout
    assert 'not in the source: 2 says a zone holds "zero, one or two items"' in " ".join(
        valued.stdout.split()
    )


@pytest.mark.parametrize(
    ("procedure", "as_list", "as_typed"),
    [
        ("10", ["action_points_traded=1", "held=[1, 2]"], ["action_points_traded=1", "held=1,2"]),
        ("10", ["action_points_traded=1", "held=[2]"], ["action_points_traded=1", "held=2"]),
        ("14", ["clock=20", "clock_reroll=[2]"], ["clock=20", "clock_reroll=2"]),
    ],
)
def test_resolve_takes_a_list_of_faces_as_dice_are_typed(
    procedure: str, as_list: list[str], as_typed: list[str]
) -> None:
    """Found by a probe: --dice 3,5,1 was taken, held=1,2,3,4 refused, and clock_reroll=2
    ("the re-rolled D6") refused until written [2]."""
    first = run_casebook("resolve", "plan-vert", procedure, *as_list, "--seed", "3")
    second = run_casebook("resolve", "plan-vert", procedure, *as_typed, "--seed", "3")
    assert first.returncode == 0, first.stderr
    assert (second.returncode, second.stdout) == (0, first.stdout)


def test_resolve_refuses_a_table_id_given_as_the_instruction_box() -> None:
    """Found by a probe: block=if-else-night was read as a box of narrative text, and
    the answer was three lines of "no CHOOSE table here", exit 0."""
    done = run_casebook(
        "resolve", "war-story-occupied-france", "solid-lines", "block=if-else-night", "time=day"
    )
    assert done.returncode == 2
    assert "'if-else-night' is a table of tables.yaml, not a box" in done.stderr
    assert "no CHOOSE table here" not in done.stdout


@pytest.mark.parametrize(
    ("procedure", "given", "says"),
    [
        ("solid-lines", "block={choose: [{}]}", "block.choose[0]: missing required key 'option'"),
        ("solid-lines", "block={if_else: 3}", "block.if_else: expected a list, got 3"),
        ("solid-lines", "block={if_else: [null]}", "block.if_else[0]: expected a mapping"),
        ("solid-lines", "block=[]", "block is an empty list"),
        ("solid-lines", "block={choose: []}", "block.choose: [] is empty or too short"),
        ("solid-lines", "reading_entry=abc", "reading_entry must be a whole number, not 'abc'"),
        ("encounter-maps", "reading_entry=1|assign=[1]", "assign maps an Agent to a Position"),
        (
            "encounter-maps",
            "reading_entry=1|allocate=3",
            "allocate maps an Agent to the items given them",
        ),
    ],
)
def test_resolve_says_what_shape_a_box_or_an_input_needs(
    procedure: str, given: str, says: str
) -> None:
    """Found by a probe: each was a Python error text (KeyError: 'option', TypeError,
    AttributeError) blamed on procedures.yaml, or an empty answer with exit 0."""
    done = run_casebook("resolve", "war-story-occupied-france", procedure, *given.split("|"))
    assert done.returncode == 2, done.stdout
    assert says in done.stderr
    assert "procedures.yaml" not in done.stderr and "Error" not in done.stderr


def test_an_example_s_box_is_checked_as_a_book_entry_s_block(tmp_path: Path) -> None:
    """An example's instruction box with "opzione:" for "option:" was a KeyError at
    replay; it is the book's block shape, said at the example."""
    rulesets = tmp_path / "rs"
    shutil.copytree(RULESETS / "war-story-occupied-france", rulesets / "war-story-occupied-france")
    examples = rulesets / "war-story-occupied-france" / "examples.yaml"
    text = examples.read_text(encoding="utf-8")
    first = '          - option: "To enter [redacted] by [redacted]:"'
    assert first in text
    examples.write_text(text.replace(first, first.replace("option", "opzione"), 1))
    done = run_casebook("examples", "war-story-occupied-france", "--rulesets", str(rulesets))
    assert "block.choose[0]: unknown key 'opzione' (did you mean 'option'?)" in done.stdout
    assert "examples.yaml:49:9" in done.stdout and "KeyError" not in done.stdout


@pytest.mark.parametrize(
    ("clock", "says"),
    [
        ("", "clock must be a whole number; nothing was given"),  # said "not None"
        ("\u0661\u0660", "clock must be a whole number, not '\u0661\u0660'"),  # was 10
        ("0x10", "clock must be a whole number, not '0x10'"),  # was 16
        ("2001-01-01", "clock must be a whole number, not '2001-01-01'"),  # a date's repr
    ],
)
def test_resolve_reads_a_clock_only_as_typed_in_the_digits_0_to_9(clock: str, says: str) -> None:
    """Found by a probe: Arabic-Indic digits and YAML 1.1's hexadecimal were read as
    other numbers than the ones typed, and an empty value was "not None"."""
    done = run_casebook("resolve", "plan-vert", "14", f"clock={clock}", "--seed", "1")
    assert done.returncode == 2
    assert says in done.stderr


def test_resolve_reads_a_number_with_leading_zeros_in_base_ten() -> None:
    """YAML 1.1 reads 010 as 8; the step took it as 10 through its text (a probe)."""
    done = run_casebook("resolve", "plan-vert", "14", "clock=010", "--dice", "2")
    assert done.returncode == 0, done.stderr
    assert "clock 10 − 2 = 8" in done.stdout


def test_resolve_says_no_dice_were_rolled_when_none_are_bought() -> None:
    """Found by a probe: 0 action points printed "rolled : set aside nothing"."""
    done = run_casebook("resolve", "plan-vert", "10", "action_points_traded=0", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "rolled no dice: set aside nothing" in done.stdout


def test_resolve_says_a_list_is_not_a_clock() -> None:
    """Found by a review: clock=40,2 (two numbers) was a Python TypeError blamed on the
    procedure's file."""
    done = run_casebook("resolve", "plan-vert", "14", "clock=40,2", "--seed", "1")
    assert done.returncode == 2
    assert "clock must be a whole number, not [40, 2]" in done.stderr
    assert "procedures.yaml" not in done.stderr


@pytest.mark.parametrize(
    ("clock", "says"),
    [
        ("41", "the clock starts at 40 and only counts down; not 41"),
        ("0", "the clock is at 0: at 0 or less the game has ended"),
    ],
)
def test_resolve_keeps_the_clock_between_its_start_and_its_end(clock: str, says: str) -> None:
    """Found by a probe: clock=41 was counted down from above the rules' start, and
    clock=0 rolled again after the game had ended."""
    done = run_casebook("resolve", "plan-vert", "14", f"clock={clock}", "--seed", "1")
    assert done.returncode == 2
    assert says in done.stderr
    assert run_casebook("resolve", "plan-vert", "14", "clock=1", "--seed", "1").returncode == 0


def test_a_missed_lookup_lists_each_value_of_the_column_once() -> None:
    """Found by a probe: Liberation's materials table said its one group 16 times over."""
    done = run_casebook("table", "liberation", "scenario-4-materiali", "carte")
    assert done.returncode != 0
    said = done.stderr
    assert said.count("Materiale degli scenari precedenti |") == 1, said
    assert said.rstrip().endswith(
        "(Materiale degli scenari precedenti | Materiale aggiuntivo dello scenario 4)"
    )
