"""The simplest bot, and the cheap policies the others play forward with."""

from __future__ import annotations

import random
from typing import Any

from portolan.checker.core.bots import Budget
from portolan.checker.core.bots.repeats import Seen
from portolan.checker.core.game import Decision, GameRules


class RandomBot:
    """Any legal move, uniformly (or as the game's ``sample_move`` plays like a table)."""

    level = "random"
    reason = "a move at random"

    def __init__(self, rules: GameRules, seat: str, rng: random.Random, budget: Any = None):
        self.rules, self.seat, self.rng = rules, seat, rng

    def choose(self, state: Any, decision: Decision) -> Any:
        return self.rules.sample_move(state, self.rng)


class LookAheadBot:
    """What greedy and mcts share: a forced move is played at once; otherwise ``pick`` chooses
    among the moves that do not lead back to a position the bot's moves already led to
    (repeats.py), and says why in ``reason``."""

    level = ""

    def __init__(
        self, rules: GameRules, seat: str, rng: random.Random, budget: Budget | None = None
    ):
        self.rules, self.seat, self.rng = rules, seat, rng
        self.budget = budget or Budget()  # how long it may think (mcts)
        self.been = Seen()  # positions its moves led to: it never goes round in a circle
        self.reason = ""  # why it chose its last move, in words a table can check

    def choose(self, state: Any, decision: Decision) -> Any:
        moves = self.rules.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        move = self.pick(state, self.been.fresh(self.rules, state, moves))
        self.been.chose(move)
        return move

    def pick(self, state: Any, moves: list[Any]) -> Any:
        raise NotImplementedError


def play_out(rules: GameRules, state: Any, rng: random.Random, steps: int) -> int:
    """Play ``state`` forward at random (chance by its weights) for at most ``steps`` steps or to
    the end; how many steps were played."""
    decision, apply = rules.decision, rules.apply
    sample_move, sample_outcome = rules.sample_move, rules.sample_outcome
    played = 0
    while played < steps and (d := decision(state)) is not None:
        move = sample_outcome(state, rng) if d.kind == "chance" else sample_move(state, rng)
        apply(state, move)
        played += 1
    return played
