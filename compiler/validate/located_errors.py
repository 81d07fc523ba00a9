"""Turn jsonschema's errors into one located, readable finding per place.

Never ``str(error)``: that dumps the schema at the user. Each message names the
offending value, says what was expected there and, for a misspelt key, which
allowed key is closest.
"""

from __future__ import annotations

import difflib
import json
from collections import defaultdict
from collections.abc import Iterable

from jsonschema import Draft202012Validator, ValidationError
from jsonschema.exceptions import best_match

from compiler.diagnostics import Finding, Severity
from compiler.load.yaml_nodes import JsonPath, SourceFile

_TYPE_NAMES = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "object": "a mapping (key: value)",
    "array": "a list",
    "boolean": "true or false",
    "null": "nothing (null)",
}


MAX_PLACES = 50
"""Places one file's schema errors are said at, at most: a list of a million wrong
items said each (3 MB of YAML) took 66 s, 4.2 GB and two million lines of output."""


def schema_findings(source: SourceFile, validator: Draft202012Validator) -> list[Finding]:
    """Every schema error in one file (up to MAX_PLACES places), one finding per place,
    most useful first."""
    by_place: dict[JsonPath, list[ValidationError]] = defaultdict(list)
    more: JsonPath | None = None
    for error in validator.iter_errors(source.data):
        place = tuple(error.absolute_path)
        if place not in by_place and len(by_place) >= MAX_PLACES:
            more = place  # iter_errors is lazy: the rest are never made
            break
        by_place[place].append(error)
    findings = [] if more is None else [_more_here(source, more)]
    for place, errors in by_place.items():
        best = _deepest(best_match(errors))
        at = tuple(best.absolute_path) or place
        message, hint = describe(best)
        findings.append(
            Finding(
                "SCHEMA001",
                Severity.ERROR,
                f"{json_path(at)}: {message}",
                source.locate(at),
                suggestion=hint,
            )
        )
    return sorted(findings, key=Finding.sort_key)


def _more_here(source: SourceFile, place: JsonPath) -> Finding:
    return Finding(
        "SCHEMA001",
        Severity.ERROR,
        f"{json_path(place)}: and more: this file has schema errors at more than "
        f"{MAX_PLACES} places, and only the first {MAX_PLACES} are said",
        source.locate(place),
        suggestion="mend those, then validate again to see the rest",
    )


def value_problem(validator: Draft202012Validator, value: object, name: str) -> str | None:
    """What is wrong with one value a person typed (``casebook resolve block=…``), said
    as a file's schema error is, from ``name``: None when the value is valid."""
    errors = list(validator.iter_errors(value))
    if not errors:
        return None
    best = _deepest(best_match(errors))
    message, hint = describe(best)
    where = json_path((name, *best.absolute_path))  # "block.choose[0]"
    return f"{where}: {message}" + (f" ({hint})" if hint else "")


def _deepest(error: ValidationError) -> ValidationError:
    """For oneOf/anyOf, the alternative that got furthest is the one to talk about."""
    while error.context:
        chosen = _its_kind(error)
        if chosen is not None:  # the block's own kind: what is wrong inside it
            error = chosen
            continue
        candidates = [e for e in error.context if e.validator not in ("not",)]
        if not candidates:
            break
        best = best_match(candidates)
        if len(best.absolute_path) < len(error.absolute_path):
            break
        if best.validator in ("type", "const") and len(best.absolute_path) == len(
            error.absolute_path
        ):
            # Every alternative failed on its type: say which types would do.
            return error
        error = best
    return error


def _its_kind(error: ValidationError) -> ValidationError | None:
    """Of a map that says which alternative it is (its ``kind``, or the one key an
    alternative requires: ``choose:``), the error inside that alternative: a gap whose
    text was empty was "block of kind gap is not valid here", and a CHOOSE box missing
    an option "matches none of the allowed shapes"."""
    value = error.instance
    if error.validator not in ("oneOf", "anyOf") or not isinstance(value, dict):
        return None
    by_branch: dict[object, list[ValidationError]] = defaultdict(list)
    for e in error.context:
        by_branch[e.relative_schema_path[0] if e.relative_schema_path else None].append(e)

    def other(errors: list[ValidationError]) -> bool:
        """The alternative is another: of another kind, no map, or wanting a key this
        map lacks (a map with a kind says which it is, so its own may lack one)."""
        for e in errors:
            if list(e.relative_path) == ["kind"]:
                return True
            if not e.relative_path and e.validator == "type":
                return True
            if not e.relative_path and e.validator == "required" and "kind" not in value:
                return True
        return False

    right = [errors for errors in by_branch.values() if not other(errors)]
    return best_match(right[0]) if len(right) == 1 else None


