"""Physical components as the text names them, and what the source leaves out."""

from __future__ import annotations

from dataclasses import dataclass

from compiler.diagnostics import Location


@dataclass(frozen=True, slots=True)
class Face:
    side: str  # front | back | face (of a die)
    shows: str
    count: int | None = None  # faces showing this, when the source says
    label: str | None = None  # what a print-and-play counter prints on this side
    side_stated: bool = True  # False: the source names this side, not whether it is the front


@dataclass(frozen=True, slots=True)
class IdRange:
    """Ids of a deck's items: ``format`` with {n} from ``first`` to ``last``."""

    format: str
    cited_as: str | None
    first: int
    last: int

    def ids(self) -> tuple[str, ...]:
        return tuple(self.format.replace("{n}", str(n)) for n in range(self.first, self.last + 1))


@dataclass(frozen=True, slots=True)
class Component:
    id: str
    kind: str
    name: str
    aliases: tuple[str, ...]
    quantity: int | None
    size: str | None
    part_of: str | None
    described_at: tuple[str, ...]
    faces: tuple[Face, ...]
    ids: IdRange | None
    names: tuple[str, ...]
    missing: str | None
    notes: str | None
    at: Location


@dataclass(frozen=True, slots=True)
class StatedTotal:
    kind: str
    quantity: int
    stated_at: str
    at: Location
