"""Age of Discovery's bot hooks (checker/games/age_of_discovery/bot.py): what a position is
worth, what one seat cannot see re-sampled, and greedy judging alike whatever is hidden."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from portolan.checker.core.bots.greedy import GreedyBot
from portolan.checker.core.registry import rules_for
from portolan.checker.games.age_of_discovery import bot
from portolan.checker.games.age_of_discovery.actions.tasks import Sailing
from portolan.checker.games.age_of_discovery.bot import WORTH
from portolan.checker.games.age_of_discovery.state import OVER, Placed, Voyage
from portolan.model.loader import load_game
from tests.checker.helpers import COMPONENTS

RULES = rules_for("age-of-discovery")
MODEL = load_game(COMPONENTS, "age-of-discovery")
OPTIONS = {o.name: o.default for o in RULES.options(MODEL)}
ANA, BEN = "Ana", "Ben"
# Fields that are caches, not the position.
CACHES = {"memo", "scratchpad", "cache"}


def started(seed: int = 1, secret: tuple[str, ...] = ()):
    """A two-player game after its setup, at Ana's first choice of an action: every card dealt
    is named, except the kinds in ``secret`` ("contract", "mission", "flagship"), which both
    players keep secret."""
    rng = random.Random(seed)
    state = RULES.setup(MODEL, [ANA, BEN], OPTIONS)
    while (d := RULES.decision(state)) is not None and d.kind == "chance":
        if d.secret is not None and d.secret.what in secret:
            move = d.secret
        else:
            outcomes = RULES.outcomes(state)
            move = outcomes[rng.randrange(len(outcomes))][0]
        RULES.apply(state, move)
    RULES.apply(state, RULES.legal_moves(state)[0])  # Ana begins her turn
    assert RULES.decision(state).phase == "Actions"
    return state


def position(state) -> dict:
    return {
        f.name: getattr(state, f.name)
        for f in dataclasses.fields(state)
        if f.name not in CACHES and f.name != "book"
    }


# -- worths -----------------------------------------------------------------------------------
def test_coins_are_worth_a_point_each_while_the_piles_are_full():
    state = started()
    before = bot.worths(state)
    state.coins[ANA] += 3
    after = bot.worths(state)
    assert after[ANA] - before[ANA] == pytest.approx(3 * WORTH["coin_early"])
    assert after[BEN] == before[BEN]


def test_coins_past_the_cap_count_nothing_so_a_rich_player_buys():
    state = started()
    state.coins[ANA] = WORTH["coin_cap"]
    capped = bot.worths(state)[ANA]
    state.coins[ANA] += 10
    assert bot.worths(state)[ANA] == capped
    state.fleet[ANA] = {"Red Ship 3": 1}  # a ship bought with coins past the cap
    state.coins[ANA] -= state.book.ships["Red Ship 3"].cost
    assert bot.worths(state)[ANA] > capped


def test_a_coin_is_worth_less_once_the_final_scoring_card_is_out():
    state = started()
    early = bot.coin_value(state, ANA)
    state.piles = [0, 0, 0, 0, 3]
    mid = bot.coin_value(state, ANA)
    state.final_at = state.turn + 2
    last = bot.coin_value(state, ANA)
    assert early == WORTH["coin_early"] > mid > last == WORTH["coin_last"]
    state.final_at = state.turn  # Ana's turn is the last one
    assert bot.coin_value(state, BEN) == 0.0 and bot.coin_value(state, ANA) == last


def test_a_ship_in_the_fleet_is_worth_its_point_and_part_of_its_best_expedition():
    state = started()
    book = state.book
    before = bot.worths(state)[ANA]
    state.fleet[ANA] = {"Red Ship 1": 1}
    gain = bot.worths(state)[ANA] - before
    # Antonio de Abreu (red, 3 transport) is the best room: 4 + 8 points, less the point the
    # ship scores idle and the coin of its fee.
    abreu = book.expeditions["Antonio de Abreu"]
    best = abreu.first_match + abreu.final_match - 1 - WORTH["coin_early"]
    assert gain == pytest.approx(1 + WORTH["ship_option"] * best)


def test_a_ship_on_an_expedition_is_worth_the_points_of_both_scorings_to_come():
    state = started()
    abreu = state.book.expeditions["Antonio de Abreu"]
    before = bot.expedition_points_to_come(state)[BEN]
    state.expeditions["Antonio de Abreu"].append(Placed(BEN, "Red Ship 1", "red", 1))
    state.load["Antonio de Abreu"] += 1
    assert bot.expedition_points_to_come(state)[BEN] - before == (
        abreu.first_match + abreu.final_match
    )
    state.first_points = {ANA: 0, BEN: abreu.first_match}  # the first scoring is over
    assert bot.expedition_points_to_come(state)[BEN] == abreu.final_match
    assert bot.scored(state, BEN) == abreu.first_match


def test_the_ship_being_sent_counts_whole():
    state = started()
    state.fleet[ANA] = {"Red Ship 1": 1}
    resting = bot.worths(state)[ANA]
    state.tasks.append(Sailing("Red Ship 1"))
    assert bot.worths(state)[ANA] > resting


def test_a_contract_in_hand_is_worth_part_of_its_payout_more_when_the_ships_can_meet_it():
    state = started()
    payout = state.book.contracts["Red Contract 3"].payouts[1]
    state.hands[ANA] = []
    state.flagship_idle[ANA] = False  # no flagship to make up the transport
    bare = bot.worths(state)[ANA]
    state.hands[ANA] = ["Red Contract 3"]
    later = bot.worths(state)[ANA] - bare
    assert later == pytest.approx(WORTH["contract_later"] * payout)
    state.fleet[ANA] = {"Red Ship 3": 1}
    fleet_only = bot.worths(state)[ANA]
    state.hands[ANA] = []
    ready = fleet_only - bot.worths(state)[ANA]
    assert ready == pytest.approx(WORTH["contract_ready"] * payout)


def test_a_voyage_under_way_is_worth_its_payout_less_the_wait():
    state = started()
    payout = state.book.contracts["Red Contract 3"].payouts[2]
    before = bot.worths(state)[ANA]
    state.voyages.append(Voyage(ANA, "Red Contract 3", 3, [("Red Ship 3", 3)], left=1))
    gain = bot.worths(state)[ANA] - before
    # the voyage's ship scores its idle point too
    assert gain == pytest.approx(payout * (1 - WORTH["voyage_wait"]) + 1)
    state.final_at = state.turn  # the game ends before Ana's next turn: it never pays
    assert bot.voyages_worth(state, ANA, 1.0) == 0.0


def test_a_mission_is_worth_the_expeditions_it_meets_now():
    state = started()
    mission = state.book.missions["All Ships (2 players)"]
    state.missions[ANA] = mission.name
    state.completed[ANA] = 3
    before = bot.mission_worth(state, ANA)
    for exp in ("Antonio de Abreu", "Bartolomeu Dias"):
        state.expeditions[exp].append(Placed(ANA, "Red Ship 1", "red", 1))
    after = bot.mission_worth(state, ANA)
    assert before == 0.0
    assert after == pytest.approx(WORTH["mission_share"] * 2 * mission.points(3))


def test_a_mission_kept_secret_counts_as_the_average_of_those_it_may_be():
    state = started()
    pool = [m for m in state.book.missions.values() if m.players == 2]
    state.missions[ANA], state.mission_pool = None, [m.name for m in pool]
    state.completed[ANA] = 3
    for exp in ("Antonio de Abreu", "Bartolomeu Dias"):
        state.expeditions[exp].append(Placed(ANA, "Red Ship 1", "red", 1))
    mean = sum(2 * m.points(3) for m in pool) / len(pool)  # alone: every mission is met
    assert bot.mission_worth(state, ANA) == pytest.approx(WORTH["mission_share"] * mean)


def test_the_turns_left_once_the_final_scoring_card_is_out():
    state = started()
    assert bot.turns_left(state, ANA) is None
    state.final_at = state.turn + 2  # Ana turned it over: Ben and Ana play one more turn each
    assert bot.turns_left(state, ANA) == 2 and bot.turns_left(state, BEN) == 1
    assert bot.turns_to_begin(state, ANA) == 1


def test_a_finished_game_is_worth_its_score():
    state = started()
    state.phase = OVER
    state.first_points = {ANA: 10, BEN: 4}
    state.final_points = {"expeditions": {ANA: 20, BEN: 30}}
    sheet = RULES.score(state)
    assert bot.worths(state) == {line.player: float(line.total) for line in sheet.lines}


def test_worths_is_wired_into_the_rules():
    state = started()
    assert RULES.worths(state) == bot.worths(state)


# -- determinise -------------------------------------------------------------------------------
def hidden_cards(state) -> Counter:
    """Every contract, flagship and mission Ana cannot place: Ben's and those unseen."""
    cards = [*state.contract_deck, *state.hands[BEN], *state.flagship_pool, *state.mission_pool]
    if state.flagship_idle[BEN]:
        cards.append(state.flagship[BEN])
    if state.missions[BEN]:
        cards.append(state.missions[BEN])
    return Counter(cards)


