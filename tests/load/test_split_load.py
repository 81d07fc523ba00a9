"""A big game's files read on two cores are the files one core reads, refusals included."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from benchmarks import synthetic
from compiler import processes
from compiler.load import yaml_nodes
from compiler.load.game_files import GameSources, load_game

ROOT = Path(__file__).resolve().parents[2]

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="files are split only on Linux")


def _same(a: GameSources, b: GameSources) -> None:
    assert a.findings == b.findings
    assert [(kind, f.path) for kind, f in a.files] == [(kind, f.path) for kind, f in b.files]
    for (_, x), (_, y) in zip(a.files, b.files, strict=True):
        assert (x.data, x.positions, x.moved, x.lines, x.problems, x.digest) == (
            y.data,
            y.positions,
            y.moved,
            y.lines,
            y.problems,
            y.digest,
        )


@linux_only
def test_a_split_load_reads_what_one_process_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    game_dir = ROOT / "rulesets" / "set-europe-ablaze"
    alone = load_game(game_dir, ROOT)
    monkeypatch.setattr(yaml_nodes, "SPLIT_BYTES", 0)
    split = load_game(game_dir, ROOT, split=True)
    _same(alone, split)
    # the files this process read again come from its cache, the same objects; the
    # child's were made there and sent back
    fresh = [f for (_, f), (_, g) in zip(alone.files, split.files, strict=True) if f is not g]
    assert 0 < len(fresh) < len(split.files)


@linux_only
def test_files_refused_in_either_half_are_refused_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_dir = synthetic.write_ruleset(tmp_path, 3000, seed=5)
    rules = sorted((game_dir / "rules").glob("*.yaml"))
    rules[0].write_text("rules:\n\t- number: 1\n", encoding="utf-8")  # a tab: LOAD001
    (game_dir / "cards.yaml").write_bytes(b"\xff\xfedecks: []")  # UTF-16: LOAD006
    (game_dir / "rules" / "zz-link.yaml").symlink_to("/etc/hostname")  # outside: LOAD011
    alone = load_game(game_dir, tmp_path)
    yaml_nodes._load_cached.cache_clear()
    monkeypatch.setattr(yaml_nodes, "SPLIT_BYTES", 0)
    split = load_game(game_dir, tmp_path, split=True)
    _same(alone, split)
    assert {"LOAD001", "LOAD006", "LOAD011"} <= {f.code for f in split.findings}


def test_a_small_game_or_a_busy_process_reads_on_one_core(monkeypatch: pytest.MonkeyPatch) -> None:
    forks: list[object] = []
    monkeypatch.setattr(processes, "Forked", lambda *a, **k: forks.append(a))
    load_game(ROOT / "rulesets" / "maquis", ROOT, split=True)  # far below SPLIT_BYTES
    monkeypatch.setattr(yaml_nodes, "SPLIT_BYTES", 0)
    monkeypatch.setattr(processes, "can_fork", lambda: False)  # e.g. another thread runs
    load_game(ROOT / "rulesets" / "maquis", ROOT, split=True)
    assert forks == []


def test_halves_hold_about_half_the_bytes_each() -> None:
    sizes = [50, 10, 40, 30, 20, 1]
    theirs = processes.their_share(sizes)
    there = sum(sizes[i] for i in theirs)
    assert theirs == sorted(theirs)
    assert abs(there - (sum(sizes) - there)) <= max(sizes)


def test_a_value_marshal_cannot_write_is_sent_by_pickle() -> None:
    plain = [("file", "rules/a.yaml", {"rules": [1, 2.5, None, True]}, {(): (1, 1)})]
    assert processes.pack(plain)[:1] == b"M"
    assert processes.unpack(processes.pack(plain)) == plain
    odd = [("odd", Path("x"))]  # marshal refuses a Path
    assert processes.pack(odd)[:1] == b"P"
    assert processes.unpack(processes.pack(odd)) == odd


@linux_only
def test_a_helpers_error_is_raised_here_and_an_abandoned_helper_is_reaped() -> None:
    def broken() -> None:
        raise ValueError("the helper's own bug")

    with pytest.raises(ValueError, match="the helper's own bug"):
        processes.Forked(broken).result()
    assert processes.Forked(lambda: os.getpid()).result() != os.getpid()
    slow = processes.Forked(lambda: __import__("time").sleep(60))
    slow.abandon()  # killed and reaped, not left to sleep
    with pytest.raises(ChildProcessError):
        os.waitpid(slow._pid, os.WNOHANG)


@linux_only
def test_a_helper_killed_on_the_way_leaves_its_files_to_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The OOM killer may take the child; the files are read here, and nothing is lost."""
    game_dir = ROOT / "rulesets" / "set-europe-ablaze"
    alone = load_game(game_dir, ROOT)
    monkeypatch.setattr(yaml_nodes, "SPLIT_BYTES", 0)
    monkeypatch.setattr(yaml_nodes, "_portable", lambda *item: os._exit(9))  # child only
    _same(alone, load_game(game_dir, ROOT, split=True))
    with pytest.raises(processes.HelperLost):
        processes.Forked(lambda: os._exit(9)).result()


