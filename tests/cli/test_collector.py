"""lint and validate run without the cycle collector (cli._collector_off); turning
it back on must not make the next allocation collect everything they made."""

from __future__ import annotations

import gc

from compiler.cli import _collector_off


def test_what_a_read_only_verb_made_goes_to_the_oldest_generation() -> None:
    assert gc.isenabled()
    with _collector_off(True):
        assert not gc.isenabled()
        made = [{"rule": [n]} for n in range(50_000)]
    assert gc.isenabled()
    probe = made[-1]
    young = {id(o) for o in gc.get_objects(generation=0)} | {
        id(o) for o in gc.get_objects(generation=1)
    }
    # enabled as it was, the first allocation would have collected all 100,000 objects
    # as the youngest generation; they are in the oldest instead
    assert id(probe) not in young and id(made) not in young
    assert any(o is probe for o in gc.get_objects(generation=2))
