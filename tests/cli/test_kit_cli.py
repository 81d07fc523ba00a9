"""The print-and-play kit from the command line, as a publisher runs it."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import ROOT, run_casebook


def _copy(tmp_path: Path) -> Path:
    rulesets = tmp_path / "rulesets"
    shutil.copytree(ROOT / "rulesets" / "liberation", rulesets / "liberation")
    return rulesets


def test_build_writes_the_kit_and_names_decks_without_content_once(tmp_path: Path) -> None:
    rulesets = _copy(tmp_path)
    out = tmp_path / "out"
    args = ("build", "liberation", "--rulesets", str(rulesets), "--out", str(out))
    result = run_casebook(*args, "--edition", "living", "--paper", "a4")
    assert result.returncode == 0, result.stderr
    kit = out / "liberation" / "it" / "kit"
    assert (kit / "cards-carte-medaglia-a4-duplex-long.pdf").is_file()
    assert (kit / "cards-tessere-personaggio-pod.pdf").is_file()
    assert (kit / "aids-a4.pdf").is_file()
    assert result.stderr.count("no card sheet for") == 1
    assert "carte RESISTENZA" in result.stderr


def test_text_that_does_not_fit_stops_the_build_and_keeps_what_was_built(tmp_path: Path) -> None:
    rulesets = _copy(tmp_path)
    out = tmp_path / "out"
    args = ("build", "liberation", "--rulesets", str(rulesets), "--out", str(out))
    assert run_casebook(*args, "--edition", "living", "--paper", "a4").returncode == 0
    sheet = out / "liberation" / "it" / "kit" / "cards-carte-medaglia-a4-fronts.pdf"
    before = sheet.read_bytes()
    layouts = rulesets / "liberation" / "layouts.yaml"
    text = layouts.read_text(encoding="utf-8")
    # the medal text box: 42 mm tall, cut to 8 mm
    assert text.count("height: 42mm") == 1, "the medal text box, and no other"
    layouts.write_text(text.replace("height: 42mm", "height: 8mm"), encoding="utf-8")
    result = run_casebook(*args, "--edition", "living", "--paper", "a4")
    assert result.returncode == 2
    assert "FIT001" in result.stderr
    assert "rulesets/liberation/cards/c-finale.yaml:" in result.stderr
    assert "region 'text' (it)" in result.stderr and "minimum size 7 pt" in result.stderr
    assert "layouts.yaml" in result.stderr  # where to make the box bigger
    assert "Traceback" not in result.stderr
    assert sheet.read_bytes() == before
