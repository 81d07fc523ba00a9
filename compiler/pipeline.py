"""The compiler's story, stage by stage (read this first).

    rulesets/<game>/*.yaml
      -> load      compiler/load/      YAML -> data + file:line:col of every value
      -> validate  compiler/validate/  JSON Schema (schema/), every error located
      -> model     compiler/model/     immutable dataclasses; errata -> living edition
      -> graph     compiler/graph/     networkx: references, map adjacency, entry links
      -> build     compiler/backends/  rulebook PDF, text/JSON export …
      -> write     compiler/write.py   atomic, deterministic files under build/<game>/<lang>/

Only LOAD/SCHEMA/MODEL errors stop a game: nothing can be modelled from them.
Faults in the verbatim rule text never block a build; the linter reports them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from compiler.diagnostics import Finding, Severity, has_errors
from compiler.graph import Graphs, build_graphs
from compiler.load.game_files import load_game
from compiler.model.errata import apply_errata
from compiler.model.from_source import from_sources
from compiler.model.game import Game
from compiler.validate import validate_game

EDITIONS = ("original", "living")


@dataclass(frozen=True)
class FrontEnd:
    """What the front end made of one game folder: a model, or the reasons why not."""

    game: Game | None
    graphs: Graphs | None
    findings: tuple[Finding, ...]
    lines: dict[str, tuple[str, ...]] = field(default_factory=dict)  # raw text, for noqa


def front_end(game_dir: Path, root: Path, edition: str = "original") -> FrontEnd:
    """Load, validate and model one game; ``root`` is what locations are relative to."""
    sources = load_game(game_dir, root)
    findings = list(sources.findings)
    if has_errors(findings):
        return FrontEnd(None, None, tuple(findings))
    findings += validate_game(sources, root)
    if has_errors(findings):
        return FrontEnd(None, None, tuple(findings))
    game, model_findings = from_sources(sources)
    findings += model_findings
    if edition == "living":
        game, errata_findings = apply_errata(game)
        findings += errata_findings
    if has_errors(findings):
        return FrontEnd(None, None, tuple(findings))
    lines = {source.path: source.lines for _, source in sources.files}
    original = None
    if game.translation_of:
        other = front_end(game_dir.parent / game.translation_of, root, "original")
        if other.graphs is None:
            findings += [f for f in other.findings if f.severity is Severity.ERROR]
            return FrontEnd(None, None, tuple(findings))
        original = other.graphs.references
    return FrontEnd(game, build_graphs(game, original), tuple(findings), lines)


def game_dirs(rulesets: Path, names: Sequence[str]) -> list[Path]:
    """The folders of the named games, or of every game under ``rulesets``."""
    if names:
        return [rulesets / name for name in names]
    return sorted(p for p in rulesets.iterdir() if (p / "game.yaml").is_file())
