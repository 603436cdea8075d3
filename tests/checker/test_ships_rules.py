"""The rules of Ships, move by move, on positions set up for each rule (the logs of
tests/checker/games/ships.py break each rule once; these check what the rules then do)."""

from __future__ import annotations

import pytest

from portolan.checker.core.registry import rules_for
from portolan.checker.games.ships.moves import (
    City,
    Deal,
    EndTurn,
    Exchange,
    PlaceShip,
    RemoveShip,
    Retrieve,
    ReturnGood,
    SellGood,
    SellGoods,
    StartTurn,
    StopRetrieving,
    StopSelling,
    TakeBack,
    TakeBackShips,
    TakeCard,
    TakeGold,
    TakeNavigation,
    Trade,
    UpgradeShip,
)
from portolan.checker.games.ships.scoring import area_points, goods_and_gold, pieces_of
from portolan.checker.games.ships.sections import (
    MERCHANT_BOX,
    NEXT_AREA,
    PLACE_SHIP,
    TAKE_GOLD,
    TAKE_NAVIGATION,
    WARSHIP_BOX,
)
from portolan.checker.games.ships.state import OVER
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS, play_moves

RULES = rules_for("ships")
MODEL = load_game(COMPONENTS, "ships")
GALLEYS = [
    "Currency",
    "Currency",
    "Docks",
    "Greek Empire",
    "Lateen Sail",
    "Lighthouse",
    "Navigation Device",
    "Phoenician Alphabet",
    "Ram",
    "Roman Empire",
    "Warehouse",
    "Amphorae",
]
SAILING = [
    "Astrolabe",
    "Astrolabe",
    "Bill of Exchange",
    "Shipwright",
    "Sextant",
    "Printing Press",
    "Letter of Marque",
    "Joint-Stock Company",
    "East India Company",
    "Colonial Charter",
    "Bourse",
    "Careening",
]


def new_game(players=("Ana", "Ben"), **options):
    chosen = {o.name: o.default for o in RULES.options(MODEL)} | options
    state = RULES.setup(MODEL, list(players), chosen)
    for card in GALLEYS:
        RULES.apply(state, Deal(card))
    return state


def play(state, *moves):
    """Apply moves as a log would (defaults filled in); every one must be legal."""
    return play_moves(RULES, state, *moves, asked=False)


def refused(state, move):
    d = RULES.decision(state)
    while not isinstance(move, d.accepts) and d.default is not None:
        RULES.apply(state, d.default)
        d = RULES.decision(state)
    return RULES.check(state, move, d.player)


def touched(state):
    """After the state was changed by hand: forget what was worked out for it."""
    state.forget()
    return state


def area_index(state, number):
    return state.book.area_by_number[number]


# -- Phase One ---------------------------------------------------------------------------------
def test_the_galley_era_gives_two_merchant_cubes_and_the_sailing_era_adds_a_free_one():
    s = new_game()
    play(s, StartTurn("Ana"))
    assert (s.seat.section, s.seat.section_free) == (2, 0)
    play(s, EndTurn(), StartTurn("Ben"))
    s.era = 1
    touched(s)
    play(s, EndTurn(), StartTurn("Ana"))
    assert (s.seat.section, s.seat.section_free) == (2, 1)


def test_a_shortfall_is_not_made_up_and_no_cube_at_all_gives_one_free_cube():
    s = new_game()
    s.seats[0].stock = 1
    play(s, StartTurn("Ana"))
    assert (s.seat.section, s.seat.section_free) == (1, 0)
    play(s, EndTurn(), StartTurn("Ben"), EndTurn())
    s.seats[0].stock = 0
    pool = s.pool["Free action cube"]
    play(s, StartTurn("Ana"))
    assert (s.seat.section, s.seat.section_free) == (0, 1)
    assert s.pool["Free action cube"] == pool - 1


def test_tidy_up_returns_used_free_cubes_to_the_pool_and_keeps_unused_ones():
    s = new_game()
    pool = s.pool["Free action cube"]
    play(s, StartTurn("Ana"), TakeGold("free"), EndTurn())
    ana = s.seats[0]
    assert ana.free == 1 and s.pool["Free action cube"] == pool + 1
    assert ana.stock == 9 and ana.section == 0  # unused merchant cubes back to stock


