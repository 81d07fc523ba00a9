"""Find and load every YAML file of one game folder, each tagged with its kind.

The kind of a file is fixed by its place: ``game.yaml``, ``rules/*.yaml``,
``components.yaml`` and so on. A file we do not know is reported rather than
ignored, so a misspelt ``componets.yaml`` does not vanish silently.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.load.yaml_nodes import SourceFile, load_file, load_files
from compiler.paths import LANGUAGE_TAG, resolved, shown

# file name (or folder/) -> kind; the kind names the schema file.
SINGLE_FILES = {
    "game.yaml": "game",
    "components.yaml": "components",
    "glossary.yaml": "glossary",
    "errata.yaml": "errata",
    "examples.yaml": "examples",
    "setup.yaml": "setup",
    "tables.yaml": "tables",
    "cards.yaml": "cards",
    "maps.yaml": "maps",
    "parameters.yaml": "parameters",
    "layouts.yaml": "layouts",
    "counters.yaml": "counters",
    "procedures.yaml": "procedures",
    "termbase.yaml": "termbase",
}
FOLDERS = {"rules": "rules", "books": "entries"}
L10N_DIR = "l10n"  # translation catalogs: l10n/<lang>.po


@dataclass(frozen=True)
class GameSources:
    """All files of one game, in a stable order, with the findings met loading them."""

    game_dir: Path
    files: tuple[tuple[str, SourceFile], ...]  # (kind, file)
    findings: tuple[Finding, ...]
    # what load_game's ``check`` found in each file, in the order of ``files``; empty
    # when it was given none
    checked: tuple[tuple[Finding, ...], ...] = ()

    def of_kind(self, kind: str) -> list[SourceFile]:
        return [f for k, f in self.files if k == kind]


def discover(game_dir: Path) -> list[tuple[str, Path]]:
    """Every known YAML file in ``game_dir`` with its kind, sorted by path.

    Any kind but game.yaml may also be split into a folder of the same name
    (``tables/*.yaml`` beside or instead of ``tables.yaml``): a big game is
    easier to edit, and to divide between people, one part per file.
    """
    found: list[tuple[str, Path]] = []
    for name, kind in SINGLE_FILES.items():
        # a broken link, a folder or a pipe named cards.yaml: loading it says so (LOAD011,
        # LOAD009); left out, the game built without its cards, over the last build's outputs
        if (game_dir / name).exists() or (game_dir / name).is_symlink():
            found.append((kind, game_dir / name))
        if kind != "game":
            found.extend((kind, p) for p in sorted((game_dir / name[:-5]).glob("*.yaml")))
    for folder, kind in FOLDERS.items():
        for path in sorted((game_dir / folder).glob("*.yaml")):
            found.append((kind, path))
    return sorted(found, key=lambda item: item[1].as_posix())


def _files_named_as_folders(game_dir: Path, root: Path) -> list[Finding]:
    """A file where a folder of YAML files belongs (rules, l10n, tables…): its files
    were looked for inside it, none was found, and the game lost its rules without a
    word of its own (found by a probe)."""
    names = [*FOLDERS, L10N_DIR, *(n[:-5] for n in SINGLE_FILES if n != "game.yaml")]
    return [
        Finding(
            "LOAD009",
            Severity.ERROR,
            f"expected a folder here ({name}/), found a file",
            Location(shown(game_dir / name, root), 1, 1),
            suggestion=f"make {name} a folder of "
            + ("LANG.po catalogs" if name == L10N_DIR else f"YAML files ({name}/*.yaml)")
            + ", or move the file away",
        )
        for name in names
        if (game_dir / name).exists() and not (game_dir / name).is_dir()
    ]


def unknown_files(game_dir: Path) -> list[Path]:
    known = {path for _, path in discover(game_dir)}
    candidates = list(game_dir.glob("*.yaml")) + list(game_dir.glob("*.yml"))
    for folder in [*FOLDERS, *(n[:-5] for n in SINGLE_FILES)]:
        candidates += list((game_dir / folder).glob("*.yml"))
    return sorted(p for p in candidates if p not in known)


def load_game(
    game_dir: Path,
    root: Path,
    split: bool = False,
    check: Callable[[str, SourceFile], tuple[Finding, ...]] | None = None,
) -> GameSources:
    """Load every file; a syntax error in one file does not hide the others' errors.

    ``split``: this process has the machine to itself, and a big game's files
    may be read on two cores (load_files). ``check(kind, file)`` runs on each
    file where it was read (the schema stage's check), its answers kept in
    ``checked``.
    """
    findings: list[Finding] = []
    files: list[tuple[str, SourceFile]] = []
    if not (game_dir / "game.yaml").is_file():
        findings.append(
            Finding(
                "LOAD007",
                Severity.ERROR,
                f"{game_dir.name}: no game.yaml in this folder",
                Location(shown(game_dir / "game.yaml", root), 1, 1),
                suggestion="every game folder needs a game.yaml (id, title, language, source, "
                "numbering); `casebook new GAME --rulesets /tmp` writes one to copy",
            )
        )
    findings += _files_named_as_folders(game_dir, root)
    inside = game_dir.resolve()
    # each file's place in the list: the findings of a link refused, or the file to load
    slots: list[tuple[str, Path, list[Finding] | None]] = []
    for kind, path in discover(game_dir):
        target = resolved(path)
        if target is None or (path.is_symlink() and not target.exists()):
            slots.append((kind, path, [link_to_nothing(path, target, shown(path, root))]))
        elif not target.is_relative_to(inside):
            slots.append((kind, path, [linked_from_outside(path.name, target, shown(path, root))]))
        else:
            slots.append((kind, path, None))
    readable = [(kind, path) for kind, path, refused in slots if refused is None]

    def by_index(i: int, source: SourceFile) -> tuple[Finding, ...]:
        assert check is not None
        return check(readable[i][0], source)

    paths = [path for _, path in readable]
    loaded = iter(load_files(paths, root, split, by_index if check else None))
    checked: list[tuple[Finding, ...]] = []
    for kind, _, refused in slots:
        if refused is not None:
            findings.extend(refused)
            continue
        outcome, found = next(loaded)
        if isinstance(outcome, SourceFile):
            files.append((kind, outcome))
            checked.append(found)
            findings.extend(outcome.problems)
        else:
            findings.extend(outcome)
    for path in unknown_files(game_dir):
        findings.append(
            Finding(
                "LOAD008",
                Severity.WARNING,
                f"{path.name} is not a file kind Casebook reads; it is ignored",
                Location(shown(path, root), 1, 1),
                suggestion="known files: "
                + ", ".join(sorted(SINGLE_FILES))
                + ", rules/*.yaml, books/*.yaml",
            )
        )
    return GameSources(game_dir, tuple(files), tuple(findings), tuple(checked) if check else ())


def languages(game_dir: Path) -> list[str]:
    """The game's own language first, then every language it has a catalog for.

    Read cheaply (game.yaml alone and a folder listing): the build decides
    from it what to build before anything heavy is imported.
    """
    own = ""
    try:
        data = load_file(game_dir / "game.yaml", game_dir).data
        own = str(data.get("language", "")) if isinstance(data, dict) else ""
    except CompileError:
        pass
    catalogs = catalog_languages(game_dir)
    return [own] + [lang for lang in catalogs if lang != own]


def link_to_nothing(path: Path, target: Path | None, shown: str) -> Finding:
    """LOAD011: a game's file (a YAML file, a catalog) is a link that leads to no file;
    ``target`` is where it leads, None when it loops back on itself."""
    return Finding(
        "LOAD011",
        Severity.ERROR,
        f"{path.name} is a link that leads to no file "
        + ("(it loops back on itself)" if target is None else f"({target})"),
        Location(shown, 1, 1),
        suggestion="replace the link with the file itself",
    )


def linked_from_outside(name: str, target: Path, shown: str, also: str = "") -> Finding:
    """LOAD011: a game's file (a YAML file, a catalog) is a link out of its folder. A
    ruleset reads only its own folder, and the build's change stamp reads only that."""
    return Finding(
        "LOAD011",
        Severity.ERROR,
        f"{name} is a link to {target}, outside the game's folder",
        Location(shown, 1, 1),
        suggestion="a ruleset reads only its own folder: copy the file in instead of "
        f"linking to it{also}",
    )


def same_ids(game_dirs: list[Path], root: Path) -> list[Finding]:
    """MODEL013 for each game whose game.yaml ``id`` an earlier game of the list has.

    A build writes a game's files under its id: two games of one id (a copied
    folder not yet renamed) overwrote each other's outputs, each build undoing
    the other's, and one said "up to date" over the other's files. Read
    cheaply, as ``languages`` reads; a game.yaml that cannot be read is left to
    the build to report.
    """
    first: dict[str, Location] = {}
    folders: dict[Path, Path] = {}  # where each game folder leads: a link is the same game
    out = []
    for game_dir in game_dirs:
        real = resolved(game_dir) or game_dir
        if real in folders:
            where = game_dir.absolute()
            named = (
                where.relative_to(root.absolute())
                if where.is_relative_to(root.absolute())
                else where
            )
            out.append(
                Finding(
                    "MODEL013",
                    Severity.ERROR,
                    f"the game folder {game_dir.name} is a link to {folders[real].name}: the "
                    "same game twice, which would be built into one folder over itself",
                    Location(named.as_posix(), 1, 1),
                    suggestion=f"remove the link {game_dir.name}, or copy the game and give "
                    "the copy its own id",
                )
            )
            continue
        folders[real] = game_dir
        try:
            source = load_file(game_dir / "game.yaml", root)
        except CompileError:
            continue
        data = source.data
        game_id = data.get("id") if isinstance(data, dict) else None
        if not isinstance(game_id, str):
            continue
        at = source.locate(("id",))
        if game_id in first:
            out.append(
                Finding(
                    "MODEL013",
                    Severity.ERROR,
                    f"game id {game_id!r} is also the id of {first[game_id].path}: both games "
                    f"would be built into the same folder, {game_id}/, over each other",
                    at,
                    suggestion="give each game its own id: its folder's name",
                    related=(first[game_id],),
                )
            )
        else:
            first[game_id] = at
    return out


def catalog_languages(game_dir: Path) -> list[str]:
    """The languages of the catalogs in the game's l10n/ folder, sorted.

    Only a file named for a language tag is a catalog: a stem of ".." made an
    output folder outside the game's, and "EN" or "en_US" a folder no
    command could name (lint says so of such a file: L10N100).
    """
    stems = (p.stem for p in (game_dir / L10N_DIR).glob("*.po"))
    return sorted(stem for stem in stems if LANGUAGE_TAG.fullmatch(stem))


def misnamed_catalogs(game_dir: Path) -> list[Path]:
    """The .po files in l10n/ whose names are not language tags (not read as catalogs)."""
    return sorted(
        p for p in (game_dir / L10N_DIR).glob("*.po") if not LANGUAGE_TAG.fullmatch(p.stem)
    )
