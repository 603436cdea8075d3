"""The greedy bot: every legal move tried one decision ahead, on a copy of the position as its
seat sees it, and the move that leaves its standing best (``value.standing``: the game's own
score plus what the game's ``worths`` adds) kept. A move that leads to a card or a die is judged
over a few sampled outcomes. Ties are broken by the bot's own random source; a move that leads
back to a position its moves already led to is taken only when every move does (repeats.py)."""

from __future__ import annotations

from typing import Any

from portolan.checker.core.bots.policies import LookAheadBot
from portolan.checker.core.bots.value import value

CHANCE_SAMPLES = 3  # outcomes sampled after a move that leads to chance
CHANCE_DEPTH = 4  # chance steps followed before the position is judged


class GreedyBot(LookAheadBot):
    level = "greedy"

    def pick(self, state: Any, moves: list[Any]) -> Any:
        seen = self.rules.copy_state(state)
        self.rules.determinise(seen, self.seat, self.rng)
        best, best_value = [], float("-inf")
        for move in moves:
            v = self.judge(seen, move, list(state.players))
            if v > best_value + 1e-12:
                best, best_value = [move], v
            elif abs(v - best_value) <= 1e-12:
                best.append(move)
        move = best[0] if len(best) == 1 else self.rng.choice(best)
        self.reason = self.explain(seen, move)
        return move

    def explain(self, seen: Any, move: Any) -> str:
        """What the move does to the bot's worth (the game's points and what they do not show
        yet), before any card it leads to is drawn."""
        rules = self.rules
        after = rules.copy_state(seen)
        rules.apply(after, move)
        now, then = rules.worths(seen)[self.seat], rules.worths(after)[self.seat]
        return f"worth {then:.1f} points to it after this move ({then - now:+.1f})"

    def judge(self, seen: Any, move: Any, players: list[str]) -> float:
        """The bot's standing after ``move``, averaged over sampled chance outcomes."""
        rules = self.rules
        after = rules.copy_state(seen)
        rules.apply(after, move)
        d = rules.decision(after)
        if d is None or d.kind != "chance":
            return value(rules, after, players)[self.seat]
        total = 0.0
        for _ in range(CHANCE_SAMPLES):
            s = rules.copy_state(after)
            for _ in range(CHANCE_DEPTH):
                d = rules.decision(s)
                if d is None or d.kind != "chance":
                    break
                rules.apply(s, rules.sample_outcome(s, self.rng))
            total += value(rules, s, players)[self.seat]
        return total / CHANCE_SAMPLES
