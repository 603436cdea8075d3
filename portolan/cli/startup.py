"""The cyclic garbage collector paused while ``portolan`` starts a command.

Starting a command makes a few hundred thousand objects that live until it ends: typer's
command tree and the pydantic validators of its options, then the command's modules (the
printer's drawing code, the models' classes) and what it reads (the games, the log). None of
them is garbage, yet the collector walks them as they are made, each full walk longer than the
last as the heap grows. Paused from ``main`` until the command's own code runs, and again while
the command imports its modules and reads its input (``gc_paused(keep=True)``): 85 ms of the
0.8 s before ``portolan build age-of-exploration`` starts drawing (benchmarks/README.md).
"""

from __future__ import annotations

import gc

_paused = False  # by ``pause``, not by someone else


def pause() -> None:
    """No collection until ``resume`` (``main``, before typer reads the command line)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """The collector back (every command's wrapper, before the command's code), what was made
    meanwhile in the oldest generation, where the frequent young collections skip it."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()  # every tracked object into the permanent generation,
        gc.unfreeze()  # and from there into the oldest one
        gc.enable()
