"""The termbase check's substring test before its regex (compiler/model/l10n.py).

The test must never say "not used" where the term's case-insensitive regex
would match: that would hide an L10N006 finding. These tests compare it with
the regex itself, including the characters the regex engine folds in ways
str.lower() does not (long s, dotted and dotless I).
"""

from __future__ import annotations

import re

import pytest

from compiler.diagnostics import NOWHERE
from compiler.model.casefold import foldable
from compiler.model.l10n import TermEntry


def _term(*forms: str, case_sensitive: bool = False) -> TermEntry:
    return TermEntry(forms[0], forms, case_sensitive, False, {}, None, NOWHERE)


@pytest.mark.parametrize(
    "text",
    [
        "The Gestapo arrives.",
        "THE GESTAPO ARRIVES",
        "the gestapo's turn",
        "Città e Gestapo",  # accented Latin: folded by str.lower()
        "ſtrength of the Gestapo",  # long s: the regex folds it to s
        "Dİrect action",  # dotted capital I: str.lower() makes two characters
        "dıRECT action",  # dotless i
        "Ωmega gestapo",  # Greek: not folded by the test, the regex decides
        "no term here",
        "",
    ],
)
@pytest.mark.parametrize(
    "term",
    [
        _term("Gestapo"),
        _term("strength", "Strengths"),
        _term("direct action"),
        _term("Città"),
        _term("Gestapo", case_sensitive=True),
    ],
)
def test_in_source_agrees_with_the_regex(text: str, term: TermEntry) -> None:
    expected = term.source_pattern().search(text) is not None
    assert term.in_source(text, foldable(text)) is expected


def test_foldable_never_hides_a_case_insensitive_match() -> None:
    """Every character the test folds matches, under re.IGNORECASE, only characters
    with the same lower case (or characters the test refuses to fold)."""
    bmp = "".join(chr(i) for i in range(0x10000) if not 0xD800 <= i < 0xE000)
    wrong = []
    for i in range(0x3400):
        p = chr(i)
        if 0xD800 <= i < 0xE000 or foldable(p) is None:
            continue
        for t in re.findall(re.escape(p), bmp, re.IGNORECASE):
            if foldable(t) is not None and t.lower() != p.lower():
                wrong.append((hex(i), hex(ord(t))))
    assert wrong == []


def test_foldable_refuses_the_characters_str_lower_gets_wrong() -> None:
    for text in ("ſ", "İstanbul", "ı", "µm", "Kelvin \u212a"):
        assert foldable(text) is None, text
    assert foldable("Città ÀÈ") == "città àè"
