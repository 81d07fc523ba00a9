"""A quick test before a case-insensitive regex: is the word in the text at all?

The termbase and glossary checks run one regex a term over every paragraph
or unit, tens of thousands of searches, and nearly all of them fail. A
substring test on lower-cased text answers most of them for a fraction of
the cost, but only where ``str.lower()`` and ``re.IGNORECASE`` fold letters
alike; ``foldable`` says where that is so.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

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


class Haystack:
    """Texts searched as one string, joined by NUL, with str.find: one pass in C for
    each needle instead of a Python loop over every text. Joined once, searched for
    many needles (every term of a termbase)."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.joined = "\0".join(texts)
        self.starts: list[int] = []
        offset = 0
        for text in texts:
            self.starts.append(offset)
            offset += len(text) + 1

    def containing(self, needles: Sequence[str]) -> set[int]:
        """The indexes of the texts that hold any of ``needles`` as a substring."""
        starts = self.starts
        if any(not needle or "\0" in needle for needle in needles):
            return set(range(len(starts)))  # an empty needle is in every text
        found: set[int] = set()
        for needle in needles:
            at = self.joined.find(needle)
            while at != -1:
                index = bisect_right(starts, at) - 1
                found.add(index)
                following = index + 1
                if following == len(starts):
                    break
                at = self.joined.find(needle, starts[following])
        return found


def containing(needles: Sequence[str], texts: Sequence[str]) -> set[int]:
    """The indexes of ``texts`` that hold any of ``needles`` as a substring."""
    return Haystack(texts).containing(needles)
