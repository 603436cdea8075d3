"""A simple greedy strategy for Ships (balance tests): at every choice it tries each legal move,
finishes the action the same way, and keeps the one that leaves its position worth most against
the best rival, by the bots' value function (checker/games/ships/bot.py: the value scale of
docs/games/ships.md, gold 1, navigation 1, industry 2, free action cube 2, merchant cube 3, VP 2,
goods at their price), counting what its cubes and discs in the present area will score when
the area is left. A food counter is worth more than its price while the player has city discs
to place: it is what a ship in a Warship box costs, so a greedy player keeps and seeks food as
it would the city the food pays for. A ship on the track is worth less by the VP it can expect
to lose to lagging before its owner plays again (the track climbing at the pace it has kept so
far), so a greedy player removes or upgrades a ship about to lag and weighs the lag its
placements cost its own ships, as a player at a table would."""

from __future__ import annotations

import functools
import random
from typing import Any

from portolan.checker.games.ships import RULES, bot
from portolan.checker.games.ships.bot import edge
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS


@functools.cache
def _lagging() -> list[tuple[int, int]]:
    return RULES.book(load_game(COMPONENTS, "ships")).lagging


def lag_loss(behind: int, climb: float) -> float:
    """The VP a ship ``behind`` ages below the highest can expect to lose if the track climbs
    ``climb`` ages before its owner plays again (the rulebook's lagging table)."""
    return bot.lag_loss(behind, climb, _lagging())


def choose(state, rng: random.Random) -> Any:
    """The move a greedy player makes (ties broken at random)."""
    d = RULES.decision(state)
    if d.kind == "chance":
        return RULES.sample_outcome(state, rng)
    moves = RULES.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    p = state.current
    best, best_value = [], None
    for move in moves:
        trial = state.clone()
        RULES.apply(trial, move)
        finish_action(trial, p, rng)
        value = edge(trial, p)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = [move], value
        elif abs(value - best_value) <= 1e-9:
            best.append(move)
    return rng.choice(best)


def finish_action(state, p: int, rng: random.Random, depth: int = 0) -> None:
    """Carry an action through its follow-up decisions, greedily by one step, at random for
    cards dealt."""
    while state.tasks and depth < 30 and RULES.decision(state) is not None:
        depth += 1
        d = RULES.decision(state)
        if d.kind == "chance":
            RULES.apply(state, RULES.sample_outcome(state, rng))
            continue
        moves = RULES.legal_moves(state)
        scored = []
        for move in moves:
            trial = state.clone()
            RULES.apply(trial, move)
            scored.append((edge(trial, p), rng.random(), move))
        RULES.apply(state, max(scored, key=lambda x: (x[0], x[1]))[2])
