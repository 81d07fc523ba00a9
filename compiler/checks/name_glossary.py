"""NAME002 glossary-term-case

## What it finds
A phrase the glossary defines, used in the text with different capitals
("Check number" where the glossary defines "Check Number", "game turn"
beside "Game Turn"). The first letter is not compared (sentences and lists capitalise
it), nor are one-word terms and abbreviations, which are also everyday
words ("Ops" in "Special Ops Executive" is not the "OPs" of the OPs Phase).

## Why it matters
A case-system rulebook capitalises its defined terms so the reader knows a
rule governs the word; a lower-case use reads as the everyday word.

## Example
    rules/08-actions.yaml:640:36  'Check number' is the glossary term 'Check Number'
    help: write 'Check Number'

Passing: "Step 5: Meeting the Check Number".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from compiler.checks.helpers import rule_paras
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.casefold import foldable
from compiler.model.game import Game

CODE, NAME, SEVERITY = "NAME002", "glossary-term-case", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    # Defined phrases only: a one-word term ("Pass", "mazzo") or an abbreviation is also
    # an everyday word, and its lower-case use is usually that word.
    terms = [
        t
        for t in game.glossary
        if any(c.isupper() for c in t.term[1:]) and len(t.term.split()) >= 2
    ]
    patterns = [
        (
            t,
            foldable(t.term),
            re.compile(r"(?<![\w-])" + re.escape(t.term) + r"(?![\w-])", re.IGNORECASE),
        )
        for t in terms
    ]
    for rule, block, para in rule_paras(game):
        folded = foldable(para.text)
        for term, folded_term, pattern in patterns:
            if folded is not None and folded_term is not None and folded_term not in folded:
                continue  # the regex cannot match: the term is not in the text in any case
            for m in pattern.finditer(para.text):
                used = m.group()
                if used[1:] == term.term[1:]:
                    continue  # only the first letter differs: sentence or list style
                if used.isupper() and len(term.term) > 3:
                    continue  # a heading set in capitals
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"{used!r} is the glossary term {term.term!r}",
                    block.at,
                    suggestion=f"write {term.term!r}",
                    rule=rule.address,
                    target=used,
                )
