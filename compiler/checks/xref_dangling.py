"""XREF001 dangling-reference

## What it finds
A reference in the text ("see Case 8.3.7", "Turn to entry 512") whose target
does not exist in this game: in a rule, or in a card's text (cards.yaml),
which the same reference patterns read and every output links.

## Why it matters
A reader following it reaches nothing; the printed link would be dead.

## Example
    rules/08-actions.yaml:170:64  "DPs remain in an area until repaired (Case 8.3.7)."
    There is no Case 8.3.7; the suggestion is 8.3.5 "Repair DPs", whose title
    shares words with the sentence.

Passing: "… until repaired (Case 8.3.5)."
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.helpers import CARD_VERBATIM, card_paras, key_words, rule_paras
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Erratum, Game
from compiler.model.text import Para, RefSpan

CODE, NAME, SEVERITY = "XREF001", "dangling-reference", Severity.ERROR
READS = ("references",)  # the graphs it reads (compiler/graph: built where it runs)


def _depth(address: str) -> int:
    return address.count(".") + sum(ch.isalpha() for ch in address[-1:])


def likeliest(span: RefSpan, context: str, graphs: Graphs) -> str | None:
    """The existing rule the reference most likely meant.

    Rules at the same depth score by the words their titles share with the
    sentence, then by how close their number is.
    """
    wanted = key_words(context)
    best: tuple[float, str] | None = None
    target_parts = span.target.split(".")
    for address, rule in graphs.references.rules.items():
        if rule.number is None or _depth(address) != _depth(span.target):
            continue
        parts = address.split(".")
        shared = len(wanted & key_words(rule.title or ""))
        same_parent = parts[:-1] == target_parts[:-1]
        try:
            distance = abs(int(parts[-1]) - int(target_parts[-1]))
        except ValueError:
            distance = 9
        score = shared * 10 + (5 if same_parent else 0) - min(distance, 9) * 0.5
        if best is None or score > best[0]:
            best = (score, address)
    return best[1] if best and best[0] > 0 else None


def _written_by(para: Para, span: RefSpan, game: Game) -> Erratum | None:
    """The erratum whose new text holds the reference: the fault is in errata.yaml."""
    for change in reversed(para.changes):  # the last change over a character wrote it
        if change.start <= span.start and span.end <= change.end:
            return next((e for e in game.errata if e.id == change.erratum), None)
    return None


def _context(para: Para, span: RefSpan) -> str:
    """The words before a reference, which name what it meant."""
    return para.text[max(0, span.start - 80) : span.start]


def _guess(span: RefSpan, context: str, graphs: Graphs) -> str | None:
    """'did you mean 8.3.5 (Repair DPs)?' for a rule reference, if a rule is likely."""
    if span.kind != "rule":
        return None
    guess = likeliest(span, context, graphs)
    if not guess:
        return None
    title = graphs.references.rules[guess].title
    return f"did you mean {guess}" + (f" ({title})?" if title else "?")


def _card_findings(game: Game, graphs: Graphs) -> Iterator[Finding]:
    """Unresolved references in card text, found by the graph's own rules (errata correct
    rules, not cards, so none of these is an erratum's)."""
    for _, card, para in card_paras(game):
        for span in para.refs:
            if graphs.references.status(span) != "unresolved":
                continue  # resolved, or a gap: declared, its content not in the source
            suggestion = _guess(span, _context(para, span), graphs)
            yield Finding(
                CODE,
                SEVERITY,
                f"{span.phrase!r} in card {card.id!r} points to "
                f"{span.word or span.kind} {span.target}, which does not exist in {game.id}",
                span.at,
                suggestion=f"{suggestion}; {CARD_VERBATIM}" if suggestion else CARD_VERBATIM,
                target=span.target,
            )


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    yield from _card_findings(game, graphs)
    context_of = {}
    para_of: dict[int, Para] = {}
    for _, _, para in rule_paras(game):
        for ref in para.refs:
            context_of[id(ref)] = _context(para, ref)
            para_of[id(ref)] = para
    for owner, span in graphs.references.unresolved:
        para = para_of.get(id(span))
        erratum = _written_by(para, span, game) if para is not None else None
        what = span.word or span.kind
        suggestion = _guess(span, context_of.get(id(span), ""), graphs)
        if erratum is not None:
            yield Finding(
                CODE,
                SEVERITY,
                f"erratum {erratum.id} writes {span.phrase!r} in {owner}, which points to "
                f"{what} {span.target}; it does not exist in {game.id}",
                erratum.at,
                suggestion=suggestion or "correct the erratum's new text",
                related=(span.at,),
                rule=owner,
                target=span.target,
            )
            continue
        verbatim = "the rule text is the source's: correct it with an erratum in errata.yaml"
        yield Finding(
            CODE,
            SEVERITY,
            f"{span.phrase!r} points to {what} {span.target}, which does not exist in {game.id}",
            span.at,
            suggestion=f"{suggestion}; {verbatim}" if suggestion else verbatim,
            rule=owner,
            target=span.target,
        )
