"""XREF003 reference-to-missing-content

## What it finds
A reference to a card, table, chart, entry or component that the ruleset
declares but whose contents the source does not contain ("German Card
no. 14" when the card texts are printed on the cards, not in the rules):
in a rule, or in a card's text (cards.yaml), which the same reference
patterns read and every output links.

## Why it matters
It is not a fault of the text; it is a gap in what the ruleset can show.
Reported apart, at info severity, so an editor sees what a reader cannot
look up in this kit.

## Example
    rules/04-cards.yaml:60:20  "(example German Card no. 14, which prohibits Interdiction …)"
    The German deck is declared with `missing:` in components.yaml.

Passing: the same reference once the card's text is in cards.yaml.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.helpers import card_paras
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "XREF003", "reference-to-missing-content", Severity.INFO
READS = ("references",)  # the graphs it reads (compiler/graph: built where it runs)


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    for _, card, para in card_paras(game):
        for span in para.refs:
            if graphs.references.status(span) == "gap":  # by the graph's rules for rule text
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"{span.phrase!r} in card {card.id!r} refers to {span.kind} {span.target}, "
                    "whose contents the source does not contain",
                    span.at,
                    target=span.target,
                )
    for owner, span in graphs.references.gaps:
        yield Finding(
            CODE,
            SEVERITY,
            f"{span.phrase!r} refers to {span.kind} {span.target}, whose contents the source "
            "does not contain",
            span.at,
            rule=owner,
            target=span.target,
        )
