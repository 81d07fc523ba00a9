"""Translate validated YAML data into the immutable model.

This is the only module that reads ``SourceFile.data``. It runs after the
schema stage, so shapes are known; what it still reports are the facts a
schema cannot see (a level game.yaml does not declare, a number that does not
fit its level, two rules with one address; two tables, cards… with one id are
found by unique_ids.py).
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.limits import TimeLimitExceeded, time_limit
from compiler.load.game_files import GameSources
from compiler.load.yaml_nodes import JsonPath, SourceFile
from compiler.model import from_kit, from_l10n, from_parts
from compiler.model.cards import selected_cards
from compiler.model.components import Component, Face, IdRange, StatedTotal
from compiler.model.game import Erratum, Example, Game, RefPattern, Setup, Term, every_rule
from compiler.model.ref_patterns import LIMIT_SECONDS, find_refs
from compiler.model.rules import Block, Level, Rule
from compiler.model.text import Para, RefSpan, locate_phrase, normalise, split_paragraphs
from compiler.model.unique_ids import duplicate_ids


class RuleReader:
    """Builds Rule trees from rules files, collecting findings as it goes."""

    def __init__(self, levels: tuple[Level, ...], patterns: tuple[RefPattern, ...]) -> None:
        self.levels = {level.name: level for level in levels}
        self.patterns = patterns
        self.findings: list[Finding] = []

    def file_rules(self, src: SourceFile) -> tuple[tuple[Rule, ...], list[Finding]]:
        """The rules of one rules file, and what reading them found (MODEL001, MODEL002):
        a file's rules depend on no other file's, so a big game's are read on two cores.
        Two rules with one address (MODEL003) are found once all are read."""
        self.findings = []
        rules = tuple(
            self.rule(src, data, ("rules", i), "") for i, data in enumerate(src.data["rules"])
        )
        return rules, self.findings

    def placed_para(self, src: SourceFile, text: str, at: Location) -> Para:
        """A paragraph written at ``at`` in ``src``, each reference at its own place."""
        return self._placed(src, text, at, at)

    def _placed(self, src: SourceFile, text: str, block_at: Location, start: Location) -> Para:
        """The paragraph of a block at ``block_at``, its text starting at ``start``: its
        references found, and placed, as it is made (made once, not found then placed)."""
        refs = find_refs(text, self.patterns, block_at)
        return Para(text, self._placed_refs(src, text, refs, start) if refs else ())

    def _placed_refs(
        self, src: SourceFile, text: str, found: tuple[RefSpan, ...], at: Location
    ) -> tuple[RefSpan, ...]:
        """Each reference placed at its own line and column.

        Several targets of one phrase ("Cases 8.1.12 and 8.1.13") share the
        phrase's place and are then found inside it; a later phrase is looked
        for after the previous one. Cursors are (line, 0-based column).
        """
        if at.path != src.path:
            # translated text, placed at its catalog entry: the YAML's lines hold the source
            # words, so the phrase is not looked for there (lint places it in the entry)
            return tuple(ref.placed(at) for ref in found)
        span = len(text) // 12 + 8  # lines a folded paragraph can take, at most
        refs = []
        cursor = (0, 0)
        phrase_at: Location | None = None
        phrase_end = -1
        for ref in found:
            if phrase_at is None or ref.start >= phrase_end:
                phrase_at = locate_phrase(src.lines, at, ref.phrase, cursor, span)
                phrase_end = ref.start - ref.phrase.find(ref.text) + len(ref.phrase)
                if phrase_at is not None:
                    cursor = (phrase_at.line, phrase_at.column - 1)
            if phrase_at is None:
                refs.append(ref)
                continue
            inner = locate_phrase(src.lines, phrase_at, ref.text, cursor, span)
            if inner is not None:
                cursor = (inner.line, inner.column)  # just past this target's first character
            refs.append(ref.placed(inner or phrase_at))
        return tuple(refs)

    def blocks(self, src: SourceFile, items: list[Any], at: JsonPath) -> tuple[Block, ...]:
        return tuple(self._block(src, item, (*at, i)) for i, item in enumerate(items))

    def _block(self, src: SourceFile, item: Any, path: JsonPath) -> Block:
        """One block; each paragraph's references placed where its text is written: a
        list item at its own line, a text at the text's (in a translation, its catalog
        entry), a plain string at the block's."""
        where = src.locate(path)
        if isinstance(item, str):
            return Block("paragraph", (self._placed(src, normalise(item), where, where),), where)
        kind = item["kind"]
        if kind == "list":
            paras = tuple(
                self._placed(src, normalise(x), where, src.locate((*path, "items", j)))
                for j, x in enumerate(item["items"])
            )
            return Block(
                "list", paras, where, title=item.get("title"), style=item.get("style", "bullet")
            )
        if kind == "table":
            return Block("table", (), where, table=item["table"])
        if kind == "cards":
            return Block("cards", (), where, deck=item["deck"], ids=item.get("ids"))
        text_at = src.locate((*path, "text"))
        if kind == "heading":
            return Block(
                "heading", (self._placed(src, normalise(item["text"]), where, text_at),), where
            )
        if kind == "gap":
            # Casebook's note: a reference in it is not one the publisher made (no edge
            # of the citation graph, no XREF finding advising an erratum)
            paras = tuple(Para(p) for p in split_paragraphs(item["text"]))
            return Block(kind, paras, where)
        paras = tuple(self._placed(src, p, where, text_at) for p in split_paragraphs(item["text"]))
        return Block(kind, paras, where, label=item.get("label"), id=item.get("id"))

    def rule(self, src: SourceFile, data: dict[str, Any], at: JsonPath, parent: str) -> Rule:
        where = src.locate(at)
        level = self.levels.get(data["level"])
        number = data.get("number")
        if level is None:
            self.findings.append(
                Finding(
                    "MODEL001",
                    Severity.ERROR,
                    f"level {data['level']!r} is not declared in game.yaml",
                    src.locate((*at, "level")),
                    suggestion="declared levels: " + ", ".join(self.levels),
                )
            )
            level = Level(data["level"], "", None, "{number}", "{number}", number is None, False)
        if number is not None and level.pattern and not _fits(level, number, src, at):
            self.findings.append(
                Finding(
                    "MODEL002",
                    Severity.WARNING,
                    f"number {number!r} does not fit level {level.name!r} "
                    f"(pattern {level.pattern})",
                    src.locate((*at, "number")),
                    suggestion="check the number and the level against the source",
                )
            )
        if number is None:
            address = data["id"]
            label = ""
        else:
            address = level.address.replace("{parent}", parent).replace("{number}", number)
            label = data.get("label") or level.label.replace("{number}", number)
        title = data.get("title")
        children = tuple(
            self.rule(src, child, (*at, "children", i), address)
            for i, child in enumerate(data.get("children", []))
        )
        return Rule(
            address=address,
            number=number,
            level=level.name,
            title=normalise(title) if title else None,
            label=label,
            body=self.blocks(src, data.get("body", []), (*at, "body")),
            children=children,
            after=self.blocks(src, data.get("after", []), (*at, "after")),
            at=where,
        )


