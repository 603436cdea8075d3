"""The ``portolan`` command: the top layer, above the printer (generator/) and the checker
(checker/). Each command module registers itself on the one typer app."""

from __future__ import annotations

from portolan.cli import build, check, play, schema, serve, simulate  # noqa: F401  (they register)
from portolan.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    app()
