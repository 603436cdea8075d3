"""The score sheet: each player's VP by the rules.yaml categories (the VP chart's awards, the
NWP and SSA Known Progress, goods delivered, Major Expeditions); the game is won at once by the
first to reach the target (Victory), or, at Portolan's round bound, by the most VP."""

from __future__ import annotations

from portolan.checker.core.scoresheet import ScoreLine, ScoreSheet
from portolan.checker.games.age_of_exploration.state import State


def score(state: State) -> ScoreSheet:
    return sheet(state.book.categories, state.vp, state.target, state.end_reason)


def sheet(categories, vp: dict[str, dict[str, int]], target: int, reason: str) -> ScoreSheet:
    lines = [ScoreLine(p, {c.id: vp[p].get(c.id, 0) for c in categories}) for p in vp]
    notes = [f"The target is {target} VP: the first to reach it wins at once."]
    if reason:
        notes.append(f"The game ended: {reason}.")
    notes.append("The rulebook has no tie-breaker: players tied on VP share the victory.")
    return ScoreSheet([(c.id, c.label) for c in categories], lines, notes=notes)
