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
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import polib

from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.l10n.corrections import touching
from compiler.l10n.units import GAP_KIND, Unit
from compiler.load.yaml_nodes import BIDI_CONTROLS, CONTROL, control_named
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
        meta["Plural-Forms"] = plural_forms(lang)
    return meta


# The gettext manual's plural rules (and CLDR's) for the languages a publisher is likely
# to translate into; Casebook's strings have no plurals, but CAT tools read the header.
_PLURALS = {
    **dict.fromkeys(("fr", "pt-BR", "oc"), "nplurals=2; plural=(n > 1);"),
    **dict.fromkeys(("ja", "zh", "ko", "vi", "th", "id"), "nplurals=1; plural=0;"),
    **dict.fromkeys(
        ("ru", "uk", "be", "sr", "hr", "bs"),
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
        "(n%100<10 || n%100>=20) ? 1 : 2);",
    ),
    **dict.fromkeys(("cs", "sk"), "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"),
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}


def plural_forms(lang: str) -> str:
    """The Plural-Forms header for ``lang`` (pt-BR, then pt); most languages take English's."""
    return _PLURALS.get(lang) or _PLURALS.get(lang.split("-")[0]) or "nplurals=2; plural=(n != 1);"


def comments(unit: Unit, errata: Sequence[Erratum]) -> str:
    """The ``#.`` lines: what a translator needs to know that the text does not say."""
    lines = []
    if unit.rule:
        label = f"{unit.rule_label} " if unit.rule_label else ""
        title = f" — {unit.rule_title}" if unit.rule_title else ""
        shown = unit.rule if not label or label.strip() == unit.rule else f"{label}({unit.rule})"
        lines.append(f"rule {shown}{title}")
    if unit.kind == GAP_KIND:
        lines.append(
            "Casebook's note, not the publisher's text: what the printed book shows here "
            "and the source lacks"
        )
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
        comment=comments(unit, touching(unit.rule, unit.kind, unit.text, game.errata, unit.id)),
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


_ERRATUM_NOTE = re.compile(r"erratum (\S+): «(.*?)» → «(.*?)» \(")


def _errata_of(entry: polib.POEntry) -> set[tuple[str, str, str]]:
    """The errata an entry's extracted comment says correct its text (``comments``): their
    ids and changes, not their reasons (a reason reworded changes no meaning)."""
    text = " ".join((entry.comment or "").split())  # as written, its lines are wrapped
    return set(_ERRATUM_NOTE.findall(text))


def _made_from(entry: polib.POEntry) -> str:
    """The source text a translation was made from: the oldest one the entry records."""
    if FUZZY in entry.flags and entry.previous_msgid:
        return entry.previous_msgid
    return entry.msgid


