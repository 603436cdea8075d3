"""The ``portolan`` command: the top layer, above the printer (generator/) and the checker
(checker/). Each command module registers itself on the one typer app when the command is first
looked up (``group.COMMAND_MODULES``), so a command imports only what it runs."""

from __future__ import annotations

import gc

from portolan.cli import startup
from portolan.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    startup.pause()  # until the command's code runs (``app.friendly``)
    try:
        app()
    finally:
        startup.resume()  # when no command ran (--help, --version, a usage error)
        # Every object left is the interpreter's to drop at exit: in the permanent generation,
        # the collector's passes at exit skip them (a build's games and drawings took 0.13 to
        # 0.17 s of walking there). atexit handlers still run, and objects freed when their
        # last reference goes still are; an object reachable only through a reference cycle
        # is not finalised, so every file is closed by the code that writes it (as all are).
        gc.freeze()
