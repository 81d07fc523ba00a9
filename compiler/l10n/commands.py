"""``casebook l10n …``: the translator's verbs, one function each (see workflow.py)."""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

from compiler import environment, paths
from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.l10n import catalog, workflow
from compiler.l10n.localise import L10N_DIR, catalog_path
from compiler.load.game_files import languages
from compiler.write import Output, write_all

EXIT_OK, EXIT_FINDINGS, EXIT_INPUT = 0, 1, 2


DATE_FORMAT = "%Y-%m-%d %H:%M+0000"


def _today() -> str:
    """A new catalog's PO-Revision-Date; SOURCE_DATE_EPOCH makes it reproducible
    (compiler/environment.py, which the command line checked before the verb ran)."""
    date = environment.source_date() or datetime.datetime.now(datetime.UTC)
    return date.strftime(DATE_FORMAT)


def _own_language(lang: str, own: str, game: str) -> bool:
    """True (and says so) when ``lang`` is the one the game is written in: it has no catalog."""
    if lang != own:
        return False
    print(
        f"casebook l10n: {lang} is the language {game} is written in; name a target language",
        file=sys.stderr,
    )
    return True


def _report(findings: list[Finding]) -> None:
    for finding in sorted(findings, key=Finding.sort_key):
        print(finding.render(), file=sys.stderr)


def _write(path: Path, text: str) -> bool:
    """Write one catalog atomically; True when its bytes changed."""
    output = Output(path.name, text.encode("utf-8"))
    return bool(write_all([output], path.parent, what="catalog file"))


def extract(game_dir: Path, root: Path, output: Path | None, to_stdout: bool = False) -> int:
    try:
        src = workflow.read_source(game_dir, root)
    except CompileError as err:
        _report(err.findings)
        return EXIT_INPUT
    if to_stdout:  # -o -: the template itself, for a pipe
        sys.stdout.write(workflow.template_text(src))
        return EXIT_OK
    path = output or game_dir / L10N_DIR / f"{game_dir.name}.pot"
    _write(path, workflow.template_text(src))
    words = sum(len(u.text.split()) for u in src.units)
    print(f"{paths.shown(path, root)}: {len(src.units)} strings, {words} words")
    return EXIT_OK


def update(game_dir: Path, root: Path, lang: str) -> int:
    try:
        today = _today()
        src = workflow.read_source(game_dir, root)
        if _own_language(lang, src.game.language, src.game.id):
            return EXIT_INPUT
        text, stats = workflow.update_text(src, lang, today)
    except CompileError as err:
        _report(err.findings)
        return EXIT_INPUT
    path = catalog_path(game_dir, lang)
    changed = _write(path, text)
    print(f"{paths.shown(path, root)}: {stats.describe()}{'' if changed else ' (no change)'}")
    return EXIT_OK


def import_po(game_dir: Path, root: Path, lang: str, file: Path) -> int:
    shown = file.as_posix()
    try:
        today = _today()
        src = workflow.read_source(game_dir, root)
        if _own_language(lang, src.game.language, src.game.id):
            return EXIT_INPUT
        theirs = catalog.read(file, shown)
        if not len(theirs) and not theirs.metadata:  # an empty file: surely not the one meant
            raise CompileError(
                [
                    Finding(
                        "L10N100",
                        Severity.ERROR,
                        "the file holds no catalog: no header and no entries",
                        Location(shown, 1, 1),
                        suggestion="give the PO file the translator sent (Poedit saves one "
                        "with a header and an entry per string)",
                    )
                ]
            )
        notices: list[Finding] = []
        written = file.read_text(encoding="utf-8", errors="replace")  # read already: UTF-8
        text = workflow.import_text(src, lang, theirs, shown, today, notices, written)
    except CompileError as err:
        _report(err.findings)
        print(
            f"casebook l10n: nothing imported; {catalog_path(game_dir, lang).name} is unchanged",
            file=sys.stderr,
        )
        return EXIT_INPUT
    _report(notices)
    path = catalog_path(game_dir, lang)
    changed = _write(path, text)
    print(f"{paths.shown(path, root)}: imported from {shown}{'' if changed else ' (nothing new)'}")
    return EXIT_OK


def status(game_dir: Path, root: Path, langs: list[str], fmt: str) -> int:
    """The coverage report: strings and words translated, fuzzy, outdated, untranslated, failing."""
    from compiler.l10n.coverage import coverage, render_text

    own = languages(game_dir)[0]
    if any(_own_language(lang, own, game_dir.name) for lang in langs):
        return EXIT_INPUT
    reports = []
    for lang in langs:
        try:
            reports.append(coverage(game_dir, root, lang))
        except CompileError as err:
            _report(err.findings)
            return EXIT_INPUT
    if fmt == "json":
        sys.stdout.write(json.dumps([r.to_json() for r in reports], indent=2) + "\n")
    else:
        for report in reports:
            sys.stdout.write(render_text(report))
    return EXIT_OK