def duplicate_addresses(rules: tuple[Rule, ...]) -> list[Finding]:
    """MODEL003 at each rule whose address an earlier rule has (in reading order: a rule,
    then its children), naming the first."""
    seen: dict[str, Location] = {}
    found = []
    for rule in every_rule(rules):
        if rule.address in seen:
            found.append(
                Finding(
                    "MODEL003",
                    Severity.ERROR,
                    f"two rules have the address {rule.address!r}",
                    rule.at,
                    suggestion="each rule needs its own number (or id)",
                    related=(seen[rule.address],),
                )
            )
        else:
            seen[rule.address] = rule.at
    return found


FileRules = tuple[tuple[Rule, ...], list[Finding]]
"""One rules file's rules, and what reading them found."""

RulesRead = Callable[["RuleReader", list[SourceFile]], list[FileRules]]
"""Each rules file's rules and findings, in order, read with the reader given."""


def read_in_turn(
    reader: RuleReader, files: list[SourceFile]
) -> list[tuple[tuple[Rule, ...], list[Finding]]]:
    """Every rules file read here, one after another."""
    return [reader.file_rules(src) for src in files]


def rule_reader(sources: GameSources) -> RuleReader:
    """A reader of the game's rules files, with its levels and reference patterns."""
    game_src = sources.of_kind("game")[0]
    return RuleReader(_levels(game_src), _patterns(game_src, []))


