"""Make the living edition: the original game with every erratum applied.

Pure: takes a Game, returns a new Game. Each replaced span is remembered as a
Change so back ends can mark it; references are found again in the new text
so a corrected "(Case 8.3.5)" links where it now points.

An erratum changes its rule's text (``field: text``) or title (``field:
title``); ``rule: "*"`` changes every occurrence in every rule, in that field.
Errata naming one rule apply first, in file order, then the ``"*"`` ones. An
erratum naming one rule must find ``old`` there exactly once, or say which
occurrence it means; ``"*"`` means every one, so it takes no ``occurrence``.

Errata may overlap (a name made consistent throughout, inside a sentence an
earlier erratum rewrote). The earlier change's span then grows to hold the
later one, which lies inside it and after it in ``Para.changes``: a character
comes from the last of the changes that cover it.

Deleting text (``new: ""``) is allowed, down to a whole paragraph: the empty
paragraph stays, so its change can be marked where the text was. A rule left
with no text (or a title deleted whole) is reported as a warning, since the
living edition then prints a bare number.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache

from compiler.diagnostics import Finding, Location, Severity
from compiler.model.game import Erratum, Game
from compiler.model.ref_patterns import find_refs
from compiler.model.rules import Block, Rule
from compiler.model.tables import Table
from compiler.model.text import Change, Para


def apply_errata(game: Game) -> tuple[Game, list[Finding]]:
    """The living edition of ``game`` and a finding for each erratum that did not apply."""
    findings: list[Finding] = []
    by_rule: dict[str, list[Erratum]] = {}
    everywhere: list[Erratum] = []
    known = {rule.address for rule in game.all_rules()}
    for erratum in game.errata:
        if not erratum.old:
            # whitespace only, normalised away: found at every place, and "*" replaced
            # nothing there for ever
            findings.append(
                Finding(
                    "ERRATA002",
                    Severity.ERROR,
                    f"erratum {erratum.id}: 'old' is only whitespace, so it names no text "
                    "to correct",
                    erratum.at,
                    suggestion="copy into 'old' the words to correct, exactly as the rule "
                    "text has them",
                )
            )
            continue
        if erratum.rule == "*":
            if erratum.occurrence is not None:
                findings.append(_occurrence_everywhere(erratum))
            else:
                everywhere.append(erratum)
            continue
        if erratum.rule not in known:
            findings.append(
                Finding(
                    "ERRATA001",
                    Severity.ERROR,
                    f"erratum {erratum.id} names rule {erratum.rule!r}, which does not exist",
                    erratum.at,
                    suggestion="use the rule's address, e.g. 8.2.1f",
                )
            )
            continue
        by_rule.setdefault(erratum.rule, []).append(erratum)

    def fix_rule(rule: Rule) -> Rule:
        children = tuple(fix_rule(child) for child in rule.children)
        errata = by_rule.get(rule.address, [])
        if not errata:
            return replace(rule, children=children) if children != rule.children else rule
        body, after = list(rule.body), list(rule.after)
        title, title_errata = rule.title, rule.title_errata
        for erratum in errata:
            if erratum.field == "title":
                starts = _starts(title or "", erratum.old)
            else:
                places = list(_text_places(body, after, erratum.old))
                starts = [start for *_, start in places]
            problem = _not_placed(erratum, len(starts))
            if problem is not None:
                if problem.code == "ERRATA002" and not starts:
                    problem = _in_a_gap(problem, erratum, rule) or _pointing_to(
                        problem, erratum, game
                    )
                findings.append(problem)
                continue
            index = (erratum.occurrence or 1) - 1
            if erratum.field == "title":
                start = starts[index]
                title = (
                    (title or "")[:start] + erratum.new + (title or "")[start + len(erratum.old) :]
                )
                title_errata += (erratum.id,)
            else:
                blocks, b_index, p_index, start = places[index]
                block = blocks[b_index]
                paras = list(block.paras)
                paras[p_index] = _replace_span(paras[p_index], start, erratum, game)
                blocks[b_index] = replace(block, paras=tuple(paras))
        return replace(
            rule,
            body=tuple(body),
            after=tuple(after),
            children=children,
            title=title,
            title_errata=title_errata,
        )

    rules = tuple(fix_rule(rule) for rule in game.rules)
    for erratum in everywhere:
        if erratum.field == "title":
            rules, count = _retitle_everywhere(rules, erratum)
        else:
            rules, count = _replace_everywhere(rules, erratum, game)
        if count == 0:
            findings.append(
                Finding(
                    "ERRATA002",
                    Severity.ERROR,
                    f"erratum {erratum.id}: {erratum.old!r} is not in the "
                    f"{_field(erratum)} of any rule",
                    erratum.at,
                    suggestion="copy 'old' exactly from the rule "
                    + ("titles" if erratum.field == "title" else "text"),
                )
            )
    errata = {erratum.id: erratum for erratum in game.errata}
    for before, now in zip(_walk(game.rules), _walk(rules), strict=True):
        findings += _emptied(before, now, errata)
    tables, found = _correct_tables(game)
    findings += found
    return replace(game, rules=rules, tables=tables, edition="living"), findings


@lru_cache(maxsize=1024)
def _standing(old: str) -> re.Pattern[str]:
    """``old`` where it stands whole: not part of a longer word or number at a side it
    begins or ends with a letter or digit ("16" is no part of the id M016)."""
    before = r"(?<!\w)" if re.match(r"\w", old[:1]) else ""
    after = r"(?!\w)" if re.match(r"\w", old[-1:]) else ""
    return re.compile(before + re.escape(old) + after)


def corrected_cell(cell: str, old: str, new: str) -> str | None:
    """A table cell with each whole ``old`` made ``new``, or None when it holds none.

    Whole, because an erratum names a table, not a cell: every cell holding its words
    is corrected, and a probe's "16" → "sedici" turned a card id of Liberation's into
    M0sedici.
    The living edition and the translator's corrected text both read it so."""
    fixed, count = _standing(old).subn(lambda _: new, cell)
    return fixed if count else None


