"""Language tags as Casebook names them, and as catalog headers write them.

Casebook's folders, catalog names and ``--lang`` use tags (``pt-BR``,
``sr-Latn``); gettext tools write a catalog's ``Language`` header as a locale
(``pt_BR``, ``sr@latin``: Poedit, Weblate and msginit do). Import and lint
both compare the two, so the reading lives here, apart from either.
"""

from __future__ import annotations

_SCRIPTS = {"latin": "Latn", "cyrillic": "Cyrl"}  # gettext's @modifiers that name a script


def as_tag(header: str) -> str:
    """A catalog's Language header as a language tag: pt_BR -> pt-BR, sr@latin -> sr-Latn."""
    name, _, modifier = header.strip().partition("@")
    primary, *rest = name.replace("_", "-").split("-")
    parts = [primary.lower()]
    if modifier.lower() in _SCRIPTS:
        parts.append(_SCRIPTS[modifier.lower()])
    parts += [p.title() if len(p) == 4 else p.upper() for p in rest]
    return "-".join(parts)


def same_language(header: str, lang: str) -> bool:
    """The header names ``lang``, or a regional form of it (en_US for en)."""
    tag = as_tag(header).lower()
    wanted = lang.lower()
    return tag == wanted or ("-" not in wanted and tag.split("-")[0] == wanted)
