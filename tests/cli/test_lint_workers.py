"""Lint on every core: games in shares of about equal size, one linted in this process
and each other share in a forked child (cli._lint_games, processes.shares).

The findings must be those of a lint on one core, in the order the games were
named, whichever process linted a game, and a child that dies must cost its
share nothing but time.
"""

from __future__ import annotations

import os
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compiler import cli, processes
from compiler.lint import lint_game
from tests.conftest import ROOT, RULESETS

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="lint forks only on Linux")
GAMES = ["maquis", "plan-vert", "set-europe-ablaze"]
OPTIONS = (ROOT, "original", None, [], None)


@given(st.lists(st.integers(0, 1000), max_size=12), st.integers(1, 4))
def test_shares_hold_every_game_once_lightest_share_first(sizes: list[int], parts: int) -> None:
    shares = processes.shares(sizes, parts)
    assert sorted(i for share in shares for i in share) == list(range(len(sizes)))
    assert len(shares) <= parts and all(shares)
    totals = [sum(sizes[i] for i in share) for share in shares]
    assert totals == sorted(totals)
    for share in shares:
        assert [sizes[i] for i in share] == sorted((sizes[i] for i in share), reverse=True)
    if len(shares) == parts and sizes:  # longest first: no share exceeds another by more
        assert totals[-1] - totals[0] <= max(sizes)  # than its biggest game


def test_a_big_game_has_a_core_to_itself() -> None:
    # the five games' sizes, roughly: Liberation weighs as much as the other four
    assert processes.shares([785, 79, 75, 258, 156], 2) == [[3, 4, 1, 2], [0]]


@pytest.fixture(scope="module")
def alone() -> list[tuple[list, bool]]:
    return [lint_game(RULESETS / g, *OPTIONS) for g in GAMES]


@linux_only
def test_games_linted_on_two_cores_say_what_one_core_says(alone, monkeypatch) -> None:
    monkeypatch.setenv("CASEBOOK_JOBS", "2")
    forks: list[int] = []
    real = processes.Forked

    def counted(*args, **kwargs):
        forks.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(processes, "Forked", counted)
    assert cli._lint_games([RULESETS / g for g in GAMES], OPTIONS) == alone
    assert forks == [1]  # one share here, one in a child


@linux_only
def test_a_child_that_dies_has_its_share_linted_here(alone, monkeypatch) -> None:
    monkeypatch.setenv("CASEBOOK_JOBS", "2")
    real = processes.Forked
    monkeypatch.setattr(processes, "Forked", lambda work, **_: real(lambda: os._exit(9)))
    assert cli._lint_games([RULESETS / g for g in GAMES], OPTIONS) == alone


@linux_only
def test_an_error_here_stops_the_children(monkeypatch) -> None:
    monkeypatch.setenv("CASEBOOK_JOBS", "2")
    children: list[processes.Forked] = []
    real = processes.Forked

    def kept(work, **kwargs):
        child = real(lambda: time.sleep(60), **kwargs)
        children.append(child)
        return child

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in this process's share")

    monkeypatch.setattr(processes, "Forked", kept)
    monkeypatch.setattr("compiler.lint.lint_game", broken)
    with pytest.raises(RuntimeError, match="this process's share"):
        cli._lint_games([RULESETS / g for g in GAMES], OPTIONS)
    (child,) = children
    with pytest.raises(ChildProcessError):  # killed and collected, not left to sleep
        os.waitpid(child._pid, os.WNOHANG)


@linux_only
def test_a_child_is_collected_once_it_has_ended_without_being_waited_for() -> None:
    child = processes.Forked(lambda: 42)
    assert child.result() == 42
    for _ in range(200):  # it ends in milliseconds; the next fork or answer collects it
        processes._reap()
        if not processes._EXITING:
            break
        time.sleep(0.01)
    assert processes._EXITING == []
    with pytest.raises(ChildProcessError):  # no zombie left in the process table
        os.waitpid(child._pid, os.WNOHANG)


