"""L10N012 lost-reference

## What it finds
A translated string in which the game's reference patterns no longer find a
reference the source text has: the source reads "(Case 2.1.1)", the French
"(Cas 2.1.1)", and the patterns in game.yaml know only "Case". The number is
kept (L10N004 is content), but the translated rulebook and HTML print it as
plain text where the source links it.

## Why it matters
Every reference in a Casebook book is a working link and is checked
(XREF001). One the patterns cannot read is neither: a reader cannot follow
it, and a wrong number in it would pass unseen.

## Example
    l10n/fr.po:60:10  translation (fr) loses the link to rule 2.1.1: the
        reference patterns do not read it in the translated text
    help: add a reference pattern to game.yaml that reads the translated word
        ("Cas 2.1.1"), or keep the source's form

Passing: each current translation holds, as the patterns read it, every
reference its source text holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from compiler.checks.helpers import current_translations
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.ref_patterns import find_refs

CODE, NAME, SEVERITY = "L10N012", "lost-reference", Severity.WARNING


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    lang = game.language
    for unit in current_translations(game, CODE):
        source = Counter((s.kind, s.target) for s in find_refs(unit.meant, game.patterns, unit.at))
        if not source:
            continue
        kept = Counter(
            (s.kind, s.target) for s in find_refs(unit.translation, game.patterns, unit.at)
        )
        for kind, target in sorted(source - kept):
            yield Finding(
                CODE,
                SEVERITY,
                f"translation ({lang}) loses the link to {kind} {target}: the reference "
                "patterns do not read it in the translated text",
                unit.at,
                target=unit.id,
                suggestion="add a reference pattern to game.yaml that reads the translated "
                "word, or keep the source's form",
            )
