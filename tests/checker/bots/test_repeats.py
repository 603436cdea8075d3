"""A bot never leads the game back to a position its own moves led to while another move is
open: the loop a losing bot found in Age of Exploration (flipping the ship type card back and
forth rather than ending the game) cannot happen."""

from __future__ import annotations

import random
from pathlib import Path

from checker.core.bots import Budget, make_bot
from checker.core.bots.repeats import Seen, fresh_moves, remember, signature
from checker.core.registry import rules_for
from checker.games.age_of_exploration.moves import ShipType
from portolan.model.loader import load_game

COMPONENTS = Path(__file__).resolve().parents[3] / "components"
GAME = "age-of-exploration"


def outfitting():
    """Ana outfitting her first expedition, with the ship type card free to flip."""
    rules, model = rules_for(GAME), load_game(COMPONENTS, GAME)
    state = rules.setup(model, ["Ana", "Ben"], {o.name: o.default for o in rules.options(model)})
    rng = random.Random(3)
    while True:
        d = rules.decision(state)
        moves = rules.legal_moves(state) if d.kind == "choice" else []
        if any(isinstance(m, ShipType) for m in moves):
            return rules, state, moves
        move = rules.sample_outcome(state, rng) if d.kind == "chance" else moves[0]
        rules.apply(state, move)


def test_the_signature_is_that_of_the_position():
    rules, state, moves = outfitting()
    assert signature(rules, state) == signature(rules, rules.copy_state(state))
    flipped = rules.copy_state(state)
    rules.apply(flipped, next(m for m in moves if isinstance(m, ShipType)))
    assert signature(rules, flipped) != signature(rules, state)


def test_a_move_back_to_a_position_seen_is_left_out_while_another_is_open():
    rules, state, moves = outfitting()
    seen = Seen()
    flip = next(m for m in moves if isinstance(m, ShipType))
    remember(rules, state, flip, seen)
    fresh = fresh_moves(rules, state, moves, seen)
    assert flip not in fresh and len(fresh) == len(moves) - 1
    every = Seen()
    for m in moves:
        remember(rules, state, m, every)
    assert fresh_moves(rules, state, moves, every) == moves  # nothing fresh: all stay open


def test_a_bot_does_not_flip_back_and_forth():
    rules, state, _ = outfitting()
    for level in ("greedy", "mcts"):
        bot = make_bot(level, rules, "Ana", 1, Budget(iterations=10))
        s = rules.copy_state(state)
        positions = []
        for _ in range(30):
            d = rules.decision(s)
            if d is None or d.player != "Ana" or d.kind != "choice":
                break
            key = signature(rules, s)
            assert key not in positions, f"{level} came back to a position"
            positions.append(key)
            rules.apply(s, bot.choose(s, d))
