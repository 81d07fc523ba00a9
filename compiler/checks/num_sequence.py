"""NUM001 numbering-fault

## What it finds
Gaps, duplicates and order faults among sibling rule numbers (8.1.1, 8.1.2,
8.1.4 …) and in numbered lists ("1. …", "2. …", "5. …", "5. …").

## Why it matters
Readers navigate a case system by number; a skipped or repeated number
makes them doubt that they have the whole rule, and makes references
ambiguous.

## Example
    rules/07-which-zones-are-played.yaml:22:13  numbered list: "5." follows "5."
    help: renumber from here: 6, 7, 8

Passing: 1, 2, 3, 4, 5, 6, 7, 8.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from compiler.checks import num_parent
from compiler.diagnostics import Finding, Location, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.rules import Rule

CODE, NAME, SEVERITY = "NUM001", "numbering-fault", Severity.WARNING

_LIST_NUMBER = re.compile(r"^(\d+)[.)]\s")


def _ordinal(number: str) -> int | None:
    """The position a number claims among its siblings: 8.1.4 -> 4, "c" -> 3, "0" modules."""
    last = re.split(r"[.\-]", number)[-1] if number else ""
    if last.isdigit():
        return int(last)
    if len(last) == 1 and last.isalpha():
        return ord(last.lower()) - ord("a") + 1
    return None


def _sequence(items: list[tuple[int, Location, str]], what: str) -> Iterator[Finding]:
    previous: int | None = None
    seen: dict[int, Location] = {}
    for value, at, shown in items:
        if value in seen:
            yield Finding(
                CODE,
                SEVERITY,
                f"{what}: {shown!r} is numbered twice",
                at,
                suggestion="renumber this and what follows",
                related=(seen[value],),
            )
        elif previous is not None and value < previous:
            yield Finding(
                CODE,
                SEVERITY,
                f"{what}: {shown!r} comes after a higher number",
                at,
                suggestion="put the rules in order or renumber them",
            )
        elif previous is not None and value > previous + 1:
            yield Finding(
                CODE,
                SEVERITY,
                f"{what}: {shown!r} follows {previous}; {_missing(previous, value)}",
                at,
                suggestion="renumber, or add the missing rule",
            )
        seen.setdefault(value, at)
        previous = value if previous is None else max(previous, value)


def _missing(previous: int, value: int) -> str:
    """The numbers between, named: each of a few, or the first and last of a run (a case
    numbered 8.1.99999999999 would otherwise list a hundred billion of them)."""
    if value - previous <= 11:
        return ", ".join(str(n) for n in range(previous + 1, value)) + " is missing"
    return f"{previous + 1} to {value - 1} are missing"


def _siblings(rule: Rule) -> Iterator[Finding]:
    numbered = [
        (n, c)
        for c in rule.children
        if c.number and (n := _ordinal(c.number)) and not num_parent.outside(rule, c)
    ]
    if len(numbered) > 1:
        first = numbered[0][0]
        items = [(n - first + 1, c.at, c.number or "") for n, c in numbered]
        for finding in _sequence(items, f"rules under {rule.heading}"):
            yield Finding(**{**_as_dict(finding), "rule": rule.address})
    for block in rule.blocks():
        if block.kind == "list" and block.style == "numbered":
            items = []
            for para in block.paras:
                if m := _LIST_NUMBER.match(para.text):
                    items.append((int(m.group(1)), block.at, m.group(1) + "."))
            for finding in _sequence(items, "numbered list"):
                yield Finding(**{**_as_dict(finding), "rule": rule.address})


def _as_dict(finding: Finding) -> dict:
    return {name: getattr(finding, name) for name in finding.__slots__}


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    for rule in game.all_rules():
        yield from _siblings(rule)
    top = [
        (n, r.at, r.number or "")
        for r in game.rules
        if r.number
        and (n := _ordinal(r.number.split(".")[0] if r.number.endswith(".0") else r.number))
    ]
    yield from _sequence(top, "top-level rules")
