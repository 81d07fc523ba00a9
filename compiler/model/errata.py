"""Make the living edition: the original game with every erratum applied.

Pure: takes a Game, returns a new Game. Each replaced span is remembered as a
Change so back ends can mark it; references are found again in the new text
so a corrected "(Case 8.3.5)" links where it now points.
"""

from __future__ import annotations

from dataclasses import replace

from compiler.diagnostics import Finding, Severity
from compiler.model.game import Erratum, Game
from compiler.model.ref_patterns import find_refs
from compiler.model.rules import Block, Rule
from compiler.model.text import Change, Para


def apply_errata(game: Game) -> tuple[Game, list[Finding]]:
    """The living edition of ``game`` and a finding for each erratum that did not apply."""
    findings: list[Finding] = []
    by_rule: dict[str, list[Erratum]] = {}
    known = {rule.address for rule in game.all_rules()}
    everywhere = [e for e in game.errata if e.rule == "*"]
    for erratum in game.errata:
        if erratum.rule == "*":
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
                if title and erratum.old in title:
                    title = title.replace(erratum.old, erratum.new, 1)
                    title_errata += (erratum.id,)
                    continue
            elif _apply_one(erratum, body, after, game):
                continue
            where = "title" if erratum.field == "title" else "text"
            findings.append(
                Finding(
                    "ERRATA002",
                    Severity.ERROR,
                    f"erratum {erratum.id}: {erratum.old!r} is not in the {where} of "
                    f"{erratum.rule}"
                    + (f" (occurrence {erratum.occurrence})" if erratum.occurrence else ""),
                    erratum.at,
                    suggestion="copy 'old' exactly from the rule text (whitespace "
                    "is normalised); if it occurs more than once, set 'occurrence'",
                )
            )
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
        rules, count = _replace_everywhere(rules, erratum, game)
        if count == 0:
            findings.append(
                Finding(
                    "ERRATA002",
                    Severity.ERROR,
                    f"erratum {erratum.id}: {erratum.old!r} is not in the text of any rule",
                    erratum.at,
                    suggestion="copy 'old' exactly from the rule text",
                )
            )
    return replace(game, rules=rules, edition="living"), findings


def _replace_everywhere(
    rules: tuple[Rule, ...], erratum: Erratum, game: Game
) -> tuple[tuple[Rule, ...], int]:
    """Apply a rule "*" erratum to every occurrence, in every rule; return how many."""
    count = 0

    def fix_block(block: Block) -> Block:
        nonlocal count
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


def _apply_one(erratum: Erratum, body: list[Block], after: list[Block], game: Game) -> bool:
    """Replace the wanted occurrence of ``old`` in the rule's blocks; False if absent."""
    wanted = erratum.occurrence or 1
    seen = 0
    for blocks in (body, after):
        for b_index, block in enumerate(blocks):
            for p_index, para in enumerate(block.paras):
                start = -1
                while True:
                    start = para.text.find(erratum.old, start + 1)
                    if start < 0:
                        break
                    seen += 1
                    if seen == wanted:
                        new_para = _replace_span(para, start, erratum, game)
                        paras = list(block.paras)
                        paras[p_index] = new_para
                        blocks[b_index] = replace(block, paras=tuple(paras))
                        return True
    return False


def _replace_span(para: Para, start: int, erratum: Erratum, game: Game) -> Para:
    end = start + len(erratum.old)
    text = para.text[:start] + erratum.new + para.text[end:]
    shift = len(erratum.new) - len(erratum.old)
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
