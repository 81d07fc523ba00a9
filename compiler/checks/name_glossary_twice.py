"""NAME003 glossary-term-twice

## What it finds
A glossary term listed a second time: the same term, ignoring capitals and
spacing ("Pass" and "PASS"), whether with another meaning or with the same
one. It is reported at the second entry, with a `see:` line at the first.

## Why it matters
A defined term has one meaning in a rulebook. With two, a player cannot
tell which one a rule means, and the outputs choose for them: the HTML
reference's hover and `casebook ref` give one meaning (the first entry's,
where the capitals are the same) and the second entry gets no link anchor.
A term listed twice with one meaning prints twice in the glossary and the
quick reference. Spelt the same, the two give a translation catalog two
entries with one context, which stops the translation (L10N100). (Two
tables, decks… with one id are MODEL013; the glossary is found by term, not
id, so this check looks at terms.)

## Example
    glossary.yaml:14:5  glossary term 'PASS' is defined twice, with different meanings
    help: first: "To do nothing in an Impulse."; here: "A way through the mountains.":
          keep the one the rules mean, or give the two senses two terms
    see: glossary.yaml:5:5

Passing: each term listed once ("Pass" and "Pass Phase" are two terms).
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.helpers import quote
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game, Term

CODE, NAME, SEVERITY = "NAME003", "glossary-term-twice", Severity.WARNING


def _key(text: str) -> str:
    """A term or meaning as compared: capitals and runs of spaces do not count."""
    return " ".join(text.split()).casefold()


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    first: dict[str, Term] = {}
    for term in game.glossary:
        earlier = first.setdefault(_key(term.term), term)
        if earlier is term:
            continue
        if _key(term.meaning) == _key(earlier.meaning):
            message = f"glossary term {term.term!r} is listed twice, with the same meaning"
            help_ = "remove one of them: the glossary and the quick reference print both"
        else:
            message = f"glossary term {term.term!r} is defined twice, with different meanings"
            help_ = (
                f"first: {quote(earlier.meaning)}; here: {quote(term.meaning)}: keep the one "
                "the rules mean, or give the two senses two terms"
            )
        yield Finding(
            CODE,
            SEVERITY,
            message,
            term.at,
            suggestion=help_,
            related=(earlier.at,),
            target=term.term,
        )