def test_the_third_and_fourth_players_start_with_food():
    s = new_game(("Ana", "Ben", "Cai", "Dora"))
    assert [seat.goods["Food"] for seat in s.seats] == [0, 0, 1, 1]


def test_the_setup_gives_each_player_stock_display_and_five_vp():
    """Setup: 9 merchant cubes in stock (the other 11 in the pool), 2 free action cubes from
    the pool, discs on all but the first 3 Warehouse and 2 Bank spaces, a disc on VP 5."""
    s = new_game(("Ana", "Ben", "Cai"))
    for p, seat in enumerate(s.seats):
        assert (seat.stock, seat.pool_cubes, seat.free, seat.vp) == (9, 11, 2, 5)
        assert (s.capacity(p, "Warehouse"), s.capacity(p, "Bank")) == (3, 2)
        assert seat.ships == [6, 6, 6] and seat.gold == seat.nav == seat.industry == 0
    assert s.pool["Free action cube"] == 25 - 3 * 2


# -- Place ship --------------------------------------------------------------------------------
def test_no_ship_of_the_era_left():
    s = new_game()
    s.seats[0].ships[0] = 0
    touched(s)
    play(s, StartTurn("Ana"))
    problem = refused(s, PlaceShip(1, "Merchant"))
    assert problem.section == PLACE_SHIP and "has none left in the stack" in problem.message


def test_opening_ages_scores_and_lagging_ships_lose_vp_then_go_back():
    s = new_game()
    ana, ben = s.seats
    ana.nav = ben.nav = 20
    s.pool["Navigation"] = 0
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(1, "Merchant"), Trade("Tyre", "Cloth"))
    play(s, PlaceShip(2, "Merchant"), Trade("Athens", "Wine"))
    assert ana.vp == 5 + 2 and ana.nav == 19  # age 2: 2 less 1 ship in age 1
    play(s, EndTurn(), StartTurn("Ben"), PlaceShip(3, "Merchant"), Trade("Rhodes", "Oil"))
    assert ben.vp == 5 + 2 and ben.nav == 19  # age 3: 2 less 1 ship in age 2
    assert ana.vp == 7 - 1  # her galley in age 1 is two ages below: -1
    play(s, PlaceShip(4, "Merchant"), Trade("Rhodes", "Metal"))
    # age 4: 3 less 1; age 2 two below (Ana -1), age 1 three below (Ana -2, ship back)
    assert ben.vp == 7 + 3 and ben.nav == 17
    assert ana.vp == 6 - 1 - 2
    assert s.ships_at[0][0] == [0, 0] and ana.ships[0] == 6 - 2 + 1


def test_vp_stop_at_zero_unless_the_option_allows_less():
    for option, expected in (("floor", 0), ("allowed", -1)):
        s = new_game(negative_vp=option)
        ana, ben = s.seats
        ana.vp, ben.nav = 1, 20
        touched(s)
        play(s, StartTurn("Ana"), PlaceShip(1, "Merchant"), Trade("Tyre", "Cloth"))
        play(s, PlaceShip(1, "Merchant"), Trade("Tyre", "Food"), EndTurn())
        play(s, StartTurn("Ben"), PlaceShip(2, "Merchant"), Trade("Athens", "Wine"))
        play(s, PlaceShip(3, "Merchant"), Trade("Athens", "Oil"))  # Ana's 2 galleys: -2
        assert ana.vp == expected, option


def test_a_new_era_replaces_the_display_and_the_kept_cards():
    s = new_game()
    s.highest = 4
    s.ships_at[3][0][1] = 2  # two of Ben's galleys in age 4: age 5 costs 4 - 2 = 2
    s.seats[0].nav = 2
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(5, "Merchant"))
    d = RULES.decision(s)
    assert d.kind == "chance" and s.era == 1 and not s.display
    assert sum(s.discard.values()) == 12
    play(s, *(Deal(c) for c in SAILING), Trade("Tyre", "Cloth"))
    assert s.display["Astrolabe"] == 2 and s.seats[0].ships[1] == 5
    assert s.seats[0].section_free == 0  # the new number of cubes waits for the next turn
    play(s, EndTurn(), StartTurn("Ben"))
    assert s.seat.section_free == 1


