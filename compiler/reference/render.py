"""A look-up answer as a person reads it in a terminal, or as JSON for tools."""

from __future__ import annotations

import reprlib
import textwrap
from typing import Any

from compiler.reference.lookup import (
    Answer,
    CardAnswer,
    CardHit,
    Citation,
    ComponentAnswer,
    RuleAnswer,
    TermAnswer,
)

_WIDTH = 78


def _names(pairs: tuple[tuple[str, str], ...]) -> str:
    return ", ".join(heading for _, heading in pairs)


GAP_TAG = "not in the source"  # a gap note (a rule's or a card's): Casebook's words


def _field(label: str, value: str) -> list[str]:
    if not value:
        return []
    if len(label) >= 10:  # a card's field ("Condizione") ran into its value
        return [
            label,
            *textwrap.wrap(value, _WIDTH, initial_indent=" " * 10, subsequent_indent=" " * 10),
        ]
    return textwrap.wrap(value, _WIDTH, initial_indent=f"{label:<10}", subsequent_indent=" " * 10)


def _cites(cites: tuple[Citation, ...]) -> str:
    return ", ".join(c.text + ("" if c.status == "resolved" else f" [{c.status}]") for c in cites)


def _rule_text(answer: RuleAnswer) -> list[str]:
    lines = [" › ".join(answer.place), str(answer.at), ""]
    for kind, text in answer.paragraphs:
        # a gap is Casebook's words for what the printed book shows there
        shown = GAP_TAG if kind == "gap" else kind
        prefix = "" if kind in ("paragraph", "list") else f"[{shown}] "
        lines += textwrap.wrap(prefix + text, _WIDTH, initial_indent="  ", subsequent_indent="  ")
        lines.append("")
    if not answer.paragraphs and answer.children:
        lines += ["  (no text of its own)", ""]
    lines += _field("contains", _names(answer.children))
    lines += _field("tables", ", ".join(f"{title} ({tid})" for tid, title in answer.tables))
    lines += _field("cites", _cites(answer.cites))
    lines += _field("cited by", _names(answer.cited_by + answer.cited_by_cards) or "—")
    lines += _field("terms", ", ".join(t.term for t in answer.terms))
    return lines


def _term_text(answer: TermAnswer) -> list[str]:
    term = answer.term
    kind = "abbreviation" if term.abbreviation else "glossary term"
    lines = [f"{term.term} — {term.meaning}  ({kind}, {term.at})"]
    lines += _field("defined", _names(answer.see))
    used = answer.used_in
    shown = _names(used[:12]) + (f" and {len(used) - 12} more" if len(used) > 12 else "")
    lines += _field("used in", shown or "—")
    return lines


def _component_text(answer: ComponentAnswer) -> list[str]:
    comp = answer.component
    count = f"{comp.quantity} × " if comp.quantity else ""
    lines = [f"{count}{comp.name}  ({comp.kind}, id {comp.id}, {comp.at})"]
    if answer.item:  # one id of it: "cited by" is that id's citations alone
        lines.append(f"id {answer.item}: one of the {comp.name}")
    if comp.missing:
        lines += _field("missing", comp.missing)
    for face in comp.faces:
        lines += _field(face.side, face.shows)
    lines += _field("described", _names(answer.described_at))
    lines += _field("cited by", _names(answer.cited_by + answer.cited_by_cards))
    return lines


def _card_text(answer: CardAnswer) -> list[str]:
    card, deck = answer.card, answer.deck
    lines = [f"{deck.title or deck.id} › {card.title or card.id}"]
    lines += [f"card {card.id}, deck {deck.id} (component {deck.component}), {card.at}", ""]
    for para in card.paras:
        lines += textwrap.wrap(para.text, _WIDTH, initial_indent="  ", subsequent_indent="  ")
        lines.append("")
    if card.gap:  # Casebook's words for what the printed card shows there
        gap = f"[{GAP_TAG}] {card.gap}"
        lines += [*textwrap.wrap(gap, _WIDTH, initial_indent="  ", subsequent_indent="  "), ""]
    if card.missing:
        lines += _field("missing", card.missing)
    for label, value in card.fields:
        lines += _field(label, value)
    if card.copies != 1:
        lines += _field("copies", str(card.copies))
    lines += _field("cites", _cites(answer.cites))
    lines += _field("cited by", _names(answer.cited_by + answer.cited_by_cards) or "—")
    return lines


def _count(shown: int, total: int, what: str) -> str:
    """ "3 rule(s)", or "the best 10 of 43 rules" when the search shows only some."""
    if total > shown:
        return f"the best {shown} of {total} {what}s"
    return f"{shown} {what}(s)"


