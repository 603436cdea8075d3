"""The bots of checker/core/bots, in every game: they choose only what the referee offers, leave
the position they are shown as it was, play the same game from the same seed, and finish games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from portolan.checker.core.bots import LEVELS, Budget, make_bot
from portolan.checker.core.bots.arena import bot_game, bots_for, percentile, seat_levels, wilson
from portolan.checker.core.registry import GAMES, rules_for
from portolan.model.loader import load_game

COMPONENTS = Path(__file__).resolve().parents[3] / "components"
SMALL = Budget(iterations=6)  # mcts, cheaply: these tests are about the contract, not strength


def loaded(game: str):
    rules = rules_for(game)
    model = load_game(COMPONENTS, game)
    return rules, model, {o.name: o.default for o in rules.options(model)}


def snapshot(rules, state):
    """The state's contents, caches left out, for comparing before and after."""
    return rules.copy_state(state)


def advanced(rules, model, options, seed: int, steps: int):
    """A position ``steps`` random steps into a two-player game (or its end)."""
    state = rules.setup(model, ["Ana", "Ben"], options)
    rng = random.Random(seed)
    for _ in range(steps):
        d = rules.decision(state)
        if d is None:
            break
        kind = d.kind
        rules.apply(
            state,
            rules.sample_outcome(state, rng) if kind == "chance" else rules.sample_move(state, rng),
        )
    return state


class Referee:
    """A bot that asks the referee about every move its inner bot proposes."""

    def __init__(self, rules, bot):
        self.rules, self.bot, self.level, self.asked = rules, bot, bot.level, 0

    def choose(self, state, decision):
        legal = self.rules.legal_moves(state)  # first: what a position caches of itself
        before = snapshot(self.rules, state)
        move = self.bot.choose(state, decision)
        assert move in legal
        assert self.rules.check(state, move, decision.player) is None
        assert snapshot(self.rules, state) == before, "a bot changed the position it was shown"
        self.asked += 1
        return move


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_move_is_legal_and_the_game_ends(game, level):
    rules, model, options = loaded(game)
    players = ["Ana", "Ben"]
    bots = {p: Referee(rules, make_bot(level, rules, p, 1, SMALL)) for p in players}
    played = bot_game(rules, model, players, options, bots, random.Random(4), max_steps=5000)
    assert played.ended and rules.decision(played.state) is None
    assert all(b.asked > 0 for b in bots.values())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_same_seed_gives_the_same_game(game):
    rules, model, options = loaded(game)
    players = ["Ana", "Ben"]

    def moves(seed):
        bots = bots_for(rules, players, ("mcts", "greedy"), seed, Budget(iterations=4))
        g = bot_game(rules, model, players, options, bots, random.Random(9), max_steps=160)
        return [s.move for s in g.steps]

    first = moves(2)
    assert first == moves(2)
    assert first != moves(3)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_copy_played_forward_leaves_the_original_unchanged(game):
    rules, model, options = loaded(game)
    for seed, steps in ((1, 20), (2, 120), (3, 400)):
        state = advanced(rules, model, options, seed, steps)
        before = snapshot(rules, state)
        clone = rules.copy_state(state)
        rng = random.Random(seed)
        while (d := rules.decision(clone)) is not None:
            move = (
                rules.sample_outcome(clone, rng)
                if d.kind == "chance"
                else rules.sample_move(clone, rng)
            )
            rules.apply(clone, move)
        assert snapshot(rules, state) == before
        assert rules.legal_moves(state) == rules.legal_moves(before)
        assert clone.book is state.book  # what no move changes is shared, not copied


def test_levels_rotate_one_seat_a_game():
    levels = ("mcts", "greedy", "random")
    assert [seat_levels(levels, k) for k in range(4)] == [
        ("mcts", "greedy", "random"),
        ("random", "mcts", "greedy"),
        ("greedy", "random", "mcts"),
        ("mcts", "greedy", "random"),
    ]


def test_wilson_interval():
    low, high = wilson(80, 100)
    assert low == pytest.approx(0.7112, abs=1e-4) and high == pytest.approx(0.8666, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_percentile_by_nearest_rank():
    values = [float(v) for v in range(1, 21)]
    assert percentile(values, 0.5) == 10.0 and percentile(values, 0.95) == 19.0


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_bot("clever", rules_for("ships"), "Ana", 0)


def at_a_choice(rules, model, options, seed: int, steps: int):
    """The first position from ``steps`` random steps on where a player has a real choice."""
    while True:
        state = advanced(rules, model, options, seed, steps)
        d = rules.decision(state)
        if d.kind == "choice" and len(rules.legal_moves(state)) > 1:
            return state, d.player
        steps += 1


def tree_depth(node) -> int:
    return 1 + max((tree_depth(c) for c in node.children.values()), default=0)


@pytest.mark.parametrize("depth", [1, 2, None])
def test_a_games_tree_depth_bounds_the_mcts_tree(monkeypatch, depth):
    rules, model, options = loaded("ships")
    monkeypatch.setattr(rules.bot, "tree_depth", depth, raising=False)
    state, player = at_a_choice(rules, model, options, 5, 30)
    bot = make_bot("mcts", rules, player, 1, Budget(iterations=60))
    grown = tree_depth(bot.search(state)) - 1  # the root itself is no move
    assert grown == depth if depth else grown > 2


def test_age_of_exploration_searches_one_move_deep():
    rules, model, options = loaded("age-of-exploration")
    state, player = at_a_choice(rules, model, options, 1, 12)
    bot = make_bot("mcts", rules, player, 1, Budget(iterations=40))
    root = bot.search(state)
    assert root.children and all(not c.children for c in root.children.values())
    assert bot.exploration == rules.bot.exploration < 0.7
