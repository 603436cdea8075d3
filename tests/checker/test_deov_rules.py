"""The rules engine of Discovery: The Era of Voyage, move by move, on positions set up for
each rule."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from portolan.checker.core.registry import rules_for
from portolan.checker.games.discovery_era_of_voyage.actions.pirates import pirate_turns
from portolan.checker.games.discovery_era_of_voyage.moves import (
    END_INCOME,
    END_TURN,
    Bow,
    Collect,
    EndIncome,
    Exchange,
    FirstPlayer,
    Invest,
    Markers,
    MovePirate,
    NoIncome,
    NoInvest,
    PayPirate,
    PlaceIsland,
    PlacePirate,
    Return,
    Sail,
    StartingCoins,
    StartTurn,
    Take,
    Trade,
    TurnPirate,
)
from portolan.checker.games.discovery_era_of_voyage.scoring import majority
from portolan.checker.games.discovery_era_of_voyage.state import (
    CENTRE,
    INCOME,
    INVEST,
    OVER,
    SAILING,
    SETUP_ISLANDS,
    TURN,
    TURN_END,
)
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS, play_moves

RULES = rules_for("discovery-era-of-voyage")
MODEL = load_game(COMPONENTS, "discovery-era-of-voyage")
BOOK = RULES.book(MODEL)
CW, CCW = 1, -1
CIRCLE = [
    "Palm Grove",
    "Harbour Market",
    "Orchard Isle",
    "Temple of the Sun",
    "Banana Cove",
    "Trading Post",
    "Gold Reef",
]


def new_state(players=("Ana", "Ben", "Cai"), circle=CIRCLE, by_seat=False, markers=8, **options):
    chosen = {o.name: o.default for o in RULES.options(MODEL)} | options
    s = RULES.setup(MODEL, list(players), chosen)
    play(s, *(PlaceIsland(c) for c in circle), FirstPlayer(players[0]))
    play(s, StartingCoins(by_seat), Markers(markers))
    return s


def play(state, *moves):
    """Apply moves as a log would (defaults filled in); every one must be legal. The state."""
    play_moves(RULES, state, *moves)
    return state


def refused(state, move):
    d = RULES.decision(state)
    while d is not None and not isinstance(move, d.accepts) and d.default is not None:
        RULES.apply(state, d.default)
        d = RULES.decision(state)
    problem = RULES.check(state, move, d.player) if isinstance(move, d.accepts) else None
    return problem or RULES.misplaced(state, move)


def at(state, player, island, bow=CW):
    """Put ``player``'s ship on ``island`` (None: the Central Island) with a bow."""
    state.at[player] = CENTRE if island is None else state.slot_of[island]
    state.bow[player] = 0 if island is None else bow
    state.forget()


def turn_of(state, player):
    """Make it ``player``'s turn, at the start of their Sailing phase."""
    state.current = state.order.index(player)
    state.player = player
    state.phase = TURN
    state.forget()
    play(state, StartTurn(player))


# -- Game Preparation ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("reading", "production"),
    # 65 of the 70 draws of 4 Production islands name every resource in some income box; 30
    # do in their basic boxes (docs/games/discovery-era-of-voyage.md); with no redraw, all 70.
    [("any_income", 65), ("basic_income", 30), ("none", 70)],
)
def test_the_number_of_possible_circles(reading, production):
    # times C(5, 2) Commercial pairs and C(3, 1) Cultural islands
    assert BOOK.completions((), reading) == production * 10 * 3


def test_island_weights_are_the_circles_each_choice_leaves():
    s = RULES.setup(MODEL, ["Ana", "Ben"], {o.name: o.default for o in RULES.options(MODEL)})
    outcomes = dict(RULES.outcomes(s))
    # every valid set of 7 islands is counted once for each of its islands
    assert sum(outcomes.values()) == 7 * 65 * 30
    play(s, PlaceIsland("Palm Grove"), PlaceIsland("Fisher's Bay"), PlaceIsland("Pepper Coast"))
    # Three Production islands without Gold: only a Gold producer may be the fourth.
    weights = {m.card: w for m, w in RULES.outcomes(s)}
    assert {n for n in weights if BOOK.island(n).type == "production"} == {
        "Orchard Isle",
        "Cinnamon Key",
        "Gold Reef",
    }
    assert RULES.check(s, PlaceIsland("Banana Cove"), "Table").section == "Game Preparation"


