"""Age of Discovery, random legal games: they end, coins and cards are conserved after every step,
totals add up, and a simulated game's log replays through the checker to the same scores."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.core.log import parse_log
from checker.core.logwriter import log_text
from checker.core.registry import rules_for
from checker.core.replay import replay
from checker.core.simulate import default_players, random_game
from checker.games.age_of_discovery.play import _load_plan, _plan
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS

RULES = rules_for("age-of-discovery")
MODEL = load_game(COMPONENTS, "age-of-discovery")
BOOK = RULES.book(MODEL)
DEFAULTS = {o.name: o.default for o in RULES.options(MODEL)}
FULL_SET = Counter(BOOK.full_set)


def every_card_once(state) -> Counter:
    seen: Counter = Counter()
    for pile in state.zones().values():
        seen.update(pile)
    return seen


def test_300_random_games_end_and_conserve_coins_and_cards():
    rng = random.Random(2026)
    for k in range(300):
        players = default_players(2 + k % 3)
        options = dict(DEFAULTS)
        if k % 2:  # every option reading is exercised too
            for o in RULES.options(MODEL):
                options[o.name] = rng.choice(list(o.choices))
        state = RULES.setup(MODEL, players, options)
        steps = 0
        while (d := RULES.decision(state)) is not None:
            if d.kind == "chance":
                outcomes = RULES.outcomes(state)
                move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
            else:
                moves = RULES.legal_moves(state)
                assert moves, f"game {k}: no legal move for {d}"
                move = rng.choice(moves)
            assert RULES.check(state, move, d.player) is None, (k, move, d)
            RULES.apply(state, move)
            steps += 1
            assert steps < 20_000, f"game {k} did not end"
            assert state.bank + sum(state.coins.values()) == BOOK.bank_total, (k, steps)
            assert every_card_once(state) == FULL_SET, f"game {k}, step {steps}"
        assert state.first_points is not None and state.final_points is not None
        sheet = RULES.score(state)
        for line in sheet.lines:
            assert line.total == sum(line.breakdown.values())
            assert line.breakdown["first_expeditions"] == state.first_points[line.player]
        assert sheet.winners


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_a_simulated_games_log_replays_to_the_same_scores(seed, players):
    names = default_players(players)
    game = random_game(RULES, MODEL, names, DEFAULTS, random.Random(seed))
    text = log_text(RULES, MODEL, names, DEFAULTS, game.steps)
    result = replay(parse_log(text, "sim.yaml", COMPONENTS))
    assert result.ok, result.violation
    assert result.state.over
    assert RULES.score(result.state).as_json() == RULES.score(game.state).as_json()


def test_the_quick_contract_test_agrees_with_the_full_one():
    """play._load_plan's bit-mask shortcut gives the same answers as the full search."""
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
                    quick = _load_plan(state, p, c, need, 0, 0, None)
                    assert quick == _plan(state, p, c, need, 0, 0, None), (c, need)
                    checked += 1
    assert checked > 1000


@pytest.mark.parametrize("option", [o.name for o in RULES.options(MODEL)])
def test_every_option_is_documented_with_its_choices(option):
    doc = (COMPONENTS.parent / "docs" / "rules" / "age-of-discovery.md").read_text("utf-8")
    opt = next(o for o in RULES.options(MODEL) if o.name == option)
    assert f"### `{option}`" in doc
    for choice in opt.choices:
        assert f"`{str(choice).lower()}`" in doc
