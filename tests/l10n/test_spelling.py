"""The spelling engines: libhunspell (fast) and spylls (the fallback) must agree.

Lint findings (L10N007, L10N008) must not depend on which engine a machine
has, so every word Liberation's lint asks about, in Italian and in English, is
put to both, whole and split at its apostrophes as spelling._lookup splits it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
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


_AHEAD = """
import signal, threading
from compiler.l10n import spelling
masks = []
real = spelling._dictionary
def watched(lang):
    if threading.current_thread() is not threading.main_thread():
        masks.append(signal.pthread_sigmask(signal.SIG_BLOCK, []))
    return real(lang)
spelling._dictionary = watched
thread = spelling.open_ahead(["it", "en"])
assert thread is not None and thread is not threading.current_thread()
spelling.opened()
assert threading.active_count() == 1, "opened() left the thread running"
assert spelling._opened.cache_info().currsize == 2, spelling._opened.cache_info()
assert spelling.known("it", "casa") and not spelling.known("it", "qzxv")
# the watchdog's timer signal goes to the main thread, never into libhunspell's reads
assert masks and all(signal.SIGALRM in mask for mask in masks), masks
assert signal.SIGALRM not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
"""


@needs_library
def test_dictionaries_open_on_a_thread_and_opened_waits_for_them(tmp_path: Path) -> None:
    if not (spelling.available("it") and spelling.available("en")):
        pytest.skip("the it and en dictionaries are not installed")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}  # no saved answers
    proc = subprocess.run(
        [sys.executable, "-c", _AHEAD], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr


def test_a_dictionary_with_saved_answers_is_not_opened_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(spelling._MEMO, "it", {"casa": True})
    monkeypatch.setattr(spelling, "available", lambda lang: lang == "it")
    assert spelling.open_ahead(["it", "xx"]) is None


def test_lint_keeps_the_answers_its_worker_processes_learnt(tmp_path: Path) -> None:
    """Pool workers end without running atexit, and lint's own process ends with
    os._exit: the answers were saved only by a one-process lint, so every lint on
    two cores asked the dictionaries again."""
    if not (spelling.available("it") and spelling.available("en")):
        pytest.skip("the it and en dictionaries are not installed")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "CASEBOOK_JOBS": "2"}
    for _ in range(2):  # the second lint adds to what the first saved
        proc = subprocess.run(
            [sys.executable, "-m", "compiler", "lint", "--no-cache", "liberation", "maquis"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        assert proc.returncode == 0, proc.stderr
    saved = sorted((tmp_path / "casebook").glob("spelling-*.json"))
    names = {p.name.split("-")[1] for p in saved}
    assert {"it_IT", "en_GB"} <= names or {"it_IT", "en_US"} <= names, names
    for path in saved:
        answers = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(answers, dict) and answers, path


def test_lint_reads_the_dictionaries_ahead_only_when_its_checks_will_ask(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    asked: list[object] = []
    monkeypatch.setattr(spelling, "open_ahead", lambda langs: asked.append(langs))
    plain = tmp_path / "plain"
    plain.mkdir()
    spelling.open_ahead_for([plain], None, ())
    assert asked == []  # no termbase: the spelling checks ask nothing
    liberation = ROOT / "rulesets" / "liberation"
    spelling.open_ahead_for([plain, liberation], None, ["L10N007", "L10N008"])
    spelling.open_ahead_for([liberation], ["XREF"], ())
    assert asked == []  # the spelling checks are not selected
    spelling.open_ahead_for([plain, liberation], ["L10N"], ["L10N007"])
    assert asked == [spelling.DICTIONARIES]


def test_a_cold_lint_reads_the_dictionaries_before_it_imports_the_checks(tmp_path: Path) -> None:
    """On the second core while the first imports: the workers fork with them read."""
    code = (
        "import sys, compiler.l10n.spelling as s\n"
        "seen = []\n"
        "real = s.open_ahead\n"
        "def ahead(langs):\n"
        "    seen.append('compiler.checks' in sys.modules)\n"
        "    return real(langs)\n"
        "s.open_ahead = ahead\n"
        "from compiler.cli import main\n"
        "main(['lint', '--no-cache', 'liberation', 'maquis'])\n"
        "assert seen and seen[0] is False, seen\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr


@needs_library
def test_a_lint_of_cached_games_leaves_no_reading_thread_behind(tmp_path: Path) -> None:
    """The dictionaries are read ahead before the result cache is asked; when every game
    comes from it, the reading is joined all the same: a process forks with one thread."""
    if not (spelling.available("it") and spelling.available("en")):
        pytest.skip("the it and en dictionaries are not installed")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    games = ["maquis", "liberation"]
    first = subprocess.run(
        [sys.executable, "-m", "compiler", "lint", *games], cwd=ROOT, env=env, capture_output=True
    )
    assert first.returncode == 0, first.stderr
    for answers in (tmp_path / "casebook").glob("spelling-*.json"):
        answers.unlink()  # so the dictionaries are read ahead again
    code = (
        "import threading, compiler.l10n.spelling as s\n"
        "from compiler.cli import main\n"
        "started = []\n"
        "real = s.open_ahead\n"
        "def ahead(langs):\n"
        "    started.append(real(langs))\n"
        "    return started[-1]\n"
        "s.open_ahead = ahead\n"
        f"assert main(['lint', *{games!r}]) == 0\n"
        "assert started and started[0] is not None, started\n"
        "assert threading.active_count() == 1, threading.enumerate()\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr


def test_find_library_is_asked_only_when_no_soname_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sonames come first; ctypes.util (and its subprocess) only when none loads."""
    import ctypes.util

    asked: list[str] = []
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: asked.append(name) or "libx.so")
    names = hunspell._library_names()
    assert [next(names) for _ in hunspell._LIBRARIES] == list(hunspell._LIBRARIES)
    assert asked == []  # a loaded soname ends the search here
    assert list(names) == ["libx.so"]
    assert asked == ["hunspell-1.7"]


