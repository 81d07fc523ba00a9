"""Whitespace normalising, as every stage reads a text."""

from __future__ import annotations

import re
import sys

from hypothesis import given
from hypothesis import strategies as st

from compiler.model.text import normalise, split_paragraphs

_SPACES = re.compile(r"[^\S\xa0\u2007\u202f]+")  # every whitespace but the no-break ones


def _by_regex(text: str) -> str:
    return _SPACES.sub(" ", text).strip(" ")


def test_every_character_is_whitespace_to_normalise_exactly_when_re_says_so() -> None:
    """normalise uses str.split(); the texts were read with re's \\s, and must stay so,
    but for the no-break spaces, which are the source's typography."""
    differ = [
        hex(code)
        for code in range(sys.maxunicode + 1)
        if normalise(f"a{chr(code)}b") != _by_regex(f"a{chr(code)}b")
    ]
    assert differ == []


@given(st.text(alphabet=st.sampled_from(" \t\n\r\x0b\x0c\x1c\x85\xa0\u2028\u3000\u200bab.")))
def test_normalise_reads_any_text_as_the_regex_did(text: str) -> None:
    assert normalise(text) == _by_regex(text)


@given(st.text(alphabet=st.sampled_from(" \t\n\xa0ab")))
def test_a_one_line_text_is_one_paragraph_as_before(text: str) -> None:
    blank_line = re.compile(r"\n[ \t]*\n")
    before = tuple(p for p in (_by_regex(part) for part in blank_line.split(text)) if p)
    assert split_paragraphs(text) == before


def test_no_break_spaces_are_kept_as_the_source_writes_them() -> None:
    """Found by a probe: "100\xa0%" and "«\u202fmot\u202f»" came out with plain spaces in
    every output, where a line may break."""
    assert normalise("  100\xa0%\n  of\t«\u202fmot\u202f»  ") == "100\xa0% of «\u202fmot\u202f»"
    assert normalise("figure\u2007space") == "figure\u2007space"
