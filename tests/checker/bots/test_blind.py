"""Every game's bots choose from what their seat can see: two positions alike in all the player
to choose sees (another player's hidden cards swapped, where the game hides any; else a copy
with its caches empty) get the same move from bots of the same level and seed."""

from __future__ import annotations

import random

import pytest

from portolan.checker.core.bots import Budget, make_bot
from portolan.checker.core.registry import rules_for
from tests.checker.games import GAME_TESTS


@pytest.mark.parametrize("level", ["greedy", "mcts"])
@pytest.mark.parametrize("game", list(GAME_TESTS))
def test_a_bot_chooses_alike_whatever_its_seat_cannot_see(game, level):
    rules, twins = rules_for(game), GAME_TESTS[game].hidden_twins
    assert twins is not None, f"{game}: tests/checker/games gives no hidden_twins"
    for seed in (3, 4, 8):
        state, twin = twins(seed)
        assert twin is not state
        seat = rules.decision(state).player
        chosen = [
            make_bot(level, rules, seat, seed, Budget(30)).choose(s, rules.decision(s))
            for s in (state, twin)
        ]
        assert chosen[0] == chosen[1], (seed, chosen)
        assert chosen[0] in rules.legal_moves(state)


@pytest.mark.parametrize("game", list(GAME_TESTS))
def test_what_a_seat_cannot_see_is_sampled_alike_from_the_same_seed(game):
    """determinise: the twins, their hidden cards drawn again for the player to choose with the
    same seed, become the same position; where the game hides nothing in play (the twins are
    copies), determinise changes nothing, whatever the seed."""
    rules = rules_for(game)
    for seed in (3, 4, 8):
        state, twin = GAME_TESTS[game].hidden_twins(seed)
        seat = rules.decision(state).player
        hidden = rules.copy_state(state) != rules.copy_state(twin)
        rules.determinise(state, seat, random.Random(seed))
        rules.determinise(twin, seat, random.Random(seed if hidden else seed + 1))
        assert rules.copy_state(state) == rules.copy_state(twin), seed
