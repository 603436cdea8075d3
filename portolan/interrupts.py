"""Ctrl-C that Python would otherwise drop.

Python raises ``KeyboardInterrupt`` wherever the main thread happens to be. When that is a
callback the interpreter runs for itself (the one an import runs as it lets go of a module's
lock, a weak reference's, a ``__del__``), the exception cannot go anywhere: Python prints
"Exception ignored in ..." and the command goes on as if nothing had been pressed. A build
interrupted so went on to swap its folders into place and exit 0 (seen under load).

While ``ctrl_c_kept`` is active a Ctrl-C is also remembered, a dropped one is not printed, and
``raise_if_pressed`` raises it again at a point where it cannot be lost."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator

_pressed = False


def _remember(signum, frame) -> None:
    global _pressed
    _pressed = True
    raise KeyboardInterrupt


def raise_if_pressed() -> None:
    """Raise ``KeyboardInterrupt`` if Ctrl-C was pressed since the outermost ``ctrl_c_kept``
    began (raised once already, or dropped)."""
    if _pressed:
        raise KeyboardInterrupt


@contextlib.contextmanager
def ctrl_c_kept() -> Iterator[None]:
    """Within: Ctrl-C raises as it always does, and is remembered for ``raise_if_pressed``.
    Nothing changes where Ctrl-C is ignored or handled by someone else (a job run in the
    background, a test runner), nor outside the main thread, where no handler can be set."""
    global _pressed
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous is not signal.default_int_handler:  # ignored, someone else's, or ours already
        yield
        return
    _pressed = False
    hook = sys.unraisablehook

    def quiet_if_ctrl_c(unraisable) -> None:
        if not (_pressed and isinstance(unraisable.exc_value, KeyboardInterrupt)):
            hook(unraisable)

    signal.signal(signal.SIGINT, _remember)
    sys.unraisablehook = quiet_if_ctrl_c
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        sys.unraisablehook = hook