def test_simulated_circles_follow_the_rulebook_draw():
    rng = random.Random(3)
    seen = Counter()
    for _ in range(300):
        s = RULES.setup(MODEL, ["Ana", "Ben"], {o.name: o.default for o in RULES.options(MODEL)})
        while s.setup_step == SETUP_ISLANDS:
            move = RULES.sample_outcome(s, rng)
            assert RULES.check(s, move, "Table") is None
            RULES.apply(s, move)
        kinds = Counter(BOOK.island(n).type for n in s.ring)
        assert kinds == Counter(BOOK.draw)
        assert not BOOK.missing_resources(
            [n for n in s.ring if BOOK.island(n).type == "production"], "any_income"
        )
        seen.update(s.ring)
    assert set(seen) == set(BOOK.surrounding)  # every island turns up


def test_starting_coins_vp_stack_and_markers():
    s = new_state(players=("Ana", "Ben", "Cai", "Dora"), by_seat=True, markers=5)
    assert [s.coins[p] for p in s.order] == [0, 0, 1, 1]
    assert s.stack == 20 and s.supply_vp == BOOK.vp - 20
    assert set(s.left.values()) == {5}
    extra = new_state(players=("Ana", "Ben"), by_seat=True, seat_coins="extra")
    assert [extra.coins[p] for p in extra.order] == [3, 3]
    plain = new_state(players=("Ana", "Ben"))
    assert plain.coins == {"Ana": 3, "Ben": 3} and plain.stack == 10


def test_the_starting_player_and_turn_order():
    s = RULES.setup(MODEL, ["Ana", "Ben", "Cai"], {o.name: o.default for o in RULES.options(MODEL)})
    play(s, *(PlaceIsland(c) for c in CIRCLE), FirstPlayer("Ben"))
    assert s.order == ["Ben", "Cai", "Ana"]
    assert RULES.decision(s).player == "Table"
    play(s, StartingCoins(False), Markers(8))
    assert RULES.decision(s).player == "Ben"


# -- Sailing -------------------------------------------------------------------------------------
def test_the_sailing_cost_table_counts_the_whole_move():
    """'pays 1 Coin to move the ship forward 3 steps' (Sailing, example): 3 steps cost 1."""
    assert dict(BOOK.cost_row()) == {1: 0, 2: 0, 3: 1, 4: 3, 5: 6}
    assert BOOK.sail_cost(3) == 1 and BOOK.sail_cost(6) is None


def test_the_option_that_contradicted_the_example_is_gone():
    assert "extra_steps" not in {o.name for o in RULES.options(MODEL)}


def test_sailing_from_the_central_island_goes_anywhere_and_sets_the_bow():
    s = new_state()
    turn_of(s, "Ana")
    assert {m.to for m in RULES.legal_moves(s)} == set(CIRCLE)
    play(s, Sail("Gold Reef"), Bow(CCW))
    assert s.where("Ana") == "Gold Reef" and s.bow["Ana"] == CCW


def test_steps_along_the_bow_and_their_cost():
    s = new_state()
    at(s, "Ana", "Palm Grove", CCW)
    turn_of(s, "Ana")
    moves = {(m.to, m.steps) for m in RULES.legal_moves(s) if isinstance(m, Sail)}
    # 3 coins: 1-3 steps counterclockwise (4 steps would cost 3... and are affordable too)
    assert moves == {
        ("Gold Reef", 1),
        ("Trading Post", 2),
        ("Banana Cove", 3),
        ("Temple of the Sun", 4),
    }
    play(s, Sail(None, 4))
    assert s.coins["Ana"] == 0 and s.supply_coins == BOOK.coins - 9 + 3


def test_the_tariff_goes_to_every_ship_where_you_stop_and_not_to_those_you_pass():
    s = new_state()
    at(s, "Ben", "Harbour Market")
    at(s, "Cai", "Orchard Isle")
    at(s, "Ana", "Palm Grove")
    turn_of(s, "Ana")
    play(s, Sail("Orchard Isle"))  # passes Ben, stops on Cai
    assert s.coins == {"Ana": 2, "Ben": 3, "Cai": 4}


