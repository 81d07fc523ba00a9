"""Kind ``book-flow``: follow a paragraph book's instruction boxes.

Rows divided by solid lines are mutually exclusive (CHOOSE: the player picks
one option; IF/ELSE: the first criterion that applies); rows divided by
dotted lines are all resolved, in order from top to bottom, each as far as
its grey condition allows. Resolving an instruction changes the state the
way the Team Sheet and the table would: cards held, the map in play, letters
circled, tracking points, Time, the entry to turn to.

The instruction box is ``block`` in the state, in the shape of a book
entry's blocks (schema/entries.schema.json: one block or a list of them), or
``reading_entry`` (with optional ``book``): an entry of a loaded book.

State the conditions read: ``circled`` (letters circled), ``time`` ("night",
"day", or a Team Sheet Time such as "19th Oct Night"), ``tracking_points``,
``cards`` (cards held), ``holds`` (printed criteria the player says apply,
for conditions the book does not structure).

Operations
- ``draw``: params ``action`` (``draw_card``, ``draw_map`` or
  ``take_equipment``), ``noun`` and ``source`` (what is drawn and where
  from, as the rules name them), ``as`` (key for the number). Reads the
  first such step of the box. A card already drawn (``cards_seen``) is not
  drawn again. Writes ``<as>``, ``from``, ``draw`` (the draw in words),
  ``drawn`` and the updated ``cards``/``cards_seen`` or ``map``.
- ``choose``: the box's CHOOSE table. Writes ``options`` (how many); with
  ``chosen`` (an option's number, or its printed wording) also ``option``
  and ``chosen_row``, and starts its instructions at row 1.
- ``follow``: the chosen option's instructions, all of them in order; with
  no option chosen, ``turn_to_one_of``: the entries the options lead to.
- ``if-else``: the box's IF/ELSE table, criteria read top to bottom; the
  first that applies is resolved. Writes ``row``, ``criterion``,
  ``instruction`` and the effects (``turn_to``…).
- ``next-instruction``: the next dotted row (``next_row``, from 1): with
  param ``action`` only if that row is of that action. Writes ``row``,
  ``resolved`` ("always" or the condition it needs), ``applied``,
  ``instruction``, the effects, ``next_row`` and ``resolved_rows``.
- ``rest``: every dotted row left, until one turns to another entry.
- ``assign``: assign Agents to Encounter map Positions. Params
  ``standard_weapons`` ({weapon: range} every Agent has), ``icons``
  ({Position icon: ranges usable there}), ``unarmed_open`` (whether an
  Agent may stand where no weapon can be used). State ``assign`` ({Agent:
  "B" or "B or C"}), ``allocate`` ({Agent: [Equipment]}), ``weapon_ranges``
  ({Equipment: range}), ``position_weapons`` ({Position: icon}). Writes
  ``assignment`` ({Agent: Position}), ``positions`` ({Position: who stands
  there}), ``allocation`` and ``weapons_usable`` for Positions whose icon is
  known.
Effect params (optional): ``dies_when_time_advances`` (the status of Agents
who die when Time advances: their ``status`` in ``agents``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from compiler.model.entries import EntryBlock, Step, step_text

# The loader's one parser for a block of a book entry; an example's instruction
# box is written in the same shape, so it is read the same way.
from compiler.model.from_parts import entry_block as parse_block
from compiler.procedures.core import Context, ProcedureError, State, Values, whole


@dataclass(frozen=True, slots=True)
class Line:
    """One instruction row to resolve: its number, grey label and condition, and steps."""

    number: int
    label: str | None
    condition: tuple[tuple[str, Any], ...]
    steps: tuple[Step, ...]
    group: int  # rows of one solid-lined box share a group: only one of them is resolved
    exclusive: bool


def blocks(state: State, ctx: Context) -> tuple[EntryBlock, ...]:
    """The instruction box being read: the state's ``block``, or a book entry's blocks."""
    raw = state.get("block")
    if raw is not None:
        if not isinstance(raw, list | dict):
            # block=if-else-night was read as a box of narrative, and every step said
            # "no IF/ELSE table here" (found by a probe); words belong in a list of blocks
            tables = {t.id for t in ctx.game.tables}
            what = f"{raw!r} is a table of tables.yaml, not" if raw in tables else "not"
            raise ProcedureError(
                f"block is the instruction box as printed, e.g. "
                f"block='{{if_else: [...]}}'; {what} a box (or give reading_entry=N)"
            )
        items = raw if isinstance(raw, list) else [raw]
        if not items:
            raise ProcedureError(
                "block is an empty list: give the box's tables, e.g. block='{choose: [...]}'"
            )
        return tuple(
            parse_block(_checked(item, f"block[{i}]" if isinstance(raw, list) else "block"))
            for i, item in enumerate(items)
        )
    number = state.get("reading_entry")
    if number is None:
        raise ProcedureError(
            "needs block (the instruction box as printed) or reading_entry (its entry number)"
        )
    number = whole(number, "reading_entry")
    for book in ctx.game.books:
        if state.get("book") in (None, book.id):
            for entry in book.entries:
                if entry.number == number:
                    return entry.blocks
    raise ProcedureError(f"no entry {number} in the books of this game")


def _checked(item: object, name: str) -> object:
    """A box typed at the command line (or in an example) checked as a book entry's
    block is in a book file: a box missing its "option" was a Python KeyError blamed
    on procedures.yaml (found by a probe)."""
    from compiler.validate import definition_problem

    problem = definition_problem("entries", "block", item, name)
    if problem is not None:
        raise ProcedureError(problem)
    return item


def first_block(found: tuple[EntryBlock, ...], kind: str) -> EntryBlock | None:
    return next((b for b in found if b.kind == kind), None)


def phrase(steps: tuple[Step, ...]) -> str:
    """The instructions as the rules quote them: without the Team Sheet stars or full stop."""
    texts = [step_text(s).removeprefix("** ").removesuffix(" **") for s in steps]
    return " ".join(t.strip() for t in texts).rstrip(".")


def criterion(label: str | None) -> str:
    """A grey criterion as the rules quote it: "If it is night", "Else"."""
    return (label or "").strip().rstrip(":")


def when(condition: tuple[tuple[str, Any], ...], label: str | None) -> str:
    """When a dotted row is resolved: always, or only if its grey condition holds."""
    if not condition and not label:
        return "always"
    parts = []
    for key, value in condition:
        parts.append(
            {
                "circled": f"{value} has already been circled",
                "not_circled": f"{value} is not circled",
                "time": f"it is {value}",
                "tracking_points_at_least": f"you have {value} or more tracking points",
                "has_card": f"you have card {value}",
            }.get(key, f"{key} is {value}")
        )
    return "only if " + (" and ".join(parts) if parts else criterion(label))


def holds(condition: tuple[tuple[str, Any], ...], label: str | None, state: State) -> bool:
    """Whether a grey criterion applies in the state; an unstructured one asks ``holds``."""
    if not condition:
        if not label:
            return True
        said = [criterion(h).casefold() for h in state.get("holds") or []]
        if "holds" not in state:
            raise ProcedureError(f"cannot test {label!r}: give holds (the criteria that apply)")
        return criterion(label).casefold() in said
    for key, value in condition:
        if key == "else":
            continue
        if key in ("circled", "not_circled"):
            if "circled" not in state:
                raise ProcedureError("needs circled (the letters circled on the State Tracker)")
            is_circled = value in (state["circled"] or [])
            if is_circled != (key == "circled"):
                return False
        elif key == "time":
            if not state.get("time"):
                raise ProcedureError("needs time (the current Time on the Team Sheet)")
            if str(value).casefold() not in str(state["time"]).casefold():
                return False
        elif key == "tracking_points_at_least":
            if state.get("tracking_points") is None:
                raise ProcedureError("needs tracking_points (the Team Sheet's count)")
            if whole(state["tracking_points"], "tracking_points") < int(value):
                return False
        elif key == "has_card":
            if "cards" not in state:
                raise ProcedureError("needs cards (the cards you have)")
            if value not in (state["cards"] or []):
                return False
        else:
            raise ProcedureError(f"no test for the condition {key!r}")
    return True


def lines(found: tuple[EntryBlock, ...], state: State) -> list[Line]:
    """The rows to resolve in order: the chosen option's instructions, else the boxes' rows."""
    if state.get("chosen_row") is not None:
        table = first_block(found, "choose")
        if table is None:
            raise ProcedureError("an option is chosen but the box has no CHOOSE table")
        row = table.rows[_row(state, "chosen_row", len(table.rows)) - 1]
        return [Line(i, None, (), (s,), 0, False) for i, s in enumerate(row.steps, 1)]
    out: list[Line] = []
    for group, block in enumerate(found):
        if block.kind != "instructions":
            continue
        exclusive = block.separator == "solid"
        for row in block.rows:
            out.append(Line(len(out) + 1, row.label, row.condition, row.steps, group, exclusive))
    return out


def apply(step: Step, state: Mapping[str, Any], params: Mapping[str, Any]) -> Values:
    """What one instruction changes: the Team Sheet, the cards and map in play, the entry."""
    v, a = step.value, step.action
    extra = dict(step.extra)
    if a == "turn_to":
        return {"turn_to": int(v)}
    if a == "turn_to_book":
        return {"turn_to": int(v["entry"]), "turn_to_book": v["book"]}
    if a in ("draw_card", "take_equipment"):
        held, seen = ("cards", "cards_seen") if a == "draw_card" else ("equipment",) * 2
        if v in (state.get(seen) or []):  # "nothing happens - you do not draw the card again"
            return {"drawn": False}
        out = {held: [*(state.get(held) or []), v], "drawn": True}
        return out | ({seen: [*(state.get(seen) or []), v]} if seen != held else {})
    if a == "discard_card":
        return {"discarded_card": v, "cards": [c for c in state.get("cards") or [] if c != v]}
    if a == "draw_map":
        return {"map": str(v)}
    if a == "discard_map":
        return {"discarded_map": str(v), "map": None}
    if a in ("circle", "cross_out"):
        circled = [c for c in state.get("circled") or [] if c != v]
        return {"circled": [*circled, v] if a == "circle" else circled}
    if a in ("tracking_points", "security_level"):
        out = {f"{a}_added": int(v)}
        if state.get(a) is not None:
            out[a] = whole(state[a], a) + int(v)
        return out
    if a == "advance_time":
        out = {"time_advanced": True}
        track, now = state.get("time_track"), state.get("time")
        if track and now in track:
            i = track.index(now)
            if i + 1 >= len(track):
                raise ProcedureError(f"no Time after {now} on the Team Sheet")
            out["time"] = track[i + 1]
        dying = params.get("dies_when_time_advances")
        if state.get("agents") and dying:
            died = [n for n, agent in state["agents"].items() if agent.get("status") == dying]
            out["agents"] = {n: x for n, x in state["agents"].items() if n not in died}
            out["died"] = died
        return out
    if a == "select_agents":
        cube = extra.get("cube")
        chosen = state.get("select")
        if not chosen:
            return {"select_agents": str(v), "cube": cube}
        return {"cubes": {**(state.get("cubes") or {}), **{n: cube for n in chosen}}}
    if a == "regroup":  # "Any time you read 'Regroup', remove cubes from all your Agents."
        return {"cubes": {}}
    if a in ("injure", "kill"):
        return {a: str(v)}
    if a == "end_mission":
        return {"mission_end": v}
    return {}  # a printed instruction the data does not model: read it out


def resolve_line(line: Line, state: Mapping[str, Any], params: Mapping[str, Any]) -> Values:
    """One dotted row: resolved when its condition holds (and no solid-lined sibling was)."""
    done = list(state.get("resolved_rows") or [])
    values: Values = {
        "row": line.number,
        "resolved": when(line.condition, line.label),
        "instruction": phrase(line.steps),
        "next_row": line.number + 1,
    }
    sibling_done = line.exclusive and any(
        n in done for n in state.get("group_rows", {}).get(str(line.group), [])
    )
    applies = not sibling_done and holds(line.condition, line.label, state)
    values["applied"] = applies
    if applies:
        running = dict(state)
        for step in line.steps:
            effect = apply(step, running, params)
            running.update(effect)
            values.update(effect)
        values["resolved_rows"] = [*done, line.number]
        groups = dict(state.get("group_rows") or {})
        groups[str(line.group)] = [*groups.get(str(line.group), []), line.number]
        values["group_rows"] = groups
    return values


def draw(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    action, key = params["action"], params["as"]
    step = next(
        (s for b in blocks(state, ctx) for r in b.rows for s in r.steps if s.action == action),
        None,
    )
    if step is None:
        return {}, f"nothing to {action.replace('_', ' ')} here"
    values = {key: step.value, "from": params["source"]} | apply(step, state, params)
    values["draw"] = f"{params['noun']} {step.value} from the {params['source']}"
    if values.get("drawn") is False:
        values["draw"] = "nothing happens"
        return values, f"{params['noun']} {step.value} was drawn before: nothing happens"
    return values, f"draw {values['draw']}"


def _option(table: EntryBlock, chosen: Any) -> int:
    """The chosen option's row number, from its number or its printed wording."""
    if isinstance(chosen, bool):  # true was option 1
        raise ProcedureError(
            f"chosen is the option's number or its printed wording, not {str(chosen).lower()}"
        )
    if isinstance(chosen, int):
        if not 1 <= chosen <= len(table.rows):
            raise ProcedureError(f"no option {chosen}: the table has {len(table.rows)}")
        return chosen
    wanted = criterion(str(chosen)).casefold()
    hits = [i for i, r in enumerate(table.rows, 1) if criterion(r.label).casefold() == wanted]
    if not hits:
        shown = "; ".join(r.label or "" for r in table.rows)
        raise ProcedureError(f"no option {chosen!r} (options: {shown})")
    if len(hits) > 1:
        raise ProcedureError(f"options {hits} are all printed {chosen!r}: give its number")
    return hits[0]


