"""A big game's own units, extracted in a forked helper while the model is made, are
the units one process extracts; a helper lost on the way leaves them to be made here."""

from __future__ import annotations

import os
import sys

import pytest

from compiler import pipeline, processes
from compiler.l10n import localise, units
from compiler.pipeline import front_end
from tests.conftest import ROOT

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="helpers fork only on Linux")
GAME = ROOT / "rulesets" / "set-europe-ablaze"


def _units_alone() -> tuple:
    units._LAST.clear()
    front = front_end(GAME, ROOT)
    assert front.game is not None and front.game.l10n is not None
    return front.game.l10n.units


@linux_only
def test_units_made_beside_the_model_are_the_units_made_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    alone = _units_alone()
    units._LAST.clear()
    monkeypatch.setattr(pipeline, "UNITS_BESIDE_LINES", 0)
    where: list[int] = []
    real = localise.source_rows

    def spy(sources: object) -> list:
        where.append(os.getpid())  # the child's list is its own: empty here if it ran there
        return real(sources)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "source_rows", spy)
    beside = front_end(GAME, ROOT, split=True)
    assert beside.game is not None and beside.game.l10n is not None
    assert beside.game.l10n.units == alone
    assert where == []  # extracted in the child, not here


@linux_only
def test_a_lost_helper_leaves_the_units_to_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    alone = _units_alone()
    units._LAST.clear()
    monkeypatch.setattr(pipeline, "UNITS_BESIDE_LINES", 0)
    real = processes.pack
    here = os.getpid()
    monkeypatch.setattr(  # the child dies as it sends its answer, as if killed for memory
        processes, "pack", lambda value: os._exit(9) if os.getpid() != here else real(value)
    )
    beside = front_end(GAME, ROOT, split=True)
    assert beside.game is not None and beside.game.l10n is not None
    assert beside.game.l10n.units == alone


def test_a_small_game_makes_its_units_here(monkeypatch: pytest.MonkeyPatch) -> None:
    forks: list[object] = []
    monkeypatch.setattr(processes, "Forked", lambda *a, **k: forks.append(a))
    front = front_end(GAME, ROOT, split=True)  # far below UNITS_BESIDE_LINES
    assert front.game is not None and front.game.l10n is not None and forks == []
