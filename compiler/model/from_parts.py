"""Translate the validated data of tables, cards, maps and paragraph books.

Companion of from_source.py (kept apart so each stays readable); like it,
the only code that reads ``SourceFile.data`` for these kinds.
"""

from __future__ import annotations

from typing import Any

from compiler.diagnostics import Location
from compiler.load.yaml_nodes import SourceFile
from compiler.model.cards import Card, Deck
from compiler.model.entries import Book, Entry, EntryBlock, Row, Step
from compiler.model.maps import Connection, GameMap, Route, Size, Space
from compiler.model.parameters import Override, Parameter, Statement, Variant
from compiler.model.procedures import Procedure, ProcedureStep
from compiler.model.tables import Column, Table
from compiler.model.text import normalise, split_paragraphs

_ACTIONS = (
    "turn_to",
    "turn_to_book",
    "draw_card",
    "discard_card",
    "draw_map",
    "discard_map",
    "take_equipment",
    "circle",
    "cross_out",
    "tracking_points",
    "security_level",
    "advance_time",
    "select_agents",
    "regroup",
    "injure",
    "kill",
    "end_mission",
)


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))  # 3.0 -> "3"; 1e308 stays "1e+308", not 309 digits
    return normalise(str(value))


def tables(src: SourceFile) -> tuple[Table, ...]:
    out = []
    for i, t in enumerate(src.data["tables"]):
        columns = tuple(Column(c["key"], c["label"]) for c in t["columns"])
        rows = tuple(tuple(_cell(r.get(c.key)) for c in columns) for r in t.get("rows", []))
        out.append(
            Table(
                id=t["id"],
                title=normalise(t["title"]),
                rule=t.get("rule"),
                component=t.get("component"),
                dice=t.get("dice"),
                roll_column=t.get("roll_column"),
                columns=columns,
                rows=rows,
                notes=t.get("notes"),
                missing=t.get("missing"),
                at=src.locate(("tables", i)),
                row_at=tuple(src.locate(("tables", i, "rows", j)) for j in range(len(rows))),
                title_printed=t.get("title_printed", True),
                roll_column_at=src.locate(("tables", i, "roll_column")),
            )
        )
    return tuple(out)


def procedures(src: SourceFile) -> tuple[Procedure, ...]:
    out = []
    for i, p in enumerate(src.data["procedures"]):
        steps = tuple(
            ProcedureStep(
                s["rule"],
                s["op"],
                s.get("with", {}),
                s.get("says"),
                src.locate(("procedures", i, "steps", j)),
            )
            for j, s in enumerate(p["steps"])
        )
        out.append(
            Procedure(
                id=p["id"],
                rule=p["rule"],
                title=p.get("title"),
                kind=p["kind"],
                params=p.get("params", {}),
                inputs=tuple(p.get("inputs", {}).items()),
                steps=steps,
                gaps=tuple(p.get("gaps", ())),
                at=src.locate(("procedures", i)),
                tables=_tables_named(src, i, p),
            )
        )
    return tuple(out)


def _tables_named(src: SourceFile, i: int, p: dict) -> tuple[tuple[object, Location], ...]:
    """Each ``table:`` of a procedure's params and its steps' ``with:``, where written."""
    named: list[tuple[tuple[str | int, ...], object]] = [(("params",), p.get("params"))]
    named += [(("steps", j, "with"), s.get("with")) for j, s in enumerate(p["steps"])]
    return tuple(
        (params["table"], src.locate(("procedures", i, *place, "table")))
        for place, params in named
        if isinstance(params, dict) and "table" in params
    )


def decks(src: SourceFile, para) -> tuple[Deck, ...]:
    """``para(src, text, at)`` makes a paragraph written at ``at`` with its references
    found, each placed at its own line and column (as a rule's are)."""
    out = []
    for i, d in enumerate(src.data["decks"]):
        labels = {f["key"]: f["label"] for f in d.get("fields", [])}
        cards = []
        for j, c in enumerate(d["cards"]):
            at = src.locate(("decks", i, "cards", j))
            text_at = src.locate(("decks", i, "cards", j, "text"))  # a translation's: its entry
            fields = tuple((labels.get(k, k), _cell(v)) for k, v in c.get("fields", {}).items())
            cards.append(
                Card(
                    id=c["id"],
                    title=c.get("title"),
                    paras=tuple(para(src, p, text_at) for p in split_paragraphs(c.get("text", ""))),
                    copies=c.get("copies", 1),
                    fields=fields,
                    values=tuple((k, _cell(v)) for k, v in c.get("fields", {}).items()),
                    missing=c.get("missing"),
                    at=at,
                    gap=c.get("gap"),
                )
            )
        out.append(
            Deck(
                d["id"],
                d["component"],
                d.get("title"),
                d.get("rule"),
                tuple(cards),
                d.get("missing"),
                src.locate(("decks", i)),
                d.get("ids_printed", True),
                d.get("layout"),
                tuple(labels.items()),
            )
        )
    return tuple(out)


def _size(data: dict[str, Any] | None) -> Size | None:
    return Size(data["width"], data["height"], data["unit"]) if data else None


