"""Ships: the data against the rulebook, the balance rules of our reconstruction, provenance.

The component counts and the rules' numbers are the rulebook's; the board, the display's numbers
and the cards are our reconstruction, held here to the rules written down in
docs/games/ships.md. The tests that need the rules engine (random and greedy games) come with it.
"""

from __future__ import annotations

import re
from collections import Counter
from statistics import mean

import pytest

from portolan.model import load_game
from portolan.model.effects import Action, Gain, RemoveShips, WhileHeld, is_kept
from portolan.paths import ROOT, components_dir

GAME = "ships"
# Gold value of everything (docs/games/ships.md, "Value scale").
VALUE = {
    "Gold": 1,
    "Navigation": 1,
    "Industry": 2,
    "Free action cube": 2,
    "Merchant cube": 3,
    "VP": 2,
    "Food": 1,
    "Oil": 2,
    "Metal": 3,
    "Wine": 3,
    "Cloth": 4,
    "Any good": 4,
}
ERAS = ("Galley", "Sailing ship", "Steamship")
NAMED_GALLEY_CARDS = {
    "Currency",
    "Docks",
    "Greek Empire",
    "Lateen Sail",
    "Lighthouse",
    "Navigation Device",
    "Phoenician Alphabet",
    "Ram",
    "Roman Empire",
    "Vikings!",
    "Warehouse",
}


@pytest.fixture(scope="module")
def game():
    return load_game(components_dir(), GAME)


@pytest.fixture(scope="module")
def board(game):
    return game.component("board").spec


@pytest.fixture(scope="module")
def display(game):
    return game.component("player-display").spec


@pytest.fixture(scope="module")
def cards(game):
    return game.deck("cards")


def value(bundle: dict) -> int:
    return sum(VALUE[w] * n for w, n in bundle.items())


def era_cards(cards, era: str):
    label = f"{era} era"
    return [c for c in cards.cards if cards.spec.types[c.type].label == label]


# -- the rulebook's numbers ----------------------------------------------------------------------


def test_rules_hold_the_rulebook_numbers(game):
    v = game.rules.value
    assert (v("starting_merchant_cubes"), v("starting_free_action_cubes"), v("starting_vp")) == (
        9,
        2,
        5,
    )
    assert v("display_cards") == 12 and v("late_seat_food") == {3: 1, 4: 1}
    assert v("cubes_per_turn") == {
        "Galley": "2 Merchant cube",
        "Sailing ship": "2 Merchant cube + 1 Free action cube",
        "Steamship": "2 Merchant cube + 2 Free action cube",
    }
    assert (v("spice_vp"), v("spice_gold"), v("warship_food"), v("food_per_trade_box")) == (
        7,
        1,
        1,
        2,
    )
    assert (v("city_navigation"), v("city_industry"), v("end_ships_in_last_age")) == (2, 1, 5)
    assert v("gold_per_vp") == 2
    tables = game.rules.tables
    assert tables["sell_prices"].value == {"Food": 1, "Oil": 2, "Metal": 3, "Wine": 3, "Cloth": 4}
    assert tables["lagging_ships"].value == {2: 1, 3: 2}
    assert game.rules.tie_breakers == []  # End of the Game: no tie-breakers


def test_counter_sheets_match_the_component_list(game):
    pieces = {c.name: c.count.value for c in game.component("player-pieces").spec.counters}
    colours = game.component("player-display").spec.colours
    assert len(colours) == game.spec.players.max.value == 4
    for colour in colours:
        name = colour.capitalize()
        assert pieces[f"{name} galley"] == pieces[f"{name} sailing ship"] == 6
        assert pieces[f"{name} steamship"] == game.rules.value("ships_per_era") == 6
        assert pieces[f"{name} city disc"] == game.rules.value("city_discs") == 17
        assert pieces[f"{name} merchant cube"] == game.rules.value("merchant_cubes") == 20
    pool = {c.name: c.count.value for c in game.component("pool").spec.counters}
    assert pool == {
        "Free action cube": 25,
        "Gold coin": 56,
        "Navigation counter": 20,
        "Industry counter": 30,
        "Food": 14,
        "Oil": 8,
        "Metal": 8,
        "Wine": 10,
        "Cloth": 20,
    }
    for comp in ("player-pieces", "pool"):
        spec = game.component(comp).spec
        assert spec.labels  # the counts are printed on the sheet
        assert all(c.count.source == "Components" for c in spec.counters)


