"""Kind ``threshold-check``: total an attribute, add dice and Boost tokens, route by threshold.

A Check names an attribute and how the Agents' values combine (the total,
the highest, the lowest), possibly of some Agents only (a cube colour, a
Position, those with a Long-Range weapon). The value, plus any dice the
game rolls and any Boost tokens spent, is compared with the thresholds of
the Check table ("1", "2-4", "5+"); the row that covers it gives the
instruction, most often the entry to turn to.

The Check is read from a table of the game (param or state ``table``: its
title names the Check, its rows the thresholds and instructions) or from an
instruction box in the state (``block``, a CHECK block of a paragraph book;
see book-flow). State ``check`` may give the printed Check wording.

Agents are ``agents``: {name: {attribute: value, "cube": "blue",
"position": "A", "long_range": true}} (params ``colours``, the cube colours
a Check may name; ``position``, the word before a Position's letter;
``long_range``: {attribute, reads}, the attribute only Agents with a
Long-Range weapon contribute to, and the card attribute it reads); or ``printed_value`` gives the
combined value as printed on the Agent cards. ``tokens_used`` is a number of
+1 tokens or {token: count}, each token named with its type ("Monique's
Skill token"); a token may only boost the attributes its type allows.

Operations
- ``routes``: every threshold of the Check with its instruction: writes
  ``routes`` ({threshold: instruction}) and ``turn_to_by_threshold``.
- ``check``: params ``aggregates`` ({word in the Check: total|highest|
  lowest}), ``attributes`` (the attribute names), ``token_types`` ({type:
  attributes it may boost, or "any"}), ``turn_to`` (regular expression for
  "Turn to entry N" in a table cell), ``title_prefix`` (the table title's
  lead word), ``tokens`` (false: count no tokens, the printed value only),
  ``dice``/``sides`` (dice added to the value; state ``dice_rolls`` gives
  their faces). Writes ``total``, ``threshold``, ``instruction``,
  ``turn_to`` (when it is an entry), ``tokens_spent``; ``resolved`` false
  when no Agent's value is valid or no threshold covers the value.
- ``boost-needed``: state ``total`` (the value before tokens) and ``aim``
  ("highest", "lowest", or a threshold as printed): writes ``target`` (the
  least value of that threshold) and ``needed`` (+1 tokens still needed).
- ``per-points``: "For every N points of X, do M …": params ``pattern``
  (regular expression with groups ``per``, ``attribute``, ``position``,
  ``verb``, ``each``, ``what``). Writes ``per_points``, ``each``,
  ``attribute``, ``position``; with Agents also ``total``, ``times`` (whole
  multiples of N) and ``amount``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from compiler.procedures.book_flow import blocks, first_block, phrase
from compiler.procedures.core import Context, ProcedureError, State, Values, rolls, search
from compiler.procedures.table_lookup import find_table


@dataclass(frozen=True, slots=True)
class Threshold:
    cell: str  # as printed: "1", "2+", "6-8"
    instruction: str  # as the rules quote it, without the full stop
    turn_to: int | None


@dataclass(frozen=True, slots=True)
class CheckSpec:
    wording: str  # "total Firearms of Blue Agents"
    attribute: str
    thresholds: tuple[Threshold, ...]


def covers(cell: str, value: int) -> bool:
    """Whether a threshold cell ("1", "2+", "6-8", "-3") covers a value."""
    cell = cell.strip()
    if m := re.fullmatch(r"(\d+)\+", cell):
        return value >= int(m.group(1))
    if m := re.fullmatch(r"(\d+)-(\d+)", cell):
        return int(m.group(1)) <= value <= int(m.group(2))
    if m := re.fullmatch(r"-(\d+)", cell):
        return value <= int(m.group(1))
    if re.fullmatch(r"\d+", cell):
        return value == int(cell)
    raise ProcedureError(f"cannot read the threshold {cell!r}")


def least(cell: str) -> int:
    """The least value a threshold cell covers."""
    m = re.match(r"(\d+)", cell.strip())
    if m is None:
        raise ProcedureError(f"threshold {cell!r} has no least value")
    return int(m.group(1))


def attribute_in(wording: str, params: Mapping[str, Any]) -> str:
    """The attribute a Check names (the longest name found, so Long-Range Firearms wins)."""
    names = sorted(params["attributes"], key=len, reverse=True)
    found = next((n for n in names if n.casefold() in wording.casefold()), None)
    if found is None:
        raise ProcedureError(f"the Check {wording!r} names none of {', '.join(names)}")
    return found


def spec(params: Mapping[str, Any], state: State, ctx: Context) -> CheckSpec | None:
    """The Check being made: from a table of the game, else from the state's CHECK block."""
    table_id = state.get("table") or params.get("table")
    if table_id:
        table = find_table(ctx, table_id)
        first, second = (c.key for c in table.columns[:2])
        pattern = params.get("turn_to")
        rows = []
        for row in table.rows:
            cell, text = row[table.column_index(first)], row[table.column_index(second)]
            m = search(pattern, text, "turn_to") if pattern else None
            rows.append(Threshold(cell, text.strip().rstrip("."), int(m.group(1)) if m else None))
        wording = str(
            state.get("check") or table.title.removeprefix(params.get("title_prefix", ""))
        )
        return CheckSpec(wording, attribute_in(wording, params), tuple(rows))
    block = first_block(blocks(state, ctx), "check")
    if block is None:
        return None
    rows = []
    for row in block.rows:
        ends = [int(s.value) for s in row.steps if s.action == "turn_to"]
        rows.append(Threshold(row.label or "", phrase(row.steps), ends[0] if ends else None))
    wording = str(state.get("check") or block.check)
    attribute = block.attribute or attribute_in(wording, params)
    return CheckSpec(wording, attribute, tuple(rows))


