"""MODEL013: two items of a list whose items are found by id share an id.

Each case is reported at the second item's id, with a ``see:`` line at the
first's, and stops the game: outputs and look-ups keyed by id would overwrite
one with the other. Before MODEL013, each of these games validated clean.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from compiler.pipeline import front_end
from tests.conftest import ROOT

MINI = ROOT / "tests" / "rulesets" / "mini-case"
AT = "rulesets/mini-case"


def _game(tmp_path: Path, files: dict[str, str] | None = None) -> Path:
    """mini-case with each text of ``files`` appended to (or written as) the file it names."""
    game = tmp_path / "rulesets" / "mini-case"
    shutil.copytree(MINI, game)
    for name, text in (files or {}).items():
        path = game / name
        path.parent.mkdir(exist_ok=True)
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        path.write_text(old + text, encoding="utf-8")
    return game


def _duplicates(game: Path, tmp_path: Path) -> list[tuple[str, str, str, tuple[str, ...]]]:
    fe = front_end(game, tmp_path)
    found = [
        (str(f.location), f.message, f.suggestion or "", tuple(str(r) for r in f.related))
        for f in fe.findings
        if f.code == "MODEL013"
    ]
    assert fe.game is None or not found  # an error of the model stage stops the game
    return sorted(found)


SECOND_TABLE = """\
  - id: attack-results
    title: Attack Results Table, again
    columns:
      - {key: roll, label: Die roll}
"""


def test_two_tables_with_one_id(tmp_path: Path) -> None:
    game = _game(tmp_path, {"tables.yaml": SECOND_TABLE})
    assert _duplicates(game, tmp_path) == [
        (
            f"{AT}/tables.yaml:15:9",
            "two tables have the id 'attack-results'",
            "rename one of them; ids must be unique within the game's tables",
            (f"{AT}/tables.yaml:3:9",),
        )
    ]


def test_a_table_with_two_columns_with_one_key(tmp_path: Path) -> None:
    path = MINI / "tables.yaml"
    text = path.read_text(encoding="utf-8").replace("{key: result,", "{key: roll,")
    game = _game(tmp_path)
    (game / "tables.yaml").write_text(text, encoding="utf-8")
    assert _duplicates(game, tmp_path) == [
        (
            f"{AT}/tables.yaml:10:15",
            "two columns of table 'attack-results' have the key 'roll'",
            "rename one of them; keys must be unique within the columns of table 'attack-results'",
            (f"{AT}/tables.yaml:9:15",),
        )
    ]


def test_two_cards_of_a_deck_two_components_two_errata(tmp_path: Path) -> None:
    game = _game(
        tmp_path,
        {
            "cards.yaml": "      - id: card-1\n        title: Ambush again\n",
            "components.yaml": "  - id: deck\n    kind: deck\n    name: second deck\n",
            "errata.yaml": "  - id: E1\n    rule: 2.1.1\n    old: Attack\n    new: Attack\n"
            "    why: Again.\n",
        },
    )
    assert _duplicates(game, tmp_path) == [
        (
            f"{AT}/cards.yaml:13:13",
            "two cards of deck 'events' have the id 'card-1'",
            "rename one of them; ids must be unique within the cards of deck 'events'",
            (f"{AT}/cards.yaml:9:13",),
        ),
        (
            f"{AT}/components.yaml:9:9",
            "two components have the id 'deck'",
            "rename one of them; ids must be unique within the game's components",
            (f"{AT}/components.yaml:3:9",),
        ),
        (
            f"{AT}/errata.yaml:14:9",
            "two errata have the id 'E1'",
            "rename one of them; ids must be unique within the game's errata",
            (f"{AT}/errata.yaml:3:9",),
        ),
    ]


MAPS = """\
# yaml-language-server: $schema=../../../schema/maps.schema.json
maps:
  - id: board
    name: board
    spaces:
      - {id: a, name: A}
      - {id: a, name: A again}
  - id: board
    name: board again
"""

LAYOUTS = """\
# yaml-language-server: $schema=../../../schema/layouts.schema.json
layouts:
  - id: poker-card
    size: poker
    front:
      regions:
        - {id: text, x: 4mm, y: 4mm, width: 20mm, height: 20mm, show: "{{ card.text }}"}
        - {id: text, x: 4mm, y: 30mm, width: 20mm, height: 20mm, show: "{{ card.title }}"}
    back:
      regions:
        - {id: text, x: 4mm, y: 4mm, width: 20mm, height: 20mm, show: "Back"}
  - id: poker-card
    size: poker
    front: {regions: []}
"""

PROCEDURES = """\
# yaml-language-server: $schema=../../../schema/procedures.schema.json
procedures:
  - id: task
    rule: "2.1"
    kind: die-face-set
    steps: [{rule: "2.1", op: roll-set}]
  - id: task
    rule: "2.1"
    kind: die-face-set
    steps: [{rule: "2.1", op: roll-set}]
"""

PARAMETERS = """\
# yaml-language-server: $schema=../../../schema/parameters.schema.json
parameters:
  - id: hand
    subject: hand size
    statements: [{rule: "2.1", text: "Each player holds 8 cards.", value: 8}]
  - id: hand
    subject: hand size again
    statements: [{rule: "2.1", text: "Each player holds 8 cards.", value: 8}]
