"""Kit outputs built once per test session and shared by the tests that read them."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.backends import cards
from tests.conftest import living_game


@pytest.fixture(scope="session")
def liberation():
    return living_game("liberation")


@pytest.fixture(scope="session")
def card_kit(liberation) -> dict[str, bytes]:
    """Liberation's card sheets as `casebook build` writes them to <out>/liberation/it/kit/."""
    return {Path(o.path).name: o.data for o in cards.build(liberation, cards.Options())}
