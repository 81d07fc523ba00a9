"""Translate the validated data of layouts.yaml and counters.yaml (the print-and-play kit).

Like from_source.py and from_parts.py, the only code that reads these files'
data. It also checks what the schema cannot: that every name a deck or counter
sheet uses exists, and that every region's ``show`` template parses.
"""

from __future__ import annotations

from typing import Any

from jinja2 import TemplateSyntaxError

from compiler.diagnostics import Finding, Location, Severity
from compiler.load.yaml_nodes import SourceFile
from compiler.model.components import Component
from compiler.model.layouts import (
    SIZES,
    CounterEntry,
    CounterSheet,
    FaceDesign,
    Layout,
    LeftOut,
    Region,
    SheetSettings,
    length_mm,
    points,
)
from compiler.templating import environment

DEFAULT_BLEED = 3.0  # mm: the usual European bleed (print-and-play.md), cards and counters alike


def _region(src: SourceFile, r: dict[str, Any], path: tuple) -> Region:
    size = points(r["size"]) if "size" in r else 9.0
    return Region(
        id=r["id"],
        x=length_mm(r["x"]),
        y=length_mm(r["y"]),
        w=length_mm(r["width"]),
        h=length_mm(r["height"]),
        show=r.get("show"),
        font=r.get("font", "serif"),
        bold=r.get("bold", False),
        italic=r.get("italic", False),
        size=size,
        min_size=points(r["min_size"]) if "min_size" in r else min(size, 6.0),
        leading=r.get("leading", 1.2),
        align=r.get("align", "left"),
        valign=r.get("valign", "top"),
        colour=r.get("colour", "#000000"),
        fill=r.get("fill"),
        stroke=r.get("stroke"),
        padding=length_mm(r["padding"]) if "padding" in r else 0.0,
        at=(at := src.locate(path)),
        show_at=_moved(src.locate((*path, "show")), at) if "show" in r else None,
    )


def _moved(show: Location, region: Location) -> Location | None:
    """The show template's place if a translation put it elsewhere (its catalog entry)."""
    return show if show.path != region.path else None


def _face(src: SourceFile, data: dict[str, Any] | None, path: tuple) -> FaceDesign | None:
    if data is None:
        return None
    regions = tuple(
        _region(src, r, (*path, "regions", i)) for i, r in enumerate(data.get("regions", []))
    )
    return FaceDesign(data.get("background"), regions)


def layouts(src: SourceFile) -> tuple[Layout, ...]:
    out = []
    for i, d in enumerate(src.data["layouts"]):
        size = d["size"]
        if isinstance(size, str):
            width, height = SIZES[size]
        else:
            width, height = length_mm(size["width"]), length_mm(size["height"])
        # Counters bleed as cards do: a cut a hair off the sheet's outer cut lines, or
        # off a line that faces an empty slot, showed white paper on an unbled counter.
        bleed = length_mm(d["bleed"]) if "bleed" in d else DEFAULT_BLEED
        s = d.get("sheet", {})
        offset = s.get("back_offset", {})
        sheet = SheetSettings(
            margin=length_mm(s["margin"]) if "margin" in s else 5.0,
            gutter=length_mm(s["gutter"]) if "gutter" in s else None,
            orientation=s.get("orientation"),
            cols=s.get("cols"),
            rows=s.get("rows"),
            back_offset=(
                length_mm(offset.get("x", "0mm")),
                length_mm(offset.get("y", "0mm")),
            ),
            at=src.locate(("layouts", i, "sheet")) if s else src.locate(("layouts", i)),
        )
        out.append(
            Layout(
                id=d["id"],
                width=width,
                height=height,
                bleed=bleed,
                front=_face(src, d["front"], ("layouts", i, "front")) or FaceDesign(None, ()),
                back=_face(src, d.get("back"), ("layouts", i, "back")),
                sheet=sheet,
                at=src.locate(("layouts", i)),
            )
        )
    return tuple(out)


