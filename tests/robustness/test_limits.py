"""The time limit that stops a game's runaway pattern or template."""

from __future__ import annotations

import os
import re
import signal
import threading
import time

import pytest

from compiler.limits import TICK, TimeLimitExceeded, held_alarm, time_limit


def test_a_backtracking_pattern_is_stopped_and_the_signal_handler_given_back() -> None:
    before = signal.getsignal(signal.SIGALRM)
    started = time.perf_counter()
    with pytest.raises(TimeLimitExceeded), time_limit(0.2):
        re.search(r"(\w+\s?)+$", "a" * 40 + "!")  # 2^40 ways to fail
    assert time.perf_counter() - started < 5
    assert signal.getsignal(signal.SIGALRM) == before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_a_quick_block_is_not_stopped_and_leaves_no_timer() -> None:
    with time_limit(5):
        assert re.search(r"\d+", "case 12") is not None
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_off_the_main_thread_the_block_runs_unguarded() -> None:
    seen: list[object] = []

    def run() -> None:
        with time_limit(0.01):
            time.sleep(0.05)
        seen.append("done")

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert seen == ["done"]


def test_a_callers_own_timer_goes_on_after_the_block() -> None:
    signal.setitimer(signal.ITIMER_REAL, 30)
    try:
        with time_limit(5):
            pass
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 25 < left <= 30
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def test_inside_held_alarm_a_guard_still_stops_and_everything_is_given_back() -> None:
    before = signal.getsignal(signal.SIGALRM)
    with held_alarm():
        with pytest.raises(TimeLimitExceeded), time_limit(0.2):
            re.search(r"(\w+\s?)+$", "a" * 40 + "!")
        with time_limit(5):
            pass
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # the watchdog stopped
    assert signal.getsignal(signal.SIGALRM) == before


def test_inside_held_alarm_a_block_is_stopped_after_its_limit_not_before() -> None:
    with held_alarm():
        started = time.perf_counter()
        with pytest.raises(TimeLimitExceeded), time_limit(0.6):
            re.search(r"(\w+\s?)+$", "a" * 40 + "!")
        ran = time.perf_counter() - started
    assert 0.6 <= ran < 0.6 + TICK + 1.0


def test_inside_held_alarm_each_block_has_its_own_limit() -> None:
    """Ticks count from each guard's start: many quick blocks in a row, longer together
    than any one limit, are none of them stopped."""
    with held_alarm():
        for _ in range(8):
            with time_limit(2 * TICK):
                time.sleep(TICK / 2)
        with time_limit(10):
            time.sleep(6 * TICK)
            with time_limit(4 * TICK):  # counts from its own start, not the outer's
                time.sleep(2 * TICK)
            with pytest.raises(TimeLimitExceeded), time_limit(0.3):
                time.sleep(5)  # an inner guard's limit holds inside an outer one


def test_a_worker_forked_inside_held_alarm_is_guarded_by_its_own_watchdog() -> None:
    """A forked child inherits the handler but not the parent's timer."""
    with held_alarm():
        with time_limit(5):  # the parent's watchdog is ticking
            pass
        read, write = os.pipe()
        child = os.fork()
        if child == 0:  # pragma: no cover - the child reports through the pipe
            outcome = b"ran on"
            try:
                with time_limit(0.3):
                    time.sleep(5)
            except TimeLimitExceeded:
                outcome = b"stopped"
            os.write(write, outcome)
            os._exit(0)
        os.close(write)
        os.waitpid(child, 0)
        assert os.read(read, 100) == b"stopped"
        os.close(read)


def test_inside_held_alarm_a_callers_own_timer_reaches_its_own_handler() -> None:
    """A whole-run limit (a test's, a CI job's) firing between guards is not a guard's."""
    fired: list[int] = []
    previous = signal.signal(signal.SIGALRM, lambda signum, frame: fired.append(signum))
    try:
        with held_alarm():
            signal.setitimer(signal.ITIMER_REAL, 0.05)
            time.sleep(0.2)
        assert fired == [signal.SIGALRM]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_inside_held_alarm_an_ignored_callers_timer_stays_ignored() -> None:
    """Outside a guard, SIGALRM does what the caller set: SIG_IGN is not a crash."""
    previous = signal.signal(signal.SIGALRM, signal.SIG_IGN)
    try:
        with held_alarm():
            signal.setitimer(signal.ITIMER_REAL, 0.05)
            time.sleep(0.2)  # raised TimeLimitExceeded, a traceback from lint or build
        assert signal.getsignal(signal.SIGALRM) == signal.SIG_IGN
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_inside_held_alarm_a_callers_timer_with_the_default_action_ends_the_process() -> None:
    import subprocess
    import sys

    code = (
        "import signal, time\n"
        "from compiler.limits import held_alarm\n"
        "with held_alarm():\n"
        "    signal.setitimer(signal.ITIMER_REAL, 0.05)\n"
        "    time.sleep(2)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == -signal.SIGALRM, run.stderr
