"""The progress bar of ``build`` and ``simulate``: on standard error, and only when standard error
is a terminal, so standard output holds the command's results alone (``--json > out.json``
shows the bar on the terminal and writes nothing else into the file)."""

from __future__ import annotations

import sys


def progress_bar(*columns):
    """A transient rich ``Progress`` with these columns, drawn on standard error."""
    from rich.console import Console
    from rich.progress import Progress

    return Progress(
        *columns,
        console=Console(stderr=True),
        transient=True,
        redirect_stdout=False,  # what a command prints on stdout stays there
        disable=not sys.stderr.isatty(),
    )
