"""The compilers' concise form: ``path:line:col: severity: CODE message``, then
indented ``help:``, ``see:`` and ``note:`` lines.

The severity (error, warning, info) is the word gcc, clang and mypy put after
the location: it says which findings stop a build, and editors' problem
matchers read it there (``Finding.headline``).

Gaps (info: references to content the source lacks), translators' queries
on the source (info, L10N010) and findings an erratum
fixes or a noqa silences are counted in the summary and listed only with
``--show-all``; everything a rules editor must act on is listed.
"""

from __future__ import annotations

from collections.abc import Sequence

from compiler.diagnostics import Finding, Severity

QUERY = "L10N010"  # a translator's query: information for the source's editors


def _shown(finding: Finding, show_all: bool) -> bool:
    return show_all or (finding.status == "open" and finding.severity is not Severity.INFO)


def render(findings: Sequence[tuple[str, Finding]], show_all: bool = False) -> str:
    lines = []
    shown = [f for _, f in findings if _shown(f, show_all)]
    for finding in shown:
        lines.append(finding.render())  # the headline, then its help and see lines
        if finding.status != "open":
            note = f"fixed by erratum {finding.fixed_by}" if finding.fixed_by else finding.status
            lines.append(f"    note: {note}")
    summary = f"Found {len(shown)} finding{'s' if len(shown) != 1 else ''}{_by_severity(shown)}."
    if not show_all:
        info = [f for _, f in findings if f.status == "open" and f.severity is Severity.INFO]
        queries = sum(1 for f in info if f.code == QUERY)
        gaps = len(info) - queries
        handled = sum(1 for _, f in findings if f.status != "open")
        extra = []
        if gaps:
            extra.append(f"{gaps} gap{'s' if gaps != 1 else ''} (content the source lacks)")
        if queries:
            extra.append(
                f"{queries} translators' quer{'ies' if queries != 1 else 'y'} on the source"
            )
        if handled:
            extra.append(f"{handled} fixed by errata or suppressed")
        if extra:
            summary += " Not listed: " + ", ".join(extra) + " (--show-all lists them)."
    return "\n".join([*lines, summary]) + "\n"


def _by_severity(shown: list[Finding]) -> str:
    """' (2 errors, 1 warning)': the open findings listed, by severity (an open error
    fails lint); with --show-all, then how many are fixed by errata or suppressed."""
    words = {Severity.ERROR: ("error", "errors"), Severity.WARNING: ("warning", "warnings")}
    words[Severity.INFO] = ("info", "info")  # the word each line says, as a count
    open_ = [f for f in shown if f.status == "open"]
    counts = [(sum(f.severity is s for f in open_), forms) for s, forms in words.items()]
    parts = [f"{n} {forms[n != 1]}" for n, forms in counts if n]
    if handled := len(shown) - len(open_):
        parts.append(f"{handled} fixed by errata or suppressed")
    return f" ({', '.join(parts)})" if parts else ""