def merge(
    old: polib.POFile | None, units: Sequence[Unit], game: Game, lang: str
) -> tuple[polib.POFile, MergeStats]:
    """The catalog for ``units``, carrying over every translation ``old`` has."""
    po = new_catalog(game, lang)
    previous = {e.msgctxt: e for e in (old or []) if e.msgctxt and not e.obsolete}
    obsolete_before = [e for e in (old or []) if e.obsolete]
    # a unit that comes back (a deletion reverted) takes up its own #~ entry again, as
    # msgmerge does: kept beside the new live one, the pair made a catalog that every
    # later read refused (L10N100, the entry twice)
    revived = {
        e.msgctxt: e
        for e in obsolete_before
        if e.msgctxt and e.msgctxt not in previous and e.msgstr
    }
    wanted = {unit.id for unit in units}
    vanished = [e for ctxt, e in previous.items() if ctxt not in wanted and e.msgstr]
    by_text: dict[str, list[polib.POEntry]] = {}  # translated, current: every entry of a text
    for e in previous.values():
        if e.msgstr and FUZZY not in e.flags:
            by_text.setdefault(e.msgid, []).append(e)
    kept = changed = matched = new = 0
    used: set[str] = set()
    # one matcher per vanished entry, its text indexed once (SequenceMatcher indexes its
    # second text when made): made for each pair, a renumbering that moved every unit
    # took the square of the units in indexing alone (2,400 units: 27 s)
    matchers = [(e, difflib.SequenceMatcher(None, "", e.msgid, autojunk=False)) for e in vanished]
    # every translated text by its words, its numbers written as 0: where a renumbered
    # unit's text was (its old place may be taken by another unit's text now)
    renumbered: dict[str, list[polib.POEntry]] = {}
    for e in previous.values():
        if e.msgstr:
            renumbered.setdefault(_DIGITS.sub("0", e.msgid), []).append(e)
    now = {unit.id: unit.text for unit in units}
    # texts a translated entry was made from that another unit holds now, and did not
    # hold before: they moved. A text two units print (a card's gap note, and the rule
    # that prints the same note) has not moved when one of them is edited: counted as
    # moved, the edited one's translation was dropped instead of kept as a suggestion
    arrived = {
        text
        for uid, text in now.items()
        if (held := previous.get(uid)) is None or _made_from(held) != text
    }
    moved_away = {
        _made_from(e) for ctxt, e in previous.items() if e.msgstr and now.get(ctxt) != _made_from(e)
    } & arrived
    added: Counter[str] = Counter()  # what _new_text made of the units new at their id
    for unit in units:
        fresh = entry(unit, game)
        before = previous.get(unit.id)
        if before is None and unit.id in revived:
            before = revived[unit.id]
            used.add(unit.id)
        if before is not None and before.msgid == unit.text:
            fresh.msgstr = before.msgstr
            fresh.tcomment = before.tcomment
            fresh.flags = list(before.flags)
            fresh.previous_msgid = before.previous_msgid
            if before.msgstr and _errata_of(before) != _errata_of(fresh):
                # an erratum now corrects (or no longer corrects) the text this was
                # translated from: what it means changed, so the translator looks again
                # (the book printed the uncorrected meaning and listed the correction as
                # carried). The text is the same: no #| msgid, the erratum is in #.
                fresh.flags = [*[f for f in fresh.flags if f != FUZZY], FUZZY]
                changed += 1
            else:
                kept += 1
        elif before is not None and _made_from(before) == unit.text and before.msgstr:
            # the source went back to the text the translation was made from: current again
            fresh.msgstr = before.msgstr
            fresh.tcomment = before.tcomment
            fresh.flags = [f for f in before.flags if f != FUZZY]
            kept += 1
        elif before is not None and _carried(
            moved := _moved_here(unit, before, renumbered, used, now), unit, fresh, now
        ):
            # the very text this translation was made from, moved here (a paragraph was
            # put in above it, and its id counts from the top): current, not fuzzy
            _take(fresh, moved, used)
            kept += 1
        elif before is not None and before.msgstr and _made_from(before) in moved_away:
            # the text that was here is another unit's now (it moved down), and its
            # translation goes with it: this unit's text is new here, not an edit of it
            added[_new_text(unit, fresh, by_text, matchers, used, renumbered, now)] += 1
        elif before is not None:
            changed += 1
            if moved is not None:
                # the text at this id is another unit's, renumbered: its translation
                fresh.msgstr = moved.msgstr
                fresh.tcomment = moved.tcomment
                fresh.flags = [FUZZY]
                fresh.previous_msgid = _made_from(moved)
                used.add(moved.msgctxt or "")
            elif before.msgstr:
                fresh.msgstr = before.msgstr
                fresh.tcomment = before.tcomment
                fresh.flags = [FUZZY]
                fresh.previous_msgid = _made_from(before)
        else:
            added[_new_text(unit, fresh, by_text, matchers, used, renumbered, now)] += 1
        po.append(fresh)
    gone = [e for e in vanished if e.msgctxt not in used] + [
        e for e in obsolete_before if not (e.msgctxt in revived and e.msgctxt in used)
    ]
    for e in gone:
        e.obsolete = True
        po.append(e)
    kept, matched, new = kept + added["kept"], matched + added["fuzzy"], new + added["new"]
    return po, MergeStats(kept, changed, matched, new, len(gone))