def determinised(state, seed: int):
    copy = RULES.copy_state(state)
    RULES.determinise(copy, ANA, random.Random(seed))
    return copy


def test_what_the_seat_sees_is_unchanged_and_the_hidden_cards_are_kept():
    state = started(3)
    seen = {
        k: v
        for k, v in position(state).items()
        if k not in ("hands", "contract_deck", "flagship", "flagship_pool")
        and k not in ("missions", "mission_pool")
    }
    for seed in range(5):
        copy = determinised(state, seed)
        assert {k: position(copy)[k] for k in seen} == seen
        assert copy.hands[ANA] == state.hands[ANA]
        assert copy.flagship[ANA] == state.flagship[ANA]
        assert copy.missions[ANA] == state.missions[ANA]
        assert copy.hand_size(BEN) == state.hand_size(BEN)
        assert hidden_cards(copy) == hidden_cards(state)
        assert copy.missions[BEN] is not None and copy.flagship[BEN] is not None


def test_the_others_hidden_cards_are_drawn_again():
    state = started(3)
    samples = {
        (tuple(c.hands[BEN]), c.flagship[BEN], c.missions[BEN])
        for c in (determinised(state, seed) for seed in range(12))
    }
    assert len(samples) > 6


def test_a_flagship_out_at_sea_stays_named():
    state = started(3)
    state.flagship_idle[BEN] = False
    for seed in range(4):
        assert determinised(state, seed).flagship[BEN] == state.flagship[BEN]


