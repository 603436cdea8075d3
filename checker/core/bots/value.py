"""What a position or a finished game is worth to each player, between 0 and 1: the bots'
common scale (a win is 1, a shared win 1/n, a loss 0; an unfinished position by its lead)."""

from __future__ import annotations

import math
from typing import Any

from portolan.checker.core.game import GameRules


def outcome(rules: GameRules, state: Any) -> dict[str, float]:
    """Each player's share of the win in a finished game (1/n each for n tied winners)."""
    sheet = rules.sheet(state)
    winners = sheet.winners
    share = 1 / len(winners) if winners else 0.0
    return {line.player: (share if line.player in winners else 0.0) for line in sheet.lines}


def standing(rules: GameRules, state: Any, players: list[str]) -> dict[str, float]:
    """Each player's chance of winning as a bot judges an unfinished position: its worth
    (``rules.worths``) against the best of the others', on a logistic curve of
    ``rules.worth_scale``."""
    worth = rules.worths(state)
    if len(players) == 1:
        return {players[0]: 1.0}
    out = {}
    for p in players:
        lead = worth[p] - max(w for q, w in worth.items() if q != p)
        out[p] = 1 / (1 + math.exp(-max(-50.0, min(50.0, lead / rules.worth_scale))))
    return out


# A finished game that ended at a bound Portolan sets (``rules.bounded``), not by the rulebook's
# own ending, is worth this share less: only a tie-break. A player who could win now by the
# rulebook, and would win at the bound anyway, chose between the two at random.
BOUND_TIE = 1e-6


def value(rules: GameRules, state: Any, players: list[str]) -> dict[str, float]:
    """``outcome`` when the game is over (a hair less at a bound), else ``standing``."""
    if rules.decision(state) is None:
        result = outcome(rules, state)
        if rules.bounded(state):
            return {p: v * (1 - BOUND_TIE) for p, v in result.items()}
        return result
    return standing(rules, state, players)
