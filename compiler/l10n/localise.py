"""Put one language's translation into the loaded files, so the same model reads it.

The catalog is ``rulesets/<game>/l10n/<lang>.po``. Each unit's state:

- translated: the entry's ``msgid`` is the current source text and it is not fuzzy;
- outdated: the source changed since the translation was made (the entry's
  ``msgid``, or after ``l10n update`` its ``#| msgid``, differs from the
  current source): the msgid *is* the source version the translation records;
- fuzzy: a suggestion nobody has confirmed;
- untranslated: no entry, or an empty ``msgstr``.

Only translated units replace the source text; the others print in the
source language (and the L10N checks say so), as gettext does with fuzzy
entries, with the errata's corrections made (the translation is made from
the corrected text, and so is what stands in for it). A translated value's
position points at its catalog entry, so a finding about translated text
names the PO line a translator can open.

The translation is made from the corrected text: errata are corrections of
the source's words, so they are not applied to a translation, which carries
each correction itself (``#. erratum`` comments tell the translator; faults
the errata do not cover are queries, ``queries.yaml``). The errata stay in
the model, so the checks compare a translation with the corrected source.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import polib

from compiler import paths
from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.l10n import catalog
from compiler.l10n.corrections import corrected_texts
from compiler.l10n.units import Unit, extract
from compiler.load.game_files import (
    L10N_DIR,
    GameSources,
    catalog_languages,
    link_to_nothing,
    linked_from_outside,
)
from compiler.load.yaml_nodes import SourceFile
from compiler.model.from_source import errata_of
from compiler.model.game import Erratum
from compiler.model.l10n import (
    FUZZY,
    OUTDATED,
    SOURCE,
    TRANSLATED,
    UNTRANSLATED,
    Localisation,
    UnitState,
)


def catalog_path(game_dir: Path, lang: str) -> Path:
    return game_dir / L10N_DIR / f"{lang}.po"


def languages(game_dir: Path) -> list[str]:
    """The languages a game has catalogs for, sorted."""
    return catalog_languages(game_dir)


def state(unit: Unit, entry: polib.POEntry | None, at: Location | None) -> UnitState:
    """One unit's state from its catalog entry (None: the catalog has none) at ``at``."""
    source_at = Location(unit.file, unit.line, 1)
    if entry is None:
        return UnitState(
            unit.id,
            unit.kind,
            unit.text,
            "",
            UNTRANSLATED,
            None,
            source_at,
            source_at,
            unit.rule,
            unit.box,
        )
    at = at or source_at
    made_from = None
    if not entry.msgstr:
        status = UNTRANSLATED
    elif entry.msgid != unit.text:
        status, made_from = OUTDATED, entry.msgid
    elif FUZZY in entry.flags and entry.previous_msgid and entry.previous_msgid != entry.msgid:
        status, made_from = OUTDATED, entry.previous_msgid
    elif FUZZY in entry.flags:
        status = FUZZY
    else:
        status = TRANSLATED
    return UnitState(
        unit.id,
        unit.kind,
        unit.text,
        entry.msgstr,
        status,
        made_from,
        source_at,
        at,
        unit.rule,
        unit.box,
        entry.tcomment or "",
    )


def source_units(sources: GameSources, lang: str) -> Localisation:
    """The units of a game read in its own language: what spelling and fit checks read."""
    return source_states(source_rows(sources), lang)


SourceRow = tuple[str, str, str, str, int, str | None, object]
"""A unit of a game in its own language as plain values (id, kind, text, file, line,
rule, box): what a forked helper sends back (compiler/pipeline.py)."""


def source_rows(sources: GameSources) -> list[SourceRow]:
    return [(u.id, u.kind, u.text, u.file, u.line, u.rule, u.box) for u in extract(sources)]


def source_states(rows: Sequence[SourceRow], lang: str) -> Localisation:
    states = []
    for uid, kind, text, file, line, rule, box in rows:
        at = Location(file, line, 1)
        states.append(UnitState(uid, kind, text, text, SOURCE, None, at, at, rule, box))
    return Localisation(lang, lang, "", tuple(states))


