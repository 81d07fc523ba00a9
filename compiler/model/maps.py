"""Maps, boards and play areas: spaces and the connections between them."""

from __future__ import annotations

from dataclasses import dataclass

from compiler.diagnostics import Location


@dataclass(frozen=True, slots=True)
class Size:
    width: float
    height: float
    unit: str


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    name: str
    kind: str | None
    size: Size | None
    order: int | None
    at: Location


@dataclass(frozen=True, slots=True)
class Connection:
    a: str
    b: str
    kind: str | None
    directed: bool
    at: Location


@dataclass(frozen=True, slots=True)
class Route:
    """A route the rules require between two spaces (optionally avoiding some kinds)."""

    rule: str
    text: str
    start: str
    end: str
    avoiding: tuple[str, ...]
    at: Location


@dataclass(frozen=True, slots=True)
class GameMap:
    id: str
    name: str
    component: str | None
    rule: str | None
    size: Size | None
    spaces: tuple[Space, ...]
    connections: tuple[Connection, ...]
    connections_from: str | None
    missing: str | None
    at: Location
    requires: tuple[Route, ...] = ()
