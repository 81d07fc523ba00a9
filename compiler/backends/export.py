"""Rules in reading order as plain text or JSON, for diffing editions.

Text: one block per rule, its number first, paragraphs as printed. JSON: the
same tree with addresses, levels, titles, blocks and resolved references.
"""

from __future__ import annotations

import json
from typing import Any

from compiler.backends.labels import label
from compiler.graph import Graphs
from compiler.model.cards import Card, Deck
from compiler.model.entries import Entry, condition_text, step_text, table_title
from compiler.model.game import Game
from compiler.model.rules import Block, Rule
from compiler.model.tables import Table
from compiler.reference.lookup import RulesReference


def entry_lines(entry: Entry) -> list[str]:
    """An entry as text: narrative, then each table row as 'label<TAB>steps'."""
    lines = []
    for block in entry.blocks:
        if block.kind in ("narrative", "heading"):
            lines.append(block.text or "")
            continue
        title = table_title(block)
        if title:
            lines.append(title)
        for row in block.rows:
            lead = condition_text(row) if (row.label or row.condition) else ""
            steps = " ".join(step_text(s) for s in row.steps)
            lines.append(f"{lead}\t{steps}" if lead else steps)
    return lines


def _table_lines(table: Table | None, heading: str | None = None) -> list[str]:
    """A table as text: its title (unless the rule's heading already says it), the column
    labels, then one line per row (tab-separated)."""
    if table is None:
        return []
    title = table.title_under(heading)
    lines = [title] if title else []
    labels = "\t".join(c.label for c in table.columns)
    lines += [labels] if labels.strip() else []
    return lines + ["\t".join(row) for row in table.rows]


def _block_lines(block: Block, game: Game, heading: str | None = None) -> list[str]:
    texts = [p.text for p in block.paras]
    if block.kind == "paragraph":
        return texts
    if block.kind == "heading":
        return texts
    if block.kind == "list":
        bullet = "• " if block.style == "bullet" else ""
        lines = [block.title] if block.title else []
        return lines + [bullet + t for t in texts]
    if block.kind == "table":
        return _table_lines(game.table(block.table or ""), heading)
    if block.kind == "cards":  # the cards the book prints here, as the Cards section would
        deck, cards = game.cards_printed_by(block) or (None, [])
        return [line for card in cards for line in _card_lines(game, deck, card, heading)]
    if block.kind == "gap":
        return [_gap_line(game, t) for t in texts]
    lead = f"{block.label} " if block.label else ""
    return [lead + texts[0], *texts[1:]] if texts else []


def _rule_text(rule: Rule, game: Game) -> list[str]:
    head = " ".join(x for x in (rule.label, rule.title) if x)
    lines = [p for b in rule.body for p in _block_lines(b, game, rule.title)]
    if head and lines and not rule.title:
        lines[0] = f"{head} {lines[0]}"
    elif head:
        lines.insert(0, head)
    out = ["\n".join(lines)] if lines else []
    for child in rule.children:
        out.extend(_rule_text(child, game))
    after = [p for b in rule.after for p in _block_lines(b, game, rule.title)]
    if after:
        out.append("\n".join(after))
    return out


def _card_lines(game: Game, deck: Deck, card: Card, heading: str | None = None) -> list[str]:
    """A card as text: its id (when printed) and title, its fields, its paragraphs, and
    Casebook's gap note marked as the PDFs mark it."""
    shown_id = f"[{card.id}]" if deck.ids_printed else None
    lines = [" ".join(x for x in (shown_id, card.title) if x)]
    lines += [f"{label}: {value}" for label, value in card.fields_to_print(heading)]
    lines += [p.text for p in card.paras]
    return lines + ([_gap_line(game, card.gap)] if card.gap else [])


def _gap_line(game: Game, text: str) -> str:
    """Casebook's words on what the source lacks, marked as the PDFs mark them."""
    return f"[{label(game.language, 'gap-mark')} {text}]"


def to_text(game: Game) -> str:
    """Plain text: a header, then one blank-line-separated block per rule."""
    header = f"{game.title} — {game.edition} edition ({game.language})"
    blocks = [header]
    for rule in game.rules:
        blocks.extend(_rule_text(rule, game))
    for deck, cards in game.cards_section():  # not those printed in their rule's text
        blocks.extend("\n".join(_card_lines(game, deck, card)) for card in cards)
    for book in game.books:
        blocks.append("\n".join(x for x in (book.title, book.notice) if x))
        for entry in sorted(book.entries, key=lambda e: e.number):
            blocks.append("\n".join([str(entry.number), *entry_lines(entry)]))
    return "\n\n".join(blocks) + "\n"