def _fits(level: Level, number: str, src: SourceFile, at: JsonPath) -> bool:
    """Whether ``number`` fits its level's pattern, which is the game's: one that
    backtracks without end on the number ("^(\\d+)+$") stops the game (MODEL012) at
    the pattern, as a runaway reference pattern does, rather than hanging every verb."""
    try:
        with time_limit(LIMIT_SECONDS):
            return re.search(level.pattern or "", number) is not None
    except TimeLimitExceeded:
        raise CompileError(
            [
                Finding(
                    "MODEL012",
                    Severity.ERROR,
                    f"numbering pattern of level {level.name!r} ran for more than "
                    f"{LIMIT_SECONDS:g} s on the number {reprlib.repr(number)}: it "
                    "backtracks without end",
                    level.pattern_at or src.locate((*at, "number")),
                    suggestion="make each repeat unambiguous, e.g. ^\\d+(\\.\\d+)*$ rather "
                    "than ^(\\d+\\.?)+$",
                    related=(src.locate((*at, "number")),),
                )
            ]
        ) from None


def _levels(src: SourceFile) -> tuple[Level, ...]:
    raw = src.data["numbering"]["levels"]
    out = []
    for i, level in enumerate(raw):
        innermost = i == len(raw) - 1
        out.append(
            Level(
                name=level["name"],
                word=level.get("word", ""),
                pattern=level.get("pattern"),
                address=level.get("address", "{number}"),
                label=level.get("label", "{number}"),
                unnumbered=level.get("unnumbered", False),
                outline=level.get("outline", not innermost),
                pattern_at=src.locate(("numbering", "levels", i, "pattern")),
            )
        )
    return tuple(out)


def _patterns(src: SourceFile, findings: list[Finding]) -> tuple[RefPattern, ...]:
    out = []
    for i, p in enumerate(src.data.get("references", [])):
        if "(?P<targets>" not in p["pattern"]:
            findings.append(
                Finding(
                    "MODEL004",
                    Severity.ERROR,
                    f"reference pattern {p['name']!r} has no (?P<targets>…) group",
                    src.locate(("references", i, "pattern")),
                    suggestion="name the part that holds the number: (?P<targets>\\d+\\.\\d+)",
                )
            )
            continue
        if re.search(p["pattern"], ""):
            findings.append(
                Finding(
                    "MODEL004",
                    Severity.ERROR,
                    f"reference pattern {p['name']!r} matches empty text, so it would find "
                    "a reference between every two letters",
                    src.locate(("references", i, "pattern")),
                    suggestion="make the targets group need at least one character: "
                    "\\d+ rather than \\d*",
                )
            )
            continue
        out.append(
            RefPattern(
                p["name"],
                p["kind"],
                p["pattern"],
                p.get("each"),
                p.get("target", "{}"),
                p.get("in"),
                src.locate(("references", i, "pattern")),
            )
        )
    return tuple(out)


MAX_IDS = 100_000  # items one id range may number: more than any deck or counter mix


