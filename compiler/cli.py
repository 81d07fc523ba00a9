"""The ``casebook`` command: one small function per verb.

Heavy imports (ReportLab) happen inside the verbs that need them, so
``casebook validate`` starts fast. Exit status: 0 clean; 1 the checked input
has errors (validate); 2 usage or input errors that stop a build or export.
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import re
import reprlib
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from compiler import paths, streams
from compiler.backends.pdf.paper import POINTS
from compiler.diagnostics import CompileError, Finding, Severity
from compiler.paths import BUILD_DIR, RULESETS_DIR

EXIT_OK, EXIT_FINDINGS, EXIT_INPUT = 0, 1, 2
PAPERS = tuple(POINTS)  # the papers every output is made on
EDITIONS = ("original", "living")


def _report(findings: Sequence[Finding]) -> None:
    for finding in sorted(findings, key=Finding.sort_key):
        print(finding.render(), file=sys.stderr)


def _games(args: argparse.Namespace) -> list[Path] | None:
    """The game folders the user named (or all); None after reporting a bad name."""
    from compiler.paths import game_dirs

    rulesets: Path = args.rulesets
    if not paths.is_dir(rulesets):
        why = _why_not(rulesets)
        said = f"cannot be opened ({why})" if why else "does not exist"
        if not why and paths.exists(rulesets):
            said = "is a file, not a folder; name the folder that holds one folder per game"
        print(f"casebook: rulesets folder {rulesets} {said}", file=sys.stderr)
        return None
    dirs = list(dict.fromkeys(game_dirs(rulesets, args.games)))  # a game named twice, once
    known = [p.name for p in game_dirs(rulesets, ())]
    itself = ""
    if not known and paths.exists(rulesets / "game.yaml"):  # a game's folder as the rulesets
        itself = (
            f": {rulesets} is itself a game; use --rulesets {rulesets.parent} "
            f"(and name {rulesets.name} if you want it alone)"
        )
    for d in dirs:
        if not paths.is_dir(d):
            why = _why_not(d)
            print(
                f"casebook: no game {reprlib.repr(d.name)} in {rulesets}"
                f"{f' ({why})' if why else ''}" + (itself or f" (known: {', '.join(known)})"),
                file=sys.stderr,
            )
            return None
    if not dirs:
        print(f"casebook: no games in {rulesets}{itself}", file=sys.stderr)
        return None
    for d in dirs:
        # every stage lists and opens files in the folder: one that cannot be searched
        # is said once here, not met as an internal error wherever it is first touched
        if not os.access(d, os.R_OK | os.X_OK):
            print(
                f"{d}: error: LOAD009 cannot read the game's folder: permission denied\n"
                f"    help: give your user read and search permission on it (chmod u+rx {d})",
                file=sys.stderr,
            )
            return None
    return dirs


def _root_for(rulesets: Path) -> Path:
    """Locations are shown relative to the folder holding rulesets/ (the repo root).

    What a build or a catalog writes names files this way, whatever folder the
    command runs in, so the same input gives the same bytes.
    """
    return rulesets.resolve().parent


def _report_root(rulesets: Path) -> Path:
    """Where validate and lint name files from: the working folder when the rulesets lie
    within it, so `file=` in a GitHub annotation or a SARIF uri opens from there
    (`--rulesets content/games` in a repository, or `--rulesets .` inside the folder);
    else the folder holding rulesets/."""
    here = Path.cwd().resolve()
    return here if rulesets.resolve().is_relative_to(here) else _root_for(rulesets)


def cmd_validate(args: argparse.Namespace) -> int:
    from compiler.pipeline import front_end

    dirs = _games(args)
    if dirs is None:
        return EXIT_INPUT
    status = EXIT_OK
    for game_dir in dirs:
        fe = front_end(game_dir, _report_root(args.rulesets), "living")
        _report(fe.findings)
        errors = sum(f.severity is Severity.ERROR for f in fe.findings)
        if errors:
            status = EXIT_FINDINGS
            print(f"{game_dir.name}: {errors} error(s)", file=sys.stderr)
        else:
            print(f"{game_dir.name}: valid")
    return status


def cmd_build(args: argparse.Namespace) -> int:
    from compiler.build import BOOK, KIT, Job, Result, run
    from compiler.load.game_files import languages, same_ids
    from compiler.write import ensure_folder

    dirs = _games(args)
    if dirs is None:
        return EXIT_INPUT
    clashes = same_ids(dirs, _root_for(args.rulesets))
    if clashes:  # before anything is written: their files would overwrite each other
        _report(clashes)
        return EXIT_INPUT
    ensure_folder(args.out)  # a mistyped --out fails now, not after every game is rendered
    if _refused_inside_game(
        args.out,
        args.rulesets,
        "build: --out",
        "outputs there would be read back as part of a game",
        f"Choose a folder outside it (default: {BUILD_DIR})",
    ):
        return EXIT_INPUT
    status = EXIT_OK
    quiet = args.quiet
    progress = not quiet and sys.stderr.isatty()
    jobs: list[Job] = []
    for game_dir in dirs:
        own, *translations = languages(game_dir)
        wanted = args.lang or [own, *translations]
        unknown = [lang for lang in wanted if lang not in (own, *translations)]
        if unknown:
            print(
                f"casebook build: {game_dir.name} has no {', '.join(unknown)} text "
                f"(languages: {', '.join([own, *translations])}); start a translation with "
                f"`casebook l10n update {game_dir.name} LANG`",
                file=sys.stderr,
            )
            status = EXIT_INPUT
            continue
        for i, lang in enumerate(wanted):
            # A translation is made from the corrected text: it has one edition, the living one.
            editions = ("living",) if lang != own else (args.edition,) if args.edition else EDITIONS
            if lang != own and args.edition == "original" and not quiet:
                print(
                    f"note: {game_dir.name} in {lang} has one edition, the living one (a "
                    "translation is made from the corrected text); building that",
                    file=sys.stderr,
                )
            # each edition's book, and the kit, built from the last edition
            for edition, part in [*((e, BOOK) for e in editions), (editions[-1], KIT)]:
                jobs.append(
                    Job(
                        game_dir,
                        _root_for(args.rulesets),
                        None if lang == own else lang,
                        own,
                        edition,
                        (args.paper,) if args.paper else PAPERS,
                        part=part,
                        first=i == 0,
                        progress=progress,
                    )
                )
    count = len({(job.game_dir, job.lang) for job in jobs})
    reported = 0

    def done(results: list[Result]) -> None:
        """One game in one language: its files and a summary line, or its errors."""
        nonlocal status, reported
        reported += 1
        name = results[0].job.name
        errors = list(dict.fromkeys(f for r in results for f in r.errors))  # once, not per edition
        if errors:
            _report(errors)
            print(f"{name}: not built; previous outputs are untouched", file=sys.stderr)
            status = EXIT_INPUT
            return
        paths = sorted(p for r in results for p in (r.up_to_date or (o.path for o in r.outputs)))
        if not quiet:
            for note in (n for r in results for n in r.notes):
                print(f"note: {note}", file=sys.stderr)
            for path in paths:
                print(f"{args.out / path}")
        if all(r.up_to_date is not None for r in results):
            summary = f"{name}: {len(paths)} file(s), 0 changed (up to date, not rebuilt)"
        else:
            changed = sum(r.changed for r in results)
            summary = f"{name}: {len(paths)} file(s), {changed} changed"
            if progress:
                summary += f" in {sum(r.seconds for r in results):.1f} s"
        if not quiet:
            print(f"[{reported}/{count}] {summary}" if progress else summary, file=sys.stderr)

    run(jobs, args.out, done)
    return status


def _why_not(path: Path) -> str:
    """Why the system cannot look ``path`` up, for a message ("" when it simply is not)."""
    try:
        path.stat()
    except OSError as err:
        if err.errno not in (errno.ENOENT, errno.ENOTDIR):
            return err.strerror.lower() if err.strerror else str(err)
    return ""


def _game_holding(out: Path, rulesets: Path) -> str | None:
    """What of the rulesets an output folder would write into, if any, said for a message.

    Outputs go to <out>/<game>/…: --out set to the rulesets folder writes into every
    game's folder, and a folder inside a game is read with it.
    """
    if paths.resolved(out) == paths.resolved(rulesets):
        return "the rulesets folder itself"
    for game_dir in paths.game_dirs(rulesets, []) if paths.is_dir(rulesets) else []:
        if paths.inside(out, game_dir):
            return f"inside the game folder {game_dir}"
    return None


_OWN_FILES = "writing there would replace or add to the game's own files"


def _refused_inside_game(
    output: Path,
    rulesets: Path,
    option: str,
    harm: str = _OWN_FILES,
    advice: str = "Write it outside the rulesets folder",
) -> bool:
    """Refuse (and say why) an output in a game's folder or the rulesets folder:
    `export -o game.yaml` or `l10n extract -o l10n/en.po` replaced the game's own
    files without a word, and a build there would be read back as part of a game."""
    clash = _game_holding(output, rulesets)
    if clash is None:
        return _refused_in_casebook(output, option, advice)
    print(f"casebook {option} {output} is {clash}; {harm}. {advice}", file=sys.stderr)
    return True


def _refused_in_casebook(output: Path, option: str, advice: str) -> bool:
    """Refuse an output inside Casebook's own compiler/, schema/ or templates/: every
    build's stamp and every cached lint result is keyed by them, so a build written
    there made every later build of every game "changed" and every lint miss its
    cache, with nothing to say why (found by a probe)."""
    for folder in ("compiler", "schema", "templates"):
        if paths.inside(output, paths.PROJECT_ROOT / folder):
            print(
                f"casebook {option} {output} is inside Casebook's own {folder}/ folder, "
                "which every build's stamp and lint's cache are keyed by: nothing would "
                f"stay up to date. {advice}",
                file=sys.stderr,
            )
            return True
    return False


def cmd_export(args: argparse.Namespace) -> int:
    from compiler.backends import export
    from compiler.write import Output, write_all

    args.games = [args.game] if args.game else []
    fe = _one_game(args, "export", args.edition)
    if fe is None:
        return EXIT_INPUT
    text = export.to_text(fe.game) if args.format == "text" else export.to_json(fe.game, fe.graphs)
    if args.output and args.output != STDOUT:
        path = args.output
        if _refused_inside_game(args.output, args.rulesets, "export: -o"):
            return EXIT_INPUT
        write_all([Output(path.name, text.encode())], path.parent)
    else:
        sys.stdout.write(text)
    return EXIT_OK


def _one_game(args: argparse.Namespace, verb: str, edition: str = "living"):
    """The front end of the one game a look-up verb names; None after reporting why not."""
    from compiler.pipeline import front_end

    dirs = _games(args)
    if dirs is None:
        return None
    if len(dirs) != 1:
        names = ", ".join(d.name for d in dirs)
        print(f"casebook {verb}: name one game (the rulesets hold {names})", file=sys.stderr)
        return None
    fe = front_end(dirs[0], _root_for(args.rulesets), edition)
    if fe.game is None or fe.graphs is None:
        _report(fe.findings)
        print(f"{dirs[0].name}: cannot be read; fix the errors above first", file=sys.stderr)
        return None
    return fe


def cmd_ref(args: argparse.Namespace) -> int:
    import json

    from compiler.reference import render
    from compiler.reference.lookup import RulesReference

    args.games = [args.game]
    fe = _one_game(args, "ref", args.edition)
    if fe is None:
        return EXIT_INPUT
    query = " ".join(args.query)
    if not query.strip():
        print(
            "casebook ref: name what to look up: a rule number (8.6), a term, a component, "
            "a card, or words the rules use",
            file=sys.stderr,
        )
        return EXIT_INPUT
    engine = RulesReference(fe.game, fe.graphs)
    answer = engine.look_up(query)
    if args.format == "json":
        sys.stdout.write(json.dumps(render.to_json(answer), ensure_ascii=False, indent=2) + "\n")
    elif answer.found:
        sys.stdout.write(render.to_text(answer))
    if not answer.found:
        # a hint from this game's own rules: Plan Vert numbers 1-17, Liberation nothing
        example = next(
            (r.number for r in fe.game.all_rules() if r.number and "." in r.number), None
        )
        example = example or next(
            (r.number for r in fe.game.all_rules() if r.number and r.number.isdigit()), None
        )
        if engine.looks_numbered(query):
            said = f"{fe.game.id} has no rule {reprlib.repr(query.strip())}"
        else:
            said = (
                f"nothing in {fe.game.id} matches {reprlib.repr(query)}: no rule number, "
                "glossary term, component or card of that name, and no rule or card holds "
                "all those words"
            )
        hint = (
            f"Try fewer words, or a rule number such as {example}"
            if example
            else ("Try fewer words, or a rule's title")
        )
        print(f"casebook ref: {said}. {hint}", file=sys.stderr)
        return EXIT_FINDINGS
    return EXIT_OK


def cmd_l10n(args: argparse.Namespace) -> int:
    from compiler.l10n import commands
    from compiler.load.game_files import languages

    args.games = [args.game]
    dirs = _games(args)
    if dirs is None:
        return EXIT_INPUT
    game_dir, root = dirs[0], _root_for(args.rulesets)
    if args.step == "extract":
        template = args.output is not None and args.output.suffix == ".pot"
        if args.output == STDOUT:
            return commands.extract(game_dir, root, None, to_stdout=True)
        if (
            args.output
            and not template
            and _refused_inside_game(args.output, args.rulesets, "l10n extract: -o")
        ):
            return EXIT_INPUT
        return commands.extract(game_dir, root, args.output)
    if args.step == "status":
        langs = [args.lang] if args.lang else languages(game_dir)[1:]
        if not langs:
            print(
                f"casebook l10n: {game_dir.name} has no catalogs yet; start one with "
                f"`casebook l10n update {game_dir.name} LANG`",
                file=sys.stderr,
            )
            return EXIT_INPUT
        return commands.status(game_dir, root, langs, args.format)
    if args.step == "update":
        return commands.update(game_dir, root, args.lang)
    return commands.import_po(game_dir, root, args.lang, args.file)


def cmd_examples(args: argparse.Namespace) -> int:
    from compiler.pipeline import front_end
    from compiler.procedures.replay import replay
    from compiler.procedures.show import replay_text

    dirs = _games(args)
    if dirs is None:
        return EXIT_INPUT
    counts: dict[str, int] = {}
    for game_dir in dirs:
        fe = front_end(game_dir, _root_for(args.rulesets), "living")
        if fe.game is None:
            _report(fe.findings)
            print(f"{game_dir.name}: cannot be read; fix the errors above first", file=sys.stderr)
            return EXIT_INPUT
        print(f"{fe.game.id}: {len(fe.game.examples)} worked example(s)")
        for example in fe.game.examples:
            result = replay(fe.game, example)
            counts[result.status] = counts.get(result.status, 0) + 1
            print(replay_text(result, args.verbose))
    order = ("match", "contradiction", "mismatch", "not-replayable")
    print(", ".join(f"{counts.get(s, 0)} {s}" for s in order))
    failed = counts.get("mismatch", 0) + counts.get("not-replayable", 0)
    return EXIT_FINDINGS if failed else EXIT_OK


_WHOLE_NUMBERS = re.compile(r"\s*-?[0-9]{1,6}(\s*,\s*-?[0-9]{1,6})+\s*")


def _value(text: str):
    """A NAME=VALUE value as YAML reads it: 3, true, [1, 2], Sabotage; and whole numbers
    written as --dice takes them, 1,3 (a probe's held=1,2,3,4 was refused as words).

    A number is written in the digits 0 to 9: YAML 1.1's 0x3, 0o7 and 1_0 stay the
    words typed, as do other scripts' digits (Python's int() reads "٣" as 3), so a
    value is refused as typed, never taken as another number."""
    import yaml

    from compiler.load.typed_values import TypedLoader

    if _WHOLE_NUMBERS.fullmatch(text):
        return [int(v) for v in text.split(",")]
    try:
        # an alias (*a) repeats what its anchor holds: nine lines of them are a billion
        # values (the "billion laughs"), as ruleset files are refused them too (LOAD)
        if any(isinstance(event, yaml.AliasEvent) for event in yaml.parse(text)):
            return text
        return yaml.load(text, Loader=TypedLoader)  # a safe loader (typed_values.py)
    # ValueError: a number past int()'s 4300 digits; RecursionError: [[[[… a
    # thousand deep. Either way the value is taken as the words typed.
    except (yaml.YAMLError, ValueError, RecursionError):
        return text


def _seed(value: str) -> int:
    """--seed as a whole number from 0: Python seeds -1 as it seeds 1, so a negative
    seed would quietly repeat a positive one's rolls."""
    if value.strip().lstrip("+-").isdigit() and len(value.strip()) > 30:
        raise argparse.ArgumentTypeError(
            f"{reprlib.repr(value)} has {len(value.strip())} digits; a seed of at most 30 "
            "is as good as any"
        )
    from compiler.procedures.core import WHOLE_NUMBER

    if not WHOLE_NUMBER.fullmatch(value):  # int() reads "٣" (another script's digit) as 3
        raise argparse.ArgumentTypeError(f"{reprlib.repr(value)} is not a whole number")
    seed = int(value)
    if seed < 0:
        raise argparse.ArgumentTypeError(
            f"{seed} is negative; seeds start at 0 (-{-seed} would roll as {-seed} does)"
        )
    return seed