def _block_json(block: Block, graphs: Graphs) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": block.kind}
    for key in ("label", "title", "style", "id", "table", "deck", "ids"):
        value = getattr(block, key)
        if value is not None:
            out[key] = value
    out["text"] = [p.text for p in block.paras]
    # status: resolved, gap (what the source lacks) or unresolved, as the reference graph
    # finds it (the HTML links the first alone): a dead reference looked like a live one
    status = graphs.references.status
    refs = [
        {"text": r.phrase, "target": r.target, "kind": r.kind, "status": status(r)}
        for p in block.paras
        for r in p.refs
    ]
    if refs:
        out["references"] = refs
    # where each change stands (paragraph, characters): overlapping errata nest, and
    # without places a change's "new" could not be told from its neighbour's
    changes = [
        {
            "erratum": c.erratum,
            "old": c.old,
            "new": p.text[c.start : c.end],
            "paragraph": i,
            "start": c.start,
            "end": c.end,
        }
        for i, p in enumerate(block.paras)
        for c in p.changes
    ]
    if changes:
        out["changes"] = changes
    return out


def _rule_json(rule: Rule, graphs: Graphs, ref: RulesReference) -> dict[str, Any]:
    out: dict[str, Any] = {"address": rule.address, "level": rule.level}
    if rule.number is not None:
        out["number"] = rule.number
        out["label"] = rule.label
    if rule.title:
        out["title"] = rule.title
    if rule.title_errata:
        out["title_errata"] = list(rule.title_errata)
    out["body"] = [_block_json(b, graphs) for b in rule.body]
    cited = graphs.references.cited_by(rule.address)
    if cited:
        out["cited_by"] = cited
    cards = [card_id for card_id, _ in ref.cards_citing(rule.address)]
    if cards:
        out["cited_by_cards"] = cards
    out["children"] = [_rule_json(c, graphs, ref) for c in rule.children]
    if rule.after:
        out["after"] = [_block_json(b, graphs) for b in rule.after]
    return out


def to_json(game: Game, graphs: Graphs) -> str:
    ref = RulesReference(game, graphs)  # who cites a rule, cards included
    doc = {
        "game": game.id,
        "title": game.title,
        "language": game.language,
        "edition": game.edition,
        "rules": [_rule_json(r, graphs, ref) for r in game.rules],
        "tables": [
            {
                "id": t.id,
                "title": t.title,
                "title_printed": t.title_printed,
                "rule": t.rule,
                "dice": t.dice,
                "columns": [{"key": c.key, "label": c.label} for c in t.columns],
                "rows": [dict(zip([c.key for c in t.columns], row, strict=True)) for row in t.rows],
                **({"missing": t.missing} if t.missing else {}),
            }
            for t in game.tables
        ],
        "cards": [
            {
                "deck": d.id,
                "ids_printed": d.ids_printed,
                "component": d.component,
                "cards": [
                    {
                        "id": c.id,
                        "title": c.title,
                        "fields": dict(c.fields),
                        "text": [p.text for p in c.paras],
                        **({"gap": c.gap} if c.gap else {}),
                    }
                    for c in d.cards
                ],
            }
            for d in game.decks
        ],
        "maps": [
            {
                "id": m.id,
                "name": m.name,
                "spaces": [s.id for s in m.spaces],
                "connections": [[c.a, c.b] for c in m.connections],
                **({"missing": m.missing} if m.missing else {}),
            }
            for m in game.maps
        ],
        "parameters": [
            {
                "id": p.id,
                "subject": p.subject,
                "statements": [
                    {"rule": st.rule, "text": st.text, "stated": st.shown()} for st in p.statements
                ],
            }
            for p in game.parameters
        ],
        "variants": [
            {
                "id": v.id,
                "name": v.name,
                "rule": v.rule,
                "includes": list(v.includes),
                "overrides": [
                    {
                        "parameter": o.parameter,
                        "replaces": o.replaces,
                        "value": o.value,
                        "min": o.min,
                        "max": o.max,
                        "text": o.text,
                    }
                    for o in v.overrides
                ],
            }
            for v in game.variants
        ],
        "books": [
            {
                "id": b.id,
                "title": b.title,
                "publisher_content": b.publisher_content,
                "notice": b.notice,
                "start": b.start,
                "entries": [{"number": e.number, "text": entry_lines(e)} for e in b.entries],
            }
            for b in game.books
        ],
    }
    return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
