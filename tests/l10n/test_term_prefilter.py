"""The termbase check's substring test before its regex (compiler/model/l10n.py).

The test must never say "not used" where the term's case-insensitive regex
would match: that would hide an L10N006 finding. These tests compare it with
the regex itself, including the characters the regex engine folds in ways
str.lower() does not (long s, dotted and dotless I).
"""

from __future__ import annotations

import re

from compiler.diagnostics import NOWHERE
from compiler.model.casefold import containing, foldable
from compiler.model.l10n import TermEntry, terms_in


def _term(*forms: str, case_sensitive: bool = False) -> TermEntry:
    return TermEntry(forms[0], forms, case_sensitive, False, {}, None, NOWHERE)


TEXTS = [
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
    "gestapo\0strength",  # the separator the texts are joined with
    "strengthstrength Strengths",
]
TERMS = [
    _term("Gestapo"),
    _term("strength", "Strengths"),
    _term("direct action"),
    _term("Città"),
    _term("Gestapo", case_sensitive=True),
    _term("Ωmega"),
]


def test_terms_in_agrees_with_each_terms_regex() -> None:
    expected = [[t for t in TERMS if t.source_pattern().search(text)] for text in TEXTS]
    assert terms_in(TERMS, TEXTS) == expected
    assert any(expected)  # the texts do use terms


def test_containing_finds_every_text_that_holds_a_needle() -> None:
    texts = ["abc", "", "xabcx", "ab", "cab", "abcabc"]
    assert containing(["abc"], texts) == {0, 2, 5}
    assert containing(["b", "zz"], texts) == {0, 2, 3, 4, 5}
    assert containing(["c\0x"], texts) == set(range(6))  # cannot be told: all go on
    assert containing([""], texts) == set(range(6))
    assert containing(["q"], []) == set()


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
