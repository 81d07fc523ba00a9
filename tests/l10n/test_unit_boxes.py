"""A translator sees, beside each card string, the box the layout prints it in."""

from __future__ import annotations

from compiler.l10n import catalog, workflow
from tests.conftest import ROOT


def test_every_card_string_a_layout_prints_names_its_box_the_gap_note_too() -> None:
    """Found by a probe: a card's gap note, printed on the card since this session, had no
    size in its catalog entry, so a translator met the limit only when lint failed."""
    src = workflow.read_source(ROOT / "rulesets" / "liberation", ROOT)
    units = {u.id: u for u in src.units}
    jeanne = "card:tessere-personaggio:personaggio-jeanne:"
    described = {
        key: (units[jeanne + key].box.describe() if units[jeanne + key].box else None)
        for key in ("title", "text", "gap")
    }
    assert described == {
        "title": "box 55.5 × 7 mm (personaggio/name), 13 pt, no smaller than 10 pt",
        "text": "box 53.5 × 56 mm (personaggio/power), 10 pt, no smaller than 7 pt",
        "gap": "box 55.5 × 7.5 mm (personaggio/gaps), 5.5 pt, no smaller than 5 pt",
    }
    written = catalog.dumps(catalog.template(src.units, src.game))
    entry = written[: written.index(f'msgctxt "{jeanne}gap"')].rsplit("\n\n", 1)[1]
    assert "#. box 55.5 × 7.5 mm (personaggio/gaps), 5.5 pt, no smaller than 5 pt" in entry
