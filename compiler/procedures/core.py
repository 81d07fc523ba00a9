"""What every procedure kind shares: dice, a step's result, and its errors.

An operation is a pure function ``op(params, state, ctx) -> (values, says)``:
``params`` are the game's bound numbers (procedures.yaml), ``state`` is what
is known so far (inputs, then every earlier step's values), ``ctx`` holds the
game (its tables, maps) and the dice that roll what the state does not give.
``values`` are named as the game names them, so a worked example's stated
values can be compared key by key.
"""

from __future__ import annotations

import random
import re
import reprlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from compiler.limits import TimeLimitExceeded, time_limit
from compiler.model.game import Game

State = Mapping[str, Any]
Values = dict[str, Any]
Operation = Callable[[Mapping[str, Any], State, "Context"], tuple[Values, str]]


class ProcedureError(Exception):
    """A procedure cannot go on: an input is missing or out of range, a table lacks a row.

    The message says what is needed, in the game's words.
    """


PATTERN_SECONDS = 1.0
"""How long a game's own pattern (a procedure parameter) may run on one text."""


def search(pattern: str, text: str, name: str) -> re.Match[str] | None:
    """``re.search`` with a pattern a game's procedures.yaml gives as parameter ``name``.

    The pattern is the game's: one that is no regular expression, or that
    backtracks without end on the text ("(\\d+)+$"), is a ProcedureError
    that names it, not a crash or a hang (the reference patterns' bound,
    compiler/model/ref_patterns.py).
    """
    try:
        compiled = re.compile(pattern)
    except (re.error, TypeError) as err:
        raise ProcedureError(
            f"parameter {name!r} is not a regular expression ({err}): {reprlib.repr(pattern)}"
        ) from None
    try:
        with time_limit(PATTERN_SECONDS):
            return compiled.search(text)
    except TimeLimitExceeded:
        raise ProcedureError(
            f"parameter {name!r} ran for more than {PATTERN_SECONDS:g} s on "
            f"{reprlib.repr(text)}: it backtracks without end; make each repeat unambiguous"
        ) from None


# No table game counts or rolls near these; past them an input is a typo (or an
# attack), and rolling 10^8 dice one at a time took minutes.
MAX_COUNT = 10_000
MAX_DICE = 1_000


@dataclass
class Dice:
    """Dice from a list the user gave (in order), else from a seeded generator.

    Without either, rolling is an error that says how to supply dice: a
    reference engine never invents a roll the user did not ask for.
    """

    given: list[int] = field(default_factory=list)
    seed: int | None = None
    rolled: list[int] = field(default_factory=list)  # every value used, in order
    seeded: int = 0  # how many came from the seed, not the list

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed) if self.seed is not None else None

    def roll(self, count: int, sides: int = 6, why: str = "") -> list[int]:
        if count > MAX_DICE:
            raise ProcedureError(
                f"{why or 'this step'} calls for {count} dice; Casebook rolls at most "
                f"{MAX_DICE} at once: check the inputs"
            )
        out: list[int] = []
        for _ in range(count):
            if self.given:
                value = self.given.pop(0)
                if not 1 <= value <= sides:
                    raise ProcedureError(f"a d{sides} cannot show {value} ({why or 'roll'})")
            elif self._rng is not None:
                value = self._rng.randint(1, sides)
                self.seeded += 1
            else:
                raise ProcedureError(
                    f"{why or 'this step'} needs {count} d{sides}: give the dice "
                    "(--dice 3,5,1) or a seed (--seed 7)"
                )
            out.append(value)
        self.rolled.extend(out)
        return out


class FacesError(ProcedureError):
    """Printed dice no die can show: the fault of the example or input that gives them."""


