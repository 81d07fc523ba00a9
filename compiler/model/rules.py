"""Rules as the source numbers them: modules, sections, cases, lettered items,
or whatever levels a game declares, each holding its verbatim blocks."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from compiler.diagnostics import Location
from compiler.model.text import Para
from compiler.pickling import pickled_by_fields


@dataclass(frozen=True, slots=True)
class Level:
    """One numbering level declared in game.yaml."""

    name: str
    word: str
    pattern: str | None
    address: str  # "{number}" or "{parent}{number}"
    label: str  # "{number}" or "{number})"
    unnumbered: bool
    outline: bool
    pattern_at: Location | None = None  # in game.yaml: where a runaway pattern is mended


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Block:
    """A paragraph, note, example, list, heading or table slot, in reading order.

    ``paras`` holds the text: one per paragraph, or one per list item.
    """

    kind: str  # paragraph | note | example | designer-note | list | heading | table | gap | cards
    paras: tuple[Para, ...]
    at: Location
    label: str | None = None
    title: str | None = None
    style: str | None = None
    id: str | None = None
    table: str | None = None
    deck: str | None = None  # a cards block: the deck whose cards it prints
    ids: str | None = None  # …those whose ids match this pattern ("medaglia-1-*")


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Rule:
    """A numbered (or named) rule with its own text and its sub-rules."""

    address: str  # unique within the game: "8.3.5", "8.6.9d", "read-this-first"
    number: str | None  # as printed: "8.3.5", "d"; None when unnumbered
    level: str
    title: str | None
    label: str  # what is printed before the text: "8.3.5", "d)"
    body: tuple[Block, ...]
    children: tuple[Rule, ...]
    after: tuple[Block, ...]
    at: Location
    title_errata: tuple[str, ...] = ()  # ids of errata that changed the title (living edition)

    def blocks(self) -> Iterator[Block]:
        """This rule's own blocks (not its children's), in reading order."""
        yield from self.body
        yield from self.after

    def walk(self) -> Iterator[Rule]:
        """This rule and every rule under it, in reading order."""
        yield self
        for child in self.children:
            yield from child.walk()

    @property
    def heading(self) -> str:
        """How the rule is named in a table of contents or a message."""
        if self.title and self.number:
            return f"{self.label} {self.title}"
        return self.title or self.label