variants:
  - {id: easy, name: Easy, rule: "2.1"}
  - {id: easy, name: Easier, rule: "2.1"}
"""

BOOK = """\
# yaml-language-server: $schema=../../../../schema/entries.schema.json
book:
  id: book
  title: Test book
  publisher_content: false
  start: 1
entries:
  - number: 1
    blocks:
      - You set out.
      - instructions:
          - do: [{end_mission: success}]
    ends_mission: true
"""

DECK = """\
  - id: events
    component: deck
    fields:
      - {key: turn, label: Turn}
      - {key: turn, label: Round}
    cards:
      - id: card-1
"""

FORMS = """\
player_aids:
  forms:
    - table: attack-results
    - table: attack-results
"""

EXAMPLES = """\
# yaml-language-server: $schema=../../../schema/examples.schema.json
examples:
  - id: ex-1
    rule: "2.1"
    procedure: task
    steps: [{step: 1, rule: "2.1", op: roll-set, inputs: {rolls: [3]}}]
  - {id: ex-1, rule: "2.1", procedure: task, steps: [{step: 1, rule: "2.1", op: roll-set}]}
"""

SETUP = """\
# yaml-language-server: $schema=../../../schema/setup.schema.json
setups:
  - id: start
    rule: "2.1"
    side: attacker
    placements: [{where: GATE, pieces: [{component: deck, quantity: 1}]}]
  - id: start
    rule: "2.1"
    side: defender
    placements: [{where: GATE, pieces: [{component: deck, quantity: 1}]}]
"""

COUNTERS = """\
# yaml-language-server: $schema=../../../schema/counters.schema.json
counter_sheets:
  - id: sheet
    title: Sheet
    layout: poker-card
    counters: [{component: deck, count: 1, count_why: one deck}]
  - id: sheet
    title: Sheet again
    layout: poker-card
    counters: [{component: deck, count: 1, count_why: one deck}]
"""

BLOCK = """\
              - kind: example
                id: ex-1
                text: C attacks D.
              - kind: example
                id: ex-1
                text: D retreats.
"""


def test_every_other_list_found_by_id(tmp_path: Path) -> None:
    game = _game(
        tmp_path,
        {
            "maps.yaml": MAPS,
            "layouts.yaml": LAYOUTS,
            "procedures.yaml": PROCEDURES,
            "parameters.yaml": PARAMETERS,
            "books/one.yaml": BOOK,
            "books/two.yaml": BOOK,
            "cards.yaml": DECK,
            "game.yaml": FORMS,
            "rules/02-combat.yaml": BLOCK,
            "examples.yaml": EXAMPLES,
            "setup.yaml": SETUP,
            "counters.yaml": COUNTERS,
        },
    )
    found = _duplicates(game, tmp_path)
    messages = [(at.removeprefix(AT + "/"), message) for at, message, _, _ in found]
    assert messages == [
        ("books/two.yaml:3:7", "two paragraph books have the id 'book'"),
        ("cards.yaml:13:9", "two decks have the id 'events'"),
        ("cards.yaml:17:15", "two fields of deck 'events' have the key 'turn'"),
        ("counters.yaml:7:9", "two counter sheets have the id 'sheet'"),
        ("examples.yaml:7:10", "two examples have the id 'ex-1'"),
        ("game.yaml:38:14", "player_aids.forms lists table 'attack-results' twice"),
        ("layouts.yaml:12:9", "two layouts have the id 'poker-card'"),
        ("layouts.yaml:8:16", "two regions on the front of layout 'poker-card' have the id 'text'"),
        ("maps.yaml:7:14", "two spaces of map 'board' have the id 'a'"),
        ("maps.yaml:8:9", "two maps have the id 'board'"),
        ("parameters.yaml:11:10", "two variants have the id 'easy'"),
        ("parameters.yaml:6:9", "two parameters have the id 'hand'"),
        ("procedures.yaml:7:9", "two procedures have the id 'task'"),
        ("rules/02-combat.yaml:29:21", "two blocks of the rules have the id 'ex-1'"),
        ("setup.yaml:7:9", "two set-ups have the id 'start'"),
    ]
    related = {message: rel for _, message, _, rel in found}
    assert related["two paragraph books have the id 'book'"] == (f"{AT}/books/one.yaml:3:7",)
    assert related["player_aids.forms lists table 'attack-results' twice"] == (
        f"{AT}/game.yaml:37:14",
    )
    assert related["two blocks of the rules have the id 'ex-1'"] == (
        f"{AT}/rules/02-combat.yaml:26:21",
    )
    helps = {message: help_ for _, message, help_, _ in found}
    assert helps["player_aids.forms lists table 'attack-results' twice"] == "list each table once"
    assert helps["two spaces of map 'board' have the id 'a'"] == (
        "rename one of them; ids must be unique within the spaces of map 'board'"
    )


def test_mini_case_as_it_is_has_no_duplicate(tmp_path: Path) -> None:
    assert _duplicates(_game(tmp_path), tmp_path) == []
