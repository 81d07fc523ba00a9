"""Tables as structured data: columns, rows of verbatim cells, dice ranges."""

from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.diagnostics import Location

_RANGE = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")
_OPEN = re.compile(r"^\s*(\d+)\s*\+\s*$")
_LIST = re.compile(r"^\s*\d+(\s*,\s*\d+)*\s*$")


@dataclass(frozen=True, slots=True)
class Column:
    key: str
    label: str


@dataclass(frozen=True, slots=True)
class Table:
    id: str
    title: str
    rule: str | None
    component: str | None
    dice: str | None
    roll_column: str | None
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]  # one cell text per column, "" when empty
    notes: str | None
    missing: str | None
    at: Location
    row_at: tuple[Location, ...] = ()
    title_printed: bool = True
    roll_column_at: Location | None = None  # roll_column's value (the table, if it has none)

    def title_under(self, heading: str | None) -> str | None:
        """The title to print below a rule headed ``heading``: none when the source prints
        none, or when the heading already says it."""
        if not self.title_printed or self.title == heading:
            return None
        return self.title

    def column_index(self, key: str) -> int:
        return next(i for i, c in enumerate(self.columns) if c.key == key)


def parse_roll(cell: str, highest: int | None = None) -> frozenset[int] | None:
    """The results a dice cell covers ("1-2", "3,4,5", "6", "6+"); None if not a roll.

    An open range ("6+") needs ``highest``, the most the dice can show.
    """
    if m := _RANGE.match(cell):
        low, high = int(m.group(1)), int(m.group(2))
        return frozenset(range(low, high + 1)) if low <= high else None
    if m := _OPEN.match(cell):
        low = int(m.group(1))
        return frozenset(range(low, (highest or low) + 1))
    if _LIST.match(cell):
        return frozenset(int(x) for x in cell.split(","))
    return None


def dice_range(dice: str) -> tuple[int, int]:
    """Lowest and highest total of a dice expression such as "2d6+1"."""
    m = re.fullmatch(r"(\d*)[dD](\d+)([+-]\d+)?", dice)
    if not m:
        raise ValueError(dice)
    count, sides, bonus = int(m.group(1) or 1), int(m.group(2)), int(m.group(3) or 0)
    return count + bonus, count * sides + bonus
