"""The spelling engines: libhunspell (fast) and spylls (the fallback) must agree.

Lint findings (L10N007, L10N008) must not depend on which engine a machine
has, so every word Liberation's lint asks about, in Italian and in English, is
put to both, whole and split at its apostrophes as spelling._lookup splits it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.checks.helpers import checked_texts
from compiler.l10n import hunspell, spelling
from compiler.pipeline import front_end

ROOT = Path(__file__).resolve().parents[2]

# Where hunspell itself and its port part: an all-capitals compound whose first
# part is one letter. Liberation's termbase vouches for the word, so lint never
# asks a dictionary about it and its findings are the same under both engines.
KNOWN_DIFFERENCES = {"en": {"V-MANN"}, "it": set()}

needs_library = pytest.mark.skipif(
    hunspell.engine() != "libhunspell",
    reason="libhunspell is not installed (apt-get install libhunspell-1.7-0)",
)


def _asked(lang: str) -> set[str]:
    front = front_end(ROOT / "rulesets" / "liberation", ROOT, "original", lang)
    assert front.game is not None, front.findings
    asked: set[str] = set()
    for _, text, _ in checked_texts(front.game):
        for word in spelling.candidates(text):
            asked.add(word)
            asked.update(p for p in re.split(r"['’]", word) if p)
            asked.update(p + "'" for p in re.split(r"['’]", word) if p)
    return asked


@needs_library
@pytest.mark.parametrize("lang", ["it", "en"])
def test_engines_agree_on_every_word_liberation_asks(lang: str) -> None:
    stem = spelling.dictionary_path(lang)
    if stem is None:
        pytest.skip(f"no {lang} dictionary installed")
    native = hunspell.open_dictionary(stem)
    assert native.engine == "libhunspell"
    pure = hunspell._Spylls(stem)
    words = sorted(_asked(lang))
    assert len(words) > 300  # the game's whole text, not a handful
    differ = [w for w in words if native.lookup(w) != pure.lookup(w)]
    assert set(differ) == KNOWN_DIFFERENCES[lang]
    game = front_end(ROOT / "rulesets" / "liberation", ROOT, "original", lang).game
    assert game is not None
    accepted = spelling.accepted(game, lang)
    assert all(w.lower() in accepted for w in differ)


@needs_library
def test_native_engine_answers_like_a_dictionary() -> None:
    stem = spelling.dictionary_path("it")
    if stem is None:
        pytest.skip("no it dictionary installed")
    italian = hunspell.open_dictionary(stem)
    assert italian.lookup("carta") and italian.lookup("partigiani")
    assert not italian.lookup("cartaa")
    assert not italian.lookup("Ω")  # not a letter of the dictionary: no, not an error


def test_a_missing_library_falls_back_to_spylls(monkeypatch: pytest.MonkeyPatch) -> None:
    stem = spelling.dictionary_path("en")
    if stem is None:
        pytest.skip("no en dictionary installed")
    monkeypatch.setattr(hunspell, "_library", lambda: None)
    english = hunspell.open_dictionary(stem)
    assert english.engine == "spylls"
    assert english.lookup("counter") and not english.lookup("counterr")