def choose(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    table = first_block(blocks(state, ctx), "choose")
    if table is None:
        return {}, "no CHOOSE table here"
    values: Values = {"options": len(table.rows)}
    if state.get("chosen") is None:
        shown = "; ".join(f"{i}. {r.label}" for i, r in enumerate(table.rows, 1))
        return values, f"choose one of {len(table.rows)} options: {shown}"
    number = _option(table, state["chosen"])
    values |= {
        "option": table.rows[number - 1].label,
        "chosen_row": number,
        "next_row": 1,
        "resolved_rows": [],
    }
    return values, f"chosen: {table.rows[number - 1].label}"


def _row(state: State, key: str, rows: int | None = None) -> int:
    """A row of the box, counted from 1 (1 when not given): -5 read the rows from the
    end, and 0 or 999 were taken as rows; ``rows``, when given, is the last there is."""
    value = state.get(key)
    number = 1 if value is None else whole(value, key)
    if number < 1 or (rows is not None and number > rows):
        last = f" to {rows}" if rows is not None else ""
        raise ProcedureError(f"{key} counts the box's rows from 1{last}, not {number}")
    return number


def _turn_tos(steps: tuple[Step, ...]) -> list[int]:
    return [int(s.value) for s in steps if s.action == "turn_to"]


def rest(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    found = blocks(state, ctx)
    todo = lines(found, state)
    running = dict(state)
    values: Values = {}
    start = _row(state, "next_row")
    for line in todo[start - 1 :]:
        result = resolve_line(line, running, params)
        running.update(result)
        values.update(result)
        if result.get("applied") and "turn_to" in result:
            break
    if not values:
        return {}, "no instruction left to resolve"
    says = f"resolved rows {', '.join(map(str, values.get('resolved_rows', [])))}"
    if "turn_to" in values:
        says += f"; turn to entry {values['turn_to']}"
    return values, says


def follow(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    table = first_block(blocks(state, ctx), "choose")
    if table is None:
        return {}, "no CHOOSE table here"
    if state.get("chosen_row") is not None:
        return rest(params, state, ctx)
    ends = [n for row in table.rows for n in _turn_tos(row.steps)]
    return {"turn_to_one_of": ends}, f"each option ends at entry {' or '.join(map(str, ends))}"


def if_else(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    table = first_block(blocks(state, ctx), "if_else")
    if table is None:
        return {}, "no IF/ELSE table here"
    for number, row in enumerate(table.rows, 1):
        if holds(row.condition, row.label, state):
            values: Values = {
                "row": number,
                "criterion": criterion(row.label),
                "instruction": phrase(row.steps),
            }
            running = dict(state)
            for step in row.steps:
                effect = apply(step, running, params)
                running.update(effect)
                values.update(effect)
            return values, f"row {number} ({row.label}) applies: {values['instruction']}"
    return {}, "no criterion applies"


def next_instruction(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    todo = lines(blocks(state, ctx), state)
    number = _row(state, "next_row")
    if number > len(todo):
        return {}, "no instruction left to resolve"
    line = todo[number - 1]
    action = params.get("action")
    if action and all(s.action != action for s in line.steps):
        return {}, f"row {number} has no {action.replace('_', ' ')} step"
    values = resolve_line(line, state, params)
    done = "resolved" if values["applied"] else "not resolved"
    return values, f"row {number} ({values['resolved']}): {values['instruction']}: {done}"


def _weapons(agent: str, state: State, params: Mapping[str, Any], allocation: dict) -> dict:
    """The weapons an Agent has in the Encounter, with their ranges."""
    ranges = dict(params.get("standard_weapons") or {})
    known = state.get("weapon_ranges") or {}
    for item in allocation.get(agent, []):
        if item not in known:
            raise ProcedureError(f"needs weapon_ranges for {item} (Short-Range or Long-Range)")
        ranges[item] = known[item]
    return ranges


def occupants(assignment: Mapping[str, str], allocation: Mapping[str, list]) -> dict[str, str]:
    """Who stands at each Position, by letter: "Odile or Monique" where the player has
    left a choice (first choices first), with the Equipment allocated to them."""
    ranked: dict[str, list[tuple[int, int, str]]] = {}
    for order, (agent, where) in enumerate(assignment.items()):
        for rank, position in enumerate(p.strip() for p in str(where).split(" or ")):
            ranked.setdefault(position, []).append((rank, order, agent))
    out = {}
    for position in sorted(ranked):
        names = []
        for _, _, agent in sorted(ranked[position]):
            items = allocation.get(agent)
            names.append(f"{agent} ({', '.join(items)})" if items else agent)
        out[position] = " or ".join(names)
    return out


_MAPS = {
    "assign": "an Agent to a Position, e.g. assign='{Yannick: A}'",
    "allocation": "an Agent to the items they hold, e.g. allocation='{Yannick: [rifle]}'",
    "allocate": "an Agent to the items given them, e.g. allocate='{Yannick: rifle}'",
    "position_weapons": "a Position to its weapon icon, e.g. position_weapons='{D: long}'",
}


def _map(state: State, key: str) -> Mapping[str, Any]:
    """The state's ``key``, a map a person typed: a list or a number there was a Python
    AttributeError blamed on procedures.yaml (found by a probe)."""
    value = state.get(key) or {}
    if not isinstance(value, Mapping):
        raise ProcedureError(f"{key} maps {_MAPS[key]}; not {value!r}")
    return value


def assign(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    wanted = _map(state, "assign")
    allocation = {
        k: list(v) if isinstance(v, list | tuple) else [v]
        for k, v in _map(state, "allocation").items()
    }
    for agent, items in _map(state, "allocate").items():
        allocation[agent] = [
            *allocation.get(agent, []),
            *([items] if isinstance(items, str) else items),
        ]
    agents = state.get("agents")
    icons = params["icons"]
    position_weapons = _map(state, "position_weapons")
    usable: dict[str, list[str]] = {}
    for agent, where in wanted.items():
        if agents is not None and agent not in agents:
            raise ProcedureError(f"no Agent {agent!r} (Agents: {', '.join(agents)})")
        weapons = _weapons(agent, state, params, allocation)
        for position in [p.strip() for p in str(where).split(" or ")]:
            icon = position_weapons.get(position)
            if icon is None:
                continue  # the map's icon is not known: nothing to check
            ranges = icons[icon]
            can_use = [w for w, r in weapons.items() if r in ranges]
            if not can_use and (ranges or not params.get("unarmed_open")):
                raise ProcedureError(
                    f"{agent} has no weapon usable at Position {position} ({icon}): "
                    "you cannot assign an Agent to a Position if they do not have a "
                    "weapon they can use there"
                )
            if " or " not in str(where):
                usable[agent] = can_use
    assignment = {**(state.get("assignment") or {}), **wanted}
    values: Values = {
        "assignment": assignment,
        "allocation": allocation,
        "positions": occupants(assignment, allocation),
    }
    if usable:
        values["weapons_usable"] = usable
    says = "; ".join(f"{a} at {p}" for a, p in wanted.items()) or "no Agent assigned"
    return values, says


OPERATIONS = {
    "draw": draw,
    "choose": choose,
    "follow": follow,
    "if-else": if_else,
    "next-instruction": next_instruction,
    "rest": rest,
    "assign": assign,
}
