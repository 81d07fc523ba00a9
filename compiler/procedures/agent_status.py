"""Kind ``agent-status``: injuries and deaths of Agents named by a criterion.

A paragraph-book instruction such as "Give an injury to any 1 Agent at
Position B with an Awareness of 2 or below" names who may be hit by a
criterion; only Agents meeting it are valid, Boost tokens may lift an Agent
out of it, and with several valid Agents the player chooses. An injury moves
an Agent one status along (uninjured -> injured -> mortally wounded); a
Mortally Wounded Agent takes no further injury and dies when Time advances
or the mission ends.

Agents are a mapping ``{name: {attribute: value, "position": "B", "cube":
"blue", "status": "injured"}}`` (``injured: true`` is read as status
injured); every attribute the criterion names must be given.

Operations
- ``valid-agents``: params ``action`` (the instruction's action, "injure" or
  "kill"), ``criterion`` (regular expression reading the printed criterion,
  with named groups ``count``, ``colour``, ``position``, ``attribute``,
  ``value``, ``bound``), ``bounds`` (the bound's words -> ``at_most`` /
  ``at_least``), ``statuses`` (the status order). State: ``instruction``
  (the printed criterion) or the instruction box holding an ``injure`` /
  ``kill`` step (``block`` or ``reading_entry``, as book-flow reads them);
  optional ``agents``, ``boosts`` ({agent: tokens spent on the checked
  attribute}), ``agent`` (the player's choice).
  Writes ``criteria``; with agents also ``valid_agents``, ``resolved``,
  ``choose_agent`` and ``agent`` when the choice is made or forced.
- ``injure``: params ``statuses``. With ``agent`` and ``agents`` in the
  state writes the Agent's new ``status`` and the updated ``agents``;
  without an Agent writes ``on_injury`` ({status: status after an injury}).
  Does nothing when ``resolved`` is false.
- ``kill``: params ``no_agents_entry`` (entry to read when a death leaves no
  Agents). Writes ``agents`` without the Agent, ``died``, and ``turn_to``
  when none is left.
(Mortally Wounded Agents dying when Time advances: book-flow's Advance Time.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.procedures.book_flow import blocks
from compiler.procedures.core import Context, ProcedureError, State, Values, need, search


def status_of(agent: Mapping[str, Any], statuses: list[str]) -> str:
    """An Agent's status; a card on its injured side may be given as ``injured: true``."""
    if agent.get("status"):
        status = str(agent["status"])
        if status not in statuses:
            raise ProcedureError(f"status {status!r} is not one of {', '.join(statuses)}")
        return status
    return statuses[1] if agent.get("injured") else statuses[0]


def after_injury(status: str, statuses: list[str]) -> str | None:
    """The status an injury leads to; None when the Agent can take no further injury."""
    i = statuses.index(status)
    return statuses[i + 1] if i + 1 < len(statuses) else None


def instruction(state: State, ctx: Context, action: str) -> str:
    """Who the instruction names, as printed: the state's ``instruction``, else the first
    ``action`` step of the instruction box (``block`` or ``reading_entry``)."""
    if state.get("instruction"):
        return str(state["instruction"])
    if state.get("block") is None and state.get("reading_entry") is None:
        raise ProcedureError(f"needs instruction (who to {action}, as printed) or block")
    for block in blocks(state, ctx):
        for row in block.rows:
            for step in row.steps:
                if step.action == action:
                    return str(step.value)
    raise ProcedureError(f"the instruction box has no {action} instruction")


