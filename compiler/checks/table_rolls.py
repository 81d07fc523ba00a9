"""TABLE001 impossible-roll

## What it finds
In a table read with dice: a row for a result the dice cannot produce
("7" on 1d6, "2" on 2d6+1), results two rows both claim, and results no
row covers.

## Why it matters
A row no roll reaches is dead text; an uncovered result leaves players
without a ruling; an overlap gives them two.

## Example
    tables.yaml:30:9  'attack-results' row "7" cannot be rolled on 1d6 (1-6)

Passing: 1-2, 3,4,5, 6 on 1d6. A success table whose rows each run up to the
highest roll ("6", "5,6", "4,5,6" to hit at 3, 2, 1 zones) is read per row, so
its rows may overlap and need not cover every result.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.tables import MAX_SPAN, dice_range, parse_roll

CODE, NAME, SEVERITY = "TABLE001", "impossible-roll", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    for table in game.tables:
        if not table.dice or not table.roll_column or not table.rows:
            continue
        try:
            low, high = dice_range(table.dice)
        except ValueError as err:  # 1d and 5,000 nines: the schema's pattern, past any die
            yield Finding(CODE, SEVERITY, f"{table.id!r}: {err}", table.at, target=table.id)
            continue
        column = table.column_index(table.roll_column)
        rolls = [parse_roll(row[column], highest=high) for row in table.rows]
        # "6", "5,6", "4,5,6": each row says what succeeds, up to the highest roll.
        # Such a table is read per row, not looked up by the roll: rows may overlap.
        threshold = all(
            r and max(r) == high and r == set(range(min(r), high + 1))
            for r in rolls
            if r is not None
        )
        covered: dict[int, int] = {}
        for index, row in enumerate(table.rows):
            at = table.row_at[index] if index < len(table.row_at) else table.at
            results = parse_roll(row[column], highest=high)
            if results is None:
                if any(c.isdigit() for c in row[column]):  # meant as a roll, not readable
                    yield Finding(
                        CODE,
                        SEVERITY,
                        f"{table.id!r} row {row[column][:40]!r} is no roll Casebook can read: "
                        f"write 6, 1-3, 4,5,6 or 5+, numbers of at most six digits, a range "
                        f"at most {MAX_SPAN:,} wide",
                        at,
                        target=table.id,
                    )
                continue
            outside = sorted(r for r in results if r < low or r > high)
            if outside:
                yield Finding(
                    CODE,
                    SEVERITY,
                    f"{table.id!r} row {row[column]!r} cannot be rolled on "
                    f"{table.dice} ({low}-{high})",
                    at,
                    target=table.id,
                )
            for result in sorted(results):
                if threshold:
                    break
                if result in covered and low <= result <= high:
                    yield Finding(
                        CODE,
                        SEVERITY,
                        f"{table.id!r}: a roll of {result} is in two rows "
                        f"({table.rows[covered[result]][column]!r} and "
                        f"{row[column]!r})",
                        at,
                        target=table.id,
                    )
                covered.setdefault(result, index)
        gaps = [r for r in range(low, high + 1) if r not in covered]
        if gaps and covered and not threshold:
            yield Finding(
                CODE,
                SEVERITY,
                f"{table.id!r}: no row for a roll of {', '.join(map(str, gaps))}",
                table.at,
                target=table.id,
            )