def test_a_spice_box_sends_a_second_cube_to_the_spice_box():
    for option, stock, ok in (
        ("forbidden", 2, True),
        ("forbidden", 1, False),
        ("scores", 1, True),
    ):
        s = in_area(5, spice_without_cube=option)
        ana = s.seats[0]
        play(s, StartTurn("Ana"))
        ana.stock = stock  # in Available Stock, the Action cubes section filled
        touched(s)
        play(s, PlaceShip(s.highest, "Merchant"))
        problem = refused(s, Trade("Caribbean", "Spice"))
        if not ok:
            assert problem.section == MERCHANT_BOX and "Spice Box" in problem.message
            continue
        vp, gold = ana.vp, ana.gold
        play(s, Trade("Caribbean", "Spice"))
        assert ana.vp == vp + 7 and ana.gold == gold + 1
        assert ana.spice == (1 if stock >= 2 else 0)


def test_south_america_gives_two_gold_and_no_industry():
    s = in_area(5)
    ana = s.seats[0]
    ana.industry = 1
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(s.highest, "Merchant"))
    assert refused(s, Trade("South America", "Gold", True)).section == MERCHANT_BOX
    play(s, Trade("South America", "Gold"))
    assert ana.gold == 2 and ana.industry == 1


def test_industry_adds_a_counter_and_cycles_through_the_action_box():
    s = new_game()
    ana = s.seats[0]
    ana.industry = 1
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(1, "Merchant"), Trade("Tyre", "Food", True))
    assert ana.goods["Food"] == 3 and ana.industry == 0 and ana.box_industry == 1
    play(s, Retrieve(0))
    assert ana.industry == 1 and ana.box_industry == 0 and ana.box_cubes == 0
    assert ana.stock == 9 - 2 - 1 + 2  # the placing cube and the retrieving cube are back


def test_a_full_warehouse_sends_goods_back():
    s = new_game()
    s.seats[0].goods["Cloth"] = 3
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(1, "Merchant"), Trade("Tyre", "Food"))
    assert RULES.decision(s).accepts == (ReturnGood,)
    play(s, ReturnGood("Food"), ReturnGood("Cloth"))
    assert s.seats[0].goods_held == 3 and not s.tasks


def warship_in_tyre():
    """A new game in which Ana, given one Food, has placed a warship and a disc in Tyre."""
    s = new_game()
    ana = s.seats[0]
    ana.goods["Food"] = 1
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(1, "Warship"), City("Tyre", None, "Bank"))
    return s, ana


def test_a_warship_costs_food_and_takes_the_disc_from_the_row_named():
    s, ana = warship_in_tyre()
    assert ana.goods["Food"] == 0 and ana.discs["Bank"] == 7
    assert ana.stock == 7 + 1  # Tyre's merchant cube from the pool
    assert s.bank_room(0) == 3


def test_an_industry_counter_cannot_increase_a_citys_benefit():
    """The rulebook: "Industry counters CANNOT be played to increase the benefit" (of a city):
    refused even to a player who holds one, and nothing changes."""
    s = new_game()
    ana = s.seats[0]
    ana.goods["Food"], ana.industry = 1, 1
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(1, "Warship"))
    illegal = refused(s, City("Tyre", None, "Bank", industry=True))
    assert illegal.section == WARSHIP_BOX
    assert "an industry counter cannot increase a city's benefit" in illegal.message
    play(s, City("Tyre", None, "Bank"))
    assert ana.industry == 1 and ana.box_industry == 0


def test_the_next_area_costs_less_per_disc_and_the_area_left_scores():
    s = new_game()
    ana, ben = s.seats
    ana.goods["Food"] = 1
    ana.nav = 2
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(1, "Warship"), City("Tyre", None, "Bank"))
    play(s, PlaceShip(1, "Merchant"), Trade("Tyre", "Cloth"), EndTurn())
    play(s, StartTurn("Ben"), PlaceShip(1, "Merchant"), Trade("Athens", "Wine"), EndTurn())
    # Area 3 costs 3 less 1 disc in Area 2: Ana pays 2
    vp = {0: ana.vp, 1: ben.vp}
    play(s, StartTurn("Ana"), PlaceShip(1, "Merchant"), Trade("Ostia", "Wine"))
    assert ana.nav == 0 and s.area == area_index(s, 3)
    # Area 2 scores: Ana's cube 2 + her disc 2 + 1 (her cube in Tyre); Ben's cube 2
    assert ana.vp - vp[0] == 5 and ben.vp - vp[1] == 2
    problem = refused(s, PlaceShip(1, "Merchant"))
    assert problem is None
    play(s, PlaceShip(1, "Merchant"))
    assert refused(s, Trade("Rhodes", "Oil")).section == NEXT_AREA


