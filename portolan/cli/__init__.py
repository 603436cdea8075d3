"""The ``portolan`` command: the top layer, above the printer (generator/) and the checker
(checker/). Each command module registers itself on the one typer app when the command is first
looked up (``group.COMMAND_MODULES``), so a command imports only what it runs."""

from __future__ import annotations

from portolan.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    app()