def _card_hits_text(query: str, hits: tuple[CardHit, ...], total: int = 0) -> list[str]:
    """Card hits after the rule hits, each read as its own answer begins: deck › card,
    then its id and place, then the words round the match (as a rule hit's are)."""
    found = f"{_count(len(hits), total, 'card')} hold every word of {reprlib.repr(query)}"
    lines = [found + " (or a longer form of it):", ""]
    for hit in hits:
        card, deck = hit.card, hit.deck
        lines.append(f"  {deck.title or deck.id} › {card.title or card.id}")
        lines.append(f"      card {card.id}, {card.at}")
        lines += textwrap.wrap(
            hit.snippet, _WIDTH, initial_indent="      ", subsequent_indent="      "
        )
    return lines


def to_text(answer: Answer) -> str:
    """The answer as plain text; sections are separated by a blank line."""
    parts: list[list[str]] = []
    parts += [_rule_text(r) for r in answer.rules]
    parts += [_term_text(t) for t in answer.terms]
    parts += [_component_text(c) for c in answer.components]
    parts += [_card_text(c) for c in answer.cards]
    if answer.hits:
        found = (
            f"{_count(len(answer.hits), answer.hits_total, 'rule')} hold every word of "
            f"{reprlib.repr(answer.query)}"
        )
        lines = [found + " (or a longer form of it):", ""]
        for hit in answer.hits:
            lines.append("  " + " › ".join(hit.place))
            lines += textwrap.wrap(
                hit.snippet, _WIDTH, initial_indent="      ", subsequent_indent="      "
            )
        parts.append(lines)
    if answer.card_hits:
        parts.append(_card_hits_text(answer.query, answer.card_hits, answer.card_hits_total))
    return "\n\n".join("\n".join(p).rstrip() for p in parts) + "\n"


def to_json(answer: Answer) -> dict[str, Any]:
    """The answer as JSON-ready data (locations as "file:line:col")."""

    def pairs(items: tuple[tuple[str, str], ...]) -> list[dict[str, str]]:
        return [{"address": a, "heading": h} for a, h in items]

    def cards(items: tuple[tuple[str, str], ...]) -> list[dict[str, str]]:
        return [{"id": c, "heading": h} for c, h in items]

    def cites(items: tuple[Citation, ...]) -> list[dict[str, str]]:
        return [
            {"kind": c.kind, "target": c.target, "text": c.text, "status": c.status} for c in items
        ]

    def term(t) -> dict[str, Any]:
        return {"term": t.term, "meaning": t.meaning, "abbreviation": t.abbreviation}

    return {
        "query": answer.query,
        "rules": [
            {
                "address": r.address,
                "heading": r.heading,
                "place": list(r.place),
                "at": str(r.at),
                "text": [{"kind": k, "text": t} for k, t in r.paragraphs],
                "contains": pairs(r.children),
                "cites": cites(r.cites),
                "cited_by": pairs(r.cited_by),
                "terms": [term(t) for t in r.terms],
                "cited_by_cards": cards(r.cited_by_cards),
                "tables": [{"id": tid, "title": title} for tid, title in r.tables],
            }
            for r in answer.rules
        ],
        "terms": [
            {**term(t.term), "see": pairs(t.see), "used_in": pairs(t.used_in)} for t in answer.terms
        ],
        "components": [
            {
                "id": c.component.id,
                "name": c.component.name,
                "kind": c.component.kind,
                "quantity": c.component.quantity,
                "missing": c.component.missing,
                "described_at": pairs(c.described_at),
                "cited_by": pairs(c.cited_by),
                "cited_by_cards": cards(c.cited_by_cards),
                "item": c.item,
            }
            for c in answer.components
        ],
        # how many rules and cards hold every word: "search" lists the best ten of each
        "search_total": {"rules": answer.hits_total, "cards": answer.card_hits_total},
        # rule hits keep the keys they always had; a card hit says it is one
        "search": [
            {"address": h.address, "heading": h.heading, "snippet": h.snippet} for h in answer.hits
        ]
        + [
            {
                "kind": "card",
                "id": h.card.id,
                "title": h.card.title,
                "heading": h.heading,
                "deck": h.deck.id,
                "deck_title": h.deck.title,
                "at": str(h.card.at),
                "snippet": h.snippet,
            }
            for h in answer.card_hits
        ],
        "cards": [
            {
                "id": c.card.id,
                "title": c.card.title,
                "heading": c.heading,
                "deck": c.deck.id,
                "deck_title": c.deck.title,
                "component": c.deck.component,
                "at": str(c.card.at),
                "text": [p.text for p in c.card.paras],
                "fields": [{"label": k, "value": v} for k, v in c.card.fields],
                "copies": c.card.copies,
                "missing": c.card.missing,
                "gap": c.card.gap,
                "cites": cites(c.cites),
                "cited_by": pairs(c.cited_by),
                "cited_by_cards": cards(c.cited_by_cards),
            }
            for c in answer.cards
        ],
    }
