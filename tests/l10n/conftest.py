"""The English Liberation built once per session, shared by the tests that read it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_casebook


@pytest.fixture(scope="session")
def english_liberation(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """build/liberation/en made by `casebook build liberation --lang en --paper a4`."""
    out = tmp_path_factory.mktemp("en-build")
    result = run_casebook("build", "liberation", "--lang", "en", "--paper", "a4", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out / "liberation" / "en"
