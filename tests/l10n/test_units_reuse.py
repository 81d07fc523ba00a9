"""A game's units are extracted once for the files lint reads twice, never for files
that changed since."""

from __future__ import annotations

from dataclasses import replace

from compiler.l10n.units import extract
from compiler.load.game_files import load_game
from tests.conftest import ROOT

GAME = ROOT / "rulesets" / "plan-vert"


def test_the_same_loaded_files_give_the_same_units_once() -> None:
    first = extract(load_game(GAME, ROOT))
    again = extract(load_game(GAME, ROOT))  # the same SourceFile objects: kept
    assert again == first and again is not first
    again.clear()  # the caller's own list: the kept units are untouched
    assert extract(load_game(GAME, ROOT)) == first


def test_a_changed_file_is_extracted_afresh() -> None:
    sources = load_game(GAME, ROOT)
    before = extract(sources)
    rules = next(f for k, f in sources.files if k == "rules")
    data = {**rules.data, "rules": [{**rules.data["rules"][0], "title": "Changed title"}]}
    files = tuple((k, replace(f, data=data)) if f is rules else (k, f) for k, f in sources.files)
    after = extract(replace(sources, files=files))
    assert any(u.text == "Changed title" for u in after)
    assert not any(u.text == "Changed title" for u in before)