# -- the cards -----------------------------------------------------------------------------------


def test_55_cards_in_three_era_decks_each_enough_for_the_display(game, cards):
    assert cards.size() == 55  # Components
    sizes = {era: sum(c.count for c in era_cards(cards, era)) for era in ERAS}
    assert sizes == {"Galley": 18, "Sailing ship": 19, "Steamship": 18}
    assert all(n >= game.rules.value("display_cards") for n in sizes.values())
    for t in cards.spec.types.values():
        assert t.back is not None  # the three stacks are told apart by their backs (Setup)


def test_the_eleven_named_galley_cards_are_in_the_galley_deck(cards):
    galley = {c.name for c in era_cards(cards, "Galley")}
    assert galley >= NAMED_GALLEY_CARDS


def test_every_card_effect_is_in_the_vocabulary(game, cards):
    """Every effect was validated against game.yaml on loading; here every step is one of the
    engine's four kinds and names only words of its vocabularies."""
    terms = {k: set(game.spec.term_names(k)) for k in game.spec.terms}
    for card in cards.cards:
        steps = card["effect"]
        assert steps, card.name
        for step in steps:
            assert isinstance(step, Gain | Action | RemoveShips | WhileHeld), card.name
            if isinstance(step, Gain):
                assert set(step.gain) <= terms["gain"], card.name
                if step.per and step.per.cubes_on:
                    assert step.per.cubes_on in terms["trade"]
                if step.per and step.per.ships_in:
                    assert step.per.ships_in in terms["place"]
            if isinstance(step, Action):
                assert step.action in terms["action"], card.name


def test_card_costs_and_vp_stay_in_the_stated_ranges(cards):
    for card in cards.cards:
        assert 0 <= card["cost"] <= 2, card.name
        for step in card["effect"]:
            if isinstance(step, Gain) and step.per is None:
                assert step.gain.get("VP", 0) <= 3, card.name  # at most 3 VP outright
            if isinstance(step, Gain) and step.per is not None:
                assert all(n <= 2 for n in step.gain.values()), card.name  # per piece
                if step.per.cities_in_area is not None:
                    assert step.max is not None and step.max <= 10, card.name
            if isinstance(step, Action):
                assert card["cost"] <= 1, card.name


def _plain_gain(card) -> bool:
    return all(isinstance(s, Gain) and s.per is None for s in card["effect"])


def test_card_values_rise_with_the_eras(cards):
    bands = {"Galley": (2, 4), "Sailing ship": (3, 5), "Steamship": (4, 7)}
    means = []
    for era in ERAS:
        nets = [
            sum(value(s.gain) for s in c["effect"]) - c["cost"]
            for c in era_cards(cards, era)
            if _plain_gain(c)
        ]
        low, high = bands[era]
        assert nets and all(low <= n <= high for n in nets), (era, nets)
        means.append(mean(nets))
    assert means == sorted(means)


def test_kept_cards_come_from_the_sailing_ship_era_on(cards):
    assert not any(is_kept(c["effect"]) for c in era_cards(cards, "Galley"))
    for era in ("Sailing ship", "Steamship"):
        kept = [c for c in era_cards(cards, era) if is_kept(c["effect"])]
        assert 1 <= len(kept) <= 4, era
        assert all(1 <= c["cost"] <= 2 for c in kept)


def test_every_upgrade_card_costs_what_the_display_does_with_your_cube(cards, display):
    upgrade = next(a for a in display.actions if a.action == "Upgrade ship")
    for card in cards.cards:
        if any(isinstance(s, Action) and s.action == "Upgrade ship" for s in card["effect"]):
            assert card["cost"] == upgrade.merchant_gold, card.name


# -- the Ship Age track --------------------------------------------------------------------------


