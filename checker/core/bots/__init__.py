"""Bots: players for any seat of any game, built on the rules contract alone.

A bot answers a ``Decision`` of kind "choice" that belongs to its seat with one of the moves the
referee offers (``rules.legal_moves``); it never chooses a chance outcome (a card drawn, a die):
the table enters those, or in simulation the engine's weights pick them. A bot sees only what
its seat sees: before it looks ahead it asks the game to re-sample what is hidden from that seat
(``rules.determinise`` on a copy). docs/bots.md explains the levels and what each game hides.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Protocol

from portolan.checker.core.game import Decision, GameRules

DEFAULT_ITERATIONS = 200  # the mcts budget when no time is given: same seed, same game


class Bot(Protocol):
    level: str
    reason: str  # why it chose its last move, in words a table can check

    def choose(self, state: Any, decision: Decision) -> Any:
        """One of ``rules.legal_moves(state)``; ``state`` is left as it was."""
        ...


@dataclass(frozen=True)
class Budget:
    """How long an mcts bot thinks per move: ``iterations`` (reproducible) and/or ``seconds`` of
    CPU (whichever ends first; without ``seconds`` the same seed gives the same game)."""

    iterations: int = DEFAULT_ITERATIONS
    seconds: float | None = None


# Each level's bot class (module of this package, class), imported when a seat needs it.
BOT_CLASSES = {
    "random": ("policies", "RandomBot"),
    "greedy": ("greedy", "GreedyBot"),
    "mcts": ("mcts", "MctsBot"),
}
LEVELS = tuple(BOT_CLASSES)


def make_bot(
    level: str, rules: GameRules, seat: str, seed: Any, budget: Budget | None = None
) -> Bot:
    """The bot of ``level`` for ``seat``, its own random source seeded from ``seed`` and the seat
    (two bots of one game never share draws); ``budget``: how long an mcts bot thinks."""
    if level not in BOT_CLASSES:
        raise ValueError(f"unknown bot level {level!r}")
    module, name = BOT_CLASSES[level]
    bot = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    rng = random.Random(f"portolan-bot:{seed}:{seat}:{level}")
    return bot(rules, seat, rng, budget or Budget())
