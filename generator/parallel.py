"""``portolan build --jobs N``: components built in N worker processes.

Every component of every game asked for is handed out at once, each game's in the order the
caller gives (``portolan.generator.build`` hands out the longest first, and the decks of the shared
card sheets early: a long component handed out last keeps one worker busy while the others
wait); the parent takes the results back in the order a one-process build makes them (so the
report, the first error and the files are the same). While the workers draw, it writes what is
made of several components: the registration test first, each game's shared card sheets as
soon as the decks that feed them are in, and each game's exports while the workers go on with
the next game. Each component's files are the same bytes whichever process draws them: a
worker is a fork of the parent, with the same games and options, and writes into the same
hidden staging folder. Where processes cannot be forked (the platform has no fork, or this
process runs other threads), the build runs in one process. ``--jobs 0``, the default, takes
one worker per processor on Linux (``auto_jobs``)."""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from portolan.errors import InputError, OutputError
from portolan.forks import die_with_parent, hold_ctrl_c, release_ctrl_c, stop_now
from portolan.generator.staging import Staging

BuildOne = Callable[[Any, Any, Staging, Any], Any]
Handout = Callable[[Any], list[int]]  # a game's component indexes, in the order handed out

# What the workers build: set in the parent just before the fork, read by the children.
_shared: tuple = ()


# ``--jobs 0`` (the default): one worker per processor, at most this many (each worker holds a
# copy of the games; more than a few gain little on a build of 14 to 20 components a game).
AUTO_MOST = 4


def can_fork() -> bool:
    """Whether worker processes can be forked safely: the platform forks, and this process runs
    no other thread (a fork copies the locks other threads may hold, never the threads)."""
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def auto_jobs() -> int:
    """The workers ``--jobs 0`` asks for: one per processor this process may run on (at most
    ``AUTO_MOST``) on Linux; one elsewhere, where forking a process is not the safe default
    (macOS libraries may start threads of their own)."""
    if not sys.platform.startswith("linux"):
        return 1
    try:
        processors = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - no affinity call on this system
        processors = os.cpu_count() or 1
    return max(1, min(processors, AUTO_MOST))


class ComponentPool:
    """Worker processes building the components of ``games`` into their ``stages``."""

    def __init__(
        self,
        jobs: int,
        games: list,
        stages: list[Path],
        opts,
        build: BuildOne,
        handout: Handout | None = None,
    ):
        """``build(game, component, staging, opts)`` runs in a worker; what it returns must
        pickle (it is handed back to the parent). ``handout(game)`` orders each game's
        components as the workers take them (by default, as the game lists them); the
        results are taken back in the game's order whatever it is."""
        global _shared
        _shared = (games, stages, opts, build)
        self.games = games
        # Every object made so far (modules, the games) into the permanent generation: the
        # collector in a worker then never walks them, which would copy their pages (a fork
        # shares the parent's memory until a page is written) and cost the time of walking them.
        gc.freeze()
        # Ctrl-C is held back while the workers are forked: one that came in the middle of a
        # fork would land in its handlers, where Python drops it (the build would go on) and a
        # worker prints it. The workers start with it held back and ignore it for good.
        held = hold_ctrl_c()
        self.executor = None
        try:
            self.executor = ProcessPoolExecutor(
                jobs,
                mp_context=multiprocessing.get_context("fork"),
                initializer=die_with_parent,
                initargs=(os.getpid(),),
            )
            self.futures: dict[str, list[Future]] = {}
            for gi, game in enumerate(games):
                order = handout(game) if handout else range(len(game.components))
                submitted = {ci: self.executor.submit(_build_one, gi, ci) for ci in order}
                self.futures[game.id] = [submitted[ci] for ci in range(len(game.components))]
        except BaseException:  # a fork failed (no memory, too many processes)
            self._stop_workers()
            release_ctrl_c(held)
            raise
        try:
            release_ctrl_c(held)
        except BaseException:  # Ctrl-C pressed during the fork: the workers stop too
            self.close()
            raise

    def results(self, game) -> Iterator[tuple[object, Any]]:
        """``(component, what build returned)`` of each component of ``game``, in order; the first
        failure is raised as the one-process build raises it."""
        for component, future in zip(game.components, self.futures[game.id], strict=True):
            outcome = future.result()
            if outcome[0] != "ok":
                _raise(outcome)
            yield component, outcome[1]

    def built(self, game, ids: set[str]) -> dict[str, Any] | None:
        """What the components of ``game`` named in ``ids`` returned, by id, once they are all
        in; None when one of them failed (``results`` raises that, in the game's order)."""
        out = {}
        for component, future in zip(game.components, self.futures[game.id], strict=True):
            if component.id in ids:
                try:
                    outcome = future.result()
                except Exception:  # a worker that died: ``results`` raises it
                    return None
                if outcome[0] != "ok":
                    return None
                out[component.id] = outcome[1]
        return out

    def close(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
        gc.unfreeze()  # the parent goes on (tests, several builds in one process)

    def _stop_workers(self) -> None:
        """End the workers already forked when starting the others failed: the executor's
        manager thread never started, so ``shutdown`` would leave them waiting for work (and
        the interpreter waiting for them at exit)."""
        gc.unfreeze()
        if self.executor is None:
            return
        stop_now(self.executor)


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
