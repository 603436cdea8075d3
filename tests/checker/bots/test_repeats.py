"""A bot never leads the game back to a position its own moves led to while another move is
open: the loop a losing bot found in Age of Exploration (flipping the ship type card back and
forth rather than ending the game) cannot happen."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from portolan.checker.core.bots import Budget, make_bot
from portolan.checker.core.bots.repeats import Seen, signature
from portolan.checker.core.game import Decision, GameState, RulesBase
from portolan.checker.core.registry import rules_for
from portolan.checker.core.scoresheet import ScoreLine, ScoreSheet
from portolan.checker.games.age_of_exploration.moves import ShipType
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
    assert seen.fresh(rules, state, moves) == moves  # nothing seen yet
    seen.chose(flip)
    fresh = seen.fresh(rules, state, moves)
    assert flip not in fresh and len(fresh) == len(moves) - 1
    every = Seen()
    for m in moves:
        every.fresh(rules, state, moves)
        every.chose(m)
    assert every.fresh(rules, state, moves) == moves  # nothing fresh: all stay open


@dataclass
class Toy(GameState):
    """A game Ana is losing, where she may flip a card back and forth for ever or end it."""

    players: list[str] = field(default_factory=lambda: ["Ana", "Ben"])
    flipped: bool = False
    over: bool = False


def _flip(state: Toy, move: str) -> list[str]:
    if move == "flip":
        state.flipped = not state.flipped
    else:
        state.over = True
    return []


class ToyRules(RulesBase):
    id = "toy"
    moves = {str: (None, _flip)}

    def setup(self, model, players, options) -> Toy:
        return Toy()

    def decide(self, state: Toy) -> Decision | None:
        return None if state.over else Decision("Ana", "Play", "choice", (str,), "flip or end")

    def choices(self, state: Toy, decision: Decision) -> list[str]:
        return ["flip", "end"]

    def score(self, state: Toy) -> ScoreSheet:
        return ScoreSheet(
            [("vp", "VP")], [ScoreLine("Ana", {"vp": 0}), ScoreLine("Ben", {"vp": 1})]
        )

    def describe(self, move: str) -> str:
        return move


@pytest.mark.parametrize("level", ["greedy"])
def test_a_losing_bot_ends_the_game_rather_than_flip_for_ever(level):
    """Ending loses (0) and flipping keeps Ana's standing above 0: without the memory of the
    positions its moves led to, the greedy bot flips for ever (mcts, whose short searches end
    the game now and then anyway, shares the same memory: repeats.py)."""
    rules = ToyRules()
    state = rules.setup(None, ["Ana", "Ben"], {})
    bot = make_bot(level, rules, "Ana", 1, Budget(iterations=10))
    for _ in range(10):
        d = rules.decision(state)
        if d is None:
            break
        rules.apply(state, bot.choose(state, d))
    assert state.over, f"{level} flipped for ever"
