"""The JSON Schemas in ``schema/``, loaded once per process.

Two validators per kind: a compiled one (fastjsonschema) that only answers
"valid or not" and is ten times faster, and jsonschema's, which explains and
locates every error. Almost every file is valid, so the fast one gates and the
explaining one runs only on a file that fails. tests/validate checks that the
two agree and that every schema is itself valid (so that is not paid here).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import marshal
import re
import sys
import types
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import fastjsonschema

from compiler.cache import cache_dir, read_entry, store
from compiler.paths import SCHEMA_DIR
from compiler.validate.make_gates import digest, gate_code

if TYPE_CHECKING:  # jsonschema is imported when a file fails the gate: 60 ms a process
    from jsonschema import Draft202012Validator


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


def _for_the_gate(node: object, root: object = None) -> object:
    """The schema with each ``oneOf`` whose branches cannot both match as ``anyOf``.

    fastjsonschema proves ``oneOf`` by trying every branch, and each failing
    branch raises an exception: a paragraph-book block (a text, or one of six
    kinds of box) cost six exceptions, a third of validating a big book. When
    no value can match two branches, "exactly one" and "at least one" are the
    same test, and ``anyOf`` stops at the first branch that matches. Only the
    yes/no gate gets this; jsonschema still explains errors from the schema as
    written.
    """
    root = node if root is None else root
    if isinstance(node, list):
        return [_for_the_gate(item, root) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _for_the_gate(value, root) for key, value in node.items()}
    branches = out.get("oneOf")
    if (
        isinstance(branches, list)
        and "anyOf" not in out
        and exclusive([_local(branch, root) for branch in branches])
    ):
        out["anyOf"] = out.pop("oneOf")
    return out


def _local(branch: object, root: object) -> object:
    """A branch that is only ``{"$ref": "#/$defs/name"}``, looked up; any other as it is."""
    if isinstance(branch, dict) and list(branch) == ["$ref"] and isinstance(root, dict):
        ref = branch["$ref"]
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref.count("/") == 2:
            return root.get("$defs", {}).get(ref.removeprefix("#/$defs/"), branch)
    return branch


def exclusive(branches: list[object]) -> bool:
    """True when, by a sufficient test, no value can satisfy two of ``branches``.

    Branches of different JSON types cannot both match (integer and number
    excepted: 3 is both). Two object branches cannot when one requires a key
    the other, closed, does not allow, or when both require a key whose
    allowed texts (``const``/``enum``) differ. Anything else - a ``$ref`` to
    elsewhere, two strings, open objects - is "cannot tell", and stays oneOf.
    """
    by_type: dict[str, list[dict]] = {}
    for branch in branches:
        kind = branch.get("type") if isinstance(branch, dict) else None
        if not isinstance(kind, str):
            return False
        by_type.setdefault(kind, []).append(branch)  # type: ignore[arg-type]
    if "integer" in by_type and "number" in by_type:
        return False
    for kind, group in by_type.items():
        if len(group) > 1 and kind != "object":
            return False
        for i, first in enumerate(group):
            if not all(_objects_apart(first, second) for second in group[i + 1 :]):
                return False
    return True


def _objects_apart(a: dict, b: dict) -> bool:
    """No object satisfies both object schemas ``a`` and ``b`` (a sufficient test)."""
    props_a, props_b = a.get("properties", {}), b.get("properties", {})
    if _closed(b) and any(key not in props_b for key in a.get("required", [])):
        return True
    if _closed(a) and any(key not in props_a for key in b.get("required", [])):
        return True
    for key in set(a.get("required", [])) & set(b.get("required", [])):
        texts_a, texts_b = _texts(props_a.get(key)), _texts(props_b.get(key))
        if texts_a is not None and texts_b is not None and not texts_a & texts_b:
            return True
    return False


def _closed(schema: dict) -> bool:
    return schema.get("additionalProperties") is False and "patternProperties" not in schema


def _texts(schema: object) -> set[str] | None:
    """The only values a ``const``/``enum`` of texts allows; None for anything else."""
    if not isinstance(schema, dict):
        return None
    values = [schema["const"]] if "const" in schema else schema.get("enum")
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        return None
    return set(values)


@cache
def validator_for(kind: str) -> Draft202012Validator:
    """A validator for one file kind; ``format: regex`` is enforced."""
    from jsonschema import Draft202012Validator, FormatChecker

    return Draft202012Validator(_schema(kind), format_checker=FormatChecker(formats=["regex"]))


@cache
def definition_validator(kind: str, name: str) -> Draft202012Validator:
    """A validator for one definition (``$defs``) of a file kind's schema: an entry's
    block, checked where a person types one (``casebook resolve block=…``)."""
    from jsonschema import Draft202012Validator

    root = _schema(kind)
    return Draft202012Validator({"$defs": root["$defs"], "$ref": f"#/$defs/{name}"})


@cache
def gate_schema(kind: str) -> object:
    """The schema the kind's gate is made from: its own, with exclusive ``oneOf`` as
    ``anyOf``."""
    return _for_the_gate(_schema(kind))


@cache
def _compiled(kind: str) -> Callable[[object], object]:
    """The kind's gate: the module made from its schema (compiler/validate/gates),
    else, after the schema changed, code generated here and kept in the code cache.

    Generating and compiling a gate costs about 0.1 s for the five games' kinds,
    paid by every process that checks a file. The modules are made by
    ``python -m compiler.validate.gates`` and used only while the digest they
    record is the schema's. The cache (marshal, as Python's own
    ``__pycache__`` does) is keyed by the schema, fastjsonschema's version and
    Python's; a missing, stale or unreadable entry is made again.
    """
    schema = gate_schema(kind)
    made = digest(schema)
    try:
        shipped = importlib.import_module(f"compiler.validate.gates.{kind}")
    except ImportError:
        shipped = None
    if shipped is not None and getattr(shipped, "SCHEMA_DIGEST", None) == made:
        return shipped.validate
    key = hashlib.sha256(
        json.dumps([made, fastjsonschema.VERSION, sys.version]).encode()
    ).hexdigest()[:20]
    path = cache_dir() / "schemas" / f"{kind}-{key}.marshal"
    try:
        name, code = marshal.loads(read_entry(path) or b"")
        if not isinstance(name, str) or not isinstance(code, types.CodeType):
            raise TypeError("not a compiled gate")  # exec() would run a string as code
    except (EOFError, ValueError, TypeError):
        source, name = gate_code(schema)
        code = compile(source, f"<schema {kind}>", "exec")
        store(path, marshal.dumps((name, code)))
    namespace: dict[str, object] = {}
    exec(code, namespace)  # the code fastjsonschema generated from our own schema
    return namespace[name]  # type: ignore[return-value]


def is_valid(kind: str, data: object) -> bool:
    """True when ``data`` satisfies the kind's schema (fast path, no explanation)."""
    try:
        _compiled(kind)(data)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def definition_is_valid(kind: str, name: str, value: object) -> bool | None:
    """Whether ``value`` satisfies one definition (``$defs``) of the kind's schema, by the
    kind's gate: None when the gate has no function for it, and jsonschema must answer.

    A worked example's instruction boxes are checked so on every lint
    (compiler/procedures/book_flow.py); jsonschema, imported to explain, took 45 ms
    of a cold lint to say each was valid.
    """
    gate = _definition_gate(kind, name)
    if gate is None:
        return None
    try:
        gate(value)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


@cache
def _definition_gate(kind: str, name: str) -> Callable[[object], object] | None:
    """The function fastjsonschema made for one definition, named for its URI as it
    names each (``validate_https___…_json___defs_block``), in the kind's gate."""
    uri = f"{_schema(kind)['$id']}#/$defs/{name}"
    found = _compiled(kind).__globals__.get("validate_" + re.sub(r"\W", "_", uri))
    return found if callable(found) else None


def all_kinds() -> list[str]:
    return sorted(p.name.removesuffix(".schema.json") for p in SCHEMA_DIR.glob("*.schema.json"))
