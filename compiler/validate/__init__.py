"""Schema stage: every file against the schema of its kind, every error located."""

from __future__ import annotations

from pathlib import Path

from compiler.diagnostics import Finding
from compiler.load.game_files import GameSources
from compiler.load.yaml_nodes import SourceFile
from compiler.validate.card_fields import undeclared_fields
from compiler.validate.modelines import modeline_findings
from compiler.validate.schemas import is_valid, validator_for

# (kind, path, digest) -> findings: lint and build read one game several times
# (editions, languages) in one process; a file's verdict depends on its text alone.
_SEEN: dict[tuple[str, str, str], tuple[Finding, ...]] = {}
_SEEN_MAX = 4096


def validate_game(sources: GameSources, root: Path) -> list[Finding]:
    findings: list[Finding] = []
    for kind, source in sources.files:
        findings.extend(_schema_findings(kind, source))
        findings.extend(modeline_findings(source, root / source.path, kind))
    return findings


def _schema_findings(kind: str, source: SourceFile) -> tuple[Finding, ...]:
    key = (kind, source.path, source.digest)
    if key not in _SEEN:
        if len(_SEEN) >= _SEEN_MAX:
            _SEEN.clear()
        valid = is_valid(kind, source.data)
        if valid:
            # what the schema cannot say: a card's fields are the ones its deck declares
            _SEEN[key] = tuple(undeclared_fields(source)) if kind == "cards" else ()
        else:  # jsonschema, which explains, is imported only when there is something to explain
            from compiler.validate.located_errors import schema_findings

            _SEEN[key] = tuple(schema_findings(source, validator_for(kind)))
    return _SEEN[key]
