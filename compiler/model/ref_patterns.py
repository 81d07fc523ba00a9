"""Find references in prose with the patterns a game declares in game.yaml.

The prose is never rewritten: a reference is a span of the paragraph, so
every back end can link it where it stands and the linter can quote it.
"""

from __future__ import annotations

import re
from functools import cache

from compiler.diagnostics import Location
from compiler.model.game import RefPattern
from compiler.model.text import RefSpan

_PLURAL = re.compile(r"s$")


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def find_refs(text: str, patterns: tuple[RefPattern, ...], at: Location) -> tuple[RefSpan, ...]:
    """Every reference in ``text``, in order; overlapping matches keep the first pattern's."""
    spans: list[RefSpan] = []
    taken: list[tuple[int, int]] = []
    for pattern in patterns:
        for match in _compiled(pattern.pattern).finditer(text):
            if any(s < match.end() and match.start() < e for s, e in taken):
                continue
            taken.append((match.start(), match.end()))
            group_start = match.start("targets")
            group = match.group("targets")
            word = match.groupdict().get("word") or ""
            pieces = (
                [(m.start(), m.group()) for m in _compiled(pattern.each).finditer(group)]
                if pattern.each
                else [(0, group)]
            )
            for offset, piece in pieces:
                start = group_start + offset
                spans.append(
                    RefSpan(
                        kind=pattern.kind,
                        target=pattern.target.replace("{}", piece),
                        text=piece,
                        phrase=match.group(),
                        word=_PLURAL.sub("", word),
                        start=start,
                        end=start + len(piece),
                        pattern=pattern.name,
                        at=at,
                    )
                )
    return tuple(sorted(spans, key=lambda s: s.start))
