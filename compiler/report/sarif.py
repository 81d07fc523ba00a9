"""SARIF 2.1.0, the format GitHub code scanning reads.

One run; ``driver.rules`` holds only the codes that occur, sorted, each with
the check's docstring as ``fullDescription``. Findings an erratum fixes or a
noqa comment silences are kept, with a ``suppressions`` entry, so the
scanning UI shows them as dismissed rather than losing them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from urllib.parse import quote

from compiler.diagnostics import Finding, Severity

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def _version() -> str:
    # importlib.metadata costs 30 ms a process; only a SARIF report names the version
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("casebook")
    except PackageNotFoundError:
        return "0"


def _rule(code: str) -> dict:
    from compiler.checks import BY_CODE  # only when rendering SARIF: text needs no checks

    check = BY_CODE.get(code)
    if check is None:
        return {"id": code, "name": code.lower(), "shortDescription": {"text": code}}
    doc = (check.__doc__ or "").strip()
    return {
        "id": code,
        "name": check.NAME,
        "shortDescription": {"text": check.NAME.replace("-", " ")},
        "fullDescription": {"text": doc},
        "help": {"text": doc, "markdown": doc},
        "defaultConfiguration": {"level": _LEVEL[check.SEVERITY]},
        "helpUri": f"https://casebook.invalid/docs/checks#{code.lower()}",
    }


def _uri(path: str) -> str:
    """A relative URI reference: a space, # or % in a folder name is percent-encoded."""
    return quote(path, safe="/")


def _fingerprint(game: str, f: Finding) -> str:
    """Stable across runs and line moves, distinct for distinct findings: code scanning
    merges alerts that share one (the same code on one target in two languages did)."""
    where = f"{f.location.path}:{f.message}"
    digest = hashlib.sha256(where.encode("utf-8")).hexdigest()[:16]
    return f"{game}:{f.code}:{f.rule or ''}:{f.target or ''}:{digest}"


def _result(game: str, f: Finding, rule_index: dict[str, int]) -> dict:
    result: dict = {
        "ruleId": f.code,
        "ruleIndex": rule_index[f.code],
        "level": _LEVEL[f.severity],
        "message": {"text": f.message + (f" Help: {f.suggestion}" if f.suggestion else "")},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(f.location.path)},
                    "region": {"startLine": f.location.line, "startColumn": f.location.column},
                }
            }
        ],
        "partialFingerprints": {
            "casebook/v2": _fingerprint(game, f),
        },
        "properties": {"game": game, "rule": f.rule, "target": f.target},
    }
    if f.related:
        result["relatedLocations"] = [
            {
                "id": i,
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(r.path)},
                    "region": {"startLine": r.line, "startColumn": r.column},
                },
            }
            for i, r in enumerate(f.related)
        ]
    if f.status == "fixed-by-erratum":
        result["suppressions"] = [
            {"kind": "external", "justification": f"fixed by erratum {f.fixed_by}"}
        ]
        result["properties"]["fixed_by"] = f.fixed_by
    elif f.status == "suppressed":
        result["suppressions"] = [{"kind": "inSource", "justification": "noqa or lint.ignore"}]
    return result


def render(findings: Sequence[tuple[str, Finding]], show_all: bool = True) -> str:
    codes = sorted({f.code for _, f in findings})
    rule_index = {code: i for i, code in enumerate(codes)}
    doc = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "casebook",
                        "informationUri": "https://casebook.invalid/",
                        "version": _version(),
                        "rules": [_rule(code) for code in codes],
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": [_result(game, f, rule_index) for game, f in findings],
            }
        ],
    }
    return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
