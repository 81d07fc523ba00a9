"""A game's procedures bound to Casebook's generic kinds (procedures.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.diagnostics import Location


@dataclass(frozen=True, slots=True)
class ProcedureStep:
    rule: str
    op: str
    params: dict[str, Any]  # the step's own `with:`, read-only by convention
    says: str | None
    at: Location


@dataclass(frozen=True, slots=True)
class Procedure:
    id: str
    rule: str
    title: str | None
    kind: str
    params: dict[str, Any]  # JSON-shaped, read-only by convention
    inputs: tuple[tuple[str, str], ...]  # (name, what it is)
    steps: tuple[ProcedureStep, ...]
    gaps: tuple[str, ...]
    at: Location
    tables: tuple[tuple[object, Location], ...] = ()
    """The tables its params and steps name (``table:``), as written, each where it is:
    PROC001 holds each to tables.yaml, as resolve would only when it ran."""
