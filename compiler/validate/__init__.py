"""Schema stage: every file against the schema of its kind, every error located."""

from __future__ import annotations

from pathlib import Path

from compiler.diagnostics import Finding
from compiler.load.game_files import GameSources
from compiler.load.yaml_nodes import SourceFile
from compiler.validate.declared_keys import undeclared_keys
from compiler.validate.modelines import modeline_findings
from compiler.validate.schemas import (
    definition_is_valid,
    definition_validator,
    is_valid,
    validator_for,
)

# (kind, path, digest) -> findings: lint and build read one game several times
# (editions, languages) in one process; a file's verdict depends on its text alone.
_SEEN: dict[tuple[str, str, str], tuple[Finding, ...]] = {}
_SEEN_MAX = 4096


def validate_game(sources: GameSources, root: Path) -> list[Finding]:
    """Every file against its kind's schema, and its modeline, in the files' order.

    What the loader already checked (``sources.checked``: load_game was given
    ``schema_findings``, and a big game was checked where each file was read)
    is not checked again.
    """
    findings: list[Finding] = []
    for i, (kind, source) in enumerate(sources.files):
        if sources.checked:
            _remember((kind, source.path, source.digest), sources.checked[i])
        findings.extend(schema_findings(kind, source))
        findings.extend(modeline_findings(source, root / source.path, kind))
    return findings


def schema_findings(kind: str, source: SourceFile) -> tuple[Finding, ...]:
    """What the kind's schema says of one file (nothing when it is valid), remembered."""
    key = (kind, source.path, source.digest)
    if key not in _SEEN:
        if is_valid(kind, source.data):
            # what the schema cannot say: a card's fields are its deck's, a row's keys its columns
            _remember(key, tuple(undeclared_keys(kind, source)))
        else:  # jsonschema, which explains, is imported only when there is something to explain
            from compiler.validate.located_errors import schema_findings as explained

            _remember(key, tuple(explained(source, validator_for(kind))))
    return _SEEN[key]


def definition_problem(kind: str, name: str, value: object, where: str) -> str | None:
    """What is wrong with one value a person typed as a definition (``$defs``) of the
    kind's schema says (an example's or the command line's instruction box), placed
    at ``where`` ("block.choose[0]: …"); None when it is valid. As for a file, the
    gate answers, and jsonschema is imported only to explain a value that fails."""
    if definition_is_valid(kind, name, value):
        return None
    from compiler.validate.located_errors import value_problem

    return value_problem(definition_validator(kind, name), value, where)


def _remember(key: tuple[str, str, str], found: tuple[Finding, ...]) -> None:
    if len(_SEEN) >= _SEEN_MAX:
        _SEEN.clear()
    _SEEN[key] = found
