"""What must survive translation (compiler/l10n/compare.py), counted the quick way, must
be what the plain definitions count: one regex match, one character, at a time."""

from __future__ import annotations

import re
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from compiler.l10n import compare

# texts rich in what is counted: digits, ids, placeholders, tags, brackets, spaces
TEXT = st.text(
    alphabet=st.sampled_from(list("R0123456789.,()[]{}%<>/ \t\n\u00a0\u2003sdab_-'")),
    max_size=60,
) | st.text(max_size=40)


@given(TEXT)
def test_numbers_placeholders_and_brackets_are_counted_as_defined(text: str) -> None:
    assert compare.numbers(text) == Counter(
        m.group(0).replace(",", ".") for m in compare._NUMBER.finditer(text)
    )
    assert compare.placeholders(text) == Counter(
        re.sub(r"\s+", "", m.group(0)) for m in compare._PLACEHOLDER.finditer(text)
    )
    assert compare.brackets(text) == Counter(c for c in text if c in "()[]")


@given(TEXT, TEXT)
def test_the_difference_is_what_one_has_and_the_other_lacks(a: str, b: str) -> None:
    for read in (compare.numbers, compare.placeholders, compare.brackets):
        source, target = read(a), read(b)
        assert compare.difference(source, target) == (
            sorted((source - target).elements()),
            sorted((target - source).elements()),
        )
    assert compare.difference(Counter("aab"), Counter("aab")) == ([], [])
    assert compare.difference(Counter("aab"), Counter("abc")) == (["a"], ["c"])
