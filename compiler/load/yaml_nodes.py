"""Read one YAML file into plain data plus the place of every value.

``yaml.safe_load`` forgets positions, lets a repeated key overwrite the first
silently, expands aliases and turns ``no`` into ``False``. Composing the node
tree ourselves turns each of those into a located finding instead, and keeps
the place of every value, in a tree that mirrors the data, from which any JSON
path is placed at ``file:line:col`` (the schema stage places its errors so).
"""

from __future__ import annotations

import hashlib
import itertools
import marshal
import math
import pickle
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from compiler import paths
from compiler.diagnostics import CompileError, Finding, Location, Severity

JsonPath = tuple[str | int, ...]

# libyaml when PyYAML was built with it (the wheels are): about 15 times faster.
_FastLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Composer(_FastLoader):  # type: ignore[misc, valid-type]
    """The safe loader, with its tag resolution remembered per value.

    libyaml composes in C but asks Python for every node's tag: which of
    YAML 1.1's implicit patterns (int, bool, null…) a plain scalar matches.
    The safe loader has no path resolvers, so the answer depends on the
    node's kind and, for a plain scalar, its text alone: a quoted scalar is
    text, a list a list, a map a map. A game writes the same plain values
    (``level: case``) thousands of times; asking the patterns once each was a
    fifth of composing a big game. The memo lives as long as one file's loader.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._tags: dict[str, str] = {}

    def resolve(self, kind: type, value: object, implicit: tuple[bool, bool]) -> str:
        if kind is yaml.ScalarNode:
            if not implicit[0]:
                return self.DEFAULT_SCALAR_TAG  # quoted (or !-tagged): text
            tag = self._tags.get(value)  # type: ignore[arg-type]
            if tag is None:
                tag = self._tags[value] = super().resolve(kind, value, implicit)  # type: ignore[index]
            return tag
        return self.DEFAULT_SEQUENCE_TAG if kind is yaml.SequenceNode else self.DEFAULT_MAPPING_TAG

    def descend_resolver(self, current_node: object, current_index: object) -> None:
        pass  # no path resolvers: nothing to track

    def ascend_resolver(self) -> None:
        pass


# YAML 1.1 booleans that are almost always a typo for a word ("no", "on").
_AMBIGUOUS_BOOLS = {"yes", "no", "on", "off", "y", "n"}
_STR_TAG = "tag:yaml.org,2002:str"
_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_KNOWN_TAGS = {*_SCALAR_TAGS, "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}
# The tags each kind of node may carry: "!!map [1]" or "!!int {a: 1}" says one thing
# and holds another, so it is refused rather than read one way or the other.
_TAGS_OF = {
    yaml.ScalarNode: _SCALAR_TAGS,
    yaml.SequenceNode: {"tag:yaml.org,2002:seq"},
    yaml.MappingNode: {"tag:yaml.org,2002:map"},
}
_KIND_NAMES = {yaml.ScalarNode: "a value", yaml.SequenceNode: "a list", yaml.MappingNode: "a map"}
_NULLS = {"", "~", "null", "Null", "NULL"}
# Whole numbers beyond 2^53 lose digits in the JSON and HTML outputs' JavaScript
# readers, and no count, size or value in a game is that big.
MAX_INTEGER = 2**53
_INTEGER_DIGITS = 20  # longer decimals are out of range: left to the constructor's checks


Place = tuple  # (line, column), or (line, column, {key: Place}) / (line, column, [Place])
"""Where a value sits, as a tree that mirrors the data: a scalar's place is its line and
column; a map's or a list's adds its children's places, by key or by index. A tree, not a
table keyed by whole paths: a big game has millions of values, and making, hashing and
keeping a path tuple for each was two fifths of reading the YAML and a quarter of its
memory."""


@dataclass(frozen=True)
class SourceFile:
    """One loaded YAML file: its data, where each value sits, and what was refused."""

    path: str
    data: object
    positions: Place | None  # None: an empty file
    lines: tuple[str, ...]
    problems: tuple[Finding, ...] = ()
    digest: str = ""  # of the text: the same file read twice is validated once
    moved: Mapping[JsonPath, Location] = field(default_factory=dict)
    """Values now placed elsewhere: a translated text, at its catalog entry (l10n)."""

    def locate(self, at: JsonPath) -> Location:
        """The place of ``at``, or of its nearest ancestor (for a missing key)."""
        found = self._place(at)
        return found if isinstance(found, Location) else Location(self.path, *found)

    def line_of(self, at: JsonPath) -> int:
        """The line of ``at`` (or of its nearest ancestor), with no Location made: a big
        game's unit extraction asks it of every text."""
        found = self._place(at)
        return found.line if isinstance(found, Location) else found[0]

    def has(self, at: JsonPath) -> bool:
        """Whether the file holds a value at ``at`` itself (not only an ancestor)."""
        return self._deepest(at)[1] == len(at)

    def _place(self, at: JsonPath) -> Location | tuple[int, int]:
        place, depth = self._deepest(at)
        if place is None:
            return (1, 1)
        if self.moved:
            moved = self.moved.get(at if depth == len(at) else at[:depth])
            if moved is not None:
                return moved
        return place[:2]

    def _deepest(self, at: JsonPath) -> tuple[Place | None, int]:
        """The place of the longest part of ``at`` the file holds, and that part's length."""
        place = self.positions
        if place is None:
            return None, 0
        depth = 0
        for step in at:
            try:  # a scalar has no children; a map has no such key, a list no such index
                child = place[2][step]
            except (IndexError, KeyError, TypeError):
                break
            if type(step) is int and step < 0:
                break  # counted from the end: not a path the file holds
            place = child
            depth += 1
        return place, depth

    def locate_key(self, at: JsonPath) -> Location:
        """The place of the key ``at[-1]`` as written (``valeu`` in ``valeu: 3``), for a
        finding about the key itself; the value's place when the key cannot be read.

        Only values' places are kept (a key's would double the table for the odd
        finding), so the key is read back from the text: the key token before its
        value, in the text from the start of its mapping.
        """
        value = self.locate(at)
        if not at or not isinstance(at[-1], str) or not self.has(at):
            return value
        first = self.locate(at[:-1]).line
        if value.path != self.path or first > value.line:
            return value  # a translated value, placed in its catalog
        # The text from the mapping's start to the value's, scanned for tokens: the key is
        # the scalar before the last ':', however written (quoted, after an anchor, '? key'),
        # never a word in a comment or in a block scalar above it.
        mapping = self.locate(at[:-1])
        lines = list(self.lines[first - 1 : value.line])
        if not lines or len(self.lines) < value.line:
            return value
        lines[-1] = lines[-1][: value.column - 1]
        lines[0] = " " * (mapping.column - 1) + lines[0][mapping.column - 1 :]
        key = None
        pending = None
        try:
            for token in yaml.scan("\n".join(lines), Loader=_FastLoader):
                if isinstance(token, yaml.KeyToken):
                    pending = None
                elif isinstance(token, yaml.ScalarToken) and pending is None:
                    pending = token
                elif isinstance(token, yaml.ValueToken):
                    key, pending = pending, None
        except yaml.YAMLError:
            return value
        if key is not None and key.value == at[-1]:
            mark = key.start_mark
            return Location(self.path, first + mark.line, mark.column + 1, value.context)
        return value


