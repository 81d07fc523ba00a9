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

import pickle
from dataclasses import dataclass, field, replace
from pathlib import Path

from compiler import processes
from compiler.diagnostics import CompileError, Finding, Location, Severity, has_errors
from compiler.graph import Graphs, build_graphs
from compiler.l10n.localise import (
    SourceRow,
    catalog_path,
    localise,
    source_rows,
    source_states,
    source_units,
    with_corrections,
)
from compiler.load.game_files import GameSources, load_game
from compiler.load.yaml_nodes import SourceFile
from compiler.model.errata import apply_errata
from compiler.model.from_source import FileRules, RuleReader, from_sources, rule_reader
from compiler.model.game import Game
from compiler.model.l10n import Localisation
from compiler.paths import shown
from compiler.validate import schema_findings, validate_game

EDITIONS = ("original", "living")


@dataclass(frozen=True)
class FrontEnd:
    """What the front end made of one game folder: a model, or the reasons why not."""

    game: Game | None
    graphs: Graphs | None
    findings: tuple[Finding, ...]
    lines: dict[str, tuple[str, ...]] = field(default_factory=dict)  # raw text, for noqa


def front_end(
    game_dir: Path,
    root: Path,
    edition: str = "original",
    lang: str | None = None,
    via: tuple[str, ...] = (),
    split: bool = False,
) -> FrontEnd:
    """Load, validate and model one game; ``root`` is what locations are relative to.

    ``split``: this process has the machine to itself, and a big game's files
    may be read on two cores.

    ``lang`` other than the game's own language reads the translation in
    ``l10n/<lang>.po`` into the same files before modelling (compiler/l10n).
    ``via`` names the translations whose original this is being read for, so
    that a ``translation_of`` that leads back to one of them is refused.
    """
    # a big game read on two cores is checked against the schemas there too, each file
    # in the process that read it (compiler/load/yaml_nodes.py: load_files)
    sources = load_game(game_dir, root, split, schema_findings if split else None)
    findings = list(sources.findings)
    if has_errors(findings):
        return FrontEnd(None, None, tuple(findings))
    findings += validate_game(sources, root)
    if has_errors(findings):
        return FrontEnd(None, None, tuple(findings))
    own = source_language(sources)
    if lang and lang != own:
        try:
            sources, l10n = localise(sources, lang, root)
        except CompileError as err:
            return FrontEnd(None, None, (*findings, *err.findings))
    else:
        l10n = None
    try:  # a reference pattern that runs away is refused as it runs (ref_patterns.py)
        if l10n is None:  # the game's own units: extracted beside the model on a big game
            (game, model_findings), l10n = _model_and_units(sources, own, split)
        else:
            game, model_findings = from_sources(sources)
        game = replace(game, l10n=with_corrections(l10n, game.errata))
        findings += model_findings
        if edition == "living" and not l10n.is_translation:
            game, errata_findings = apply_errata(game)
            findings += errata_findings
        elif edition == "living":
            # a translation is made from the corrected text (see compiler/l10n/localise.py)
            game = replace(game, edition="living")
    except CompileError as err:
        return FrontEnd(None, None, (*findings, *err.findings))
    if has_errors(findings):
        return FrontEnd(None, None, tuple(findings))
    lines = {source.path: source.lines for _, source in sources.files}
    if l10n.catalog:
        lines[l10n.catalog] = tuple(
            catalog_path(game_dir, l10n.lang).read_text(encoding="utf-8").splitlines()
        )
    games = sources.of_kind("game")
    at = games[0].locate(("translation_of",)) if games else None
    return _with_graphs(game, game_dir, root, findings, lines, via, at)


UNITS_BESIDE_LINES = 200_000
"""From this many lines of YAML, a game's own units, and part of its rules, are made
beside its model."""


