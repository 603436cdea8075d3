"""The progress bar of ``build`` and ``simulate``: on standard error, and only when standard error
is a terminal, so standard output holds the command's results alone (``--json > out.json``
shows the bar on the terminal and writes nothing else into the file). Off a terminal nothing
is drawn, so rich is not imported (about 50 ms of a build's start)."""

from __future__ import annotations

import sys
from collections.abc import Callable


class NoBar:
    """What ``progress_bar`` gives off a terminal: a bar that takes every update and draws
    nothing."""

    def __enter__(self) -> NoBar:
        return self

    def __exit__(self, *exc) -> None:
        return None

    def add_task(self, description: str, total: float | None = None) -> int:
        return 0

    def update(self, task: int, **changes) -> None:
        return None


def progress_bar(columns: Callable):
    """A transient rich ``Progress`` drawn on standard error, with the columns that
    ``columns(rich.progress)`` makes; a ``NoBar`` when standard error is not a terminal."""
    if not sys.stderr.isatty():
        return NoBar()
    import rich.progress
    from rich.console import Console

    class Bar(rich.progress.Progress):
        """Drawn again at each update, with no thread of its own that redraws it on a timer:
        a process with another thread is not forked (``portolan.generator.parallel.can_fork``),
        and a build's workers are forks."""

        def update(self, task, **changes) -> None:
            super().update(task, **changes)
            self.refresh()

    return Bar(
        *columns(rich.progress),
        console=Console(stderr=True),
        auto_refresh=False,
        transient=True,
        redirect_stdout=False,  # what a command prints on stdout stays there
    )
