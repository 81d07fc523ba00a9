"""NAME001 near-variant-name

## What it finds
A name of a component, table, chart, box, track or phase written in a form
close to, but not the same as, another form the text uses or the name the
ruleset declares: "Combat Result Table" beside "Combat Results Table",
"Arrival box" beside "Arriving box", "Available Support box" beside
"Support Available box", "Turn Track" beside "Turn Record Track". The check
finds these itself by comparing the names in the text; it has no list of
known variants.

## Why it matters
Players look things up by name. Two forms make them wonder whether there
are two things; a translator translates both; an index lists both.

## Example
    rules/06-maquis.yaml:470:15  'Arrival box' is a variant of 'Arriving box' (used 4 times)
    help: write 'Arriving box'

Passing: the same name, written the same way, everywhere.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from functools import cache, lru_cache

from compiler.checks.helpers import rule_paras, stem
from compiler.diagnostics import Finding, Location, Severity
from compiler.graph import Graphs
from compiler.model.game import Game

CODE, NAME, SEVERITY = "NAME001", "near-variant-name", Severity.WARNING

_JOINERS = {"of", "and", "to", "the", "de", "di", "del", "della"}
_TOKEN = re.compile(r"[A-Za-zÀ-ÿ][\w’'-]*")


def head_nouns(game: Game) -> frozenset[str]:
    """Words that end a thing's name in this game: the last word of each declared name."""
    heads = set()
    for comp in game.components:
        for name in (comp.name, *comp.aliases):
            words = _TOKEN.findall(name)
            if words:
                heads.add(stem(words[-1]))
    return frozenset(heads - {""})


@lru_cache(maxsize=65_536)
def candidates(text: str, heads: frozenset[str]) -> tuple[tuple[str, int], ...]:
    """Capitalised names (2-5 words) ending in a head noun, with their offsets.

    A name starts at a capitalised word without digits and runs on over
    capitalised words, joiners and head nouns separated only by spaces or a
    slash; joiners at its end are dropped, and the longest part of at most
    five words that ends in a head noun is the name. Only capitalised words
    can start one, so the loop visits those, not every word.

    Cached: lint runs this check on the original, the living edition and each
    translation, whose paragraphs are mostly the same text.
    """
    if not _any_head(heads).search(text.lower()):
        return ()  # a name ends in a head noun, and a word's stem is a piece of it
    matches = list(_TOKEN.finditer(text))
    tokens = [m.group() for m in matches]
    starts = [k for k, t in enumerate(tokens) if t[:1].isupper()]
    if not starts:
        return ()
    count = len(tokens)
    found = []
    after = 0  # the words before this one were read as part of a run
    for i in starts:
        if i < after:
            continue
        if any(ch.isdigit() for ch in tokens[i]):
            continue
        j = i
        while j + 1 < count:
            word = tokens[j + 1]
            if not (word[:1].isupper() or word.lower() in _JOINERS or stem(word) in heads):
                break
            if text[matches[j].end() : matches[j + 1].start()].strip() not in ("", "/"):
                break
            j += 1
        while j > i and tokens[j].lower() in _JOINERS:
            j -= 1
        for end in range(min(j, i + 4), i, -1):  # at most five words
            if stem(tokens[end]) in heads:
                found.append((text[matches[i].start() : matches[end].end()], matches[i].start()))
                break
        after = j + 1
    return tuple(found)


@lru_cache(maxsize=16)
def _any_head(heads: frozenset[str]) -> re.Pattern[str]:
    """Any head noun anywhere in lower-cased text: a text without one holds no name (stem
    lower-cases a word and cuts its end, so a word's stem stands in the word)."""
    return re.compile(
        "|".join(re.escape(h) for h in sorted(heads, key=len, reverse=True)) or "(?!)"
    )


@cache
def _words_cached(name: str) -> tuple[str, ...]:
    return tuple(_words_uncached(name))


def _words(name: str) -> list[str]:
    """Lower-case words of a name (cached: the check compares many pairs)."""
    return list(_words_cached(name))


def _words_uncached(name: str) -> list[str]:
    """Lower-case words of a name, possessives and stray quotes dropped."""
    out = []
    for w in _TOKEN.findall(name):
        w = re.sub(r"[’']s?$", "", w.lower())
        if w:
            out.append(w)
    return out


def _head_index(words: list[str]) -> int:
    """The head noun: the word before the first joiner ("Area of the map"), else the last."""
    for i, w in enumerate(words):
        if w in _JOINERS and i > 0:
            return i - 1
    return len(words) - 1


