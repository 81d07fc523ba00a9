"""A book's contents laid out in one pass, its page numbers filled in when the book is done.

ReportLab's TableOfContents learns its lines and their pages by laying the
whole book out, then lays it out again to print them: a second pass, a
third of a rulebook's time and more on a big one. A rulebook knows its
contents lines before the layout (every heading is in the story), so only
the page numbers are unknown. Each line here ends in a PDF form XObject,
named for the line, drawn where ReportLab would print the dots and the
number; the canvas defines every form just before it writes the file, from
the pages the headings were laid out on. A PDF may use a form before it
defines it, and ReportLab allows it (``Canvas.doForm``): the trick its
users know from "page 3 of 12" footers.

The dots and the number are set by ReportLab's own ``drawPageNumbers``, as
its contents set them: right-aligned at the column's edge, the gap filled
with " . ", a number too wide for the room shrunk in steps of a tenth.

``lay_out_once`` lays such a book out: one pass, with each flowable given up
once it is laid out.
"""

from __future__ import annotations

from ast import literal_eval
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable
from reportlab.platypus.doctemplate import BaseDocTemplate
from reportlab.platypus.tableofcontents import TableOfContents, drawPageNumbers

from compiler.backends.pdf.long_paragraphs import in_pieces

DOTS = " . "


class FinishingCanvas(Canvas):
    """A canvas that runs its ``finishing`` steps just before it writes the file."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.finishing: list[Callable[[Canvas], None]] = []

    def save(self) -> None:
        for step in self.finishing:
            step(self)
        self.finishing = []
        super().save()


def lay_out_once(doc: BaseDocTemplate, story: list[Flowable]) -> None:
    """Lay ``story`` out in one pass on a FinishingCanvas and write the file, the list
    consumed: each flowable is given up once it is laid out.

    multiBuild lays out a copy of the story and keeps the story whole, for a pass
    that may follow; so every flowable of a book (its paragraphs, wrapped into
    lines) stayed in memory until the file was written: three fifths of a
    3,200-rule rulebook's peak, and a sixth of its time. A book whose contents
    are known beforehand (Contents) needs no second pass, so this is multiBuild's
    first pass alone. ``doc.notify`` tells the story's indexing flowables of each
    heading, as multiBuild arranges.
    """
    story[:] = in_pieces(story)  # in place: the caller's list is the one consumed
    listeners = [flowable for flowable in story if flowable.isIndexing()]
    doc._indexingFlowables = listeners
    for flowable in listeners:
        flowable.beforeBuild()
    doc.build(story, canvasmaker=FinishingCanvas)  # writes the file when the story is done
    for flowable in listeners:
        flowable.afterBuild()
    unsettled = [type(f).__name__ for f in listeners if not f.isSatisfied()]
    if unsettled:
        raise ValueError(f"{', '.join(unsettled)} needs a second layout pass: use multiBuild")


@dataclass(frozen=True, slots=True)
class _Site:
    """Where a contents line ends: its form's name, its heading's key, and the place
    (in the line's own coordinates) and room its dots and number have."""

    form: str
    key: str
    x: float
    y: float
    width: float
    style: ParagraphStyle
    dots: bool


class Contents(TableOfContents):
    """The contents, given every line (``addEntry``) before the layout, laid out once.

    Lay the book out with ``FinishingCanvas``. The lines given beforehand are
    the ones printed; the pages the headings report while the book is laid
    out (``notify``) are the numbers printed at their ends.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._sites: list[_Site] = []

    def isSatisfied(self) -> bool:
        return True  # its lines were known before the layout; the numbers come at the end

    def beforeBuild(self) -> None:
        super().beforeBuild()
        self._sites = []

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        canvas = self.canv
        if not isinstance(canvas, FinishingCanvas):
            raise TypeError("lay a book with Contents out on a FinishingCanvas")
        size = super().wrap(availWidth, availHeight)
        canvas.setNamedCB("drawTOCEntryEnd", self._line_end_in(availWidth))
        if self._define_numbers not in canvas.finishing:
            canvas.finishing.append(self._define_numbers)
        return size

    def _line_end_in(self, width: float) -> Callable[[Canvas, str, str], None]:
        def line_end(canvas: Canvas, kind: str, label: str) -> None:
            """Where ReportLab would print a line's dots and page number: its form, and a
            link over them to the heading."""
            _, level_text, key_text = label.split(",")
            level, key = int(level_text), literal_eval(key_text)
            style = self.getLevelStyle(level)
            x, y = canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"]
            form = f"contents-{len(self._sites)}"
            canvas.doForm(form)
            if key:
                canvas.linkRect("", key, (x, y, width, y + style.leading), relative=1)
            dots = self.dotsMinLevel >= 0 and level >= self.dotsMinLevel
            self._sites.append(_Site(form, key or "", x, y, width, style, dots))

        return line_end

    def _define_numbers(self, canvas: Canvas) -> None:
        pages = {key: page for _, _, page, key in self._entries}
        width, height = canvas._pagesize
        for site in self._sites:
            if site.key not in pages:
                raise ValueError(f"contents line {site.key!r}: its heading was never laid out")
            canvas.beginForm(site.form, -width, -height, 2 * width, 2 * height)
            _dots_and_number(canvas, site, str(pages[site.key]))
            canvas.endForm()


def _dots_and_number(canvas: Canvas, site: _Site, number: str) -> None:
    """ReportLab's own drawPageNumbers, for one number and no link (a form holds no
    link; the line's is on its page), at the place the line ended. It reads that place
    from the canvas's text cursor, as it does when a paragraph calls it."""
    saved = getattr(canvas, "_curr_tx_info", None)
    canvas._curr_tx_info = {"cur_x": site.x, "cur_y": site.y}
    try:
        drawPageNumbers(
            canvas, site.style, [(number, None)], site.width, 0, DOTS if site.dots else ""
        )
    finally:
        canvas._curr_tx_info = saved
