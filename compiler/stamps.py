"""Up-to-date checks: a game whose inputs did not change is not built again.

After a build, ``<out>/.casebook/<game>-<lang>.json`` records a digest of
everything the outputs were made from and the size and mtime of each output.
A later build with the same digest, whose outputs are all still there as
written, has nothing to do. The digest covers:

- every file in the game's folder (content), and in the folder of the game it
  translates, if any;
- the compiler itself: every file under compiler/, schema/ and templates/
  (path, size and mtime: a checkout or an edit changes them; when in doubt
  this rebuilds, never the reverse), the Python version and the versions of
  the dependencies pyproject.toml declares;
- the spelling dictionaries the proof's findings come from;
- the options (editions, papers, language).

Only light modules are imported here: a no-op build must not pay for
ReportLab.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
from functools import cache
from pathlib import Path, PurePosixPath

from compiler import environment
from compiler.cache import read_entry
from compiler.diagnostics import CompileError
from compiler.paths import MAX_FILE_BYTES, PROJECT_ROOT, is_dir

STAMP_DIR = ".casebook"


def _tree_content(folder: Path, digest: hashlib._Hash) -> None:
    """Every entry's name, and each file's bytes: a new folder or link counts as a change.

    An entry that cannot be read counts by its error: the stage that needs the
    file says where and why (LOAD009), and a file no stage reads (a note the
    editor keeps there) stops nothing. A file larger than any file Casebook
    reads (a scan of the source kept beside the game) counts by its size and
    time, as make compares files: read whole, one bigger than memory ended
    lint and build as an internal error (MemoryError), and hashed, a 2 GB
    file cost every lint 6 s.
    """
    try:
        entries = sorted(folder.rglob("*"))
    except OSError as err:  # a folder that cannot be listed
        digest.update(f"unlistable:{err.errno}\0".encode())
        return
    for path in entries:
        # the name's own bytes: a name that is not UTF-8 (a byte from another system)
        # holds surrogates here, which str.encode() refused (found by a probe)
        digest.update(os.fsencode(path.relative_to(folder).as_posix()) + b"\0")
        try:
            if path.is_symlink():
                digest.update(b"link:" + os.fsencode(os.readlink(path)) + b"\0")
            if path.is_file():
                size = path.stat().st_size
                if size > MAX_FILE_BYTES:
                    digest.update(f"big:{size}:{path.stat().st_mtime_ns}\0".encode())
                else:
                    digest.update(path.read_bytes())
            digest.update(b"/\0" if path.is_dir() else b"\0")
        except OSError as err:
            digest.update(f"unreadable:{err.errno}\0".encode())


def _tree_stat(folder: Path, digest: hashlib._Hash) -> None:
    """Each file's path, size and time. os.walk, pruned at __pycache__: listing and
    testing every bytecode file only to skip it was most of this, on every lint and build."""
    lines = []
    for top, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            path = os.path.join(top, name)
            try:
                st = os.stat(path)
            except OSError:
                continue  # a broken link: no file to build from
            rel = Path(path).relative_to(folder).as_posix()
            lines.append(f"{rel}:{st.st_size}:{st.st_mtime_ns}\n")
    for line in sorted(lines):
        digest.update(line.encode())


_DIST_INFO = re.compile(r"(?P<name>[^-]+)-(?P<version>[^-]+)\.dist-info")


def _normal(name: str) -> str:
    """A project's name as packaging compares it (PEP 503): PyYAML, pyyaml and py_yaml agree."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _installed() -> dict[str, tuple[str, str]]:
    """Each installed project's version and dist-info folder, by normalised name, the
    first on sys.path winning as it does for import.

    What importlib.metadata answers, read from the folder names alone: importing
    it (and the email parser it reads METADATA with) took 20 ms of every lint,
    before any game was read. A project it would find some other way (an
    .egg-info) is not here, and _versions asks importlib.metadata after all.
    """
    found: dict[str, tuple[str, str]] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:  # a zip, a missing folder
            continue
        for name in names:
            if (m := _DIST_INFO.fullmatch(name)) is not None:
                found.setdefault(_normal(m["name"]), (m["version"], os.path.join(entry, name)))
    return found


def _project(requirement: str) -> str:
    """The project a requirement names: "PyYAML>=6" and "jinja2 (>=3)" name PyYAML, jinja2."""
    return re.split(r"[\s<>=!~;\[(]", requirement.strip(), maxsplit=1)[0]


def _requires(metadata_text: str) -> list[str]:
    """The projects a METADATA file's Requires-Dist lines name, less the extras' ones."""
    heads = metadata_text.split("\n\n", 1)[0]  # the body (the README) may quote anything
    return sorted(
        _project(line.split(":", 1)[1])
        for line in heads.splitlines()
        if line.startswith("Requires-Dist:") and "extra ==" not in line
    )


