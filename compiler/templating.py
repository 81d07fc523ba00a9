"""The Jinja2 environments: layouts' ``show`` templates, and Casebook's own HTML page.

Both autoescape and are strict. The values they show (card text, titles,
fields, rules) are the game's data and arrive escaped, so rule text that
looks like Jinja2, HTML or ReportLab markup is printed as written and never
run. A layout's templates are its author's, so their environment is also
sandboxed and bounded (``environment``); the HTML page's template is
Casebook's own and shows the whole rules at once (``own_environment``):
under a card's bounds, a rule of 108,000 characters stopped the build as an
internal error.

The sandbox also bounds what a template can make: ``"a" * 10**9``,
``10 ** 10**9``, ``'x'|center(10**9)``, ``'%0999999999d' % 1`` or
``'{:>999999999}'.format(x)`` would take the machine's memory or hours in
one C call, which no time limit can interrupt. Each of those refuses, before
it runs, a result bigger than any card could print; a filter or method that
makes text anyway is refused after (a loop that runs too long is stopped by
the caller's time limit).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from functools import cache, wraps
from typing import Any

from jinja2 import Environment, StrictUndefined, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError
from jinja2.nodes import EvalContext
from jinja2.runtime import Context, markup_join, str_join
from jinja2.sandbox import SandboxedEnvironment

MAX_TEXT = 100_000  # characters (or items) one operation may make: a card holds hundreds
MAX_BITS = 4_096  # a whole number of 1,233 digits, far past anything a card prints


class _BoundedCodeGenerator(CodeGenerator):
    """Jinja2's code generator, with ``a ~ b`` made through the environment's
    bounded_concat: the sandbox intercepts + and *, but ``~`` joined in one C call,
    and sixteen doublings of a 90,000-character text made 5.9 billion characters
    (8.7 GB) in a card's title (found by a probe)."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.bounded_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("), context.eval_ctx)")


class _BoundedEnvironment(SandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**", "%", "+"})
    code_generator_class = _BoundedCodeGenerator

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.filters = {name: _bounded(f, name) for name, f in self.filters.items()}

    def bounded_concat(self, parts: tuple, eval_ctx: EvalContext) -> str:
        """``a ~ b ~ …``, refused before it is made when it would pass MAX_TEXT."""
        texts = [p if isinstance(p, str) else str(p) for p in parts]
        if sum(map(len, texts)) > MAX_TEXT:
            raise SecurityError(f"a ~ would make more than {MAX_TEXT:,} characters")
        return markup_join(parts) if eval_ctx.autoescape else str_join(parts)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            _check_repeat(left, right)
            _check_repeat(right, left)
        elif operator == "**":
            _check_power(left, right)
        elif operator == "%" and isinstance(left, str):
            _check_printf(left)
        elif operator == "+":
            _check_sum(left, right)
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str) and args:
            _check_str_method(owner, getattr(__obj, "__name__", ""), args)
        return _checked_size(super().call(__context, __obj, *args, **kwargs))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        wrapper = super().wrap_str_format(value)
        if wrapper is None:
            return None
        template = value.__self__

        @wraps(wrapper)
        def bounded(*args: Any, **kwargs: Any) -> str:
            _check_format(template, args, kwargs)
            return _checked_size(wrapper(*args, **kwargs))

        return bounded


_PADDERS = {"center", "ljust", "rjust", "zfill", "expandtabs"}  # str methods that pad to a width
_NUMBER = re.compile(r"\d+")
_PRINTF = re.compile(r"%[#0 +-]*(\d*)(?:\.(\d*))?")


def _check_width(width: Any, what: str) -> None:
    if isinstance(width, int) and not isinstance(width, bool) and width > MAX_TEXT:
        raise SecurityError(f"{what} of {width:,} would make more than {MAX_TEXT:,} characters")


def _checked_size(result: Any) -> Any:
    if isinstance(result, str) and len(result) > MAX_TEXT:
        raise SecurityError(f"a value of {len(result):,} characters; a card prints hundreds")
    return result


def _check_printf(template: str) -> None:
    """``'%0999999999d' % 1``: a width or precision past what a card prints."""
    for found in _PRINTF.finditer(template):
        for number in found.groups():
            if number:
                _check_width(int(number), "a % width")