def test_no_tariff_on_the_central_island_unless_the_option_says_so():
    s = new_state()
    at(s, "Ana", "Palm Grove")
    turn_of(s, "Ana")
    play(s, Return())
    assert s.coins["Ana"] == 3 and s.bow["Ana"] == 0
    s = new_state(tariff_on_central=True)
    at(s, "Ana", "Palm Grove")
    turn_of(s, "Ana")
    play(s, Return())
    assert s.coins == {"Ana": 1, "Ben": 4, "Cai": 4}


def test_a_player_who_can_pay_for_no_island_must_return():
    for tariff in (False, True):
        # Ana has no coin; the islands 1 and 2 steps ahead are taken; Dora is on the centre.
        s = new_state(players=("Ana", "Ben", "Cai", "Dora"), tariff_on_central=tariff)
        at(s, "Ana", "Palm Grove")
        at(s, "Ben", "Harbour Market")
        at(s, "Cai", "Orchard Isle")
        s.coins["Ana"] = 0
        turn_of(s, "Ana")
        assert RULES.legal_moves(s) == [Return()]
        play(s, Return())
        assert s.coins["Ana"] == 0 and s.coins["Dora"] == 3  # a forced return is free


# -- Income --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("markers", "gains"),
    # The rulebook's example island: 1 marker Fruit + Pepper, 3 markers Fruit + Pepper + Gold.
    [(0, (1, 0, 0)), (1, (1, 1, 0)), (2, (1, 1, 1)), (3, (1, 1, 1))],
)
def test_income_by_markers(markers, gains):
    s = new_state()
    at(s, "Ana", "Harbour Market")
    s.markers[s.slot_of["Orchard Isle"]]["Ana"] = markers
    turn_of(s, "Ana")
    play(s, Sail("Orchard Isle"), Collect())
    assert tuple(s.res["Ana"][x] for x in BOOK.resources) == gains


def test_any_resource_is_named():
    s = new_state()
    at(s, "Ana", "Temple of the Sun")
    s.markers[s.slot_of["Banana Cove"]]["Ana"] = 2
    turn_of(s, "Ana")
    play(s, Sail("Banana Cove"), Collect())
    assert RULES.legal_moves(s) == [Take("Fruit"), Take("Pepper"), Take("Gold")]
    play(s, Take("Gold"))
    assert s.res["Ana"] == {"Fruit": 2, "Pepper": 1, "Gold": 1}


def test_declining_income():
    s = new_state()
    turn_of(s, "Ana")
    play(s, Sail("Palm Grove"), Bow(CW), NoIncome())
    assert s.res["Ana"] == {"Fruit": 0, "Pepper": 0, "Gold": 0} and s.phase == INVEST


def test_trades_and_price_adjustments_in_the_traders_favour():
    s = new_state()
    at(s, "Ana", "Palm Grove")
    s.markers[s.slot_of["Harbour Market"]]["Ana"] = 2  # two adjustments: ±1, ±1
    s.res["Ana"]["Gold"] = 1
    turn_of(s, "Ana")
    play(s, Sail("Harbour Market"), Collect())
    # Fruit costs 2: the first adjustment brings it to 1 (never below); the other one is left
    play(s, Trade("buy", "Fruit"))
    assert s.coins["Ana"] == 2 and s.visit.adjusts == 1
    play(s, Trade("sell", "Gold"))  # 3 + 1
    assert s.coins["Ana"] == 6 and s.visit.adjusts == 0
    assert s.phase == INVEST


def test_trades_are_optional_and_limited():
    s = new_state()
    at(s, "Ana", "Palm Grove")
    turn_of(s, "Ana")
    play(s, Sail("Harbour Market"), Collect())
    assert RULES.legal_moves(s) == [
        Trade("buy", "Fruit"),
        Trade("buy", "Pepper"),
        EndIncome(),
    ]
    play(s, EndIncome())
    assert s.phase == INVEST