_DIGITS = re.compile(r"\d+")


def _carried(
    moved: polib.POEntry | None, unit: Unit, fresh: polib.POEntry, now: dict[str, str]
) -> bool:
    """Whether ``moved`` is the very text ``unit`` has, translated and current, whose
    own id holds another text now: its translation moves with it, still current."""
    return (
        moved is not None
        and bool(moved.msgstr)
        and _made_from(moved) == unit.text
        and FUZZY not in moved.flags
        and _errata_of(moved) == _errata_of(fresh)
        and now.get(moved.msgctxt or "") != unit.text
    )


def _left_its_id(entry: polib.POEntry, now: dict[str, str]) -> bool:
    """Whether the text ``entry`` was made from is no longer at its own id: it moved.
    One still there is another rule printing the same words."""
    return now.get(entry.msgctxt or "") != _made_from(entry)


def _take(fresh: polib.POEntry, moved: polib.POEntry, used: set[str]) -> None:
    fresh.msgstr = moved.msgstr
    fresh.tcomment = moved.tcomment
    fresh.flags = list(moved.flags)
    used.add(moved.msgctxt or "")


def _new_text(
    unit: Unit,
    fresh: polib.POEntry,
    by_text: dict[str, list[polib.POEntry]],
    matchers: list[tuple[polib.POEntry, difflib.SequenceMatcher]],
    used: set[str],
    renumbered: dict[str, list[polib.POEntry]],
    now: dict[str, str],
) -> str:
    """Fill ``fresh``, a unit new at its id: with the translation of its very text,
    moved ("kept", current); else a suggestion ("fuzzy"); else nothing ("new")."""
    suggestion = _suggest(unit, by_text, matchers, used, renumbered, now)
    if suggestion is not None and _carried(suggestion, unit, fresh, now):
        _take(fresh, suggestion, used)
        return "kept"
    if suggestion is not None:
        fresh.msgstr = suggestion.msgstr
        fresh.flags = [FUZZY]
        fresh.previous_msgid = suggestion.msgid
        used.add(suggestion.msgctxt or "")
        return "fuzzy"
    return "new"


def _suggest(
    unit: Unit,
    by_text: dict[str, list[polib.POEntry]],
    vanished: list[tuple[polib.POEntry, difflib.SequenceMatcher]],
    used: set[str],
    renumbered: dict[str, list[polib.POEntry]],
    now: dict[str, str],
) -> polib.POEntry | None:
    """The same text translated elsewhere; else a text that differs from it only in
    its numbers; else the closest unit that vanished (it moved).

    A renumbering moves thousands of units and changes the numbers their texts
    cite, and a unit's old place may now hold another unit's text: its own
    translation is found by its words (an index made once), where comparing
    it with every vanished text took minutes and offered a text merely alike.
    """
    same = by_text.get(unit.text, [])
    # of the entries with this very text, one whose own id holds another text now moved
    # here; one still at its id is another rule printing the same words
    moved = [e for e in same if e.msgctxt not in used and _left_its_id(e, now)]
    if moved or same:
        return (moved or same)[-1]
    twins = _twins(renumbered, _DIGITS.sub("0", unit.text))
    return _closest(unit.text, twins, used) or _closest(unit.text, vanished, used)


def _moved_here(
    unit: Unit,
    before: polib.POEntry,
    renumbered: dict[str, list[polib.POEntry]],
    used: set[str],
    now: dict[str, str],
) -> polib.POEntry | None:
    """The entry whose text this unit's now is, renumbered, when the unit's own entry
    held another text: a renumbering put a moved unit's text at this id, and the
    translation of the text that was here would be offered for it.

    An entry whose own id still holds its text did not move: another rule prints the
    same words ("Fine della partita in modalità CAMPAGNA:" under two scenarios), and
    taken for the moved one, it made the moved entry fuzzy with its translation."""
    words = _DIGITS.sub("0", unit.text)
    if _DIGITS.sub("0", before.msgid) == words:
        return None  # only its numbers changed: its own translation is the one
    twins = [pair for pair in _twins(renumbered, words, but=before) if _left_its_id(pair[0], now)]
    return _closest(unit.text, twins, used)


