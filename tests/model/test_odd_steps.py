"""Paragraph-book steps the schema allows but nothing printed: a step that is only a
team-sheet mark, and a step whose text is empty. Both were KeyError 'text' in every
verb (found by an adversarial probe)."""

from __future__ import annotations

from compiler.model.entries import Step, step_text
from compiler.model.from_parts import _step


def test_a_step_that_is_only_a_mark_is_modelled() -> None:
    step = _step({"team_sheet": True})
    assert (step.action, step.text, step.team_sheet) == ("text", None, True)
    assert step_text(step) == "**  **"


def test_a_step_with_empty_text_prints_nothing() -> None:
    assert step_text(Step("text", "", "", False)) == ""


def test_an_ending_the_words_do_not_know_is_said_as_written() -> None:
    assert step_text(Step("end_mission", "draw", None, False)) == "The mission ends: draw."