def test_eleven_ages_in_era_order(board, game):
    ages = board.age_track.ages
    assert [a.age for a in ages] == list(range(1, 12))
    eras = [a.era for a in ages]
    assert [e for e, _ in Counter(eras).items()] == game.spec.term_names("era")
    assert eras == sorted(eras, key=ERAS.index)  # each era one run of ages
    assert board.age_track.era_starts() == {"Galley": 1, "Sailing ship": 5, "Steamship": 9}
    assert all(eras.count(e) >= 3 for e in ERAS)


def test_age_costs_and_first_ship_vp_rise_and_match(board):
    ages = board.age_track.ages
    assert ages[0].navigation == 0 and ages[0].vp == 0  # the first ship must go to age 1
    costs = [a.navigation for a in ages[1:]]
    vps = [a.vp for a in ages[1:]]
    assert costs == sorted(costs) and vps == sorted(vps)
    assert all(2 <= c <= 7 for c in costs)
    assert all(a.navigation - 1 <= a.vp <= a.navigation + 1 for a in ages[1:])
    starts = board.age_track.era_starts()
    for era, first in starts.items():  # a new era's first age costs a step more
        if first > 1:
            assert ages[first - 1].navigation > ages[first - 2].navigation, era


def test_the_longships_box_is_a_galley_warship_box(board, cards):
    named = [(a, box) for a in board.age_track.ages for box in (a.merchant, a.warship) if box.named]
    assert [(a.age, box.named) for a, box in named] == [(4, "Longships")]
    assert named[0][0].era == "Galley" and named[0][1] is named[0][0].warship
    vikings = cards.card("Vikings!")
    assert vikings.type == "galley" and vikings["effect"][0].per.ships_in == "Longships"


# -- the areas -----------------------------------------------------------------------------------


def test_areas_two_to_seven_in_order_of_cost(board):
    areas = board.areas
    assert [a.area for a in areas] == [2, 3, 4, 5, 6, 7]
    assert [a.name for a in areas if a.area in (2, 3, 4, 7)] == [
        "Eastern Mediterranean",
        "Western Mediterranean",
        "Atlantic",
        "Rest of the World",
    ]
    costs = [a.navigation for a in areas]
    assert costs[0] == 0 and costs[1:] == sorted(costs[1:]) and costs[1:] == [3, 4, 5, 6, 7]
    assert all(a.layout.border is not None for a in areas[1:])


def test_areas_two_to_six_have_room_for_the_wave(board):
    for a in board.areas[:-1]:
        trade = [t for loc in a.locations for t in loc.trade]
        cities = [c for loc in a.locations for c in loc.cities]
        assert 5 <= len(a.locations) <= 6, a.name
        assert 10 <= len(trade) <= 12 and 5 <= len(cities) <= 7, a.name
        assert not a.boxes, a.name


def test_area_seven_is_the_rulebooks(board):
    seven = board.area(7)
    assert not seven.locations
    merchant, warship = seven.boxes
    assert merchant.box == "Merchant" and "Oil" not in merchant.choice and "Food" in merchant.choice
    assert all(n == 1 for n in merchant.choice.values())  # one counter, even of food
    assert warship.box == "Warship" and warship.vp == 6
    assert merchant.source == warship.source != "reconstructed"


def test_trade_boxes_give_what_the_rules_say(board, game):
    food = game.rules.value("food_per_trade_box")
    two_gold = []
    for a in board.areas:
        for loc in a.locations:
            for box in loc.trade:
                ((word, n),) = box.items()
                if word == "Food":
                    assert n == food, loc.name
                elif word == "Gold":
                    two_gold.append(loc.name)
                    assert n == 2
                else:
                    assert n == 1, loc.name
                if word == "Spice":
                    assert a.area >= 5, loc.name  # spice is far away
    assert two_gold == ["South America"]  # the one box with two gold symbols


def test_city_benefits_are_the_rulebooks_kinds(board, game):
    for a in board.areas:
        for loc in a.locations:
            for city in loc.cities:
                ((word, n),) = city.items()
                assert word in game.spec.term_names("benefit")
                if word == "Navigation":
                    assert n == game.rules.value("city_navigation"), loc.name
                if word == "Industry":
                    assert n == game.rules.value("city_industry"), loc.name
                assert 2 <= value(city) <= 10, loc.name


