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

from compiler.model.tables import Table, covers, dice_range
from compiler.procedures.core import Context, ProcedureError, State, Values, need


def find_table(ctx: Context, table_id: str) -> Table:
    table = ctx.game.table(table_id)
    if table is None:
        known = ", ".join(t.id for t in ctx.game.tables) or "none"
        raise ProcedureError(f"no table {table_id!r} in this game (tables: {known})")
    if table.missing:
        raise ProcedureError(f"table {table.title!r} is not in the source: {table.missing}")
    return table


_INVISIBLE = str.maketrans("", "", "\u200b\u200c\u200d\u2060\ufeff")


def as_typed(text: str) -> str:
    """A name or key as a reader means it: invisible characters a paste brings
    (zero-width spaces, a BOM) dropped, and every run of spaces (no-break ones too, a
    line break) made one. "German\u00a0items" is "German items"."""
    return " ".join(text.translate(_INVISIBLE).split())


def same_words(a: str, b: str) -> bool:
    """Whether two names read the same, as typed and in any case."""
    return as_typed(a).casefold() == as_typed(b).casefold()


_ROLL_DIGITS = 6  # no die total is longer; int() of a 5000-digit key took the CPU


def looked_up_column(table: Table, column: str | None) -> str:
    """The column a key is looked up in: the one named, else the roll column, else the
    first; ProcedureError naming the columns when the one named is not there."""
    keys = [c.key for c in table.columns]
    chosen = (table.roll_column or keys[0]) if column is None else column
    if chosen not in keys:
        raise ProcedureError(f"{table.title}: no column {chosen!r} (columns: {', '.join(keys)})")
    return chosen


def table_dice_highest(table: Table) -> int | None:
    """The most the table's dice show; None without dice. ProcedureError for dice no
    game rolls (TABLE001 in lint), so a lookup says so rather than failing."""
    if not table.dice:
        return None
    try:
        return dice_range(table.dice)[1]
    except ValueError as err:
        raise ProcedureError(f"{table.title}: {err}") from None


def find_rows(table: Table, column: str | None, key: Any) -> list[int]:
    """Indexes of every row whose ``column`` cell covers ``key`` (a roll) or equals it (a name).

    Several rows can: a to-hit table rolls one die per distance, so a 6 hits
    at every distance. ProcedureError names the columns or the keys when none does.
    """
    column = looked_up_column(table, column)
    index = table.column_index(column)
    highest = table_dice_highest(table)
    text = as_typed(str(key))
    # ASCII digits only: "²".isdigit() is true, and int() refuses it
    roll = int(text) if text.isascii() and text.isdigit() and len(text) <= _ROLL_DIGITS else None
    wanted = text.casefold().rstrip(" :")  # "To move on" finds "To move on:"
    found = []
    for i, row in enumerate(table.rows):
        cell = row[index]
        covered = covers(cell, roll, highest) if roll is not None else None
        if covered is not None:
            if covered:
                found.append(i)
        elif as_typed(cell).casefold().rstrip(" :") == wanted:
            found.append(i)
    if not found:
        if roll is not None and table.dice and column == table.roll_column:  # not a distance
            low, high = dice_range(table.dice)
            if not low <= roll <= high:  # 7 on a d6 is no miss: it cannot be rolled
                raise ProcedureError(
                    f"{table.title}: {roll} is not a result of {table.dice} ({low}-{high})"
                )
        # cells joined by " | ": a cell may hold commas ("5,6"); each value once, and the
        # first few (Liberation's materials list said one group 16 times over)
        values = list(dict.fromkeys(row[index] for row in table.rows))
        shown = " | ".join(values[:_SHOWN]) + (
            f" | … ({len(values)} values)" if len(values) > _SHOWN else ""
        )
        shown = shown or "the table has no rows"
        raise ProcedureError(
            f"{table.title}: no row for {_short(key)} in column {column!r} ({shown})"
        )
    return found


def find_row(table: Table, column: str | None, key: Any) -> int:
    """The one row ``key`` selects; a procedure cannot go on from two (ProcedureError)."""
    found = find_rows(table, column, key)
    if len(found) > 1:
        cells = "; ".join(" / ".join(table.rows[i]) for i in found)
        raise ProcedureError(
            f"{table.title}: {_short(key)} is in {len(found)} rows of column "
            f"{looked_up_column(table, column)!r} ({cells}); "
            "look it up by a column that tells them apart"
        )
    return found[0]


_SHOWN = 12  # the values of a column a "no row" message lists


def _short(key: Any) -> str:
    """The key as a message quotes it: 4, 'Panzer', or a long one cut short."""
    if isinstance(key, str) and len(key) > 40:
        key = key[:40] + "…"
    return repr(key)


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
