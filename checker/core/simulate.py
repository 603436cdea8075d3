"""Random legal games: every choice uniformly among the legal moves, every card drawn at random.

Drawing uniformly from what is left of a deck is the same as drawing the top card of a
shuffled deck, so the games are those of a table that shuffles well and plays at random.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from checker.core.game import GameRules, Step
from portolan.model.loader import Game


class GameDidNotEnd(RuntimeError):
    pass


@dataclass
class SimulatedGame:
    state: Any
    steps: list[Step]
    players: list[str]
    options: dict[str, Any]


def random_game(
    rules: GameRules,
    model: Game,
    players: list[str],
    options: dict[str, Any],
    rng: random.Random,
    *,
    max_steps: int = 200_000,
) -> SimulatedGame:
    state = rules.setup(model, players, options)
    steps: list[Step] = []
    turn = 0
    sample_outcome, sample_move = rules.sample_outcome, rules.sample_move
    while (d := rules.decision(state)) is not None:
        move = sample_outcome(state, rng) if d.kind == "chance" else sample_move(state, rng)
        if d.starts_turn:
            turn += 1
        rules.apply(state, move)
        steps.append(Step(move, turn, d.player))
        if len(steps) > max_steps:
            raise GameDidNotEnd(f"no end after {max_steps} steps")
    return SimulatedGame(state, steps, list(players), dict(options))


def default_players(n: int) -> list[str]:
    names = ["Ana", "Ben", "Cai", "Dora", "Eli", "Fay", "Gil", "Hana"]
    return names[:n] if n <= len(names) else [f"Player {i + 1}" for i in range(n)]
