"""Worker processes for builds and lint that never outlive the command that started them.

A pool's workers wait on a pipe their parent writes to. Killed with SIGKILL
(a CI timeout, the OOM killer, ``kill -9``), the parent cannot tell them to
stop, and as each worker holds the pipe's write end too, none of them ever
reads end-of-file: they would sleep forever, holding memory. On Linux the
kernel can send a signal to a process when its parent dies
(``prctl(PR_SET_PDEATHSIG)``); each worker asks for SIGKILL. Elsewhere the
pool is the plain one.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor

_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Pool initializer: be killed when the parent goes (and go now if it already went)."""
    if sys.platform != "linux":
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def pool(workers: int) -> ProcessPoolExecutor:
    """A process pool whose workers die with this process."""
    return ProcessPoolExecutor(
        max_workers=workers, initializer=die_with_parent, initargs=(os.getpid(),)
    )