def test_area_7_takes_any_number_and_scores_discs_with_cubes():
    s = in_area(7)
    ana = s.seats[0]
    ana.goods["Food"] = 2
    ana.industry = 1
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(s.highest, "Merchant"))
    play(s, Trade("Rest of the World", "Cloth", True))
    assert ana.goods["Cloth"] == 2
    vp = ana.vp
    play(s, PlaceShip(s.highest, "Warship"), City("Rest of the World", None, "Warehouse"))
    assert ana.vp == vp + 6
    a7 = area_index(s, 7)
    s.open_cubes[a7][0] += 1
    s.area_cubes[a7][0] += 1
    sheet = RULES.score(touched(s))
    # 2 cubes x 7 + 1 disc x 7 + 1 disc x 2 cubes
    assert sheet.lines[0].breakdown["final_area"] == 14 + 7 + 2


def test_area_7_industry_can_be_refused_by_option():
    s = in_area(7, area7_industry="forbidden")
    s.seats[0].industry = 1
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(s.highest, "Merchant"))
    assert refused(s, Trade("Rest of the World", "Cloth", True)).section == NEXT_AREA


# -- Upgrade ship ------------------------------------------------------------------------------
def test_an_upgrade_counts_the_moved_ship_towards_the_discount():
    s = new_game()
    ana = s.seats[0]
    ana.gold, ana.nav = 2, 1
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(1, "Merchant"), Trade("Tyre", "Cloth"))
    play(s, UpgradeShip(1, "Merchant", "Merchant"), Trade("Athens", "Wine"))
    assert s.highest == 2 and ana.nav == 0 and ana.gold == 1  # 2 less its own ship: 1


def test_an_upgrade_into_a_new_era_retires_the_old_ship():
    for sailing_left in (6, 0):
        s = new_game()
        ana = s.seats[0]
        s.highest = 4
        s.ships_at[3][1][0] = 3  # three of Ana's galleys in age 4's Warship box
        ana.ships[0] = 3
        ana.ships[1] = sailing_left
        ana.gold, ana.nav = 5, 1  # age 5: 4 less 3 ships
        touched(s)
        play(s, StartTurn("Ana"), UpgradeShip(4, "Warship", "Merchant"))
        play(s, *(Deal(c) for c in SAILING), Trade("Tyre", "Cloth"))
        assert ana.retired[0] == 1 and s.highest == 5 and s.era == 1
        assert s.ships_at[4][0][0] == (1 if sailing_left else 0)
        assert ana.vp == 5 + 4


# -- Cards -------------------------------------------------------------------------------------
def test_a_kept_discount_and_an_income():
    s = new_game()
    s.era = 1
    s.display = {"Astrolabe": 1, "Joint-Stock Company": 1}
    ana = s.seats[0]
    ana.gold = 2
    touched(s)
    play(s, StartTurn("Ana"), TakeCard("Astrolabe"))
    assert ana.kept == ["Astrolabe"] and ana.gold == 1
    assert s.discount(0) == 1
    play(s, EndTurn(), StartTurn("Ben"), EndTurn())
    ana.kept.append("Joint-Stock Company")
    touched(s)
    play(s, StartTurn("Ana"))
    assert ana.gold == 2


def test_a_card_action_is_free_and_may_be_declined():
    s = new_game()
    ana = s.seats[0]
    play(s, StartTurn("Ana"), TakeCard("Ram"), PlaceShip(1, "Warship", "card"))
    play(s, City("Athens", "VP", "Bank"))
    assert ana.vp == 5 + 2 and ana.gold == 0 and ana.box_cubes == 1  # Ram's cube, nothing else
    play(s, EndTurn(), StartTurn("Ben"), TakeCard("Lighthouse"), EndTurn())
    assert s.seats[1].box_cubes == 1  # declined: the log's default


