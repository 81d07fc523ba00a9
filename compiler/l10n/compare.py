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
    return Counter(found.replace(",", ".") for found in _NUMBER.findall(text))


def placeholders(text: str) -> Counter[str]:
    """Template placeholders and tags, their spaces dropped (``{{ x }}`` is ``{{x}}``)."""
    return Counter("".join(found.split()) for found in _PLACEHOLDER.findall(text))


def difference(source: Counter[str], target: Counter[str]) -> tuple[list[str], list[str]]:
    """(missing from the translation, extra in it), each sorted."""
    if source == target:  # as almost every unit: no Counter arithmetic
        return [], []
    return sorted((source - target).elements()), sorted((target - source).elements())


def brackets(text: str) -> Counter[str]:
    """How many of each bracket: counted in C, one bracket at a time."""
    return Counter({c: n for c in _BRACKETS if (n := text.count(c))})


def end_punctuation(text: str) -> str:
    """The closing punctuation ("." ":" "…"), or "" when the text ends in a word."""
    found = _END.search(text.rstrip(" \"'”»)"))
    return found.group(0) if found else ""