def _correct_tables(game: Game) -> tuple[tuple[Table, ...], list[Finding]]:
    """Each table with the errata that name it made in its cells, and what did not apply.

    A table that restates a rule's text (Liberation's materials lists, set as tables
    for the aids) printed the slip the rule's erratum corrects: the living aid read
    "da M31 a M36" where the living rulebook read "da M031 a M036". An erratum that
    names the table corrects every cell that holds its old words, each cell marked."""
    fixed = {table.id: table for table in game.tables}
    findings: list[Finding] = []
    for erratum in game.errata:
        if not erratum.old:
            continue  # ERRATA002 already, at the rule
        for k, table_id in enumerate(erratum.tables):
            table = fixed.get(table_id)
            at = erratum.tables_at[k] if k < len(erratum.tables_at) else erratum.at
            if table is None:
                findings.append(_no_table(erratum, table_id, at, game))
                continue
            rows = [list(row) for row in table.rows]
            changed = list(table.changed)
            for r, row in enumerate(rows):
                for c, cell in enumerate(row):
                    corrected = corrected_cell(cell, erratum.old, erratum.new)
                    if corrected is not None:
                        row[c] = corrected
                        changed.append((r, c, erratum.id))
                        if not corrected.strip():
                            findings.append(_emptied_cell(erratum, table, r, c, at))
            if len(changed) == len(table.changed):
                findings.append(
                    Finding(
                        "ERRATA002",
                        Severity.ERROR,
                        f"erratum {erratum.id}: {erratum.old!r} is in no cell of table "
                        f"{table_id!r}",
                        at,
                        suggestion="copy 'old' exactly from the table's cells, or take the "
                        "table out of the erratum's 'tables'",
                        target=erratum.id,
                    )
                )
                continue
            fixed[table_id] = replace(
                table, rows=tuple(tuple(row) for row in rows), changed=tuple(changed)
            )
    return tuple(fixed[table.id] for table in game.tables), findings


def _no_table(erratum: Erratum, table_id: str, at: Location, game: Game) -> Finding:
    """ERRATA001 at the id in ``tables`` that names no table, with the ids there are."""
    known = [table.id for table in game.tables]
    listed = ", ".join(known[:12]) + (", …" if len(known) > 12 else "")
    return Finding(
        "ERRATA001",
        Severity.ERROR,
        f"erratum {erratum.id} names table {table_id!r}, which does not exist",
        at,
        suggestion="use the id the table has in tables.yaml"
        + (f" (tables: {listed})" if known else "; this game has no tables"),
        target=erratum.id,
    )


def _emptied_cell(erratum: Erratum, table: Table, row: int, column: int, at: Location) -> Finding:
    """ERRATA005: an erratum's empty ``new`` left a cell of a table blank, as a rule left
    with no text is said (_emptied): the living aid prints an empty cell."""
    label = table.columns[column].label if column < len(table.columns) else str(column + 1)
    return Finding(
        "ERRATA005",
        Severity.WARNING,
        f"erratum {erratum.id} deletes all the text of a cell of table {table.id!r} "
        f"(row {row + 1}, column {label!r}): the living edition prints it empty, only "
        f"the mark [{erratum.id}]",
        at,
        suggestion="write in 'new' what the cell should say, or take the table out of "
        "the erratum's 'tables' if the cell should keep its text",
        target=erratum.id,
    )


