"""The JSON Schemas in ``schema/``, loaded once per process.

Two validators per kind: a compiled one (fastjsonschema) that only answers
"valid or not" and is ten times faster, and jsonschema's, which explains and
locates every error. Almost every file is valid, so the fast one gates and the
explaining one runs only on a file that fails. tests/validate checks that the
two agree and that every schema is itself valid (so that is not paid here).
"""

from __future__ import annotations

import hashlib
import json
import marshal
import re
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import fastjsonschema
from jsonschema import Draft202012Validator, FormatChecker

from compiler.cache import cache_dir, store
from compiler.paths import SCHEMA_DIR


def schema_path(kind: str) -> Path:
    return SCHEMA_DIR / f"{kind}.schema.json"


@cache
def _schema(kind: str) -> dict:
    return _end_anchored(json.loads(schema_path(kind).read_text(encoding="utf-8")))


def _end_anchored(node: object) -> object:
    """Make each pattern's final ``$`` mean the end of the text, as JSON Schema says.

    Schemas use ECMA 262 regexes, where ``$`` is the end; Python's ``re`` also
    lets it match before a final line break, so ``id: "maquis\n"`` passed
    ``^[a-z0-9-]*$`` and became a folder name with a newline. ``(?!\n)$`` means
    the same in both dialects, so the files stay plain for editors.
    """
    if isinstance(node, dict):
        out = {key: _end_anchored(value) for key, value in node.items()}
        pattern = out.get("pattern")
        if isinstance(pattern, str) and pattern.endswith("$") and not pattern.endswith("\\$"):
            out["pattern"] = pattern[:-1] + "(?!\n)$"
        return out
    if isinstance(node, list):
        return [_end_anchored(item) for item in node]
    return node


@cache
def validator_for(kind: str) -> Draft202012Validator:
    """A validator for one file kind; ``format: regex`` is enforced."""
    return Draft202012Validator(_schema(kind), format_checker=FormatChecker(formats=["regex"]))


@cache
def _compiled(kind: str) -> Callable[[object], object]:
    """The kind's compiled gate, from the code cache when the schema has not changed.

    Generating and compiling the validators' Python costs about 0.2 s, paid by
    every ``casebook`` process; the compiled code is kept (marshal, as Python's
    own ``__pycache__`` does) keyed by the schema, fastjsonschema's version and
    Python's. A missing, stale or unreadable entry is made again.
    """
    schema = _schema(kind)
    key = hashlib.sha256(
        json.dumps([schema, fastjsonschema.VERSION, sys.version], sort_keys=True).encode()
    ).hexdigest()[:20]
    path = cache_dir() / "schemas" / f"{kind}-{key}.marshal"
    try:
        name, code = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        # use_default=False: the compiled code must never fill defaults into the data
        source = fastjsonschema.compile_to_code(schema, use_default=False, use_formats=True)
        name = _ENTRY.search(source).group(1)  # type: ignore[union-attr]
        code = compile(source, f"<schema {kind}>", "exec")
        store(path, marshal.dumps((name, code)))
    namespace: dict[str, object] = {}
    exec(code, namespace)  # the code fastjsonschema generated from our own schema
    return namespace[name]  # type: ignore[return-value]


_ENTRY = re.compile(r"^def (\w+)\(", re.MULTILINE)  # the schema's validator comes first


def is_valid(kind: str, data: object) -> bool:
    """True when ``data`` satisfies the kind's schema (fast path, no explanation)."""
    try:
        _compiled(kind)(data)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def all_kinds() -> list[str]:
    return sorted(p.name.removesuffix(".schema.json") for p in SCHEMA_DIR.glob("*.schema.json"))
