"""The form check lint runs without ReportLab says what the build's layout says."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.backends import form_layout, forms
from compiler.model.tables import Column
from tests.conftest import ROOT, living_game

WORD = st.text(
    alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzWMÀé0123456789-.,'’\u00a0①"),
    min_size=1,
    max_size=14,
)
CELL = st.lists(WORD, max_size=30).map(" ".join)


@st.composite
def form_games(draw):
    """Plan Vert with one of its form tables redrawn: any title, labels and cells."""
    game = living_game("plan-vert")
    table_id, _ = game.forms[0]
    table = game.table(table_id)
    n_cols = draw(st.integers(1, 5))
    labels = draw(st.lists(st.one_of(st.just(""), WORD), min_size=n_cols, max_size=n_cols))
    rows = draw(
        st.lists(
            st.lists(st.one_of(st.just(""), CELL), min_size=n_cols, max_size=n_cols).map(tuple),
            max_size=40,
        )
    )
    new = replace(
        table,
        title=draw(CELL.filter(bool)),
        rule=draw(st.sampled_from([None, table.rule])),
        columns=tuple(Column(f"c{i}", label) for i, label in enumerate(labels)),
        rows=tuple(rows),
        row_at=(),
    )
    write_in = tuple(draw(st.lists(st.sampled_from(["Turn 1", "Notes"]), max_size=3)))
    tables = tuple(new if t.id == table_id else t for t in game.tables)
    return replace(game, tables=tables, forms=((table_id, write_in),))


def _exact(game, paper: str) -> list:
    """The findings with every height set by ReportLab, as before the bound."""
    out = []
    page = form_layout.page_points(paper)
    for table_id, write_in in game.forms:
        plan = forms.plan_form(game, table_id, write_in, page)
        out += form_layout._word_findings(game, table_id, plan.form, list(plan.widths), paper)
        if plan.height > plan.room + 0.01:
            out.append(
                form_layout._taller_than_page(
                    game, table_id, plan.form, plan.height - plan.room, paper
                )
            )
    return out


@settings(max_examples=120, deadline=None, derandomize=True)
@given(game=form_games(), paper=st.sampled_from(["a4", "letter"]))
def test_the_bound_never_passes_a_form_the_layout_finds_too_tall(game, paper) -> None:
    table_id, write_in = game.forms[0]
    page = form_layout.page_points(paper)
    plan = forms.plan_form(game, table_id, write_in, page)
    if form_layout._surely_fits_page(
        game, game.table(table_id), plan.form, list(plan.widths), page
    ):
        assert plan.height <= plan.room, "the bound said it fits"
    assert form_layout.fit_findings(game, paper) == _exact(game, paper)


@pytest.mark.parametrize("name", ["plan-vert", "war-story-occupied-france"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_games_forms_are_answered_by_the_bound(name: str, paper: str) -> None:
    """Or lint would import ReportLab for them, which is what the bound saves."""
    game = living_game(name)
    page = form_layout.page_points(paper)
    width = page[0] - 2 * form_layout.MARGIN * form_layout.MM
    for table_id, write_in in game.forms:
        table = game.table(table_id)
        form = form_layout.form_table(table, write_in)
        widths = form_layout.form_widths(form, width)
        assert form_layout._surely_fits_page(game, table, form, widths, page), table_id
    assert form_layout.fit_findings(game, paper) == _exact(game, paper) == []


def test_a_form_the_bound_doubts_is_laid_out_and_found_too_tall() -> None:
    game = living_game("plan-vert")
    table_id = "resistance-interrogation"
    tables = tuple(replace(t, rows=t.rows * 12) if t.id == table_id else t for t in game.tables)
    tall = replace(game, tables=tables)
    (finding,) = form_layout.fit_findings(tall, "letter")
    assert "form 'resistance-interrogation' (en, Letter) is" in finding.message
    assert "taller than its page" in finding.message


def test_linting_the_five_games_imports_no_reportlab() -> None:
    """Cards and forms are measured with the fonts' own widths: a cold lint does not
    pay ReportLab's import and font reading (a fifth of it, measured)."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from compiler.lint import lint_game\n"
        "root = Path('rulesets')\n"
        "for game in sorted(p for p in root.iterdir() if (p / 'game.yaml').is_file()):\n"
        "    lint_game(game, root)\n"
        "assert not [m for m in sys.modules if m.partition('.')[0] == 'reportlab'], 'imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_first_row_too_many_is_never_passed_by_the_bound(paper: str) -> None:
    """Row by row to the first that runs off the page: there, less than a row from the
    edge, the bound must already say no. A heading three lines tall is counted too."""
    game = living_game("plan-vert")
    table_id, write_in = game.forms[0]
    table = game.table(table_id)
    title = " ".join(["Allocation of the resistance zones"] * 4)  # wraps to three lines
    page = form_layout.page_points(paper)
    for n in range(1, 200):
        rows = (table.rows * 200)[:n]
        longer = replace(table, title=title, rows=rows, row_at=())
        game_n = replace(game, tables=tuple(longer if t.id == table_id else t for t in game.tables))
        plan = forms.plan_form(game_n, table_id, write_in, page)
        fits = form_layout._surely_fits_page(game_n, longer, plan.form, list(plan.widths), page)
        if plan.height > plan.room:
            assert not fits, f"{n} rows: the bound passed a form the page cannot hold"
            break
        assert plan.room - plan.height < 200 or fits, "the bound should pass this one"
    else:
        pytest.fail("never ran off the page")
