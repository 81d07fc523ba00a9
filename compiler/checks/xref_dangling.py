"""XREF001 dangling-reference

## What it finds
A reference in the text ("see Case 8.3.7", "Turn to entry 512") whose target
does not exist in this game.

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

from compiler.checks.helpers import key_words, rule_paras
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Erratum, Game
from compiler.model.text import Para, RefSpan

CODE, NAME, SEVERITY = "XREF001", "dangling-reference", Severity.ERROR


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


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    context_of = {}
    para_of: dict[int, Para] = {}
    for _, _, para in rule_paras(game):
        for ref in para.refs:
            context_of[id(ref)] = para.text[max(0, ref.start - 80) : ref.start]
            para_of[id(ref)] = para
    for owner, span in graphs.references.unresolved:
        para = para_of.get(id(span))
        erratum = _written_by(para, span, game) if para is not None else None
        what = span.word or span.kind
        suggestion = None
        if span.kind == "rule":
            guess = likeliest(span, context_of.get(id(span), ""), graphs)
            if guess:
                title = graphs.references.rules[guess].title
                suggestion = f"did you mean {guess}" + (f" ({title})?" if title else "?")
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
