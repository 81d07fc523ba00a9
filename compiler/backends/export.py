"""Rules in reading order as plain text or JSON, for diffing editions.

Text: one block per rule, its number first, paragraphs as printed. JSON: the
same tree with addresses, levels, titles, blocks and resolved references.
"""

from __future__ import annotations

import json
from typing import Any

from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.rules import Block, Rule


def _block_lines(block: Block) -> list[str]:
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
        return [f"[table {block.table}]"]
    label = f"{block.label} " if block.label else ""
    return [label + texts[0], *texts[1:]] if texts else []


def _rule_text(rule: Rule) -> list[str]:
    head = " ".join(x for x in (rule.label, rule.title) if x)
    lines = [p for b in rule.body for p in _block_lines(b)]
    if head and lines and not rule.title:
        lines[0] = f"{head} {lines[0]}"
    elif head:
        lines.insert(0, head)
    out = ["\n".join(lines)] if lines else []
    for child in rule.children:
        out.extend(_rule_text(child))
    after = [p for b in rule.after for p in _block_lines(b)]
    if after:
        out.append("\n".join(after))
    return out


def to_text(game: Game) -> str:
    """Plain text: a header, then one blank-line-separated block per rule."""
    header = f"{game.title} — {game.edition} edition ({game.language})"
    blocks = [header]
    for rule in game.rules:
        blocks.extend(_rule_text(rule))
    return "\n\n".join(blocks) + "\n"


def _block_json(block: Block) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": block.kind}
    for key in ("label", "title", "style", "id", "table"):
        value = getattr(block, key)
        if value is not None:
            out[key] = value
    out["text"] = [p.text for p in block.paras]
    refs = [
        {"text": r.phrase, "target": r.target, "kind": r.kind} for p in block.paras for r in p.refs
    ]
    if refs:
        out["references"] = refs
    changes = [
        {"erratum": c.erratum, "old": c.old, "new": p.text[c.start : c.end]}
        for p in block.paras
        for c in p.changes
    ]
    if changes:
        out["changes"] = changes
    return out


def _rule_json(rule: Rule, graphs: Graphs) -> dict[str, Any]:
    out: dict[str, Any] = {"address": rule.address, "level": rule.level}
    if rule.number is not None:
        out["number"] = rule.number
        out["label"] = rule.label
    if rule.title:
        out["title"] = rule.title
    out["body"] = [_block_json(b) for b in rule.body]
    cited = graphs.references.cited_by(rule.address)
    if cited:
        out["cited_by"] = cited
    out["children"] = [_rule_json(c, graphs) for c in rule.children]
    if rule.after:
        out["after"] = [_block_json(b) for b in rule.after]
    return out


def to_json(game: Game, graphs: Graphs) -> str:
    doc = {
        "game": game.id,
        "title": game.title,
        "language": game.language,
        "edition": game.edition,
        "rules": [_rule_json(r, graphs) for r in game.rules],
    }
    return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