def faces(value: Any, key: str, sides: int) -> list[int]:
    """Printed faces as whole numbers a d``sides`` shows; FacesError naming the first that is not.

    int() took 3.5 as 3 and 7 on a d6 as a face like any other, and a string
    "3,3,1,6" failed with int()'s own words.
    """
    shown = f"{key} {reprlib.repr(value)}"
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]  # one die: clock_reroll=2, "the re-rolled D6", was refused
    if not isinstance(value, list | tuple):
        raise FacesError(
            f"{shown}: the faces rolled must be a list of whole numbers, e.g. [3, 1, 6] or 3,1,6"
        )
    for face in value:
        integral = isinstance(face, int) or (isinstance(face, float) and face.is_integer())
        if isinstance(face, bool) or not integral:
            raise FacesError(f"{shown}: a die face is a whole number, not {reprlib.repr(face)}")
    out = [int(face) for face in value]
    impossible = [str(face) for face in dict.fromkeys(out) if not 1 <= face <= sides]
    if impossible:
        listed = (
            ", ".join(impossible[:-1]) + " or " + impossible[-1]
            if len(impossible) > 1
            else impossible[0]
        )
        raise FacesError(f"{shown}: a d{sides} cannot show {listed}")
    return out


def rolls(state: State, key: str, count: int, dice: Dice, sides: int = 6) -> list[int]:
    """The dice for ``key``: as the state gives them (a worked example's printed
    faces), else rolled now."""
    if key in state and state[key] is not None:
        given = faces(state[key], key, sides)
        if len(given) != count:
            raise ProcedureError(f"{key} lists {len(given)} dice; the rule calls for {count}")
        return given
    return dice.roll(count, sides, key.replace("_", " "))


WHOLE_NUMBER = re.compile(r"\s*[-+]?[0-9]+\s*")  # a number as typed: the digits 0 to 9


def whole(value: Any, what: str) -> int:
    """A count the rules need: a whole number, not negative, or an error naming it.

    int() alone would take true as 1 and 1.5 as 1, "٣" (another script's digit)
    as 3, and report 1e400 as a fault of the procedure's binding.
    """
    number = integer(value, what)
    if number < 0:
        raise ProcedureError(f"{what} cannot be negative ({number})")
    return number


def integer(value: Any, what: str) -> int:
    """A whole number that may be below zero (a modifier, a morale level, a
    differential), read as whole() reads a count."""
    if value is None:
        raise ProcedureError(f"{what} must be a whole number; nothing was given")
    if (
        isinstance(value, bool)
        or (isinstance(value, float) and not value.is_integer())
        or (isinstance(value, str) and not WHOLE_NUMBER.fullmatch(value))
    ):
        shown = str(value).lower() if isinstance(value, bool) else reprlib.repr(value)
        raise ProcedureError(f"{what} must be a whole number, not {shown}")
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):
        if isinstance(value, str) and value.strip().lstrip("-+").isdigit():  # past 4300 digits
            raise ProcedureError(
                f"{what} has {len(value.strip())} digits; no count here goes past {MAX_COUNT}"
            ) from None
        shown = reprlib.repr(value)
        raise ProcedureError(f"{what} must be a whole number, not {shown}") from None
    if abs(number) > MAX_COUNT:
        raise ProcedureError(f"{what} is {number}; no count here goes past {MAX_COUNT}")
    return number


def flag(state: State, key: str) -> bool:
    """A yes/no input: true, false or not given (false); anything else is an error,
    where bool() took `leader=maybe` as true."""
    value = state.get(key)
    if value is None or isinstance(value, bool):
        return bool(value)
    raise ProcedureError(f"{key} must be true or false, not {reprlib.repr(value)}")


def need(state: State, key: str, what: str = "") -> Any:
    """An input the step cannot do without, or an error naming it."""
    if key not in state or state[key] is None:
        raise ProcedureError(f"needs {key}" + (f" ({what})" if what else ""))
    return state[key]


@dataclass(frozen=True)
class Context:
    """What an operation may read besides its state: the game, and the dice."""

    game: Game
    dice: Dice


@dataclass(frozen=True, slots=True)
class StepResult:
    """One step as carried out: the rule applied, what it found, in a sentence."""

    rule: str
    op: str
    values: Values
    says: str


@dataclass(frozen=True, slots=True)
class Resolution:
    procedure: str
    steps: tuple[StepResult, ...]
    state: Values  # inputs plus every step's values, the last word on each key
    dice: tuple[int, ...] = ()


def dice_text(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)
