"""Random games of Discovery: The Era of Voyage beyond the shared tests (which play them to the
end, conserving coins, resources and VP, and replay their logs with any options): how they
end, the table's draws, and the options' documentation and defaults."""

from __future__ import annotations

import random

import pytest

from portolan.checker.core.registry import rules_for
from portolan.checker.core.simulate import default_players, random_game
from portolan.model import load_game
from tests.checker.games.discovery_era_of_voyage import two_player_pirates
from tests.checker.helpers import COMPONENTS

RULES = rules_for("discovery-era-of-voyage")
MODEL = load_game(COMPONENTS, "discovery-era-of-voyage")
BOOK = RULES.book(MODEL)
DEFAULTS = {o.name: o.default for o in RULES.options(MODEL)}


def random_options(rng: random.Random, players: int) -> dict:
    options = {o.name: rng.choice(list(o.choices)) for o in RULES.options(MODEL)}
    return two_player_pirates(options, players)


def test_random_games_end_for_both_of_the_usual_reasons():
    """Every game ends (shared tests); across varied options, both the Cultural island's last
    VP and a player's last marker end some of them."""
    rng = random.Random(2026)
    ends = set()
    for k in range(60):
        n = 2 + k % 3
        options = DEFAULTS if k % 4 == 0 else random_options(rng, n)
        game = random_game(RULES, MODEL, default_players(n), options, rng)
        ends.add(game.state.end_reason.split(" has ")[-1])
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


@pytest.mark.parametrize("option", [o.name for o in RULES.options(MODEL)])
def test_every_option_quotes_the_sentence_it_reads(option):
    # that each option and its choices are documented is a shared test
    doc = (COMPONENTS.parent / "docs" / "rules" / "discovery-era-of-voyage.md").read_text("utf-8")
    opt = next(o for o in RULES.options(MODEL) if o.name == option)
    heading = doc.index(f"### `{option}`")
    quote = doc[heading:].split("\n", 2)[1]
    assert quote.startswith('> "') and f"({opt.section})" in quote


def test_the_default_readings_are_those_rules_yaml_records():
    k = BOOK.constants
    assert DEFAULTS["tariff_on_central"] is k["tariff_on_central"]
    assert DEFAULTS["redraw"] == "any_income" and k["redraw_until_all_resources"] is True
    note = MODEL.rules.constants["marker_limit"].note
    assert DEFAULTS["marker_limit"] == "anyone" and note.startswith("nobody may invest")
    assert BOOK.max_steps() == k["max_steps"] == 5
    assert DEFAULTS["turn_pirates"] == "one" and "a pirate's bow" in (
        MODEL.rules.constants["pirate_turn_cost"].note
    )


def test_simulates_player_turns_a_pirate_now_and_then_and_invests_when_it_can():
    """simulate's player plays like a table (flow.sample_move): a pirate turned for a coin or a
    resource about one time in ten that other moves are open, an investment taken when open
    nine times in ten; every move it picks is legal. Uniform picks drained two players, who
    then seldom invested and played thousands of steps."""
    from portolan.checker.games.discovery_era_of_voyage.flow import INVEST_SHARE, PIRATE_TURN_SHARE
    from portolan.checker.games.discovery_era_of_voyage.moves import Invest, TurnPirate

    rng = random.Random(11)
    offered = turned = open_to_invest = invested = steps = 0
    for _ in range(12):
        state = RULES.setup(MODEL, default_players(2), DEFAULTS)
        while (d := RULES.decision(state)) is not None:
            if d.kind == "chance":
                move = RULES.sample_outcome(state, rng)
            else:
                moves = RULES.choices(state, d)
                move = RULES.sample_move(state, rng)
                assert move in moves
                kinds = {type(m) for m in moves}
                pirates_too = TurnPirate in kinds and len(kinds) > 1
                if pirates_too:
                    offered += 1
                    turned += type(move) is TurnPirate
                if Invest in kinds:  # expected: INVEST_SHARE of the picks not turning a pirate
                    open_to_invest += 1 - PIRATE_TURN_SHARE if pirates_too else 1
                    invested += type(move) is Invest
            RULES.apply(state, move)
            steps += 1
    assert offered > 300 and open_to_invest > 30
    assert abs(turned / offered - PIRATE_TURN_SHARE) < 0.05
    assert abs(invested / open_to_invest - INVEST_SHARE) < 0.1
    assert steps / 12 < 1500  # uniform picks: about 2,600 a game