def _components(
    src: SourceFile, findings: list[Finding]
) -> tuple[tuple[Component, ...], tuple[StatedTotal, ...]]:
    comps = []
    for i, c in enumerate(src.data.get("components", [])):
        ids = c.get("ids")
        if ids and ids["to"] - ids["from"] + 1 > MAX_IDS:
            findings.append(
                Finding(
                    "MODEL007",
                    Severity.ERROR,
                    f"component {c['id']!r}: ids from {ids['from']} to {ids['to']} number "
                    f"{ids['to'] - ids['from'] + 1:,} items, more than any deck or counter "
                    f"mix (at most {MAX_IDS:,})",
                    src.locate(("components", i, "ids")),
                    suggestion="write the first and last id the component prints",
                )
            )
            ids = None  # not expanded: the game stops at the error
        comps.append(
            Component(
                id=c["id"],
                kind=c["kind"],
                name=c["name"],
                aliases=tuple(c.get("aliases", ())),
                quantity=c.get("quantity"),
                size=c.get("size"),
                part_of=c.get("part_of"),
                described_at=tuple(c.get("described_at", ())),
                faces=tuple(
                    Face(
                        f["side"],
                        f["shows"],
                        f.get("count"),
                        f.get("label"),
                        f.get("side_stated", True),
                    )
                    for f in c.get("faces", ())
                ),
                ids=IdRange(ids["format"], ids.get("cited_as"), ids["from"], ids["to"])
                if ids
                else None,
                names=tuple(c.get("names", ())),
                missing=c.get("missing"),
                notes=c.get("notes"),
                at=src.locate(("components", i)),
            )
        )
    totals = tuple(
        StatedTotal(t["kind"], t["quantity"], t["stated_at"], src.locate(("total", i)))
        for i, t in enumerate(src.data.get("total", []))
    )
    return tuple(comps), totals


def _each(sources: GameSources, kind: str, key: str) -> Iterator[tuple[SourceFile, int, Any]]:
    """Every item of list ``key`` in every file of ``kind``, with its file and index."""
    for src in sources.of_kind(kind):
        for i, item in enumerate(src.data[key]):
            yield src, i, item


def errata_of(sources: GameSources) -> tuple[Erratum, ...]:
    """The game's errata, as the model and a translation's fallback text read them."""
    return tuple(
        Erratum(
            e["id"],
            e["rule"],
            normalise(e["old"]),
            normalise(e["new"]),
            e.get("occurrence"),
            normalise(e["why"]),
            e.get("kind", "typo"),
            e.get("source"),
            src.locate(("errata", i)),
            e.get("field", "text"),
            tuple(e.get("tables", ())),
            tuple(src.locate(("errata", i, "tables", k)) for k in range(len(e.get("tables", ())))),
        )
        for src, i, e in _each(sources, "errata", "errata")
    )


