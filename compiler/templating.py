"""The one Jinja2 environment: layouts' ``show`` templates and the HTML reference.

Sandboxed, autoescaping, strict. The templates are the layout author's; the
values they show (card text, titles, fields) are the game's data and arrive
escaped, so rule text that looks like Jinja2, HTML or ReportLab markup is
printed as written and never run.

The sandbox also bounds what a template can make: ``"a" * 10**9`` or
``10 ** 10**9`` would take the machine's memory or hours in one operation,
so those operators refuse results bigger than any card could print (a
loop that runs too long is stopped by the caller's time limit).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import StrictUndefined
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

MAX_TEXT = 100_000  # characters (or items) one operation may make: a card holds hundreds
MAX_BITS = 4_096  # a whole number of 1,233 digits, far past anything a card prints


class _BoundedEnvironment(SandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            _check_repeat(left, right)
            _check_repeat(right, left)
        elif operator == "**":
            _check_power(left, right)
        return super().call_binop(context, operator, left, right)


def _check_repeat(sequence: Any, times: Any) -> None:
    repeats = isinstance(sequence, str | list | tuple) and isinstance(times, int)
    if repeats and len(sequence) * times > MAX_TEXT:
        raise SecurityError(
            f"a repeat of {len(sequence)} × {times} would make more than {MAX_TEXT:,} characters"
        )


def _check_power(base: Any, exponent: Any) -> None:
    whole = isinstance(base, int) and isinstance(exponent, int) and exponent > 0
    if whole and abs(base) > 1 and exponent * abs(base).bit_length() > MAX_BITS:
        raise SecurityError(f"{base} ** {exponent} is too big a number to print")


@cache
def environment() -> SandboxedEnvironment:
    return _BoundedEnvironment(
        autoescape=True, undefined=StrictUndefined, keep_trailing_newline=False
    )
