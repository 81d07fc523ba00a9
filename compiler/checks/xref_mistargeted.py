"""XREF002 mistargeted-reference

## What it finds
A reference whose own words name a different rule than the one it points
to: "a Recovery Action (Case 8.3.4)" where 8.3.4 is German Movement and
8.3.3 is Recovery Action. In a rule, or in a card's text (cards.yaml), where
the words the card's title says and the rule its deck cites (`rule:`) name
the card's own subject, as a rule's own title does, not a rival.

## Why it matters
The number is usually the typo: a reader who follows it lands on an
unrelated rule, and the link in every output takes them there.

## Example
    rules/06-maquis.yaml:118:53  "revalorized as a Recovery Action (Case 8.3.4)."
    help: did you mean 8.3.3 (Recovery Action (Maquis only))?

Passing: "… as a Recovery Action (Case 8.3.3)."
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from collections.abc import Set as AbstractSet

from compiler.checks.helpers import (
    CARD_VERBATIM,
    capitalised,
    card_paras,
    key_words,
    rule_paras,
    stem,
    words_before,
)
from compiler.diagnostics import Finding, Severity
from compiler.graph import Graphs
from compiler.model.game import Game
from compiler.model.text import Para, RefSpan

CODE, NAME, SEVERITY = "XREF002", "mistargeted-reference", Severity.ERROR
READS = ("references",)  # the graphs it reads (compiler/graph: built where it runs)


def _naming_words(graphs: Graphs, address: str) -> set[str]:
    """Words that name a rule: its title (or, untitled, its parent's) and its children's titles."""
    rules = graphs.references.rules
    rule = rules[address]
    words = key_words(rule.title or "")
    if not rule.title:
        if parent := graphs.references.parent(address):
            words |= key_words(rules[parent].title or "")
        for block in rule.body[:1]:
            for para in block.paras[:1]:
                words |= key_words(para.text)
    for child in rule.children:
        words |= key_words(child.title or "")
    return words


def _family(graphs: Graphs, address: str) -> set[str]:
    """The rule, its ancestors and its descendants: never a rival for its own references."""
    out = {rule.address for rule in graphs.references.rules[address].walk()}
    current: str | None = address
    while current is not None:
        out.add(current)
        current = graphs.references.parent(current)
    return out


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    rules = graphs.references.rules
    all_titles = {a: key_words(r.title) for a, r in rules.items() if r.title}
    # Words in many titles ("Action", "Phase") name nothing in particular.
    counts = Counter(w for words in all_titles.values() for w in words)
    generic = {w for w, n in counts.items() if n >= 3}
    titles = {a: words - generic for a, words in all_titles.items()}
    # "EPV (6.1)": an abbreviation names what the glossary says it stands for.
    expand = {stem(t.term): key_words(t.meaning) for t in game.glossary if t.abbreviation}
    # word -> titles holding it: a rival shares a word, so only those are compared
    holding: dict[str, set[str]] = {}
    for address, words in titles.items():
        for word in words:
            holding.setdefault(word, set()).add(address)
    naming: dict[str, set[str]] = {}  # target -> its naming words, each worked out once

    def rival(
        para: Para, span: RefSpan, family: set[str], own: AbstractSet[str] = frozenset()
    ) -> tuple[list[str], str] | None:
        """(the words before, the rule they name) when they name another rule than the
        target; ``family`` are never rivals, ``own`` words name the text's own subject."""
        phrase_start = max(para.text.rfind(span.phrase, 0, span.start + len(span.phrase)), 0)
        clause_words = words_before(para.text, phrase_start, limit=8)
        before = capitalised(clause_words)
        named = {stem(w) for w in before}
        if clause_words:  # only the word right before the reference: "EPV (6.1)"
            named |= expand.get(stem(clause_words[-1]), set())
        named -= generic
        named -= own
        # the titles sharing a word, less the target and its family: most references have
        # none, and need not be read further
        candidates = set().union(*(holding.get(word, ()) for word in named)) - family
        candidates.discard(span.target)
        if not candidates:
            return None
        clause = key_words(" ".join(clause_words))
        if span.target not in naming:
            naming[span.target] = _naming_words(graphs, span.target)
        if (clause - generic) & naming[span.target]:
            return None  # the sentence's own words fit where it points
        rivals = sorted(
            (
                (len(named & words), len(words - named), len(all_titles[address]), address)
                for address in candidates
                if (words := titles[address])
            ),
            key=lambda item: (-item[0], item[1], item[2], item[3]),
        )
        if not rivals:
            return None
        shared, extra, _, address = rivals[0]
        # Two specific words in common, or every specific word of a short title.
        if shared >= 2 or (shared == 1 and extra == 0):
            return before, address
        return None

    for para, family, own, named, rule, more in _subjects(game, graphs):
        for span in para.refs:
            if span.kind != "rule" or graphs.references.status(span) != "resolved":
                continue
            if (found := rival(para, span, family, own)) is None:
                continue
            before, address = found
            yield Finding(
                CODE,
                SEVERITY,
                f"{span.phrase!r}{named} follows the words {' '.join(before)!r}, "
                f"but {span.target} is {rules[span.target].heading!r}",
                span.at,
                suggestion=f"did you mean {address} ({rules[address].title})?{more}",
                rule=rule,
                target=span.target,
            )


def _subjects(
    game: Game, graphs: Graphs
) -> Iterator[tuple[Para, set[str], AbstractSet[str], str, str | None, str]]:
    """Each paragraph of rule and card text, with the rules that are never rivals for its
    references (its family), the words that name its own subject, how a message names
    where it is, its rule, and what the help adds.

    A card has no rule of its own, but it has a subject: the rule its deck cites
    (``rule:``) and that rule's family are never rivals, as a rule's own family is
    not, and the card's title words name the card, not a rule.
    """
    rules = graphs.references.rules
    families: dict[str, set[str]] = {}
    for owner, _, para in rule_paras(game):
        if owner.address not in families:
            families[owner.address] = _family(graphs, owner.address)
        yield para, families[owner.address], frozenset(), "", owner.address, ""
    decks: dict[str, set[str]] = {}
    for deck, card, para in card_paras(game):
        if deck.id not in decks:
            decks[deck.id] = _family(graphs, deck.rule) if deck.rule in rules else set()
        own = key_words(card.title or "")
        yield para, decks[deck.id], own, f" in card {card.id!r}", None, f"; {CARD_VERBATIM}"
