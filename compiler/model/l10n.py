"""Translation data as the model holds it: the termbase, and the state of one
language's catalog (which unit is translated, fuzzy, outdated, and the
translator's notes, among them queries on the source).

A translated game is the same ``Game`` with its text in the target language
and ``l10n`` set, so every back end and check reads it without knowing.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import PurePosixPath

from compiler.diagnostics import Location
from compiler.model.casefold import Haystack, foldable

TRANSLATED, FUZZY, OUTDATED, UNTRANSLATED = "translated", "fuzzy", "outdated", "untranslated"
SOURCE = "source"  # a unit of a game read in its own language


@dataclass(frozen=True, slots=True)
class Target:
    preferred: str
    admitted: tuple[str, ...] = ()
    forbidden: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TermEntry:
    source: str
    forms: tuple[str, ...]  # every printed form, source first
    case_sensitive: bool
    do_not_translate: bool
    targets: dict[str, Target]  # language -> target (read-only by convention)
    note: str | None
    at: Location

    def pattern(self, words: tuple[str, ...]) -> re.Pattern[str]:
        """Whole-word match of any of ``words``; English plurals (s, es) count as the word."""
        return _pattern(words, self.case_sensitive)

    def source_pattern(self) -> re.Pattern[str]:
        return _source_pattern(self.forms, self.case_sensitive)


def terms_in(terms: Sequence[TermEntry], texts: Sequence[str]) -> list[list[TermEntry]]:
    """For each of ``texts``, the terms its source uses (their source pattern matches),
    in the termbase's order.

    The termbase check asks this of every term for every unit: 80,000 regex
    searches for Liberation's English, nearly all of them failing. A term can
    only match where one of its forms stands as a substring, so each form is
    looked for once in all the texts together (str.find, in C), and a regex
    runs only on the texts that hold one. Case-insensitive terms are looked
    for in lower-cased text where str.lower() folds as the regex does
    (casefold.foldable); elsewhere every text goes to the regex.
    """
    folded = [foldable(text) for text in texts]
    unsure = {i for i, f in enumerate(folded) if f is None}
    as_written, lowered = Haystack(texts), Haystack([f or "" for f in folded])  # joined once
    out: list[list[TermEntry]] = [[] for _ in texts]
    for term in terms:
        if term.case_sensitive:
            maybe = sorted(as_written.containing(term.forms))
        elif (forms := _folded_forms(term.forms)) is not None:
            maybe = sorted(lowered.containing(forms) | unsure)
        else:
            maybe = range(len(texts))
        pattern = term.source_pattern()
        for i in maybe:
            if pattern.search(texts[i]):
                out[i].append(term)
    return out


@lru_cache(maxsize=4096)
def _folded_forms(forms: tuple[str, ...]) -> tuple[str, ...] | None:
    folded = [foldable(form) for form in forms]
    return None if any(f is None for f in folded) else tuple(f for f in folded if f is not None)


@lru_cache(maxsize=4096)
def _pattern(words: tuple[str, ...], case_sensitive: bool) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))
    flags = 0 if case_sensitive else re.IGNORECASE
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?:[Ee]?[Ss])?(?![\w-])", flags)


@lru_cache(maxsize=4096)
def _source_pattern(forms: tuple[str, ...], case_sensitive: bool) -> re.Pattern[str]:
    """Built once per term: the checks ask for it for every unit of the catalog."""
    alternatives = "|".join(re.escape(w) for w in sorted(forms, key=lambda w: -len(w)))
    flags = 0 if case_sensitive else re.IGNORECASE
    return re.compile(rf"(?<![\w'-])(?:{alternatives})(?![\w-])", flags)


@dataclass(frozen=True, slots=True)
class Termbase:
    source_language: str
    terms: tuple[TermEntry, ...]
    words: dict[str, tuple[str, ...]]  # language -> accepted spellings
    at: Location


@dataclass(frozen=True, slots=True)
class UnitState:
    """One unit in one language: its source, its translation and where each is written."""

    id: str
    kind: str
    source: str  # the current source text
    translation: str  # "" when there is none
    status: str  # translated | fuzzy | outdated | untranslated
    made_from: str | None  # the source text the translation was made from, when outdated
    source_at: Location  # the YAML
    at: Location  # the catalog entry (or the YAML when the catalog has none)
    rule: str | None = None
    box: object | None = None  # units.Box, for the fit check's messages
    note: str = ""  # the translator's comment
    corrected: str = ""  # the source with its errata applied, when they change it

    @property
    def meant(self) -> str:
        """The source as corrected by its errata: what a translation must say."""
        return self.corrected or self.source

    @property
    def queries(self) -> tuple[str, ...]:
        """The translator's queries on the source: each "query:" comment, with the lines
        that continue it (a long query wraps over several comment lines)."""
        out: list[str] = []
        current: list[str] | None = None
        for line in self.note.splitlines():
            text = line.strip()
            head = text.split(":", 1)[0].lower()
            if head == "query":
                current = [text.split(":", 1)[1].strip()]
                out.append("")
            elif head in ("noqa", "note") or not text:
                current = None
                continue
            elif current is not None:
                current.append(text)
            else:
                continue
            out[-1] = " ".join(current)
        return tuple(out)

    @property
    def shown(self) -> str:
        """What the build prints: the translation when it is current, else the source."""
        return self.translation if self.status == TRANSLATED else self.source


@dataclass(frozen=True)
class Localisation:
    """The state of one language's catalog for one game."""

    lang: str
    source_lang: str
    catalog: str  # path of the PO, as shown in messages ("" for the source language)
    units: tuple[UnitState, ...]
    obsolete: int = 0
    # the catalog's own Language header and where it is written: a CAT tool reads the
    # header, Casebook the file's name (L10N014 says when they differ)
    header_language: str = ""
    header_at: Location | None = None

    @property
    def is_translation(self) -> bool:
        return self.lang != self.source_lang

    @property
    def command_name(self) -> str:
        """The game as a command names it, its folder, quoted for a shell where it must be
        ("lib x"): the catalog is the folder's l10n/LANG.po, and a game's id may differ
        from the folder's name. "" for the source language."""
        if not self.catalog:
            return ""
        return shlex.quote(PurePosixPath(self.catalog).parent.parent.name)

    @cached_property
    def by_id(self) -> dict[str, UnitState]:
        return {u.id: u for u in self.units}

    def counts(self) -> dict[str, tuple[int, int]]:
        """status -> (strings, source words)."""
        out = {s: (0, 0) for s in (TRANSLATED, FUZZY, OUTDATED, UNTRANSLATED, SOURCE)}
        for unit in self.units:
            n, w = out[unit.status]
            out[unit.status] = (n + 1, w + len(unit.source.split()))
        return out
