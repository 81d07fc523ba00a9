"""Numbers the rules state, each with all its statements, and variants that
override them (difficulty modes, optional rules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.diagnostics import Location


@dataclass(frozen=True, slots=True)
class Statement:
    rule: str
    text: str
    value: Any
    min: float | None
    max: float | None
    strict: bool
    at: Location

    def shown(self) -> str:
        if self.value is not None:
            return str(self.value)
        low = "" if self.min is None else f"{'>' if self.strict else '≥'} {self.min:g}"
        high = "" if self.max is None else f"{'<' if self.strict else '≤'} {self.max:g}"
        return " and ".join(x for x in (low, high) if x)


@dataclass(frozen=True, slots=True)
class Parameter:
    id: str
    subject: str
    unit: str | None
    statements: tuple[Statement, ...]
    at: Location


@dataclass(frozen=True, slots=True)
class Override:
    parameter: str | None
    replaces: str | None
    value: Any
    min: float | None
    max: float | None
    text: str
    at: Location


@dataclass(frozen=True, slots=True)
class Variant:
    id: str
    name: str
    rule: str
    includes: tuple[str, ...]
    overrides: tuple[Override, ...]
    at: Location


def effective(variants: dict[str, Variant], variant: str) -> list[Override]:
    """Every override a variant makes, those of the variants it includes first."""
    seen: set[str] = set()

    def walk(vid: str) -> list[Override]:
        if vid in seen or vid not in variants:
            return []
        seen.add(vid)
        out: list[Override] = []
        for inner in variants[vid].includes:
            out += walk(inner)
        return out + list(variants[vid].overrides)

    return walk(variant)