def _loc(mark: yaml.Mark | None, path: str) -> Location:
    if mark is None:
        return Location(path, 1, 1)
    return Location(path, mark.line + 1, mark.column + 1)


# A ruleset file is prose and lists a person edits; past these it is a mistake or an attack.
MAX_BYTES = paths.MAX_FILE_BYTES
MAX_DEPTH = 100
# Unicode's bidirectional embeddings, overrides and isolates: invisible, they reorder how the
# text around them is shown (the "Trojan Source" characters, which compilers flag too)
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
# C0 and C1 controls (but tab and line breaks), which quoted YAML can still spell as escapes,
# and the bidirectional controls, which a paste can carry in unseen
CONTROL = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f{BIDI_CONTROLS}]")


def control_named(char: str) -> str:
    """A refused character as a message names it, with why no output may hold it."""
    if char in BIDI_CONTROLS:
        return (
            f"the bidirectional control U+{ord(char):04X} ({unicodedata.name(char)}), which "
            "reorders how the text around it is shown: readers would not see the words "
            "the file holds"
        )
    return (
        f"the control character U+{ord(char):04X}, which no output can print "
        "(it would vanish or show as a box)"
    )


def _refusal(code: str, message: str, where: Location, suggestion: str) -> CompileError:
    return CompileError([Finding(code, Severity.ERROR, message, where, suggestion=suggestion)])