def _near(x: str, y: str) -> bool:
    """Two spellings of one word: same stem, or a long shared beginning (arrival/arriving)."""
    if stem(x) == stem(y):
        return True
    prefix = next(
        (i for i, (p, q) in enumerate(zip(x, y, strict=False)) if p != q), min(len(x), len(y))
    )
    return prefix >= max(4, 0.7 * min(len(x), len(y)))


@lru_cache(maxsize=65_536)  # lint compares the same names in each edition and language
def is_variant(a: str, b: str, declared: frozenset[str] = frozenset()) -> bool:
    """True when two different forms name the same thing, as far as the words show.

    The last word (the head) may differ in number and case: "Network unit" and
    "Network units" are one name used in the singular and the plural. Any
    other word that differs must be a near spelling ("Result"/"Results" before
    the head, "Arrival"/"Arriving"), or the same words in another order, or one
    word inserted inside the name ("Turn Track"/"Turn Record Track") that does
    not itself make a declared name with the head (a narrower thing).
    """
    wa, wb = _words(a), _words(b)
    if not wa or not wb or stem(wa[-1]) != stem(wb[-1]):
        return False
    ha, hb = _head_index(wa), _head_index(wb)
    if stem(wa[ha]) == stem(wb[hb]) and wa[:ha] + wa[ha + 1 :] == wb[:hb] + wb[hb + 1 :]:
        return False  # only the head's number differs: one name, singular and plural
    if len(wa) == len(wb):
        if wa[:-1] != wb[:-1] and sorted(wa[:-1]) == sorted(wb[:-1]):
            return True  # "Available Support box" / "Support Available box"
        differ = [
            (i, x, y) for i, (x, y) in enumerate(zip(wa[:-1], wb[:-1], strict=True)) if x != y
        ]
        if len(differ) != 1:
            return False
        i, x, y = differ[0]
        if stem(x) == stem(y):
            # Number is grammar on the head ("MOVIMENTI DI RESISTENZA"), a variant
            # right before an English head ("Result"/"Results Table").
            return i == len(wa) - 2 and _head_index(wa) == len(wa) - 1
        return _near(x, y)
    longer, shorter = (wa, wb) if len(wa) > len(wb) else (wb, wa)
    if len(longer) - len(shorter) != 1 or len(shorter) < 2:
        return False
    for k in range(1, len(longer) - 1):
        if longer[k] in _JOINERS:
            continue  # "plancia del giocatore" / "plancia giocatore": a construction, not a name
        if longer[:k] + longer[k + 1 :] == [*shorter[:-1], longer[-1]]:
            narrower = [stem(longer[k]), stem(longer[-1])]
            return not any(narrower == [stem(w) for w in _words(d)] for d in declared)
    return False


def _common_words(game: Game) -> set[str]:
    """Words written in lower case more often than capitalised: sentence-initial noise."""
    # One findall over all the text and a Counter in C; the loop is over distinct words
    used = Counter(_TOKEN.findall("\n".join(para.text for _, _, para in rule_paras(game))))
    lower: Counter[str] = Counter()
    upper: Counter[str] = Counter()
    for w, n in used.items():
        (upper if w[:1].isupper() else lower)[w.lower()] += n
    return {w for w in lower if lower[w] > upper[w]}


def _shortened(words: list[str]) -> Iterator[tuple[object, ...]]:
    """Keys of a name with one inner word left out (the head by its stem): a name one
    word shorter, keyed by ``_as_shorter``, meets it under one of them."""
    for k in range(1, len(words) - 1):
        yield ("-", *words[:k], *words[k + 1 : -1], stem(words[-1]))


def _as_shorter(words: list[str]) -> tuple[object, ...]:
    return ("-", *words[:-1], stem(words[-1]))


def _neighbours(forms: list[str]) -> dict[str, set[str]]:
    """For each form, the forms ``is_variant`` could call a variant of it, found by key:
    the same words in another order, all but one the same (and that one a near
    spelling: ``_near_keys``), or one word more or less.

    Comparing every pair of a head noun's names took the square of their number:
    4,500 names ending in "Board" took a minute and a half. Each of these keys is
    a condition ``is_variant`` requires, so the pairs that meet under none cannot
    be variants; ``is_variant`` still decides the pairs that do.
    """
    same: dict[tuple[object, ...], list[str]] = defaultdict(list)  # names of one length
    longer: dict[tuple[object, ...], list[str]] = defaultdict(list)  # one word less
    for form in forms:
        words = _words(form)
        keys = [("~", len(words), *sorted(words[:-1]))]
        keys += [
            ("?", len(words), i, start, *words[:i], *words[i + 1 : -1])
            for i in range(len(words) - 1)
            for start in _near_keys(words[i])
        ]
        for key in keys:
            same[key].append(form)
        for key in set(_shortened(words)):
            longer[key].append(form)
    out: dict[str, set[str]] = defaultdict(set)
    for group in same.values():
        if len(group) > 1:
            for form in group:
                out[form].update(group)
    for form in forms:  # a longer name meets a shorter one, not the other longer ones
        for other in longer.get(_as_shorter(_words(form)), ()):
            out[form].add(other)
            out[other].add(form)
    return out