def cmd_resolve(args: argparse.Namespace) -> int:
    from compiler.procedures.core import WHOLE_NUMBER, Dice, ProcedureError
    from compiler.procedures.resolve import find_procedure, resolve
    from compiler.procedures.show import procedure_list, resolution_text

    if args.kinds:
        from compiler.procedures.kinds import KINDS

        for name, module in sorted(KINDS.items()):
            doc = (module.__doc__ or "").strip().splitlines()
            print(name, *(f"    {line}".rstrip() for line in doc), "", sep="\n")
        return EXIT_OK
    if not args.game:
        print("casebook resolve: name a game (or --kinds)", file=sys.stderr)
        return EXIT_INPUT
    args.games = [args.game]
    fe = _one_game(args, "resolve")
    if fe is None:
        return EXIT_INPUT
    if args.procedure is not None and not args.procedure.strip():  # "" listed them, exit 0
        print(
            "casebook resolve: PROCEDURE is empty; name one, or leave it out to list them",
            file=sys.stderr,
        )
        return EXIT_INPUT
    if not args.procedure:
        sys.stdout.write(procedure_list(fe.game.procedures))
        return EXIT_OK
    inputs = {}
    for item in args.inputs:
        name, sep, value = item.partition("=")
        if not sep or not name:
            print(f"casebook resolve: {item!r} is not NAME=VALUE", file=sys.stderr)
            return EXIT_INPUT
        if name.strip() in inputs:  # the last one was taken, without a word
            print(
                f"note: {name.strip()} is given twice; the last, {value}, is taken", file=sys.stderr
            )
        inputs[name.strip()] = _value(value)
    try:
        faces = [v.strip() for v in args.dice.split(",")] if args.dice else []
        # 1,,2 was read as 1,2; "٣" (another script's digit) as 3; no die shows 7 digits
        if any(not WHOLE_NUMBER.fullmatch(v) or len(v) > 6 for v in faces):
            raise ValueError(args.dice)
        given = [int(v) for v in faces]
    except ValueError:
        print(
            f"casebook resolve: --dice takes the faces the dice showed, e.g. --dice 3,5: "
            f"{reprlib.repr(args.dice)}",
            file=sys.stderr,
        )
        return EXIT_INPUT
    try:
        proc = find_procedure(fe.game, args.procedure)
        dice = Dice(given, args.seed)
        _note_unknown_inputs(proc, inputs)
        result = resolve(fe.game, proc, inputs, dice)
    except ProcedureError as err:
        print(f"casebook resolve: {err}", file=sys.stderr)
        return EXIT_INPUT
    sys.stdout.write(resolution_text(proc, result))
    if args.dice and args.seed is not None and not dice.seeded:  # ignored without a word
        print("note: --seed was not needed: --dice gave every die rolled", file=sys.stderr)
    if dice.given:
        unused = ",".join(str(d) for d in dice.given)
        print(f"note: {len(dice.given)} of the --dice were not needed: {unused}", file=sys.stderr)
    return EXIT_OK


