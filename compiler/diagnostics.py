"""The vocabulary every stage speaks: where something is, and what is wrong there.

A finding is a value that stages return, sort and render; nothing is sent
through logging. Positions are 1-based, as editors, SARIF and
``file:line:col`` count them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from compiler.pickling import pickled_by_fields


class Severity(StrEnum):
    """How bad a finding is; ERROR in LOAD/SCHEMA stops a build."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Location:
    """A place in a source file, relative to the directory the user named."""

    path: str
    line: int
    column: int
    context: str = ""

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


NOWHERE = Location("<none>", 1, 1)


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem, located, with a stable code and (where computable) a fix."""

    code: str
    severity: Severity
    message: str
    location: Location
    suggestion: str | None = None
    related: tuple[Location, ...] = field(default=())
    status: str = "open"  # "open", "fixed-by-erratum" or "suppressed"
    rule: str | None = None  # address of the rule the finding is in
    target: str | None = None  # what it points to (a rule, entry, card…)
    fixed_by: str | None = None  # erratum id that corrects it in the living edition

    def sort_key(self) -> tuple[str, int, int, str, str]:
        loc = self.location
        return (loc.path, loc.line, loc.column, self.code, self.message)

    def headline(self) -> str:
        """``path:line:col: severity: CODE message``, as gcc, clang and mypy write it.

        The severity says which findings fail lint or stop a build (error) and
        which do not (warning, info); without it a newcomer could not tell. It
        comes after the
        location, so editors' problem matchers (VS Code's $gcc, Emacs's
        compilation mode, Vim's gcc errorformat) still find file, line and column
        first, and read the severity where they look for it.
        """
        return f"{self.location}: {self.severity}: {self.code} {self.message}"

    def render(self) -> str:
        """The one-liner a user reads in a terminal, and its help and see lines."""
        text = self.headline()
        if self.suggestion:
            text += f"\n    help: {self.suggestion}"
        for other in self.related:
            text += f"\n    see: {other}"
        return text


class CompileError(Exception):
    """Raised when a stage cannot go on; carries every finding that stopped it."""

    def __init__(self, findings: list[Finding] | tuple[Finding, ...]) -> None:
        self.findings = tuple(sorted(findings, key=Finding.sort_key))
        super().__init__("\n".join(f.render() for f in self.findings))

    def __reduce__(self) -> tuple[type[CompileError], tuple[tuple[Finding, ...]]]:
        """Pickled as its findings: a forked helper's error is raised again in the
        process that asked (compiler/processes.py), and the default, the message
        text, is not what __init__ takes."""
        return (CompileError, (self.findings,))


def has_errors(findings: list[Finding] | tuple[Finding, ...]) -> bool:
    return any(f.severity is Severity.ERROR and f.status == "open" for f in findings)