def test_the_cultural_extra_only_after_an_exchange():
    s = new_state()
    at(s, "Ana", "Orchard Isle")
    s.markers[s.slot_of["Temple of the Sun"]]["Ana"] = 2
    s.res["Ana"]["Gold"] = 1
    turn_of(s, "Ana")
    play(s, Sail("Temple of the Sun"), Collect(), EndIncome())
    assert s.vp["Ana"] == 0  # no exchange, no extra
    at(s, "Ana", "Orchard Isle")
    turn_of(s, "Ana")
    play(s, Sail("Temple of the Sun"), Collect(), Exchange("Gold"), EndIncome())
    assert s.vp["Ana"] == 2 + 1 + 1  # Gold 2, and both extras
    assert s.stack == 15 - 4


def test_vp_come_from_the_supply_when_the_stack_is_empty():
    s = new_state()
    s.stack, s.supply_vp = 1, BOOK.vp - 1
    at(s, "Ana", "Orchard Isle")
    s.res["Ana"]["Gold"] = 1
    turn_of(s, "Ana")
    play(s, Sail("Temple of the Sun"), Collect(), Exchange("Gold"))
    assert s.vp["Ana"] == 2 and s.stack == 0 and s.supply_vp == BOOK.vp - 2
    assert s.end_reason == ""  # the condition is checked once the income is over
    play(s, EndIncome())
    assert s.end_reason == "no VP left on the Cultural island"


@pytest.mark.parametrize(("supply", "gets"), [("finite", 0), ("substitute", 1)])
def test_an_empty_coin_supply(supply, gets):
    s = new_state(short_supply=supply)
    s.coins["Ben"] += s.supply_coins
    s.supply_coins = 0
    at(s, "Ana", "Palm Grove")
    turn_of(s, "Ana")
    play(s, Return(), Collect())  # the Central Island's income: 1 coin
    assert s.coins["Ana"] == 3 + gets
    assert s.totals()["coins"] == BOOK.coins


def test_resources_never_run_out():
    s = new_state()
    s.supply_res["Fruit"] = 0
    turn_of(s, "Ana")
    play(s, Sail("Palm Grove"), Bow(CW), Collect())
    assert s.res["Ana"]["Fruit"] == 2 and s.supply_res["Fruit"] == -2


# -- Invest --------------------------------------------------------------------------------------
def test_investing_pays_the_cost_and_places_a_marker():
    s = new_state()
    s.res["Ana"]["Pepper"] = 1
    turn_of(s, "Ana")
    play(s, Sail("Palm Grove"), Bow(CW), Collect(), Invest())
    assert s.markers[s.slot_of["Palm Grove"]] == {"Ana": 1}
    assert s.coins["Ana"] == 1 and s.res["Ana"]["Pepper"] == 0 and s.left["Ana"] == 7
    assert s.phase == TURN and s.player == "Ben"


@pytest.mark.parametrize(("limit", "ben_may"), [("anyone", False), ("own", True)])
def test_the_three_marker_limit(limit, ben_may):
    s = new_state(marker_limit=limit)
    s.markers[s.slot_of["Palm Grove"]]["Ana"] = 3
    s.res["Ben"]["Pepper"] = 1
    at(s, "Ana", "Gold Reef")
    turn_of(s, "Ben")
    play(s, Sail("Palm Grove"), Bow(CW), Collect())
    assert (Invest() in RULES.legal_moves(s)) is ben_may


@pytest.mark.parametrize("player", ["Ben", "Cai"])
def test_a_last_marker_placed_ends_the_game_at_the_end_of_the_round(player):
    """Ben's last marker: Cai still plays the round's last turn; Cai plays last in the round:
    the game ends with that turn, nobody plays again."""
    s = new_state(markers=5)
    s.left[player] = 1
    s.res[player]["Pepper"] = 1
    turn_of(s, player)
    play(s, Sail("Palm Grove"), Bow(CW), Collect(), Invest())
    assert s.end_reason == f"{player} has no investment markers left"
    if player == "Ben":
        assert s.phase == TURN and s.player == "Cai"
        play(s, StartTurn("Cai"), Sail("Gold Reef"), Bow(CW), Collect(), NoInvest())
    assert s.phase == OVER and RULES.decision(s) is None


