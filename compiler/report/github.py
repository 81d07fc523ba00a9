"""GitHub Actions workflow commands: annotations on the pull request's lines."""

from __future__ import annotations

from collections.abc import Sequence

from compiler.diagnostics import Finding, Severity

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _escape(text: str) -> str:
    """A message: the runner reads %, CR and LF as its own syntax."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    """A property value (file=, title=): a , or : in a path would end it early."""
    return _escape(text).replace(":", "%3A").replace(",", "%2C")


def render(findings: Sequence[tuple[str, Finding]], show_all: bool = False) -> str:
    out = []
    for _, f in findings:
        if f.status != "open" and not show_all:
            continue
        message = f.message + (f" (help: {f.suggestion})" if f.suggestion else "")
        out.append(
            f"::{_LEVEL[f.severity]} file={_property(f.location.path)},line={f.location.line},"
            f"col={f.location.column},title={_property(f.code)}::{_escape(message)}"
        )
    return "\n".join(out) + ("\n" if out else "")