def _field(erratum: Erratum) -> str:
    return "title" if erratum.field == "title" else "text"


def _starts(text: str, old: str) -> list[int]:
    """Where ``old`` starts in ``text``, every occurrence (overlapping ones too)."""
    starts = []
    start = text.find(old)
    while start >= 0:
        starts.append(start)
        start = text.find(old, start + 1)
    return starts


def _text_places(
    body: list[Block], after: list[Block], old: str
) -> Iterator[tuple[list[Block], int, int, int]]:
    """Each occurrence of ``old`` in a rule's own text, in reading order."""
    for blocks in (body, after):
        for b_index, block in enumerate(blocks):
            if block.kind == "gap":
                continue  # Casebook's note: edited where it is written, never by erratum
            for p_index, para in enumerate(block.paras):
                for start in _starts(para.text, old):
                    yield blocks, b_index, p_index, start


def _pointing_to(problem: Finding, erratum: Erratum, game: Game) -> Finding:
    """ERRATA002 with the rules whose own text or title does hold ``old``: a newcomer
    names the section, and the words stand in one of its cases."""
    holders = [
        rule.address
        for rule in game.all_rules()
        if rule.address != erratum.rule
        and (
            erratum.old in (rule.title or "")
            if erratum.field == "title"
            else any(
                erratum.old in p.text for b in rule.blocks() if b.kind != "gap" for p in b.paras
            )
        )
    ]
    if not holders:
        return problem
    shown = ", ".join(holders[:3]) + (" …" if len(holders) > 3 else "")
    return replace(
        problem,
        suggestion=f"{erratum.old!r} is in the {_field(erratum)} of {shown}: set 'rule' "
        f'to that address (rule: "{holders[0]}")',
    )


def _in_a_gap(problem: Finding, erratum: Erratum, rule: Rule) -> Finding | None:
    """ERRATA002 said right when ``old`` stands only in a gap note of the rule: the
    message said it was not in the rule's text, and the hint pointed back to this rule."""
    if erratum.field == "title":
        return None
    gaps = [
        b for b in rule.blocks() if b.kind == "gap" and any(erratum.old in p.text for p in b.paras)
    ]
    if not gaps:
        return None
    return replace(
        problem,
        message=f"erratum {erratum.id}: {erratum.old!r} is in a gap note of {erratum.rule}, "
        "Casebook's own words, which no erratum corrects",
        location=gaps[0].at or problem.location,
        suggestion="edit the gap note's text where it is written, and delete this erratum",
        related=(erratum.at,),
    )


def _not_placed(erratum: Erratum, count: int) -> Finding | None:
    """Why an erratum naming one rule cannot be placed in its ``count`` occurrences."""
    where = _field(erratum)
    if count == 0 or (erratum.occurrence or 1) > count:
        return Finding(
            "ERRATA002",
            Severity.ERROR,
            f"erratum {erratum.id}: {erratum.old!r} is not in the {where} of "
            f"{erratum.rule}"
            + (f" (occurrence {erratum.occurrence})" if erratum.occurrence else ""),
            erratum.at,
            suggestion="copy 'old' exactly from the rule text (whitespace "
            "is normalised); if it occurs more than once, set 'occurrence'",
        )
    if count > 1 and erratum.occurrence is None:
        return Finding(
            "ERRATA003",
            Severity.ERROR,
            f"erratum {erratum.id}: {erratum.old!r} occurs {count} times in the {where} "
            f"of {erratum.rule}, and the erratum does not say which to change",
            erratum.at,
            suggestion=f"set 'occurrence: N' (1 to {count}, in reading order) for the one "
            "to change, or make 'old' longer so that it occurs once",
        )
    return None


def _occurrence_everywhere(erratum: Erratum) -> Finding:
    return Finding(
        "ERRATA004",
        Severity.ERROR,
        f'erratum {erratum.id}: rule "*" changes every occurrence of {erratum.old!r} '
        f"in every rule, so 'occurrence: {erratum.occurrence}' cannot apply",
        erratum.at,
        suggestion="to change one occurrence, name its rule in 'rule' (and keep "
        "'occurrence' if 'old' occurs more than once there); to change them all, "
        "drop 'occurrence'",
    )