def _model_and_units(
    sources: GameSources, own: str, split: bool
) -> tuple[tuple[Game, list[Finding]], Localisation]:
    """The model, and the units of the game read in its own language.

    On a big game read with a core to spare (``split``), a forked child
    extracts the game's own units (2.3 s of a 100,000-rule game's model), then
    reads rules files, while this process makes the rest of the model (cards,
    book, map: about as long) and then reads rules files too: both take the
    files from one Handout, biggest first, so they end together. The units
    come back as plain values (marshal), and each of the child's rules files
    pickled as soon as it is read; a rules file depends on no other, and two
    rules with one address are found once all are read
    (from_source.duplicate_addresses).
    """
    lines = sum(len(source.lines) for _, source in sources.files)
    if not split or lines < UNITS_BESIDE_LINES or not processes.can_fork():
        l10n = source_units(sources, own)
        return from_sources(sources), l10n
    files = list(sources.of_kind("rules"))
    order = sorted(range(len(files)), key=lambda i: -len(files[i].lines))
    handout = processes.Handout(order if processes.Handout.fits(order) else [])

    def theirs() -> tuple[bytes, list[tuple[int, bytes]]]:
        rows = processes.pack(source_rows(sources))
        reader = rule_reader(sources)
        # each file's rules pickled as it is read: the pickling is part of what the
        # Handout shares out, where pickling them all at the end left this process
        # 1.4 s alone while the other waited
        return rows, [
            (i, pickle.dumps(reader.file_rules(files[i]), protocol=5))
            for i in iter(handout.take, None)
        ]

    child = processes.Forked(theirs)
    asked = False
    rows: list[SourceRow] | None = None

    def read_rules(reader: RuleReader, _: list[SourceFile]) -> list[FileRules]:
        nonlocal asked, rows
        read = {i: reader.file_rules(files[i]) for i in iter(handout.take, None)}
        asked = True
        try:
            packed_rows, packed_rules = child.result()
            rows = processes.unpack(packed_rows)  # type: ignore[assignment]
            read.update((i, pickle.loads(packed)) for i, packed in packed_rules)
        except processes.HelperLost:  # killed, say: its files and the units are read here
            pass
        return [read[i] if i in read else reader.file_rules(files[i]) for i in range(len(files))]

    try:
        made = from_sources(sources, read_rules)
    except BaseException:
        if not asked:
            child.abandon()
        raise
    finally:
        handout.close()
    return made, source_states(rows if rows is not None else source_rows(sources), own)


def living_from(original: FrontEnd, game_dir: Path, root: Path) -> FrontEnd:
    """The living edition of a game in its own language, from its original's model.

    What ``front_end(game_dir, root, "living")`` gives, without reading,
    validating and modelling the game a second time: lint checks both
    editions, and the errata touch only the model.
    """
    assert original.game is not None and original.game.l10n is not None
    assert not original.game.l10n.is_translation, "a translation's living edition differs"
    try:
        game, errata_findings = apply_errata(original.game)
    except CompileError as err:
        return FrontEnd(None, None, (*original.findings, *err.findings))
    findings = [*original.findings, *errata_findings]
    if has_errors(findings):
        return FrontEnd(None, None, tuple(findings))
    return _with_graphs(game, game_dir, root, findings, original.lines)


def _with_graphs(
    game: Game,
    game_dir: Path,
    root: Path,
    findings: list[Finding],
    lines: dict[str, tuple[str, ...]],
    via: tuple[str, ...] = (),
    at: Location | None = None,
) -> FrontEnd:
    original = None
    if game.translation_of:
        chain = (*via, game_dir.name)
        if game.translation_of in chain:
            loop = " -> ".join((*chain, game.translation_of))
            findings.append(
                Finding(
                    "MODEL011",
                    Severity.ERROR,
                    f"translation_of {game.translation_of!r} leads back to this game ({loop}): "
                    "a translation needs an original that is not a translation of it",
                    at or Location(shown(game_dir / "game.yaml", root), 1, 1),
                    suggestion="name the folder of the game this ruleset translates, "
                    "or remove translation_of if it is an original",
                )
            )
            return FrontEnd(None, None, tuple(findings))
        original_dir = game_dir.parent / game.translation_of
        if not (original_dir / "game.yaml").is_file():
            findings.append(_no_original(game, game_dir, root, at))
            return FrontEnd(None, None, tuple(findings))
        other = front_end(original_dir, root, "original", via=chain)
        if other.graphs is None:
            findings += [f for f in other.findings if f.severity is Severity.ERROR]
            return FrontEnd(None, None, tuple(findings))
        original = other.graphs.references
    return FrontEnd(game, build_graphs(game, original), tuple(findings), lines)


def _no_original(game: Game, game_dir: Path, root: Path, at: Location | None) -> Finding:
    """MODEL011 at ``translation_of`` when it names no game folder beside this one."""
    games = sorted(
        d.name
        for d in game_dir.parent.iterdir()
        if d != game_dir and (d / "game.yaml").is_file() and not d.name.startswith(".")
    )
    listed = ", ".join(games[:10]) + (", …" if len(games) > 10 else "")
    return Finding(
        "MODEL011",
        Severity.ERROR,
        f"translation_of {game.translation_of!r} names no game: "
        f"{shown(game_dir.parent / str(game.translation_of), root)} has no game.yaml",
        at or Location(shown(game_dir / "game.yaml", root), 1, 1),
        suggestion="name the folder of the game this ruleset translates"
        + (f" (games here: {listed})" if games else ""),
    )


def source_language(sources: GameSources) -> str:
    """The language game.yaml declares: the one the rules are written in."""
    games = sources.of_kind("game")
    data = games[0].data if games else None
    return str(data.get("language", "")) if isinstance(data, dict) else ""