def swapped(state):
    """The same position as Ana sees it, with Ben's hidden cards swapped for unseen ones."""
    other = RULES.copy_state(state)
    deck_card = other.contract_deck[0]
    other.contract_deck[0] = other.hands[BEN][0]
    other.hands[BEN][0] = deck_card
    other.flagship[BEN], other.flagship_pool[0] = other.flagship_pool[0], other.flagship[BEN]
    other.missions[BEN], other.mission_pool[0] = other.mission_pool[0], other.missions[BEN]
    other.forget()
    return other


def test_with_a_secret_contract_of_its_own_every_move_of_the_seat_stays_legal():
    state = started(7, secret=("contract", "flagship"))
    assert state.secret_contracts[ANA] and state.flagship[ANA] is None
    moves = RULES.legal_moves(state)
    for seed in range(3):
        copy = determinised(state, seed)
        assert copy.secret_contracts[BEN] == state.hand_size(BEN) and copy.hands[BEN] == []
        assert copy.flagship[BEN] is None
        for move in moves:
            assert RULES.check(copy, move, ANA) is None, move
            RULES.apply(RULES.copy_state(copy), move)


def test_nothing_is_re_dealt_for_the_missions_once_they_are_revealed():
    state = started(3)
    state.final_points = {"expeditions": {ANA: 0, BEN: 0}}
    assert determinised(state, 0).missions == state.missions


# -- bots see only what their seat sees --------------------------------------------------------
def hidden_swap_pair():
    state = started(11)
    state.coins[ANA] = 12  # enough to buy, to accept a contract, to send
    state.forget()
    other = swapped(state)
    d = RULES.decision(state)
    assert d.kind == "choice" and d.player == ANA and len(RULES.legal_moves(state)) > 3
    return state, other, d


class RecordingGreedy(GreedyBot):
    """The greedy bot, keeping the value it finds for every move."""

    def __init__(self, *args):
        super().__init__(*args)
        self.judged: list[tuple] = []

    def judge(self, seen, move, players):
        value = super().judge(seen, move, players)
        self.judged.append((move, value))
        return value


def test_greedy_judges_every_move_alike_whatever_the_others_hide():
    state, other, d = hidden_swap_pair()
    bots = [RecordingGreedy(RULES, ANA, random.Random(4)) for _ in range(2)]
    chosen = [b.choose(s, d) for b, s in zip(bots, (state, other), strict=True)]
    assert chosen[0] == chosen[1]
    assert bots[0].judged == bots[1].judged
