"""A JSON list of findings with stable, sorted keys."""

from __future__ import annotations

import json as _json
from collections.abc import Sequence
from typing import Any

from compiler.diagnostics import Finding

DOCS_URL = "https://casebook.invalid/docs/checks#"


def as_dict(game: str, finding: Finding) -> dict[str, Any]:
    from compiler.checks import BY_CODE  # only when rendering: text output needs no checks

    check = BY_CODE.get(finding.code)
    return {
        "code": finding.code,
        "name": check.NAME if check else None,
        "severity": finding.severity.value,
        "message": finding.message,
        "file": finding.location.path,
        "line": finding.location.line,
        "column": finding.location.column,
        "game": game,
        "rule": finding.rule,
        "target": finding.target,
        "suggestion": finding.suggestion,
        "status": finding.status,
        "fixed_by": finding.fixed_by,
        "related": [str(r) for r in finding.related],
        "url": DOCS_URL + finding.code.lower() if check else None,
    }


def render(findings: Sequence[tuple[str, Finding]], show_all: bool = True) -> str:
    rows = [as_dict(game, f) for game, f in findings]
    return _json.dumps(rows, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
