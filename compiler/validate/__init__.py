"""Schema stage: every file against the schema of its kind, every error located."""

from __future__ import annotations

from pathlib import Path

from compiler.diagnostics import Finding
from compiler.load.game_files import GameSources
from compiler.validate.located_errors import schema_findings
from compiler.validate.modelines import modeline_findings
from compiler.validate.schemas import validator_for


def validate_game(sources: GameSources, root: Path) -> list[Finding]:
    findings: list[Finding] = []
    for kind, source in sources.files:
        findings.extend(schema_findings(source, validator_for(kind)))
        findings.extend(modeline_findings(source, root / source.path, kind))
    return findings
