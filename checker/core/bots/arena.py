"""Games between bots, and what a tournament of them shows: win rates with confidence
intervals per level and per seat, and the CPU each level spends on a move."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from portolan.checker.core.bots import Bot, Budget, make_bot
from portolan.checker.core.game import GameRules, Step


@dataclass
class BotGame:
    """A game between bots, with the CPU seconds of every bot move; ``ended`` false when it was
    stopped at the step limit."""

    state: Any
    steps: list[Step]
    players: list[str]
    options: dict[str, Any]
    thinking: dict[str, list[float]] = field(default_factory=dict)  # player -> seconds a move
    ended: bool = True


def seat_levels(levels: tuple[str, ...], game: int) -> tuple[str, ...]:
    """The level at each seat in game ``game`` (0-based): the list rotated one seat a game, so
    every level plays every seat equally often over a multiple of the seat count."""
    k = game % len(levels)
    return levels[-k:] + levels[:-k] if k else levels


def bot_game(
    rules: GameRules,
    model: Any,
    players: list[str],
    options: dict[str, Any],
    bots: dict[str, Bot],
    rng: random.Random,
    *,
    max_steps: int = 200_000,
    start: Any = None,
) -> BotGame:
    """One game: each seat's choices by its bot (a seat without one, and the table's own
    choices, at random), every chance outcome drawn by the engine's weights from ``rng``; from
    the setup, or from ``start`` (a position.Start)."""
    state = rules.setup(model, players, options) if start is None else rules.copy_state(start.state)
    steps: list[Step] = []
    thinking: dict[str, list[float]] = {p: [] for p in bots}
    turn = 0 if start is None else start.turns
    while (d := rules.decision(state)) is not None:
        if len(steps) >= max_steps:
            return BotGame(state, steps, list(players), dict(options), thinking, ended=False)
        bot = bots.get(d.player) if d.kind == "choice" else None
        if d.kind == "chance":
            move = rules.sample_outcome(state, rng)
        elif bot is None:
            move = rules.sample_move(state, rng)
        else:
            forced = len(rules.legal_moves(state)) == 1
            started = time.process_time()
            move = bot.choose(state, d)
            if not forced:  # a move with no other choice costs no thought worth counting
                thinking[d.player].append(time.process_time() - started)
        if d.starts_turn:
            turn += 1
        rules.apply(state, move)
        steps.append(Step(move, turn, d.player, None))
    return BotGame(state, steps, list(players), dict(options), thinking)


def bots_for(
    rules: GameRules, players: list[str], levels: tuple[str, ...], seed: Any, budget: Budget
) -> dict[str, Bot]:
    return {
        p: make_bot(level, rules, p, seed, budget) for p, level in zip(players, levels, strict=True)
    }


# -- what a tournament shows --------------------------------------------------------------------


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (``wins`` may count shared wins as
    fractions)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = p + z * z / (2 * games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    denominator = 1 + z * z / games
    return (max(0.0, (centre - margin) / denominator), min(1.0, (centre + margin) / denominator))


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values``, by the nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def level_summary(
    levels: list[tuple[str, ...]],
    shares: list[tuple[float, ...]],
    totals: list[tuple[int, ...]],
    thinking: list[tuple[tuple[str, float], ...]],
) -> list[dict[str, Any]]:
    """Per level, over the games that ended (one entry per seat it held): games, wins, the win
    rate and its 95 % interval, the score's spread, and CPU seconds per move (median, 95th
    percentile)."""
    out = []
    for level in sorted({lv for game in levels for lv in game}):
        won, played, scores = 0.0, 0, []
        for game_levels, game_shares, game_totals in zip(levels, shares, totals, strict=True):
            for lv, share, total in zip(game_levels, game_shares, game_totals, strict=True):
                if lv == level:
                    won += share
                    played += 1
                    scores.append(total)
        seconds = [s for game in thinking for lv, s in game if lv == level]
        low, high = wilson(won, played)
        out.append(
            {
                "level": level,
                "seats_played": played,
                "wins": round(won, 4),
                "win_rate": round(won / played, 4) if played else 0.0,
                "interval": [round(low, 4), round(high, 4)],
                "mean_score": round(sum(scores) / len(scores), 4) if scores else 0.0,
                "moves": len(seconds),
                "cpu_median": round(percentile(seconds, 0.5), 5),
                "cpu_p95": round(percentile(seconds, 0.95), 5),
            }
        )
    return out
