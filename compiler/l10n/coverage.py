"""How far a translation is: strings and source words by state, and how many fail a check.

"failing" counts translated strings with an open error or warning from the
translation checks (numbers, punctuation, termbase, spelling, other
language, fit): translated, but not yet right.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from compiler.checks import run_checks
from compiler.diagnostics import CompileError, Severity
from compiler.model.l10n import FUZZY, OUTDATED, TRANSLATED, UNTRANSLATED
from compiler.pipeline import front_end

STATES = (TRANSLATED, FUZZY, OUTDATED, UNTRANSLATED)
FAILING_CODES = ("L10N004", "L10N005", "L10N006", "L10N007", "L10N008", "L10N009")


@dataclass(frozen=True)
class Coverage:
    game: str
    lang: str
    catalog: str
    counts: dict[str, tuple[int, int]]  # state -> (strings, words), plus "failing"
    total: tuple[int, int]

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "lang": self.lang,
            "catalog": self.catalog,
            "total": {"strings": self.total[0], "words": self.total[1]},
            **{k: {"strings": n, "words": w} for k, (n, w) in self.counts.items()},
        }


def coverage(game_dir: Path, root: Path, lang: str) -> Coverage:
    fe = front_end(game_dir, root, "original", lang)
    if fe.game is None or fe.graphs is None or fe.game.l10n is None:
        raise CompileError([f for f in fe.findings if f.severity is Severity.ERROR])
    l10n = fe.game.l10n
    counts = l10n.counts()
    failing_ids = {
        f.target
        for f in run_checks(fe.game, fe.graphs, select=list(FAILING_CODES))
        if f.severity is not Severity.INFO
    }
    failing = [u for u in l10n.units if u.id in failing_ids]
    counts = {state: counts[state] for state in STATES}
    counts["failing"] = (len(failing), sum(len(u.source.split()) for u in failing))
    total = (len(l10n.units), sum(len(u.source.split()) for u in l10n.units))
    return Coverage(fe.game.id, lang, l10n.catalog, counts, total)


def render_text(report: Coverage) -> str:
    strings, words = report.total
    lines = [f"{report.game} {report.lang} ({report.catalog}): {strings} strings, {words} words"]
    for state, (n, w) in report.counts.items():
        share = 100 * w / words if words else 0.0
        lines.append(f"  {state:<13}{n:>6} {w:>7}  {share:5.1f} % of words")
    return "\n".join(lines) + "\n"
