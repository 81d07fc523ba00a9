"""NUM002 number-outside-parent

## What it finds
A rule filed under a parent whose number does not begin its own: case
12.3.4 under section 12.2, section 12.3 under module 11.0. A module's
trailing ".0" is not part of its prefix (12.0 holds 12.1, 12.2 …). Only
dotted numbers are compared, and only under a dotted parent: lettered
items, unnumbered rules, and games numbered otherwise (paragraphs, "3",
titles only) are left alone.

## Why it matters
The rulebook prints a rule where the YAML files it, so case 12.3.4 appears
inside section 12.2, where no reader looks for it; the bookmarks, the HTML
search and `casebook ref` ("12.0 › 12.2 › 12.3.4") place it there too. It
is usually a rule pasted into the wrong place, or a typo in its number.

## Example
    rules/12-supply.yaml:40:11  case '12.3.4' is filed under section '12.2'
    help: move it under 12.3 (rules/12-supply.yaml:52:7), or renumber it 12.2.N

Passing: 12.3.4 under 12.3, 12.3 under 12.0.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.rules import Rule

CODE, NAME, SEVERITY = "NUM002", "number-outside-parent", Severity.WARNING

_DOTTED = re.compile(r"\d+(?:\.\d+)+")


def _prefix(number: str) -> str:
    """What a child's number begins with, less its dot: 12.3 -> "12.3", 12.0 -> "12"."""
    while True:
        head, _, last = number.rpartition(".")
        if not head or last.strip("0"):
            return number
        number = head


def outside(parent: Rule, child: Rule) -> bool:
    """Whether ``child`` is dotted, under a dotted ``parent``, and not numbered as its child.

    NUM001 leaves such a rule out of its parent's sequence: the one fault is
    this check's, not also a gap in the numbers around it.
    """
    if parent.number is None or child.number is None:
        return False
    if not (_DOTTED.fullmatch(parent.number) and _DOTTED.fullmatch(child.number)):
        return False
    return not child.number.startswith(_prefix(parent.number) + ".")


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    misfiled: list[tuple[Rule, Rule, str]] = []
    dotted = _DOTTED.fullmatch
    # (rule, its dotted parent or None, what that parent's children begin with)
    stack: list[tuple[Rule, Rule | None, str]] = [(r, None, "") for r in reversed(game.rules)]
    while stack:
        rule, parent, wanted = stack.pop()
        number = rule.number
        if number is None or dotted(number) is None:
            stack.extend((child, None, "") for child in reversed(rule.children))
            continue
        if parent is not None and not number.startswith(wanted):
            misfiled.append((rule, parent, wanted))
        if rule.children:
            here = _prefix(number) + "."
            stack.extend((child, rule, here) for child in reversed(rule.children))
    if misfiled:
        yield from _report(game, misfiled)


def _report(game: Game, misfiled: list[tuple[Rule, Rule, str]]) -> Iterator[Finding]:
    homes: dict[str, Rule] = {}  # what its children begin with -> the dotted rule
    for rule in game.all_rules():
        if rule.number is not None and _DOTTED.fullmatch(rule.number):
            homes.setdefault(_prefix(rule.number) + ".", rule)
    for rule, parent, wanted in misfiled:
        assert rule.number is not None
        home = homes.get(rule.number[: rule.number.rfind(".") + 1])
        if home is not None:
            fix = f"move it under {home.number} ({home.at}), or renumber it {wanted}N"
        else:
            fix = f"renumber it {wanted}N, or move it where its number belongs"
        yield Finding(
            CODE,
            SEVERITY,
            f"{rule.level} {rule.number!r} is filed under {parent.level} {parent.number!r}",
            rule.at,
            suggestion=fix,
            related=(parent.at,),
            rule=rule.address,
            target=rule.number,
        )