@linux_only
def test_a_childs_error_is_raised_here_and_the_children_after_it_stopped(monkeypatch) -> None:
    made: list[processes.Forked] = []
    real = processes.Forked

    def kept(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    def broken() -> None:
        raise ValueError("the child's own bug")

    monkeypatch.setattr(processes, "Forked", kept)
    with pytest.raises(ValueError, match="the child's own bug"):
        processes.alongside(lambda: 1, [broken, lambda: time.sleep(60)])
    with pytest.raises(ChildProcessError):  # the sleeper was killed and collected
        os.waitpid(made[1]._pid, os.WNOHANG)


@linux_only
def test_a_lost_childs_work_is_done_here_the_way_this_process_does_it() -> None:
    assert processes.alongside(lambda: 0, [lambda: os._exit(9)], here=lambda k: f"here {k}") == (
        0,
        ["here 0"],
    )
    assert processes.alongside(lambda: 0, [lambda: 7]) == (0, [7])


def test_a_translated_game_is_linted_one_language_a_job() -> None:
    """Liberation's Italian and English were one job: on two cores, one core linted both
    while the other was done with the four other games."""
    jobs = cli._lint_jobs([RULESETS / "liberation", RULESETS / "maquis"], None)
    assert [(d, langs) for d, langs, _ in jobs] == [(0, ["it"]), (0, ["en"]), (1, None)]
    en_first = cli._lint_jobs([RULESETS / "liberation"], ["en", "it"])  # found by a probe:
    assert [langs for _, langs, _ in en_first] == [["it"], ["en"]]  # own language first
    only_en = cli._lint_jobs([RULESETS / "liberation"], ["en"])
    assert [(d, langs) for d, langs, _ in only_en] == [(0, ["en"])]
    unknown = cli._lint_jobs([RULESETS / "liberation"], ["it", "fr"])  # no fr.po: one job
    assert [(d, langs) for d, langs, _ in unknown] == [(0, ["it", "fr"])]


@linux_only
def test_a_game_linted_a_language_a_job_says_what_one_run_says(monkeypatch) -> None:
    monkeypatch.setenv("CASEBOOK_JOBS", "2")
    games = [RULESETS / "liberation", RULESETS / "plan-vert"]
    assert cli._lint_games(games, OPTIONS) == [lint_game(g, *OPTIONS) for g in games]


def test_the_first_language_that_cannot_be_linted_says_why_alone(tmp_path) -> None:
    """As lint_game stops at the first language it cannot model, so does the merge of
    its languages linted apart (lint.combined)."""
    import shutil

    from compiler.lint import combined

    game = tmp_path / "liberation"
    shutil.copytree(RULESETS / "liberation", game)
    po = game / "l10n" / "en.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "unclosed\n', encoding="utf-8")
    options = (tmp_path, "original", None, [])
    parts = [lint_game(game, *options, [lang]) for lang in ("it", "en")]
    whole = lint_game(game, *options, None)
    assert not whole[1]
    assert combined(parts) == whole
    assert combined(parts[:1]) == parts[0]


def test_a_finding_both_languages_make_is_said_once() -> None:
    """A fault outside the translated text (a count, a layout) is found by each language's
    run at the same place in the same words: one run on both said it once."""
    from compiler.diagnostics import Finding, Location, Severity
    from compiler.lint import combined

    count = Finding("COUNT001", Severity.ERROR, "7 counters, 8 said", Location("c.yaml", 3, 1))
    word = Finding("L10N008", Severity.WARNING, "unknown word", Location("en.po", 9, 1))
    early = Finding("NUM001", Severity.ERROR, "gap", Location("a.yaml", 1, 1))
    assert combined([([early, count], True), ([count, word], True)]) == (
        [early, count, word],
        True,
    )


def test_a_catalog_that_is_a_broken_link_is_a_job_of_no_size(tmp_path) -> None:
    """Sized by its bytes, a dangling fr.po stopped lint with FileNotFoundError before its
    job could say what is wrong (L10N100, as a lint of that game alone says)."""
    import shutil

    game = tmp_path / "liberation"
    shutil.copytree(RULESETS / "liberation", game)
    (game / "l10n" / "fr.po").symlink_to(tmp_path / "nowhere.po")
    jobs = cli._lint_jobs([game], None)
    assert [(langs, size) for _, langs, size in jobs][-1] == (["fr"], 0)


@linux_only
def test_the_first_language_to_fail_is_the_games_own_whatever_lang_says(
    tmp_path, monkeypatch
) -> None:
    """Found by a probe: with the source and its catalog both broken, `--lang en,it` said
    the catalog's fault on two cores and the source's on one (lint_game lints the
    game's own language first)."""
    import shutil

    for game in ("liberation", "plan-vert"):
        shutil.copytree(RULESETS / game, tmp_path / game)
    po = tmp_path / "liberation" / "l10n" / "en.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "unclosed\n', encoding="utf-8")
    errata = tmp_path / "liberation" / "errata" / "a-base.yaml"
    text = errata.read_text(encoding="utf-8")
    errata.write_text(text.replace("    rule: ", "    rule: no-such-rule-", 1), encoding="utf-8")
    monkeypatch.setenv("CASEBOOK_JOBS", "2")
    options = (tmp_path, "original", None, [], ["en", "it"])
    games = [tmp_path / "liberation", tmp_path / "plan-vert"]
    together = cli._lint_games(games, options)
    assert together == [lint_game(g, *options) for g in games]
    assert [f.code for f in together[0][0]] == ["ERRATA001"]