def counter_sheets(src: SourceFile) -> tuple[CounterSheet, ...]:
    return tuple(
        CounterSheet(
            id=s["id"],
            title=s["title"],
            layout=s["layout"],
            counters=tuple(
                CounterEntry(
                    c["component"],
                    c.get("count"),
                    c.get("count_why"),
                    src.locate(("counter_sheets", i, "counters", j)),
                    c.get("front"),
                    c.get("back"),
                )
                for j, c in enumerate(s["counters"])
            ),
            at=src.locate(("counter_sheets", i)),
        )
        for i, s in enumerate(src.data["counter_sheets"])
    )


def left_out(src: SourceFile) -> tuple[LeftOut, ...]:
    return tuple(
        LeftOut(x["component"], x["why"], src.locate(("not_printed", i)))
        for i, x in enumerate(src.data.get("not_printed", ()))
    )


def _error(message: str, at: Location | None, suggestion: str) -> Finding:
    return Finding("MODEL007", Severity.ERROR, message, at, suggestion=suggestion)


MAX_SIDE_MM = 1000.0  # a card, counter or tile larger than a metre is a slip of the keyboard
MIN_SIDE_MM = 5.0  # smaller than any counter; a sheet of 0.001 mm cards never finishes
MAX_FONT_PT = 500.0  # a letter 17.6 cm tall
MAX_BACK_OFFSET_MM = 10.0  # the registration page's scales read ±5 mm; printers shift ~1 mm
MAX_MARGIN_MM = 50.0  # a printer's unprintable edge is 3–6 mm; past 50, nothing fits A4
MAX_BLEED_MM = 10.0  # print shops ask 3 mm (⅛″); 10 mm is past any shop's template
MIN_FONT_PT = 2.0  # a letter 0.7 mm tall: below it, text prints as a grey line
LEADINGS = (0.5, 5.0)  # line spacing, as a multiple of the font size


def _geometry(layouts_: tuple[Layout, ...]) -> list[Finding]:
    """Sizes no printed component can have: each would make ReportLab fail or the
    fit search run for ever (it steps down half a point at a time)."""
    out = []
    for layout in layouts_:
        sides_fit = all(
            MIN_SIDE_MM <= side <= MAX_SIDE_MM for side in (layout.width, layout.height)
        )
        if not sides_fit:
            out.append(
                _error(
                    f"layout {layout.id!r}: {layout.width:g} × {layout.height:g} mm is no "
                    f"card or counter size (from {MIN_SIDE_MM:g} to {MAX_SIDE_MM:g} mm a side)",
                    layout.at,
                    "write the size the component prints at, e.g. width: 63.5mm",
                )
            )
            continue
        out += _sheet_faults(layout)
        shift = max(abs(v) for v in layout.sheet.back_offset)
        if shift > MAX_BACK_OFFSET_MM:
            x, y = layout.sheet.back_offset
            out.append(
                _error(
                    f"layout {layout.id!r}: back_offset ({x:g}, {y:g}) mm moves the backs off "
                    f"their fronts; a printer shifts a back side by a millimetre or two "
                    f"(at most {MAX_BACK_OFFSET_MM:g} mm here)",
                    layout.sheet.at,
                    "print the registration page, read the shift on its mm scales and "
                    "write that, e.g. back_offset: {x: 0.5mm, y: -1mm}",
                )
            )
        edge = layout.bleed + 1e-6
        for face in (layout.front, layout.back):
            for r in face.regions if face else ():
                inside = (
                    r.x >= -edge
                    and r.y >= -edge
                    and r.x + r.w <= layout.width + edge
                    and r.y + r.h <= layout.height + edge
                )
                if not inside:
                    out.append(
                        _error(
                            f"layout {layout.id!r}, region {r.id!r}: {r.w:g} × {r.h:g} mm at "
                            f"({r.x:g}, {r.y:g}) mm reaches past the {layout.width:g} × "
                            f"{layout.height:g} mm card and its {layout.bleed:g} mm bleed",
                            r.at,
                            "place the region inside the card: x and y from its top left "
                            "corner, width and height within it",
                        )
                    )
                out += _type_faults(layout, r)
    return out


