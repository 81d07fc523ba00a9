"""XREF004 translated-reference

## What it finds
In a ruleset that translates another (`translation_of` in game.yaml), a
rule whose references point to other rules than the same rule's
references in the original: the Italian 6.2.4 cites 8.3.3, the English
translation of 6.2.4 cites 8.3.4. The same for a card's text (cards.yaml)
against the same card's in the original.

## Why it matters
A translator retypes every number; one slip sends the translated rulebook's
readers, and its links, somewhere the original does not.

## Example
    rules/06.yaml:118:53  6.2.4 cites 8.3.4 here, but 8.3.3 in the original (it)
    help: the original cites 8.3.3

Passing: each rule cites, in order, the same rules as in the original.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.helpers import CARD_VERBATIM
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.graph.references import iter_refs
from compiler.model.game import Game
from compiler.model.text import RefSpan

CODE, NAME, SEVERITY = "XREF004", "translated-reference", Severity.ERROR
READS = ("references",)  # the graphs it reads (compiler/graph: built where it runs)


def _differing(here: list[RefSpan], there: list[str]) -> Iterator[tuple[RefSpan, str | None]]:
    """(span, what the original cites in its place) for each rule reference the original
    does not cite, in order."""
    for i, span in enumerate(here):
        wanted = there[i] if i < len(there) else None
        if span.target != wanted and span.target not in there:
            yield span, wanted


def _cites(game: Game, who: str, span: RefSpan, wanted: str | None) -> str:
    return f"{who} cites {span.target} here, but " + (
        f"{wanted} in the original ({game.translation_of})"
        if wanted
        else f"the original ({game.translation_of}) cites nothing there"
    )


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    original = graphs.original
    if original is None:
        return
    for address, rule in graphs.references.rules.items():
        if address not in original.rules:
            continue
        here = [s for s in iter_refs(rule) if s.kind == "rule"]
        there = [s.target for s in iter_refs(original.rules[address]) if s.kind == "rule"]
        for span, wanted in _differing(here, there):
            yield Finding(
                CODE,
                SEVERITY,
                _cites(game, address, span, wanted),
                span.at,
                rule=address,
                target=span.target,
                suggestion=f"the original cites {', '.join(there) or 'nothing'}",
            )
    for key, spans in graphs.references.card_refs.items():
        if key not in original.card_refs:
            continue
        here = [s for s in spans if s.kind == "rule"]
        there = [s.target for s in original.card_refs[key] if s.kind == "rule"]
        for span, wanted in _differing(here, there):
            yield Finding(
                CODE,
                SEVERITY,
                _cites(game, f"card {key[1]!r}", span, wanted),
                span.at,
                target=span.target,
                suggestion=f"the original cites {', '.join(there) or 'nothing'}; {CARD_VERBATIM}",
            )
