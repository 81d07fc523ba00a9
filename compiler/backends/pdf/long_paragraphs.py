"""Very long paragraphs set as a run of shorter ones, so a book of them is set in seconds.

ReportLab breaks a paragraph across pages by wrapping all of it, keeping the
lines that fit, and making the rest a new paragraph, which the next page
wraps whole again. A paragraph of n pages is wrapped n times over: quadratic.
A 440 KB paragraph (a pasted chapter, a card text printed in the rulebook)
took 20 s, and one of 2 MB minutes. Set as paragraphs of at most ``LONGEST``
characters each, the same text costs time in proportion to its length.

The pieces read as the one paragraph: the first keeps its space above, its
first-line indent and its bullet; the last its space below; between them
there is none, and a piece ends at a space, so the only trace is a line that
ends short where one piece gives way to the next (the books set their text
ragged right, so it reads as any short line does). Markup open at a cut
(bold, a link, a change mark) is closed there and opened again after it.

Headings and other paragraphs a document watches (a bookmark, a contents
line) are never cut: only ReportLab's own ``Paragraph``, as the story makes
its text, is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph

LONGEST = 20_000
"""Characters of markup in one piece: about three pages of a book's column, each
wrapped in a few hundredths of a second."""

_TAG = re.compile(r"<[^>]*>")
_NAME = re.compile(r"</?\s*([A-Za-z][\w:-]*)")


def in_pieces(story: Iterable[Flowable], longest: int = LONGEST) -> list[Flowable]:
    """The story, each plain paragraph longer than ``longest`` set as a run of pieces."""
    out: list[Flowable] = []
    for flowable in story:
        if type(flowable) is Paragraph and len(flowable.text or "") > longest:
            out += _pieces(flowable, longest)
        elif isinstance(flowable, KeepTogether):  # a paragraph book's number and first text
            flowable._content = in_pieces(flowable._content, longest)
            out.append(flowable)
        else:
            out.append(flowable)
    return out


class Piece(Paragraph):
    """A piece of a long paragraph, its lines broken once for each width it is set at.

    ReportLab measures every flowable of a table cell again each time it splits
    the cell's row over a page: a cell of 400 KB in pieces still took a minute,
    most of it breaking the same pieces into the same lines. A paragraph's
    lines depend on the width alone (``wrap`` ignores the height).
    """

    _wrapped_at: float | None = None

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        # split() drops the lines when it gives up on a frame: then they are broken again
        if self._wrapped_at == availWidth and "blPara" in self.__dict__:
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        self._wrapped_at = availWidth
        return size


def cell(markup: str, style: ParagraphStyle) -> Paragraph | list[Flowable]:
    """A table cell's paragraph; a very long one as a run of pieces, which a row split
    over pages divides in time in proportion to its length (a cell of 400 KB in one
    paragraph took a minute: ReportLab measures a split row's cells at every page)."""
    pieces = in_pieces([Paragraph(markup, style)])
    return pieces[0] if len(pieces) == 1 else pieces


def _pieces(paragraph: Paragraph, longest: int) -> list[Flowable]:
    texts = split_markup(paragraph.text, longest)
    if len(texts) < 2:
        return [paragraph]
    style = paragraph.style
    first = ParagraphStyle(f"{style.name}-first", parent=style, spaceAfter=0, keepWithNext=0)
    middle = ParagraphStyle(f"{style.name}-on", parent=first, spaceBefore=0, firstLineIndent=0)
    last = ParagraphStyle(
        f"{style.name}-last",
        parent=style,
        spaceBefore=0,
        firstLineIndent=0,
    )
    out: list[Flowable] = [Piece(texts[0], first, bulletText=paragraph.bulletText)]
    out += [Piece(text, middle) for text in texts[1:-1]]
    out.append(Piece(texts[-1], last))
    return out


def split_markup(markup: str, longest: int = LONGEST) -> list[str]:
    """``markup`` cut into pieces of about ``longest`` characters, each well formed.

    A cut falls at a space between words where there is one in the piece's
    last quarter, else between two characters of text (a word too long for
    a line is broken across lines anyway), never inside a tag or an entity.
    The tags open at a cut are closed before it and opened again after it.
    """
    if len(markup) <= longest:
        return [markup]
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    fresh = True  # the piece holds no text yet, only the tags opened again
    opened: list[tuple[str, str]] = []  # (name, the tag as written) still open
    for token in _tokens(markup):
        if token.startswith("<"):
            current.append(token)
            size += len(token)
            _follow(token, opened)
            continue
        text = token
        while size + len(text) > longest:
            cut = _cut(text, longest - size, longest, fresh)
            current.append(text[:cut])
            current += [f"</{name}>" for name, _ in reversed(opened)]
            pieces.append("".join(current))
            current = [tag for _, tag in opened]
            size = sum(len(tag) for tag in current)
            fresh = True
            text = text[cut:].lstrip(" ")
        if text:
            current.append(text)
            size += len(text)
            fresh = False
    rest = "".join(current)
    if not fresh or not pieces:
        pieces.append(rest)
    else:  # only tags after the last cut: closing ones are closed already; keep anchors
        pieces[-1] += "".join(tag for tag in _TAG.findall(rest) if tag.endswith("/>"))
    return pieces


def _tokens(markup: str) -> Iterator[str]:
    """Tags and the text between them, in order."""
    at = 0
    for match in _TAG.finditer(markup):
        if match.start() > at:
            yield markup[at : match.start()]
        yield match.group()
        at = match.end()
    if at < len(markup):
        yield markup[at:]


def _follow(tag: str, opened: list[tuple[str, str]]) -> None:
    """Keep ``opened`` up to date with one tag: an opening pushes, a closing pops."""
    if tag.endswith("/>") or tag.startswith(("<!", "<?")):
        return
    match = _NAME.match(tag)
    if match is None:
        return
    name = match.group(1).lower()
    if tag.startswith("</"):
        for i in range(len(opened) - 1, -1, -1):
            if opened[i][0] == name:
                del opened[i:]
                break
    else:
        opened.append((name, tag))


def _cut(text: str, room: int, longest: int, fresh: bool) -> int:
    """Where to cut ``text`` with ``room`` characters left in the piece: after the last
    space that leaves the piece at least three quarters full, else at ``room`` (moved
    back before an entity it would split). 0, when the piece holds text already and
    has little room left: it ends there, and ``text`` starts the next."""
    quarter = max(longest // 4, 1)
    if fresh:
        room = max(room, quarter)  # a piece of nothing but tags still takes some text
    space = text.rfind(" ", 0, room + 1)
    if space > 0 and space >= room - quarter:
        return space
    if not fresh and room < quarter:
        return 0
    cut = min(room, len(text))
    amp = text.rfind("&", 0, cut)
    if amp >= 0 and text.find(";", amp, cut) < 0:
        cut = amp  # "&amp;" and "&#8212;" stay whole
    if cut == 0:  # an entity at the very start: cut after it
        cut = text.find(";") + 1 or min(room, len(text))
    return cut
