"""``casebook l10n …``: the translator's verbs, one function each (see workflow.py)."""

from __future__ import annotations

import datetime
import json
import os
import sys
from pathlib import Path

from compiler import paths
from compiler.diagnostics import CompileError, Finding
from compiler.l10n import catalog, workflow
from compiler.l10n.localise import L10N_DIR, catalog_path
from compiler.write import Output, write_all

EXIT_OK, EXIT_FINDINGS, EXIT_INPUT = 0, 1, 2


def _today() -> str:
    """A new catalog's PO-Revision-Date; SOURCE_DATE_EPOCH makes it reproducible."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    now = (
        datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
        if epoch
        else datetime.datetime.now(datetime.UTC)
    )
    return now.strftime("%Y-%m-%d %H:%M+0000")


def _report(findings: list[Finding]) -> None:
    for finding in sorted(findings, key=Finding.sort_key):
        print(finding.render(), file=sys.stderr)


def _write(path: Path, text: str) -> bool:
    """Write one catalog atomically; True when its bytes changed."""
    output = Output(path.name, text.encode("utf-8"))
    return bool(write_all([output], path.parent, what="catalog file"))


def extract(game_dir: Path, root: Path, output: Path | None) -> int:
    try:
        src = workflow.read_source(game_dir, root)
    except CompileError as err:
        _report(err.findings)
        return EXIT_INPUT
    path = output or game_dir / L10N_DIR / f"{game_dir.name}.pot"
    _write(path, workflow.template_text(src))
    words = sum(len(u.text.split()) for u in src.units)
    print(f"{paths.shown(path, root)}: {len(src.units)} strings, {words} words")
    return EXIT_OK


def update(game_dir: Path, root: Path, lang: str) -> int:
    try:
        src = workflow.read_source(game_dir, root)
        if lang == src.game.language:
            print(
                f"casebook l10n: {lang} is the language {src.game.id} is written in; "
                "name a target language",
                file=sys.stderr,
            )
            return EXIT_INPUT
        text, stats = workflow.update_text(src, lang, _today())
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
        src = workflow.read_source(game_dir, root)
        theirs = catalog.read(file, shown)
        notices: list[Finding] = []
        text = workflow.import_text(src, lang, theirs, shown, _today(), notices)
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
