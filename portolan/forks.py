"""What a forked child does first (build workers, the second part of a long log)."""

from __future__ import annotations

import os
import signal
import sys

_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def die_with_parent(parent: int) -> None:
    """In a forked child, first: end with the process that forked it. A parent killed outright
    (kill -9) would otherwise leave its child working on, holding what they share (a build's
    output lock, the standard streams of a ``check``). Ctrl-C is the parent's to answer (it ends
    the child); in a child it would print a traceback. The parent holds Ctrl-C back across the
    fork, and the child lets it through once it ignores it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if sys.platform.startswith("linux"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent was gone before the child asked
        os._exit(1)


def hold_ctrl_c() -> set | None:
    """Block SIGINT; the signal mask as it was (None where there is no signal mask)."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on POSIX
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def release_ctrl_c(mask: set | None) -> None:
    """The signal mask back as it was: one Ctrl-C pressed meanwhile is raised here."""
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def stop_now(pool) -> None:
    """End a ``ProcessPoolExecutor``'s workers at once (``shutdown`` alone waits for the work
    they are doing) and wait for its manager thread to wind up. Left running, that thread
    closes its wake-up pipe while the interpreter's exit hook writes to it: the hook then
    printed an ``OSError`` traceback after the one word of a Ctrl-C (seen under load)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    for worker in workers:
        worker.kill()
    for worker in workers:
        worker.join()
    # with every worker gone the manager thread finds the pool broken and ends straight away
    pool.shutdown(wait=True, cancel_futures=True)
