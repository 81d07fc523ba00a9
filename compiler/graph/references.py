"""The rule tree and its references, as one networkx graph.

Sphinx's collect-then-resolve: pass 1 registers every addressable target,
pass 2 resolves every reference span. Nothing is reported here; checks and
back ends read ``unresolved`` and ``gaps``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property

import networkx as nx

from compiler.model.components import Component
from compiler.model.game import Game
from compiler.model.rules import Rule
from compiler.model.text import RefSpan

Key = tuple[str, str]  # (kind, id): ("rule", "8.3.5"), ("card", "german-14")


@dataclass(frozen=True)
class ReferenceGraph:
    """Nodes are rules and components; 'contains' and 'cites' edges between them.

    One edge joins a pair of nodes, so each edge carries both flags
    (``contains``, ``cites``): a section that cites its own case keeps it as
    its child.
    """

    graph: nx.DiGraph
    rules: dict[str, Rule]  # address -> rule
    resolved: tuple[tuple[str, RefSpan], ...]  # (owner rule address, span)
    unresolved: tuple[tuple[str, RefSpan], ...]
    gaps: tuple[tuple[str, RefSpan], ...]  # target declared but its content is missing
    targets: dict[Key, bool] = field(default_factory=dict)  # component_targets(game)
    gap_holders: dict[str, str] = field(default_factory=dict)  # pattern -> missing holder
    # (deck id, card id) -> the references of the card's text, in reading order: a
    # translation's checks compare them with its original's (no node, no edge: unchanged)
    card_refs: dict[tuple[str, str], tuple[RefSpan, ...]] = field(default_factory=dict)

    def cited_by(self, address: str) -> list[str]:
        """Addresses of the rules whose text cites ``address``, in reading order."""
        key = ("rule", address)
        if key not in self.graph:
            return []
        order = self.reading_order
        owners = {src[1] for src, _, d in self.graph.in_edges(key, data=True) if d.get("cites")}
        return sorted(owners, key=lambda a: order.get(a, 0))

    @cached_property
    def reading_order(self) -> dict[str, int]:
        """Each rule's place in reading order, worked out once: every page of the HTML
        reference asks who cites it, and making this per question made a build
        quadratic in the rules."""
        return {a: i for i, a in enumerate(self.rules)}

    @cached_property
    def _status(self) -> dict[int, str]:
        found = {id(span): "resolved" for _, span in self.resolved}
        found |= {id(span): "gap" for _, span in self.gaps}
        found |= {id(span): "unresolved" for _, span in self.unresolved}
        return found

    def status(self, span: RefSpan) -> str:
        """resolved | gap | unresolved: as the graph found a span of rule text, and by the
        same rules for text the graph does not hold (a card's)."""
        found = self._status.get(id(span))
        return found if found is not None else self.classify(span)[0]

    def classify(self, span: RefSpan) -> tuple[str, Key | None]:
        """(status, the node the span cites): a rule, a declared card or component (a
        gap when its content is missing), a pattern's missing holder, or nothing."""
        key = (span.kind, span.target)
        if span.kind == "rule" and span.target in self.rules:
            return "resolved", key
        if key in self.targets:
            return ("gap" if self.targets[key] else "resolved"), key
        holder = self.gap_holders.get(span.pattern)
        if holder is not None:
            return "gap", ("component", holder)
        return "unresolved", None

    @cached_property
    def _parents(self) -> dict[str, str]:
        """Each rule's container, read off the 'contains' edges once: checks ask it for
        every reference, and a networkx edge view per question was a quarter of XREF002."""
        out: dict[str, str] = {}
        for src, dst, d in self.graph.edges(data=True):
            if d.get("contains") and dst[0] == "rule":
                out.setdefault(dst[1], src[1])
        return out

    def parent(self, address: str) -> str | None:
        return self._parents.get(address)


def iter_refs(rule: Rule) -> Iterator[RefSpan]:
    for block in rule.blocks():
        for para in block.paras:
            yield from para.refs


def component_keys(comp: Component) -> list[Key]:
    """The nodes a reference to ``comp`` may name: itself, as a table or card when it is
    one, and each id it declares (as a card, an entry or a component)."""
    keys: list[Key] = [("component", comp.id)]
    if comp.kind in ("table", "chart"):
        keys.append(("table", comp.id))
    if comp.kind == "card":
        keys.append(("card", comp.id))
    if comp.ids:
        keys += [(kind, item) for item in comp.ids.ids() for kind in ("card", "entry", "component")]
    return keys


def component_targets(game: Game) -> dict[Key, bool]:
    """Every card/component id the game declares -> whether its content is missing."""
    out: dict[Key, bool] = {}
    for deck in game.decks:
        for card in deck.cards:
            out[("card", card.id)] = card.missing is not None
    for table in game.tables:
        out[("table", table.id)] = table.missing is not None
    for comp in game.components:
        for key in component_keys(comp):
            out[key] = comp.missing is not None
    return out


def reference_graph(game: Game) -> ReferenceGraph:
    graph = nx.DiGraph()
    rules: dict[str, Rule] = {}

    def register(rule: Rule, parent: str | None) -> None:
        if rule.address in rules:
            return  # duplicates are reported by the model stage
        rules[rule.address] = rule
        graph.add_node(("rule", rule.address), level=rule.level)
        if parent is not None:
            graph.add_edge(("rule", parent), ("rule", rule.address), contains=True)
        for child in rule.children:
            register(child, rule.address)

    for top in game.rules:
        register(top, None)
    components = component_targets(game)
    for key in components:
        graph.add_node(key)

    missing = {c.id for c in game.components if c.missing}
    gap_holders = {p.name: p.holder for p in game.patterns if p.holder in missing}
    card_refs = {
        (deck.id, card.id): tuple(span for para in card.paras for span in para.refs)
        for deck in game.decks
        for card in deck.cards
    }
    found = ReferenceGraph(graph, rules, (), (), (), components, gap_holders, card_refs)
    sorted_spans: dict[str, list[tuple[str, RefSpan]]] = {
        "resolved": [],
        "unresolved": [],
        "gap": [],
    }
    for address, rule in rules.items():
        for span in iter_refs(rule):
            status, key = found.classify(span)
            if key is not None:
                graph.add_edge(("rule", address), key, cites=True)
            sorted_spans[status].append((address, span))
    return replace(
        found,
        resolved=tuple(sorted_spans["resolved"]),
        unresolved=tuple(sorted_spans["unresolved"]),
        gaps=tuple(sorted_spans["gap"]),
    )
