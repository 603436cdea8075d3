"""Age of Discovery, actions/loading.py: whether a player's idle ships can meet a contract's
transport exactly (the random games, conservation and replay of simulated logs are in
test_games_properties.py)."""

from __future__ import annotations

import random

from portolan.checker.core.registry import rules_for
from portolan.checker.core.simulate import default_players, random_game
from portolan.checker.games.age_of_discovery.actions.loading import full_plan, load_plan
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS

RULES = rules_for("age-of-discovery")
MODEL = load_game(COMPONENTS, "age-of-discovery")
BOOK = RULES.book(MODEL)
DEFAULTS = {o.name: o.default for o in RULES.options(MODEL)}


def full_search(state, p, contract, need):
    """The full search with the player's flagship: any it may be, if it is kept secret."""
    flags = state.flagships_of(p) or [None]
    found = any(full_plan(state, p, contract, need, 0, 0, None, f) for f in flags)
    return True if found else None


def test_the_quick_contract_test_agrees_with_the_full_one():
    """load_plan's bit-mask shortcut gives the same answers as the full search (random games
    keep some flagships secret, so both are asked with every flagship it may be)."""
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        game = random_game(RULES, MODEL, default_players(2), DEFAULTS, rng)
        state = RULES.setup(MODEL, game.players, DEFAULTS)
        for step in game.steps:
            RULES.apply(state, step.move)
            p = state.players[state.current]
            for c in state.hands[p] + state.secret_hand(p)[:3]:
                for need in range(1, BOOK.contracts[c].transport + 1):
                    quick = load_plan(state, p, c, need, 0, 0, None)
                    assert quick == full_search(state, p, c, need), (c, need)
                    checked += 1
    assert checked > 1000
