"""CONS001 conflicting-statements

## What it finds
Two statements the text makes about the same number that cannot both be the
rule: "A zone can contain zero, one or two items" against "Minimum of 1 item
per zone"; "less than half" against "half or less" for the same threshold;
a stated value outside a limit stated elsewhere. The statements are the
ruleset's parameters.yaml, each quoting its rule.

## Why it matters
Players meet the two rules at different moments and play them differently;
only one of them can be what the designer meant.

## Example
    parameters.yaml:12:9  items per zone: "Minimum of 1 item per zone." (4) states minimum 1,
                          but "A zone can contain zero, one or two items" (2) states minimum 0

Passing: one statement per bound, or statements that agree.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.parameters import Statement

CODE, NAME, SEVERITY = "CONS001", "conflicting-statements", Severity.WARNING


def _quote(st: Statement) -> str:
    text = st.text if len(st.text) <= 60 else st.text[:57] + "…"
    return f"{text!r} ({st.rule})"


def _bound(st: Statement, side: str) -> tuple[float, bool] | None:
    if (
        st.value is not None
        and isinstance(st.value, int | float)
        and not isinstance(st.value, bool)
    ):
        return float(st.value), False
    limit = st.min if side == "min" else st.max
    return (float(limit), st.strict) if limit is not None else None


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    for param in game.parameters:
        seen: dict[str, Statement] = {}
        for st in param.statements:
            for side in ("min", "max"):
                mine = _bound(st, side)
                if mine is None:
                    continue
                if side not in seen:
                    seen[side] = st
                    continue
                first = seen[side]
                theirs = _bound(first, side)
                if theirs != mine:
                    word = "minimum" if side == "min" else "maximum"
                    yield Finding(
                        CODE,
                        SEVERITY,
                        f"{param.subject}: {_quote(st)} states {word} {st.shown()}, but "
                        f"{_quote(first)} states {first.shown()}",
                        st.at,
                        related=(first.at,),
                        rule=st.rule,
                        target=param.id,
                        suggestion="correct one of them by an erratum, or record why both hold",
                    )
        lows = [b for st in param.statements if (b := _bound(st, "min"))]
        highs = [b for st in param.statements if (b := _bound(st, "max"))]
        if lows and highs and max(v for v, _ in lows) > min(v for v, _ in highs):
            yield Finding(
                CODE,
                Severity.ERROR,
                f"{param.subject}: no value satisfies every statement "
                f"(at least {max(v for v, _ in lows):g}, at most {min(v for v, _ in highs):g})",
                param.at,
                target=param.id,
            )
