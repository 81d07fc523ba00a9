"""COUNT002 id-range-count

## What it finds
A quantity printed next to a range of ids that is smaller than the range:
"4 carte RESISTENZA (da R021 a R025)" names five ids for four cards. (More
cards than ids is not reported: a deck may hold copies, "12 carte LUOGO
(da N011 a N016)".)

## Why it matters
A kit builder cannot tell whether to print four cards or five; one of the
two numbers is a typo.

## Example
    rules/12-scenario-2.yaml:40:9  "4 … (da R021 a R025)": the range holds 5 ids
    help: the range R021-R025 holds 5 ids

Passing: "6 carte MEDAGLIA (da T021 a T026)".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from compiler.checks.helpers import rule_paras
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "COUNT002", "id-range-count", Severity.WARNING

# "<n> <up to six words> (<from> A01 <to> A05)": the connectors of English and Italian.
_RANGE = re.compile(
    r"(?P<count>\b\d+)\s+(?:[^\W\d][\w’'/-]*\s+){1,6}\(\s*(?:da|from|dal)?\s*"
    r"(?P<a>[A-Z]+)(?P<x>\d+)\s*(?:a|to|al|-|–|—)\s*(?P<b>[A-Z]+)(?P<y>\d+)\s*\)"
)


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    for rule, block, para in rule_paras(game):
        for m in _RANGE.finditer(para.text):
            if m.group("a") != m.group("b"):
                continue
            size = int(m.group("y")) - int(m.group("x")) + 1
            count = int(m.group("count"))
            # More cards than ids is normal (copies of a card); fewer cannot be.
            if 0 < count < size:
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"{m.group()!r}: {count} stated, but the range holds {size} ids",
                    # a reference inside the phrase is written where it is; one after it
                    # may be lines on, in another sentence: the block, then
                    next((r.at for r in para.refs if m.start() <= r.start < m.end()), block.at),
                    suggestion=f"the range {m.group('a')}{m.group('x')}-{m.group('b')}"
                    f"{m.group('y')} holds {size} ids",
                    rule=rule.address,
                    target=f"{m.group('a')}{m.group('x')}-{m.group('b')}{m.group('y')}",
                )