def _at_offset(text: str, offset: int, path: str) -> Location:
    """The line and column of character ``offset`` (for errors that give only an offset)."""
    line = text.count("\n", 0, offset) + 1
    return Location(path, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


def _depth_bound(text: str, lines: list[str]) -> int:
    """An upper bound of the nesting depth, cheap enough to take on every file.

    Flow nesting needs a bracket per level; block nesting needs a column of
    indent (or a "- " / "? " indicator) per level. Only a file whose bound
    passes MAX_DEPTH is walked event by event to find the real depth.
    """
    flow = text.count("[") + text.count("{")
    block = max((len(line) - len(line.lstrip(" -?:")) for line in lines), default=0)
    return flow + block


def _odd_break(text: str) -> int:
    """Where the first U+0085, U+2028 or U+2029 stands, or -1 (str.find, not a regex:
    a text without them is read through in a tenth of the time)."""
    found = [i for c in "\x85\u2028\u2029" if (i := text.find(c)) >= 0]
    return min(found, default=-1)


def _too_deep(text: str, path: str) -> Location | None:
    """Where nesting first passes MAX_DEPTH, found without recursion.

    The C parser is fast, but libyaml 0.2.6 (PyYAML 6.0.4's wheels) scans
    flow brackets ahead of the events it hands out and stops at its own limit
    of 1000 levels before we see level 101; the pure-Python parser, lazy token
    by token, then finds the place this check promises.
    """
    try:
        return _first_too_deep(yaml.parse(text, Loader=_FastLoader), path)
    except yaml.scanner.ScannerError as err:
        if "nesting depth" not in (err.problem or ""):
            raise
    return _first_too_deep(yaml.parse(text, Loader=yaml.SafeLoader), path)


def _first_too_deep(events: Iterator[yaml.Event], path: str) -> Location | None:
    """The start of the first collection more than MAX_DEPTH levels in."""
    depth = 0
    for event in events:
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                return _loc(event.start_mark, path)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return None


def _syntax_error(text: str, path: str, err: yaml.YAMLError) -> CompileError:
    """LOAD001 at the place the YAML breaks, worded by the pure-Python parser.

    The C parser finds the error fast; the Python one says it better ("found
    character '\\t' that cannot start any token"), so it re-reads only a
    broken file.
    """
    try:
        yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as better:
        err = better
    except (yaml.YAMLError, RecursionError):
        pass
    if isinstance(err, yaml.reader.ReaderError):
        char = chr(err.character) if isinstance(err.character, int) else str(err.character)
        return _refusal(
            "LOAD001",
            f"YAML syntax error: character U+{ord(char):04X} is not allowed in YAML text",
            _at_offset(text, err.position, path),
            "delete the character (it is invisible in most editors): no output can print it",
        )
    if not isinstance(err, yaml.MarkedYAMLError):
        return _refusal("LOAD001", f"YAML syntax error: {err}", Location(path, 1, 1), "fix it")
    where = _loc(err.problem_mark or err.context_mark, path)
    problem = err.problem or "invalid YAML"
    context = f" ({err.context})" if err.context else ""
    started = _loc(err.context_mark, path) if err.context_mark else None
    lines = text.splitlines()
    line = lines[where.line - 1] if where.line <= len(lines) else ""
    hint = "fix the YAML at this line; check indentation, quotes and colons"
    if "\t" in line:
        hint = "YAML indents with spaces only: replace the tab at this line with spaces"
    return CompileError(
        [
            Finding(
                "LOAD001",
                Severity.ERROR,
                f"YAML syntax error: {problem}{context}",
                where,
                suggestion=hint,
                related=(started,) if started and started != where else (),
            )
        ]
    )


def load_text(text: str, path: str) -> SourceFile:
    """Compose ``text`` (the file at ``path``) into a SourceFile.

    A syntax error, or nesting deeper than MAX_DEPTH, raises CompileError
    (LOAD001): nothing further can be read from that file. Every other refusal
    is collected so one run shows all.
    """
    text = text.removeprefix("\ufeff")  # a UTF-8 byte-order mark is harmless; drop it
    odd = _odd_break(text)
    if odd >= 0:
        # YAML counts these as line breaks and most editors do not: every place
        # after one would be a line off. Refused where the editor shows it.
        raise _refusal(
            "LOAD001",
            f"unusual line terminator U+{ord(text[odd]):04X} in the text",
            _at_offset(text, odd, path),
            "delete it (editors show it as nothing or as a line break YAML does not "
            "expect), or write it as an escape inside double quotes",
        )
    lines = text.splitlines()  # once: for the depth bound and the SourceFile
    if _depth_bound(text, lines) > MAX_DEPTH:
        try:
            deep = _too_deep(text, path)
        except yaml.YAMLError as err:
            raise _syntax_error(text, path, err) from None
        if deep is not None:
            raise _refusal(
                "LOAD001",
                f"YAML nested more than {MAX_DEPTH} levels deep",
                deep,
                "no ruleset needs this depth; flatten the lists or maps",
            )
    try:
        node = yaml.compose(text, Loader=_Composer)
    except yaml.YAMLError as err:
        raise _syntax_error(text, path, err) from None
    walker = _Walker(path, text)
    try:
        data, places = (None, None) if node is None else walker.build(node)
    finally:
        walker.close()
    if walker.shared:
        walker.problems.extend(_alias_findings(text, path))
    digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
    return SourceFile(path, data, places, tuple(lines), tuple(walker.problems), digest)


def load_file(file: Path, root: Path) -> SourceFile:
    """Load ``file``, naming it relative to ``root`` in every location."""
    shown = paths.shown(file, root)
    at = Location(shown, 1, 1)
    try:
        if not file.is_file():
            raise _refusal(
                "LOAD009",
                "expected a YAML file here, found a folder or a special file",
                at,
                "move it away, or rename it so its name does not end in .yaml",
            )
        size = file.stat().st_size
        if size > MAX_BYTES:
            raise _refusal(
                "LOAD010",
                f"file is {size / 2**20:.0f} MB; Casebook reads files up to "
                f"{MAX_BYTES // 2**20} MB",
                at,
                "split it into a folder of smaller files (e.g. rules/*.yaml, tables/*.yaml)",
            )
        raw = file.read_bytes()
    except OSError as err:
        raise _refusal(
            "LOAD009", f"cannot read the file: {err.strerror}", at, "check it is readable"
        ) from None
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or _utf16_unmarked(raw):
        raise _refusal("LOAD006", "file is UTF-16 text", at, "save the file as UTF-8")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        column = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        raise _refusal(
            "LOAD006",
            f"file is not UTF-8 text (byte 0x{raw[err.start]:02X} at offset {err.start})",
            Location(shown, line, column),
            "save the file as UTF-8; it looks like Latin-1 or Windows-1252 text",
        ) from None
    return _load_cached(text, shown)


def _utf16_unmarked(raw: bytes) -> bool:
    """UTF-16 without its byte-order mark: a NUL beside each letter of YAML's ASCII
    keys. Read as UTF-8 it was "U+0000 is not allowed", and the help, to delete an
    invisible character, was no help (found by a probe)."""
    head = raw[:512]
    if len(head) < 8 or b"\0" not in head:
        return False
    first, second = head[0::2], head[1::2]
    return any(
        zeros.count(0) >= 0.9 * len(zeros) and not letters.count(0)
        for zeros, letters in ((second, first), (first, second))
    )


SPLIT_BYTES = 8 * 2**20
"""From this many bytes of YAML, a game's files may be read on two cores (load_files)."""


FileCheck = Callable[[int, SourceFile], tuple[Finding, ...]]
"""What a later stage asks of each loaded file (its index, the file), answered where the
file was read: on a split load, in the process that composed it."""


def load_files(
    files: list[Path], root: Path, split: bool = False, check: FileCheck | None = None
) -> list[tuple[SourceFile | tuple[Finding, ...], tuple[Finding, ...]]]:
    """Each file loaded, or the findings that refused it, in order, with what ``check``
    found in it (nothing when there is no check or no file).

    With ``split``, a game of SPLIT_BYTES or more is read on two cores: this
    process and a forked child (compiler/processes.py) take the files one at a
    time, biggest first, as each comes free (a Handout), so the two end
    together however unevenly the files cost: a paragraph book takes twice the
    time of the same bytes of rules. The child takes the biggest first.
    Composing YAML is a third of linting a 100,000-rule game, and one core
    would do it while the other idles. The child packs each file as soon as it
    has read it (marshal: values, places, lines), so the packing is part of
    its share, and this process unpacks them in a fifth of the time they took
    to compose. The child also runs ``check`` on its files (the schema stage):
    on the files it made itself it pays no copy-on-write faults, as it would
    on the parent's.
    """
    from compiler import processes

    def one(i: int) -> tuple[SourceFile | tuple[Finding, ...], tuple[Finding, ...]]:
        outcome = _load_or_refusal(files[i], root)
        found = check(i, outcome) if check and isinstance(outcome, SourceFile) else ()
        return outcome, found

    sizes = [_size(file) for file in files]
    order = sorted(range(len(files)), key=lambda i: -sizes[i])
    if (
        not split
        or sum(sizes) < SPLIT_BYTES
        or len(files) < 2
        or not processes.Handout.fits(order)
        or not processes.can_fork()
    ):
        return [one(i) for i in range(len(files))]
    first, *rest = order
    handout = processes.Handout(rest)

    def mine() -> dict[int, tuple[SourceFile | tuple[Finding, ...], tuple[Finding, ...]]]:
        return {i: one(i) for i in iter(handout.take, None)}

    def theirs() -> list[tuple[int, bytes]]:
        taken = itertools.chain((first,), iter(handout.take, None))
        return [(i, processes.pack(_portable(*one(i)))) for i in taken]

    def unpacked(
        data: bytes,
    ) -> dict[int, tuple[SourceFile | tuple[Finding, ...], tuple[Finding, ...]]]:
        return {i: _from_portable(processes.unpack(item)) for i, item in marshal.loads(data)}

    try:
        done, (sent,) = processes.alongside(
            mine,
            [theirs],
            dumps=marshal.dumps,
            loads=unpacked,
            here=lambda _: {},  # the child was lost: what it took is read below
        )
    finally:
        handout.close()
    out = {**done, **sent}
    return [out[i] if i in out else one(i) for i in range(len(files))]


def _size(file: Path) -> int:
    try:
        return file.stat().st_size
    except OSError:
        return 0  # load_file says why


def _load_or_refusal(file: Path, root: Path) -> SourceFile | tuple[Finding, ...]:
    try:
        return load_file(file, root)
    except CompileError as err:
        return tuple(err.findings)


def _portable(
    outcome: SourceFile | tuple[Finding, ...], found: tuple[Finding, ...]
) -> tuple[object, ...]:
    """A loaded file as marshal writes it: plain values, and its findings pickled.

    The lines go as one text joined by line feeds (no line holds one), with their
    count: a million short strings took marshal three times as long to read back
    here as splitting one text does."""
    if isinstance(outcome, tuple):
        return ("refused", pickle.dumps(outcome))
    return (
        "file",
        outcome.path,
        outcome.data,
        outcome.positions,
        "\n".join(outcome.lines),
        len(outcome.lines),
        pickle.dumps((outcome.problems, found)),
        outcome.digest,
    )


def _from_portable(
    item: tuple,
) -> tuple[SourceFile | tuple[Finding, ...], tuple[Finding, ...]]:
    if item[0] == "refused":
        return pickle.loads(item[1]), ()
    _, path, data, positions, text, count, findings, digest = item
    lines = tuple(text.split("\n")) if count else ()  # "" is one empty line, or none
    problems, found = pickle.loads(findings)
    return SourceFile(path, data, positions, lines, problems, digest), found


@lru_cache(maxsize=1024)
def _load_cached(text: str, shown: str) -> SourceFile:
    """One composition per distinct text: lint and build read a game several times.

    The cached SourceFile is shared; every later stage copies before changing
    data (the l10n stage deep-copies what it substitutes).
    """
    return load_text(text, shown)


def _alias_findings(text: str, path: str) -> list[Finding]:
    """Aliases (*name) at the place they are written; compose() loses that place.

    Scanning costs a pass over the file, so it runs only when the walk met a
    node twice (which only an alias makes).
    """
    aliases = (t for t in yaml.scan(text, Loader=_FastLoader) if isinstance(t, yaml.AliasToken))
    found = [
        Finding(
            "LOAD003",
            Severity.ERROR,
            f"YAML alias *{token.value} is not allowed",
            _loc(token.start_mark, path),
            suggestion="write the value out in full where it is used",
        )
        for token in itertools.islice(aliases, MAX_ALIASES_SAID + 1)
    ]
    if len(found) > MAX_ALIASES_SAID:  # a million aliases were a million findings: 83 s, 4.5 GB
        last = found.pop()
        found.append(
            Finding(
                "LOAD003",
                Severity.ERROR,
                f"and more: the file has more than {MAX_ALIASES_SAID} aliases, and only the "
                f"first {MAX_ALIASES_SAID} are said",
                last.location,
                suggestion="write each value out in full, then load the file again",
            )
        )
    return found


MAX_ALIASES_SAID = 50


_UNKNOWN = object()
_TAG_NAMES = {
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true or false",
    "tag:yaml.org,2002:null": "null",
    "tag:yaml.org,2002:str": "text",
}


def _short(tag: str) -> str:
    """``!!int`` for ``tag:yaml.org,2002:int``, as the user wrote it."""
    return "!!" + tag.removeprefix("tag:yaml.org,2002:")


def _quoted(text: str, limit: int = 40) -> str:
    """The scalar as a message quotes it: a 5000-digit number is cut, not pasted whole."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _tag_refusal(node: yaml.Node) -> tuple[str, str]:
    """(message, suggestion) for a node whose tag Casebook does not read as written."""
    if node.tag == "tag:yaml.org,2002:timestamp" and isinstance(node, yaml.ScalarNode):
        return (
            f"{_quoted(node.value)} would be read as a date (YAML !!timestamp), "
            "which Casebook does not read",
            f'quote it ("{node.value}") to keep it as text',
        )
    remove = "remove the tag; write plain YAML values"
    if node.tag in _KNOWN_TAGS:
        return f"YAML tag {_short(node.tag)} cannot mark {_KIND_NAMES[type(node)]}", remove
    return f"YAML tag {node.tag!r} is not allowed", remove


_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_BOOLS = {"yes": True, "no": False, "true": True, "false": False, "on": True, "off": False}


def _plain_value(node: yaml.ScalarNode) -> object:
    """The common scalars without PyYAML's general constructor (a third of a big load).

    Decimal integers, booleans and nulls as YAML 1.1 reads them; anything else
    (floats, 0x1F, 1_000, 1:30) is _UNKNOWN and goes to the constructor.
    """
    tag, value = node.tag, node.value
    if (
        tag == "tag:yaml.org,2002:int"
        and len(value) <= _INTEGER_DIGITS
        and _DECIMAL.fullmatch(value)
    ):
        return int(value)
    if tag == "tag:yaml.org,2002:bool":
        return _BOOLS.get(value.lower(), _UNKNOWN)
    if tag == "tag:yaml.org,2002:null" and value in _NULLS:
        return None
    return _UNKNOWN


# An anchor (&name) is the only way to make an alias; a file without one needs no alias watch.
_ANCHOR = re.compile(r"&[^\s,\[\]{}]")
_ScalarNode = yaml.ScalarNode


class _Walker:
    """Walks one composed node tree; one per file, so aliases are caught by identity.

    A big game is a million nodes, most of them plain text in a list or map,
    so those leaves are read in the loop that meets them, without a call per
    node; every other node goes through ``build``. Two whole-file tests let
    the leaves skip work that cannot find anything: without an anchor there is
    no alias to watch for, and without a backslash or a control character in
    the text no value can hold a control character.
    """

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.problems: list[Finding] = []
        self._seen: set[int] = set()
        self.shared = False  # a node met twice: an alias, found again by _alias_findings
        self._constructor = yaml.SafeLoader("")
        self._watch_aliases = _ANCHOR.search(text) is not None
        self._check_controls = "\\" in text or CONTROL.search(text) is not None
        self._quick = not self._watch_aliases and not self._check_controls

    def close(self) -> None:
        self._constructor.dispose()

    def refuse(self, code: str, message: str, where: Location, **extra: object) -> None:
        self.problems.append(Finding(code, Severity.ERROR, message, where, **extra))

    def here(self, node: yaml.Node) -> Location:
        return _loc(node.start_mark, self.path)

    def build(self, node: yaml.Node) -> tuple[object, Place]:
        """The node's value and its place, its children's places within it.

        Plain (line, column) pairs: a Location for each of a big game's million
        values costs more than the walk; SourceFile.locate makes one when asked.
        """
        mark = node.start_mark
        line, column = mark.line + 1, mark.column + 1
        if self._watch_aliases:
            if id(node) in self._seen:
                self.shared = True
                if not isinstance(node, yaml.ScalarNode):
                    return None, (line, column)  # an alias: reported by _alias_findings
            self._seen.add(id(node))
        if node.tag not in _TAGS_OF[type(node)]:
            message, suggestion = _tag_refusal(node)
            self.refuse("LOAD004", message, self.here(node), suggestion=suggestion)
            return None, (line, column)
        if isinstance(node, yaml.MappingNode):
            mapping, places = self._mapping(node)
            return mapping, (line, column, places)
        if isinstance(node, yaml.SequenceNode):
            items, at = self._sequence(node)
            return items, (line, column, at)
        return self._scalar(node), (line, column)

    def _too_big(self, node: yaml.ScalarNode) -> None:
        self.refuse(
            "LOAD013",
            f"{_quoted(node.value)} is too big a number: Casebook reads whole numbers "
            f"up to {MAX_INTEGER:,}",
            self.here(node),
            suggestion="write the number the game prints; if it is text, quote it",
        )

    def _constructed(self, node: yaml.ScalarNode) -> object:
        """PyYAML's reading of a scalar it tagged, or _UNKNOWN (refused) when the text
        is not what its tag says: ``!!int Maquis``, ``!!bool maybe``, ``!!null x``."""
        tag, text = node.tag, node.value
        if tag != "tag:yaml.org,2002:null" or text in _NULLS:
            try:
                return self._constructor.construct_object(node, deep=True)
            except (ValueError, KeyError, TypeError, OverflowError, yaml.YAMLError):
                if tag == "tag:yaml.org,2002:int" and _DECIMAL.fullmatch(text.replace("_", "")):
                    self._too_big(node)  # int() reads 4300 digits at most
                    return _UNKNOWN
        self.refuse(
            "LOAD004",
            f"{_quoted(text)} is not {_TAG_NAMES[tag]}, as its tag {_short(tag)} says",
            self.here(node),
            suggestion=f"remove the tag {_short(tag)}, or write {_TAG_NAMES[tag]}",
        )
        return _UNKNOWN

    def _sequence(self, node: yaml.SequenceNode) -> tuple[list[object], list[Place]]:
        out: list[object] = []
        places: list[Place] = []
        quick = self._quick
        for item in node.value:
            if quick and type(item) is _ScalarNode and item.tag == _STR_TAG:
                mark = item.start_mark
                places.append((mark.line + 1, mark.column + 1))
                out.append(item.value)
            else:
                value, place = self.build(item)
                out.append(value)
                places.append(place)
        return out, places

    def _mapping(self, node: yaml.MappingNode) -> tuple[dict[str, object], dict[str, Place]]:
        result: dict[str, object] = {}
        places: dict[str, Place] = {}
        first_seen: dict[str, yaml.Node] = {}
        quick = self._quick
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.refuse(
                    "LOAD003",
                    "merge keys (<<) are not allowed",
                    self.here(key_node),
                    suggestion="write the keys out in full",
                )
                continue
            if type(key_node) is not _ScalarNode:
                self.refuse("LOAD004", "mapping keys must be plain text", self.here(key_node))
                continue
            key = str(key_node.value)
            if not quick and (bad := CONTROL.search(key)):  # a row's or card's keys are data
                self._control(bad, key_node, "key")
            if key in first_seen:
                self.refuse(
                    "LOAD002",
                    f"duplicate key {key!r}: the second value would silently replace the first",
                    self.here(key_node),
                    suggestion="remove or rename one of the two keys",
                    related=(self.here(first_seen[key]),),
                )
                continue
            first_seen[key] = key_node
            if quick and type(value_node) is _ScalarNode and value_node.tag == _STR_TAG:
                mark = value_node.start_mark
                places[key] = (mark.line + 1, mark.column + 1)
                result[key] = value_node.value
            else:
                result[key], places[key] = self.build(value_node)
        return result, places

    def _control(self, bad: re.Match[str], node: yaml.Node, what: str) -> None:
        """LOAD012 for the first control character of a text or a key."""
        self.refuse(
            "LOAD012",
            f"{what} holds {control_named(bad.group())}",
            self.here(node),
            suggestion="remove it; an escape may spell a printable character, \\n or \\t"
            if bad.group() not in BIDI_CONTROLS
            else "remove it; it comes in unseen with pasted text",
        )

    def _scalar(self, node: yaml.ScalarNode) -> object:
        if node.tag == _STR_TAG:
            if bad := CONTROL.search(node.value):
                self._control(bad, node, "text")
            return node.value
        value = _plain_value(node)
        if value is _UNKNOWN:
            value = self._constructed(node)
            if value is _UNKNOWN:
                return None
        if (
            node.tag == "tag:yaml.org,2002:bool"
            and not node.style  # plain: None (Python parser) or "" (libyaml)
            and node.value.lower() in _AMBIGUOUS_BOOLS
        ):
            self.refuse(
                "LOAD005",
                f"{_quoted(node.value)} would be read as the boolean {value}",
                self.here(node),
                suggestion=f'write true/false, or quote it ("{node.value}") if it is text',
            )
        if type(value) is int and not -MAX_INTEGER <= value <= MAX_INTEGER:
            self._too_big(node)
            return None
        if isinstance(value, float) and not math.isfinite(value):
            self.refuse(
                "LOAD013",
                f"{_quoted(node.value)} is not a finite number",
                self.here(node),
                suggestion="write a number; no size, count or value in a ruleset is infinite",
            )
            return None
        return value
