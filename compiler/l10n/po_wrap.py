"""A catalog's strings wrapped as GNU gettext wraps them, so its tools change no line.

polib wraps with Python's textwrap: it never wraps a string that holds a line
break (every paragraph of a rule joined by a blank line), and breaks only at
spaces. msgmerge, msgcat and Poedit break where Unicode's line-breaking rules
(UAX #14) allow, after "V-" as after a space, and start a string that takes
more than one line, or holds a line break, with an empty line. A catalog
Casebook wrote was rewrapped on 846 lines the first time a translator's tool
saved it, and every later `l10n update` put them back: a diff of nothing.

This rewrites the string fields (msgctxt, msgid, msgid_plural, msgstr and the
``#|`` and ``#~`` forms) of a catalog polib wrote, as gettext's ``wrap()``
(write-po.c) does at its default width of 79 columns: the escaped string is
cut after each ``\\n``; breaks follow UAX #14 as libunistring implements it
for the characters games use, never inside an escape nor just before a final
``\\n``; a piece goes to the next line when it
would pass column 77, its trailing spaces counted.
"""

from __future__ import annotations

import itertools
import re
import unicodedata

PAGE_WIDTH = 79
_FIELD = re.compile(
    r'^(?P<prefix>#~\| |#~ |#\| |)(?P<name>msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) "'
    r'(?P<body>.*)"$'
)
_MORE = re.compile(r'^(?P<prefix>#~\| |#~ |#\| |)"(?P<body>.*)"$')
_ESCAPE = re.compile(r"\\(?:[0-7]{3}|.)")


def gettext_wrapped(text: str) -> str:
    """The PO ``text`` with each string field rewrapped as gettext writes it."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        field = _FIELD.match(lines[i])
        if field is None:
            out.append(lines[i])
            i += 1
            continue
        prefix, body = field["prefix"], [field["body"]]
        i += 1
        while i < len(lines) and (more := _MORE.match(lines[i])) and more["prefix"] == prefix:
            body.append(more["body"])
            i += 1
        out += field_lines(prefix, field["name"], "".join(body))
    return "\n".join(out)


def field_lines(prefix: str, name: str, escaped: str) -> list[str]:
    """One field's lines: ``name "…"`` when it fits and holds no line break, else
    ``name ""`` and a line per piece."""
    portions = _portions(escaped)
    if not portions:
        return [f'{prefix}{name} ""']
    width = PAGE_WIDTH - 1 - (len(prefix) + 1)  # the quotes, and the prefix of each line
    first = portions[0]
    breaks = _breaks(first, len(name) + 1, width)
    if len(portions) == 1 and len(name) + 1 <= width and not breaks:
        return [f'{prefix}{name} "{first}"']
    lines = [f'{prefix}{name} ""']
    for portion in portions:
        cuts = [0, *_breaks(portion, 0, width), len(portion)]
        lines += [f'{prefix}"{portion[a:b]}"' for a, b in itertools.pairwise(cuts)]
    return lines


def _portions(escaped: str) -> list[str]:
    """The string cut after each escaped line break (``\\n``), which ends its piece."""
    out, start = [], 0
    for m in _ESCAPE.finditer(escaped):
        if m.group() == "\\n":
            out.append(escaped[start : m.end()])
            start = m.end()
    if start < len(escaped):
        out.append(escaped[start:])
    return out


def _breaks(portion: str, start: int, width: int) -> list[int]:
    """Where the portion's lines begin after its first, filled greedily from column
    ``start`` to ``width`` (libunistring's ulc_width_linebreaks): a piece (from one
    place a line may begin to the next) goes to a new line when it would pass
    ``width``, its trailing spaces counted."""
    columns = _running_columns(portion)
    chosen: list[int] = []
    column, last, previous = start, None, 0
    for i in [*_allowed(portion), len(portion)]:
        piece = columns(i) - columns(previous)
        if last is not None and column + piece > width:
            chosen.append(last)
            column = 0
        last, previous = i, i
        column += piece
    return chosen


def _running_columns(text: str):
    """columns(i): the columns ``text[:i]`` takes (its length, for ASCII)."""
    if text.isascii():
        return lambda i: i
    running = [0, *itertools.accumulate(_columns(c) for c in text)]
    return running.__getitem__


# What libunistring, which gettext's tools break lines with, makes of the characters
# a game's text holds (UAX #14 as it implements it, checked against msgcat):
_NEVER_BEFORE = frozenset(")]}!?,.:;/…")  # closing brackets, stops, "/": not even after a space
_AFTER = frozenset("-/.,:;!?|}…–—")  # a line may begin after these (not before a figure)
_QUOTES = frozenset("\"'«»“”‘’„‚‹›")  # no break next to a quotation mark but after a space
_OPENING = frozenset("([{")  # kept with what follows
# Chinese and Japanese break between ideographs and kana (UAX #14 classes ID, CJ…),
# Korean between syllables, but never before closing marks nor after opening ones
_WIDE = (
    "\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f"
    "\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6"
)
_CJK_NO_BEFORE = frozenset(
    "、。，．：；！？」』）〕］｝〉》】〙〗〟’”ー々〻"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ・‥…゛゜ゝゞヽヾ"
)
_CJK_NO_AFTER = frozenset("「『（〔［｛〈《【〘〖〝‘“")
_CANDIDATE = re.compile(rf"(?<=[ \-/.,:;!?|}}…–—])(?=[^ ])|(?=[—\\])|(?<=[{_WIDE}])|(?=[{_WIDE}])")
_IS_WIDE = re.compile(f"[{_WIDE}]")


def _allowed(portion: str) -> list[int]:
    """The indexes a line may begin at, in order, none inside an escape nor just before
    the final ``\\n``. Only the places after a space or a mark that may end a line, and
    before an em dash or an escape, are asked."""
    inside: set[int] = set()
    if "\\" in portion:
        inside = {i for m in _ESCAPE.finditer(portion) for i in range(m.start() + 1, m.end())}
        if portion.endswith("\\n"):
            inside.add(len(portion) - 2)
    return [
        i
        for m in _CANDIDATE.finditer(portion)
        if 0 < (i := m.start()) < len(portion) and i not in inside and _may_break(portion, i)
    ]


def _may_break(text: str, i: int) -> bool:
    """Whether a line may begin at ``text[i]``."""
    before, char = text[i - 1], text[i]
    if char == " " or char in _NEVER_BEFORE:
        return False
    if before == " ":
        # a quotation mark, spaces, then an opening bracket stay together ("” (")
        return not (char in _OPENING and text[:i].rstrip(" ")[-1:] in _QUOTES)
    if _IS_WIDE.match(before) or _IS_WIDE.match(char):
        return char not in _CJK_NO_BEFORE and before not in _CJK_NO_AFTER
    if before in _QUOTES or before in _OPENING:
        return False
    if char == "—":
        return before != "—"  # an em dash may begin a line, a pair of them stays whole
    if char == "\\":  # an escape: after another, or where a line may begin anyway
        return before == "\\" or before in _AFTER
    if char.isdigit() or char in _QUOTES:
        return False
    return before in _AFTER


def _columns(char: str) -> int:
    """The columns a character takes in a terminal: two for wide East Asian ones, none
    for combining marks and controls."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Cc", "Cf", "Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