def _twins(
    renumbered: dict[str, list[polib.POEntry]], words: str, but: polib.POEntry | None = None
) -> list[tuple[polib.POEntry, difflib.SequenceMatcher]]:
    """The entries whose text has these words (numbers written as 0), each with its
    matcher; made when asked for, as few units need them."""
    return [
        (e, difflib.SequenceMatcher(None, "", e.msgid, autojunk=False))
        for e in renumbered.get(words, ())
        if e is not but
    ]


def _closest(
    text: str, pairs: Iterable[tuple[polib.POEntry, difflib.SequenceMatcher]], used: set[str]
) -> polib.POEntry | None:
    """The entry whose text is most like ``text``, at least SIMILAR, and not yet used
    (of equals, the last given).

    The full comparison (``ratio``) is made only while one could still win:
    the candidates in order of their bound from above (``quick_ratio``, which
    counts the characters two texts share), stopping at the first whose bound
    is below the best found. Texts of one game share most of their letters, so
    the bound lets most through: compared with all of them, a unit took 40 ms.
    """
    bounded = []
    for n, (e, matcher) in enumerate(pairs):
        if e.msgctxt in used:
            continue
        matcher.set_seq1(text)  # the entry's text stays indexed: only this is new
        if matcher.real_quick_ratio() < SIMILAR:
            continue
        bound = matcher.quick_ratio()
        if bound >= SIMILAR:
            bounded.append((bound, n, e, matcher))
    bounded.sort(key=lambda x: (-x[0], -x[1]))
    best: tuple[float, int, polib.POEntry] | None = None
    for bound, n, e, matcher in bounded:
        if best is not None and bound < best[0]:
            break  # no one after can reach the best
        matcher.set_seq1(text)
        ratio = matcher.ratio()
        if ratio >= SIMILAR and (best is None or (ratio, n) > best[:2]):
            best = (ratio, n, e)
    return best[2] if best is not None else None


def dumps(po: polib.POFile) -> str:
    """The catalog as gettext's tools write it (po_wrap): msgmerge, msgcat and Poedit
    leave every line as it is. Imported here: lint reads catalogs and never writes one,
    and the wrapper's patterns took a hundredth of a cold lint to compile."""
    from compiler.l10n.po_wrap import gettext_wrapped

    text = gettext_wrapped(str(po))
    return text if text.endswith("\n") else text + "\n"


def read(path: Path, shown: str) -> polib.POFile:
    """A PO file, or a located L10N100 error a translator can act on."""
    try:
        # a named pipe would block the read until a writer came, a link to /dev/zero
        # read until memory ran out: only a regular file is a catalog
        if path.exists() and not path.is_file():
            raise _refused(
                "cannot read the catalog: it is a folder, a pipe or a device, not a file",
                Location(shown, 1, 1),
                "give the path of a .po file",
            )
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
            "give your user permission to read it"
            if isinstance(err, PermissionError)
            else "give the path of a .po file",
        ) from None
    _check_text(text, shown)
    text = _spaced_markers(text)
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
    _check_complete(text, shown)
    _check_unique(po, text, shown)
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


_ODD_BREAK = re.compile("[\x85\u2028\u2029]")


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
    _check_escapes(text, shown)
    # polib splits lines where str.splitlines() does: a string with a line separator
    # lost its last character without a word, or was refused a line past its entry.
    # Controls are refused as in a ruleset's YAML (a bidirectional one is no escape).
    found = _ODD_BREAK.search(text) or CONTROL.search(text)
    if found:
        char = found.group()
        said = (
            f"U+{ord(char):04X}, a line separator most editors show as nothing (pasted from "
            "a word processor)"
            if _ODD_BREAK.fullmatch(char)
            else control_named(char)
        )
        raise _refused(
            f"catalog holds {said}",
            Location(shown, *_line_col(text, found.start())),
            "remove it"
            + ("; write a line break inside a string as \\n" if char not in BIDI_CONTROLS else ""),
        )