def maps(src: SourceFile) -> tuple[GameMap, ...]:
    out = []
    for i, m in enumerate(src.data["maps"]):
        spaces = tuple(
            Space(
                s["id"],
                s["name"],
                s.get("kind"),
                _size(s.get("size")),
                s.get("order"),
                src.locate(("maps", i, "spaces", j)),
            )
            for j, s in enumerate(m.get("spaces", []))
        )
        connections = tuple(
            Connection(
                c["between"][0],
                c["between"][1],
                c.get("kind"),
                c.get("directed", False),
                src.locate(("maps", i, "connections", j)),
            )
            for j, c in enumerate(m.get("connections", []))
        )
        out.append(
            GameMap(
                m["id"],
                m["name"],
                m.get("component"),
                m.get("rule"),
                _size(m.get("size")),
                spaces,
                connections,
                m.get("connections_from"),
                m.get("missing"),
                src.locate(("maps", i)),
                tuple(
                    Route(
                        r["rule"],
                        normalise(r["text"]),
                        r["from"],
                        r["to"],
                        tuple(r.get("avoiding", ())),
                        src.locate(("maps", i, "requires", j)),
                    )
                    for j, r in enumerate(m.get("requires", []))
                ),
            )
        )
    return tuple(out)


def _step(data: dict[str, Any]) -> Step:
    action = next((a for a in _ACTIONS if a in data), "text")
    value = data.get(action, data.get("text"))
    extra = tuple((k, v) for k, v in data.items() if k not in (action, "text", "team_sheet"))
    text = data.get("text")  # a step may be only a mark ({team_sheet: true}): no text
    return Step(action, value, text, data.get("team_sheet", False), extra)


def _steps(items: list[dict[str, Any]]) -> tuple[Step, ...]:
    return tuple(_step(s) for s in items)


def _condition(data: dict[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple((k, v) for k, v in (data or {}).items() if k != "text")


def entry_block(data: Any) -> EntryBlock:
    """One block of a paragraph-book entry; worked examples reuse it for their boxes."""
    if isinstance(data, str):
        return EntryBlock("narrative", text=normalise(data))
    if "narrative" in data:
        return EntryBlock("narrative", text=normalise(data["narrative"]), stamp=data.get("stamp"))
    if "heading" in data:
        return EntryBlock("heading", text=data["heading"])
    if "instructions" in data:
        rows = tuple(
            Row((r.get("if") or {}).get("text"), _condition(r.get("if")), _steps(r["do"]))
            for r in data["instructions"]
        )
        return EntryBlock("instructions", separator=data.get("separator", "dotted"), rows=rows)
    if "choose" in data:
        return EntryBlock(
            "choose",
            separator="solid",
            rows=tuple(Row(o["option"], (), _steps(o["do"])) for o in data["choose"]),
        )
    if "if_else" in data:
        rows = []
        for r in data["if_else"]:
            cond = (("else", True),) if r.get("else") else _condition(r.get("if"))
            label = "Else:" if r.get("else") else (r.get("if") or {}).get("text")
            rows.append(Row(label, cond, _steps(r["do"])))
        return EntryBlock("if_else", separator="solid", rows=tuple(rows))
    return EntryBlock(
        "check",
        check=data["check"],
        attribute=data.get("attribute"),
        separator="solid",
        rows=tuple(
            Row(t["range"], (("range", t["range"]),), _steps(t["do"])) for t in data["thresholds"]
        ),
    )


def book(src: SourceFile) -> Book:
    b = src.data["book"]
    entries = tuple(
        Entry(
            e["number"],
            e.get("title"),
            tuple(entry_block(x) for x in e["blocks"]),
            e.get("ends_mission", False),
            src.locate(("entries", i)),
        )
        for i, e in enumerate(src.data["entries"])
    )
    return Book(
        id=b["id"],
        title=b["title"],
        publisher_content=b["publisher_content"],
        notice=b.get("notice"),
        start=b["start"],
        state_letters=tuple(b.get("state_letters", ())),
        cards=tuple(b.get("cards", ())),
        maps=tuple(b.get("maps", ())),
        equipment=tuple(b.get("equipment", ())),
        books=tuple(b.get("books", ())),
        entries=entries,
        at=src.locate(("book",)),
    )


def parameters(src: SourceFile) -> tuple[tuple[Parameter, ...], tuple[Variant, ...]]:
    params = []
    for i, p in enumerate(src.data.get("parameters", [])):
        statements = tuple(
            Statement(
                st["rule"],
                normalise(st["text"]),
                st.get("value"),
                st.get("min"),
                st.get("max"),
                st.get("strict", False),
                src.locate(("parameters", i, "statements", j)),
            )
            for j, st in enumerate(p["statements"])
        )
        params.append(
            Parameter(
                p["id"], p["subject"], p.get("unit"), statements, src.locate(("parameters", i))
            )
        )
    variants = []
    for i, v in enumerate(src.data.get("variants", [])):
        overrides = tuple(
            Override(
                o.get("parameter"),
                o.get("replaces"),
                o.get("value"),
                o.get("min"),
                o.get("max"),
                normalise(o["text"]),
                src.locate(("variants", i, "overrides", j)),
            )
            for j, o in enumerate(v.get("overrides", []))
        )
        variants.append(
            Variant(
                v["id"],
                v["name"],
                v["rule"],
                tuple(v.get("includes", ())),
                overrides,
                src.locate(("variants", i)),
            )
        )
    return tuple(params), tuple(variants)
