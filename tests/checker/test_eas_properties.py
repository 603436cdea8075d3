"""Random legal games: they end, no card is ever lost or doubled, totals add up, and a
simulated game's log replays through the checker to the same scores."""

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
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS

RULES = rules_for("exploration-age-of-sail")
MODEL = load_game(COMPONENTS, "exploration-age-of-sail")
DEFAULTS = {o.name: o.default for o in RULES.options(MODEL)}
FULL_SET = Counter({c.name: c.count for deck in MODEL.decks() for c in deck.cards})


def every_card_once(state) -> bool:
    seen: Counter = Counter()
    for pile in state.zones().values():
        seen.update(pile)
    return seen == FULL_SET


def test_500_seeded_random_games_end_and_conserve_every_card():
    rng = random.Random(2026)
    for k in range(500):
        players = default_players(2 + k % 5)
        options = dict(DEFAULTS)
        # every option reading is exercised too
        for o in RULES.options(MODEL):
            options[o.name] = rng.choice(list(o.choices))
        state = RULES.setup(MODEL, players, options)
        steps = 0
        while (d := RULES.decision(state)) is not None:
            if d.kind == "chance":
                outcomes = RULES.outcomes(state)
                move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
            else:
                move = rng.choice(RULES.legal_moves(state))
            assert RULES.check(state, move, d.player) is None, (move, d)
            RULES.apply(state, move)
            steps += 1
            assert steps < 20_000, "the game did not end"
            if steps % 7 == 0 or RULES.decision(state) is None:
                assert every_card_once(state), f"game {k}, step {steps}"
        sheet = RULES.score(state)
        for line in sheet.lines:
            assert line.total == sum(line.breakdown.values())
            assert line.breakdown["discoveries"] == sum(
                RULES.book(MODEL).exploration[d].level for d, _ in state.victory[line.player]
            )
        assert sheet.winners


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_a_simulated_games_log_replays_to_the_same_scores(seed, players):
    names = default_players(players)
    game = random_game(RULES, MODEL, names, DEFAULTS, random.Random(seed))
    text = log_text(RULES, MODEL, names, DEFAULTS, game.steps)
    result = replay(parse_log(text, "sim.yaml", COMPONENTS))
    assert result.ok, result.violation
    assert result.state.over
    assert RULES.score(result.state).as_json() == RULES.score(game.state).as_json()


@pytest.mark.parametrize("option", [o.name for o in RULES.options(MODEL)])
def test_every_option_is_documented_with_its_choices(option):
    doc = (COMPONENTS.parent / "docs" / "rules" / "exploration-age-of-sail.md").read_text("utf-8")
    opt = next(o for o in RULES.options(MODEL) if o.name == option)
    assert f"### `{option}`" in doc
    for choice in opt.choices:
        assert f"`{str(choice).lower()}`" in doc