# A backslash escape polib does not read (it reads \\ \" \n \t \r \v \b \f). A
# regex that starts with the backslash is searched fast; whether the backslash is itself
# escaped is counted after, on the rare match.
_UNREAD_ESCAPE = re.compile(r'\\(?:[0-7]{1,3}|x[0-9A-Fa-f]+|[^\\"ntrvbf])')


def _check_escapes(text: str, shown: str) -> None:
    """An escape in a string that polib leaves as written: msgfmt reads the octal and hex
    ones (\\342, \\xE2) as bytes and refuses the others (\\u202e), while polib, and so
    every output, printed them as a backslash and letters (found by a probe)."""
    for found in _UNREAD_ESCAPE.finditer(text):
        before = found.start()
        while before and text[before - 1] == "\\":
            before -= 1
        if (found.start() - before) % 2:
            continue  # the backslash is itself escaped (\\\\u is a backslash and a u)
        start = text.rfind("\n", 0, found.start()) + 1
        end = text.find("\n", start)
        if text[start : end if end >= 0 else len(text)].lstrip().startswith("#"):
            continue  # a comment: not read as a string
        line, column = _line_col(text, found.start())
        escape = found.group()
        octal_or_hex = escape[1] in "01234567x" and len(escape) > 2
        raise _refused(
            f"the escape '{escape}' is not read: "
            + (
                "msgfmt reads it as a byte, Casebook as the letters written"
                if octal_or_hex
                else "msgfmt refuses it, and Casebook would print it as written"
            ),
            Location(shown, line, column),
            "write the character itself (the catalog is UTF-8); a string may escape only "
            '\\\\, \\", \\n and \\t',
        )


# A comment marker written without its space (`#,fuzzy`, `#.note`, `#~msgid`, `#note`):
# msgfmt reads each as the comment it marks; polib calls the line a syntax error.
_GLUED_MARKER = re.compile(r"^[ \t]*#(?:~\|?+|[,.:|]|(?=[^\s#~,.:|]))(?=\S)", re.MULTILINE)
# A keyword that opens or continues an entry, active or obsolete (`#~ msgid`).
_KEYWORD = re.compile(
    r"[ \t]*(?:#~[ \t]*)?(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)(?=[\s\"])"
)


def _spaced_markers(text: str) -> str:
    """The text with a space after each glued comment marker, so polib reads what msgfmt does.

    Only comment lines change, by one character each: line numbers stay true.
    """
    return _GLUED_MARKER.sub(lambda m: m.group() + " ", text)


def _check_complete(text: str, shown: str) -> None:
    """Every msgctxt and msgid is followed by its msgstr, as msgfmt --check demands.

    polib drops an entry the file ends in the middle of (a cut-off download or a
    merge gone wrong), or reads a msgid without msgstr as untranslated, so a damaged
    catalog would pass for a whole one with strings missing.
    """
    opened: tuple[str, int] | None = None  # (last keyword of an unfinished entry, its line)
    for number, line in enumerate(text.split("\n"), 1):
        if not line.startswith(("m", "#~", " ", "\t")):
            continue  # comments, continued strings, blank lines: most lines
        found = _KEYWORD.match(line)
        if found is None:
            continue
        keyword = found.group(1)
        if keyword.startswith("msgstr"):
            opened = None  # polib has refused a msgstr that comes too early
            continue
        if opened is not None and (
            keyword == "msgctxt" or (keyword == "msgid" and opened[0] != "msgctxt")
        ):
            raise _unfinished(opened, shown, at_end=False)  # another entry starts
        opened = (keyword, number)  # msgfmt names the last line the entry has
    if opened is not None:
        raise _unfinished(opened, shown, at_end=True)


def _unfinished(opened: tuple[str, int], shown: str, at_end: bool) -> CompileError:
    keyword, line = opened
    missing = "msgid and msgstr" if keyword == "msgctxt" else "msgstr"
    where = "the file ends there (was it cut off?)" if at_end else "another entry starts first"
    return _refused(
        f"not a valid PO file: the {keyword} at this line has no {missing} after it; {where}",
        Location(shown, line, 1),
        f"write its {missing} lines, or delete the entry (msgfmt --check names the same fault)",
    )


