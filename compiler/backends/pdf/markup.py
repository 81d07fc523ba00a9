"""Verbatim text to ReportLab paragraph markup: escaped, with links and marks.

Rule text is data, never markup: every character is escaped. References that
resolved become internal links; spans an erratum changed are highlighted and
followed by the erratum's id.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from xml.sax.saxutils import escape

from compiler.backends.pdf.fonts import with_fallback
from compiler.model.text import Covering, Para, RefSpan

LINK_COLOR = "#1d4f91"
CHANGE_BACK = "#fff0a0"

Resolver = Callable[[RefSpan], str | None]  # span -> anchor name, or None if unresolved


def esc(text: str) -> str:
    """Verbatim text made safe for paragraph markup, with the font fallback applied."""
    return with_fallback(escape(text))


def dest(name: str) -> str:
    """A PDF destination name any text can make: letters, digits, '.' and '-' kept, the
    rest (spaces, quotes, markup, line breaks) written as _hex_, so no two names meet."""
    return "".join(
        c if c.isascii() and (c.isalnum() or c in ".-") else f"_{ord(c):x}_" for c in name
    )


def anchor(address: str) -> str:
    """The PDF destination name of a rule."""
    return dest("rule-" + address)


def para_markup(
    para: Para, resolve: Resolver, mark_changes: bool = True, errata_linked: bool = True
) -> str:
    """Escaped markup of one paragraph with its links and change marks; an erratum's
    mark links to the errata list only in a document that has one (``errata_linked``)."""
    text = para.text
    cuts = {0, len(text)}
    for ref in para.refs:
        cuts |= {ref.start, ref.end}
    if mark_changes:
        for change in para.changes:
            cuts |= {change.start, change.end}
    points = sorted(c for c in cuts if 0 <= c <= len(text))
    changes = para.changes if mark_changes else ()
    links, marks = Covering(para.refs), Covering(changes)
    ends: dict[int, list[str]] = {}
    for c in changes:
        ends.setdefault(c.end, []).append(c.erratum)
    out: list[str] = [erratum_marker(e, errata_linked) for e in ends.get(0, ())]
    for start, end in itertools.pairwise(points):
        piece = escape(text[start:end])
        ref = links.first_over(start, end)
        target = resolve(ref) if ref else None
        if target:
            piece = f'<a href="#{target}" color="{LINK_COLOR}">{piece}</a>'
        if marks.first_over(start, end) is not None:
            piece = f'<font backColor="{CHANGE_BACK}">{piece}</font>'
        out.append(piece)
        out.extend(erratum_marker(e, errata_linked) for e in ends.get(end, ()))
    return with_fallback("".join(out))


def erratum_marker(erratum: str, linked: bool = True) -> str:
    """A superscript [E001] linking to the erratum in the edition's errata list."""
    if not linked:
        return f"<super>[{escape(erratum)}]</super>"
    target = dest("erratum-" + erratum)
    return f'<super><a href="#{target}" color="{LINK_COLOR}">[{escape(erratum)}]</a></super>'


def gap_markup(language: str, text: str) -> str:
    """A gap block's text (markup already) bracketed and headed "Not in the source:", so no
    reader takes Casebook's words for the publisher's. One form in every PDF."""
    from compiler.backends.labels import label

    # its last word kept with the bracket: "⑤]" stood alone on a line (a review)
    head, space, last = text.rpartition(" ")
    if space and "<" not in last and ">" not in last:
        text = f"{head}&nbsp;{last}"
    # bold, not italic: the sans face has no italic, and <i> printed upright
    return f"[<b>{esc(label(language, 'gap-mark'))}</b> {text}]"
