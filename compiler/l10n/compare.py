"""What must survive translation unchanged, read from a source text and its translation.

Pure functions over two strings, shared by the L10N checks and the
bilingual proof: numbers, card and token ids, rule numbers and dice results
(all written with digits), template placeholders, brackets and the closing
punctuation.
"""

from __future__ import annotations

import re
from collections import Counter

# "R011", "8.3.5", "1940", "2", "3-4": every run of digits with its letter prefix.
_NUMBER = re.compile(r"(?<![\w.])[A-Z]{0,3}\d+(?:[.,]\d+)*")
_PLACEHOLDER = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|%\(\w+\)[sd]|%[sd]|<[^<>]+/?>")
_BRACKETS = "()[]"
_END = re.compile(r"[.:;!?…]+$")


def numbers(text: str) -> Counter[str]:
    """Numbers and ids, decimal comma read as a point ("1,5" is "1.5")."""
    return Counter(m.group(0).replace(",", ".") for m in _NUMBER.finditer(text))


def placeholders(text: str) -> Counter[str]:
    return Counter(re.sub(r"\s+", "", m.group(0)) for m in _PLACEHOLDER.finditer(text))


def difference(source: Counter[str], target: Counter[str]) -> tuple[list[str], list[str]]:
    """(missing from the translation, extra in it), each sorted."""
    return sorted((source - target).elements()), sorted((target - source).elements())


def brackets(text: str) -> Counter[str]:
    return Counter(c for c in text if c in _BRACKETS)


def end_punctuation(text: str) -> str:
    """The closing punctuation ("." ":" "…"), or "" when the text ends in a word."""
    found = _END.search(text.rstrip(" \"'”»)"))
    return found.group(0) if found else ""
