"""Age of Discovery, actions/loading.py: whether a player's idle ships can meet a contract's
transport exactly (the random games, conservation and replay of simulated logs are in
test_games_properties.py)."""

from __future__ import annotations

import random

from checker.core.registry import rules_for
from checker.core.simulate import default_players, random_game
from checker.games.age_of_discovery.actions.loading import can_load, full_plan, load_plan
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS

RULES = rules_for("age-of-discovery")
MODEL = load_game(COMPONENTS, "age-of-discovery")
BOOK = RULES.book(MODEL)
DEFAULTS = {o.name: o.default for o in RULES.options(MODEL)}


def test_the_quick_contract_test_agrees_with_the_full_one():
    """load_plan's bit-mask shortcut gives the same answers as the full search."""
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        game = random_game(RULES, MODEL, default_players(2), DEFAULTS, rng)
        state = RULES.setup(MODEL, game.players, DEFAULTS)
        for step in game.steps:
            RULES.apply(state, step.move)
            p = state.players[state.current]
            for c in state.hands[p]:
                for need in range(1, BOOK.contracts[c].transport + 1):
                    quick = load_plan(state, p, c, need, 0, 0, None)
                    assert quick == full_plan(state, p, c, need, 0, 0, None), (c, need)
                    checked += 1
    assert checked > 1000


def test_the_remembered_least_fees_agree_with_the_search():
    """can_load (the least fees, remembered across coins and turns) answers as load_plan does
    with the coins of the moment, for every player and contract at every step."""
    checked = 0
    for n, options in ((2, DEFAULTS), (3, {**DEFAULTS, "flagship_colours": "any"})):
        rng = random.Random(11 + n)
        for _ in range(12):
            game = random_game(RULES, MODEL, default_players(n), options, rng)
            state = RULES.setup(MODEL, game.players, options)
            for step in game.steps:
                RULES.apply(state, step.move)
                for p, hand in state.hands.items():
                    for c in hand:
                        for need in range(1, BOOK.contracts[c].transport + 2):
                            expected = load_plan(state, p, c, need, 0, 0, None) is not None
                            assert can_load(state, p, c, need) == expected, (p, c, need)
                            checked += 1
    assert checked > 1000
