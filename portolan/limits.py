"""The bounds on everything read from a components folder, a log or a position
(``data/limits.yaml``), and the time budget that stops a block of work (a build).

A bound is data: ``yaml_limits()`` and ``component_limits()`` read the file once. Messages name the
bound by its key (``yaml.depth``) so a user can find it in docs/safety.md.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import yaml


class YamlLimits(NamedTuple):
    document_bytes: int
    depth: int
    alias_nodes: int
    string_chars: int
    integer_digits: int


class ComponentLimits(NamedTuple):
    name_chars: int
    cards_per_deck: int
    counters_per_sheet: int
    copies: int
    elements_per_board: int
    track_boxes: int
    score_rows: int
    score_players: int
    score_tables: int
    pages_per_component: int
    tiles_per_board: int
    card_mm: tuple[float, float]
    board_mm: tuple[float, float]
    text_pt: tuple[float, float]
    rendered_chars: int
    time_budget_seconds: float
    folder_bytes: int


def read_table(path: Path) -> Any:
    """One of Portolan's own tables (``portolan/data/``), parsed by libyaml where PyYAML has it:
    PyYAML's pure-Python parser took 5 ms for this one and 8 ms for sizes.yaml, in the start of
    every command that reads them. The tables are plain mappings, read the same by both."""
    return yaml.load(path.read_text("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@cache
def _table() -> dict:
    return read_table(Path(__file__).parent / "data" / "limits.yaml")


@cache
def yaml_limits() -> YamlLimits:
    return YamlLimits(**_table()["yaml"])


@cache
def problems_listed() -> int:
    """How many problems of one log are reported at once (``logs.problems_listed``)."""
    return int(_table()["logs"]["problems_listed"])


@cache
def component_limits() -> ComponentLimits:
    raw = dict(_table()["components"])
    for key in ("card_mm", "board_mm", "text_pt"):
        raw[key] = tuple(float(v) for v in raw[key])
    return ComponentLimits(**raw)


def hint(key: str) -> str:
    """Where a bound is described, for the hint of a message that names it."""
    return f"limit {key}; see docs/safety.md"


def shown(n: float) -> str:
    """A number as a message shows it: 1,500 or 2.5; a huge one (a typo such as 1e308) short."""
    return f"{int(n):,}" if abs(n) < 1e15 and n == int(n) else f"{n:g}"


# -- time budget ------------------------------------------------------------------------------


class BudgetExceeded(BaseException):
    """Raised inside a block that ran past its time budget.

    A ``BaseException``, like ``KeyboardInterrupt``, so that no ``except Exception`` on the way
    (in a template, a library) can swallow it; ``time_budget`` turns it into the caller's error.
    """


_deadline = threading.local()


def check_deadline() -> None:
    """Stop the current block if it has passed its budget (for loops that can run long)."""
    end = getattr(_deadline, "end", None)
    if end is not None and time.monotonic() > end:
        # The timer may fire in the next moments, even in contextlib's frame on the way to the
        # budget's handler: with no deadline set, it does not raise a second time there.
        _deadline.end = None
        raise BudgetExceeded()


@contextlib.contextmanager
def time_budget(seconds: float, on_exceeded: Callable[[], BaseException]) -> Iterator[None]:
    """Run the block for at most ``seconds``; past that, raise ``on_exceeded()`` instead.

    On the main thread a timer signal interrupts the block wherever it is (a template's loop,
    a layout); elsewhere, and inside another budget, the block stops at its next
    ``check_deadline()``.
    """
    outer = getattr(_deadline, "end", None)  # inside another budget: that one's deadline
    use_signal = (
        outer is None
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    old_handler = None
    armed = False
    passing_on = False  # the enclosing budget ran out: no deadline is left for its timer

    def _expired(signum, frame):
        if getattr(_deadline, "end", None) is not None:
            raise BudgetExceeded()

    def stop() -> None:
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old_handler)
        _deadline.end = None if passing_on else outer

    exceeded = False
    try:
        try:
            # Set up inside the ``try``: a short budget's timer can fire before the block
            # starts, and ``stop()`` must still put the deadline and the handler back.
            _deadline.end = time.monotonic() + seconds if outer is None else outer
            if use_signal:
                old_handler = signal.signal(signal.SIGALRM, _expired)
                armed = True
                signal.setitimer(signal.ITIMER_REAL, seconds)
            yield
        except BudgetExceeded:
            if outer is not None:
                passing_on = True
                raise  # the enclosing budget ran out: it reports
            exceeded = True
        finally:
            stop()
    except BudgetExceeded:
        # The one-shot timer fired while the block was ending, just before ``stop()``.
        if outer is not None:
            raise
        exceeded = True
        stop()
    if exceeded:
        raise on_exceeded()