def test_the_game_ends_when_no_island_is_open_for_investment():
    s = new_state()
    for slot in range(7):
        s.markers[slot]["Cai"] = 3
    s.markers[s.slot_of["Palm Grove"]]["Cai"] = 2
    s.res["Ana"]["Pepper"] = 1
    turn_of(s, "Ana")
    play(s, Sail("Palm Grove"), Bow(CW), Collect(), Invest())
    assert s.end_reason == ""  # Palm Grove: Cai 2, Ana 1, still open
    s.res["Cai"]["Pepper"] = 1
    turn_of(s, "Cai")
    play(s, Sail("Palm Grove"), Bow(CW), Collect(), Invest())  # 1 coin of tariff to Ana
    assert s.end_reason == "no island is open for investment"


def test_the_stack_running_out_ends_the_game_after_the_last_player_of_the_round():
    s = new_state()
    s.stack = 1
    s.res["Ana"]["Fruit"] = 1
    turn_of(s, "Ana")
    play(s, Sail("Temple of the Sun"), Bow(CW), Collect(), Exchange("Fruit"), EndIncome())
    assert s.end_reason and s.phase == INVEST
    play(s, NoInvest())
    for p in ("Ben", "Cai"):
        assert RULES.decision(s) is not None
        play(s, StartTurn(p), Sail("Gold Reef"), Bow(CW), Collect(), NoInvest())
    assert s.over


# -- Final Scoring -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ({"Ana": 2}, {"Ana": 5}),
        ({"Ana": 2, "Ben": 1}, {"Ana": 5, "Ben": 2}),
        ({"Ana": 2, "Ben": 2, "Cai": 1}, {"Ana": 2, "Ben": 2}),  # tie for most
        ({"Ana": 3, "Ben": 1, "Cai": 1}, {"Ana": 5}),  # tie for second
        ({"Ana": 3, "Ben": 2, "Cai": 1}, {"Ana": 5, "Ben": 2}),
        ({"Ana": 0, "Ben": 0}, {}),
    ],
)
def test_island_majorities(counts, expected):
    assert majority(counts, 5, 2) == expected


def test_ties_are_broken_by_markers_islands_resources_and_later_turn_order():
    s = new_state()
    s.vp = {"Ana": 5, "Ben": 5, "Cai": 5}
    assert RULES.score(s).winners == ["Cai"]  # the latest in turn order
    s.res["Ana"]["Fruit"] = 1
    assert RULES.score(s).winners == ["Ana"]  # more resources
    s.vp["Ben"] = 0
    s.markers[s.slot_of["Gold Reef"]]["Ben"] = 1  # alone: 5 VP
    s.left["Ben"] = 7
    sheet = RULES.score(s)
    assert {ln.player: ln.total for ln in sheet.lines} == {"Ana": 5, "Ben": 5, "Cai": 5}
    assert sheet.winners == ["Ben"]  # more markers used
    assert [ln.tiebreak for ln in sheet.lines] == [(0, 0, 1, 1), (1, 1, 0, 2), (0, 0, 0, 3)]
    assert [ln.rank for ln in sheet.lines] == [2, 1, 3]


# -- 2 Player Variant ----------------------------------------------------------------------------
def pirate_state(**options):
    s = new_state(players=("Ana", "Ben"), pirates=True, **options)
    play(s, StartTurn("Ana"), Sail("Palm Grove"), Bow(CW), Collect(), NoInvest(), StartTurn("Ben"))
    return s


def test_the_second_player_places_the_pirates_on_vacant_islands():
    s = pirate_state()
    assert RULES.decision(s).phase == "Pirates"
    assert {m.island for m in RULES.legal_moves(s)} == set(CIRCLE) - {"Palm Grove"}
    play(s, PlacePirate("Orchard Isle", CW), PlacePirate("Banana Cove", CCW))
    assert s.pirates == [[2, CW], [4, CCW]] and s.phase == SAILING