def test_counting_cards():
    s = new_game()
    ana = s.seats[0]
    s.display = {"Vikings!": 1}
    s.ships_at[3][1][0] = 2  # two ships in Longships (age 4's Warship box)
    s.highest = 4
    touched(s)
    play(s, StartTurn("Ana"), TakeCard("Vikings!"))
    assert ana.gold == 2 and ana.nav == 2


def test_lighthouse_takes_ships_back_from_one_age():
    s = new_game()
    play(s, StartTurn("Ana"), PlaceShip(1, "Merchant"), Trade("Tyre", "Cloth"))
    play(s, TakeCard("Lighthouse"), TakeBackShips(1, 1, 0))
    assert s.seats[0].ships[0] == 6 and s.ships_in_age(1) == 0


# -- Selling, gold, exchanges ------------------------------------------------------------------
def test_selling_fills_the_bank_and_the_surplus_becomes_vp():
    s = new_game()
    ana = s.seats[0]
    ana.goods.update(Cloth=2, Wine=1)
    touched(s)
    play(s, StartTurn("Ana"), SellGoods(), SellGood("Cloth"), SellGood("Cloth"), SellGood("Wine"))
    play(s, StopSelling())
    # 4 + 4 + 3 = 11 gold: 2 into the bank, 9 surplus: 4 VP (a single coin lost)
    assert ana.gold == 2 and ana.vp == 5 + 4


def test_take_gold_needs_an_empty_space():
    s = new_game()
    s.seats[0].gold = 2
    touched(s)
    play(s, StartTurn("Ana"))
    assert refused(s, TakeGold()).section == TAKE_GOLD


def test_take_gold_needs_a_coin_in_the_pool():
    s = new_game()
    s.pool["Gold"] = 0
    touched(s)
    play(s, StartTurn("Ana"))
    problem = refused(s, TakeGold())
    assert (problem.section, problem.message) == (TAKE_GOLD, "the pool has no gold left")


def test_take_two_navigation_takes_what_the_pool_has_and_needs_one():
    """The pool is what the box holds (docs/rules/ships.md): one counter left gives one."""
    s = new_game()
    s.pool["Navigation"] = 1
    touched(s)
    play(s, StartTurn("Ana"), TakeNavigation())
    assert s.seats[0].nav == 1 and s.pool["Navigation"] == 0
    problem = refused(s, TakeNavigation())
    assert (problem.section, problem.message) == (
        TAKE_NAVIGATION,
        "the pool has no navigation counter left",
    )


def test_metal_gives_navigation_and_two_vp_for_the_next_age():
    s = new_game()
    ana = s.seats[0]
    ana.goods["Metal"] = 1
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(1, "Merchant"), Trade("Tyre", "Cloth"))
    play(s, Exchange("Metal"), PlaceShip(2, "Merchant"), Trade("Athens", "Wine"))
    assert ana.vp == 5 + 2 + 2 and ana.nav == 0 and s.pend_nav == 0


# -- The end -----------------------------------------------------------------------------------
def end_near(**options):
    """Ana's turn; four ships in age 11 (the last), Ben has the last turn of the round."""
    s = new_game(**options)
    s.highest, s.era = 11, 2
    s.ships_at[10][0][1] = 4
    s.seats[1].ships[2] = 2
    s.display = {}
    return touched(s)


def test_the_game_ends_after_the_round_with_five_ships_in_the_last_age():
    s = end_near()
    play(s, StartTurn("Ana"), EndTurn(), StartTurn("Ben"), PlaceShip(11, "Merchant"))
    play(s, Trade("Tyre", "Cloth"), EndTurn())
    assert s.phase == OVER and RULES.decision(s) is None


def test_ships_removed_before_the_round_ends_keep_the_game_going_unless_the_option_says():
    for option, over in (("round_end", False), ("once_reached", True)):
        s = end_near(end_trigger=option)
        s.current = 1  # Ben places the fifth ship, then removes one: the round goes on
        touched(s)
        play(s, StartTurn("Ben"), PlaceShip(11, "Merchant"), Trade("Tyre", "Cloth"))
        play(s, RemoveShip(11, "Merchant", "free"), EndTurn())
        assert (s.phase == OVER) == over, option