@linux_only
def test_a_big_answer_comes_whole_and_a_helper_never_started_is_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    big = processes.Forked(lambda: b"x" * 1_000_000, dumps=lambda v: v, loads=bytes)
    assert big.result() == b"x" * 1_000_000  # the whole answer, through memory
    monkeypatch.setattr(processes, "_memory_file", lambda: None)  # none: through the pipe
    big = processes.Forked(lambda: b"y" * 1_000_000, dumps=lambda v: v, loads=bytes)
    assert big.result() == b"y" * 1_000_000  # through a full pipe
    assert processes.Forked(lambda: b"", dumps=lambda v: v, loads=bytes).result() == b""
    monkeypatch.undo()

    def full(fd: int, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(processes, "_write_all", full)  # memory full: through the pipe
    big = processes.Forked(lambda: b"z" * 1_000_000, dumps=lambda v: v, loads=bytes)
    assert big.result() == b"z" * 1_000_000

    def no_fork() -> int:
        raise OSError("Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_fork)
    lost = processes.Forked(lambda: 1)
    with pytest.raises(processes.HelperLost):
        lost.result()
    lost.abandon()  # nothing to stop


@linux_only
def test_files_read_on_two_cores_are_checked_against_the_schemas_where_they_were_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schema errors in either half come back, located, in the files' order, as the
    schema stage finds them on one core."""
    import compiler.validate as validate
    from compiler.pipeline import front_end

    game_dir = synthetic.write_ruleset(tmp_path, 3000, seed=7)
    for path in sorted((game_dir / "rules").glob("*.yaml"))[::2]:  # in both halves
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("level: case", "level: 7", 1), encoding="utf-8")
    alone = front_end(game_dir, tmp_path)
    validate._SEEN.clear()
    yaml_nodes._load_cached.cache_clear()
    monkeypatch.setattr(yaml_nodes, "SPLIT_BYTES", 0)
    checked_where: list[int] = []
    real = validate.schema_findings

    def spy(kind: str, source: object) -> tuple:
        checked_where.append(os.getpid())  # seen here only for this process's files
        return real(kind, source)

    monkeypatch.setattr("compiler.pipeline.schema_findings", spy)
    split = front_end(game_dir, tmp_path, split=True)
    assert split.findings == alone.findings
    assert len({f.location.path for f in split.findings if f.code == "SCHEMA001"}) >= 2
    files = len(load_game(game_dir, tmp_path).files)
    assert 0 < len(checked_where) < files  # the rest were checked in the child


@linux_only
def test_a_handout_gives_each_index_once_between_two_processes() -> None:
    order = list(range(5000))
    handout = processes.Handout(order)
    try:
        child = processes.Forked(lambda: list(iter(handout.take, None)))
        mine = list(iter(handout.take, None))
        theirs = child.result()
    finally:
        handout.close()
    assert sorted(mine + theirs) == order  # each once, none lost
    assert mine == sorted(mine) and theirs == sorted(theirs)  # each in the order given
    assert not processes.Handout.fits(range(processes.Handout.LIMIT + 1))
    with pytest.raises(ValueError):
        processes.Handout(range(processes.Handout.LIMIT + 1))


@linux_only
def test_the_child_reads_the_biggest_file_and_both_read_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Files go out biggest first as each process comes free: the child starts with the
    biggest (its own pick), this process with the next, and what each read is its own."""
    game_dir = synthetic.write_ruleset(tmp_path, 3000, seed=3)
    yaml_nodes._load_cached.cache_clear()
    monkeypatch.setattr(yaml_nodes, "SPLIT_BYTES", 0)
    read_here: list[str] = []
    real = yaml_nodes._load_cached

    def spy(text: str, shown: str) -> yaml_nodes.SourceFile:
        read_here.append(shown)  # in the child too, but its list is its own
        return real(text, shown)

    monkeypatch.setattr(yaml_nodes, "_load_cached", spy)
    split = load_game(game_dir, tmp_path, split=True)
    files = sorted(game_dir.rglob("*.yaml"), key=lambda p: -p.stat().st_size)
    biggest = files[0].relative_to(tmp_path).as_posix()
    assert biggest not in read_here  # read by the child
    assert files[1].relative_to(tmp_path).as_posix() in read_here
    _same(load_game(game_dir, tmp_path), split)


@pytest.mark.parametrize(
    "text",
    ["", "\n", "a: 1\n", "a: 1\n\n\n", "a: 1\r\nb: 2\r\n", "a: |\n  x\n\n  y\n", "# only\n\n"],
)
def test_a_file_sent_back_has_the_lines_it_was_read_with(text: str) -> None:
    """The lines go back joined as one text: none, one empty line, blank lines at the end
    and Windows line ends all come back as they were read."""
    source = yaml_nodes.load_text(text, "f.yaml")
    packed = processes.pack(yaml_nodes._portable(source, ()))
    back, found = yaml_nodes._from_portable(processes.unpack(packed))
    assert isinstance(back, yaml_nodes.SourceFile) and found == ()
    assert back.lines == source.lines == tuple(text.splitlines())
    assert (back.data, back.positions, back.digest) == (
        source.data,
        source.positions,
        source.digest,
    )
