"""The ``portolan`` command: the top layer, above the printer (generator/) and the checker
(checker/). Each command module registers itself on the one typer app when the command is first
looked up (``group.COMMAND_MODULES``), so a command imports only what it runs."""

from __future__ import annotations

import gc

from portolan.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    try:
        app()
    finally:
        # Every object left is the interpreter's to drop at exit: in the permanent generation,
        # the collector's passes at exit skip them (a build's games and drawings took 0.13 to
        # 0.17 s of walking there). Files are still closed, atexit handlers still run.
        gc.freeze()