def test_no_tie_breaker():
    s = new_game()
    sheet = RULES.score(s)
    assert sheet.winners == ["Ana", "Ben"] and [ln.rank for ln in sheet.lines] == [1, 1]


# -- Rules checked once more: the warship's city, scoring, exchanges, ships, retrieving --------
@pytest.mark.parametrize(
    "location,benefit,got",
    [
        ("Alexandria", None, {"gold": 2}),
        ("Rhodes", None, {"nav": 2}),
        ("Byzantium", "Industry", {"industry": 1}),
        ("Byzantium", "Free action cube", {"free": 2 + 1}),
    ],
)
def test_a_city_gives_its_benefit_at_once(location, benefit, got):
    """Consequences of placing your ship in the warship box: gold into the bank, two
    navigation, one industry, free action cubes into the stock."""
    s = new_game()
    ana = s.seats[0]
    ana.goods["Food"] = 1
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(1, "Warship"), City(location, benefit, "Warehouse"))
    for field, n in got.items():
        assert getattr(ana, field) == n, field
    assert ana.goods["Food"] == 0 and ana.discs["Warehouse"] == 7


def test_discs_in_both_cities_of_a_location_each_count_its_cubes():
    """Scoring Victory Points: a disc scores the area's number plus 1 per cube of its owner in
    the location; with discs in both cities, each disc counts the cubes ("double")."""
    s = new_game()
    book = s.book
    a = area_index(s, 2)
    for c in book.cities_at["Byzantium"]:
        s.cities[c] = 0
    (cloth,) = book.trade_at[("Byzantium", "Cloth")]
    (food,) = book.trade_at[("Byzantium", "Food")]
    s.trade[cloth], s.trade[food] = 0, 1  # Ben's cube does not count for Ana's discs
    # Ana: her cube 2, each disc 2 + 1; Ben: his cube 2
    assert area_points(book, a, pieces_of(s, a), 2) == [2 + 2 * (2 + 1), 2]


def test_oil_gives_a_free_action_cube_that_pays_for_the_action():
    """Free Exchange of Goods: the cube pays for the next action (with the free cube's gold),
    then goes back to the pool at the end of the turn like any used free action cube."""
    s = new_game()
    ana = s.seats[0]
    ana.goods["Oil"], ana.gold = 1, 1
    touched(s)
    pool = s.pool["Free action cube"]
    play(s, StartTurn("Ana"), Exchange("Oil"), PlaceShip(1, "Merchant"), Trade("Tyre", "Cloth"))
    assert ana.goods["Oil"] == 0 and ana.gold == 0  # Place ship with a free cube: 1 gold
    assert (ana.section, ana.free, s.pend_free) == (2, 2, 0)  # neither of her own was used
    play(s, EndTurn())
    assert s.pool["Free action cube"] == pool


def test_wine_gives_gold_towards_the_actions_gold():
    s = new_game()
    ana = s.seats[0]
    ana.goods["Wine"] = 1
    touched(s)
    play(s, StartTurn("Ana"), Exchange("Wine"), PlaceShip(1, "Merchant", "free"))
    play(s, Trade("Tyre", "Cloth"))
    assert ana.goods["Wine"] == 0 and ana.gold == 0 and s.pend_gold == 0
    assert s.pool["Gold"] == 56


def test_area_7_never_gives_oil():
    s = in_area(7)
    play(s, StartTurn("Ana"), PlaceShip(s.highest, "Merchant"))
    problem = refused(s, Trade("Rest of the World", "Oil"))
    assert problem.section == NEXT_AREA and "not Oil" in problem.message


def test_remove_one_ship_returns_it_to_the_stack():
    s, ana = warship_in_tyre()
    play(s, RemoveShip(1, "Warship"))
    assert ana.ships[0] == 6 and s.ships_in_age(1) == 0 and ana.box_cubes == 2


