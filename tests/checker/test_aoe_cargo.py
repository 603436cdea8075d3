"""Age of Exploration: cargo capacity of ship, land and raft expeditions (Cargo Capacity),
worked out by hand. Ships: Caravel 5, Carrack 7, +1 per extra ship; every Crew, Provision and
blue-circled counter one space, Cavalry two and one per ship, one Porters. Land: 1 + Crew +
Porters, for Provisions, Cannons, Trade Goods and Gold only. Rafts: 2 each (option raft_cargo)."""

from __future__ import annotations

import pytest

from portolan.checker.core.registry import rules_for
from portolan.checker.games.age_of_exploration.actions.ratings import capacity, load, over_capacity
from portolan.checker.games.age_of_exploration.state import LAND, RAFT, SHIP, Expedition
from portolan.model import load_game
from tests.checker.games import age_of_exploration as logs
from tests.checker.helpers import COMPONENTS, run_log

RULES = rules_for("age-of-exploration")
MODEL = load_game(COMPONENTS, "age-of-exploration")


def state_with(options=None):
    chosen = {o.name: o.default for o in MODEL.rules.options} | (options or {})
    return RULES.setup(MODEL, ["Ana", "Ben"], chosen)


def exp(mode, ship_type="Caravel", ships=1, rafts=0, **items):
    e = Expedition(leader="Christopher Columbus", kind="explorer", ship_type=ship_type)
    e.mode, e.ships, e.rafts = mode, ships, rafts
    e.items = {k.replace("_", " "): v for k, v in items.items()}
    return e


@pytest.mark.parametrize(
    ("e", "cap", "used", "over"),
    [
        # a Caravel of one ship: 5; 2 Crew + 2 Provisions + Soldiers fill it
        (exp(SHIP, Crew=2, Provision=2, Soldiers=1), 5, 5, False),
        (exp(SHIP, Crew=2, Provision=2, Soldiers=1, Trade_Goods=1), 5, 6, True),
        # Gold, Pilot, Rutter, Sturdy Ship take no ship space
        (exp(SHIP, Crew=2, Provision=2, Gold=3, Rutter=1, Sturdy_Ship=1), 5, 4, False),
        # a Carrack of 3 ships: 7 + 2 = 9; Cavalry 2 each
        (exp(SHIP, "Carrack", 3, Crew=3, Provision=2, Cavalry=2), 9, 9, False),
        # Cavalry: one per ship
        (exp(SHIP, "Carrack", 1, Crew=2, Provision=1, Cavalry=2), 7, 7, True),
        # one Porters aboard
        (exp(SHIP, "Carrack", 2, Crew=2, Provision=2, Porters=2), 8, 6, True),
        # Hardwood takes a space; Natives for Europe none
        (exp(SHIP, Crew=2, Provision=2, Hardwood=1, Natives_for_Europe=1), 5, 5, False),
        # ashore: 1 + 3 Crew + 1 Porters = 5 for Provisions, Cannons, Trade Goods, Gold
        (exp(LAND, Crew=3, Porters=1, Provision=3, Gold=1, Soldiers=4, Cavalry=2), 5, 4, False),
        (exp(LAND, Crew=1, Provision=3, Cannons=1, Trade_Goods=1), 2, 5, False),  # only on moving
        # rafts: 2 each, the ship counters (option raft_cargo: ship)
        (exp(RAFT, rafts=2, Crew=2, Provision=2), 4, 4, False),
        (exp(RAFT, rafts=1, Crew=2, Provision=1), 2, 3, True),
    ],
)
def test_capacity_and_load(e, cap, used, over):
    state = state_with()
    assert capacity(state, e) == cap
    assert load(state, e) == used
    assert over_capacity(state, e) == over


def test_rafts_carrying_like_a_land_expedition():
    """raft_cargo: land counts the brown-circled counters: 2 Crew take nothing, 3 Provisions
    and Trade Goods take 4 spaces of 2 rafts' 4."""
    state = state_with({"raft_cargo": "land"})
    e = exp(RAFT, rafts=2, Crew=2, Provision=3, Trade_Goods=1)
    assert (capacity(state, e), load(state, e), over_capacity(state, e)) == (4, 4, False)
    e.items["Gold"] = 1
    assert over_capacity(state, e)
    e = exp(RAFT, rafts=1, Crew=3, Porters=2)
    assert over_capacity(state, e)  # one Porters on rafts


def test_outfitting_fills_the_ships_exactly():
    """Columbus's Carrack of 3 ships (7 + 2) takes 4 Crew, 4 Provisions and Trade Goods: 9."""
    result = run_log(logs.ANA_OUTFITS)
    assert result.ok
    e = result.state.exp["Ana"]
    assert (e.ships, capacity(result.state, e), load(result.state, e)) == (3, 9, 9)


def test_a_gain_over_capacity_is_left_behind_before_the_next_step():
    """A Provision gained aboard full ships asks for a counter to leave behind (Card
    Instructions: the over-capacity problem is settled before the next instruction)."""
    text = logs.BASE + logs.LAND + "  - player: Ana\n    steps: [draw 183, drop Trade Goods]\n"
    result = run_log(text)
    assert result.ok, result.violation
    e = result.state.exp["Ana"]
    assert e.items == {"Crew": 4, "Provision": 5}
    assert load(result.state, e) == capacity(result.state, e) == 9


@pytest.mark.parametrize(
    ("e", "held"),
    [
        (exp(LAND, Crew=1, Cannons=1), True),
        (exp(LAND, Soldiers=1, Cannons=1), True),
        (exp(LAND, Cavalry=2, Porters=1, Cannons=1), False),  # no one to man them
        (exp(LAND, Crew=2), False),
    ],
)
def test_siege_opportunity_asks_for_manned_cannons(e, held):
    """Siege Opportunity (#93-94) battles only with manned Cannons; else its Otherwise
    (Card Instructions). Cannons are manned by a Crew or Soldiers (Combat)."""
    from portolan.checker.games.age_of_exploration.actions.ratings import holds

    state = state_with()
    siege = MODEL.component("exploration-civilization").deck.cards
    (card,) = [c for c in siege if c.get("number") == 93]
    (step,) = card.get("civ")
    e.space = "AZ-CAPITAL"
    assert holds(state, e, step.condition) == held
