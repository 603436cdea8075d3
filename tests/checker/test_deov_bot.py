"""What the bots see of Discovery: The Era of Voyage: the worth of a position (coins, resources,
markers, the income sailed to) and the face-down circle the table holds during the setup."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from portolan.checker.core.bots import Budget, make_bot
from portolan.checker.games.discovery_era_of_voyage import bot
from portolan.checker.games.discovery_era_of_voyage.bot import WORTH
from portolan.checker.games.discovery_era_of_voyage.moves import (
    INVEST_HERE,
    NO_INVEST,
    Bow,
    Collect,
    Sail,
    TurnPirate,
)
from portolan.checker.games.discovery_era_of_voyage.state import INVEST, SETUP_ISLANDS
from tests.checker.test_deov_rules import BOOK, MODEL, RULES, at, new_state, play, turn_of

CW = 1


def two_players(**options):
    s = new_state(players=("Ana", "Ben"), **options)
    for p in s.players:
        s.coins[p] = 0
    return s


def lead(state) -> float:
    w = RULES.worths(state)
    return w["Ana"] - w["Ben"]


# -- worths -------------------------------------------------------------------------------------
def test_equal_positions_are_worth_the_same():
    s = two_players()
    assert lead(s) == 0


def test_coins_are_worth_their_knob():
    s = two_players()
    s.coins["Ana"] = 3
    assert lead(s) == pytest.approx(3 * WORTH["coin"] * bot.goods_share(s))


def test_a_resource_is_worth_its_base_or_the_cultural_island_rate():
    s = two_players()  # CIRCLE's Cultural island is the Temple of the Sun: Gold 2 VP, Fruit 1
    rates = BOOK.island("Temple of the Sun").rates
    values = bot.resource_values(s)
    for r in BOOK.resources:
        base = WORTH["resource"][r]
        assert values[r] == pytest.approx(max(base, WORTH["exchange_share"] * rates.get(r, 0)))
    s.res["Ana"]["Gold"] = 1
    s.res["Ben"]["Fruit"] = 1
    assert lead(s) == pytest.approx((values["Gold"] - values["Fruit"]) * bot.goods_share(s))
    assert lead(s) > 0


def test_a_placed_marker_counts_its_majority_and_its_knob():
    s = two_players()
    slot = s.slot_of["Gold Reef"]
    s.markers[slot]["Ana"] = 1
    s.left["Ana"] -= 1
    island = BOOK.island("Gold Reef")
    assert lead(s) == pytest.approx(island.vp_most + WORTH["placed_marker"])


def test_coins_and_resources_lose_value_as_the_vp_stack_runs_down():
    s = two_players()
    s.coins["Ana"] = 4
    early = lead(s)
    s.stack = 1
    assert 0 < lead(s) < early
    s.stack = 0
    assert lead(s) == pytest.approx(4 * WORTH["coin"] * WORTH["endgame_floor"])


def test_the_income_sailed_to_counts_before_it_is_collected():
    s = two_players()
    turn_of(s, "Ana")
    before = lead(s)
    play(s, Sail("Gold Reef"), Bow(CW))  # Gold Reef's basic income: 1 Gold
    sailed = lead(s)
    assert sailed - before == pytest.approx(bot.resource_values(s)["Gold"] * bot.goods_share(s))
    play(s, Collect())
    assert lead(s) == pytest.approx(sailed)


def test_a_pirate_being_turned_is_paid_for_in_advance():
    s = two_players()
    s.pirates = [[s.slot_of["Orchard Isle"], CW], [s.slot_of["Trading Post"], CW]]
    s.pirates_placed = 2
    at(s, "Ana", "Palm Grove")
    turn_of(s, "Ana")
    s.coins["Ana"] = 2
    before = lead(s)
    play(s, TurnPirate())
    assert before - lead(s) == pytest.approx(WORTH["coin"] * bot.goods_share(s))


# -- determinise --------------------------------------------------------------------------------
def setup_state(placed: int, seed: int):
    s = RULES.setup(MODEL, ["Ana", "Ben"], {o.name: o.default for o in RULES.options(MODEL)})
    rng = random.Random(seed)
    for _ in range(placed):
        RULES.apply(s, RULES.sample_outcome(s, rng))
    if not s.planned:
        RULES.sample_outcome(s, rng)  # the table draws the circle face down
    return s


def test_nothing_is_hidden_once_the_circle_is_laid_out():
    s = two_players()
    s.res["Ben"]["Gold"] = 2
    seen = RULES.copy_state(s)
    RULES.determinise(seen, "Ana", random.Random(1))
    assert RULES.public_state(seen) == RULES.public_state(s)
    assert (seen.res, seen.coins, seen.planned) == (s.res, s.coins, s.planned)


def test_the_face_down_islands_are_redrawn_consistently_with_the_laid_out_ones():
    s = setup_state(placed=3, seed=5)
    seen = RULES.copy_state(s)
    RULES.determinise(seen, "Ana", random.Random(2))
    assert seen.ring == s.ring and seen.planned[:3] == s.ring
    assert Counter(BOOK.island(n).type for n in seen.planned) == Counter(BOOK.draw)
    assert len(set(seen.planned)) == BOOK.slots
    producers = [n for n in seen.planned if BOOK.island(n).type == "production"]
    assert not BOOK.missing_resources(producers, s.options["redraw"])
    while seen.setup_step == SETUP_ISLANDS:  # the table lays out the new draw, legally
        move = RULES.sample_outcome(seen, random.Random(0))
        assert RULES.check(seen, move, "Table") is None
        RULES.apply(seen, move)


def test_two_setups_differing_only_face_down_give_the_same_sample():
    a = setup_state(placed=2, seed=5)
    b = RULES.copy_state(a)
    rest = [n for n in BOOK.surrounding if n not in a.ring]
    while b.planned == a.planned:  # another face-down draw after the same two islands
        random.Random(len(rest)).shuffle(rest)
        b.planned = a.ring + rest[:5]
        rest.append(rest.pop(0))
    for state in (a, b):
        RULES.determinise(state, "Ben", random.Random(9))
    assert a.planned == b.planned
    samples = set()
    for seed in range(8):
        c = RULES.copy_state(a)
        RULES.determinise(c, "Ben", random.Random(seed))
        samples.add(tuple(c.planned))
    assert len(samples) > 1  # a fresh sample, not a fixed answer


# -- the bots on this game ----------------------------------------------------------------------
@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_the_bots_invest_where_a_marker_wins_the_island(level):
    s = two_players()
    at(s, "Ana", "Palm Grove")
    turn_of(s, "Ana")
    s.res["Ana"]["Pepper"] = 1
    s.coins["Ana"] = 2
    s.phase = INVEST
    s.forget()
    assert set(RULES.legal_moves(s)) >= {INVEST_HERE, NO_INVEST}
    chosen = make_bot(level, RULES, "Ana", 3, Budget(60)).choose(s, RULES.decision(s))
    assert chosen == INVEST_HERE


def test_a_market_sailed_to_counts_what_it_will_buy_with_spare_coins():
    s = two_players()
    at(s, "Ana", "Harbour Market")  # basic income: 2 Trade (Pepper sells for 3 coins)
    turn_of(s, "Ana")
    s.phase = "Income"
    s.forget()
    values = bot.resource_values(s)
    s.coins["Ana"] = 3  # every coin still useful: no price here pays by itself
    assert bot.income_value(s, "Ana", values) == 0
    s.coins["Ana"] = WORTH["useful_coins"] + 4  # spare coins: buying is worth it
    one_pepper = bot.goods_value(s.coins["Ana"] - 3, {**s.res["Ana"], "Pepper": 1}, values)
    first_trade = one_pepper - bot.goods_value(s.coins["Ana"], s.res["Ana"], values)
    assert 0 < first_trade <= bot.income_value(s, "Ana", values)


def test_a_hoard_counts_little_beyond_what_can_be_spent():
    s = two_players()
    s.res["Ana"]["Fruit"] = WORTH["useful_resources"]
    s.res["Ben"]["Fruit"] = WORTH["useful_resources"] + 10
    fruit = bot.resource_values(s)["Fruit"]
    assert -lead(s) == pytest.approx(10 * WORTH["surplus_share"] * fruit * bot.goods_share(s))
