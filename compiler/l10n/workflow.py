"""The translator's verbs: extract a template, update a catalog, import a translation.

Each verb computes its files in memory and returns them as outputs; the CLI
writes them atomically, so a failed import leaves the stored catalog as it
was. Paths are relative to the repository root.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

import polib

from compiler import paths
from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.l10n import catalog
from compiler.l10n.localise import catalog_path, header_field_at
from compiler.l10n.tags import as_tag, same_language
from compiler.l10n.units import Unit, extract
from compiler.load.game_files import load_game
from compiler.model.game import Game
from compiler.model.l10n import FUZZY
from compiler.pipeline import front_end

# Header fields a translator's tool owns; an import carries them over.
TRANSLATOR_FIELDS = ("Last-Translator", "Language-Team", "PO-Revision-Date")


@dataclass(frozen=True)
class Source:
    """The source-language game and its units: what every verb starts from."""

    game: Game
    units: list[Unit]
    game_dir: Path
    root: Path


def read_source(game_dir: Path, root: Path) -> Source:
    """The game in its own language (original edition: the words as printed)."""
    fe = front_end(game_dir, root, "original")
    if fe.game is None:
        raise CompileError([f for f in fe.findings if f.severity is Severity.ERROR])
    sources = load_game(game_dir, root)
    return Source(fe.game, extract(sources, fe.game), game_dir, root)


def template_text(src: Source) -> str:
    return catalog.dumps(catalog.template(src.units, src.game))


def stored(src: Source, lang: str) -> polib.POFile | None:
    path = catalog_path(src.game_dir, lang)
    return catalog.read(path, paths.shown(path, src.root)) if path.is_file() else None


def update_text(src: Source, lang: str, today: str) -> tuple[str, catalog.MergeStats]:
    """The language's catalog merged with the current units (``today`` dates a new one)."""
    old = stored(src, lang)
    po, stats = catalog.merge(old, src.units, src.game, lang)
    _carry_header(po, old, today)
    return catalog.dumps(po), stats


def import_text(
    src: Source,
    lang: str,
    theirs: polib.POFile,
    shown: str,
    today: str,
    notices: list,
    text: str = "",
) -> str:
    """The stored catalog with the translations of ``theirs`` brought in.

    A catalog none of whose entries names a unit of this game (msgctxt), or
    of another language, is refused whole. An entry for a unit the source no
    longer has is kept as obsolete and reported in ``notices``. A translation
    made from another source text than the current one comes in as outdated
    (fuzzy, with the text it was made from as ``#| msgid``).
    """
    units = {u.id: u for u in src.units}
    problems = []
    header = theirs.metadata.get("Language", "")
    if header and not same_language(header, lang):
        problems.append(
            Finding(
                "L10N101",
                Severity.ERROR,
                f"this catalog is for language {header!r}, not {lang!r}",
                header_field_at(text, "Language", shown) or Location(shown, 1, 1),
                suggestion=f"import it as `casebook l10n import {shlex.quote(src.game_dir.name)} "
                f"{as_tag(header)} FILE`, or fix its Language header",
            )
        )
    strays = [e for e in theirs if not e.obsolete and (not e.msgctxt or e.msgctxt not in units)]
    matching = sum(1 for e in theirs if not e.obsolete and e.msgctxt in units)
    if strays and not matching:
        first = strays[0]
        problems.append(
            Finding(
                "L10N101",
                Severity.ERROR,
                f"no entry of this catalog is a unit of {src.game.id} (the first is "
                f"{first.msgctxt or first.msgid[:40]!r}): is it another game's?",
                Location(shown, first.linenum or 1, 1),
                suggestion="translate a catalog written by `casebook l10n update "
                f"{shlex.quote(src.game_dir.name)} {lang}` (each entry keeps its msgctxt)",
            )
        )
    if problems:
        raise CompileError(problems)
    for e in (e for e in strays if e.msgstr):  # a unit gone: keep the work, as obsolete
        notices.append(
            Finding(
                "L10N102",
                Severity.WARNING,
                f"entry {e.msgctxt or e.msgid[:40]!r} is not a unit of {src.game.id} any more; "
                "kept as an obsolete entry",
                Location(shown, e.linenum or 1, 1),
                suggestion="its translation stays in the catalog (#~) for reuse",
            )
        )
    base = stored(src, lang)
    merged, _ = catalog.merge(base, src.units, src.game, lang)
    by_id = {e.msgctxt: e for e in merged if not e.obsolete}
    for e, target in _placed(theirs, units):
        mine = by_id[target]
        mine.msgstr = e.msgstr
        mine.tcomment = e.tcomment
        if e.msgid != mine.msgid:  # made from an older (or newer) source text
            mine.flags = [FUZZY]
            mine.previous_msgid = e.previous_msgid or e.msgid
        else:
            mine.flags = [FUZZY] if FUZZY in e.flags else []
            mine.previous_msgid = e.previous_msgid if FUZZY in e.flags else None
    for e in theirs:  # a translator's note on a string not translated yet is work too
        mine = by_id.get(e.msgctxt or "")
        if not e.obsolete and not e.msgstr and e.tcomment and mine and mine.msgid == e.msgid:
            mine.tcomment = e.tcomment
    known_obsolete = {(e.msgctxt, e.msgid) for e in merged if e.obsolete}
    for e in strays:
        if e.msgstr and (e.msgctxt, e.msgid) not in known_obsolete:
            e.obsolete = True
            merged.append(e)
    _carry_header(merged, base, today)
    for field in TRANSLATOR_FIELDS:
        value = theirs.metadata.get(field, "").strip()
        if value and value not in PLACEHOLDERS and not value.startswith("YEAR-"):
            merged.metadata[field] = value  # a placeholder never replaces a real name
    return catalog.dumps(merged)


