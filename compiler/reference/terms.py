"""Where the glossary's terms stand in a piece of rule text.

One matcher serves the look-up ("the glossary terms in it") and the HTML
reference (hover definitions), so both agree on what counts as a use:

- abbreviations and terms written in capitals ("AP", "OPs", "CHECK") match
  with exactly their capitals: "ap" or "Ops" is another word;
- other terms match whatever the case of their first letter ("Check Number"
  at the start of a sentence, "check Number" is not a use);
- whole words only, longest term first, and no two matches overlap;
- a term in capitals also stands in its plural with a small "s" ("DPs", "APs":
  the plural every wargame writes), which is a use of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from compiler.model.game import Term


@dataclass(frozen=True, slots=True)
class TermSpan:
    start: int
    end: int
    term: Term


def _case_exact(term: Term) -> bool:
    return term.abbreviation or any(c.isupper() for c in term.term[1:])


def _pattern(term: Term) -> str:
    text = term.term
    if _case_exact(term) or not text[:1].isalpha():
        body = re.escape(text)
        if text[-1:].isupper():
            body += "s?"  # "DPs" is a use of DP
    else:
        body = f"[{re.escape(text[0].upper())}{re.escape(text[0].lower())}]{re.escape(text[1:])}"
    return r"(?<![\w-])" + body + r"(?![\w-])"


@cache
def _matcher(terms: tuple[Term, ...]) -> tuple[re.Pattern[str], dict[str, Term]] | None:
    if not terms:
        return None
    ordered = sorted(terms, key=lambda t: (-len(t.term), t.term))
    groups = [f"(?P<t{i}>{_pattern(t)})" for i, t in enumerate(ordered)]
    names = {f"t{i}": t for i, t in enumerate(ordered)}
    return re.compile("|".join(groups)), names


def term_spans(text: str, glossary: Sequence[Term]) -> tuple[TermSpan, ...]:
    """The glossary terms used in ``text``, left to right, longest match first."""
    found = _matcher(tuple(glossary))
    if found is None:
        return ()
    pattern, names = found
    return tuple(
        TermSpan(m.start(), m.end(), names[m.lastgroup or ""]) for m in pattern.finditer(text)
    )
