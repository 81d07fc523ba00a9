"""Open a hunspell dictionary: the C library when it is installed, spylls when not.

The Debian dictionaries are hunspell's own, and so is its reference
implementation, ``libhunspell`` (``apt-get install libhunspell-1.7-0``): it
reads Italian's .dic in 0.03 s, where spylls, its faithful pure-Python port,
takes 1.2 s and 100 MB. A cold lint of Liberation opens four dictionaries (its
own, English, French, German for L10N007), so the C library is the difference
between a lint that waits seconds and one that does not.

spylls stays the fallback, so a machine without the library (macOS with
dictionaries in CASEBOOK_DICTIONARIES) still lints; the two give the same
answer for every word the five games ask about (tests/l10n/test_spelling.py).
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Protocol

# Sonames tried in order; find_library finds an unversioned build (Homebrew, source).
_LIBRARIES = ("libhunspell-1.7.so.0", "libhunspell-1.7.so", "libhunspell.so")


class Checker(Protocol):
    engine: str

    def lookup(self, word: str) -> bool: ...


@cache
def _library() -> ctypes.CDLL | None:
    for name in _library_names():
        try:
            lib = ctypes.CDLL(name)
        except OSError:
            continue
        lib.Hunspell_create.restype = ctypes.c_void_p
        lib.Hunspell_create.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        lib.Hunspell_spell.restype = ctypes.c_int
        lib.Hunspell_spell.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.Hunspell_get_dic_encoding.restype = ctypes.c_char_p
        lib.Hunspell_get_dic_encoding.argtypes = [ctypes.c_void_p]
        return lib
    return None


def _library_names() -> Iterator[str]:
    """The sonames, then what find_library finds: it is asked only when none loads, as
    importing it (subprocess and all) was 8 ms of every cold lint."""
    yield from _LIBRARIES
    import ctypes.util

    found = ctypes.util.find_library("hunspell-1.7")
    if found:
        yield found


class _Native:
    """libhunspell through ctypes: one handle, kept for the process's life."""

    engine = "libhunspell"

    def __init__(self, lib: ctypes.CDLL, stem: Path) -> None:
        self._lib = lib
        self._handle = lib.Hunspell_create(
            str(stem.with_suffix(".aff")).encode(), str(stem.with_suffix(".dic")).encode()
        )
        if not self._handle:
            raise OSError(f"libhunspell could not open {stem}")
        self._encoding = (lib.Hunspell_get_dic_encoding(self._handle) or b"UTF-8").decode()

    def lookup(self, word: str) -> bool:
        try:
            raw = word.encode(self._encoding)
        except (UnicodeEncodeError, LookupError):
            return False  # a letter the dictionary's own encoding cannot hold is not in it
        return bool(self._lib.Hunspell_spell(self._handle, raw))


class _Spylls:
    engine = "spylls"

    def __init__(self, stem: Path) -> None:
        from spylls.hunspell import Dictionary

        self._dictionary = Dictionary.from_files(str(stem))

    def lookup(self, word: str) -> bool:
        return bool(self._dictionary.lookup(word))


def engine() -> str:
    """Which implementation ``open_dictionary`` uses on this machine."""
    return "libhunspell" if _library() is not None else "spylls"


def open_dictionary(stem: Path) -> Checker:
    """The dictionary ``stem``.aff/.dic, read by libhunspell if it loads, else by spylls."""
    lib = _library()
    if lib is not None:
        try:
            return _Native(lib, stem)
        except OSError:
            pass
    return _Spylls(stem)
