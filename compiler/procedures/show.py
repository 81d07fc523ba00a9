"""Resolutions, replays and tables as a person at the table reads them."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from typing import Any

from compiler.model.procedures import Procedure
from compiler.model.tables import Table
from compiler.procedures.core import Resolution
from compiler.procedures.replay import Replay

MARK = {"match": "ok", "contradiction": "!!", "mismatch": "XX", "not-replayable": "??"}


def _value(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def resolution_text(proc: Procedure, res: Resolution) -> str:
    lines = [f"{proc.title or proc.id} (rule {proc.rule})"]
    width = max(len(s.rule) for s in res.steps) if res.steps else 0
    lines += [f"  {s.rule:<{width}}  {s.says}" for s in res.steps]
    if res.dice:
        lines.append(f"  dice used: {', '.join(map(str, res.dice))}")
    # what the procedure assumes where the source is silent: said with every answer, so
    # a reading of ours is never taken for the publisher's rule
    for gap in proc.gaps:
        lines += textwrap.wrap(
            gap, 78, initial_indent="  not in the source: ", subsequent_indent="    "
        )
    return "\n".join(lines) + "\n"


def procedure_list(procedures: tuple[Procedure, ...]) -> str:
    lines = []
    for proc in procedures:
        lines.append(f"{proc.id}  {proc.title or ''}  (rule {proc.rule}, kind {proc.kind})")
        lines += [f"    {name}: {what}" for name, what in proc.inputs]
    return "\n".join(lines) + "\n" if lines else "no procedures bound yet\n"


def replay_text(replay: Replay, verbose: bool = False) -> str:
    ex = replay.example
    head = f"  {MARK[replay.status]} {ex.id} ({ex.title or ex.rule}, procedure {ex.procedure})"
    checked = sum(c.verdict in ("same", "contradiction") for c in replay.checks)
    lines = [
        f"{head}: {replay.status}, {checked} value(s) agree, {len(replay.unchecked)} unchecked"
    ]
    if replay.reason:
        lines.append(f"       {replay.reason}  [{replay.at}]")
    for c in replay.checks:
        where = f"step {c.step}" if c.step is not None else "outcome"
        if c.verdict == "differs":
            lines.append(
                f"       {where} {c.key}: the book states {_value(c.stated)}, "
                f"the rules give {_value(c.computed)}  [{replay.at}]"
            )
        elif c.verdict == "contradiction":
            lines.append(
                f"       {where} {c.key}: the book states {_value(c.stated)}; by its own rules "
                f"{_value(c.computed)} — {c.why}"
            )
        elif c.verdict == "stale":
            lines.append(
                f"       {where} {c.key}: declared a contradiction, but the rules give the "
                f"book's {_value(c.stated)} too; remove it from `contradicts`"
            )
    if verbose:
        lines += [f"       {s.rule}: {s.says}" for s in replay.steps]
        lines += [
            f"       unchecked: {'outcome' if n is None else f'step {n}'} {k}"
            for n, k in replay.unchecked
        ]
    return "\n".join(lines)


def table_text(table: Table, rows: Sequence[int] | None = None) -> str:
    """The whole table (long cells cut at 40 characters), or the rows given in full,
    each with its place."""
    head = f"{table.title}" + (f" (rule {table.rule})" if table.rule else "")
    if table.missing and not table.rows:
        return f"{head}: not in the source — {table.missing}\n"
    # a table the source prints in part (War Story's Team Sheet for one mission of
    # three): its rows, then what is missing
    gap = ""
    if table.missing:
        gap = textwrap.fill(
            table.missing, 78, initial_indent="  not in the source: ", subsequent_indent="    "
        )
        gap += "\n"
    return _rows_text(table, head, rows) + gap


def _rows_text(table: Table, head: str, chosen: Sequence[int] | None) -> str:
    if chosen is not None:
        width = max(len(c.label) for c in table.columns)
        lines = [head]
        for row in chosen:
            for column, cell in zip(table.columns, table.rows[row], strict=True):
                wrapped = textwrap.wrap(cell, 76 - width) or [""]
                lines.append(f"  {column.label:<{width}}  {wrapped[0]}".rstrip())
                lines += [" " * (width + 4) + more for more in wrapped[1:]]
            lines.append(f"  [{table.row_at[row] if table.row_at else table.at}]")
        return "\n".join(lines) + "\n"

    def cut(text: str) -> str:
        return text if len(text) <= 40 else text[:39] + "…"

    rows = [[cut(cell) for cell in r] for r in table.rows]
    labels = [cut(c.label) for c in table.columns]
    widths = [max([len(label), *(len(r[i]) for r in rows)]) for i, label in enumerate(labels)]
    header = "  ".join(x.ljust(w) for x, w in zip(labels, widths, strict=True))
    lines = [head, ("  " + header).rstrip()]
    for r in rows:
        lines.append("  " + "  ".join(x.ljust(w) for x, w in zip(r, widths, strict=True)).rstrip())
    return "\n".join(lines) + "\n"