def localisation(
    units: list[Unit], po: polib.POFile, lang: str, source_lang: str, shown: str, text: str = ""
) -> Localisation:
    """The state of every unit; ``text`` (the catalog as written) places each entry."""
    entries = {e.msgctxt: e for e in po if e.msgctxt and not e.obsolete}
    text = text or str(po)
    places = _msgctxt_lines(text, shown)
    header = po.metadata.get("Language", "")
    return Localisation(
        lang,
        source_lang,
        shown,
        tuple(state(u, entries.get(u.id), places.get(u.id)) for u in units),
        obsolete=sum(1 for e in po if e.obsolete),
        header_language=header,
        header_at=header_field_at(text, "Language", shown) if header else None,
    )


def header_field_at(text: str, field: str, shown: str) -> Location | None:
    """Where the header entry's msgstr writes ``field``: the field polib reads (the last
    of that name), at the first letter of its name, however the header is split
    into strings ("Language-Team: \\nLanguage: de\\n" on one line; a name cut over two
    strings). None when the header writes no such field."""
    chars = _header_chars(text.removeprefix("\ufeff").splitlines())
    decoded = "".join(char for char, _ in chars)
    found = None
    offset = 0
    for piece in decoded.splitlines(keepends=True):  # polib splits the header so
        if piece.split(":", 1)[0] == field and ":" in piece:
            found = chars[offset][1]
        offset += len(piece)
    return Location(shown, *found) if found is not None else None


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}


def _header_chars(lines: list[str]) -> list[tuple[str, tuple[int, int]]]:
    """The header msgstr's characters, escapes read, each with its (line, column)."""
    at = 0
    while at < len(lines) and (not lines[at].strip() or lines[at].lstrip().startswith("#")):
        at += 1  # comments before the header
    if at >= len(lines) or not lines[at].startswith('msgid ""'):
        return []  # no header: the first entry is a string's
    while at < len(lines) and not lines[at].startswith("msgstr"):
        if lines[at].startswith(("msgctxt", "#")) or not lines[at].strip():
            return []
        at += 1
    out: list[tuple[str, tuple[int, int]]] = []
    for n in range(at, len(lines)):
        line = lines[n]
        if n > at and not line.lstrip().startswith('"'):
            break
        k = line.find('"') + 1
        while 0 < k < len(line) and line[k] != '"':
            if line[k] == "\\" and k + 1 < len(line):
                out.append((_ESCAPES.get(line[k + 1], line[k + 1]), (n + 1, k + 1)))
                k += 2
            else:
                out.append((line[k], (n + 1, k + 1)))
                k += 1
    return out


def with_corrections(l10n: Localisation, errata: Sequence[Erratum]) -> Localisation:
    """The units with their errata-corrected source text (see corrections.py); as they are
    when there are no errata (indexing a big game's units for none cost 0.2 s)."""
    if not errata:
        return l10n
    changed = corrected_texts([(u.id, u.rule, u.kind, u.source) for u in l10n.units], errata)
    if not changed:
        return l10n
    units = tuple(replace(u, corrected=changed[u.id]) if u.id in changed else u for u in l10n.units)
    return replace(l10n, units=units)


def _msgctxt_lines(text: str, shown: str) -> dict[str, Location]:
    """Each entry's place: the text of its msgctxt (line, column), which names the unit.

    A long msgctxt is written as gettext wraps it, ``msgctxt ""`` and then its
    pieces on the lines below (11 of Liberation's): its place is its first piece.
    Read as one line, such entries were never found, and their findings were placed
    at the source's YAML, not at the entry the translator can open."""
    out = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if not line.startswith('msgctxt "'):
            continue
        pieces = [(i, len('msgctxt "') + 1, line[len('msgctxt "') : -1])]
        for j in range(i + 1, len(lines)):
            if not lines[j].startswith('"'):
                break
            pieces.append((j, 2, lines[j][1:-1]))
        ctxt = "".join(piece for _, _, piece in pieces).replace('\\"', '"')
        first = next(((n, col) for n, col, piece in pieces if piece), (i, pieces[0][1]))
        out.setdefault(ctxt, Location(shown, first[0] + 1, first[1]))
    return out


