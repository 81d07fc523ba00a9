"""What Casebook reads from its environment, read one way for every verb.

``SOURCE_DATE_EPOCH`` dates what a build writes (the PDFs' CreationDate, a new
catalog's PO-Revision-Date); ``CASEBOOK_JOBS`` chooses how many processes a
build or lint uses. A value that cannot mean what it names is refused once, by
name, before anything runs: read in each place, ``build`` crashed on a date
``l10n update`` refused, and a superscript digit passed ``str.isdigit`` to
crash ``int()``.
"""

from __future__ import annotations

import datetime
import os

EPOCH = "SOURCE_DATE_EPOCH"
JOBS = "CASEBOOK_JOBS"
_MUST_BE = (
    "it must be a whole number of seconds since 1970-01-01 00:00 UTC, as `date +%s` prints "
    "(reproducible-builds.org/specs/source-date-epoch)"
)
_MOST_DIGITS = 12  # seconds: past the year 9999 already; int() of 4,300 digits is refused


class BadEnvironment(ValueError):
    """A variable set to what it cannot mean: the one-line refusal, naming it."""


def source_date() -> datetime.datetime | None:
    """The date SOURCE_DATE_EPOCH gives, or None when it is unset or empty.

    Its value is "the number of seconds since 1970-01-01 00:00:00 UTC, as an
    ASCII integer" (reproducible-builds.org/specs/source-date-epoch): " 12",
    "1_2", "١٢", "-1" and "1.5", which int() or ReportLab take or crash on, are not.
    """
    epoch = os.environ.get(EPOCH)
    if not epoch:
        return None
    if not (epoch.isascii() and epoch.isdigit()):
        raise BadEnvironment(f"{EPOCH}={_shown(epoch)} is not a number of seconds; {_MUST_BE}")
    try:
        if len(epoch) > _MOST_DIGITS:
            raise OverflowError
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
    except (OverflowError, OSError, ValueError):
        raise BadEnvironment(f"{EPOCH}={_shown(epoch)} is past the year 9999; {_MUST_BE}") from None


def jobs() -> int | None:
    """The number of processes CASEBOOK_JOBS asks for, or None when it is unset or empty."""
    wanted = os.environ.get(JOBS, "").strip()
    if not wanted:
        return None
    if not (wanted.isascii() and wanted.isdigit()) or len(wanted) > 6 or int(wanted) < 1:
        raise BadEnvironment(
            f"{JOBS}={_shown(wanted)} is not a number of processes; it must be a whole "
            "number from 1 (e.g. CASEBOOK_JOBS=2), or unset to use every core"
        )
    return int(wanted)


def check() -> None:
    """Refuse, before a verb runs, every variable set to what it cannot mean."""
    source_date()
    jobs()


def _shown(value: str) -> str:
    return repr(value if len(value) <= 40 else value[:39] + "…")
