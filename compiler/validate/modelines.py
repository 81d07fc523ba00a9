"""The ``# yaml-language-server: $schema=`` first line every ruleset file carries.

It gives an editor completion and errors while typing; a missing or wrong one
is reported (warning) with the exact line to write.
"""

from __future__ import annotations

import os
from pathlib import Path

from compiler.diagnostics import Finding, Location, Severity
from compiler.load.yaml_nodes import SourceFile
from compiler.validate.schemas import schema_path

PREFIX = "# yaml-language-server: $schema="


def expected_modeline(file_path: Path, kind: str) -> str:
    rel = os.path.relpath(schema_path(kind), file_path.parent)
    return PREFIX + Path(rel).as_posix()


def modeline_findings(source: SourceFile, file_path: Path, kind: str) -> list[Finding]:
    """A warning unless line 1 names this kind's schema (by any path or URL).

    Only the schema's file name is compared: a publisher's rulesets live
    outside this repository and may point at a copy or a URL of the schema.
    """
    want = expected_modeline(file_path, kind)
    first = source.lines[0].strip() if source.lines else ""
    if first.startswith(PREFIX) and first.endswith(f"/{kind}.schema.json"):
        return []
    if first.startswith(PREFIX):
        message = f"schema modeline points to {first.removeprefix(PREFIX)!r}"
    else:
        message = "first line is not a yaml-language-server schema modeline"
    return [
        Finding(
            "SCHEMA002",
            Severity.WARNING,
            message,
            Location(source.path, 1, 1),
            suggestion=f"make the first line: {want}",
        )
    ]
