"""L10N006 termbase

## What it finds
A translation that does not use the termbase's term for a game word of the
source (RESISTENZA must be RESISTANCE), uses a forbidden term, or translates
a word marked do-not-translate (V-MANN). Terms in capitals match only in
capitals: the rules' keywords, not the same word in ordinary prose.

## Why it matters
A game word rendered two ways reads as two things: a player who meets
OCCUPIER on one card and OCCUPANT on another asks whether they differ.

## Example
    rulesets/liberation/l10n/en.po:220:1  "OCCUPANTE" should be OCCUPIER in en; the
        translation has neither it nor an admitted form
    help: termbase.yaml:20 says OCCUPIER (forbidden: OCCUPANT, OCCUPATION)

Passing: every source term found is rendered with its preferred or an
admitted term, and no forbidden term appears.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.helpers import current_translations
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.l10n import terms_in

CODE, NAME, SEVERITY = "L10N006", "termbase", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    if game.termbase is None:
        return
    lang = game.language
    units = list(current_translations(game, CODE))
    used = terms_in(game.termbase.terms, [unit.meant for unit in units])
    for unit, terms in zip(units, used, strict=True):
        for term in terms:
            where = f"{term.at.path}:{term.at.line}"
            if term.do_not_translate:
                if not term.pattern(term.forms).search(unit.translation):
                    yield Finding(
                        CODE,
                        SEVERITY,
                        f'"{term.source}" is not translated, but the {lang} text does not '
                        "keep it as printed",
                        unit.at,
                        target=unit.id,
                        suggestion=f"write {term.source} exactly (termbase {where})",
                    )
                continue
            target = term.targets.get(lang)
            if target is None:
                continue
            wanted = (target.preferred, *target.admitted)
            if not term.pattern(wanted).search(unit.translation):
                yield Finding(
                    CODE,
                    SEVERITY,
                    f'"{term.source}" should be {target.preferred} in {lang}; the translation '
                    "has neither it nor an admitted form",
                    unit.at,
                    target=unit.id,
                    suggestion=f"termbase {where}: {target.preferred}"
                    + (f" (admitted: {', '.join(target.admitted)})" if target.admitted else ""),
                )
            for bad in target.forbidden:
                if term.pattern((bad,)).search(unit.translation):
                    yield Finding(
                        CODE,
                        SEVERITY,
                        f'"{bad}" is forbidden for "{term.source}" in {lang}',
                        unit.at,
                        target=unit.id,
                        suggestion=f"write {target.preferred} (termbase {where})",
                    )
