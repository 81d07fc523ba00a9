"""Read one YAML file into plain data plus the place of every value.

``yaml.safe_load`` forgets positions, lets a repeated key overwrite the first
silently, expands aliases and turns ``no`` into ``False``. Composing the node
tree ourselves turns each of those into a located finding instead, and keeps a
side table from JSON path to ``file:line:col`` that the schema stage uses to
place its errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml

from compiler import paths
from compiler.diagnostics import CompileError, Finding, Location, Severity

JsonPath = tuple[str | int, ...]

# YAML 1.1 booleans that are almost always a typo for a word ("no", "on").
_AMBIGUOUS_BOOLS = {"yes", "no", "on", "off", "y", "n"}
_STR_TAG = "tag:yaml.org,2002:str"
_KNOWN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


@dataclass(frozen=True)
class SourceFile:
    """One loaded YAML file: its data, where each value sits, and what was refused."""

    path: str
    data: object
    positions: Mapping[JsonPath, Location]
    lines: tuple[str, ...]
    problems: tuple[Finding, ...] = ()

    def locate(self, at: JsonPath) -> Location:
        """The place of ``at``, or of its nearest ancestor (for a missing key)."""
        while at not in self.positions and at:
            at = at[:-1]
        return self.positions.get(at, Location(self.path, 1, 1))


def _loc(mark: yaml.Mark | None, path: str) -> Location:
    if mark is None:
        return Location(path, 1, 1)
    return Location(path, mark.line + 1, mark.column + 1)


def load_text(text: str, path: str) -> SourceFile:
    """Compose ``text`` (the file at ``path``) into a SourceFile.

    A syntax error raises CompileError (LOAD001): nothing further can be read
    from that file. Every other refusal is collected so one run shows all.
    """
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        where = _loc(err.problem_mark or err.context_mark, path)
        problem = err.problem or "invalid YAML"
        context = f" ({err.context})" if err.context else ""
        started = _loc(err.context_mark, path) if err.context_mark else None
        raise CompileError(
            [
                Finding(
                    "LOAD001",
                    Severity.ERROR,
                    f"YAML syntax error: {problem}{context}",
                    where,
                    suggestion="fix the YAML at this line; check indentation, quotes and colons",
                    related=(started,) if started and started != where else (),
                )
            ]
        ) from None
    walker = _Walker(path)
    walker.problems.extend(_alias_findings(text, path))
    try:
        data = None if node is None else walker.build(node, ())
    finally:
        walker.close()
    return SourceFile(
        path, data, walker.positions, tuple(text.splitlines()), tuple(walker.problems)
    )


def load_file(file: Path, root: Path) -> SourceFile:
    """Load ``file``, naming it relative to ``root`` in every location."""
    shown = paths.shown(file, root)
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise CompileError(
            [
                Finding(
                    "LOAD006",
                    Severity.ERROR,
                    f"file is not UTF-8 text (byte {err.start})",
                    Location(shown, 1, 1),
                    suggestion="save the file as UTF-8",
                )
            ]
        ) from None
    return load_text(text, shown)


def _alias_findings(text: str, path: str) -> list[Finding]:
    """Aliases (*name) at the place they are written; compose() loses that place."""
    return [
        Finding(
            "LOAD003",
            Severity.ERROR,
            f"YAML alias *{token.value} is not allowed",
            _loc(token.start_mark, path),
            suggestion="write the value out in full where it is used",
        )
        for token in yaml.scan(text, Loader=yaml.SafeLoader)
        if isinstance(token, yaml.AliasToken)
    ]


class _Walker:
    """Walks one composed node tree; one per file, so aliases are caught by identity."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.positions: dict[JsonPath, Location] = {}
        self.problems: list[Finding] = []
        self._seen: set[int] = set()
        self._constructor = yaml.SafeLoader("")

    def close(self) -> None:
        self._constructor.dispose()

    def refuse(self, code: str, message: str, where: Location, **extra: object) -> None:
        self.problems.append(Finding(code, Severity.ERROR, message, where, **extra))

    def build(self, node: yaml.Node, at: JsonPath) -> object:
        here = _loc(node.start_mark, self.path)
        self.positions[at] = here
        if id(node) in self._seen and not isinstance(node, yaml.ScalarNode):
            return None  # an alias: reported at its own place by _alias_findings
        self._seen.add(id(node))
        if node.tag not in _KNOWN_TAGS:
            self.refuse(
                "LOAD004",
                f"YAML tag {node.tag!r} is not allowed",
                here,
                suggestion="remove the tag; write plain YAML values",
            )
            return None
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, at)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*at, i)) for i, item in enumerate(node.value)]
        return self._scalar(node, here)

    def _mapping(self, node: yaml.MappingNode, at: JsonPath) -> dict[str, object]:
        result: dict[str, object] = {}
        first_seen: dict[str, Location] = {}
        for key_node, value_node in node.value:
            key_loc = _loc(key_node.start_mark, self.path)
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.refuse(
                    "LOAD003",
                    "merge keys (<<) are not allowed",
                    key_loc,
                    suggestion="write the keys out in full",
                )
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.refuse("LOAD004", "mapping keys must be plain text", key_loc)
                continue
            key = str(key_node.value)
            if key in first_seen:
                self.refuse(
                    "LOAD002",
                    f"duplicate key {key!r}: the second value would silently replace the first",
                    key_loc,
                    suggestion="remove or rename one of the two keys",
                    related=(first_seen[key],),
                )
                continue
            first_seen[key] = key_loc
            result[key] = self.build(value_node, (*at, key))
        return result

    def _scalar(self, node: yaml.ScalarNode, here: Location) -> object:
        if node.tag == _STR_TAG:
            return node.value
        value = self._constructor.construct_object(node, deep=True)
        if (
            node.tag == "tag:yaml.org,2002:bool"
            and node.style is None
            and node.value.lower() in _AMBIGUOUS_BOOLS
        ):
            self.refuse(
                "LOAD005",
                f"{node.value!r} would be read as the boolean {value}",
                here,
                suggestion=f'write true/false, or quote it ("{node.value}") if it is text',
            )
        return value
