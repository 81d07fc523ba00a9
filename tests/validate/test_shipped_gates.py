"""The schema gates kept as modules (compiler/validate/gates): current, used, and
not trusted once stale.

A cold lint imports them instead of generating and compiling about 0.1 s of
code in each worker; a module made from an older schema would gate files
against rules that no longer hold, so it must be noticed here and passed over
at run time.
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys

import fastjsonschema
import pytest

from compiler.validate import make_gates, schemas
from tests.conftest import ROOT


def test_every_kind_has_a_gate_made_from_its_schema_as_it_is_now() -> None:
    assert make_gates.stale() == [], "run `python -m compiler.validate.gates`"


def test_the_check_command_passes_as_a_user_runs_it() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "compiler.validate.gates", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_modules_are_the_code_this_fastjsonschema_makes() -> None:
    text = (make_gates.GATES_DIR / "game.py").read_text(encoding="utf-8")
    if f"VERSION = '{fastjsonschema.VERSION}'" not in text:
        pytest.skip("the gates were made by another fastjsonschema version (digests match)")
    on_disk = {
        p.name: p.read_text(encoding="utf-8")
        for p in make_gates.GATES_DIR.glob("*.py")
        if not p.name.startswith("__")
    }
    assert on_disk == make_gates.expected()


@pytest.mark.parametrize("kind", schemas.all_kinds())
def test_the_modules_build_no_messages(kind: str) -> None:
    """Only the verdict is used: no schema copied into a message (half the code), and
    no message or path written out when a value fails, which an ``anyOf`` does for
    every branch that does not match (a third of checking a big paragraph book)."""
    text = (make_gates.GATES_DIR / f"{kind}.py").read_text(encoding="utf-8")
    assert "definition=" not in text
    assert "locals()" not in text and ".format(" not in text
    raised = re.findall(r"raise (\w+)\((.*)\)", text)
    assert raised and all(args == "'invalid'" for _, args in raised), kind


def test_a_gate_still_says_which_data_is_invalid() -> None:
    """The cut messages still mean "invalid": a bad part deep in a file fails the gate."""
    block = {"choose": [{"option": "Go on", "do": [{"turn_to": "seven"}]}]}
    head = {"id": "b", "title": "B", "publisher_content": False, "start": 1}
    book = {"book": head, "entries": [{"number": 1, "blocks": [block]}]}
    assert not schemas.is_valid("entries", book)
    assert not schemas.validator_for("entries").is_valid(book)
    block["choose"][0]["do"][0]["turn_to"] = 7
    assert schemas.is_valid("entries", book)


def test_a_cold_process_uses_the_modules_and_compiles_nothing(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    schemas._compiled.cache_clear()
    try:
        for kind in schemas.all_kinds():
            module = importlib.import_module(f"compiler.validate.gates.{kind}")
            assert schemas._compiled(kind) is module.validate
            assert not schemas.is_valid(kind, ["not", "a", "mapping"])
    finally:
        schemas._compiled.cache_clear()
    assert not (tmp_path / "casebook" / "schemas").exists()


def test_a_stale_module_is_passed_over_and_the_gate_made_afresh(tmp_path, monkeypatch) -> None:
    from compiler.validate.gates import glossary

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(glossary, "SCHEMA_DIGEST", "made from an older schema")
    schemas._compiled.cache_clear()
    try:
        gate = schemas._compiled("glossary")
        assert gate is not glossary.validate
        assert schemas.is_valid("glossary", {"terms": []})
        assert not schemas.is_valid("glossary", {"terms": 7})
    finally:
        schemas._compiled.cache_clear()
    assert list((tmp_path / "casebook" / "schemas").glob("glossary-*.marshal"))


def test_writing_the_gates_makes_them_all_and_removes_a_kind_that_is_gone(tmp_path) -> None:
    (tmp_path / "__init__.py").write_text('"""kept"""\n', encoding="utf-8")
    (tmp_path / "retired.py").write_text("SCHEMA_DIGEST = 'x'\n", encoding="utf-8")
    written = make_gates.write(tmp_path)
    kinds = schemas.all_kinds()
    assert sorted(written) == sorted([f"{k}.py" for k in kinds] + ["retired.py"])
    assert (tmp_path / "__init__.py").is_file() and not (tmp_path / "retired.py").exists()
    assert make_gates.stale(tmp_path) == []
    assert make_gates.write(tmp_path) == []  # nothing changed, nothing written
    (tmp_path / "maps.py").unlink()
    assert make_gates.stale(tmp_path) == ["maps.py"]
