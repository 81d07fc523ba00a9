"""Numbers the rules state, each with all its statements, and variants that
override them (difficulty modes, optional rules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.diagnostics import Location


def bounds_text(value: Any, low: float | None, high: float | None, strict: bool = False) -> str:
    """A stated number as players read it: "8", "≥ 1", "< 0.5", "≥ 0 and ≤ 2"."""
    if value is not None:
        return str(value)
    parts = []
    if low is not None:
        parts.append(f"{'>' if strict else '≥'} {low:g}")
    if high is not None:
        parts.append(f"{'<' if strict else '≤'} {high:g}")
    return " and ".join(parts)


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
        return bounds_text(self.value, self.min, self.max, self.strict)


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

    def shown(self) -> str:
        return bounds_text(self.value, self.min, self.max)


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