def _near_keys(word: str) -> set[str]:
    """Keys two words share whenever ``_near`` holds: the same stem begins both (stems
    are lower case), and a shared beginning of four letters or more is their first four."""
    return {word[:4], stem(word)[:4]}


def _generic_forms(forms: list[str]) -> set[str]:
    """Short names that several longer names extend by one word: "Maquis marker" next to
    "Maquis Strength marker" and "Maquis Morale marker" is a general word, not a variant.

    The longer names are looked up by key (``_shortened``), not by trying every pair."""
    extended_by: dict[tuple[object, ...], list[str]] = defaultdict(list)
    for b in forms:
        for key in set(_shortened(_words(b))):
            extended_by[key].append(b)
    longer_of: dict[str, set[str]] = {}
    for a in forms:
        wa = _words(a)
        for b in extended_by.get(_as_shorter(wa), ()):
            wb = _words(b)
            extends = (
                len(wb) == len(wa) + 1
                and wb[0] == wa[0]
                and stem(wb[-1]) == stem(wa[-1])
                and any(wb[:k] + wb[k + 1 :] == [*wa[:-1], wb[-1]] for k in range(1, len(wb) - 1))
            )
            if extends:
                longer_of.setdefault(" ".join(wa), set()).add(" ".join(wb[:-1]))
    return {short for short, longer in longer_of.items() if len(longer) > 1}


def _trim(name: str, common: set[str]) -> str:
    """Drop leading common words ("The", "Flip the", "Certain") a sentence capitalised."""
    tokens = _TOKEN.findall(name)
    while tokens and (tokens[0].lower() in common or tokens[0].lower() in _JOINERS):
        tokens = tokens[1:]
        name = name[name.index(tokens[0]) :] if tokens else ""
    return name


def check(game: Game, graphs: Graphs) -> Iterator[Finding]:
    heads = head_nouns(game)
    if not heads:
        return
    common = _common_words(game)
    uses: dict[str, list[tuple[Location, str]]] = {}
    for rule, block, para in rule_paras(game):
        for raw, offset in candidates(para.text, heads):
            before = para.text[:offset].rstrip()
            starts = not before or before.endswith((".", ":", "?", "!", "(", "“", '"'))
            name = _trim(raw, common) if starts else raw
            if len(_TOKEN.findall(name)) >= 2:
                uses.setdefault(name, []).append((block.at, rule.address))
    for rule in game.all_rules():  # titles use names too, and count towards the usual form
        for raw, _ in candidates(rule.title or "", heads):
            name = _trim(raw, common)
            if len(_TOKEN.findall(name)) >= 2:
                uses.setdefault(name, []).append((rule.at, rule.address))
    declared = frozenset(c.name for c in game.components)
    words = {name: _words_cached(name) for name in uses}
    key = {name: " ".join(w) for name, w in words.items()}
    by_form: Counter[str] = Counter()
    for name, found in uses.items():
        by_form[key[name]] += len(found)
    counts = Counter({name: by_form[key[name]] for name in uses})
    forms = sorted(f for f in uses if words[f])
    by_head: dict[str, list[str]] = defaultdict(list)
    for form in forms:  # only names with the same head noun can be variants
        by_head[stem(words[form][-1])].append(form)
    generic = set().union(*(_generic_forms(group) for group in by_head.values()))
    near: dict[str, set[str]] = {}
    for group in by_head.values():
        near.update(_neighbours(group))
    for name in forms:
        if key[name] in generic:
            continue
        rivals = [
            o
            for o in sorted(near.get(name, ()))
            if words[o] != words[name] and key[o] not in generic and is_variant(name, o, declared)
        ]
        if not rivals:
            continue
        best = max(rivals, key=lambda o: (o in declared, counts.get(o, 0), o))
        if (name in declared, counts[name], name) >= (best in declared, counts.get(best, 0), best):
            continue  # the other form is the variant; it is reported on its own turn
        used = counts.get(best, 0)
        where = f"used {used} time{'s' if used != 1 else ''}" if used else "the declared name"
        for at, address in uses[name]:
            yield Finding(
                CODE,
                SEVERITY,
                f"{name!r} is a variant of {best!r} ({where})",
                at,
                suggestion=f"write {best!r}",
                rule=address,
                target=name,
            )
