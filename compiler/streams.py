"""The command's standard streams: what it cannot write is said, not a crash.

Standard output may be closed (``>&-``), a full disk (``>/dev/full``), a pipe
whose reader left, or an encoding narrower than the rules' text (ASCII,
cp1252). Each of these ended a run as "internal error … a bug in Casebook".
Here standard output is rewrapped so a write it refuses raises
``OutputStreamError``, which the command reports in a sentence and exits 2,
and characters it cannot encode are escaped or reported (``unwritable``).
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import sys


class OutputStreamError(OSError):
    """Standard output refused a write (closed, full, an I/O error): the user's to mend."""


class _Stdout(io.FileIO):
    """Standard output's file descriptor, telling its own failures from any other file's."""

    def write(self, data) -> int:  # type: ignore[no-untyped-def]
        try:
            return super().write(data)
        except BrokenPipeError:  # `casebook … | head`: the reader went away, not an error
            raise
        except OSError as err:
            raise OutputStreamError(err.errno, err.strerror) from None


class _Stderr(io.FileIO):
    """Standard error's file descriptor, dropping what it cannot take (a full disk):
    there is nowhere left to say so, and a failed message must not become a crash
    report and exit status 1, which lint gives for findings (found by a probe)."""

    def write(self, data) -> int:  # type: ignore[no-untyped-def]
        try:
            return super().write(data)
        except OSError:
            return len(data)


class _Closed(io.RawIOBase):
    """Standard output when the command was started without one (``>&-``)."""

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:  # type: ignore[no-untyped-def]
        raise OutputStreamError(errno.EBADF, "it is closed")


def guard() -> None:
    """Rewrap standard output so its failures are ``OutputStreamError``; give a closed
    standard error somewhere harmless to go.

    A closed stdout is never reopened by number: the first file the command
    opens takes descriptor 1, and output would land in it.
    """
    if sys.stderr is None:  # 2>&-: nowhere to say anything; the exit status still tells
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives as long as we do)
    elif isinstance(sys.stderr, io.TextIOWrapper):
        with contextlib.suppress(OSError, ValueError):
            err = sys.stderr
            sys.stderr = io.TextIOWrapper(
                io.BufferedWriter(_Stderr(err.fileno(), "w", closefd=False)),
                encoding=err.encoding,
                errors=err.errors,
                line_buffering=True,
                write_through=True,
            )
    old = sys.stdout
    if old is None:
        raw: io.RawIOBase = _Closed()
        encoding, errors, line_buffering, write_through = "utf-8", "strict", False, False
    elif isinstance(old, io.TextIOWrapper):
        try:
            raw = _Stdout(old.fileno(), "w", closefd=False)
        except (OSError, ValueError):
            return
        encoding, errors = old.encoding, old.errors
        line_buffering, write_through = old.line_buffering, old.write_through  # a tty, -u
    else:  # already replaced (a test harness): leave it
        return
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(raw),
        encoding=encoding,
        errors=errors,
        line_buffering=line_buffering,
        write_through=write_through,
    )


def said_why(err: OutputStreamError) -> str:
    """The message for a standard output that refused a write."""
    if err.errno == errno.EBADF:
        return (
            "casebook: cannot write to standard output: it is closed; "
            "redirect it to a file or to /dev/null instead"
        )
    reason = (err.strerror or str(err)).lower()
    hint = "free some space, or " if err.errno in (errno.ENOSPC, errno.EDQUOT) else ""
    return f"casebook: cannot write to standard output: {reason}; {hint}redirect it elsewhere"


def flushed() -> OutputStreamError | None:
    """Flush both streams before the command exits; the failure, if standard output
    refused (a reader that left is no failure)."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _reader_left()
    except OutputStreamError as err:
        return err
    with contextlib.suppress(OSError):  # nowhere left to say anything
        sys.stderr.flush()
    return None


def _reader_left() -> None:
    """Send what is still buffered for a reader that left (``| head``) to /dev/null.

    Python's own last flush at exit would meet the broken pipe again, print
    "Exception ignored" and exit 120; its documentation advises this instead.
    """
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def escape_what_the_terminal_cannot_show() -> None:
    """Write a character the output's encoding lacks as a JSON escape (\\u00ab), not
    fail on it.

    Standard output takes the locale's encoding: ASCII under some CI runners
    and old terminals, cp1252 when Windows redirects it to a file. Rule text
    is Italian and French, with quotes and dashes beyond those; the first one
    ended lint as an "internal error". A JSON escape keeps the JSON and SARIF
    reports valid JSON (each such character stands inside a string there) and
    a message readable. Standard error escapes as Python does already.

    Not for ``export``, whose text is the rules as written: there a character
    the encoding lacks is an error saying to write a file (``unwritable``).
    Nor when PYTHONIOENCODING names its own way (``ascii:replace``).
    """
    codecs.register_error("casebook-escape", _json_escape)
    if ":" in os.environ.get("PYTHONIOENCODING", ""):
        return
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="casebook-escape")


def unknown_error_handler() -> str | None:
    """The message when PYTHONIOENCODING names an error handler Python does not know
    (``utf-8:bogus``): Python starts without checking, and the first write fails."""
    errors = getattr(sys.stdout, "errors", None)
    if not errors:
        return None
    try:
        codecs.lookup_error(errors)
    except LookupError:
        return (
            f"casebook: PYTHONIOENCODING names the error handler {errors!r}, which Python "
            "does not know; use strict, replace or backslashreplace (e.g. utf-8:replace), "
            "or unset it"
        )
    return None


def unwritable(err: UnicodeEncodeError) -> bool:
    """Say so when standard output's encoding cannot write a character of the rules
    (``export`` under an ASCII or cp1252 locale); False for any other encoding error."""
    encoding = getattr(sys.stdout, "encoding", None)
    if encoding is None or not _same_codec(encoding, err.encoding):
        return False
    char = err.object[err.start : err.start + 1]
    if "\ud800" <= char <= "\udfff":  # a byte a file name held, not a character: no codec
        return False  # writes it, and the advice below would be wrong (paths.printable)
    print(
        f"casebook: standard output's encoding ({encoding}) cannot write {char!r} "
        f"(U+{ord(char):04X}) of the rules' text; write them to a file with -o FILE "
        "(UTF-8), or set PYTHONIOENCODING=utf-8",
        file=sys.stderr,
    )
    return True


def _same_codec(encoding: str, failed: str) -> bool:
    """Whether an error from codec ``failed`` came from ``encoding``.

    Single-byte code pages (cp1252, cp437, koi8-r …) all report themselves as
    "charmap", a name no codec answers to.
    """
    try:
        ours = codecs.lookup(encoding)
    except LookupError:
        return False
    if failed == "charmap":
        return ours.name not in {"utf-8", "utf-16", "utf-32", "ascii", "latin-1", "iso8859-1"}
    try:
        return ours == codecs.lookup(failed)
    except LookupError:
        return False


def _json_escape(err: UnicodeError) -> tuple[str, int]:
    """The characters ``err`` could not encode, as JSON writes them: \\uXXXX, a pair of
    surrogates for those beyond the first 65,536."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    out = []
    for char in err.object[err.start : err.end]:
        code = ord(char)
        if code > 0xFFFF:
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out), err.end
