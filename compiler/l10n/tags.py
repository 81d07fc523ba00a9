"""Language tags as Casebook names them, and as catalog headers write them.

Casebook's folders, catalog names and ``--lang`` use BCP 47 tags (``pt-BR``,
``sr-Latn``, ``ca-valencia``); gettext tools write a catalog's ``Language``
header as a POSIX locale, ``language[_territory][.codeset][@modifier]``
(``pt_BR``, ``sr_RS@latin``, ``ca@valencia``, ``en.UTF-8``: Poedit, Weblate
and msginit do). Import (L10N101) and lint (L10N014) both compare the two, so
the reading lives here, apart from either.
"""

from __future__ import annotations

from typing import NamedTuple

_SCRIPTS = {"latin": "Latn", "cyrillic": "Cyrl"}  # gettext's @modifiers that name a script


class Subtags(NamedTuple):
    language: str
    script: str
    region: str
    variants: tuple[str, ...]


def as_tag(header: str) -> str:
    """A catalog's Language header as a language tag: pt_BR -> pt-BR, sr_RS@latin ->
    sr-Latn-RS, ca@valencia -> ca-valencia, en.UTF-8 -> en."""
    return "-".join(p for p in _subtags(header) if p) if header.strip() else ""


def same_language(header: str, lang: str) -> bool:
    """The header names ``lang``: the same language, and the same script, region and
    variants wherever both say one (en_US for en, de for de-AT, sr_RS@latin for
    sr-Latn; not pt_BR for pt-PT, nor sr@cyrillic for sr-Latn)."""
    theirs, ours = _parts(header), _parts(lang)
    if theirs.language != ours.language:
        return False
    for a, b in ((theirs.script, ours.script), (theirs.region, ours.region)):
        if a and b and a != b:
            return False
    return not (theirs.variants and ours.variants and theirs.variants != ours.variants)


def _subtags(name: str) -> list[str]:
    """Each subtag in BCP 47's case: language lower, script title, region upper."""
    parts = _parts(name)
    return [parts.language, parts.script, parts.region, *parts.variants]


def _parts(name: str) -> Subtags:
    locale, _, modifier = name.strip().partition("@")
    locale = locale.partition(".")[0]  # the codeset (.UTF-8) names no language
    language, *rest = locale.replace("_", "-").split("-")
    script = region = ""
    variants: list[str] = []
    for part in rest:
        if len(part) == 4 and part.isalpha() and not script and not region:
            script = part.title()
        elif (len(part) == 2 and part.isalpha()) or (len(part) == 3 and part.isdigit()):
            region = region or part.upper()
        elif part:
            variants.append(part.lower())
    if modifier.lower() in _SCRIPTS:
        script = script or _SCRIPTS[modifier.lower()]
    elif modifier:
        variants.append(modifier.lower())
    return Subtags(language.lower(), script, region, tuple(variants))