def test_the_spelling_module_is_light_enough_to_start_reading_first() -> None:
    """Lint imports it before anything else to start reading the dictionaries on the
    other core; bringing in the model there made that start wait 35 ms."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import compiler.l10n.spelling\n"
        "heavy = [m for m in ('compiler.model.game', 'yaml', 'jinja2', 'networkx') "
        "if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_saved_answers_belong_to_one_dictionary_as_it_is_now(tmp_path: Path, monkeypatch) -> None:
    """Found by a probe: answers were keyed by the .dic's name, size and whole second, so
    a same-size edit of the .dic, an edit of the .aff, or another folder's dictionary
    of the same name kept the old answers; and the build's stamp did not cover the
    folders CASEBOOK_DICTIONARIES names, so a proof stayed "up to date"."""
    from compiler import stamps

    folder = tmp_path / "dicts"
    folder.mkdir()
    dic, aff = folder / "en_GB.dic", folder / "en_GB.aff"
    dic.write_text("1\nzorblaxing\n", encoding="utf-8")
    aff.write_text("SET UTF-8\n", encoding="utf-8")
    monkeypatch.setenv("CASEBOOK_DICTIONARIES", str(folder))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    stamps.toolchain_digest.cache_clear()
    before = (spelling._cache_file(folder / "en_GB"), stamps.toolchain_digest())
    when = dic.stat().st_mtime_ns
    dic.write_text("1\nqorblaxing\n", encoding="utf-8")  # the same size, the same second
    os.utime(dic, ns=(when, when + 1))
    stamps.toolchain_digest.cache_clear()
    after_dic = (spelling._cache_file(folder / "en_GB"), stamps.toolchain_digest())
    assert after_dic[0] != before[0] and after_dic[1] != before[1]
    aff.write_text("SET UTF-8\nTRY e\n", encoding="utf-8")
    stamps.toolchain_digest.cache_clear()
    assert spelling._cache_file(folder / "en_GB") != after_dic[0]
    assert stamps.toolchain_digest() != after_dic[1]
    stamps.toolchain_digest.cache_clear()


def test_a_file_that_is_no_word_list_is_passed_over_as_a_dictionary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a probe: random bytes, an empty file or a first line of 2,000,000,000
    in CASEBOOK_DICTIONARIES were used as a dictionary that knew no word: 9,884
    warnings blamed on the rules. Such a file is passed over, as a missing one is;
    a real dictionary, with or without a byte-order mark, is not."""
    garbage = tmp_path / "garbage"
    garbage.mkdir()
    for name, text in (
        ("en_GB", os.urandom(3000)),
        ("it_IT", b""),
        ("fr_FR", b"2000000000\nmot\n"),
        ("de_DE", b"\xef\xbb\xbf"),
    ):
        (garbage / f"{name}.dic").write_bytes(text)
        (garbage / f"{name}.aff").write_bytes(b"SET UTF-8\n")
    real = tmp_path / "real"
    real.mkdir()
    (real / "en_GB.dic").write_bytes(b"\xef\xbb\xbf2\r\nhello\r\nworld\r\n")  # BOM, CRLF
    (real / "en_GB.aff").write_bytes(b"SET UTF-8\n")
    monkeypatch.setenv("CASEBOOK_DICTIONARIES", f"{garbage}:{real}")
    monkeypatch.setattr(spelling, "SYSTEM_DIRS", ())
    assert spelling.dictionary_path("en") == real / "en_GB"
    assert [spelling.dictionary_path(lang) for lang in ("it", "fr", "de")] == [None] * 3


def test_a_long_word_or_change_is_cut_in_its_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by a probe: L10N008 printed a 20,000-letter word whole, and L10N003 a
    280 KB changed text, each on one line. Both cut a text as every message does."""
    from compiler.checks import l10n_outdated, l10n_spelling

    said = l10n_outdated.changes("a b c", "a " + "x" * 300 + " c")
    assert said.startswith('"b" -> "xxx') and said.endswith('…"') and len(said) < 80
    game = front_end(ROOT / "rulesets" / "liberation", ROOT).game
    unit = game.l10n.units[0]
    monkeypatch.setattr(
        l10n_spelling, "unknown_words", lambda _: [(unit, "y" * 5000, "w" * 20_000, [])]
    )
    monkeypatch.setattr(l10n_spelling.spelling, "available", lambda _: True)
    (finding,) = l10n_spelling.check(game, None)
    assert len(finding.message) < 140 and finding.message.startswith('unknown word "www')