PLACEHOLDERS = {"none yet", "FULL NAME <EMAIL@ADDRESS>", "LANGUAGE <LL@li.org>"}
"""What a header holds before anyone fills it in: Casebook's and gettext's."""


def _placed(theirs: polib.POFile, units: dict[str, Unit]) -> list[tuple[polib.POEntry, str]]:
    """Each translated entry of ``theirs`` with the unit it goes to: its own id when its
    text is still there; else the unit that holds that very text now (a paragraph put
    in above it moved it: a file made before that change put every translation of the
    rule on its neighbour's paragraph); else its own id, outdated. An empty msgstr never
    erases a stored translation."""
    entries = [e for e in theirs if not e.obsolete and e.msgstr and e.msgctxt in units]
    at_home = {e.msgctxt for e in entries if units[e.msgctxt].text == e.msgid}
    holders: dict[str, list[str]] = {}
    for uid, unit in units.items():
        holders.setdefault(unit.text, []).append(uid)
    placed: dict[int, tuple[polib.POEntry, str]] = {}  # by the entry's place in theirs
    taken = set(at_home)
    for n, e in enumerate(entries):
        if e.msgctxt in at_home:
            placed[n] = (e, e.msgctxt)
            continue
        moved = next((u for u in holders.get(e.msgid, ()) if u not in taken), None)
        if moved is not None:
            taken.add(moved)
            placed[n] = (e, moved)
    for n, e in enumerate(entries):  # outdated: made from a text no unit has now, at its id
        if n not in placed and e.msgctxt not in taken:
            taken.add(e.msgctxt)
            placed[n] = (e, e.msgctxt)
    return list(placed.values())


def _carry_header(po: polib.POFile, old: polib.POFile | None, today: str) -> None:
    for field in TRANSLATOR_FIELDS:
        if old is not None and old.metadata.get(field):
            po.metadata[field] = old.metadata[field]
    po.metadata.setdefault("PO-Revision-Date", today)
    po.metadata.setdefault("Last-Translator", "none yet")
    po.metadata.setdefault("Language-Team", "")