def _versions() -> list[str]:
    """``name=version`` of each dependency pyproject.toml declares (not the test
    extras), as installed; none when Casebook runs from a source tree not installed."""
    installed = _installed()
    own = installed.get("casebook")
    if own is None:
        return _versions_from_metadata()
    try:
        with open(os.path.join(own[1], "METADATA"), encoding="utf-8") as handle:
            names = _requires(handle.read())
    except OSError:
        return _versions_from_metadata()
    if any(_normal(name) not in installed for name in names):
        return _versions_from_metadata()
    return [f"{name}={installed[_normal(name)][0]}" for name in names]


def _versions_from_metadata() -> list[str]:
    """_versions the slow, sure way: importlib.metadata."""
    from importlib import metadata

    try:
        requires = metadata.requires("casebook") or []
    except metadata.PackageNotFoundError:  # run from a source tree not installed
        return []
    names = sorted(_project(r) for r in requires if "extra ==" not in r)
    out = []
    for name in names:
        try:
            out.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            out.append(f"{name}=-")
    return out


@cache
def toolchain_digest() -> str:
    """The compiler, its assets and the libraries it draws with, as one digest."""
    digest = hashlib.blake2b(digest_size=16)
    for name in ("compiler", "schema", "templates"):
        _tree_stat(PROJECT_ROOT / name, digest)
    digest.update(sys.version.encode())
    for version in _versions():
        digest.update(f"{version}\n".encode())
    # the dictionaries the proofs' spelling checks read: wherever they are looked for
    from compiler.l10n.spelling import dictionary_dirs

    for folder in dictionary_dirs():
        digest.update(f"dictionaries:{folder}\n".encode())
        if is_dir(folder):  # a name too long to look at: skipped
            _tree_stat(folder, digest)
    return digest.hexdigest()


def input_digest(game_dir: Path, options: dict[str, object]) -> str:
    """Everything one (game, language) build is made from, as one digest."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(toolchain_digest().encode())
    digest.update(json.dumps(options, sort_keys=True).encode())
    # the PDFs' CreationDate: a build for another date is another build
    digest.update(os.environ.get(environment.EPOCH, "").encode())
    _tree_content(game_dir, digest)
    # A translation is built from its original, and that original may itself translate
    # another: each game of the chain counts, read as the build reads it (a pattern over
    # the text missed a quoted key and every game past the first).
    seen = {game_dir.name}
    here = game_dir
    while (original := _translation_of(here)) is not None and original not in seen:
        seen.add(original)
        here = game_dir.parent / original
        if not here.is_dir():
            break  # loading the game says MODEL011
        _tree_content(here, digest)
    return digest.hexdigest()


def _translation_of(game_dir: Path) -> str | None:
    """The folder name game.yaml's ``translation_of`` gives, read with the loader; None
    when there is none, or game.yaml cannot be read (loading the game says why)."""
    from compiler.load.yaml_nodes import load_file

    try:
        data = load_file(game_dir / "game.yaml", game_dir).data
    except CompileError:
        return None
    found = data.get("translation_of") if isinstance(data, dict) else None
    if not isinstance(found, str) or not found or "/" in found or found in (".", ".."):
        return None
    return found


_STAMP_BYTES = 64 * 2**20  # a stamp lists a kit's files: kilobytes, megabytes for a huge game


def stamp_path(out: Path, game: str, lang: str) -> Path:
    return out / STAMP_DIR / f"{game}-{lang}.json"


def current_outputs(out: Path, game: str, lang: str, digest: str) -> list[str] | None:
    """The outputs of the last build if it had this digest and they are untouched."""
    data = read_entry(stamp_path(out, game, lang), limit=_STAMP_BYTES)
    try:
        stamp = json.loads(data) if data is not None else None
    except (ValueError, RecursionError):  # damaged, or [[[[… nested past the stack
        return None
    if not isinstance(stamp, dict) or stamp.get("digest") != digest:
        return None
    files = stamp.get("files")
    if not isinstance(files, dict):
        return None
    for rel, seen in files.items():
        # a stamp edited or damaged by hand is "not up to date", never a crash or a
        # path outside the output folder
        parts = PurePosixPath(rel).parts
        if PurePosixPath(rel).is_absolute() or ".." in parts or not isinstance(seen, list):
            return None
        try:
            st = (out / rel).stat()
        except (OSError, ValueError):  # ValueError: a NUL in the name
            return None
        if [st.st_size, st.st_mtime_ns] != seen:
            return None
    return sorted(files)


def record(out: Path, game: str, lang: str, digest: str, written: list[str]) -> None:
    """Say what this build made from what (written after the outputs, atomically)."""
    files = {}
    for rel in written:
        st = (out / rel).stat()
        files[rel] = (st.st_size, st.st_mtime_ns)
    path = stamp_path(out, game, lang)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps({"digest": digest, "files": files}, indent=1), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        # the outputs are written and whole; without its stamp the game is only
        # rebuilt next time (a folder where the stamp goes, a full disk)
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