def test_an_upgrade_that_opens_an_age_makes_the_ships_below_lag():
    """Action: Upgrade Ship is a placement in the age above: opening age 3 scores its VP and
    costs the ships two ages below 1 VP each."""
    s = new_game()
    ana, ben = s.seats
    s.highest = 2
    s.ships_at[0][1][1] = 2  # two of Ben's galleys in age 1
    s.ships_at[1][0][0] = 1  # Ana's galley in age 2
    ana.ships[0] = 5
    ana.gold, ana.nav = 1, 1  # age 3: 2 less her own ship
    touched(s)
    play(s, StartTurn("Ana"), UpgradeShip(2, "Merchant", "Merchant"), Trade("Tyre", "Cloth"))
    assert s.highest == 3 and s.ships_at[2][0][0] == 1 and ana.nav == 0
    assert ana.vp == 5 + 2 and ben.vp == 5 - 2


def test_retrieve_takes_back_some_of_the_cubes_in_one_area():
    s = new_game()
    ana = s.seats[0]
    ana.gold = 1
    touched(s)
    play(s, StartTurn("Ana"), PlaceShip(1, "Merchant"), Trade("Tyre", "Cloth"))
    play(s, PlaceShip(1, "Merchant"), Trade("Athens", "Wine"))
    play(s, Retrieve(2, "free"), TakeBack("Athens", "Wine"), StopRetrieving())
    a = area_index(s, 2)
    assert ana.stock == 9 - 2 - 2 + 1 and s.area_cubes[a][0] == 1
    (athens,) = s.book.trade_at[("Athens", "Wine")]
    (tyre,) = s.book.trade_at[("Tyre", "Cloth")]
    assert s.trade[athens] == -1 and s.trade[tyre] == 0


def test_the_end_sells_every_good_and_adds_the_bank():
    """End of the Game: goods at their prices plus the gold in the bank, 1 VP per 2 gold; a
    single coin left over scores nothing."""
    s = new_game()
    goods = {"Food": 1, "Oil": 1, "Metal": 1, "Wine": 1, "Cloth": 1}
    assert goods_and_gold(s.book, goods, 2, []) == (1 + 2 + 3 + 3 + 4 + 2, 7)


# -- helpers -----------------------------------------------------------------------------------
def in_area(number, **options):
    """Ana's turn with the wave at Area ``number``: one of Ben's cubes there, a ship of his in
    the present age; Ana has cubes and the ship counters she needs."""
    s = new_game(**options)
    a = area_index(s, number)
    s.area = a
    s.highest = 6
    s.era = 1
    s.ships_at[5][0][1] = 1
    info = s.book.areas[a]
    if info.open:
        s.open_cubes[a][1] = 1
    else:
        box = next(b for b in info.trade if s.book.trade[b].good == "Cloth")
        s.trade[box] = 1
    s.area_cubes[a][1] = 1
    s.display = {}
    return touched(s)


@pytest.mark.parametrize("era,expected", [(0, (2, 0)), (1, (2, 1)), (2, (2, 2))])
def test_cubes_per_era(era, expected):
    s = new_game()
    s.era = era
    touched(s)
    play(s, StartTurn("Ana"))
    assert (s.seat.section, s.seat.section_free) == expected


def test_kept_cards_of_the_old_era_are_discarded_when_a_new_era_begins():
    s = new_game()
    s.highest, s.era = 8, 1
    s.display = {}
    s.ships_at[7][0][1] = 6  # age 9: 6 less 6 ships
    s.seats[1].kept.append("Astrolabe")
    touched(s)
    steam = ["Coaling Station", "Coaling Station", "Suez Canal", "Screw Propeller"]
    steam += ["Screw Propeller", "Dreadnought Race", "Stock Exchange", "Stock Exchange"]
    steam += ["Textile Mill", "Cotton Exchange", "Steel Works", "Refrigeration"]
    play(s, StartTurn("Ana"), PlaceShip(9, "Merchant"), *(Deal(c) for c in steam))
    assert s.seats[1].kept == [] and s.discard["Astrolabe"] == 1 and s.era == 2


def test_a_turn_after_the_end_is_refused():
    from tests.checker.helpers import ROOT, run_log

    text = (ROOT / "examples" / "ships" / "two-players.yaml").read_text(encoding="utf-8")
    v = run_log(text + "  - {player: Ana, actions: [gold]}\n").violation
    assert v is not None and v.rule == MODEL.cite("End of the Game")
    assert "the game is already over" in v.message