def token_total(params: Mapping[str, Any], state: State, attribute: str) -> tuple[int, Any]:
    """The +1s the tokens spent add, each checked against what its type may boost."""
    used = state.get("tokens_used") or 0
    if isinstance(used, int):
        return used, used
    types = params["token_types"]
    total = 0
    for token, count in used.items():
        kind = next((t for t in types if re.search(rf"\b{re.escape(t)}\b", str(token))), None)
        if kind is None:
            raise ProcedureError(f"{token!r} names no token type ({', '.join(types)})")
        allowed = types[kind]
        if allowed != "any" and attribute not in allowed:
            raise ProcedureError(f"a {kind} token cannot boost {attribute}")
        total += int(count)
    return total, dict(used)


def _values(check: CheckSpec, state: State, params: Mapping[str, Any]) -> dict[str, int] | None:
    """The valid Agents' values of the checked attribute; None when only a printed value is."""
    agents = state.get("agents")
    if not agents:
        return None
    wording = check.wording.casefold()
    colour = next(
        (c.casefold() for c in params["colours"] if f"{c} agents".casefold() in wording), None
    )
    at = re.search(rf"at {re.escape(params['position'].casefold())} (\w+)", wording)
    long_range = params["long_range"]
    ranged = check.attribute == long_range["attribute"]
    base = long_range["reads"] if ranged else check.attribute
    out = {}
    for name, agent in agents.items():
        if colour and str(agent.get("cube", "")).casefold() != colour:
            continue
        if at and str(agent.get("position", "")).casefold() != at.group(1):
            continue
        if ranged and not agent.get("long_range"):
            continue  # "cannot contribute their Firearms value … unless equipped"
        if base not in agent:
            raise ProcedureError(f"needs {name}'s {base}")
        out[name] = int(agent[base])
    return out


def aggregate(check: CheckSpec, params: Mapping[str, Any]) -> str:
    """How the Check combines the Agents' values: total, highest or lowest."""
    word = next((w for w in params["aggregates"] if w in check.wording.split()), None)
    if word is None:
        raise ProcedureError(
            f"the Check {check.wording!r} says none of {list(params['aggregates'])}"
        )
    return params["aggregates"][word]


def combined(
    check: CheckSpec, state: State, params: Mapping[str, Any], tokens: int = 0
) -> int | None:
    """The attribute value as the Check combines it, with ``tokens`` +1s; None when no
    Agent's value is valid.

    For a total the tokens simply add. For the highest or lowest value a token
    boosts one Agent, so ``boosts`` ({Agent: tokens}) must say whose value rises.
    """
    values = _values(check, state, params)
    if values is None:
        if state.get("printed_value") is None:
            raise ProcedureError(
                f"needs agents (their {check.attribute}) or printed_value (the combined value)"
            )
        return int(state["printed_value"]) + tokens
    if not values:
        return None
    how = aggregate(check, params)
    boosts = {k: int(v) for k, v in (state.get("boosts") or {}).items()}
    if tokens and not boosts and how != "total":
        raise ProcedureError(f"for the {how} value, give boosts: the Agent each token raises")
    if boosts and sum(boosts.values()) != tokens:
        raise ProcedureError(f"boosts give {sum(boosts.values())} tokens; {tokens} were spent")
    for name, count in boosts.items():
        if name not in values:
            raise ProcedureError(f"{name} does not take part in the Check {check.wording!r}")
        values[name] += count
    return {"total": sum, "highest": max, "lowest": min}[how](values.values()) + (
        0 if boosts else tokens
    )