def json_path(at: Iterable[str | int]) -> str:
    text = ""
    for part in at:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def _show(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "…"


def _kind_of(value: object) -> str:
    for name, py in (("boolean", bool), ("integer", int), ("number", float), ("string", str)):
        if isinstance(value, py):
            return _TYPE_NAMES[name]
    if isinstance(value, dict):
        return _TYPE_NAMES["object"]
    if isinstance(value, list):
        return _TYPE_NAMES["array"]
    return _TYPE_NAMES["null"]


def describe(error: ValidationError) -> tuple[str, str | None]:
    """(message, suggestion) for one validation error."""
    value, kind, arg = error.instance, error.validator, error.validator_value
    schema = error.schema if isinstance(error.schema, dict) else {}
    what = schema.get("description")
    if kind == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        extra = sorted(set(value) - set(allowed)) if isinstance(value, dict) else []
        bad = extra[0] if extra else "?"
        close = difflib.get_close_matches(bad, allowed, n=1)
        hint = f"did you mean {close[0]!r}?" if close else f"allowed keys: {', '.join(allowed)}"
        return f"unknown key {bad!r}", hint
    if kind == "required":
        missing = arg[0] if len(arg) == 1 else next((k for k in arg if k not in value), arg[0])
        prop = schema.get("properties", {}).get(missing, {})
        return f"missing required key {missing!r}", prop.get("description") or f"add {missing}:"
    if kind == "type" and value is None and not error.absolute_path:
        keys = ", ".join(f"{k}:" for k in schema.get("required", [])) or "its keys"
        return "the file is empty (nothing but comments)", (
            f"write the file's content ({keys}), or delete the file"
        )
    if kind == "type":
        wanted = arg if isinstance(arg, list) else [arg]
        names = " or ".join(_TYPE_NAMES.get(t, t) for t in wanted)
        hint = "quote it to make it text" if "string" in wanted else what
        return f"expected {names}, got {_show(value)} ({_kind_of(value)})", hint
    if kind == "enum":
        options = ", ".join(_show(o) for o in arg)
        close = difflib.get_close_matches(str(value), [str(o) for o in arg], n=1)
        return f"{_show(value)} is not one of {options}", (
            f"did you mean {close[0]!r}?" if close else None
        )
    if kind == "const":
        return f"expected {_show(arg)}, got {_show(value)}", None
    if kind == "pattern" and arg == r"\S":
        return f"{_show(value)} holds nothing but spaces", what
    if kind == "pattern":
        # as the schema writes it: schemas.py turned its final $ into (?!\n)$, and a
        # raw line break would split the one-line message
        shown = str(arg).replace("(?!\n)$", "$")
        shown = shown if "\n" not in shown and "\r" not in shown else json.dumps(shown)
        return f"{_show(value)} does not match the pattern {shown}", what
    if kind == "format":
        return f"{_show(value)} is not a valid {arg}", what
    if kind in ("minLength", "minItems"):
        return f"{_show(value)} is empty or too short", what
    if kind == "maximum":
        return f"{_show(value)} is above the maximum {arg}", what
    if kind == "minimum":
        return f"{_show(value)} is below the minimum {arg}", what
    if kind in ("oneOf", "anyOf"):
        if isinstance(value, dict) and "level" in value and not {"number", "id"} & set(value):
            return (
                "has neither 'number' nor 'id'",
                "give the number as printed, in quotes, or (if unnumbered) an id",
            )
        if isinstance(value, dict) and "kind" in value:
            return f"block of kind {_show(value.get('kind'))} is not valid here", (
                "kinds: note, example, designer-note (with text), list (with items), "
                "heading (with text), table (with table), gap (with text), cards (with deck)"
            )
        return f"{_show(value)} matches none of the allowed shapes", what
    return error.message, what
