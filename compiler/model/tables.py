"""Tables as structured data: columns, rows of verbatim cells, dice ranges."""

from __future__ import annotations

import re
from dataclasses import dataclass

from compiler.diagnostics import Location

# A roll is at most six digits and a range at most MAX_SPAN results wide: a cell
# "1-999999999999" was a set of a trillion numbers, "1,99…9" (5,000 digits) past int().
_RANGE = re.compile(r"^\s*(\d{1,6})\s*-\s*(\d{1,6})\s*$")
_OPEN = re.compile(r"^\s*(\d{1,6})\s*\+\s*$")
_LIST = re.compile(r"^\s*\d{1,6}(\s*,\s*\d{1,6})*\s*$")
MAX_SPAN = 10_000  # results one cell may cover: a d100 table's widest row is 100
_DICE = re.compile(r"(\d{0,3})[dD](\d{1,6})([+-]\d{1,6})?")


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
    changed: tuple[tuple[int, int, str], ...] = ()
    """(row, column, erratum id) of each cell an erratum corrected: the living edition."""

    def errata_at(self, row: int, column: int) -> tuple[str, ...]:
        """The errata that corrected this cell, in the order they were made."""
        return tuple(e for r, c, e in self.changed if (r, c) == (row, column))

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
        return frozenset(range(low, high + 1)) if low <= high <= low + MAX_SPAN else None
    if m := _OPEN.match(cell):
        low = int(m.group(1))
        top = highest or low
        return frozenset(range(low, top + 1)) if top <= low + MAX_SPAN else None
    if _LIST.match(cell):
        return frozenset(int(x) for x in cell.split(","))
    return None


def covers(cell: str, value: int, highest: int | None = None) -> bool | None:
    """Whether the cell covers ``value``; None if the cell is not a roll.

    Without dice (``highest`` None) an open cell is a threshold with no top:
    War Story's "2+ Turn to entry 439" covers 5 and 12, where parse_roll,
    which needs a top to list the results, gave {2} alone.
    """
    if highest is None and (m := _OPEN.match(cell)):
        return value >= int(m.group(1))
    covered = parse_roll(cell, highest)
    return None if covered is None else value in covered


def dice_range(dice: str) -> tuple[int, int]:
    """Lowest and highest total of a dice expression such as "2d6+1".

    ValueError for one no game rolls: past 999 dice, a million sides or a bonus
    of a million (``1d`` and 5,000 nines was past what int() reads).
    """
    m = _DICE.fullmatch(dice)
    if not m:
        raise ValueError(
            f"{dice[:40]!r} is not dice a game rolls: write NdS+B, with at most 999 dice "
            "of at most 999999 sides"
        )
    count, sides, bonus = int(m.group(1) or 1), int(m.group(2)), int(m.group(3) or 0)
    return count + bonus, count * sides + bonus