def _retitle_everywhere(rules: tuple[Rule, ...], erratum: Erratum) -> tuple[tuple[Rule, ...], int]:
    """Apply a rule "*" title erratum to every occurrence, in every title; return how many."""
    count = 0

    def fix(rule: Rule) -> Rule:
        nonlocal count
        children = tuple(fix(c) for c in rule.children)
        found = rule.title.count(erratum.old) if rule.title else 0
        if not found:
            return replace(rule, children=children)
        count += found
        return replace(
            rule,
            children=children,
            title=rule.title.replace(erratum.old, erratum.new),
            title_errata=(*rule.title_errata, erratum.id),
        )

    return tuple(fix(r) for r in rules), count


def _replace_everywhere(
    rules: tuple[Rule, ...], erratum: Erratum, game: Game
) -> tuple[tuple[Rule, ...], int]:
    """Apply a rule "*" erratum to every occurrence, in every rule; return how many."""
    count = 0

    def fix_block(block: Block) -> Block:
        nonlocal count
        if block.kind == "gap":
            return block  # Casebook's note, not the source's text
        paras = []
        for para in block.paras:
            start = para.text.find(erratum.old)
            while start >= 0:
                para = _replace_span(para, start, erratum, game)
                count += 1
                start = para.text.find(erratum.old, start + len(erratum.new))
            paras.append(para)
        return replace(block, paras=tuple(paras))

    def fix(rule: Rule) -> Rule:
        return replace(
            rule,
            body=tuple(fix_block(b) for b in rule.body),
            after=tuple(fix_block(b) for b in rule.after),
            children=tuple(fix(c) for c in rule.children),
        )

    return tuple(fix(r) for r in rules), count


def _walk(rules: tuple[Rule, ...]) -> Iterator[Rule]:
    for rule in rules:
        yield rule
        yield from _walk(rule.children)


def _has_text(rule: Rule) -> bool:
    return any(para.text for block in rule.blocks() for para in block.paras)


def _emptied(before: Rule, now: Rule, errata: dict[str, Erratum]) -> list[Finding]:
    """A warning for each erratum that left ``now`` with no text or no title."""
    out = []
    if _has_text(before) and not _has_text(now):
        last = [c.erratum for block in now.blocks() for para in block.paras for c in para.changes]
        erratum = errata[last[-1]]
        out.append(
            Finding(
                "ERRATA005",
                Severity.WARNING,
                f"erratum {erratum.id} deletes all the text of rule {now.address}: the "
                f"living edition prints {now.label}"
                + (f" {now.title!r}" if now.title else "")
                + f" with no text, only the mark [{erratum.id}]",
                erratum.at,
                suggestion="if the rule is withdrawn, say so in 'new' (e.g. \"Deleted.\"), "
                "as printed errata do; if not, make 'old' only the part to delete",
                rule=now.address,
            )
        )
    if before.title and not now.title and now.title_errata:
        erratum = errata[now.title_errata[-1]]
        out.append(
            Finding(
                "ERRATA005",
                Severity.WARNING,
                f"erratum {erratum.id} deletes the whole title of rule {now.address} "
                f"({before.title!r}): the living edition prints no title and no mark",
                erratum.at,
                suggestion="give the rule the title it should have in 'new'",
                rule=now.address,
            )
        )
    return out


def _deleted(text: str, start: int, end: int) -> tuple[int, int]:
    """The span a deletion takes out: its words, and one of the spaces either side of
    them, so that the words round it keep one space between them ("a very big" less
    "very" is "a big"), or none before a stop ("big step very." is "big step."). An
    erratum's old text is read trimmed, so its author could not take the space out
    (found by a probe: the living text kept a double space)."""
    before = text[start - 1 : start]
    after = text[end : end + 1]
    if after == " " and (before in ("", " ")):
        return start, end + 1
    if before == " " and (after == "" or after in ",.;:!?)]»"):
        return start - 1, end
    return start, end


def _replace_span(para: Para, start: int, erratum: Erratum, game: Game) -> Para:
    end = start + len(erratum.old)
    if not erratum.new:
        start, end = _deleted(para.text, start, end)
    text = para.text[:start] + erratum.new + para.text[end:]
    shift = len(erratum.new) - (end - start)
    new_end = start + len(erratum.new)
    changes = []
    for change in para.changes:
        if change.end <= start:
            changes.append(change)
        elif change.start >= end:
            changes.append(replace(change, start=change.start + shift, end=change.end + shift))
        else:  # an earlier erratum's text is changed again: both stay marked, spans merged
            changes.append(
                replace(
                    change, start=min(change.start, start), end=max(change.end + shift, new_end)
                )
            )
    changes.append(Change(start, start + len(erratum.new), erratum.id, erratum.old))
    at = para.refs[0].at if para.refs else erratum.at
    return Para(
        text, find_refs(text, game.patterns, at), tuple(sorted(changes, key=lambda c: c.start))
    )
