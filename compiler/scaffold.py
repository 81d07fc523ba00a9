"""``casebook new``: a minimal valid ruleset to start a game of one's own.

Every file it writes carries its schema modeline, so an editor with the YAML
language server offers completion from the first keystroke.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from compiler.load.yaml_nodes import CONTROL, control_named
from compiler.validate.modelines import expected_modeline
from compiler.write import Output, write_all

_ID = re.compile(r"[a-z0-9][a-z0-9-]*")  # fullmatch: "$" would let a final newline in
MAX_ID = 64

_GAME = """\
id: {id}
title: {title}
language: en
source:
  title: {source_title}
numbering:
  levels:
    - name: chapter
      word: Chapter
      pattern: '^\\d+\\.0$'
    - name: section
      word: Section
      pattern: '^\\d+\\.[1-9]\\d*$'
    - name: case
      word: Case
      pattern: '^\\d+\\.\\d+\\.\\d+$'
references:
  # "(see Section 1.1)", "Case 1.1.1"
  - name: rule-by-word
    kind: rule
    pattern: '\\b(?P<word>Chapter|Section|Case)s?\\s+(?P<targets>\\d+\\.\\d+(?:\\.\\d+)?)'
"""

_RULES = """\
rules:
  - number: "1.0"
    level: chapter
    title: INTRODUCTION
    body:
      - >-
        Write the rules here, verbatim from your source. References such as
        Case 1.1.1 become links in every output.
    children:
      - number: "1.1"
        level: section
        title: Components
        children:
          - number: "1.1.1"
            level: case
            body:
              - The game has one board (see Section 1.1).
"""

_COMPONENTS = """\
components:
  - id: board
    kind: board
    name: board
    quantity: 1
    described_at: ["1.1.1"]
"""

_ERRATA = """\
# Corrections to the source text: id, rule, old, new, why.
errata: []
"""


def _checked_title(title: str) -> str:
    """The title as typed, or ValueError saying why game.yaml could not hold it."""
    try:
        title.encode("utf-8")
    except UnicodeEncodeError:  # bytes that are not UTF-8 arrive as lone surrogates
        raise ValueError("the title is not UTF-8 text; type it again in a UTF-8 terminal") from None
    if not title.strip():
        raise ValueError("the title is empty; give one, or leave --title out")
    if (found := CONTROL.search(title)) is not None:  # what loading game.yaml refuses (LOAD012)
        raise ValueError(f"the title holds {control_named(found.group())}; type it without")
    if any(ord(c) < 32 or 127 <= ord(c) < 160 or c in "\u2028\u2029" for c in title):
        # U+2028 and U+2029 end a line in YAML, so game.yaml could not be read back
        raise ValueError("the title holds a control character or line break; type it on one line")
    return title.strip()


def _quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar: a colon, quote or '#' in a title stays text.

    A JSON string is a valid YAML double-quoted scalar, escapes included.
    """
    return json.dumps(text, ensure_ascii=False)


def scaffold(rulesets: Path, game_id: str, title: str | None = None) -> list[Path]:
    """Write rulesets/<game_id>/ and return the files written."""
    if not _ID.fullmatch(game_id):
        raise ValueError(f"{game_id!r} is not a valid game id: use a-z, 0-9 and '-'")
    if len(game_id) > MAX_ID:
        raise ValueError(
            f"the game id is {len(game_id)} characters; use at most {MAX_ID} (it names "
            "the folder and every output file, which file systems limit to 255 bytes)"
        )
    folder = rulesets / game_id
    try:
        taken = folder.exists() or folder.is_symlink()  # a link to nothing is taken too
    except OSError as err:  # e.g. a --rulesets path with a part past 255 bytes
        raise ValueError(f"{folder} cannot be made: {err.strerror or err}") from None
    if taken:
        raise FileExistsError(f"{folder} already exists; choose another name")
    title = _checked_title(title) if title is not None else game_id.replace("-", " ").title()
    # quoted: unquoted, `new 1` or `new no` would read back as a number or a boolean
    game_yaml = _GAME.format(
        id=_quoted(game_id), title=_quoted(title), source_title=_quoted(f"{title} rules")
    )
    files = {
        "game.yaml": ("game", game_yaml),
        "rules/01-introduction.yaml": ("rules", _RULES),
        "components.yaml": ("components", _COMPONENTS),
        "errata.yaml": ("errata", _ERRATA),
    }
    outputs = []
    for rel, (kind, text) in files.items():
        modeline = expected_modeline(folder / rel, kind)
        outputs.append(Output(rel, f"{modeline}\n{text}".encode()))
    write_all(outputs, folder)
    return [folder / o.path for o in outputs]
