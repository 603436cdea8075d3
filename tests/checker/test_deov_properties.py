"""Random legal games of Discovery: The Era of Voyage: they end, coins, resources and VP are
conserved between the supply and the players, totals add up, and a simulated game's log replays
through the checker to the same scores."""

from __future__ import annotations

import random

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

RULES = rules_for("discovery-era-of-voyage")
MODEL = load_game(COMPONENTS, "discovery-era-of-voyage")
BOOK = RULES.book(MODEL)
DEFAULTS = {o.name: o.default for o in RULES.options(MODEL)}
BOX = {"coins": BOOK.coins, "VP": BOOK.vp, **BOOK.resource_totals}


def random_options(rng: random.Random, players: int) -> dict:
    options = {o.name: rng.choice(list(o.choices)) for o in RULES.options(MODEL)}
    if players != 2:
        options["pirates"] = False
    return options


def test_300_random_games_end_and_conserve_coins_resources_and_vp():
    rng = random.Random(2026)
    ends = set()
    for k in range(300):
        n = 2 + k % 3
        options = DEFAULTS if k % 4 == 0 else random_options(rng, n)
        state = RULES.setup(MODEL, default_players(n), options)
        assert state.totals() == BOX
        steps = 0
        while (d := RULES.decision(state)) is not None:
            if d.kind == "chance":
                move = RULES.sample_outcome(state, rng)
            else:
                move = rng.choice(RULES.legal_moves(state))
            assert RULES.check(state, move, d.player) is None, (move, d)
            RULES.apply(state, move)
            steps += 1
            assert steps < 20_000, f"game {k} did not end"
            if steps % 9 == 0:
                assert state.totals() == BOX, f"game {k}, step {steps}"
                if options["short_supply"] == "finite":
                    assert state.supply_coins >= 0 and state.supply_vp >= 0
        assert state.totals() == BOX
        assert all(v >= 0 for v in state.coins.values())
        assert all(n >= 0 for p in state.players for n in state.res[p].values())
        ends.add(state.end_reason.split(" has ")[-1])
        sheet = RULES.score(state)
        for line in sheet.lines:
            assert line.total == sum(line.breakdown.values())
            assert line.breakdown["vp_tokens"] == state.vp[line.player]
        assert len(sheet.winners) == 1  # the tie-breakers always settle it (turn order last)
    assert ends == {"no VP left on the Cultural island", "no investment markers left"}


def test_chance_outcomes_in_play_match_what_simulate_draws():
    rng = random.Random(5)
    for _ in range(20):
        state = RULES.setup(MODEL, ["Ana", "Ben", "Cai"], DEFAULTS)
        while RULES.decision(state).kind == "chance":
            offered = dict(RULES.outcomes(state))
            move = RULES.sample_outcome(state, rng)
            assert offered.get(move, 0) > 0
            RULES.apply(state, move)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), vary=st.booleans())
def test_a_simulated_games_log_replays_to_the_same_scores(seed, players, vary):
    names = default_players(players)
    rng = random.Random(seed)
    options = random_options(rng, players) if vary else DEFAULTS
    game = random_game(RULES, MODEL, names, options, rng)
    text = log_text(RULES, MODEL, names, options, game.steps)
    result = replay(parse_log(text, "sim.yaml", COMPONENTS))
    assert result.ok, result.violation
    assert result.state.over
    assert RULES.score(result.state).as_json() == RULES.score(game.state).as_json()
    assert result.state.totals() == game.state.totals()


@pytest.mark.parametrize("option", [o.name for o in RULES.options(MODEL)])
def test_every_option_is_documented_with_its_choices(option):
    doc = (COMPONENTS.parent / "docs" / "rules" / "discovery-era-of-voyage.md").read_text("utf-8")
    opt = next(o for o in RULES.options(MODEL) if o.name == option)
    assert f"### `{option}`" in doc
    for choice in opt.choices:
        assert f"`{str(choice).lower()}`" in doc
    heading = doc.index(f"### `{option}`")
    quote = doc[heading:].split("\n", 2)[1]
    assert quote.startswith('> "') and f"({opt.section})" in quote


def test_the_default_readings_are_those_rules_yaml_records():
    k = BOOK.constants
    assert DEFAULTS["tariff_on_central"] is k["tariff_on_central"]
    assert DEFAULTS["redraw"] == "any_income" and k["redraw_until_all_resources"] is True
    note = MODEL.rules.constants["marker_limit"].note
    assert DEFAULTS["marker_limit"] == "anyone" and note.startswith("nobody may invest")
    assert DEFAULTS["extra_steps"] == "total" and k["max_steps"] == 5
    assert DEFAULTS["turn_pirates"] == "one" and "a pirate's bow" in (
        MODEL.rules.constants["pirate_turn_cost"].note
    )
