"""`casebook build`: every output of every (game, language, edition), over all cores.

One job is one part of one game in one language: an edition's book
(rulebook, text, JSON, HTML), or the kit (cards, counters, aids, forms, quick
reference, proof), made from the last edition. Jobs are independent, so they
run in worker processes, longest first, and each hands back its outputs as bytes; the
parent writes them (compiler/write.py: atomic, only what changed) in job
order, so messages and files are the same whatever finishes first. A job
whose inputs did not change since the last build (compiler/stamps.py) is not
run at all. Writing holds a lock on the output folder, so two builds at once
take turns instead of interleaving their files.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from compiler import paths, processes, stamps
from compiler.diagnostics import CompileError, Finding, Location, Severity
from compiler.processes import game_size, workers
from compiler.progress import Ticker
from compiler.write import (
    Output,
    cannot_write,
    clear_stale,
    make_folder,
    not_a_file,
    write_all,
)

BOOK, KIT = "book", "kit"


@dataclass(frozen=True)
class Job:
    """One part of a game in one language (``lang`` None: the language it is written in):
    an edition's book (rulebook, text, JSON, HTML), or the kit, made from ``edition``.

    The book and the kit are jobs of their own, so one big game keeps both
    cores busy: each reads the game, then the rulebook is set on one core
    while the card sheets are on the other.
    """

    game_dir: Path
    root: Path
    lang: str | None
    own_lang: str
    edition: str
    papers: tuple[str, ...]
    part: str  # BOOK or KIT
    first: bool  # the first language of its game says the notes about content
    progress: bool = False

    @property
    def name(self) -> str:
        """What the user reads: a game and language; the editions are reported together."""
        return self.game_dir.name + (f" ({self.lang})" if self.lang else "")

    @property
    def stamp(self) -> str:
        return f"{self.lang or self.own_lang}-{self.edition if self.part == BOOK else KIT}"

    def options(self) -> dict[str, object]:
        return {
            "edition": self.edition,
            "papers": self.papers,
            "lang": self.lang or self.own_lang,
            "part": self.part,
        }


@dataclass
class Result:
    """What one job made, or why it made nothing."""

    job: Job
    outputs: list[Output] = field(default_factory=list)
    errors: tuple[Finding, ...] = ()
    notes: list[str] = field(default_factory=list)
    up_to_date: list[str] | None = None  # the outputs' paths, when nothing was rebuilt
    changed: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.errors


def run_job(job: Job) -> Result:
    """Build every output of one job in memory; nothing is written here."""
    from compiler.backends import (
        aids,
        cards,
        counters,
        export,
        forms,
        html,
        proof,
        quickref,
        rulebook,
    )
    from compiler.checks import run_checks
    from compiler.lint import placed
    from compiler.model.game import forget_flattened
    from compiler.pipeline import front_end

    start = time.perf_counter()
    result = Result(job)
    say = _progress(job)
    try:
        edition, papers = job.edition, job.papers
        say(f"reading the {edition} edition")
        fe = front_end(job.game_dir, job.root, edition, job.lang)
        if fe.game is None or fe.graphs is None:
            raise CompileError([f for f in fe.findings if f.severity is Severity.ERROR])
        game, graphs = fe.game, fe.graphs
        if job.part == BOOK:
            for paper in papers:
                step = f"rulebook, {edition} edition, {paper}"
                say(step)
                tick = Ticker(say, step)
                result.outputs += rulebook.build(game, graphs, rulebook.Options(paper), tick)
            say(f"text, JSON and HTML, {edition} edition")
            base = f"{game.id}/{game.language}/rules-{edition}"
            result.outputs.append(Output(base + ".txt", export.to_text(game).encode()))
            result.outputs.append(Output(base + ".json", export.to_json(game, graphs).encode()))
            result.outputs += html.build(game, graphs, edition)
        else:
            say("card sheets")
            result.outputs += cards.build(game, cards.Options(papers), Ticker(say, "card sheets"))
            say("counter sheets")
            result.outputs += counters.build(game, counters.Options(papers))
            say("player aids, forms and mats")
            result.outputs += aids.build(game, papers)
            result.outputs += forms.build(game, papers)
            say("quick reference")
            result.outputs += quickref.build(game, graphs, papers)
            result.notes = cards.notes(game) + counters.notes(game) if job.first else []
            result.notes += aids.notes(game, papers)  # a translation's words are its own
            result.notes += direction_notes(game, graphs)
            if job.lang is not None:
                say("translation proof")
                # what `casebook lint --lang` reports: placed, suppressions applied
                findings = placed(run_checks(game, graphs), fe)
                result.outputs += proof.build(game, findings, papers)
                result.notes += translation_notes(game)
    except CompileError as err:
        result.outputs, result.errors = [], err.findings
    finally:
        forget_flattened()  # a worker runs job after job: keep no game's rules past its own
    result.seconds = time.perf_counter() - start
    return result


def _progress(job: Job) -> Callable[[str], None]:
    """A line per step on the terminal ("maquis (en) · card sheets"), else nothing."""
    if not job.progress:
        return lambda _step: None

    def say(step: str) -> None:
        # one write per line: the workers share the terminal, and a short write stays whole
        sys.stderr.write(f"  {job.name} · {step}\n")
        sys.stderr.flush()

    return say


def direction_notes(game, graphs) -> list[str]:
    """Say once per language that the PDFs print its right-to-left text backwards
    (L10N013): the fonts draw the letters, so nothing else would."""
    from compiler.checks import l10n_direction

    return [
        f"{game.id} ({game.language}): {f.message}; {f.suggestion}"
        for f in l10n_direction.check(game, graphs)
    ]


def translation_notes(game) -> list[str]:
    """Say once what prints in the source language, and where to see why."""
    from compiler.model.l10n import FUZZY, OUTDATED, UNTRANSLATED

    l10n = game.l10n
    behind = {
        s: n for s, (n, _) in l10n.counts().items() if s in (UNTRANSLATED, FUZZY, OUTDATED) and n
    }
    if not behind:
        return []
    listed = ", ".join(f"{n} {s}" for s, n in behind.items())
    return [
        f"{game.id} ({l10n.lang}): {listed} string(s) print in {l10n.source_lang}; "
        f"`casebook l10n status {l10n.command_name or game.id} {l10n.lang}` and the proof "
        "PDF show which"
    ]


Group = tuple[str, str]  # (game folder, language): built whole or not at all


def _group(job: Job) -> Group:
    return (job.game_dir.name, job.lang or job.own_lang)


def run(jobs: list[Job], out: Path, done: Callable[[list[Result]], None]) -> list[Result]:
    """Run the jobs that are not up to date; write and report each game-language whole.

    A game in a language is written only when all its jobs succeeded (an
    erratum that fails the living edition keeps the original's files from
    changing too). ``done(results)`` is called once per game and language, in
    the order of ``jobs``, as soon as it and those before it are finished, so
    the user sees results while later jobs run.
    """
    digests = [stamps.input_digest(job.game_dir, job.options()) for job in jobs]
    results: list[Result | None] = [None] * len(jobs)
    pending = []
    for i, (job, digest) in enumerate(zip(jobs, digests, strict=True)):
        current = stamps.current_outputs(out, job.game_dir.name, job.stamp, digest)
        if current is not None:
            results[i] = Result(job, up_to_date=current)
        else:
            pending.append(i)
    groups: dict[Group, list[int]] = {}
    for i, job in enumerate(jobs):
        groups.setdefault(_group(job), []).append(i)
    order = list(groups)
    reported = 0

    def settle() -> None:
        """Write and report every finished group whose turn has come."""
        nonlocal reported
        while reported < len(order):
            members = groups[order[reported]]
            if any(results[i] is None for i in members):
                return
            finished = [r for i in members if (r := results[i]) is not None]
            if all(r.ok for r in finished):
                _write(finished, [digests[i] for i in members], out)
            done(finished)
            reported += 1

    # longest first: the kit-heavy and translated games set the wall-clock time
    weights = {i: _weight(jobs[i]) for i in pending}
    pending.sort(key=lambda i: -weights[i])
    settle()
    # a very big game's jobs, side by side, can need more memory than is free
    each = processes.job_memory(max(weights.values(), default=0))
    count = workers(len(pending), each)
    if count < workers(len(pending)):
        _progress(jobs[pending[0]])(
            f"{count} job(s) at a time: each may need {each / 2**30:.1f} GB, more than "
            "is free for more (CASEBOOK_JOBS=N to choose)"
        )
    if count <= 1:
        for i in pending:
            results[i] = run_job(jobs[i])
            settle()
    else:
        lost: list[int] = []
        with processes.pool(count) as executor:
            futures = {executor.submit(run_job, jobs[i]): i for i in pending}
            for future in as_completed(futures):
                try:
                    results[futures[future]] = future.result()
                except BrokenProcessPool:  # a worker was killed: every job not done fails so,
                    lost.append(futures[future])  # the ones still queued too
                    continue
                settle()
        for i in sorted(lost, key=pending.index):
            _progress(jobs[i])("a worker was killed; made again, alone")
            results[i] = _alone(jobs[i])
            settle()
    return [r for r in results if r is not None]


def _alone(job: Job) -> Result:
    """``job`` again in a worker of its own, after a worker died under it.

    What kills a worker is nearly always the system running out of memory
    (Linux's out-of-memory killer): a big game's rulebook and kit set side by
    side need twice the memory of either. Alone, the job has the machine's
    memory to itself. If its worker dies again, the job fails with OUT002 and
    the other games are still written. A broken pool fails the jobs still
    queued as well, so the rest of the build runs one job at a time: slower,
    and safe from a second kill.
    """
    try:
        with processes.pool(1) as executor:
            return executor.submit(run_job, job).result()
    except BrokenProcessPool:
        part = f"the {job.edition} edition's book" if job.part == BOOK else "the kit"
        return Result(
            job,
            errors=(
                Finding(
                    "OUT002",
                    Severity.ERROR,
                    f"{job.name}: the process making {part} stopped before it finished, "
                    "with no other job beside it: it was killed, most likely because "
                    "memory ran out",
                    Location(paths.shown(job.game_dir / "game.yaml", job.root), 1, 1),
                    suggestion="free some memory (close other programs) and build again, "
                    "or build one paper or edition at a time (--paper a4 --edition original)",
                ),
            ),
        )


def _write(finished: list[Result], digests: list[str], out: Path) -> None:
    """Write one group's new outputs and stamps, holding the output folder's lock."""
    with _locked(out):
        clear_stale(out)
        built = [r for r in finished if r.up_to_date is None]
        changed = write_all([o for r in built for o in r.outputs], out)
        changed_set = {p.resolve() for p in changed}
        for result, digest in zip(finished, digests, strict=True):
            if result.up_to_date is not None:
                continue
            result.changed = sum((out / o.path).resolve() in changed_set for o in result.outputs)
            stamps.record(
                out,
                result.job.game_dir.name,
                result.job.stamp,
                digest,
                [o.path for o in result.outputs],
            )


def _weight(job: Job) -> int:
    """A game's size: the jobs of the biggest games set the wall-clock time and go first."""
    return game_size(job.game_dir)


@contextmanager
def _locked(out: Path) -> Iterator[None]:
    """Hold an exclusive lock on the output folder while writing (POSIX; elsewhere a no-op)."""
    lock = out / stamps.STAMP_DIR / "lock"
    make_folder(out)
    make_folder(lock.parent, "build stamp folder")
    try:
        import fcntl
    except ImportError:  # Windows: os.replace keeps each file whole all the same
        yield
        return
    try:
        # O_NONBLOCK: a named pipe where the lock goes would block the open for ever
        fd = os.open(lock, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, 0o666)
    except IsADirectoryError:  # a folder where the lock goes: said as for any output
        raise CompileError([not_a_file(lock, "build lock file")]) from None
    except OSError as err:
        if err.errno == errno.ENXIO:  # a named pipe nobody reads
            raise CompileError([not_a_file(lock, "build lock file")]) from None
        raise CompileError([cannot_write(lock, err, "build lock file")]) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # a pipe someone reads, a device
        os.close(fd)
        raise CompileError([not_a_file(lock, "build lock file")])
    with os.fdopen(fd, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