def parse_criteria(text: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """The printed criterion as data: how many Agents, where, which attribute and bound."""
    m = search(params["criterion"], text, "criterion")
    if m is None:
        raise ProcedureError(f"cannot read the criterion in {text!r}")
    groups = {k: v for k, v in m.groupdict().items() if v is not None}
    criteria: dict[str, Any] = {"agents": int(groups.get("count", 1))}
    if "colour" in groups:
        criteria["cube"] = groups["colour"].casefold()
    if "position" in groups:
        criteria["position"] = groups["position"]
    if "attribute" in groups:
        criteria["attribute"] = groups["attribute"]
        bound = params.get("bounds", {}).get((groups.get("bound") or "").strip(), "equals")
        criteria[bound] = int(groups["value"])
    return criteria


def meets(agent: Mapping[str, Any], name: str, criteria: Mapping[str, Any], boost: int) -> bool:
    """Whether one Agent meets the criterion, its attribute raised by the tokens spent on it."""
    if "cube" in criteria and str(agent.get("cube", "")).casefold() != criteria["cube"]:
        return False
    if "position" in criteria and str(agent.get("position")) != criteria["position"]:
        return False
    if "attribute" not in criteria:
        return True
    attribute = criteria["attribute"]
    if attribute not in agent:
        raise ProcedureError(f"needs {name}'s {attribute}")
    value = int(agent[attribute]) + boost
    if "at_most" in criteria:
        return value <= criteria["at_most"]
    if "at_least" in criteria:
        return value >= criteria["at_least"]
    return value == criteria["equals"]


def valid_agents(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    action = params.get("action", "injure")
    criteria = parse_criteria(instruction(state, ctx, action), params)
    values: Values = {"criteria": criteria}
    agents = state.get("agents")
    if not agents:
        return values, f"{action}: {', '.join(f'{k} {v}' for k, v in criteria.items())}"
    statuses = list(params["statuses"])
    boosts = state.get("boosts") or {}
    valid = [
        name
        for name, agent in agents.items()
        if meets(agent, name, criteria, int(boosts.get(name, 0)))
        # "You may not give further injuries to an Agent that is already Mortally Wounded."
        and not (action == "injure" and after_injury(status_of(agent, statuses), statuses) is None)
    ]
    values |= {"valid_agents": valid, "resolved": bool(valid), "choose_agent": len(valid) > 1}
    chosen = state.get("agent")
    if chosen is not None and chosen not in valid:
        raise ProcedureError(f"{chosen} does not meet the criterion (valid: {valid or 'none'})")
    if chosen is None and len(valid) == 1:
        values["agent"] = valid[0]
    if not valid:
        return values, "no Agent meets the criterion: the instruction is not resolved"
    if len(valid) > 1 and chosen is None:
        return values, f"valid Agents {', '.join(valid)}: choose which one (give agent)"
    return values, f"{chosen or valid[0]} meets the criterion"


def injure(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    statuses = list(params["statuses"])
    if state.get("resolved") is False:
        return {}, "no valid Agent: no injury"
    agents = state.get("agents")
    if not agents or state.get("agent") is None:
        table = {s: nxt for s in statuses if (nxt := after_injury(s, statuses)) is not None}
        says = "; ".join(f"an {s} Agent becomes {n}" for s, n in table.items())
        return {"on_injury": table}, says
    name = state["agent"]
    if name not in agents:
        raise ProcedureError(f"no Agent {name!r} (Agents: {', '.join(agents)})")
    now = status_of(agents[name], statuses)
    new = after_injury(now, statuses)
    if new is None:
        raise ProcedureError(f"{name} is {now}: you may not give further injuries")
    updated = {**agents, name: {**agents[name], "status": new}}
    return {"agents": updated, "status": new, "injured_agent": name}, f"{name}: {now} -> {new}"


def kill(params: Mapping[str, Any], state: State, ctx: Context) -> tuple[Values, str]:
    if state.get("resolved") is False:
        return {}, "no valid Agent: nobody dies"
    agents = dict(need(state, "agents", "the Agents still in the game"))
    name = need(state, "agent", "the Agent who is killed")
    if name not in agents:
        raise ProcedureError(f"no Agent {name!r} (Agents: {', '.join(agents)})")
    del agents[name]
    values: Values = {"agents": agents, "died": [name]}
    if not agents and not state.get("mission_ended"):
        values["turn_to"] = int(params["no_agents_entry"])
        return values, f"{name} dies; no Agents are left: read entry {values['turn_to']}"
    return values, f"{name} dies and is removed from the game"


OPERATIONS = {
    "valid-agents": valid_agents,
    "injure": injure,
    "kill": kill,
}