def _note_unknown_inputs(proc, inputs: dict) -> None:
    """Say which NAME=VALUE the procedure does not declare: a typo (leadr=true) was
    ignored without a word. Only a note: a step may also read a value it does not
    list as an input, such as the printed faces of a roll (shot_rolls)."""
    import difflib

    declared = [name for name, _ in proc.inputs]
    for name in inputs:
        if name not in declared:
            close = difflib.get_close_matches(name, declared, n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            print(
                f"note: {name} is not one of {proc.id}'s inputs "
                f"({', '.join(declared) or 'none'}){hint}",
                file=sys.stderr,
            )


def cmd_table(args: argparse.Namespace) -> int:
    from compiler.procedures.core import ProcedureError
    from compiler.procedures.show import table_text
    from compiler.procedures.table_lookup import as_typed, find_rows, same_words

    if args.table is not None:  # " german-items" pasted with a space (or a zero-width one)
        args.table = as_typed(args.table)
    if args.table is not None and not args.table:  # "" listed the tables, exit 0
        print(
            "casebook table: TABLE is empty; name a table, or leave it out to list them",
            file=sys.stderr,
        )
        return EXIT_INPUT
    if args.key and not as_typed(" ".join(args.key)):  # "" was "no row for ''", exit 1
        print(
            "casebook table: KEY is empty; give the roll or the words to look up, or "
            "leave it out to print the whole table",
            file=sys.stderr,
        )
        return EXIT_INPUT
    args.games = [args.game]
    fe = _one_game(args, "table")
    if fe is None:
        return EXIT_INPUT
    # tables the rules cite that the source does not print (Set Europe Ablaze's, on its
    # player aid card): said by name, where "has no tables" told a reader nothing
    lacking = [c for c in fe.game.components if c.kind in ("table", "chart") and c.missing]
    if args.table and not fe.game.table(args.table):
        asked = args.table.casefold()
        lacked = next(
            (c for c in lacking if asked in {n.casefold() for n in (c.id, c.name, *c.aliases)}),
            None,
        )
        if lacked is not None and not any(t.title.casefold() == asked for t in fe.game.tables):
            print(f"{lacked.name}: not in the source — {lacked.missing}")
            return EXIT_FINDINGS
    if not fe.game.tables:
        said = f"casebook table: {fe.game.id} has no tables (tables.yaml)"
        if lacking:
            said += "; the rules cite these, which its source does not print: " + ", ".join(
                c.name for c in lacking
            )
        print(said, file=sys.stderr)
        return EXIT_INPUT if args.table else EXIT_OK
    if not args.table:
        for t in fe.game.tables:
            gap = "  (part not in the source)" if t.missing and t.rows else ""
            gap = gap or ("  (not in the source)" if t.missing else "")
            print(f"{t.id}  {t.title}" + (f"  (rule {t.rule})" if t.rule else "") + gap)
        return EXIT_OK
    table = fe.game.table(args.table) or next(
        (t for t in fe.game.tables if same_words(t.title, args.table)), None
    )
    if table is None:
        known = ", ".join(t.id for t in fe.game.tables)
        print(
            f"casebook table: no table {reprlib.repr(args.table)} (tables: {known})",
            file=sys.stderr,
        )
        return EXIT_INPUT
    if not args.key or not table.rows:
        sys.stdout.write(table_text(table))
        return EXIT_OK
    column = None if args.column is None else _column_named(table, args.column)
    if column == "":  # a usage mistake, not a key the table lacks (that is exit 1, as grep)
        named = ", ".join(f"{c.key} ({c.label})" if c.label else c.key for c in table.columns)
        print(
            f"casebook table: {table.title}: no column {reprlib.repr(args.column)} "
            f"(columns: {named})",
            file=sys.stderr,
        )
        return EXIT_INPUT
    key = " ".join(args.key)
    try:
        rows = find_rows(table, column, key)
    except ProcedureError as err:
        # a name looked up in the first column may stand in another: Plan Vert's
        # "VIP" is a keyword, its "Caen track" a zone's name. Unless a column was
        # named, the others are looked in, and the answer says which one held it.
        rolled = bool(table.dice) and key.strip().isdigit()  # a roll: its column alone
        elsewhere = [] if column is not None or rolled else _in_other_columns(table, key)
        if not elsewhere:
            print(f"casebook table: {err}", file=sys.stderr)
            return EXIT_FINDINGS
        other, rows = elsewhere[0]
        for row in rows:  # a row of another column: no option rows continue it
            sys.stdout.write(table_text(table, [row]))
        print(
            f"casebook table: {key!r} found in column {other!r} "
            f"(--column {other} looks there first)",
            file=sys.stderr,
        )
        return EXIT_OK
    if len(rows) > 1:
        print(
            f"casebook table: {' '.join(args.key)!r} is in {len(rows)} rows; all are shown",
            file=sys.stderr,
        )
    # one answer per row found, with the rows that continue it
    for row in rows:
        sys.stdout.write(table_text(table, _with_continuations(table, row, column)))
    return EXIT_OK


def _in_other_columns(table, key: str) -> list[tuple[str, list[int]]]:
    """(column, rows) for each column but the looked-up one whose cells hold ``key``."""
    from compiler.procedures.core import ProcedureError
    from compiler.procedures.table_lookup import find_rows, looked_up_column

    first = looked_up_column(table, None)
    found = []
    for c in table.columns:
        if c.key == first:
            continue
        try:
            found.append((c.key, find_rows(table, c.key, key)))
        except ProcedureError:
            continue
    return found


def _with_continuations(table, row: int, column: str | None) -> list[int]:
    """The row found and the rows after it whose looked-up cell is empty: a row with no
    option (no roll) continues the one above, as War Story's "To move on:" goes on to
    "Pick a new action…" on the next line of its CHOOSE box."""
    from compiler.procedures.table_lookup import looked_up_column

    index = table.column_index(looked_up_column(table, column))
    out = [row]
    while out[-1] + 1 < len(table.rows) and not table.rows[out[-1] + 1][index].strip():
        out.append(out[-1] + 1)
    return out


def _column_named(table, name: str) -> str:
    """The key of the column ``name`` names, by key or by the label the table prints
    over it, in any case ("Zone" for zone); "" when none does."""
    wanted = name.strip().casefold()
    for column in table.columns:
        if wanted and wanted in (column.key.casefold(), column.label.strip().casefold()):
            return column.key
    return ""


def cmd_lint(args: argparse.Namespace) -> int:
    from compiler.diagnostics import Severity as Sev
    from compiler.report import RENDERERS

    dirs = _games(args)
    if dirs is None:
        return EXIT_INPUT
    try:
        select = _codes(args.select, "--select")
        ignore = _codes(args.ignore, "--ignore") or []
    except argparse.ArgumentTypeError as err:
        print(f"casebook lint: {err}", file=sys.stderr)
        return EXIT_INPUT
    collected: list[tuple[str, Finding]] = []
    status = EXIT_OK
    options = (_report_root(args.rulesets), args.edition, select, ignore, args.lang)
    results = _lint_all(dirs, options, cached=not args.no_cache)
    for game_dir, (findings, ok) in zip(dirs, results, strict=True):
        if not ok:
            _report(findings)
            print(f"{game_dir.name}: not linted; fix the errors above first", file=sys.stderr)
            status = EXIT_INPUT
            if args.format != "text":  # a CI job reading SARIF must see why, not a clean scan
                collected += [(game_dir.name, f) for f in findings]
            continue
        collected += [(game_dir.name, f) for f in findings]
    linted = sum(ok for _, ok in results)
    if linted or args.format != "text":  # "Found 0 findings." after "not linted" misled
        renderer = RENDERERS[args.format]
        sys.stdout.write(
            renderer(collected, show_all=args.show_all or args.format in ("json", "sarif"))
        )
    errors = any(f.severity is Sev.ERROR and f.status == "open" for _, f in collected)
    if status == EXIT_OK and errors:
        status = EXIT_FINDINGS
    return status


def _lint_all(
    dirs: list[Path], options: tuple, cached: bool = True
) -> list[tuple[list[Finding], bool]]:
    """Each game's findings: from the result cache when nothing it depends on changed,
    else linted, each game on its own core when there are several (as the build
    does), the biggest first so it sets the wall-clock time. In the order of ``dirs``."""
    from compiler.l10n import spelling

    _, _, select, ignore, _ = options
    # First of all: the dictionaries are read on the other core while the cache is
    # looked up and the checks imported. Those whose answers are saved are not read.
    spelling.open_ahead_for(dirs, select, ignore)
    from compiler import lint_cache

    keys = [lint_cache.key(d, options[0], options[1:]) for d in dirs]
    results = [lint_cache.load(k) if cached else None for k in keys]
    todo = [i for i, r in enumerate(results) if r is None]
    if not todo:
        spelling.opened()  # none needed after all: this process is left with one thread
    for i, result in zip(todo, _lint_games([dirs[i] for i in todo], options), strict=True):
        results[i] = result
        lint_cache.save(keys[i], result)
    return [r for r in results if r is not None]


def _lint_games(dirs: list[Path], options: tuple) -> list[tuple[list[Finding], bool]]:
    """Each game linted, in the order of ``dirs``: on every core there is, in shares of
    about equal size (a translated game's languages apart, _lint_jobs), one share here
    and each other in a forked child.

    A child is forked, not taken from a pool: it starts with everything this
    process has imported and read (the dictionaries too), and only its
    findings come back. A pool's start, manager thread and shutdown were 20 ms
    of a 0.6 s cold lint. A child that dies has its share linted here.
    """
    if not dirs:  # every game came from the cache: import nothing heavy
        return []
    from compiler import processes
    from compiler.l10n import spelling
    from compiler.lint import combined, lint_game

    count = processes.workers(len(dirs))
    if count <= 1:
        # one game alone may still use a second core for its checks, in each language
        split = len(dirs) == 1 and processes.workers(2) > 1
        return [lint_game(d, *options, split=split) for d in dirs]
    jobs = _lint_jobs(dirs, options[4])

    def lint(share: list[int]) -> list[tuple[list[Finding], bool]]:
        return [lint_game(dirs[jobs[i][0]], *options[:4], jobs[i][1]) for i in share]

    mine, *theirs = processes.shares([size for _, _, size in jobs], count)
    spelling.opened()  # the dictionaries read ahead: a process forks with one thread only
    here, there = processes.alongside(
        lambda: lint(mine), [lambda share=share: lint(share) for share in theirs]
    )
    results = dict(zip(mine, here, strict=True))
    for share, found in zip(theirs, there, strict=True):
        results.update(zip(share, found, strict=True))
    return [
        combined([results[i] for i, job in enumerate(jobs) if job[0] == d])
        for d in range(len(dirs))
    ]


def _lint_jobs(
    dirs: list[Path], wanted: list[str] | None
) -> list[tuple[int, list[str] | None, int]]:
    """(game, languages, size) of each share of lint's work a core may take: a game, or a
    translated game's own language and each translation apart.

    A translation is read and checked as a game of its own (compiler/lint.py), so
    a game's languages need not all fall on one core: Liberation's Italian and
    English took 0.29 s there, while the other core was done with the four other
    games in 0.24 s. A job's size is what it reads: the game's YAML for its own
    language, the catalog for a translation. Bytes predict time only roughly, so
    the five games' cold lint gained 0.01 s; a game with several translations
    gains most. A game asked for in a language it has no catalog for stays one
    job, which says so as lint_game does.
    """
    from compiler import processes
    from compiler.l10n.localise import catalog_path
    from compiler.load.game_files import languages

    jobs: list[tuple[int, list[str] | None, int]] = []
    for d, game_dir in enumerate(dirs):
        own, *translations = languages(game_dir)
        langs = wanted if wanted is not None else [own, *translations]
        if not own or own not in langs or len(langs) < 2 or not set(langs) <= {own, *translations}:
            jobs.append((d, wanted, processes.game_size(game_dir)))
            continue
        yaml_bytes = sum(p.stat().st_size for p in game_dir.rglob("*.yaml") if p.is_file())
        # the game's own language first, whatever order --lang gives: lint_game lints
        # it first, and the first that cannot be linted is what lint says (combined)
        for lang in [own, *(lang for lang in langs if lang != own)]:
            catalog = catalog_path(game_dir, lang)
            size = (
                yaml_bytes if lang == own else (catalog.stat().st_size if catalog.is_file() else 0)
            )
            jobs.append((d, [lang], size))
    return jobs


def language_list(value: str) -> list[str] | None:
    """--lang it,en -> ["it", "en"]; None (every language) for "all"."""
    if value == "all":
        return None
    # each once, in the order given: a language named twice was built twice, its files
    # listed and counted twice
    tags = [language_tag(lang.strip()) for lang in value.split(",") if lang.strip()]
    if not tags:  # "" or ",": every language, when the user meant one (an unset variable?)
        raise argparse.ArgumentTypeError(
            f"{value!r} names no language; e.g. --lang en, --lang it,en, or --lang all"
        )
    return list(dict.fromkeys(tags))


def path_arg(value: str) -> Path:
    """A path the user typed; an empty one (an unset variable?) is refused, not taken as '.'."""
    if not value.strip():
        raise argparse.ArgumentTypeError(
            "the path is empty; name a folder or file (an unset shell variable?)"
        )
    return Path(value)


STDOUT = Path("-")
"""``-o -``: standard output, as for most tools (it wrote a file named "-")."""


def file_arg(value: str) -> Path:
    """A file to write (``-o``): a path that ends in a name, not a folder ('/', '.', 'x/..'),
    or ``-`` for standard output."""
    if value == "-":
        return STDOUT
    path = path_arg(value)
    if path.name in ("", ".", ".."):
        raise argparse.ArgumentTypeError(
            f"{value!r} names a folder, not a file; add the file's name, e.g. "
            f"{(path / 'rules.txt').as_posix()}"
        )
    return path


_GAME_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def language_tag(value: str) -> str:
    """A language as a BCP 47 tag (en, it, pt-BR); it names a file, so nothing else passes."""
    if not paths.LANGUAGE_TAG.fullmatch(value):
        raise argparse.ArgumentTypeError(
            f"{reprlib.repr(value)} is not a language tag; write it as two or three lower-case "
            "letters, then any parts of at most 8 letters or digits, e.g. en, fr, pt-BR"
        )
    return value


def game_name(value: str) -> str:
    """A game is a folder directly inside --rulesets: a name, never a path."""
    if not _GAME_NAME.fullmatch(value) or value.strip(".") == "":
        raise argparse.ArgumentTypeError(
            f"{value!r} is not a game folder name; name a folder inside the rulesets folder "
            "(use --rulesets DIR to read games from elsewhere)"
        )
    return value


def _codes(value: str | None, option: str) -> list[str] | None:
    """--select/--ignore as a list of codes or prefixes; ArgumentTypeError if one names no check.

    A typo must not quietly select nothing and pass.
    """
    if not value:
        return None
    from compiler import codes
    from compiler.checks import ALL_CHECKS, BY_CODE, codes_of

    wanted = [c.strip().upper() for c in value.split(",") if c.strip()]
    if not wanted:  # "," would select nothing and pass
        raise argparse.ArgumentTypeError(
            f"{option}: {reprlib.repr(value)} names no code; e.g. XREF,NAME001"
        )
    linted = {code for check in ALL_CHECKS for code in codes_of(check)}
    for prefix in wanted:
        if any(code.startswith(prefix) for code in linted):
            continue
        if any(code.startswith(prefix) for code in codes.BY_CODE):
            why = (
                f"{prefix if len(prefix) <= 30 else reprlib.repr(prefix)} is not a lint "
                "check: loading and model errors are always reported"
            )
        else:
            groups = sorted({code.rstrip("0123456789") for code in BY_CODE})
            why = (
                f"no check has the code or prefix {reprlib.repr(prefix)}; "
                f"the checks: {', '.join(groups)}"
            )
        raise argparse.ArgumentTypeError(f"{option}: {why} (`casebook explain --all`)")
    return wanted


def cmd_explain(args: argparse.Namespace) -> int:
    import difflib

    from compiler import codes
    from compiler.checks import BY_CODE
    from compiler.checks.docs import render_docs

    if args.all and args.code is not None:  # the code was dropped without a word
        print("casebook explain: give a code or --all, not both", file=sys.stderr)
        return EXIT_INPUT
    if args.all:
        sys.stdout.write(render_docs())
        return EXIT_OK
    if not (args.code or "").strip():
        print(
            "casebook explain: name a code (e.g. casebook explain XREF001), "
            "or --all for every code",
            file=sys.stderr,
        )
        return EXIT_INPUT
    wanted = args.code.strip().upper()
    # a code's name, as explain and every finding print it beside the code (proc-binding)
    by_name = {c.NAME.upper(): c.CODE for c in BY_CODE.values()}
    by_name |= {c.name.upper(): c.code for c in codes.CODES}
    wanted = by_name.get(wanted, wanted)
    check = BY_CODE.get(wanted)
    if check is not None:
        print(f"{check.CODE} ({check.NAME}), severity {check.SEVERITY.value}\n")
        print((check.__doc__ or "").split("\n", 1)[1].strip())
        return EXIT_OK
    code = codes.BY_CODE.get(wanted)
    if code is not None:
        print(f"{code.code} ({code.name}), severity {code.severity}, from the {code.stage} stage\n")
        print(f"{code.summary}\n\n{code.body}")
        return EXIT_OK
    known = sorted([*BY_CODE, *codes.BY_CODE])
    stem = wanted.rstrip("0123456789")  # "0" leaves nothing, which every code starts with
    near = [c for c in known if stem and c.startswith(stem)]
    near += [by_name[n] for n in difflib.get_close_matches(wanted, by_name, n=3, cutoff=0.7)]
    print(
        f"casebook explain: unknown code {reprlib.repr(args.code)}; "
        + (f"did you mean {', '.join(near[:8])}? " if near else "")
        + "`casebook explain --all` lists every code",
        file=sys.stderr,
    )
    return EXIT_INPUT


def cmd_new(args: argparse.Namespace) -> int:
    from compiler.scaffold import scaffold

    try:
        written = scaffold(args.rulesets, args.game, args.title)
    except FileExistsError as err:
        print(f"casebook new: {err}", file=sys.stderr)
        return EXIT_INPUT
    except ValueError as err:
        print(f"casebook new: {err}", file=sys.stderr)
        return EXIT_INPUT
    for path in written:
        print(path)
    return EXIT_OK


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="casebook",
        description="Compile tabletop game rules written as YAML into rulebooks and more.",
    )
    verbs = top.add_subparsers(dest="verb", required=True, metavar="COMMAND")

    def common(p: argparse.ArgumentParser, *, games: bool = True) -> None:
        if games:
            p.add_argument(
                "games",
                nargs="*",
                type=game_name,
                metavar="GAME",
                help="game folder names (default: every game)",
            )
        p.add_argument(
            "--rulesets",
            type=path_arg,
            default=RULESETS_DIR,
            metavar="DIR",
            help="folder holding one folder per game (default: %(default)s)",
        )

    p = verbs.add_parser("validate", help="check games against the schemas")
    common(p)
    p.set_defaults(run=cmd_validate)

    p = verbs.add_parser("build", help="write rulebook PDFs and rule exports")
    common(p)
    p.add_argument("--edition", choices=EDITIONS, help="default: both")
    p.add_argument(
        "--lang",
        type=language_list,
        metavar="LANGS",
        help="languages to build, e.g. en or it,en (default: the game's own and every "
        "translation in l10n/)",
    )
    p.add_argument("--paper", choices=PAPERS, help="default: both")
    p.add_argument(
        "--out",
        type=path_arg,
        default=BUILD_DIR,
        metavar="DIR",
        help="output folder (default: %(default)s)",
    )
    p.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print errors only (no file list, notes, summaries or progress)",
    )
    p.set_defaults(run=cmd_build)

    p = verbs.add_parser("export", help="print the rules as plain text or JSON")
    p.add_argument(
        "game",
        nargs="?",
        type=game_name,
        metavar="GAME",
        help="the game to export (may be left out when --rulesets holds only one)",
    )
    common(p, games=False)
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--edition", choices=EDITIONS, default="original")
    p.add_argument(
        "-o", "--output", type=file_arg, metavar="FILE", help="write to FILE instead of stdout"
    )
    p.set_defaults(run=cmd_export)

    p = verbs.add_parser("lint", help="cross-check references, names, counts, maps and entries")
    common(p)
    p.add_argument("--format", choices=("text", "json", "sarif", "github"), default="text")
    p.add_argument("--select", metavar="CODES", help="only these codes or prefixes (XREF,NAME001)")
    p.add_argument("--ignore", metavar="CODES", help="skip these codes or prefixes")
    p.add_argument("--edition", choices=EDITIONS, default="original")
    p.add_argument(
        "--lang",
        type=language_list,
        metavar="LANGS",
        help="languages to lint, e.g. it or en,it (default: the game's own and every catalog)",
    )
    p.add_argument(
        "--show-all",
        action="store_true",
        help="also list findings fixed by errata or suppressed (text, github)",
    )
    p.add_argument(
        "--no-cache",
        action="store_true",
        help="lint every game afresh, not from the results kept for unchanged games",
    )
    p.set_defaults(run=cmd_lint)

    p = verbs.add_parser(
        "ref", help="look up a rule, term, component or card, or words in rules and cards"
    )
    p.add_argument("game", type=game_name, metavar="GAME")
    p.add_argument(
        "query", nargs="+", metavar="QUERY", help="8.6.5, 8.6.9d, a term (AP), a name, or words"
    )
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--edition", choices=EDITIONS, default="living")
    common(p, games=False)
    p.set_defaults(run=cmd_ref)

    p = verbs.add_parser(
        "examples", help="replay the rulebooks' worked examples through the procedures"
    )
    common(p)
    p.add_argument("-v", "--verbose", action="store_true", help="show every step replayed")
    p.set_defaults(run=cmd_examples)

    p = verbs.add_parser("resolve", help="run a procedure step by step from inputs and dice")
    p.add_argument("game", nargs="?", type=game_name, metavar="GAME")
    p.add_argument("procedure", nargs="?", metavar="PROCEDURE", help="omit to list them")
    p.add_argument("inputs", nargs="*", metavar="NAME=VALUE")
    p.add_argument("--dice", metavar="N,N,…", help="the dice rolled, in order")
    p.add_argument(
        "--seed", type=_seed, help="roll the dice from this seed (a whole number, 0 or more)"
    )
    p.add_argument("--kinds", action="store_true", help="list the kinds a procedure can bind")
    common(p, games=False)
    p.set_defaults(run=cmd_resolve)

    p = verbs.add_parser("table", help="print a table, or the row for a roll or a name")
    p.add_argument("game", type=game_name, metavar="GAME")
    p.add_argument("table", nargs="?", metavar="TABLE", help="id or title; omit to list them")
    p.add_argument("key", nargs="*", metavar="ROLL|NAME")
    p.add_argument("--column", help="the column to look the key up in (default: the roll column)")
    common(p, games=False)
    p.set_defaults(run=cmd_table)

    p = verbs.add_parser("l10n", help="translation catalogs: extract, update, import, status")
    steps = p.add_subparsers(dest="step", required=True, metavar="STEP")
    q = steps.add_parser("extract", help="write the game's POT template of every string")
    q.add_argument("game", type=game_name, metavar="GAME")
    q.add_argument(
        "-o",
        "--output",
        type=file_arg,
        metavar="FILE",
        help="default: rulesets/GAME/l10n/GAME.pot",
    )
    common(q, games=False)
    q = steps.add_parser("update", help="merge the current strings into LANG's catalog")
    q.add_argument("game", type=game_name, metavar="GAME")
    q.add_argument("lang", type=language_tag, metavar="LANG")
    common(q, games=False)
    q = steps.add_parser("import", help="bring a translated PO file into LANG's catalog")
    q.add_argument("game", type=game_name, metavar="GAME")
    q.add_argument("lang", type=language_tag, metavar="LANG")
    q.add_argument("file", type=Path, metavar="FILE.po")
    common(q, games=False)
    q = steps.add_parser("status", help="coverage: strings and words translated, fuzzy, …")
    q.add_argument("game", type=game_name, metavar="GAME")
    q.add_argument(
        "lang", nargs="?", type=language_tag, metavar="LANG", help="default: every catalog"
    )
    q.add_argument("--format", choices=("text", "json"), default="text")
    common(q, games=False)
    p.set_defaults(run=cmd_l10n)

    p = verbs.add_parser("explain", help="print what a code means, why, and what to do")
    p.add_argument("code", nargs="?", metavar="CODE")
    p.add_argument("--all", action="store_true", help="every code, as the docs page")
    p.set_defaults(run=cmd_explain)

    p = verbs.add_parser("new", help="start a new game with a minimal valid ruleset")
    p.add_argument("game", metavar="GAME", help="folder name: lower-case letters, digits, -")
    p.add_argument("--title", help="the game's title (default: from GAME)")
    common(p, games=False)
    p.set_defaults(run=cmd_new)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    _tune_gc()
    top = parser()
    args, extra = top.parse_known_args(argv)
    if extra and args.verb == "resolve" and all(x[:1] != "-" for x in extra):
        args.inputs += extra  # NAME=VALUE given after --dice or --seed (or not: it says so)
    elif extra and args.verb == "table" and args.table and not any(x[:1] == "-" for x in extra):
        args.key += extra  # the key given after --column
    elif extra:
        top.error(f"unrecognized arguments: {' '.join(extra)}")
    global _read_only_ran
    _read_only_ran = args.verb in _READ_ONLY
    from compiler import environment

    try:
        environment.check()
    except environment.BadEnvironment as err:
        print(f"casebook: {err}; nothing was done", file=sys.stderr)
        return EXIT_INPUT
    from compiler.limits import held_alarm

    try:
        # held_alarm: every reference search and card template is guarded (limits.py),
        # here and in the worker processes forked from here
        with _collector_off(args.verb in _READ_ONLY), held_alarm():
            return args.run(args)
    except CompileError as err:  # input found wanting where it is used, e.g. a folder
        _report(err.findings)  # standing where an output is written (write.write_all)
        return EXIT_INPUT
    except BrokenPipeError:  # `casebook export … | head`
        return EXIT_OK
    except streams.OutputStreamError as err:  # >&-, >/dev/full
        print(streams.said_why(err), file=sys.stderr)
        _discard_unwritten()
        return EXIT_INPUT
    except UnicodeEncodeError as err:
        if not streams.unwritable(err):
            return _internal_error(err, argv)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("casebook: interrupted; outputs already written are whole", file=sys.stderr)
        return EXIT_INPUT
    except Exception as err:  # a bug: say so in a sentence, keep the trace for the report
        return _internal_error(err, argv)