def test_later_areas_are_richer(board):
    trade_means, city_means = [], []
    for a in board.areas[:-1]:
        trade = [t for loc in a.locations for t in loc.trade if "Spice" not in t]
        trade_means.append(mean(value(t) for t in trade))
        city_means.append(mean(value(c) for loc in a.locations for c in loc.cities))
    assert trade_means == sorted(trade_means)
    assert city_means == sorted(city_means)


def test_goods_boxes_fit_the_counters(board, game):
    counters = {c.name: c.count.value for c in game.component("pool").spec.counters}
    shown = Counter()
    for a in board.areas:
        for loc in a.locations:
            for box in loc.trade:
                shown.update(box)
    for good in game.spec.term_names("good"):
        assert 0 < shown[good] <= 1.5 * counters[good], good
    oil = [a.area for a in board.areas for loc in a.locations for t in loc.trade if "Oil" in t]
    assert set(oil) <= {2, 3}  # olive oil: the Mediterranean, where Greek Empire counts it


# -- the player display --------------------------------------------------------------------------


def test_the_display_starts_covered_by_all_but_one_disc(display, game):
    warehouse, bank = display.spaces("Warehouse"), display.spaces("Bank")
    assert (warehouse.open, bank.open) == (3, 2)  # Setup
    assert warehouse.sources["open"] == bank.sources["open"] == "Setup"
    assert warehouse.covered + bank.covered == game.rules.value("city_discs") - 1
    assert abs(warehouse.covered - bank.covered) <= 1


def test_eight_action_boxes_with_both_costs(display, game):
    actions = display.actions
    assert [a.action for a in actions] == game.spec.term_names("action")
    for a in actions:
        assert a.merchant_gold <= 1, a.action  # "possibly a gold coin symbol"
        assert a.free_gold >= a.merchant_gold, a.action
    assert [a.action for a in actions if a.once_per_turn] == ["Take one card"]


# -- provenance ----------------------------------------------------------------------------------


def test_the_readme_lists_every_reconstructed_value(board, display, cards):
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("## Reconstructed values: Ships", 1)[1]
    for a in board.age_track.ages:
        assert re.search(rf"\| {a.age} \| {a.era} \| {a.navigation} \| {a.vp} \|", section), a
    for a in board.areas[:-1]:
        for loc in a.locations:
            trade = ", ".join(
                " ".join((f"{n} " if n > 1 else "") + w for w, n in t.items()) for t in loc.trade
            )
            cities = ", ".join(f"{n} {w}" for c in loc.cities for w, n in c.items())
            row = f"| {a.area} {a.name} | {loc.name} | {trade} | {cities} |"
            assert row in section, row
    for act in display.actions:
        assert f"| {act.action} | {act.merchant_gold} | {act.free_gold} |" in section, act.action
    for card in cards.cards:
        era = cards.spec.types[card.type].label.removesuffix(" era")
        assert f"| {card.name} | {era} | {card.count} | {card['cost']} |" in section, card.name


def test_every_reconstructed_value_says_so(board, display, cards):
    assert cards.spec.source == "reconstructed"
    assert all(c.source == "reconstructed" for c in cards.cards)
    assert all(a.source == "reconstructed" for a in board.age_track.ages)
    assert all(a.source == "reconstructed" for a in board.areas[:-1])
    assert all(a.source == "reconstructed" for a in display.actions)


def test_the_reference_counts_cubes_in_the_plural(game):
    """The areas' tables read '2 Merchant cubes', '1 Free action cube' (Bergen and South
    America give two)."""
    from portolan.generator.kinds.reference import reference_blocks

    text = repr(reference_blocks(game))
    assert "2 Merchant cubes" in text and "2 Free action cubes" in text
    assert "1 Merchant cube" in text and "1 Free action cube" in text
    assert not re.search(r"\b([2-9]) (Merchant|Free action) cube\b(?!s)", text)
