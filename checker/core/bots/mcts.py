"""The mcts bot: information-set Monte Carlo tree search over the rules engine.

Each iteration copies the position, re-samples what the bot's seat cannot see
(``rules.determinise``), and walks one tree shared by all samples: at a choice the move with the
best upper confidence bound among those legal in this sample (counted over the samples in which
it was available), at a chance the engine's weights (the tree does not branch on chance). A new
move is added, the game is played forward at random for at most ``rules.rollout_steps`` steps
(or by the game's own ``bot.rollout(rules, state, rng)`` where its bot module has one), and
the result (the win shares of a finished game, or each player's standing) is credited to every
move on the way, each from the point of view of the player who chose it. The move tried most
often at the root is played. The budget is a number of iterations (the same seed gives the same
game) or CPU seconds, whichever ends first.

A game's bot module may set ``tree_depth`` (how many moves deep the tree grows; below it every
iteration goes straight to the play-out) and ``exploration`` (the UCB constant) where its own
measurements say so (docs/bots.md).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from portolan.checker.core.bots import Budget
from portolan.checker.core.bots.policies import LookAheadBot, play_out
from portolan.checker.core.bots.value import value
from portolan.checker.core.game import GameRules

EXPLORATION = 0.7  # the UCB constant: rewards lie between 0 and 1


class Node:
    """A move in the tree: who chose it, how often it was tried, available, and what it won."""

    __slots__ = ("available", "children", "player", "reward", "visits")

    def __init__(self, player: str | None):
        self.player = player
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Any, Node] = {}

    def ucb(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(max(self.available, 1)) / self.visits
        )


class MctsBot(LookAheadBot):
    level = "mcts"
    iterations = 0  # of the last choice (for the benchmark)

    def __init__(
        self, rules: GameRules, seat: str, rng: random.Random, budget: Budget | None = None
    ):
        super().__init__(rules, seat, rng, budget)
        # the game's own knobs (its bot module): see the module's docstring
        bot = rules.bot
        self.depth: int | None = getattr(bot, "tree_depth", None)
        self.exploration: float = getattr(bot, "exploration", EXPLORATION)
        self.rollout = getattr(bot, "rollout", None)  # a game's own play-out, if it has one

    def pick(self, state: Any, moves: list[Any]) -> Any:
        """The most tried of ``moves`` after the budget's iterations from ``state``."""
        if len(moves) == 1:
            return moves[0]
        return self.most_tried(self.search(state), moves)

    def search(self, state: Any) -> Node:
        """The tree the budget's iterations grow from ``state``."""
        root = Node(None)
        players = list(state.players)
        started = time.process_time()
        limit = self.budget.seconds
        n = 0
        while n < self.budget.iterations:
            self.iterate(root, state, players)
            n += 1
            if limit is not None and time.process_time() - started >= limit:
                break
        self.iterations = n
        return root

    def most_tried(self, root: Node, moves: list[Any]) -> Any:
        """The move tried most often at the root; among equals the one with the best mean
        result, then one at random (never the first or last of the list by default: a short
        search would otherwise always pass, or always take the first offer)."""
        tried = [
            (root.children[m].visits, root.children[m].reward / root.children[m].visits, m)
            for m in moves
            if m in root.children
        ]
        if not tried:
            return self.rng.choice(moves)
        best = max((v, r) for v, r, _ in tried)
        top = [m for v, r, m in tried if (v, r) == best]
        visits, mean = best
        games = "game" if visits == 1 else "games"
        self.reason = f"won {100 * mean:.0f} % of the {visits} {games} it played ahead after it"
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def iterate(self, root: Node, state: Any, players: list[str]) -> None:
        rules, rng = self.rules, self.rng
        s = rules.copy_state(state)
        rules.determinise(s, self.seat, rng)
        node, path = root, []
        while (d := rules.decision(s)) is not None:
            if d.kind == "chance":
                rules.apply(s, rules.sample_outcome(s, rng))
                continue
            moves = rules.legal_moves(s)
            children = node.children
            for m in moves:
                child = children.get(m)
                if child is not None:
                    child.available += 1
            untried = [m for m in moves if m not in children]
            if untried:
                move = rng.choice(untried)
                child = children[move] = Node(d.player)
                child.available = 1
                rules.apply(s, move)
                path.append(child)
                break
            move = max(moves, key=lambda m: children[m].ucb(self.exploration))
            node = children[move]
            rules.apply(s, move)
            path.append(node)
            if len(path) == self.depth:
                break
        if self.rollout is None:
            play_out(rules, s, rng, rules.rollout_steps)
        else:
            self.rollout(rules, s, rng)
        result = value(rules, s, players)
        for n in path:
            n.visits += 1
            n.reward += result.get(n.player, 0.0)