def _keyword_line(lines: list[str], entry: polib.POEntry) -> int:
    """The line of an entry's msgctxt (else its msgid); polib's linenum is its first comment."""
    wanted = "msgctxt" if entry.msgctxt is not None else "msgid"
    start = max(entry.linenum or 1, 1)
    for number in range(start, len(lines) + 1):
        found = _KEYWORD.match(lines[number - 1])
        if found is not None and found.group(1) == wanted:
            return number
    return start


def _check_unique(po: polib.POFile, text: str, shown: str) -> None:
    """One entry per unit, refused at the second entry's msgctxt, naming the first's line.

    msgfmt refuses a (msgctxt, msgid) pair twice but accepts one msgctxt with two
    msgids. Here msgctxt is the unit's id: lint would report one entry while the
    model read the other, and `l10n update` would keep the last and drop the other's
    translation. An obsolete entry (#~) may share the id of a live one: the unit
    came back.
    """
    lines = text.split("\n")
    pairs: dict[tuple[str | None, str], polib.POEntry] = {}
    units: dict[str, polib.POEntry] = {}
    for entry in po:
        pair = (entry.msgctxt, entry.msgid)
        before = pairs.setdefault(pair, entry)
        if before is not entry:
            raise _refused(
                f"not a valid PO file: the entry {entry.msgctxt or entry.msgid!r} appears twice "
                f"(first at line {_keyword_line(lines, before)})",
                Location(shown, _keyword_line(lines, entry), 1),
                "keep one of the two entries (msgfmt --check names the same fault)",
            )
        if not entry.msgctxt or entry.obsolete:
            continue
        before = units.setdefault(entry.msgctxt, entry)
        if before is not entry:
            raise _refused(
                f"the unit {entry.msgctxt!r} has a second entry here, with another msgid (the "
                f"first is at line {_keyword_line(lines, before)}); Casebook would read one "
                "translation and lose the other",
                Location(shown, _keyword_line(lines, entry), 1),
                "keep one of the two entries (the one whose msgid is the current source text) "
                "and delete the other",
            )


_ESCAPED_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")


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
        # the file's own characters were checked (_check_text); these are the escapes
        # polib turns into characters: \b \f \v \r
        escaped = _ESCAPED_CONTROL.search(entry.msgstr) or _ESCAPED_CONTROL.search(entry.msgid)
        if escaped:
            raise _refused(
                f"the entry {entry.msgctxt or entry.msgid!r} holds the control character "
                f"U+{ord(escaped.group()):04X} (written as an escape), which no output can "
                "print",
                Location(shown, entry.linenum or 1, 1),
                "delete the escape (\\b, \\f, \\v or \\r); write a line break as \\n",
            )
        if entry.msgstr and not entry.obsolete:
            for where, test in (("begin", str.startswith), ("end", str.endswith)):
                if test(entry.msgid, "\n") != test(entry.msgstr, "\n"):
                    raise _refused(
                        f"the entry {entry.msgctxt or entry.msgid!r}: its msgid and msgstr "
                        f"must both {where} with a line break (\\n) or neither; msgfmt "
                        "--check refuses the catalog",
                        Location(shown, _keyword_line(text.split("\n"), entry), 1),
                        f"{'add' if test(entry.msgid, chr(10)) else 'delete'} the \\n at the "
                        f"{where} of the msgstr",
                    )
        # an obsolete entry (#~) is kept as msgmerge keeps it and never read: plural or not
        if (entry.msgid_plural or entry.msgstr_plural) and not entry.obsolete:
            raise _refused(
                f"the entry {entry.msgctxt or entry.msgid!r} has plural forms, and no "
                "string of a game has any",
                Location(shown, entry.linenum or 1, 1),
                "translate it with one msgstr, without msgid_plural or msgstr[N]",
            )
