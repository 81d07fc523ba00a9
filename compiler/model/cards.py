"""Card contents the source prints, deck by deck."""

from __future__ import annotations

from dataclasses import dataclass

from compiler.diagnostics import Location
from compiler.model.text import Para


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    title: str | None
    paras: tuple[Para, ...]
    quantity: int
    fields: tuple[tuple[str, str], ...]  # (label, value) in the deck's field order
    missing: str | None
    at: Location


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    component: str
    title: str | None
    rule: str | None
    cards: tuple[Card, ...]
    missing: str | None
    at: Location
