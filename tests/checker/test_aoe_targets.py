"""Age of Exploration: the target of a check for Leaders and modifiers, worked out by hand from
the leader cards (components/age-of-exploration/leaders.yaml) and rules.yaml.

Ratings used (navigation sea / land, negotiation, leadership, personal arms, ship handling):
Columbus 9/5, 5, 6, 5, SH 2 (Explorer); Cartier 8/6, 7, 7, 5, SH 1 (Explorer); Cortés 5/7, 8,
9, 8, SH 1 (Conquistador); Coronado 5/8, 5, 7, 7, SH 0 (Conquistador). The Explorer's
Second-in-Command: 7/5, 5, 6, 5, SH 0. Caravel sea check 7 at sea, 8 coastal; Carrack 8 and 6;
raft 5. Bonuses: Trade Goods +3, Interpreter +2, Native Guide +2, Pilot +1, Rutter +1 (known
waters), Sturdy Ship +1, the Leader's combat strength 2 on a Personal Arms success."""

from __future__ import annotations

import pytest

from portolan.checker.core.registry import rules_for
from portolan.checker.games.age_of_exploration.actions.ratings import known_waters, target
from portolan.checker.games.age_of_exploration.state import LAND, RAFT, SHIP, Expedition
from portolan.model import load_game
from portolan.model.instructions import Check
from tests.checker.helpers import COMPONENTS

RULES = rules_for("age-of-exploration")
MODEL = load_game(COMPONENTS, "age-of-exploration")


def fresh():
    state = RULES.setup(MODEL, ["Ana", "Ben"], {o.name: o.default for o in MODEL.rules.options})
    return state


def expedition(state, leader, space, mode=SHIP, ship_type="Caravel", **items):
    info = state.book.leaders[leader]
    e = Expedition(leader=leader, kind=info.type, ship_type=ship_type, launched=True)
    e.mode, e.space, e.ships = mode, space, 1
    e.items = {k.replace("_", " "): v for k, v in items.items()}
    state.exp["Ana"] = e
    return e