def _check_format(template: str, args: tuple, kwargs: dict) -> None:
    """``'{:>999999999}'.format(x)``, or a width given as an argument (``{:{w}}``)."""
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return  # str.format says what is wrong with it
    for _, _, spec, _ in fields:
        for number in _NUMBER.findall(spec or ""):
            _check_width(int(number), "a format width")
        if spec and "{" in spec:
            for value in (*args, *kwargs.values()):
                _check_width(value, "a format width")


def _bounded(filter_: Callable[..., Any], name: str) -> Callable[..., Any]:
    """A filter that refuses a width past MAX_TEXT before it runs, and text past it after.

    ``wraps`` keeps Jinja's ``pass_context`` marks, which live in the function's dict.
    """

    @wraps(filter_)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        values = [a for a in args if not _is_jinja_context(a)]
        if name in ("center", "indent") and len(values) > 1:
            _check_width(values[1], f"|{name}")
        if name in ("center", "indent") and "width" in kwargs:
            _check_width(kwargs["width"], f"|{name}")
        if name == "format" and values and isinstance(values[0], str):
            _check_printf(values[0])
        if name == "replace" and len(values) >= 3:
            _check_replace(*values[:3])
        if name == "join" and values:
            _check_join(values[0], values[1] if len(values) > 1 else kwargs.get("d", ""))
        return _checked_size(filter_(*args, **kwargs))

    return bounded


def _is_jinja_context(value: Any) -> bool:
    """What Jinja passes before the value to a filter marked pass_context and the like."""
    return isinstance(value, Context | EvalContext | Environment)


def _check_replace(text: Any, old: Any, new: Any) -> None:
    """``|replace('', big)`` puts ``big`` between every two characters."""
    if isinstance(text, str) and isinstance(old, str) and isinstance(new, str):
        hits = text.count(old) if old else len(text) + 1
        if len(text) + hits * (len(new) - len(old)) > MAX_TEXT:
            raise SecurityError(f"|replace would make more than {MAX_TEXT:,} characters")


def _check_repeat(sequence: Any, times: Any) -> None:
    repeats = isinstance(sequence, str | list | tuple) and isinstance(times, int)
    if repeats and len(sequence) * times > MAX_TEXT:
        raise SecurityError(
            f"a repeat of {len(sequence)} × {times} would make more than {MAX_TEXT:,} characters"
        )


def _check_str_method(text: str, name: str, args: tuple) -> None:
    """A str method's result bounded before the one C call that makes it."""
    if name in _PADDERS:
        _check_width(args[0], f"{name}()")
    if name == "expandtabs" and isinstance(args[0], int):  # every tab becomes that wide
        _check_width(text.count("\t") * args[0], "expandtabs()")
    if name == "join":
        _check_join(args[0], text)
    if name == "replace" and len(args) >= 2:
        _check_replace(text, args[0], args[1])


def _check_sum(left: Any, right: Any) -> None:
    """``s + s`` in a loop doubles a text each time: 30 turns make terabytes."""
    texts = isinstance(left, str | list | tuple) and isinstance(right, str | list | tuple)
    if texts and len(left) + len(right) > MAX_TEXT:
        raise SecurityError(f"a sum would make more than {MAX_TEXT:,} characters")


def _check_join(items: Any, separator: Any) -> None:
    """``(['x' * 99999] * 99999)|join`` is a short list of long texts: 10 GB joined."""
    if isinstance(items, list | tuple):
        sep = len(separator) if isinstance(separator, str) else 0
        size = sum(len(x) if isinstance(x, str) else 1 for x in items)
        if size + sep * max(len(items) - 1, 0) > MAX_TEXT:
            raise SecurityError(f"a join would make more than {MAX_TEXT:,} characters")


def _check_power(base: Any, exponent: Any) -> None:
    whole = isinstance(base, int) and isinstance(exponent, int) and exponent > 0
    if whole and abs(base) > 1 and exponent * abs(base).bit_length() > MAX_BITS:
        raise SecurityError(f"{base} ** {exponent} is too big a number to print")


@cache
def environment() -> SandboxedEnvironment:
    """For templates a game's author writes (a layout's ``show``)."""
    return _BoundedEnvironment(
        autoescape=True, undefined=StrictUndefined, keep_trailing_newline=False
    )


@cache
def own_environment() -> Environment:
    """For Casebook's own templates (templates/html/): the game's data, never its code."""
    return Environment(autoescape=True, undefined=StrictUndefined, keep_trailing_newline=False)
