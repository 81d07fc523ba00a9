"""NAME001's name finder (name_variant.candidates) visits only capitalised words, and finds
what the plain word-by-word reading finds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.checks.helpers import stem
from compiler.checks.name_variant import _JOINERS, _TOKEN, candidates

HEADS = frozenset({"box", "track", "marker", "tabella"})


def plain(text: str, heads: frozenset[str]) -> tuple[tuple[str, int], ...]:
    """The definition, word by word: a capitalised word without digits starts a run over
    capitalised words, joiners and head nouns with only spaces or a slash between them;
    trailing joiners go; the longest part of at most five words ending in a head is a name."""
    spans = [m.span() for m in _TOKEN.finditer(text)]
    tokens = [text[a:b] for a, b in spans]
    found = []
    i = 0
    while i < len(tokens):
        if not tokens[i][:1].isupper() or any(ch.isdigit() for ch in tokens[i]):
            i += 1
            continue
        j = i
        while (
            j + 1 < len(tokens)
            and (
                tokens[j + 1][:1].isupper()
                or tokens[j + 1].lower() in _JOINERS
                or stem(tokens[j + 1]) in heads
            )
            and text[spans[j][1] : spans[j + 1][0]].strip() in ("", "/")
        ):
            j += 1
        while j > i and tokens[j].lower() in _JOINERS:
            j -= 1
        for end in range(j, i, -1):
            if stem(tokens[end]) in heads and end - i + 1 <= 5:
                found.append((text[spans[i][0] : spans[end][1]], spans[i][0]))
                break
        i = j + 1
    return tuple(found)


WORDS = st.sampled_from(
    ["Combat", "Results", "Table", "box", "Boxes", "track", "Turn", "Record", "marker",
     "of", "the", "and", "di", "della", "Tabella", "tabella", "the", "units", "Unit2",
     "B3", "Étape", "élan", "Arrival", "arriving", "X", "Maquis’", "d'Artagnan"]
)  # fmt: skip
GAPS = st.sampled_from([" ", " ", " ", "/", " / ", ", ", ". ", "\n", "  ", "-", "(", ") "])


@st.composite
def texts(draw: st.DrawFn) -> str:
    words = draw(st.lists(WORDS, max_size=14))
    gaps = draw(st.lists(GAPS, min_size=len(words), max_size=len(words)))
    return "".join(g + w for g, w in zip(gaps, words, strict=True))


@settings(max_examples=400, deadline=None)
@given(texts())
def test_the_names_found_are_those_the_plain_reading_finds(text: str) -> None:
    assert candidates.__wrapped__(text, HEADS) == plain(text, HEADS)


def test_a_name_is_at_most_five_words_ending_in_a_head() -> None:
    text = "Place it on the Turn Record Track. Move the Arrival box of the Unit marker."
    assert candidates(text, HEADS) == (
        ("Turn Record Track", 16),
        ("Move the Arrival box", 35),  # the check trims a sentence's first words later
    )
    # six words before the head: too long to be a name
    assert candidates("One Two Three Four Five Track", HEADS) == ()


_VOCAB = [
    "Result", "Results", "Arrival", "Arriving", "Turn", "Record", "Support", "Available",
    "Maquis", "Morale", "Strength", "Box", "Boxes", "del", "giocatore", "plancia", "Net",
    "Network", "Networks", "Cat", "Cart", "record", "network", "results",
]  # fmt: skip
_HEADS = ["box", "boxes", "track", "tracks", "marker", "markers"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(st.sampled_from(_VOCAB), min_size=1, max_size=4),
            st.sampled_from(_HEADS),
        ),
        min_size=2,
        max_size=30,
    )
)
def test_names_that_can_be_variants_are_neighbours(names) -> None:
    """NAME001 compares a name only with the names that meet it under a key
    (_neighbours), not with every name of its head noun: every pair is_variant calls
    variants must meet. (A probe's 4,500 names ending in "Board" took 96 s.)"""
    from compiler.checks.name_variant import _neighbours, _words, is_variant

    forms = sorted({" ".join([*words, head]) for words, head in names})
    near = _neighbours(forms)
    for a in forms:
        for b in forms:
            same_head = stem(_words(a)[-1]) == stem(_words(b)[-1])
            if a != b and same_head and is_variant(a, b):
                assert b in near.get(a, set()), (a, b)
