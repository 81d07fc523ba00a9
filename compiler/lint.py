"""Lint one game: run the checks on the edition asked for, then say which
findings an erratum fixes and which the editors have suppressed.

Findings of the original edition that the living edition no longer has, in
a rule an erratum corrects, keep their code and get status
``fixed-by-erratum`` with the erratum's id: the source is verbatim, so its
faults stay visible, but the editor sees they are handled.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from compiler.checks import run_checks
from compiler.diagnostics import Finding, Location, Severity
from compiler.load.game_files import languages, misnamed_catalogs
from compiler.model.game import Game
from compiler.model.text import locate_phrase
from compiler.paths import shown
from compiler.pipeline import FrontEnd, front_end, living_from

_NAME = re.compile(r"[^\W\d]{3}")  # a target with three letters names something


def _is_name(target: str | None) -> bool:
    """A name can be looked for in the text; a letter or a number would be found anywhere."""
    return bool(target and _NAME.search(target))


_NOQA = re.compile(
    r"#\s*noqa:\s*(?P<codes>[A-Z][A-Z0-9]*[0-9]{3}(?:\s*,\s*[A-Z][A-Z0-9]*[0-9]{3})*)"
)


def lint_game(
    game_dir: Path,
    root: Path,
    edition: str = "original",
    select: Sequence[str] | None = None,
    ignore: Sequence[str] = (),
    langs: Sequence[str] | None = None,
    split: bool = False,
) -> tuple[list[Finding], bool]:
    """(findings, ok): ok is False when the game could not be modelled at all.

    ``split`` lets a big game's checks use a second core (run_checks).

    ``langs`` names the languages to lint: the game's own and the languages
    it has catalogs for (l10n/*.po). None lints them all. A translation is
    linted as a game of its own (the same checks, on the translated text,
    located at the catalog's lines) plus the L10N checks of its catalog.
    """
    own, *translations = languages(game_dir)
    wanted = list(langs) if langs is not None else [own, *translations]
    found: list[Finding] = [_misnamed(p, root) for p in misnamed_catalogs(game_dir)]
    if own in wanted or not own:
        source, ok = _lint_source(game_dir, root, edition, select, ignore, split)
        if not ok:
            return source, False
        found += source
    for lang in wanted:
        if lang == own:
            continue
        front = front_end(game_dir, root, "original", lang, split=split)
        if front.game is None or front.graphs is None:
            return list(front.findings), False
        checked = run_checks(front.game, front.graphs, select, ignore, split)
        found += list(front.findings) + placed(checked, front)
    return sorted(_once(found), key=Finding.sort_key), True


def combined(parts: Sequence[tuple[list[Finding], bool]]) -> tuple[list[Finding], bool]:
    """One game's findings from lint_game run on its languages apart, in order, as one
    run on them all gives them: the first that could not be linted says why alone,
    else all are merged, each finding once (cli.py lints a translation on a core of
    its own)."""
    for found, ok in parts:
        if not ok:
            return found, False
    if len(parts) == 1:
        return parts[0]
    return sorted(_once([f for found, _ in parts for f in found]), key=Finding.sort_key), True


def _misnamed(path: Path, root: Path) -> Finding:
    """L10N100: a .po file whose name is no language tag, so no command reads it."""
    return Finding(
        "L10N100",
        Severity.ERROR,
        f"catalog {path.name!r} is not named for a language, so it is not read: a catalog's "
        "name is its language tag (en.po, pt-BR.po), which names its output folder",
        Location(shown(path, root), 1, 1),
        suggestion="rename it to its language's tag in lower case, e.g. en.po",
    )


def _once(found: list[Finding]) -> list[Finding]:
    """Each finding once: a fault outside the translated text (a layout, a count, a
    map) is found again by each language's run, at the same place in the same words."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for f in found:
        key = (f.code, f.location, f.message, f.status)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _lint_source(
    game_dir: Path,
    root: Path,
    edition: str,
    select: Sequence[str] | None,
    ignore: Sequence[str],
    split: bool = False,
) -> tuple[list[Finding], bool]:
    original = front_end(game_dir, root, "original", split=split)
    if original.game is None or original.graphs is None:
        return list(original.findings), False
    if not original.game.errata:
        # nothing corrects the source: the living edition is the original, linted once
        found = run_checks(original.game, original.graphs, select, ignore, split)
        return list(original.findings) + placed(found, original), True
    living = living_from(original, game_dir, root)
    if living.game is None or living.graphs is None:
        return list(living.findings), False
    living_found = run_checks(living.game, living.graphs, select, ignore, split)
    if edition == "living":
        found = living_found
        front = living
    else:
        original_found = run_checks(original.game, original.graphs, select, ignore, split)
        found = mark_errata(original_found, living_found, original.game)
        # What the errata brought is about the errata whichever edition is linted: what
        # applying them said (ERRATA005), and faults only the living edition has (an
        # erratum's new text citing a rule that does not exist). The editor prints that one.
        found += [f for f in living.findings if f not in original.findings]
        before = {_key(f) for f in original_found}
        found += [
            replace(f, message=f"{f.message} (in the living edition only: an erratum brought it)")
            for f in living_found
            if _key(f) not in before and f.severity is not Severity.INFO  # faults, not notes
        ]
        front = original
    return list(front.findings) + placed(found, front), True


def placed(found: list[Finding], front: FrontEnd) -> list[Finding]:
    """Findings moved to the characters they are about, less those the editors suppressed."""
    cursors: dict[tuple[str, int, str], tuple[int, int]] = {}
    return suppress([refine(f, front, cursors) for f in found], front)


def _key(finding: Finding) -> tuple[str, str | None, str | None]:
    return (finding.code, finding.rule, finding.target)


def mark_errata(original: list[Finding], living: list[Finding], game: Game) -> list[Finding]:
    remaining = {_key(f) for f in living}
    by_rule: dict[str, list[str]] = {}
    for erratum in game.errata:
        by_rule.setdefault(erratum.rule, []).append(erratum.id)
    out = []
    for finding in original:
        # The erratum on the finding's rule, or one whose text names the finding's target
        # (a name made consistent elsewhere settles the variant here too).
        ids = by_rule.get(finding.rule or "", []) + [
            e.id
            for e in game.errata
            if e.rule != finding.rule
            and _is_name(finding.target)
            and (finding.target in e.old or finding.target in e.new)
        ]
        if ids and _key(finding) not in remaining:
            finding = replace(finding, status="fixed-by-erratum", fixed_by=",".join(ids))
        out.append(finding)
    return out


def refine(
    finding: Finding, front: FrontEnd, cursors: dict[tuple[str, int, str], tuple[int, int]]
) -> Finding:
    """Move a finding placed at its block to the line and column of its target phrase.

    Several findings about one phrase in one block go to its successive
    occurrences (``cursors`` remembers how far each search got).
    """
    lines = front.lines.get(finding.location.path)
    target = finding.target
    if not lines or not target or not _is_name(target):
        return finding
    line = lines[finding.location.line - 1] if finding.location.line <= len(lines) else ""
    column = finding.location.column
    if line[column - 1 :].startswith(target):
        return finding  # already exact
    start = Location(finding.location.path, finding.location.line, 1)
    key = (finding.location.path, finding.location.line, target)
    span = _node_lines(lines, finding.location.line, 60)
    found = locate_phrase(lines, start, target, cursors.get(key, (0, 0)), span=span)
    if found is None:
        return finding
    cursors[key] = (found.line, found.column)
    return replace(finding, location=found)


def _node_lines(lines: tuple[str, ...], line: int, most: int) -> int:
    """How many lines, from ``line`` and at most ``most``, the YAML node written there
    holds: those indented at least as far as its first (a list item's dash counts as
    indentation), with blank and comment lines. A finding is moved only within them:
    the next map that names the same board is another map's line."""

    def indent(text: str) -> int:
        stripped = text.lstrip(" ")
        while stripped.startswith("- "):
            stripped = stripped[2:].lstrip(" ")
        return len(text) - len(stripped)

    if not 0 < line <= len(lines):
        return most
    base = indent(lines[line - 1])
    count = 1
    for text in lines[line : line - 1 + most]:
        bare = text.strip()
        if bare and not bare.startswith("#") and len(text) - len(text.lstrip(" ")) < base:
            break
        count += 1
    return count


def suppress(findings: list[Finding], front: FrontEnd) -> list[Finding]:
    """``# noqa: CODE`` on the finding's line, or a lint.ignore entry in game.yaml."""
    ignores = front.game.lint_ignore if front.game else ()
    out = []
    for finding in findings:
        lines = front.lines.get(finding.location.path, ())
        line = lines[finding.location.line - 1] if 0 < finding.location.line <= len(lines) else ""
        noqa = _NOQA.search(line)
        quiet = bool(noqa and finding.code in re.split(r"\s*,\s*", noqa.group("codes")))
        for code, rule, target in ignores:
            if (
                code == finding.code
                and rule in (None, finding.rule)
                and target in (None, finding.target)
            ):
                quiet = True
        if quiet and finding.status == "open":
            finding = replace(finding, status="suppressed")
        out.append(finding)
    return out