def _discard_unwritten() -> None:
    """Drop what standard output refused, so the exit's own flush does not try again."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def _tune_gc() -> None:
    """Collect cycles less often: loading makes millions of objects and few cycles.

    With the default threshold (700 allocations) the collector walks the whole
    growing tree of loaded YAML again and again; a big ruleset spent over half
    its front-end time there. (Not gc.freeze(): tests call main() many times
    in one process, and frozen garbage would never be freed.)
    """
    import gc

    gc.set_threshold(50_000, 20, 20)


# Verbs that only read a game and report: they make no cyclic garbage worth collecting.
_READ_ONLY = {"lint", "validate"}
_read_only_ran = False  # main() ran one of them (run() may then skip the teardown)


def run() -> None:
    """The ``casebook`` command: main() with sys.argv, then exit with its status.

    After lint or validate the process ends at once (os._exit), once its
    output is flushed: tearing down an interpreter that holds ReportLab,
    networkx and a linted game took 30 ms of a 0.6 s lint, and those verbs
    leave nothing to finish (their cache entries are written and renamed
    before main() returns, their worker processes already joined).
    """
    streams.guard()
    unknown = streams.unknown_error_handler()
    if unknown is not None:
        print(unknown, file=sys.stderr)
        raise SystemExit(EXIT_INPUT)
    if sys.argv[1:2] != ["export"]:  # an export is the rules verbatim: never altered
        streams.escape_what_the_terminal_cannot_show()
    try:
        status = main(sys.argv[1:])
    except SystemExit as done:  # argparse: --help printed, or a usage error said
        status = done.code if isinstance(done.code, int) else EXIT_INPUT
    # flushed here, where a full or closed standard output is said in a sentence: left to
    # the interpreter's exit, --help >/dev/full printed a traceback and exit 120
    refused = streams.flushed()
    if refused is not None:
        # what stdout would not take stays in its buffer; os._exit, or the interpreter's
        # own last flush fails again and says so in a traceback
        print(streams.said_why(refused), file=sys.stderr)
        sys.stderr.flush()
        os._exit(EXIT_INPUT)
    processes = sys.modules.get("compiler.processes")
    if _read_only_ran or getattr(processes, "torn_down", False):
        # a pool stopped part-way may leave a thread Python would wait for at exit
        os._exit(status)
    raise SystemExit(status)


@contextmanager
def _collector_off(off: bool) -> Iterator[None]:
    """Run a read-only verb without the cycle collector, as mypy and Instagram do.

    Their objects are the loaded game (millions of values, lists and
    dicts, hardly a cycle) and the findings. Each collection walks all of it
    and frees nothing: a quarter of linting a 25,000-rule game. Their peak
    memory is the same with and without it (benchmarks/run.py measures it). A
    build keeps the collector: ReportLab's objects do make cycles, and
    without it a build's memory doubles. Restored after, for callers of main(),
    without a collection of everything the verb made.
    """
    import gc

    was_enabled = gc.isenabled()
    if off:
        gc.disable()
    try:
        yield
    finally:
        if off and was_enabled:
            # Everything made meanwhile counts as new: enabled as it is, the first
            # allocation would collect all of it at once (0.65 s of linting a
            # 12,800-rule game, for nothing). Passed through the permanent generation
            # (two list splices), it lands in the oldest, collected in due course.
            gc.freeze()
            gc.unfreeze()
            gc.enable()


def _shortened(err: Exception) -> str:
    """The error's text for one sentence: a message of megabytes stays in the crash file."""
    text = " ".join(str(err).split())
    return text if len(text) <= 300 else f"{text[:300]}…"


def _internal_error(err: Exception, argv: Sequence[str] | None) -> int:
    """No input may print a traceback; a bug reaching here is reported, not dumped.

    The trace goes to a file the user can attach to a bug report. Exit 2, as
    for any run that did not finish (ruff does the same).
    """
    import tempfile
    import traceback

    with tempfile.NamedTemporaryFile(
        "w",
        prefix="casebook-crash-",
        suffix=".txt",
        delete=False,
        encoding="utf-8",
        errors="backslashreplace",  # an argument of bytes not UTF-8 arrives as surrogates
    ) as log:
        log.write(f"casebook {' '.join(argv if argv is not None else sys.argv[1:])}\n\n")
        traceback.print_exception(err, file=log)
    print(
        f"casebook: internal error ({type(err).__name__}: {_shortened(err)}). This is a bug "
        "in Casebook, not in your files; nothing half-written was left. Please report it "
        f"with the trace saved in {log.name}",
        file=sys.stderr,
    )
    return EXIT_INPUT
