"""Paragraph books: numbered entries of narrative and instruction tables.

Instructions are data (turn to entry 347, draw card 7, circle X), so the
entry graph can be checked; ``step_text`` gives each its printed wording in
the book's own phrasing, the one place that wording is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.diagnostics import Location


@dataclass(frozen=True, slots=True)
class Step:
    """One instruction: ``action`` is its key in the schema, ``value`` its argument."""

    action: str
    value: Any
    text: str | None
    team_sheet: bool
    extra: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Row:
    """A row of an instruction table: its grey label (option, condition, range) and steps."""

    label: str | None
    condition: tuple[tuple[str, Any], ...]  # structured test, e.g. (("circled", "X"),)
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class EntryBlock:
    kind: str  # narrative | heading | instructions | choose | if_else | check
    text: str | None = None
    stamp: str | None = None
    separator: str | None = None
    check: str | None = None
    attribute: str | None = None
    rows: tuple[Row, ...] = ()


@dataclass(frozen=True, slots=True)
class Entry:
    number: int
    title: str | None
    blocks: tuple[EntryBlock, ...]
    ends_mission: bool
    at: Location

    def steps(self):
        for block in self.blocks:
            for row in block.rows:
                yield from row.steps


@dataclass(frozen=True, slots=True)
class Book:
    id: str
    title: str
    publisher_content: bool
    notice: str | None
    start: int
    state_letters: tuple[str, ...]
    cards: tuple[int, ...]
    maps: tuple[str, ...]
    equipment: tuple[int, ...]
    books: tuple[str, ...]
    entries: tuple[Entry, ...]
    at: Location


STAMPS = {
    "blue-agents": "Blue Agents",
    "yellow-agents": "Yellow Agents",
    "boost-tokens": "Boost tokens",
}


def step_text(step: Step) -> str:
    """The printed wording of one instruction."""
    if step.text:
        text = step.text
    else:
        v = step.value
        text = {
            "turn_to": lambda: f"Turn to entry {v}.",
            "turn_to_book": lambda: f"Turn to entry {v['entry']} in {v['book']}.",
            "draw_card": lambda: f"Draw card {v}.",
            "discard_card": lambda: f"Discard card {v}.",
            "draw_map": lambda: f"Take map {v}.",
            "discard_map": lambda: f"Discard map {v}.",
            "take_equipment": lambda: f"Take Equipment card {v}.",
            "circle": lambda: f"Circle {v}.",
            "cross_out": lambda: f"Cross out {v}.",
            "tracking_points": lambda: (
                f"Add {v} tracking point{'s' if abs(v) != 1 else ''}."
                if v >= 0
                else f"Remove {-v} tracking point{'s' if v != -1 else ''}."
            ),
            "security_level": lambda: (
                f"Increase the Security level by {v}."
                if v >= 0
                else f"Reduce the Security level by {-v}."
            ),
            "advance_time": lambda: "Advance Time.",
            "select_agents": lambda: (
                f"Select {v} Agent{'s' if v != '1' else ''}"
                f" (place a {dict(step.extra).get('cube', 'blue')} cube"
                " on their Agent card)."
            ),
            "regroup": lambda: "Regroup.",
            "injure": lambda: f"Give an injury to {v}.",
            "kill": lambda: f"{v} is killed.",
            "end_mission": lambda: {
                "success": "The mission ends: success.",
                "partial-success": "The mission ends: partial success.",
                "failure": "The mission ends: failure.",
            }.get(v, f"The mission ends: {v}."),
        }.get(step.action, lambda: step.text or "")()  # a plain step, its text empty
    return f"** {text} **" if step.team_sheet else text


def table_title(block: EntryBlock) -> str | None:
    """The printed title of an instruction table ("CHOOSE", "CHECK total Awareness")."""
    if block.kind == "check":
        return f"CHECK {block.check}"
    return {"choose": "CHOOSE", "if_else": "IF/ELSE"}.get(block.kind)


def condition_text(row: Row) -> str:
    if row.label:
        return row.label
    parts = []
    for key, value in row.condition:
        parts.append(
            {
                "circled": f"If {value} is circled:",
                "not_circled": f"If {value} is not circled:",
                "time": f"If it is {value}:",
                "tracking_points_at_least": f"If you have {value} or more tracking points:",
                "has_card": f"If you have card {value}:",
                "else": "Else:",
            }.get(key, f"If {value}:")
        )
    return " ".join(parts)
