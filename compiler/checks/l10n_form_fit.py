"""L10N011 form-fit

## What it finds
A printable form (game.yaml `player_aids.forms`) that does not fit, set with
the real fonts in the language the game is read in, on A4 or Letter: a
cell whose longest word is wider than its column, or a form whose rows run
past the foot of its page.

## Why it matters
The build stops on such a form (FIT005). A translation is often longer than
its source; lint says so first, naming the form, row, column and language,
at the catalog entry the translator can still shorten.

## Example
    rulesets/plan-vert/tables.yaml:72:9  form 'zone-allocation', row 2, column
        'Name' (en, A4): the word 'Bayeux-Cherbourg-Valognes-track' is 3.1 mm
        wider than its column
    help: shorten or hyphenate the word (an erratum or a translation), or give
        the form fewer write-in columns

Passing: every form of the game fits its page on both papers, in every language.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "L10N011", "form-fit", Severity.ERROR
ALSO = ("FIT006",)  # more columns than the page can hold: the layout's fault, as the build says
PAPERS = ("a4", "letter")


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    if not game.forms:
        return
    from compiler.backends import form_layout  # measured without ReportLab when it can be

    units = game.l10n.by_id if game.l10n is not None else {}  # to name the PO entry
    for paper in PAPERS:
        for f in form_layout.fit_findings(game, paper):
            if f.code in ALSO:
                yield f
                continue
            unit = units.get(f.target or "")
            yield Finding(
                CODE,
                SEVERITY,
                f.message,
                unit.at if unit is not None else f.location,
                suggestion=f.suggestion,
                target=f.target,
            )