def localise(sources: GameSources, lang: str, root: Path) -> tuple[GameSources, Localisation]:
    """The sources with ``lang``'s translation in place, and the catalog's state.

    Raises CompileError (L10N100) when the catalog cannot be read.
    """
    path = catalog_path(sources.game_dir, lang)
    shown = paths.shown(path, root)
    game_data = sources.of_kind("game")[0].data
    source_lang = game_data.get("language", "") if isinstance(game_data, dict) else ""
    if path.is_symlink() and not path.exists():  # "does not exist", and update wrote over it
        raise CompileError([link_to_nothing(path, paths.resolved(path), shown)])
    if not path.exists():
        raise CompileError([_no_catalog(sources.game_dir, lang, source_lang, shown)])
    target = path.resolve()
    if not target.is_relative_to(sources.game_dir.resolve()):
        # as a YAML file linked from outside is (LOAD011): the build's change stamp reads
        # the game's folder, and an edit behind the link left a translation "up to date"
        raise CompileError(
            [
                linked_from_outside(
                    path.name,
                    target,
                    # where the link is, as the game's folder names it (shown() follows it)
                    f"{paths.shown(sources.game_dir, root)}/{L10N_DIR}/{path.name}",
                    " (`casebook l10n import` merges a catalog kept elsewhere)",
                )
            ]
        )
    po = catalog.read(path, shown)
    units = extract(sources)
    l10n = localisation(
        units, po, lang, source_lang, shown, path.read_text(encoding="utf-8", errors="replace")
    )
    # a string not (yet) translated prints in the source language, as corrected: the
    # translation is made from the corrected text, and a fuzzy entry fell back to the
    # source's slip that its erratum corrects ("a faccia in su" for "a faccia in giù")
    errata = errata_of(sources)
    corrected = (
        corrected_texts([(u.id, u.rule, u.kind, u.text) for u in units], errata) if errata else {}
    )
    by_file: dict[str, list[tuple[Unit, str, Location | None]]] = {}
    for unit, unit_state in zip(units, l10n.units, strict=True):
        if unit_state.status == TRANSLATED:
            by_file.setdefault(unit.file, []).append((unit, unit_state.translation, unit_state.at))
        elif unit.id in corrected:
            by_file.setdefault(unit.file, []).append((unit, corrected[unit.id], None))
    files = []
    for kind, source in sources.files:
        if kind == "game":
            source = _with_language(source, lang)
        if source.path in by_file:
            source = _substituted(source, by_file[source.path])
        files.append((kind, source))
    return replace(sources, files=tuple(files)), l10n


def _no_catalog(game_dir: Path, lang: str, source_lang: str, shown: str) -> Finding:
    """A language asked for that has no catalog: say how to start one, as `build --lang` does.

    catalog.read's own "cannot read" asks for a .po path, which suits `l10n import FILE`,
    not someone who named a language.
    """
    known = ", ".join(x for x in dict.fromkeys([source_lang, *languages(game_dir)]) if x)
    return Finding(
        "L10N100",
        Severity.ERROR,
        f"{game_dir.name} has no {lang} text (languages: {known}): this catalog does not exist",
        Location(shown, 1, 1),
        suggestion=f"start a translation with `casebook l10n update {game_dir.name} {lang}`",
    )


def _with_language(source: SourceFile, lang: str) -> SourceFile:
    data = dict(source.data) if isinstance(source.data, dict) else {}
    data["language"] = lang
    return replace(source, data=data)


def _substituted(source: SourceFile, done: list[tuple[Unit, str, Location | None]]) -> SourceFile:
    """The file with each unit's text replaced: a translation placed at its catalog
    entry, or a source text corrected in place (``at`` None)."""
    data = copy.deepcopy(source.data)
    moved = dict(source.moved)
    for unit, text, at in done:
        holder = data
        for step in unit.path[:-1]:
            holder = holder[step]  # type: ignore[index]
        holder[unit.path[-1]] = text  # type: ignore[index]
        if at is not None:
            moved[unit.path] = at
    return replace(source, data=data, moved=moved)
