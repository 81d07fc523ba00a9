"""The JSON Schemas in ``schema/``, loaded once and checked themselves."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator, FormatChecker

from compiler.paths import SCHEMA_DIR


def schema_path(kind: str) -> Path:
    return SCHEMA_DIR / f"{kind}.schema.json"


@cache
def validator_for(kind: str) -> Draft202012Validator:
    """A validator for one file kind; ``format: regex`` is enforced."""
    schema = json.loads(schema_path(kind).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=FormatChecker(formats=["regex"]))


def all_kinds() -> list[str]:
    return sorted(p.name.removesuffix(".schema.json") for p in SCHEMA_DIR.glob("*.schema.json"))
