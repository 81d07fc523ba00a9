"""Check stage: independent lint rules over the model and graphs.

Each check is one module with CODE, NAME, SEVERITY, a docstring in three
parts (What it finds / Why it matters / Example) and ``check(game, graphs)``
yielding findings. The registry is this explicit tuple; codes are stable
and never reused. A check that finds another stage's fault first reports it
with that stage's code, named in its ALSO (L10N009 sets every card, and a
layout template's fault is LAYOUT001, as the build says it). A check that
reads a graph names it in READS: graphs are built where they are first read,
and a big game's checks are shared between two processes by what they read
(forked.py); tests/checks/test_reads.py holds each check to its READS.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import ModuleType

from compiler.checks import (
    card_gap_unmarked,
    cons_statements,
    count_deck,
    count_id_format,
    count_id_range,
    count_setup,
    count_totals,
    entry_links,
    entry_state,
    example_replay,
    l10n_direction,
    l10n_fit,
    l10n_form_fit,
    l10n_fuzzy,
    l10n_header,
    l10n_language,
    l10n_numbers,
    l10n_outdated,
    l10n_punctuation,
    l10n_queries,
    l10n_references,
    l10n_spelling,
    l10n_terms,
    l10n_untranslated,
    map_routes,
    map_structure,
    name_glossary,
    name_glossary_twice,
    name_variant,
    num_parent,
    num_sequence,
    proc_binding,
    table_rolls,
    xref_dangling,
    xref_fields,
    xref_gap,
    xref_mistargeted,
    xref_translation,
)
from compiler.diagnostics import Finding
from compiler.graph import Graphs
from compiler.l10n import spelling
from compiler.model.game import Game
from compiler.selection import selected

ALL_CHECKS: tuple[ModuleType, ...] = (
    xref_dangling,
    xref_mistargeted,
    xref_gap,
    xref_translation,
    xref_fields,
    name_variant,
    name_glossary,
    name_glossary_twice,
    count_totals,
    count_id_range,
    count_id_format,
    count_setup,
    count_deck,
    num_sequence,
    num_parent,
    map_structure,
    map_routes,
    entry_links,
    entry_state,
    table_rolls,
    cons_statements,
    card_gap_unmarked,
    proc_binding,
    example_replay,
    l10n_untranslated,
    l10n_fuzzy,
    l10n_outdated,
    l10n_numbers,
    l10n_punctuation,
    l10n_terms,
    l10n_language,
    l10n_spelling,
    l10n_fit,
    l10n_form_fit,
    l10n_queries,
    l10n_references,
    l10n_direction,
    l10n_header,
)

BY_CODE = {check.CODE: check for check in ALL_CHECKS}


def codes_of(check: ModuleType) -> tuple[str, ...]:
    """The codes a check reports: its own, then those of other stages (ALSO)."""
    return (check.CODE, *getattr(check, "ALSO", ()))


def run_checks(
    game: Game,
    graphs: Graphs,
    select: Sequence[str] | None = None,
    ignore: Iterable[str] = (),
    split: bool = False,
) -> list[Finding]:
    """The selected checks' findings, sorted. ``split`` lets a big game's checks run
    on two cores (compiler/checks/forked.py) when this process has the machine to itself."""
    ignore = tuple(ignore)
    chosen = [
        check
        for check in ALL_CHECKS
        if any(selected(code, select, ignore) for code in codes_of(check))
    ]
    by_code = None
    if split:
        from compiler.checks import forked

        spelling.opened()  # a process forks with one thread only
        if forked.can_split(game, graphs):
            by_code = forked.run_split(chosen, game, graphs, _run)
    if by_code is None:
        by_code = _run(chosen, game, graphs)
    # What the spelling checks learnt, kept now: lint's and build's worker processes
    # end without atexit, and lint's own process with os._exit.
    spelling.save()
    # in the registry's order, split or not, so equal sort keys keep one order
    found = [f for check in chosen for f in by_code.get(check.CODE, [])]
    return sorted(_wanted(found, select, ignore), key=Finding.sort_key)


def _wanted(
    found: list[Finding], select: Sequence[str] | None, ignore: tuple[str, ...]
) -> list[Finding]:
    """The findings whose own code is selected: a check run for its ALSO codes keeps
    only those, and one run for its own code drops the ALSO codes ignored."""
    if select is None and not ignore:
        return found
    return [f for f in found if selected(f.code, select, ignore)]


def _run(checks: Sequence[ModuleType], game: Game, graphs: Graphs) -> dict[str, list[Finding]]:
    """Each check's findings, by code, in the order given."""
    return {check.CODE: list(check.check(game, graphs)) for check in checks}
