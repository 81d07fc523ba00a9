"""PO catalogs of a game's translation units: write a template, merge, read, import.

The catalogs are plain gettext PO, so a translator works in Poedit, Weblate
or any CAT tool. Each entry is one unit:

- ``msgctxt`` is the unit's stable id, ``msgid`` its source text, ``msgstr``
  the translation;
- ``#.`` says where it stands (rule number and title), the card box it must
  fit, the glossary terms it uses and the errata that touch it;
- ``#:`` the YAML file and line.

The ``msgid`` an entry keeps is the source text its translation was made
from. When the source changes, ``update`` keeps the translation, marks it
fuzzy and keeps the old source text as ``#| msgid`` so the translator sees
exactly what changed (gettext's ``msgmerge --previous``). A unit that no
longer exists becomes an obsolete ``#~`` entry: nothing typed is ever lost.

Writing is deterministic (no dates in the header), so a catalog under
version control changes only where its content does.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import polib

from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.l10n.corrections import touching
from compiler.l10n.units import Unit
from compiler.load.yaml_nodes import CONTROL
from compiler.model.game import Erratum, Game

WRAP = 79
FUZZY = "fuzzy"
SIMILAR = 0.75  # how close a vanished unit's text must be to be offered as a fuzzy match


@dataclass(frozen=True, slots=True)
class MergeStats:
    kept: int  # same source text: entry unchanged (translated or not)
    changed: int  # source text changed: a translation is kept, fuzzy, with the previous text
    matched: int  # a new unit that got a fuzzy translation from a similar one
    new: int  # a new unit with nothing to offer
    obsolete: int  # entries whose unit is gone, kept as #~

    def describe(self) -> str:
        return (
            f"{self.kept} unchanged, {self.changed} changed in the source, "
            f"{self.matched} new with a fuzzy suggestion, {self.new} new, "
            f"{self.obsolete} obsolete"
        )


def header(game: Game, lang: str | None) -> dict[str, str]:
    """The PO header: what msgfmt --check and CAT tools need, and nothing that changes by itself."""
    meta = {
        "Project-Id-Version": f"{game.id} ({game.title})",
        "Report-Msgid-Bugs-To": "",
        "Language-Team": "",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Source-Language": game.language,
        "X-Generator": "casebook l10n",
    }
    if lang:
        meta["Language"] = lang
        meta["Plural-Forms"] = "nplurals=2; plural=(n != 1);"
    return meta


def comments(unit: Unit, errata: Sequence[Erratum]) -> str:
    """The ``#.`` lines: what a translator needs to know that the text does not say."""
    lines = []
    if unit.rule:
        label = f"{unit.rule_label} " if unit.rule_label else ""
        title = f" — {unit.rule_title}" if unit.rule_title else ""
        shown = unit.rule if not label or label.strip() == unit.rule else f"{label}({unit.rule})"
        lines.append(f"rule {shown}{title}")
    if unit.box:
        lines.append(unit.box.describe())
    if unit.terms:
        lines.append("terms: " + ", ".join(unit.terms))
    for erratum in errata:
        lines.append(f"erratum {erratum.id}: «{erratum.old}» → «{erratum.new}» ({erratum.why})")
    return "\n".join(lines)


def entry(unit: Unit, game: Game) -> polib.POEntry:
    return polib.POEntry(
        msgctxt=unit.id,
        msgid=unit.text,
        msgstr="",
        # translate what the rule means, not its slip: the errata that change the text
        comment=comments(unit, touching(unit.rule, unit.kind, unit.text, game.errata)),
        occurrences=[(unit.file, str(unit.line))],
    )


def new_catalog(game: Game, lang: str | None) -> polib.POFile:
    po = polib.POFile(wrapwidth=WRAP, check_for_duplicates=False)
    po.metadata = header(game, lang)
    po.metadata_is_fuzzy = False
    return po


def template(units: Iterable[Unit], game: Game) -> polib.POFile:
    """The POT: every unit, untranslated."""
    pot = new_catalog(game, None)
    for unit in units:
        pot.append(entry(unit, game))
    return pot


def merge(
    old: polib.POFile | None, units: Sequence[Unit], game: Game, lang: str
) -> tuple[polib.POFile, MergeStats]:
    """The catalog for ``units``, carrying over every translation ``old`` has."""
    po = new_catalog(game, lang)
    previous = {e.msgctxt: e for e in (old or []) if e.msgctxt and not e.obsolete}
    obsolete_before = [e for e in (old or []) if e.obsolete]
    wanted = {unit.id for unit in units}
    vanished = [e for ctxt, e in previous.items() if ctxt not in wanted and e.msgstr]
    by_text = {e.msgid: e for e in previous.values() if e.msgstr and FUZZY not in e.flags}
    kept = changed = matched = new = 0
    used: set[str] = set()
    for unit in units:
        fresh = entry(unit, game)
        before = previous.get(unit.id)
        if before is not None and before.msgid == unit.text:
            fresh.msgstr = before.msgstr
            fresh.tcomment = before.tcomment
            fresh.flags = list(before.flags)
            fresh.previous_msgid = before.previous_msgid
            kept += 1
        elif before is not None:
            changed += 1
            if before.msgstr:
                fresh.msgstr = before.msgstr
                fresh.tcomment = before.tcomment
                fresh.flags = [FUZZY]
                # the text the translation was made from: the oldest one we know
                fresh.previous_msgid = (
                    before.previous_msgid
                    if FUZZY in before.flags and before.previous_msgid
                    else before.msgid
                )
        else:
            suggestion = _suggest(unit, by_text, vanished, used)
            if suggestion is not None:
                fresh.msgstr = suggestion.msgstr
                fresh.flags = [FUZZY]
                fresh.previous_msgid = suggestion.msgid
                used.add(suggestion.msgctxt or "")
                matched += 1
            else:
                new += 1
        po.append(fresh)
    gone = [e for e in vanished if e.msgctxt not in used] + obsolete_before
    for e in gone:
        e.obsolete = True
        po.append(e)
    return po, MergeStats(kept, changed, matched, new, len(gone))


