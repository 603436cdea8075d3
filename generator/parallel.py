"""``portolan build --jobs N``: components built in N worker processes.

Every component of every game asked for is handed out at once; the parent takes the results
back in the order a one-process build makes them (so the report, the first error and the
files are the same) and writes each game's exports while the workers go on with the next
game. Each component's files are the same bytes whichever process draws them: a worker is a
fork of the parent, with the same games and options, and writes into the same hidden staging
folder. Where processes cannot be forked, the build runs in one process.
"""

from __future__ import annotations

import multiprocessing
import pickle
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from generator.staging import Staging
from portolan.errors import InputError, OutputError

BuildOne = Callable[[Any, Any, Staging, Any], Any]

# What the workers build: set in the parent just before the fork, read by the children.
_shared: tuple = ()


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


class ComponentPool:
    """Worker processes building the components of ``games`` into their ``stages``."""

    def __init__(self, jobs: int, games: list, stages: list[Path], opts, build: BuildOne):
        """``build(game, component, staging, opts)`` runs in a worker; what it returns must
        pickle (it is handed back to the parent)."""
        global _shared
        _shared = (games, stages, opts, build)
        self.games = games
        self.executor = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"))
        self.futures: dict[str, list[Future]] = {
            game.id: [
                self.executor.submit(_build_one, gi, ci) for ci in range(len(game.components))
            ]
            for gi, game in enumerate(games)
        }

    def results(self, game) -> Iterator[tuple[object, Any]]:
        """``(component, what build returned)`` of each component of ``game``, in order; the first
        failure is raised as the one-process build raises it."""
        for component, future in zip(game.components, self.futures[game.id], strict=True):
            outcome = future.result()
            if outcome[0] != "ok":
                _raise(outcome)
            yield component, outcome[1]

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> ComponentPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _build_one(gi: int, ci: int) -> tuple:
    """In a worker: build one component; its outcome in a form that crosses processes."""
    games, stages, opts, build = _shared
    game = games[gi]
    try:
        return ("ok", build(game, game.components[ci], Staging(stages[gi]), opts))
    except InputError as exc:
        return ("input", exc.problems)
    except OutputError as exc:
        return ("output", str(exc.path), exc.reason)
    except Exception as exc:  # a bug, or an OSError: re-raised as it was when it can be
        try:
            pickle.dumps(exc)
            return ("raise", exc)
        except Exception:
            return ("bug", f"{type(exc).__name__}: {exc}")


def _raise(outcome: tuple) -> None:
    kind = outcome[0]
    if kind == "input":
        raise InputError(outcome[1])
    if kind == "output":
        raise OutputError(outcome[1], outcome[2])
    if kind == "raise":
        raise outcome[1]
    raise RuntimeError(outcome[1])
