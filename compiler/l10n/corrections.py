"""Which errata touch a translation unit, and the unit's text with them applied.

A translation is made from the corrected source (see localise.py), so a
translator is told which errata touch a string (the catalog's ``#.``
comments) and the checks compare a translation with the corrected text.
Both read the errata here, the way the living edition applies them
(compiler/model/errata.py): a rule's erratum replaces the ``occurrence``-th
match counted through the rule's text in reading order (unset, the model
has checked there is only one: ERRATA003); a rule "*" erratum replaces
every match, everywhere; and in the cells of the tables an erratum names
(``tables``: they restate the rule's text), every whole match.
"""

from __future__ import annotations

from collections.abc import Sequence

from compiler.l10n.units import TABLE_CELL, cell_table
from compiler.model.errata import corrected_cell
from compiler.model.game import Erratum

# Unit kinds an erratum's field reaches: "text" the paragraphs, items and
# note texts of a rule (what the model holds as its paragraphs), "title" its title.
FIELD_KINDS = {"text": "rule-text", "title": "rule-title"}


def reaches(erratum: Erratum, rule: str | None, kind: str, uid: str = "") -> bool:
    """Whether ``erratum`` may change the unit: its rule's text or title, or a cell of a
    table it names (``uid``, the cell's unit id, says which table)."""
    if kind == TABLE_CELL:
        return cell_table(uid) in erratum.tables
    return FIELD_KINDS.get(erratum.field) == kind and erratum.rule in (rule, "*")


def touching(
    rule: str | None, kind: str, text: str, errata: Sequence[Erratum], uid: str = ""
) -> list[Erratum]:
    """The errata that change this text."""
    return [e for e in errata if e.old and reaches(e, rule, kind, uid) and _holds(kind, text, e)]


def _holds(kind: str, text: str, erratum: Erratum) -> bool:
    """Whether the erratum's old words are in the text as it corrects them: whole, in a
    table's cell (model/errata.corrected_cell)."""
    if kind == TABLE_CELL:
        return corrected_cell(text, erratum.old, erratum.new) is not None
    return erratum.old in text


def corrected_texts(
    units: Sequence[tuple[str, str | None, str, str]], errata: Sequence[Erratum]
) -> dict[str, str]:
    """(id, rule, kind, text) of units in reading order -> the texts the errata change."""
    texts = {uid: text for uid, _, _, text in units}
    # units by (rule, kind) and by kind, in reading order: an erratum reads only its own
    by_rule: dict[tuple[str | None, str], list[str]] = {}
    by_kind: dict[str, list[str]] = {}
    for uid, rule, kind, _ in units:
        by_rule.setdefault((rule, kind), []).append(uid)
        by_kind.setdefault(kind, []).append(uid)
    changed: dict[str, str] = {}
    for erratum in errata:
        # a table that restates the rule's text: every cell holding the words, as the
        # living edition corrects them (compiler/model/errata.py)
        for uid in by_kind.get(TABLE_CELL, []) if erratum.old and erratum.tables else []:
            fixed = corrected_cell(texts[uid], erratum.old, erratum.new)
            if reaches(erratum, None, TABLE_CELL, uid) and fixed is not None:
                texts[uid] = changed[uid] = fixed
        kind = FIELD_KINDS.get(erratum.field)
        if not erratum.old or kind is None:
            continue
        if erratum.rule == "*":
            reached = by_kind.get(kind, [])
        else:
            reached = by_rule.get((erratum.rule, kind), [])
        if erratum.rule == "*":
            for uid in reached:
                if erratum.old in texts[uid]:
                    texts[uid] = changed[uid] = texts[uid].replace(erratum.old, erratum.new)
            continue
        wanted, seen = erratum.occurrence or 1, 0
        for uid in reached:
            text, start = texts[uid], -1
            while (start := text.find(erratum.old, start + 1)) >= 0:
                seen += 1
                if seen == wanted:
                    text = text[:start] + erratum.new + text[start + len(erratum.old) :]
                    texts[uid] = changed[uid] = text
                    break
            if seen >= wanted:
                break
    return changed