def routes(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    check = spec(params, state, ctx)
    if check is None:
        return {}, "no Check here"
    table = {t.cell: t.instruction for t in check.thresholds}
    ends = {t.cell: t.turn_to for t in check.thresholds if t.turn_to is not None}
    says = f"CHECK {check.wording}: " + "; ".join(f"{k}: {v}" for k, v in table.items())
    return {"routes": table, "turn_to_by_threshold": ends}, says


def check(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    found = spec(params, state, ctx)
    if found is None:
        return {}, "no Check here"
    tokens, spent = (
        (0, 0) if params.get("tokens") is False else token_total(params, state, found.attribute)
    )
    value = combined(found, state, params, tokens)
    if value is None:
        return {"resolved": False}, "no Agent's value is valid: the instruction is not resolved"
    faces = (
        rolls(state, "dice_rolls", int(params["dice"]), ctx.dice, int(params.get("sides", 6)))
        if params.get("dice")
        else []
    )
    total = value + sum(faces)
    values: Values = {"total": total, "tokens_spent": spent}
    row = next((t for t in found.thresholds if covers(t.cell, total)), None)
    if row is None:
        values["resolved"] = False
        return values, f"{found.attribute} {total}: no threshold covers it"
    values |= {"threshold": row.cell, "instruction": row.instruction, "resolved": True}
    if row.turn_to is not None:
        values["turn_to"] = row.turn_to
    extra = [f"{tokens} from Boost tokens"] if tokens else []
    extra += [f"dice {', '.join(map(str, faces))}"] if faces else []
    how = f" ({'; '.join(extra)})" if extra else ""
    says = f"{found.wording}: {total}{how}, row {row.cell}: {row.instruction}"
    return values, says


def boost_needed(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    found = spec(params, state, ctx)
    if found is None:
        return {}, "no Check here"
    if state.get("total") is None:
        raise ProcedureError("needs total (the value before Boost tokens)")
    aim = str(state.get("aim") or "highest")
    cells = [t.cell for t in found.thresholds]
    if aim == "highest":
        cell = max(cells, key=least)
    elif aim == "lowest":
        cell = min(cells, key=least)
    elif aim in cells:
        cell = aim
    else:
        raise ProcedureError(f"aim {aim!r} is no threshold of the Check ({', '.join(cells)})")
    target = least(cell)
    needed = max(0, target - int(state["total"]))
    return {"target": target, "needed": needed}, (
        f"row {cell} needs {target}: {needed} more from Boost tokens"
    )


def per_points(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    texts = [str(state["instruction"])] if state.get("instruction") else []
    if state.get("block") is not None or state.get("reading_entry") is not None:
        texts += [s.text or "" for b in blocks(state, ctx) for r in b.rows for s in r.steps]
    m = next((m for t in texts if (m := search(params["pattern"], t, "pattern"))), None)
    if m is None:
        return {}, "no 'for every N points' instruction here"
    per, each = int(m.group("per")), int(m.group("each"))
    values: Values = {
        "per_points": per,
        "each": each,
        "attribute": m.group("attribute"),
        "position": m.group("position"),
    }
    what, attribute = m.group("what"), m.group("attribute")
    says = f"{m.group('verb')} {each} {what} for every {per} points of {attribute}"
    if not state.get("agents"):
        return values, says
    total_word = next(w for w, how in params["aggregates"].items() if how == "total")
    wording = f"{total_word} {attribute}" + (
        f" at {params['position']} {m.group('position')}" if m.group("position") else ""
    )
    found = CheckSpec(wording, attribute_in(wording, params), ())
    total = combined(found, state, params) or 0
    times = total // per
    values |= {"total": total, "times": times, "amount": times * each}
    return values, f"{says}: {total} points, {times * each} {m.group('what')}"


OPERATIONS = {
    "routes": routes,
    "check": check,
    "boost-needed": boost_needed,
    "per-points": per_points,
}