@pytest.mark.parametrize(
    ("skip", "steps", "lands"),
    # a pirate on Orchard Isle, clockwise; Temple of the Sun has a ship, Banana Cove a pirate
    [
        ("vacant_steps", 1, "Trading Post"),
        ("vacant_steps", 2, "Gold Reef"),
        ("all_steps", 1, "Trading Post"),  # Temple occupied: on past Banana Cove (a pirate)
        ("all_steps", 2, "Trading Post"),
    ],
)
def test_a_moving_pirate_skips_occupied_islands(skip, steps, lands):
    s = pirate_state(pirate_skip=skip)
    play(s, PlacePirate("Orchard Isle", CW), PlacePirate("Banana Cove", CCW))
    at(s, "Ana", "Temple of the Sun")
    s.forget()
    play(s, Sail("Orchard Isle"), Bow(CW))
    assert s.phase == "Pirate"
    play(s, MovePirate(steps))
    assert s.ring[s.pirates[0][0]] == lands
    assert s.coins["Ben"] == 3 - 1 and s.phase == INCOME


def test_turning_a_pirate_for_a_coin_or_a_resource():
    s = pirate_state()
    play(s, PlacePirate("Orchard Isle", CW), PlacePirate("Banana Cove", CCW))
    play(s, Sail("Gold Reef"), Bow(CW), Collect(), NoInvest())
    play(s, StartTurn("Ana"))
    assert RULES.legal_moves(s)[-1] == TurnPirate()  # one entry: which pirate comes next
    play(s, TurnPirate())
    assert RULES.legal_moves(s) == [TurnPirate("Orchard Isle"), TurnPirate("Banana Cove")]
    play(s, TurnPirate("Orchard Isle"))
    assert RULES.legal_moves(s) == [PayPirate("Coin"), PayPirate("Fruit")]
    play(s, PayPirate("Fruit"))
    assert s.pirates[0] == [2, CCW] and s.res["Ana"]["Fruit"] == 1
    play(s, TurnPirate())
    assert RULES.legal_moves(s) == [TurnPirate("Banana Cove")]
    s.tasks.clear()
    s.forget()
    play(s, TurnPirate("Banana Cove", "Coin"))  # as a log writes it: one step
    assert s.pirates[1] == [4, CW] and s.coins["Ana"] == 2


def test_one_payment_turns_both_pirates_with_the_option():
    s = pirate_state(turn_pirates="both")
    play(s, PlacePirate("Orchard Isle", CW), PlacePirate("Banana Cove", CCW))
    play(s, Sail("Gold Reef"), Bow(CW), Collect(), NoInvest(), StartTurn("Ana"))
    play(s, TurnPirate("Orchard Isle", "Coin"))
    assert s.pirates == [[2, CCW], [4, CW]]
    assert not pirate_turns(s)


def test_play_offers_turning_a_pirate_before_sailing_and_again_before_investing():
    """At any point of the turn: play asks before sailing and, after the income (which may pay
    for it), with Invest; a second pirate only where the first was turned (one log key)."""
    s = pirate_state()
    play(s, PlacePirate("Orchard Isle", CW), PlacePirate("Banana Cove", CCW))
    play(s, Sail("Gold Reef"), Bow(CW), Collect())
    assert s.phase == INVEST and TurnPirate() in RULES.legal_moves(s)
    play(s, TurnPirate("Orchard Isle", "Coin"))
    assert s.phase == INVEST and TurnPirate() in RULES.legal_moves(s)  # the other, here too
    play(s, NoInvest())
    assert s.phase == TURN_END and RULES.legal_moves(s) == [END_TURN]
    play(s, END_TURN, StartTurn("Ana"), TurnPirate("Orchard Isle", "Coin"))
    play(s, Sail("Harbour Market"), Collect(), END_INCOME)
    assert s.phase == INVEST
    assert TurnPirate() not in RULES.legal_moves(s)  # Banana Cove: not after sailing any more


def test_stopping_on_a_pirate_needs_a_coin_for_it():
    s = pirate_state()
    play(s, PlacePirate("Orchard Isle", CW), PlacePirate("Banana Cove", CCW))
    s.coins["Ben"] = 0
    assert not any(m == Sail("Orchard Isle") for m in RULES.legal_moves(s))
    assert Sail("Gold Reef") in RULES.legal_moves(s)


def test_refused_moves_explain_themselves():
    s = new_state()
    turn_of(s, "Ana")
    assert refused(s, Return()).message.endswith("it must sail to one of the surrounding islands")
