"""Offline spelling with the Debian hunspell dictionaries (compiler/l10n/hunspell.py).

Dictionaries are looked up in ``/usr/share/hunspell`` (``apt-get install
hunspell-it hunspell-en-gb hunspell-fr hunspell-de-de``), or in the folders
named by ``CASEBOOK_DICTIONARIES`` (colon-separated). A missing dictionary is
not an error: the checks that need it say once that it is missing.

Every answer is memoised, in the process and on disk
(``$XDG_CACHE_HOME/casebook/spelling-<dictionary>.json``, keyed by the
dictionary file's size and time and by the engine that answered): a second
lint opens no dictionary at all, which matters most where only the slow
pure-Python engine is installed.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import re
import threading
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from compiler.cache import cache_dir, read_entry, store
from compiler.limits import not_for_this_thread
from compiler.paths import is_file
from compiler.selection import selected

SYSTEM_DIRS = ("/usr/share/hunspell", "/usr/share/myspell/dicts")
# Which dictionary stands for a language, in order of preference.
DICTIONARIES = {
    "it": ("it_IT",),
    "en": ("en_GB", "en_US"),
    "fr": ("fr_FR", "fr"),
    "de": ("de_DE",),
}
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def dictionary_dirs() -> list[Path]:
    """Where dictionaries are looked for, in order: CASEBOOK_DICTIONARIES, then the
    system's folders. The build's change stamp covers each (compiler/stamps.py)."""
    extra = os.environ.get("CASEBOOK_DICTIONARIES", "")
    return [Path(d) for d in extra.split(":") if d] + [Path(d) for d in SYSTEM_DIRS]


def dictionary_path(lang: str) -> Path | None:
    """The .dic/.aff stem of the dictionary for ``lang``, or None when none is installed."""
    for name in DICTIONARIES.get(lang, (lang,)):
        for folder in dictionary_dirs():
            dic = folder / f"{name}.dic"
            if is_file(dic) and is_file(folder / f"{name}.aff") and _counts_words(dic):
                return folder / name
    return None


def _counts_words(dic: Path) -> bool:
    """Whether ``dic`` begins as a hunspell word list does: the number of words (more
    than none), then the words. Random bytes or an empty file there were used as a
    dictionary that knew no word, and every word of the rules was reported unknown,
    9,884 warnings (found by a probe); such a file is passed over, as if missing."""
    try:
        with dic.open("rb") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    first, _, rest = head.partition(b"\n")
    count = first.removeprefix(b"\xef\xbb\xbf").split(b"/")[0].strip()  # BOM, "12345/flags"
    return count.isdigit() and len(count) <= 9 and int(count) > 0 and bool(rest.strip())


_OPENING = threading.Lock()  # one thread opens a dictionary; another asking waits for it


def _dictionary(lang: str):
    with _OPENING:
        return _opened(lang)


@cache
def _opened(lang: str):
    path = dictionary_path(lang)
    if path is None:
        return None
    from compiler.l10n.hunspell import open_dictionary

    return open_dictionary(path)


def available(lang: str) -> bool:
    return dictionary_path(lang) is not None


def open_ahead(langs: Iterable[str]) -> threading.Thread | None:
    """Open, on a thread of their own, the dictionaries of ``langs`` with no saved answers.

    libhunspell reads a dictionary in C with the interpreter's lock released
    (ctypes), so a cold lint reads its four dictionaries (0.2 s) while the
    front end reads the game, instead of after it. A dictionary whose answers
    are on disk may never be opened, so it is left alone; so is every one when
    only spylls is installed, whose Python would only take turns with the
    front end's. ``opened()`` waits for it: a process forks with one thread only.
    """
    from compiler.l10n.hunspell import engine

    wanted = [lang for lang in langs if available(lang) and not _memo(lang)]
    if not wanted or engine() != "libhunspell":
        return None

    def read() -> None:
        not_for_this_thread()  # a watchdog tick would cut a libhunspell read short (EINTR)
        for lang in wanted:
            _dictionary(lang)

    thread = threading.Thread(target=read, name="casebook-dictionaries", daemon=True)
    thread.start()
    _AHEAD.append(thread)
    return thread


_AHEAD: list[threading.Thread] = []


def open_ahead_for(
    game_dirs: Iterable[Path], select: Sequence[str] | None, ignore: Sequence[str]
) -> None:
    """``open_ahead`` every dictionary, if lint will ask them: a game has a termbase and
    the spelling checks (L10N007, L10N008) are selected.

    lint calls it before it imports the checks, so the dictionaries are read on
    the second core while the first imports (0.2 s of a cold lint was spent
    reading them after the workers had started).
    """
    if any((d / "termbase.yaml").is_file() for d in game_dirs) and any(
        selected(code, select, ignore) for code in ("L10N007", "L10N008")
    ):
        open_ahead(DICTIONARIES)


def opened() -> None:
    """Wait for the dictionaries ``open_ahead`` is reading."""
    while _AHEAD:
        _AHEAD.pop().join()


def _cache_file(path: Path) -> Path:
    from compiler.l10n.hunspell import engine

    # The answers are the dictionary's: keyed by where it is and both its files' sizes and
    # times to the nanosecond (the .dic's size and whole second alone kept answers after a
    # same-size edit, an edit of the .aff, or another folder's dictionary of one name).
    key = hashlib.blake2b(str(path.resolve()).encode(), digest_size=8)
    for suffix in (".dic", ".aff"):
        stat = path.with_suffix(suffix).stat()
        key.update(f"{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return cache_dir() / f"spelling-{path.name}-{key.hexdigest()}-{engine()}.json"


_MEMO: dict[str, dict[str, bool]] = {}
_DIRTY: set[str] = set()


def _memo(lang: str) -> dict[str, bool]:
    if lang not in _MEMO:
        path = dictionary_path(lang)
        _MEMO[lang] = _answers(_cache_file(path)) if path is not None else {}
    return _MEMO[lang]


def _answers(file: Path) -> dict[str, bool]:
    """The answers a cache file keeps; {} for one missing, damaged or not of words
    and yeses and noes (a cache is made again, never trusted)."""
    data = read_entry(file)
    try:
        answers = json.loads(data) if data is not None else {}
    except (ValueError, RecursionError):
        return {}
    if not isinstance(answers, dict):
        return {}
    return {w: a for w, a in answers.items() if isinstance(a, bool)}


@atexit.register
def save() -> None:
    """Write the answers learnt in this process (best effort: a cache, not data).

    Lint and build call it after each game: their worker processes end
    without running atexit, and lint's own process ends with os._exit. Two
    workers may save one language at once, so each adds its answers to what
    is on disk rather than writing only its own.
    """
    for lang in sorted(_DIRTY):
        path = dictionary_path(lang)
        if path is None:
            continue
        file = _cache_file(path)
        answers = _answers(file)
        answers.update(_MEMO[lang])
        store(file, json.dumps(answers, sort_keys=True).encode())
    _DIRTY.clear()


def known(lang: str, word: str) -> bool:
    """Whether the ``lang`` dictionary accepts ``word`` (elisions like "dell'" are split)."""
    memo = _memo(lang)
    if word not in memo:
        memo[word] = _lookup(lang, word)
        _DIRTY.add(lang)
    return memo[word]


def _lookup(lang: str, word: str) -> bool:
    dictionary = _dictionary(lang)
    if dictionary is None:
        return False
    if dictionary.lookup(word):
        return True
    for part in re.split(r"['’]", word):
        if part and not (dictionary.lookup(part) or dictionary.lookup(part + "'")):
            return False
    return "'" in word or "’" in word


def words(text: str) -> list[str]:
    return WORD.findall(text)


PACKAGES = {
    "it": "hunspell-it",
    "en": "hunspell-en-gb",
    "fr": "hunspell-fr",
    "de": "hunspell-de-de",
}
_SHORT = 3


def candidates(text: str) -> list[str]:
    """The words worth a dictionary look-up: not names (Title Case), not short abbreviations,
    not the Jinja2 syntax of a card layout's text (``{% if card.gaps %}``)."""
    # Imported here: lint imports this module first of all, to start reading the
    # dictionaries, and units.py brings in the model (35 ms the reading would wait).
    from compiler.l10n.units import TEMPLATE

    out = []
    for word in words(TEMPLATE.sub(" ", text)):
        if len(word) <= _SHORT:
            continue
        if word[0].isupper() and not word.isupper():
            continue  # a name, or a sentence's first word: names are the termbase's business
        out.append(word)
    return out