def _sheet_faults(layout: Layout) -> list[Finding]:
    """A bleed, margin or gutter no sheet can have. A margin of 10^400 inches is
    infinite in floating point, and the sheet planner's arithmetic on it made NaN
    (an internal error); each is refused at its place instead."""
    out = []
    lengths = (
        ("bleed", layout.bleed, MAX_BLEED_MM, layout.at, "bleed: 3mm"),
        ("margin", layout.sheet.margin, MAX_MARGIN_MM, layout.sheet.at, "margin: 5mm"),
        ("gutter", layout.sheet.gutter, MAX_SIDE_MM, layout.sheet.at, "gutter: 0mm"),
    )
    for name, value, most, at, example in lengths:
        if value is not None and not 0 <= value <= most:  # NaN fails this too
            out.append(
                _error(
                    f"layout {layout.id!r}: {name} {value:g} mm is no {name} a sheet can "
                    f"have (from 0 to {most:g} mm)",
                    at,
                    f"write the {name} in mm or in, e.g. {example}",
                )
            )
    return out


def _type_faults(layout: Layout, r: Region) -> list[Finding]:
    """Type no card can print: too large, too small to read, or set to fit nowhere.

    A 0 pt font stacks the words invisibly; a minimum above the size is a
    contradiction the fitter settled silently; padding that eats the region
    left the fitter measuring text into no room at all.
    """
    where = f"layout {layout.id!r}, region {r.id!r}"
    out = []
    # sizes arrive through millimetres: 500pt reads back as 500.00000000000006
    if not r.size <= MAX_FONT_PT + 1e-9:
        out.append(
            _error(
                f"{where}: a {r.size:g} pt font is larger than any card prints "
                f"(at most {MAX_FONT_PT:g} pt)",
                r.at,
                "write the size the text prints at, e.g. size: 9pt",
            )
        )
    for name, size in (("size", r.size), ("min_size", r.min_size)):
        if size < MIN_FONT_PT - 1e-9:
            out.append(
                _error(
                    f"{where}: {name} {size:g} pt is smaller than any text prints legibly "
                    f"(at least {MIN_FONT_PT:g} pt)",
                    r.at,
                    f"write the size the text prints at, e.g. {name}: 6pt",
                )
            )
    if r.min_size > r.size:
        out.append(
            _error(
                f"{where}: min_size {r.min_size:g} pt is above size {r.size:g} pt; text "
                "starts at size and shrinks to min_size to fit",
                r.at,
                "make min_size the smallest size the text may shrink to, at most size",
            )
        )
    if not LEADINGS[0] <= r.leading <= LEADINGS[1]:
        out.append(
            _error(
                f"{where}: leading {r.leading:g} is no line spacing (from {LEADINGS[0]:g} to "
                f"{LEADINGS[1]:g} times the font size)",
                r.at,
                "write leading as a multiple of the font size, e.g. leading: 1.2",
            )
        )
    if min(r.w, r.h) - 2 * r.padding <= 0:
        room = f"{r.padding:g} mm of padding leaves" if r.padding else "it has"
        out.append(
            _error(
                f"{where}: {room} no room for text inside its {r.w:g} × {r.h:g} mm",
                r.at,
                "make the region bigger or the padding smaller",
            )
        )
    return out