# (leader, space, mode, ship type, counters, extra, the check, the target worked out by hand)
CASES = [
    # Navigation: the sea rating at sea and on coasts (and rivers), the land one ashore
    ("Christopher Columbus", "ATL9", SHIP, "Caravel", {}, {}, "navigation", 0, 9),  # 9
    ("Christopher Columbus", "ATL9", SHIP, "Caravel", {}, {}, "navigation", -1, 8),  # 9 − 1
    ("Christopher Columbus", "NA1-NE", LAND, "Caravel", {}, {}, "navigation", 0, 5),  # land 5
    # a Rutter in known waters (ATL2 lies between Europe and the Known Sea marker... once moved)
    ("Jacques Cartier", "ATL1", SHIP, "Caravel", {"Rutter": 1}, {}, "navigation", 0, 9),  # 8 + 1
    ("Jacques Cartier", "ATL9", SHIP, "Caravel", {"Rutter": 1}, {}, "navigation", 0, 8),  # unknown
    ("Hernán Cortés", "ATL1", SHIP, "Caravel", {"Pilot": 1}, {}, "navigation", 0, 6),  # 5 + 1
    ("Hernán Cortés", "ATL1", SHIP, "Caravel", {"Rutter": 1}, {}, "navigation", 0, 5),  # no use
    # rivers: the sea rating, no Rutter
    ("Jacques Cartier", "MR2", RAFT, "Caravel", {"Rutter": 1}, {}, "navigation", 0, 8),
    # a Native Guide ashore in its region (+2), not elsewhere
    (
        "Francisco Vázquez de Coronado",
        "NA3",
        LAND,
        "Caravel",
        {},
        {"guide": "NA"},
        "navigation",
        0,
        10,
    ),
    (
        "Francisco Vázquez de Coronado",
        "CB2",
        LAND,
        "Caravel",
        {},
        {"guide": "NA"},
        "navigation",
        0,
        8,
    ),
    # the Straits: Navigation −3 printed in the space
    ("Christopher Columbus", "STRAIT-E", SHIP, "Caravel", {}, {}, "navigation", 0, 6),  # 9 − 3
    # Negotiation: Trade Goods +3 unless unmodified, an Interpreter +2 in its region
    ("Jacques Cartier", "NA1-NE", LAND, "Caravel", {"Trade Goods": 1}, {}, "negotiation", 0, 10),
    ("Jacques Cartier", "NA1-NE", LAND, "Caravel", {"Trade Goods": 1}, {}, "negotiation!", 0, 7),
    ("Jacques Cartier", "NA1-NE", LAND, "Caravel", {}, {"interpreter": "NA"}, "negotiation", -2, 7),
    ("Hernán Cortés", "AZ-CONTACT", LAND, "Caravel", {"Trade Goods": 1}, {}, "negotiation", -1, 10),
    # Leadership and Personal Arms, and the Second-in-Command's
    ("Hernán Cortés", "CA3", LAND, "Caravel", {}, {}, "leadership", -1, 8),  # 9 − 1
    ("Christopher Columbus", "ATL9", SHIP, "Caravel", {}, {"second": True}, "leadership", 0, 6),
    ("Christopher Columbus", "ATL9", SHIP, "Caravel", {}, {"second": True}, "navigation", 0, 7),
    ("Francisco Vázquez de Coronado", "CA3", LAND, "Caravel", {}, {}, "personal-arms", -2, 5),
    # the sea check: ship type where it is + Ship Handling (+1 Sturdy Ship); a Pilot gives 2
    ("Christopher Columbus", "ATL9", SHIP, "Caravel", {}, {}, "sea", 0, 9),  # 7 + 2
    ("Christopher Columbus", "CB-VEN", SHIP, "Caravel", {}, {}, "sea", -1, 9),  # 8 + 2 − 1
    ("Christopher Columbus", "CB-VEN", SHIP, "Carrack", {}, {}, "sea", 0, 8),  # 6 + 2
    ("Jacques Cartier", "ATL9", SHIP, "Carrack", {"Sturdy Ship": 1}, {}, "sea", -2, 8),  # 8+1+1−2
    ("Francisco Vázquez de Coronado", "ATL9", SHIP, "Caravel", {"Pilot": 1}, {}, "sea", 0, 9),
    ("Jacques Cartier", "MR3", RAFT, "Caravel", {}, {}, "sea", -1, 5),  # raft 5 + 1 − 1
    # combat at sea: Crew 2, Soldiers 2, Cavalry 3, Cannons 3 if manned, Missionary 1, the Leader
    # 2 on his Personal Arms success; −1 hungry
    ("Hernán Cortés", "ATL9", SHIP, "Caravel", {"Crew": 2, "Provision": 1}, {}, "combat", 0, 6),
    ("Hernán Cortés", "ATL9", SHIP, "Caravel", {"Crew": 2}, {}, "combat", 0, 5),  # hungry
    (
        "Hernán Cortés",
        "ATL9",
        SHIP,
        "Carrack",
        {"Crew": 2, "Soldiers": 1, "Cannons": 1, "Missionary": 1, "Provision": 2},
        {},
        "combat",
        -1,
        11,  # 4 + 2 + 3 + 1 + 2 − 1
    ),
    ("Hernán Cortés", "ATL9", SHIP, "Caravel", {"Cannons": 1, "Provision": 1}, {}, "combat", 0, 2),
    # ashore: Crew 1, Porters 1 with Native Allies; NA3's combat −4
    (
        "Hernán Cortés",
        "NA2-APP",
        LAND,
        "Caravel",
        {"Crew": 3, "Porters": 2, "Provision": 1},
        {"allies": True},
        "combat",
        0,
        7,  # 3 + 2 + 2
    ),
    (
        "Hernán Cortés",
        "NA2-APP",
        LAND,
        "Caravel",
        {"Crew": 3, "Porters": 2, "Provision": 1},
        {},
        "combat",
        0,
        5,
    ),
    (
        "Hernán Cortés",
        "NA3",
        LAND,
        "Caravel",
        {"Crew": 3, "Provision": 1},
        {},
        "combat",
        0,
        1,
    ),  # 3+2−4
    ("Hernán Cortés", "SA1-BRAZIL", LAND, "Caravel", {"Crew": 3}, {}, "combat", 0, 2),  # 3+2−2−1
    # a Battle: + Aztec Awe (0 at the start) − Military Strength (5 at the start)
    (
        "Hernán Cortés",
        "AZ-CONTACT",
        LAND,
        "Caravel",
        {"Soldiers": 3, "Cavalry": 1, "Provision": 1},
        {},
        "battle",
        -1,
        5,  # 6 + 3 + 2 − 1 + 0 − 5
    ),
    ("Christopher Columbus", "ATL9", SHIP, "Caravel", {}, {}, "8", 0, 8),  # a fixed number
]


@pytest.mark.parametrize(
    ("leader", "space", "mode", "ship", "items", "extra", "rating", "mod", "expected"), CASES
)
def test_the_target_of_a_check(leader, space, mode, ship, items, extra, rating, mod, expected):
    state = fresh()
    state.markers["known-sea"] = 1  # the northern Known Sea Progress marker on ATL2
    state.waters = None
    e = expedition(state, leader, space, mode, ship, **items)
    for attr, value in extra.items():
        setattr(e, attr, value)
    if mode == RAFT:
        e.rafts = 1
    unmodified = rating.endswith("!")
    step = Check(rating=rating.rstrip("!"), mod=mod, unmodified=unmodified)
    bonus = state.k["leader_combat_strength"] if rating in ("combat", "battle") else 0
    assert target(state, e, step, bonus) == expected


def test_known_waters_grow_with_the_markers_and_the_land_sighted():
    state = fresh()
    assert known_waters(state) == {"ATL1", "ATL5"}  # the two markers at the start
    state.markers["known-sea"] = 3
    state.sighted.add("ATL7")
    state.waters = None
    assert {"ATL2", "ATL3", "ATL4", "ATL7", "ATL9"} <= known_waters(state)
    assert "CB-VEN" not in known_waters(state)
    state.markers["known-nwp"] = state.markers["known-ssa"] = 0  # Panama City founded
    state.waters = None
    waters = known_waters(state)
    assert {"CB-VEN", "NA-COD", "SA-PLATA-S", "PAC11", "PAC12", "PAC13", "ATL13"} <= waters
    assert "NWP1" not in waters and "SSA1" not in waters  # beyond the NWP and SSA markers


def test_a_land_expedition_and_its_leader_type():
    state = fresh()
    e = expedition(state, "Jacques Cartier", "NA1-NE", LAND)
    assert e.kind == "explorer" and e.mode == LAND