def _suggest(
    unit: Unit,
    by_text: dict[str, polib.POEntry],
    vanished: list[polib.POEntry],
    used: set[str],
) -> polib.POEntry | None:
    """The same text translated elsewhere, or the closest unit that vanished (it moved)."""
    same = by_text.get(unit.text)
    if same is not None:
        return same
    candidates = [e for e in vanished if e.msgctxt not in used]
    best, score = None, SIMILAR
    for e in candidates:
        matcher = difflib.SequenceMatcher(None, unit.text, e.msgid, autojunk=False)
        if matcher.real_quick_ratio() < score or matcher.quick_ratio() < score:
            continue
        ratio = matcher.ratio()
        if ratio >= score:
            best, score = e, ratio
    return best


def dumps(po: polib.POFile) -> str:
    return str(po) if str(po).endswith("\n") else str(po) + "\n"


def read(path: Path, shown: str) -> polib.POFile:
    """A PO file, or a located L10N100 error a translator can act on."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise _refused(
            f"catalog is not UTF-8 text (byte {err.start})",
            Location(shown, 1, 1),
            "save the PO file as UTF-8 (Poedit: Catalogue › Properties)",
        ) from None
    except OSError as err:
        raise _refused(
            f"cannot read the catalog: {err.strerror}",
            Location(shown, 1, 1),
            "give the path of a .po file",
        ) from None
    _check_text(text, shown)
    try:
        # polib's own duplicate check searches the catalog for every entry (quadratic:
        # a quarter of a second on Liberation's); one pass over a set says the same
        po = polib.pofile(text, wrapwidth=WRAP, check_for_duplicates=False)
    except (OSError, ValueError) as err:
        found = re.search(r"line (\d+)", str(err))  # polib says "(line 5)"
        raise _refused(
            f"not a valid PO file: {err}",
            Location(shown, int(found.group(1)) if found else 1, 1),
            "check the quotes and keywords at this line (msgfmt --check names the same fault)",
        ) from None
    seen: set[tuple[str | None, str]] = set()
    for entry in po:
        key = (entry.msgctxt, entry.msgid)
        if key in seen:
            raise _refused(
                f"not a valid PO file: the entry {entry.msgctxt or entry.msgid!r} appears twice",
                Location(shown, entry.linenum or 1, 1),
                "keep one of the two entries (msgfmt --check names the same fault)",
            )
        seen.add(key)
    _check_entries(po, text, shown)
    return po


def _refused(message: str, where: Location, suggestion: str) -> CompileError:
    return CompileError([Finding("L10N100", Severity.ERROR, message, where, suggestion=suggestion)])


# A string opened and never closed on its line; polib drops its last character instead.
_UNCLOSED = re.compile(r'[ \t]*(?:msg[a-z_]+(?:\[\d+\])?[ \t]*)?"(?:[^"\\\n]|\\.)*$')
_PLURAL_FORMS = re.compile(r"\s*nplurals\s*=\s*[1-9]\d?\s*;\s*plural\s*=[^;]+;?\s*")


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _check_text(text: str, shown: str) -> None:
    """Faults polib lets through silently, as msgfmt --check names them."""
    for number, line in enumerate(text.split("\n"), 1):
        if line.endswith('"') and not line.endswith('\\"'):
            continue  # nearly every line: a closed string (one regex per line cost 8 ms)
        if bad := _UNCLOSED.match(line):
            raise _refused(
                "not a valid PO file: a quoted string is not closed on its line",
                Location(shown, number, bad.group().index('"') + 1),
                'end the line with a closing " (a quote inside the text is written \\")',
            )
    control = CONTROL.search(text)
    if control:
        line, column = _line_col(text, control.start())
        raise _refused(
            f"catalog holds the control character U+{ord(control.group()):04X}, which no "
            "output can print (it would vanish or show as a box)",
            Location(shown, line, column),
            "remove it; write a line break inside a string as \\n",
        )


def _check_entries(po: polib.POFile, text: str, shown: str) -> None:
    """Plural forms: Casebook's strings have none, so a plural entry is a mistake."""
    forms = po.metadata.get("Plural-Forms")
    if forms is not None and not _PLURAL_FORMS.fullmatch(forms):
        at = text.find("Plural-Forms:")
        line = text.count("\n", 0, at) + 1 if at >= 0 else 1
        raise _refused(
            f"the Plural-Forms header {forms!r} is not 'nplurals=N; plural=EXPRESSION;'",
            Location(shown, line, 1),
            "write it as gettext does, e.g. 'nplurals=2; plural=(n != 1);'",
        )
    for entry in po:
        if entry.msgid_plural or entry.msgstr_plural:
            raise _refused(
                f"the entry {entry.msgctxt or entry.msgid!r} has plural forms, and no "
                "string of a game has any",
                Location(shown, entry.linenum or 1, 1),
                "translate it with one msgstr, without msgid_plural or msgstr[N]",
            )
