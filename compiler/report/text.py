"""ruff's concise form: ``path:line:col: CODE message`` and an indented help line."""

from __future__ import annotations

from collections.abc import Sequence

from compiler.diagnostics import Finding


def render(findings: Sequence[tuple[str, Finding]], show_all: bool = False) -> str:
    lines = []
    shown = [(g, f) for g, f in findings if show_all or f.status == "open"]
    for _, finding in shown:
        lines.append(f"{finding.location}: {finding.code} {finding.message}")
        if finding.suggestion:
            lines.append(f"    help: {finding.suggestion}")
        for other in finding.related:
            lines.append(f"    see: {other}")
        if finding.status != "open":
            note = f"fixed by erratum {finding.fixed_by}" if finding.fixed_by else finding.status
            lines.append(f"    note: {note}")
    hidden = len(findings) - len(shown)
    summary = f"Found {len(shown)} finding{'s' if len(shown) != 1 else ''}."
    if hidden:
        summary += f" {hidden} more fixed by errata or suppressed (--show-all lists them)."
    return "\n".join([*lines, summary]) + "\n"
