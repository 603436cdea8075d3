"""Work handed to a forked child: the second part of a long log, the games a build reads while
it imports its drawing code, and what such a child does first (build workers too)."""

from __future__ import annotations

import os
import pickle
import select
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

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


def may_fork() -> bool:
    """On Linux, in a process of one thread: a fork copies the locks other threads may hold,
    never the threads (``generator.parallel`` forks its workers on the same terms)."""
    return sys.platform.startswith("linux") and threading.active_count() == 1


class Forked:
    """``call()`` made in a forked child while this process goes on; ``result`` takes back what
    it returned, pickled through a pipe. Whatever is out of the ordinary — no fork, a call that
    raises, a result that does not pickle, a child that dies or is stuck — gives None: the
    caller then does the work itself, so every message is the one it gives alone. Ctrl-C is
    held back across the fork (it lands in the parent, never in a child still in this code);
    the child ignores it, dies with its parent, writes nothing to the standard streams, and
    ends in ``os._exit`` (no atexit handler, no buffer of the parent's flushed twice)."""

    def __init__(self, pid: int, readable: int):
        self._pid: int | None = pid  # None once waited for (the number may then be reused)
        self._readable: int | None = readable

    @classmethod
    def start(cls, call: Callable[[], Any]) -> Forked | None:
        """The child started on ``call``; None when no child can be (no pipe, no fork)."""
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        parent = os.getpid()
        try:
            readable, writable = os.pipe()
        except OSError:  # no file descriptors left
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
            return None
        try:
            pid = os.fork()
        except OSError:  # no process can be started (a limit on processes, no memory)
            os.close(readable)
            os.close(writable)
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
            return None
        if pid == 0:  # the child: never returns
            try:
                die_with_parent(parent)
                os.close(readable)
                _child(writable, call)
            finally:
                os._exit(1)
        os.close(writable)
        started = cls(pid, readable)
        try:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a Ctrl-C pressed meanwhile: here
        except BaseException:
            started.stop()
            raise
        return started

    def result(self, patience: float) -> Any | None:
        """What ``call`` returned, or None (see the class); waits at most ``patience`` seconds
        for the child to finish (one still at work then is taken to be stuck, and ended)."""
        if self._readable is None:
            return None
        try:
            data = _receive(self._readable, patience)
        except BaseException:  # an interrupt while waiting
            self.stop()
            raise
        if data is None:
            self.stop()
            return None
        self._close()
        _, status = os.waitpid(self._pid, 0)
        self._pid = None
        if os.waitstatus_to_exitcode(status) != 0 or not data:
            return None
        return pickle.loads(data)

    def stop(self) -> None:
        """End the child, if it still runs, wait for it (no zombie is left) and close the pipe:
        for a caller that does the work itself after all, or is interrupted."""
        self._close()
        if self._pid is None:
            return
        try:
            os.kill(self._pid, signal.SIGKILL)
            os.waitpid(self._pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        self._pid = None

    def _close(self) -> None:
        if self._readable is not None:
            os.close(self._readable)
            self._readable = None


def _child(writable: int, call: Callable[[], Any]) -> None:
    """Make the call and send what it returned; exit 0 only when all of it is sent."""
    code = 1
    try:
        quiet = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(quiet, fd)
        data = pickle.dumps(call(), protocol=5)
        with os.fdopen(writable, "wb") as pipe:
            pipe.write(data)
        code = 0
    except BaseException:  # any problem: the parent does the work itself
        code = 1
    finally:
        os._exit(code)


def _receive(readable: int, patience: float) -> bytes | None:
    """Everything the child sends, or None if it has not finished within ``patience``."""
    deadline = time.monotonic() + patience
    data = bytearray()
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([readable], [], [], left)[0]:
            return None
        chunk = os.read(readable, 1 << 20)
        if not chunk:
            return bytes(data)
        data += chunk