def from_sources(
    sources: GameSources, read_rules: RulesRead = read_in_turn
) -> tuple[Game, list[Finding]]:
    """The game model plus the findings only the model can see.

    The rules are read last, by ``read_rules``: on a big game the pipeline
    reads them on two cores, this process taking its share once the rest of
    the model is made (compiler/pipeline.py). Their findings keep their place
    in the list, after the reference patterns'.
    """
    findings: list[Finding] = []
    game_src = sources.of_kind("game")[0]
    g = game_src.data
    levels = _levels(game_src)
    patterns = _patterns(game_src, findings)
    reader = RuleReader(levels, patterns)
    rules_at = len(findings)
    findings.extend(duplicate_ids(sources))

    components: tuple[Component, ...] = ()
    totals: tuple[StatedTotal, ...] = ()
    for src in sources.of_kind("components"):
        more, more_totals = _components(src, findings)
        components += more
        totals += more_totals
    glossary = tuple(
        Term(
            t["term"],
            normalise(t["meaning"]),
            t.get("abbreviation", False),
            tuple(t.get("see", ())),
            src.locate(("terms", i)),
        )
        for src, i, t in _each(sources, "glossary", "terms")
    )
    errata = errata_of(sources)
    examples = tuple(
        Example(
            x["id"],
            x["rule"],
            x["procedure"],
            x.get("title"),
            x.get("situation", {}),
            tuple(x["steps"]),
            x.get("outcome", {}),
            tuple(x.get("gaps", ())),
            tuple(x.get("discrepancies", ())),
            src.locate(("examples", i)),
            tuple(src.locate(("examples", i, "steps", j)) for j in range(len(x["steps"]))),
        )
        for src, i, x in _each(sources, "examples", "examples")
    )
    setups = tuple(
        Setup(
            s["id"],
            s["rule"],
            s["side"],
            tuple(s["placements"]),
            tuple(s.get("notes", ())),
            s.get("missing"),
            src.locate(("setups", i)),
        )
        for src, i, s in _each(sources, "setup", "setups")
    )
    source = g["source"]
    game = Game(
        id=g["id"],
        title=g["title"],
        subtitle=g.get("subtitle"),
        publisher=g.get("publisher"),
        language=g["language"],
        source_title=source["title"],
        source_file=source.get("file"),
        source_notes=source.get("notes"),
        levels=levels,
        patterns=patterns,
        rules=(),
        components=components,
        totals=totals,
        glossary=glossary,
        errata=errata,
        examples=examples,
        setups=setups,
        edition="original",
        at=game_src.locate(()),
        title_at=game_src.locate(("title",)),
        front_at=tuple(
            (".".join(at), game_src.locate(at))
            for at in (("subtitle",), ("publisher",), ("source", "title"))
            if game_src.has(at)
        ),
        tables=tuple(t for src in sources.of_kind("tables") for t in from_parts.tables(src)),
        decks=tuple(
            d for src in sources.of_kind("cards") for d in from_parts.decks(src, reader.placed_para)
        ),
        maps=tuple(m for src in sources.of_kind("maps") for m in from_parts.maps(src)),
        books=tuple(from_parts.book(src) for src in sources.of_kind("entries")),
        layouts=tuple(x for src in sources.of_kind("layouts") for x in from_kit.layouts(src)),
        counter_sheets=tuple(
            x for src in sources.of_kind("counters") for x in from_kit.counter_sheets(src)
        ),
        counters_left_out=tuple(
            x for src in sources.of_kind("counters") for x in from_kit.left_out(src)
        ),
        procedures=tuple(
            x for src in sources.of_kind("procedures") for x in from_parts.procedures(src)
        ),
        translation_of=g.get("translation_of"),
        termbase=next((from_l10n.termbase(src) for src in sources.of_kind("termbase")), None),
        aid_sequence=tuple(g.get("player_aids", {}).get("sequence", ())),
        forms=tuple(
            (f["table"], tuple(f.get("write_in", ())))
            for f in g.get("player_aids", {}).get("forms", ())
        ),
        lint_ignore=tuple(
            (i["code"], i.get("rule"), i.get("target")) for i in g.get("lint", {}).get("ignore", [])
        ),
    )
    for src in sources.of_kind("parameters"):
        params, variants = from_parts.parameters(src)
        game = replace(game, parameters=game.parameters + params, variants=game.variants + variants)
    read = read_rules(reader, list(sources.of_kind("rules")))
    rules = tuple(rule for file_rules, _ in read for rule in file_rules)
    findings[rules_at:rules_at] = [f for _, found in read for f in found] + duplicate_addresses(
        rules
    )
    game = replace(game, rules=rules)
    findings.extend(_unknown_tables(game))
    findings.extend(_unknown_cards(game))
    findings.extend(_unknown_roll_columns(game))
    findings.extend(_unknown_aid_rules(game, game_src))
    findings.extend(
        from_kit.kit_findings(
            game.layouts,
            game.counter_sheets,
            game.counters_left_out,
            [(d.id, d.layout, d.at) for d in game.decks],
            game.components,
        )
    )
    findings.extend(_unknown_parameters(game))
    return game, findings


def _unknown_parameters(game: Game) -> list[Finding]:
    """An override must name a parameter, a variant must include real variants."""
    params = {p.id for p in game.parameters}
    variants = {v.id for v in game.variants}
    out = []
    for variant in game.variants:
        for name in variant.includes:
            if name not in variants:
                out.append(
                    Finding(
                        "MODEL006",
                        Severity.ERROR,
                        f"variant {variant.id!r} includes {name!r}, which is not a variant",
                        variant.at,
                        suggestion="variants: " + ", ".join(sorted(variants)),
                    )
                )
        for override in variant.overrides:
            if override.parameter and override.parameter not in params:
                out.append(
                    Finding(
                        "MODEL006",
                        Severity.ERROR,
                        f"variant {variant.id!r} overrides {override.parameter!r}, "
                        "which is not a parameter",
                        override.at,
                        suggestion="parameters: " + (", ".join(sorted(params)) or "none"),
                    )
                )
    return out


