"""A quick test before a case-insensitive regex: is the word in the text at all?

The termbase and glossary checks run one regex a term over every paragraph
or unit, tens of thousands of searches, and nearly all of them fail. A
substring test on lower-cased text answers most of them for a fraction of
the cost, but only where ``str.lower()`` and ``re.IGNORECASE`` fold letters
alike; ``foldable`` says where that is so.
"""

from __future__ import annotations

# Characters that re.IGNORECASE folds beyond str.lower(), or that str.lower()
# turns into two characters: micro sign, dotted and dotless I, long s. Below
# U+0180 these are all; above it the test is not used.
_UNSURE = frozenset("\u00b5\u0130\u0131\u017f")


def foldable(text: str) -> str | None:
    """``text.lower()`` when a case-insensitive regex can only match where the
    lower-cased forms stand in it, else None (then only the regex can tell).

    That holds when every cased character is below U+0180 and not in _UNSURE:
    there str.lower() and the regex engine's case folding agree, one character
    for one, so positions line up.
    """
    if text.isascii():
        return text.lower()
    for ch in set(text):
        if ch in _UNSURE or (ch >= "\u0180" and ch.lower() != ch.upper()):
            return None
    return text.lower()