def accepted(game, lang: str) -> set[str]:
    """Words the game's termbase vouches for in ``lang`` (lower case): its words and terms."""
    termbase = game.termbase
    if termbase is None:
        return set()
    found: set[str] = set()
    for word in termbase.words.get(lang, ()):
        found.update(words(word))
    for term in termbase.terms:
        if lang == termbase.source_language or term.do_not_translate:
            for form in term.forms:
                found.update(words(form))
        target = term.targets.get(lang)
        if target is not None:
            for form in (target.preferred, *target.admitted):
                found.update(words(form))
    return {w.lower() for w in found}


# Elided articles and prepositions ("dell'", "all'", "l'"): a word of their own before "'".
ELISIONS = {
    "it": {"l", "d", "dell", "dall", "all", "sull", "nell", "un", "quell", "c", "s", "n", "m"},
    "fr": {"l", "d", "j", "n", "s", "c", "qu", "m", "t"},
    "en": set(),
}


def passes(lang: str, word: str, accepted_words: set[str]) -> bool:
    """Known to the dictionary or the termbase, whole or part by part ("dell'OCCUPANTE")."""
    if word.lower() in accepted_words or word.lower() in ELISIONS.get(lang, ()):
        return True
    if known(lang, word):
        return True
    parts = [p for p in re.split(r"['’]", word) if p]
    elided = ELISIONS.get(lang, set())
    return len(parts) > 1 and all(
        p.lower() in accepted_words or p.lower() in elided or known(lang, p) for p in parts
    )
