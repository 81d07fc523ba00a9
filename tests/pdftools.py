"""Reading our PDFs back the way a viewer would: positioned text, links, fonts."""

from __future__ import annotations

from dataclasses import dataclass

import pypdfium2
from pypdf import PdfReader
from pypdf.generic import IndirectObject


@dataclass(frozen=True)
class TextItem:
    text: str
    x: float
    y: float


def text_items(page) -> list[TextItem]:
    """Every text run of a page with the position it is drawn at."""
    items: list[TextItem] = []

    def visit(text, cm, tm, font_dict, font_size) -> None:
        if text.strip():
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            items.append(TextItem(text, x, y))

    page.extract_text(visitor_text=visit)
    return items


def body_text(reader: PdfReader, top_margin: float = 55, bottom_margin: float = 40) -> str:
    """The text of every page without running heads and page numbers."""
    parts = []
    for page in reader.pages:
        height = float(page.mediabox.height)
        for item in text_items(page):
            if bottom_margin < item.y < height - top_margin:
                parts.append(item.text)
    return "".join(parts)


def page_index(reader: PdfReader, ref) -> int:
    target = ref.idnum if isinstance(ref, IndirectObject) else None
    for i, page in enumerate(reader.pages):
        if page.indirect_reference.idnum == target:
            return i
    raise LookupError(ref)


@dataclass(frozen=True)
class Link:
    page: int
    rect: tuple[float, float, float, float]
    dest_page: int
    dest_y: float
    text: str  # the text drawn inside the link's rectangle


def links(reader: PdfReader, path) -> list[Link]:
    """Every internal link, with the text pdfium finds inside its rectangle."""
    document = pypdfium2.PdfDocument(path)
    out = []
    for index, page in enumerate(reader.pages):
        text_page = None
        for annot in page.get("/Annots", []) or []:
            annot = annot.get_object()
            if annot.get("/Subtype") != "/Link" or "/Dest" not in annot:
                continue
            if text_page is None:
                text_page = document[index].get_textpage()
            x0, y0, x1, y1 = (float(v) for v in annot["/Rect"])
            inside = text_page.get_text_bounded(x0, y0, x1, y1)
            dest = annot["/Dest"]
            out.append(
                Link(
                    index,
                    (x0, y0, x1, y1),
                    page_index(reader, dest[0]),
                    float(dest[3]),
                    inside.strip(),
                )
            )
    return out


def fonts(reader: PdfReader) -> dict[str, bool]:
    """Base font name -> whether the font program is embedded."""
    found: dict[str, bool] = {}
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = bool(descriptor) and any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            found[str(font["/BaseFont"])] = embedded
    return found


def outline_titles(reader: PdfReader) -> list[tuple[int, str, int]]:
    """(depth, title, page index) for every bookmark, in order."""
    out: list[tuple[int, str, int]] = []

    def walk(entries, depth: int) -> None:
        for entry in entries:
            if isinstance(entry, list):
                walk(entry, depth + 1)
            else:
                out.append((depth, str(entry.title), reader.get_destination_page_number(entry)))

    walk(reader.outline, 0)
    return out


PT_PER_MM = 72 / 25.4


def filled_rects(
    page, colour: tuple[float, float, float]
) -> list[tuple[float, float, float, float]]:
    """(x, y, w, h) in mm from the lower left of every rectangle filled with ``colour``
    (RGB 0-1) on a pdfplumber page, top row first."""
    height = float(page.height)
    out = []
    for r in page.rects:
        fill = r.get("non_stroking_color")
        if not (r["fill"] and fill and len(fill) == 3):
            continue
        if all(abs(a - b) < 0.01 for a, b in zip(fill, colour, strict=True)):
            out.append(
                (
                    round(r["x0"] / PT_PER_MM, 2),
                    round((height - r["bottom"]) / PT_PER_MM, 2),
                    round(r["width"] / PT_PER_MM, 2),
                    round(r["height"] / PT_PER_MM, 2),
                )
            )
    return sorted(out, key=lambda b: (-b[1], b[0]))


def document_info(path) -> dict[str, str]:
    """What a PDF says about itself: its document information and its /Lang."""
    reader = PdfReader(str(path))
    info = {key.lstrip("/"): str(value) for key, value in (reader.metadata or {}).items()}
    info["Lang"] = str(reader.trailer["/Root"].get("/Lang", ""))
    return info
