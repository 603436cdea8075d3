"""Positions a bot has already played from, so that it never goes round in a circle.

Some rules let a player undo a move at no cost (Age of Exploration's ship type flips freely
while outfitting). A bot that is losing may then prefer going back and forth to ending the
game: no value of a position can forbid it, since any value that falls at the end makes the
loser put the end off. So a bot remembers the positions its own moves led to and does not lead
the game back to one of them while another move is open.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from portolan.checker.core.game import GameRules

MEMORY = 4096  # positions kept; a game's turn counter makes older ones unreachable anyway


def signature(rules: GameRules, state: Any) -> int:
    """A hash of everything in ``state`` a move may change (caches and shared data left out)."""
    skip = {*rules.shared_fields, *rules.cache_fields, *rules.signature_skips, "memo", "scratchpad"}
    parts = []
    for f in dataclasses.fields(state):
        if f.name not in skip:
            parts.append(repr(getattr(state, f.name)))
    return hash(tuple(parts))


class Seen:
    """The positions a bot's moves have led to."""

    def __init__(self) -> None:
        self.positions: set[int] = set()
        self.offered: dict[Any, int] = {}  # the moves of the last ``fresh``: where each leads

    def fresh(self, rules: GameRules, state: Any, moves: list[Any]) -> list[Any]:
        """The moves that do not lead back to a position already seen (all of them if every
        one does), each move tried on a copy."""
        self.offered = {}
        for move in moves:
            after = rules.copy_state(state)
            rules.apply(after, move)
            self.offered[move] = signature(rules, after)
        out = [m for m in moves if self.offered[m] not in self.positions]
        return out or moves

    def chose(self, move: Any) -> None:
        """Remember where ``move``, one of the last ``fresh`` moves, leads."""
        if len(self.positions) >= MEMORY:
            self.positions.clear()
        self.positions.add(self.offered[move])
