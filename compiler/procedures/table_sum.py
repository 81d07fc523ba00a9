"""Kind ``table-sum``: add up the values a table gives the items named (Plan Vert zone value).

A zone, hand or stack holds items; each item's value is a cell of one of the
game's tables, found by the item's name in one or more key columns (the
description "VIP train", the keyword "VIP"). The rules that limit what may be
put together (how many items, at most one train) are checked before adding:
a total for a combination the rules forbid is no total at all.

Operations
- ``sum``: params ``table`` (id), ``items`` (state key listing the item names),
  ``match`` (key columns to find an item in, in order; default the table's
  first), ``value`` (column holding the numbers), ``as`` (key for the total;
  default ``total``), ``min_items`` / ``max_items`` (how many items the rule
  allows), ``at_most`` (text -> most items whose ``group_by`` cell contains
  that text, e.g. ``{train: 1}``), ``group_by`` (column ``at_most`` reads;
  default the first of ``match``). Writes ``item_values`` (name -> value),
  ``sum`` as the book writes it ("6+3") and the total under ``as``.

An item is found by a cell equal to its name (case and spacing aside), else
by a cell that begins with its words ("Infantry squad" finds "Infantry squad
of 6 men ( including 1 leader)"); a name that finds no row, or several, is an
error rather than a guess.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.model.tables import Table
from compiler.procedures.core import Context, ProcedureError, State, Values, need
from compiler.procedures.table_lookup import find_table


def _words(text: str) -> list[str]:
    return text.casefold().split()


def _contains(cell: str, text: str) -> bool:
    """``text`` appears in ``cell`` as whole words ("train" in "VIP train", not in "restraint")."""
    return f" {' '.join(_words(text))} " in f" {' '.join(_words(cell))} "


def column(table: Table, key: str) -> int:
    """Index of column ``key``, or an error naming the table's columns."""
    if not any(c.key == key for c in table.columns):
        known = ", ".join(c.key for c in table.columns)
        raise ProcedureError(f"{table.title} has no column {key!r} (columns: {known})")
    return table.column_index(key)


def item_row(table: Table, columns: Sequence[str], name: str) -> int:
    """Index of the one row that ``name`` names in any of ``columns``."""
    indexes = [column(table, c) for c in columns]
    wanted = _words(name)
    if not wanted:
        raise ProcedureError(f"{table.title}: an item without a name")
    exact = {
        i for i, row in enumerate(table.rows) if any(_words(row[j]) == wanted for j in indexes)
    }
    found = exact or {
        i
        for i, row in enumerate(table.rows)
        if any(_words(row[j])[: len(wanted)] == wanted for j in indexes)
    }
    if len(found) == 1:
        return found.pop()
    shown = "; ".join(row[j] for row in table.rows for j in indexes)
    if not found:
        raise ProcedureError(f"{table.title}: no item {name!r} in {', '.join(columns)} ({shown})")
    rows = ", ".join(table.rows[i][0] for i in sorted(found))  # the rows by their names
    raise ProcedureError(f"{table.title}: {name!r} could be any of {rows}; name it exactly")


def _number(cell: str, table: Table, column: str) -> int:
    try:
        return int(cell.strip())
    except ValueError:
        raise ProcedureError(f"{table.title}: {column} {cell!r} is not a number") from None


def check_limits(
    params: Mapping[str, Any], table: Table, names: Sequence[str], rows: Sequence[int]
) -> None:
    """Refuse a combination of items the rule does not allow."""
    low, high = params.get("min_items"), params.get("max_items")
    if low is not None and len(names) < int(low):
        raise ProcedureError(f"at least {low} item(s) required; {len(names)} given")
    if high is not None and len(names) > int(high):
        raise ProcedureError(f"at most {high} item(s) allowed; {len(names)} given")
    limits: Mapping[str, int] = params.get("at_most") or {}
    if not limits:
        return
    group_by = params.get("group_by") or (params.get("match") or [table.columns[0].key])[0]
    index = column(table, group_by)
    for text, most in limits.items():
        held = [names[k] for k, i in enumerate(rows) if _contains(table.rows[i][index], text)]
        if len(held) > int(most):
            raise ProcedureError(
                f"at most {most} {text} allowed; {len(held)} given ({', '.join(held)})"
            )


def sum_items(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    table = find_table(ctx, params["table"])
    names = need(state, params["items"], f"the items to value from {table.title}")
    if isinstance(names, str):
        names = [names]
    names = [str(n) for n in names]
    columns = list(params.get("match") or [table.columns[0].key])
    rows = [item_row(table, columns, n) for n in names]
    check_limits(params, table, names, rows)
    value_index = column(table, params["value"])
    numbers = [_number(table.rows[i][value_index], table, params["value"]) for i in rows]
    total = sum(numbers)
    key = params.get("as", "total")
    values = {
        "item_values": dict(zip(names, numbers, strict=True)),
        "sum": "+".join(str(n) for n in numbers) or "0",
        key: total,
    }
    listed = ", ".join(f"{n} {v}" for n, v in zip(names, numbers, strict=True)) or "no items"
    return values, f"{table.title}: {listed}; {values['sum']}={total}"


OPERATIONS = {"sum": sum_items}