def _unknown_aid_rules(game: Game, src: SourceFile) -> list[Finding]:
    """The player aids' sequence of play must name rules that exist."""
    known = {r.address for r in game.all_rules()}
    return [
        Finding(
            "MODEL009",
            Severity.ERROR,
            f"player_aids.sequence names rule {address!r}, which the rules do not hold",
            src.locate(("player_aids", "sequence", i)),
            suggestion='use a rule\'s address: its number ("3.0") or, if unnumbered, its id',
        )
        for i, address in enumerate(game.aid_sequence)
        if address not in known
    ] + [
        Finding(
            "MODEL009",
            Severity.ERROR,
            f"player_aids.forms names table {table!r}, which tables.yaml does not hold",
            src.locate(("player_aids", "forms", i)),
            suggestion="tables: " + ", ".join(sorted(t.id for t in game.tables)),
        )
        for i, (table, _) in enumerate(game.forms)
        if game.table(table) is None
    ]


def _unknown_tables(game: Game) -> list[Finding]:
    """A table block must name a table in tables.yaml: there is nothing else to print."""
    known = {t.id for t in game.tables}
    return [
        Finding(
            "MODEL005",
            Severity.ERROR,
            f"{rule.address}: table block names {block.table!r}, which tables.yaml does not hold",
            block.at,
            suggestion="known tables: " + ", ".join(sorted(known))
            if known
            else f"the game has no tables yet: write tables.yaml with a table of id {block.table}",
        )
        for rule in game.all_rules()
        for block in rule.blocks()
        if block.kind == "table" and block.table not in known
    ]


def _unknown_cards(game: Game) -> list[Finding]:
    """A cards block must name a deck and find a card of it that no block before it
    prints: a block printing nothing would leave its heading as empty as before, and
    two printing one card would print it twice."""
    decks = {d.id: d for d in game.decks}
    found = []
    printed: dict[tuple[str, str], tuple[str, Block]] = {}  # (deck, card) -> first printer
    for rule in game.all_rules():
        for block in rule.blocks():
            if block.kind != "cards":
                continue
            deck = decks.get(block.deck or "")
            chosen = selected_cards(deck, block.ids) if deck is not None else []
            again = [(c, printed[(deck.id, c.id)]) for c in chosen if (deck.id, c.id) in printed]
            said, hint, related = "", "", ()
            if deck is None:
                said = f"names deck {block.deck!r}, which cards.yaml does not hold"
                hint = "known decks: " + (", ".join(sorted(decks)) or "none yet")
            elif not chosen:
                said = f"selects no card of deck {deck.id!r} by ids {block.ids!r}"
                hint = (
                    "its cards: "
                    + ", ".join(c.id for c in deck.cards[:6])
                    + (", …" if len(deck.cards) > 6 else "")
                )
            elif again:
                (card, (other, first)), more = again[0], len(again) - 1
                said = (
                    f"selects card {card.id!r}"
                    + (f" and {more} more" if more else "")
                    + f", which the cards block of {other} prints already: the book would "
                    "print it twice"
                )
                hint = f"narrow 'ids' (now {block.ids!r}) so that each card is printed once"
                related = (first.at,)
            for card in chosen if deck is not None else ():
                printed.setdefault((deck.id, card.id), (rule.address, block))
            if hint:
                found.append(
                    Finding(
                        "MODEL014",
                        Severity.ERROR,
                        f"{rule.address}: cards block {said}",
                        block.at,
                        suggestion=hint,
                        related=related,
                    )
                )
    return found


def _unknown_roll_columns(game: Game) -> list[Finding]:
    """A table's roll_column must be one of its columns: lookups and checks read it."""
    return [
        Finding(
            "MODEL010",
            Severity.ERROR,
            f"table {table.id!r}: roll_column {table.roll_column!r} is not one of its columns",
            table.roll_column_at or table.at,
            suggestion="columns: " + ", ".join(c.key for c in table.columns),
        )
        for table in game.tables
        if table.roll_column and table.roll_column not in {c.key for c in table.columns}
    ]
