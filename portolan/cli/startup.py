"""The cyclic garbage collector paused while ``portolan`` starts a command.

Starting a command makes tens of thousands of objects that the collector tracks and that live
until the command ends: typer's command tree and the pydantic validators of its options, the
command's module, then, for ``build``, ``check`` and ``score``, the modules they import (the
printer's drawing code, the models' classes) and what they read (the games, the log): about
40,000 when the command's code starts, 105,000 once ``build`` has read Age of Exploration. None
of them is garbage, yet the collector walked them as they were made, each full walk longer than
the last. Paused from ``main`` until the command's own code runs, and again while those three
commands import and read (``gc_paused(keep=True)``): 0.09 s of the 0.85 s before ``portolan
build age-of-exploration`` forks its workers (median of 30 alternated runs, benchmarks/README.md).
"""

from __future__ import annotations

import gc

from portolan.yamlsrc import to_oldest_generation

_paused = False  # by ``pause``, not by someone else


def pause() -> None:
    """No collection until ``resume`` (``main``, before typer reads the command line)."""
    global _paused
    if gc.isenabled():
        _paused = True  # first: whatever comes between, ``resume`` can still turn it back on
        gc.disable()


def resume() -> None:
    """The collector back (every command's wrapper, before the command's code; ``main`` when
    no command ran), what was made meanwhile in the oldest generation, where the frequent young
    collections skip it."""
    global _paused
    if _paused:
        to_oldest_generation()
        gc.enable()
        _paused = False  # last, for the same reason
