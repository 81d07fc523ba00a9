"""L10N010 source-query

## What it finds
A query a translator raised on the source text: a typo, a wrong word or
number, a broken sentence, words left in another language, which the
translation does not copy. The translator writes it in the catalog entry as
a comment line `# query: <what the source says> -> <what the translation
says and why>`; this check reports it at the source's own line.

## Why it matters
A translation keeps the source's faults out, but never silently: the query
puts each fault on record where the source's editor works, so it can be
corrected (an erratum) or answered.

## Example
    rulesets/liberation/glossary.yaml:66:5  query from the en translation: «posizioanate»
        -> "placed": a misspelling
    help: correct the source with an erratum, or answer the query in l10n/en.po

Passing: no catalog entry carries a query.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.helpers import translated_game
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "L10N010", "source-query", Severity.INFO


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    l10n = translated_game(game)
    if l10n is None:
        return
    for unit in l10n.units:
        for query in unit.queries:
            yield Finding(
                CODE,
                SEVERITY,
                f"query from the {l10n.lang} translation: {query}",
                unit.source_at,
                target=unit.id,
                related=(unit.at,),
                suggestion=f"correct the source with an erratum, or answer the query in "
                f"{l10n.catalog}",
            )
