"""A card layout's template fault has one code and one message, in lint and in the build.

Lint reported it as L10N009, a translation's fault, and said nothing at all of
markup a template makes that is not valid (its quick fit test never parses
tags); the build stopped on both as LAYOUT001.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.backends.cards import face_items, printable_decks
from compiler.diagnostics import CompileError
from compiler.lint import lint_game
from compiler.pipeline import front_end
from tests.checks.test_each_check import materialise

FAULTS = {
    "unknown name": '"{{ card.titel }}"',
    "unclosed tag": '"<b>{{ card.title }}"',
}


def _game(tmp_path: Path, show: str) -> Path:
    game = materialise("L10N009", tmp_path)
    layouts = game / "layouts.yaml"
    layouts.write_text(layouts.read_text().replace('"{{ card.title }}"', show))
    return game


def _said(finding) -> tuple:
    return (finding.code, finding.message, str(finding.location), finding.suggestion)


@pytest.mark.parametrize("show", FAULTS.values(), ids=FAULTS.keys())
def test_lint_reports_a_template_fault_as_the_build_does(tmp_path: Path, show: str) -> None:
    game_dir = _game(tmp_path, show)
    fe = front_end(game_dir, tmp_path)
    assert fe.game is not None
    ((deck, layout),) = printable_decks(fe.game)
    with pytest.raises(CompileError) as built:
        face_items(fe.game, deck, layout)
    findings, ok = lint_game(game_dir, tmp_path)
    assert ok
    layout_faults = [_said(f) for f in findings if f.location.path.endswith("layouts.yaml")]
    assert layout_faults == [_said(f) for f in built.value.findings]
    assert layout_faults[0][0] == "LAYOUT001"
    assert layout_faults[0][2] == "rulesets/L10N009/layouts.yaml:7:11"  # the region, once
    # the text that overflows its box is still the card's own finding
    assert [f.code for f in findings if f.location.path.endswith("cards.yaml")] == ["L10N009"]


def test_select_and_ignore_name_the_code_a_finding_has(tmp_path: Path) -> None:
    game_dir = _game(tmp_path, FAULTS["unknown name"])
    only, _ = lint_game(game_dir, tmp_path, select=["LAYOUT001"])
    assert [f.code for f in only] == ["LAYOUT001"]
    rest, _ = lint_game(game_dir, tmp_path, ignore=["LAYOUT001"])
    assert [f.code for f in rest] == ["L10N009"]
    fit, _ = lint_game(game_dir, tmp_path, select=["L10N009"])
    assert [f.code for f in fit] == ["L10N009"]


def test_the_cli_takes_a_code_lint_reports_for_another_stage() -> None:
    """`--select LAYOUT001` was refused as 'not a lint check' though lint reports it."""
    from compiler.cli import _codes

    assert _codes("layout001,L10N009", "--ignore") == ["LAYOUT001", "L10N009"]


def test_a_template_measured_once_for_each_value_is_still_said_for_each_card(
    tmp_path: Path,
) -> None:
    """Lint sets a templated region once for each distinct set of the card values it reads
    (L10N009's memo): two cards with one overflowing cost are both reported, at each
    card, and the card with a short cost is not."""
    game = materialise("L10N009", tmp_path)
    cards = game / "cards.yaml"
    long = "Two orders of the side's choice, discarded from its hand at once"
    text = cards.read_text().replace(
        "    title: Orders\n", "    title: Orders\n    fields:\n      - {key: cost, label: Cost}\n"
    )
    for n, cost in ((3, "1"), (4, long), (5, long)):
        text += (
            f"      - id: order-{n}\n        title: Order {n}\n        text: Move.\n"
            f'        fields: {{cost: "{cost}"}}\n'
        )
    cards.write_text(text)
    layouts = game / "layouts.yaml"
    layouts.write_text(
        layouts.read_text()
        + "        - id: cost\n          x: 4mm\n          y: 22mm\n          width: 55.5mm\n"
        "          height: 5mm\n          size: 8pt\n          min_size: 8pt\n"
        '          show: "{% for label, value in card.field_list %}{{ label }}: {{ value }}'
        '{% endfor %}"\n'
    )
    findings, ok = lint_game(game, tmp_path, select=["L10N009"])
    assert ok
    said = sorted(
        (f.message.split(",")[1].strip(), f.message.split(",")[2].split(" by ")[0])
        for f in findings
    )
    assert said == [
        ("card 'order-2'", " region 'text' (en): the text overflows its 6 mm height"),
        ("card 'order-4'", " region 'cost' (en): the text overflows its 5 mm height"),
        ("card 'order-5'", " region 'cost' (en): the text overflows its 5 mm height"),
    ]
