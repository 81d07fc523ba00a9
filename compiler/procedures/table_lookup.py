"""Kind ``table-lookup``: read a row of one of the game's tables.

By a roll (the table's dice column: "1-2", "3,4", "6+") or by the text of a
key column ("Sabotage", "VIP train"). Used alone by ``casebook table``, and
as a step of other procedures.

Operations
- ``row``: params ``table`` (id), ``by`` (the state key holding the roll or the
  key), ``column`` (key column; default the table's roll column, else its
  first), ``read`` (column keys to put in the state; default all), ``as``
  (prefix for the values written; default none).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.model.tables import Table, dice_range, parse_roll
from compiler.procedures.core import Context, ProcedureError, State, Values, need


def find_table(ctx: Context, table_id: str) -> Table:
    table = ctx.game.table(table_id)
    if table is None:
        known = ", ".join(t.id for t in ctx.game.tables) or "none"
        raise ProcedureError(f"no table {table_id!r} in this game (tables: {known})")
    if table.missing:
        raise ProcedureError(f"table {table.title!r} is not in the source: {table.missing}")
    return table


def find_row(table: Table, column: str | None, key: Any) -> int:
    """Index of the row whose ``column`` cell covers ``key`` (a roll) or equals it (a name)."""
    column = column or table.roll_column or table.columns[0].key
    index = table.column_index(column)
    highest = dice_range(table.dice)[1] if table.dice else None
    wanted = str(key).strip().casefold()
    for i, row in enumerate(table.rows):
        cell = row[index]
        covered = parse_roll(cell, highest)
        if covered is not None and str(key).strip().isdigit():
            if int(key) in covered:
                return i
        elif cell.strip().casefold() == wanted:
            return i
    shown = ", ".join(row[index] for row in table.rows)
    raise ProcedureError(f"{table.title}: no row for {key!r} in column {column!r} ({shown})")


def row(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    table = find_table(ctx, params["table"])
    key = need(state, params["by"], f"what to look up in {table.title}")
    i = find_row(table, params.get("column"), key)
    wanted = params.get("read") or [c.key for c in table.columns]
    prefix = params.get("as", "")
    values = {prefix + c: table.rows[i][table.column_index(c)] for c in wanted}
    says = f"{table.title}, row {key}: " + "; ".join(
        f"{c.label} {table.rows[i][j]}" for j, c in enumerate(table.columns) if c.key in wanted
    )
    return values, says


OPERATIONS = {"row": row}