def kit_findings(
    layouts_: tuple[Layout, ...],
    sheets: tuple[CounterSheet, ...],
    left_out: tuple[LeftOut, ...],
    deck_layouts: list[tuple[str, str | None, Location]],
    components: tuple[Component, ...],
) -> list[Finding]:
    """Names that point nowhere, counts nobody gave, templates that do not parse, and
    counters the source names that are neither printed nor said to be left out."""
    known = {layout.id: layout for layout in layouts_}
    names = ", ".join(sorted(known)) or "none (add layouts.yaml)"
    out: list[Finding] = _geometry(layouts_)
    env = environment()
    for layout in layouts_:
        for face in (layout.front, layout.back):
            for region in face.regions if face else ():
                if region.show is None:
                    continue
                try:
                    env.parse(region.show)
                    why = None
                except TemplateSyntaxError as err:
                    why = err.message
                except RecursionError:  # Jinja parses ((((… by recursion: ~80 deep is past it
                    why = "it is nested too deeply (brackets or blocks inside one another)"
                if why is not None:
                    out.append(
                        Finding(
                            "MODEL008",
                            Severity.ERROR,
                            f"layout {layout.id!r}, region {region.id!r}: the show template "
                            f"does not parse: {why}",
                            region.show_at or region.at,
                            suggestion="write a Jinja2 expression such as {{ card.title }}",
                        )
                    )
    for deck, layout_id, at in deck_layouts:
        if layout_id is not None and layout_id not in known:
            out.append(
                _error(
                    f"deck {deck!r} names layout {layout_id!r}, which layouts.yaml does not hold",
                    at,
                    "layouts: " + names,
                )
            )
    comps = {c.id: c for c in components}
    for sheet in sheets:
        if sheet.layout not in known:
            out.append(
                _error(
                    f"counter sheet {sheet.id!r} names layout {sheet.layout!r}, "
                    "which layouts.yaml does not hold",
                    sheet.at,
                    "layouts: " + names,
                )
            )
        for entry in sheet.counters:
            comp = comps.get(entry.component)
            if comp is None:
                out.append(
                    _error(
                        f"counter sheet {sheet.id!r} names component {entry.component!r}, "
                        "which components.yaml does not hold",
                        entry.at,
                        "use a component id",
                    )
                )
            elif entry.count is None and comp.quantity is None:
                out.append(
                    _error(
                        f"the source gives no quantity of {comp.name!r}: say how many to print",
                        entry.at,
                        "add count: N and count_why: the reason",
                    )
                )
            elif entry.front is None and not any(f.label for f in comp.faces if f.side == "front"):
                out.append(
                    _error(
                        f"{comp.name!r} has no front face with a label to print",
                        entry.at,
                        "give its front (and back) a label in components.yaml, or this "
                        "counter a front: of its own",
                    )
                )
    out += _unaccounted(sheets, left_out, comps)
    return out


COUNTER_KINDS = ("counter", "marker")


def _unaccounted(
    sheets: tuple[CounterSheet, ...],
    left_out: tuple[LeftOut, ...],
    comps: dict[str, Component],
) -> list[Finding]:
    """A game with counter sheets prints each counter it names, or says why not.

    Without this a counter silently missing from a kit looks like a complete
    sheet; with it, the publisher sees the list of what the source leaves out.
    """
    out = [
        _error(
            f"not_printed names component {x.component!r}, which components.yaml does not hold",
            x.at,
            "use a component id",
        )
        for x in left_out
        if x.component not in comps
    ]
    if not sheets:
        return out
    printed = {e.component for s in sheets for e in s.counters}
    said = {x.component for x in left_out}
    out += [
        _error(
            f"not_printed lists {x.component!r}, which a counter sheet prints; the kit's "
            "manifest would call it both printed and not printed",
            x.at,
            "remove it from not_printed, or from the counter sheet",
        )
        for x in left_out
        if x.component in printed
    ]
    out += [
        _error(
            f"{c.name!r} is a {c.kind} the source names, but no counter sheet prints it",
            sheets[0].at,
            f"add it to a sheet, or list it under not_printed with why: {c.id}",
        )
        for c in comps.values()
        if c.kind in COUNTER_KINDS and c.id not in printed | said
    ]
    return out
