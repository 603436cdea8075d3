"""Age of Exploration: rules met in the middle of a turn (shipwrecks, the Second-in-Command,
failure and a new expedition, reboarding, Rumors of Gold, the Capital and an empire's defeat,
take-overs) and the game's length bound. Each test sets the table, then plays the steps."""

from __future__ import annotations

import random

import pytest

from portolan.checker.core.log import parse_log
from portolan.checker.core.registry import rules_for
from portolan.checker.core.simulate import default_players, random_game
from portolan.checker.core.turn import push, run
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import civilizations as civ
from portolan.checker.games.age_of_exploration.moves import (
    Action,
    Draw,
    Drop,
    Give,
    Lose,
    Move,
    Or,
    Roll,
    StartTurn,
    Status,
    Stop,
    Takeover,
)
from portolan.checker.games.age_of_exploration.state import LAND, RAFT, SHIP, Expedition, Turn
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS, ROOT, play_moves, run_log

RULES = rules_for("age-of-exploration")
MODEL = load_game(COMPONENTS, "age-of-exploration")
DEFAULTS = {o.name: o.default for o in MODEL.rules.options}


def table(**options):
    state = RULES.setup(MODEL, ["Ana", "Ben"], DEFAULTS | options)
    state.phase, state.round, state.turn = ("play", 1, 2)
    state.tasks.clear()
    for p, leader in (("Ana", "Hernán Cortés"), ("Ben", "Jacques Cartier")):
        info = state.book.leaders[leader]
        for pile in state.piles.values():
            if leader in pile:
                pile.remove(leader)
        state.exp[p] = Expedition(leader=leader, kind=info.type)
    return state


def launched(state, p, space, mode=SHIP, ships=1, **items):
    e = state.exp[p]
    e.launched, e.space, e.mode, e.ships = True, space, mode, ships
    e.path, e.visited = [space], {space}
    e.items = {k.replace("_", " "): v for k, v in items.items()}
    return e


def turn_from(state, *tasks, start=None):
    """The current player's turn from a given task on (then movement... as usual)."""
    state.now = Turn(start=start or state.exp[state.player].space)
    push(state, *tasks, tk.NextPlayer())
    return run(state)


def moving_on(*before, lost: bool = False) -> tuple:
    """A turn's tasks from its movement on, after ``before`` (and the Lost check, if ``lost``)."""
    lost_check = (tk.LostCheck(),) if lost else ()
    return (
        *before,
        tk.Movement(),
        tk.StatusChange(),
        tk.ExpeditionAction(),
        *lost_check,
        tk.EndOfTurn(),
    )


def ana_again(state, *tasks, **now) -> list[str]:
    """Ana's next turn, from ``tasks`` on, where her last left her (``now``: the new turn's
    record, e.g. its start space; without it the turn under way stays as it is)."""
    state.tasks.clear()
    state.current = 0
    if now:
        state.now = Turn(**now)
    push(state, *tasks, tk.NextPlayer())
    return run(state)


def play(state, *moves):
    return play_moves(RULES, state, *moves)


def test_the_last_ship_lost_at_sea_fails_the_expedition():
    state = table()
    e = launched(state, "Ana", "ATL9", Crew=2, Provision=2)
    e.damage = True
    events = turn_from(state, tk.ShipDamage(False))
    assert any("fails: the last ship is lost" in x for x in events)
    assert "Hernán Cortés" in state.retired_down
    assert not state.exp["Ana"].launched and state.exp["Ana"].leader == ""
    # a new expedition: 2 + 2 cards (not leading), then a new Leader
    assert [type(t) for t in state.tasks[-4:]] == [tk.DrawOutfitting] * 4


def test_a_shipwreck_on_a_coast_with_an_arrow_forms_a_land_expedition():
    """CB-VEN's arrow leads to CB1-TF: every man, the Missionary checks against 6; Cavalry
    become Soldiers; Cannons, Gold, Trade Goods, Porters are lost."""
    state = table()
    e = launched(
        state, "Ana", "CB-VEN", Crew=2, Cavalry=1, Missionary=1, Cannons=1, Gold=2, Provision=1
    )
    e.damage = True
    turn_from(state, tk.ShipDamage(False))
    # Crew, Crew, Cavalry, Missionary: 6 ok, 7 fails (a Crew), 5 ok, 12 fails (the Missionary)
    play(state, Roll(6), Roll(7), Roll(5), Roll(12))
    assert e.mode == LAND and e.space == "CB1-TF" and e.ships == 0
    assert e.items == {"Crew": 1, "Soldiers": 1, "Provision": 1}


def test_the_leader_dies_and_the_second_in_command_gives_up_extra_ships():
    """Cartier (Ship Handling 1) with 2 ships dies fighting for his last man: the Second
    (Ship Handling 0) keeps one ship, and recovers a Crew on the consolidation check (9 − 0)."""
    state = table()
    state.current = 1
    e = launched(state, "Ben", "ATL9", ships=2, Crew=1, Provision=2)
    turn_from(state, tk.TakeLoss(("men",), "combat"))
    play(state, RULES.decision(state).accepts[0](True))  # the Leader intervenes
    events = play(state, Roll(11))  # Personal Arms 5: he dies; the man is lost too
    assert e.second and e.ships == 1
    assert any("Second-in-Command takes over" in x for x in events)
    play(state, Roll(4))  # consolidation: 4 against 9 − 0: a Crew back
    assert e.items.get("Crew") == 1


def test_no_men_left_and_a_failed_leadership_check_fails_the_expedition():
    state = table()
    launched(state, "Ana", "NA2-APP", LAND, ships=0, Missionary=1)
    turn_from(state, tk.TakeLoss(("men",), "disease"))
    events = play(state, Roll(12))  # Leadership 9 − 3 (hungry): fails
    assert any("fails: the Leader dies: no men were left" in x for x in events)


def test_rumors_of_gold_go_to_the_nearest_higher_space_and_block_status_changes():
    state = table()
    e = launched(state, "Ana", "NA1-NE", LAND, ships=0, Crew=2, Provision=2)
    turn_from(state, *moving_on(tk.TurnInCard()))
    state.now.rumor, state.now.progress = True, 1
    ana_again(state, *moving_on(tk.TurnInCard()))
    assert state.rumors["Ana"] == ("NA2-LAKES", True)
    play(state, Move("NA2-LAKES"))
    assert state.rumors["Ana"] == ("NA2-LAKES", False)  # dispelled on arrival
    assert e.space == "NA2-LAKES"


def test_the_capital_needs_an_entry_chit_and_its_defeat_scores_the_major():
    """Cortés in the Aztec Contact box without Capital Entry cannot enter; with it he enters.
    At Awe +5 and Military Strength 1, a Battle on the Causeway won brings Strength to 0: the
    Aztec Empire falls: 4 VP (Ana had none), 5 Gold, Mexico City founded, a new expedition."""
    state = table()
    e = launched(state, "Ana", "AZ-CONTACT", LAND, ships=0, Crew=1, Soldiers=3, Provision=2)
    state.awe["Aztec"], state.strength["Aztec"] = 5, 1
    state.now = Turn(start="AZ-CONTACT", progress=1, progress_set=True)
    push(state, tk.Movement(), tk.NextPlayer())
    run(state)
    assert RULES.check(state, Move("AZ-CAPITAL"), "Ana") is not None
    e.entry = "Aztec"
    play(state, Move("AZ-CAPITAL"))
    assert state.capital["Aztec"] == "Ana"
    state.tasks.clear()
    state.current = 0  # Ana's next turn, in the Capital
    state.now = Turn(start="AZ-CAPITAL", draws="civilization")
    push(state, tk.DrawCard("civilization"), tk.TurnInCard(), tk.NextPlayer())
    run(state)
    events = play(state, Draw(84), Roll(3), Roll(2))  # Cortés's arms, then the battle
    assert any("Aztec Empire falls" in x for x in events)
    assert state.majors == {"aztec-defeat": "Ana"} and state.vp["Ana"]["majors"] == 4
    assert state.gold["Ana"] == 5 and "CA4" in state.founded
    assert not state.exp["Ana"].launched


def test_a_take_over_won_gives_the_target_s_chits_to_the_attacker():
    state = table()
    a = launched(state, "Ana", "CB2", LAND, ships=0, Crew=2, Gold=1)
    b = launched(state, "Ben", "CB2", LAND, ships=0, Crew=1, Gold=2, Provision=1)
    b.found = [("CB3", 0)]
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    play(state, Takeover("Ben"), Give(0))
    # Cartier's Negotiation 7 − 4 = 3: 9 fails; Cortés's arms 8: 4 succeeds; Cartier's 5: 11 fails
    events = play(state, Roll(9), Roll(4), Roll(11))
    assert any("takes over Ben's expedition" in x for x in events)
    assert a.items == {"Crew": 3, "Gold": 3, "Provision": 1} and a.found == [("CB3", 0)]
    assert "Jacques Cartier" in state.retired_down and not state.exp["Ben"].launched


def test_going_ashore_and_reboarding_on_the_ships_check():
    state = table()
    e = launched(state, "Ana", "NA1-NE", SHIP, ships=2, Crew=3, Provision=2)
    ana_again(state, *moving_on(), start="NA1-NE", progress=1, progress_set=True)
    from portolan.checker.games.age_of_exploration.moves import Ashore

    play(state, Ashore(1, 1), Move("NA2-APP"))
    assert e.mode == LAND and e.ship_space == "NA1-NE" and e.hold == {"Crew": 1, "Provision": 1}
    ana_again(state, *moving_on(), start="NA2-APP", progress=1, progress_set=True)
    play(state, Move("NA1-NE"), Roll(9), Roll(8))  # 7 + 1 Crew aboard: the first ship is gone
    assert e.mode == SHIP and e.ships == 1 and e.items["Crew"] == 3


def test_a_storm_at_sea_is_a_sea_check_then_the_choice_to_run_with_it():
    state = table()
    e = launched(state, "Ana", "ATL9", Crew=2, Provision=2)
    turn_from(state, *moving_on(tk.ChooseStance(), tk.TurnInCard()))
    play(state, Draw(118), Roll(11))  # sea check 7 + 1 (Cortés): damage
    assert e.damage
    play(state, Or(1), Roll(9))  # run with it: Navigation 5 fails: Lost
    assert e.lost == 1
    assert RULES.decision(state).phase != "Movement"  # a Lost expedition does not move


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_within_the_bound(players):
    """Each game ends by its VP target or the round bound (40 rounds short, 80 campaign); a
    turn is a bounded number of steps, and no random game comes near 8,000 steps."""
    for seed in range(4):
        options = dict(DEFAULTS, victory="campaign" if seed % 2 else "short")
        game = random_game(RULES, MODEL, default_players(players), options, random.Random(seed))
        state = game.state
        assert state.over and len(game.steps) < 8_000
        assert state.round <= state.round_limit


def test_a_turn_always_begins_with_start_turn():
    state = table()
    push(state, tk.StartOfTurn())
    d = RULES.decision(state)
    assert d.starts_turn and d.accepts == (StartTurn,)
    assert Stop() and Status("X") and Action("raft")  # the move types exist


# -- rules broken mid-game (set up directly: the logs would be long) ------------------------------
def test_the_capital_refused_without_entry_names_its_rule():
    state = table()
    launched(state, "Ana", "AZ-CONTACT", LAND, ships=0, Crew=1)
    state.now = Turn(start="AZ-CONTACT", progress=1, progress_set=True)
    push(state, tk.Movement(), tk.NextPlayer())
    run(state)
    illegal = RULES.check(state, Move("AZ-CAPITAL"), "Ana")
    assert illegal.section == "Civilization Encounters"
    assert "Capital Entry, the Ruler Seized or a card that allows it" in illegal.message


def test_the_rumors_box_needs_the_civilization_discovered():
    state = table()
    launched(state, "Ana", "CA3", LAND, ships=0, Crew=1)
    state.now = Turn(start="CA3")
    push(state, tk.StatusChange(), tk.NextPlayer())
    run(state)
    illegal = RULES.check(state, Status("AZ-RUMORS"), "Ana")
    assert illegal.section == "Civilization Encounters"
    assert illegal.message == "the Aztec civilization must be discovered first"
    state.exp["Ana"].found.append(("CA3", 0))
    assert RULES.check(state, Status("AZ-RUMORS"), "Ana") is None


def test_the_straits_are_passed_westward_only_on_a_check():
    state = table()
    launched(state, "Ana", "STRAIT-W", Crew=2, Provision=2)
    state.now = Turn(start="STRAIT-W")
    push(state, tk.StatusChange(), tk.NextPlayer())
    run(state)
    illegal = RULES.check(state, Status("PAC8"), "Ana")
    assert illegal.message == "heading west, the Straits must be passed on a check first"
    state.now.strait = True
    assert RULES.check(state, Status("PAC8"), "Ana") is None


def test_the_rumors_go_to_one_of_the_nearest_spaces():
    """From Mato Grosso (SA3), SA4 and SA5 are both one step away with a higher number: the
    player chooses; Paraná (SA2) is lower."""
    from portolan.checker.games.age_of_exploration.moves import Rumor

    state = table()
    launched(state, "Ana", "SA3-MATO", LAND, ships=0, Crew=1)
    state.now = Turn(start="SA3-MATO")
    push(state, tk.RumorsOfGold(), tk.NextPlayer())
    run(state)
    assert RULES.legal_moves(state) == [Rumor("SA4"), Rumor("SA5")]
    illegal = RULES.check(state, Rumor("SA2-PARANA"), "Ana")
    assert illegal.section == "Rumors of Gold"
    play(state, Rumor("SA5"))
    assert state.rumors["Ana"] == ("SA5", True)


def test_outfitting_at_a_base_guides_surcharges_and_panama():
    """Panama City founded (the CA Landfall published): a Native Guide of a published region only;
    Cannons at a base cost one more Gold; only Caravels launch from Panama City."""
    from portolan.checker.games.age_of_exploration.actions import publishing
    from portolan.checker.games.age_of_exploration.moves import Launch, LaunchFrom, Pay, Play

    state = table()
    publishing.claim(state, "Ben", "landfall-ca")
    assert "CA1" in state.founded and state.markers["known-nwp"] == 0
    state.hands["Ana"] = [39, 27, 45]
    push(state, tk.Outfit("Ana", "port"), tk.NextPlayer())
    run(state)
    illegal = RULES.check(state, Play(39, "Native Guide", "CA"), "Ana")
    assert "launching from a New World base" in illegal.message
    play(state, LaunchFrom("CA1"))
    illegal = RULES.check(state, Play(39, "Native Guide", "NA"), "Ana")
    assert illegal.message == "a Native Guide's region must have its Landfall published"
    play(state, Play(39, "Native Guide", "CA"), Play(27, "Cannons"))
    assert state.exp["Ana"].unpaid == 1 and state.exp["Ana"].guide == "CA"
    play(state, Play(45, "Gold"), Pay(0))
    assert state.exp["Ana"].unpaid == 0 and state.gold["Ana"] == 0
    state.tasks.clear()
    state.exp["Ana"].ship_type = "Carrack"
    push(state, tk.InPort(), tk.NextPlayer())
    illegal = RULES.check(state, Launch("CB-SEA"), "Ana")
    assert illegal.message == "only Caravels launch from Panama City (CA1)"
    assert RULES.check(state, Launch("CA1", on_foot=True), "Ana") is None


def test_a_take_over_target_gives_no_more_gold_than_it_has():
    state = table()
    launched(state, "Ana", "CB2", LAND, ships=0, Crew=2)
    launched(state, "Ben", "CB2", LAND, ships=0, Crew=1, Gold=1)
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    play(state, Takeover("Ben"))
    illegal = RULES.check(state, Give(2), "Ben")
    assert (
        illegal.section == "Expedition Action" and illegal.message == "Ben's expedition has 1 Gold"
    )


def test_a_descent_needs_every_river_space_rafted():
    from portolan.checker.games.age_of_exploration.actions.movement import track_majors

    state = table()
    e = launched(state, "Ana", "MR5", "raft", ships=0, Crew=1)
    e.rafts = 1
    assert state.book.descents["mississippi"][0] == ("MR1", "MR2", "MR3", "MR4", "MR5")
    e.rafted = ["MR5"]
    track_majors(state, e, "MR5", "CA6", True)
    assert not e.descents
    e.rafted = ["MR1", "MR2", "MR3", "MR4", "MR5"]
    track_majors(state, e, "MR5", "CB-GULF", False)
    assert e.descents == {"mississippi"}


def test_one_expedition_at_a_time_holds_an_empire_s_ruler_and_native_allies():
    """Civilization Encounters: of two expeditions meeting the Aztecs, only one at a time seizes
    the Ruler or gains Native Allies; a status change frees them for the other."""
    state = table()
    ana = launched(state, "Ana", "AZ-CONTACT", LAND, ships=0, Crew=2)
    ben = launched(state, "Ben", "AZ-CONTACT", LAND, ships=0, Crew=2)
    assert civ.mark(state, ana, "Ruler Seized", True) == ["the Aztec Ruler is seized"]
    assert civ.mark(state, ben, "Ruler Seized", True) == ["Ana holds the Aztec Ruler: no effect"]
    assert civ.mark(state, ana, "Native Allies", True) == ["Native Allies"]
    assert civ.mark(state, ben, "Native Allies", True) == [
        "Ana has the Aztec Native Allies: no effect"
    ]
    assert (ana.ruler, ana.allies, ben.ruler, ben.allies) == ("Aztec", True, None, False)
    civ.clear_chits(state, ana)  # Ana's status change
    assert civ.mark(state, ben, "Ruler Seized", True) == ["the Aztec Ruler is seized"]
    assert civ.mark(state, ben, "Native Allies", True) == ["Native Allies"]
    assert (ana.ruler, ana.allies, state.ruler["Aztec"], state.allies["Aztec"]) == (
        None,
        False,
        "Ben",
        "Ben",
    )


def test_a_raft_is_built_on_a_river_only_by_staying_to_work_on_the_rafts():
    """Building/Repairing Rafts: a raft expedition in a river space that attempts to build
    another raft draws a Land card instead and may not move: one that explored the river this
    turn (a River card, perhaps a move) may not build there."""
    state = table()
    e = launched(state, "Ana", "MR2", "raft", ships=0, Crew=2)
    e.rafts = 1
    turn_from(state, tk.ExpeditionAction())
    illegal = RULES.check(state, Action("raft"), "Ana")
    assert illegal.section == "Expedition Action" and "working on them all turn" in illegal.message
    state.now.stance = "rafts"
    assert RULES.check(state, Action("raft"), "Ana") is None


def test_a_new_leader_must_handle_the_extra_ships_already_taken():
    """Key Concepts: Ship Handling "is also the maximum number of extra ships an expedition may
    have". Columbus (Ship Handling 2) took two extra ships; a Letter of Credit turns over
    Pizarro (Ship Handling 0): Columbus cannot be the one retired; Cortés (1) cannot lead three
    ships either, but Magellan (2) can."""
    from portolan.checker.games.age_of_exploration.moves import Hire, Leader, Retire

    state = table()
    e = state.exp["Ana"]
    e.leader, e.kind, e.ships = "Christopher Columbus", "explorer", 3
    e.items = {"Crew": 2, "Provision": 2}
    state.piles["explorer"].remove("Christopher Columbus")
    state.retired_up = ["Hernán Cortés", "Ferdinand Magellan"]
    state.exp["Ben"].leader = "Jacques Cartier"
    state.hands["Ana"] = [36, 57, 51]
    push(state, tk.Outfit("Ana", "port"), tk.NextPlayer())
    run(state)
    play(state, Hire(36, "conquistador"), Leader("Francisco Pizarro"))
    illegal = RULES.check(state, Retire("Christopher Columbus"), "Ana")
    assert illegal is not None and illegal.section == "Additional Ships"
    play(state, Retire("Francisco Pizarro"))
    assert e.leader == "Christopher Columbus"
    play(state, Hire(57, "Hernán Cortés"))
    assert RULES.check(state, Retire("Christopher Columbus"), "Ana") is not None
    play(state, Retire("Hernán Cortés"), Hire(51, "Ferdinand Magellan"))
    play(state, Retire("Christopher Columbus"))
    assert e.leader == "Ferdinand Magellan" and e.ships == 3


def test_an_attacker_repulsed_may_not_attack_that_expedition_again_anywhere():
    """Expedition Action: on the defender's Personal Arms success the attacker "must leave in
    the direction it came from and may not attempt to take over this expedition again"."""
    state = table()
    a = launched(state, "Ana", "NA2-APP", LAND, ships=0, Crew=2)
    a.came_from = "NA1-NE"
    b = launched(state, "Ben", "NA2-APP", LAND, ships=0, Crew=1)
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    play(state, Takeover("Ben"), Give(0))
    # Cartier's Negotiation 7 − 4 = 3: 9 fails; Cortés's arms 8: 4 succeeds; Cartier's 5: 2 too
    events = play(state, Roll(9), Roll(4), Roll(2))
    assert "Ben repulses the attack" in events and a.space == "NA1-NE"
    b.space = "NA1-NE"  # Ben follows Ana down to the coast
    state.tasks.clear()
    state.current = 0
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    assert RULES.check(state, Takeover("Ben"), "Ana") is not None


def test_gold_spent_at_a_base_reaps_a_gold_award_without_outfitting_cards():
    """Expedition Action, Spend Gold (at a New World base): Crew, Provisions or Soldiers; "may
    also reap one of the 1st X+ Gold VP awards, in which case you get the VP but do not draw an
    Outfitting card". Not at sea, and not Cannons."""
    from portolan.checker.games.age_of_exploration.actions import publishing
    from portolan.checker.games.age_of_exploration.moves import NoAction, SpendGold

    state = table()
    publishing.claim(state, "Ben", "landfall-cb")  # Hispaniola (CB1) is founded
    e = launched(state, "Ana", "CB1", LAND, ships=0, Crew=2, Gold=3)
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    assert RULES.check(state, SpendGold("Cannons"), "Ana") is not None
    events = play(state, SpendGold("Crew"), SpendGold("Soldiers"), NoAction())
    assert "1st 3+ Gold: 1 VP" in events and state.vp["Ana"]["goods"] == 1
    assert e.items == {"Crew": 3, "Soldiers": 1, "Gold": 1}
    assert not [t for t in state.tasks if isinstance(t, tk.DrawOutfitting)]


def test_lost_this_turn_checks_navigation_and_still_lost_is_removed_a_turn_later():
    """End-of-turn Actions, Lost: "Lost this turn" checks Navigation (a failure moves it to
    "Still Lost"); "Still Lost" is removed at the next turn's end, after a turn without
    movement (Movement: a Lost expedition does not move)."""
    state = table()
    e = launched(state, "Ana", "ATL3", Crew=2, Provision=2)
    e.lost = 1
    turn_from(state, tk.LostCheck(), tk.EndOfTurn())
    play(state, Roll(9))  # Cortés's sea Navigation 5: 9 fails
    assert e.lost == 2
    step = sorted(state.book.neigh["ATL3"])[0]
    ana_again(state, *moving_on(lost=True), start="ATL3", progress=2, progress_set=True)
    illegal = RULES.misplaced(state, Move(step))  # the movement step is passed over
    assert illegal.section == "Movement" and illegal.message == "a Lost expedition does not move"
    play(state, StartTurn("Ben"))
    assert e.lost == 0


def test_circumnavigation_is_scored_only_back_in_europe_after_the_cape_verde_islands():
    """Major Expeditions: into the Pacific by the Straits or the NWP, "then returned to Europe
    via the Cape Verde Islands"."""
    from portolan.checker.games.age_of_exploration.actions import publishing

    state = table()
    e = launched(state, "Ana", "EUROPE", Crew=2)
    e.pacific = True
    assert publishing.qualified(state, e) == []
    e.circled = True
    assert publishing.qualified(state, e) == ["circumnavigation"]
    e.space = "CB1"
    state.founded.add("CB1")
    assert publishing.qualified(state, e) == []


def test_the_counters_a_card_is_played_for_are_read_in_any_case():
    """'play 57 missionary' (a Letter of Credit: any counter) and 'play 60 2 crew' read as the
    cards spell them; the Letter of Credit's choice was matched case by case before."""
    example = (ROOT / "examples/age-of-exploration/two-players.yaml").read_text("utf-8")
    written = example.replace("play 57 Missionary", "play 57 missionary", 1)
    written = written.replace("play 60 Soldiers", "play 60 soldiers", 1)
    assert written != example
    steps = [repr(s.move) for s in parse_log(example, "log.yaml", COMPONENTS).steps]
    assert [repr(s.move) for s in parse_log(written, "log.yaml", COMPONENTS).steps] == steps
    replayed = run_log(written)
    assert replayed.ok, replayed.violation
    assert replayed.applied == run_log(example).applied


def test_an_expedition_on_an_island_leaves_only_on_a_turn_it_draws_a_card():
    """Draw and resolve an exploration card, Mid-Atlantic Islands: a Coast card is drawn "only
    ... on the turn that it intends to leave that space": staying (no card) keeps it there, so
    the status change back to the sea is refused; drawing, it leaves."""
    from portolan.checker.games.age_of_exploration.actions.endturn import TURN
    from portolan.checker.games.age_of_exploration.moves import Stance

    state = table()
    e = launched(state, "Ana", "AZORES", Crew=2, Provision=2)
    turn_from(state, *TURN[:-1])
    play(state, Stance("stay"), Stop())
    illegal = RULES.check(state, Status("ATL5"), "Ana")
    assert illegal.section == "Draw and resolve an exploration card"
    assert "draws no card" in illegal.message
    play(state, Action("provision"))  # staying, it may still gain its Provision
    assert e.items["Provision"] == 3 and e.space == "AZORES"
    state.tasks.clear()
    state.current = 0
    turn_from(state, *TURN[:-1])
    play(state, Stance("explore"), Draw(104), Stop(), Status("ATL5"))
    assert e.space == "ATL5"


def test_an_expedition_in_a_base_leaves_only_on_a_turn_it_draws_a_card():
    """New World Bases: a card is drawn "on the turn that it intends to leave that base's
    space": ships moored in Hispaniola (CB1) that stay do not sail out that turn."""
    from portolan.checker.games.age_of_exploration.actions import publishing
    from portolan.checker.games.age_of_exploration.actions.endturn import TURN
    from portolan.checker.games.age_of_exploration.moves import Stance

    state = table()
    publishing.claim(state, "Ben", "landfall-cb")
    launched(state, "Ana", "CB1", Crew=2, Provision=2)
    out = sorted(state.book.trans["CB1"])[0]
    turn_from(state, *TURN[:-1])
    play(state, Stance("stay"), Stop())
    assert RULES.check(state, Status(out), "Ana") is not None


# -- Expedition Action: the actions met less often -----------------------------------------------
def test_horses_eaten_become_soldiers_and_give_a_provision_each():
    """Eat horses (if Cavalry present): "Gain 1 Provision for each Cavalry turned into
    Soldiers"; not more horses than there are Cavalry."""
    state = table()
    e = launched(state, "Ana", "ATL9", ships=2, Crew=2, Cavalry=2, Provision=0)
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    illegal = RULES.check(state, Action("eat", 3), "Ana")
    assert illegal.section == "Expedition Action"
    assert illegal.message == "not so many Cavalry to eat"
    events = play(state, Action("eat", 2))
    assert "eats 2 horses: 2 Cavalry become Soldiers, +2 Provisions" in events
    assert e.items == {"Crew": 2, "Soldiers": 2, "Provision": 2}


def test_horses_eaten_on_rafts_obey_the_rafts_cargo():
    """Ship and raft expeditions obey their cargo capacity at all times (Cargo Capacity): with
    rafts carrying the brown-circled counters (raft_cargo: land), a Provision from the horses
    must find room on the raft (2 spaces: 2 Provisions already): one counter is dropped."""
    state = table(raft_cargo="land")
    e = launched(state, "Ana", "MR2", "raft", ships=0, Crew=1, Cavalry=1, Provision=2)
    e.rafts = 1
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    play(state, Action("eat", 1))
    assert RULES.decision(state).phase == "Cargo"


def test_a_mine_gives_a_gold_and_is_depleted_on_a_failed_check_against_8():
    """Operate Mine (at a known or discovered mine space): "Gain 1 Gold. Check against 8. If
    [Failure], deplete Mine"; a depleted mine is operated no more, by anyone."""
    state = table()
    e = launched(state, "Ana", "CB3", LAND, ships=0, Crew=2)
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    assert RULES.check(state, Action("mine"), "Ana") is not None  # not discovered yet
    e.found.append(("CB3", 0))
    play(state, Action("mine"), Roll(8))  # 8 against 8: the mine holds
    assert e.items["Gold"] == 1 and "CB3" not in state.depleted
    state.tasks.clear()
    state.current = 0
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    events = play(state, Action("mine"), Roll(9))
    assert "the mine is depleted" in events
    assert e.items["Gold"] == 2 and state.depleted == {"CB3"}
    state.tasks.clear()
    state.current = 0
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    illegal = RULES.check(state, Action("mine"), "Ana")
    assert illegal.message == "no working mine known or discovered here"


def test_hardwood_is_harvested_where_it_is_known_or_discovered_and_takes_a_ship_space():
    """Harvest Hardwood (at a known or discovered hardwood space): a Hardwood marker, which
    takes a ship cargo space: a Caravel full (5 of 5) must drop a counter."""
    state = table()
    e = launched(state, "Ana", "CAPE-BRANCO", Crew=2, Provision=3)
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    illegal = RULES.check(state, Action("hardwood"), "Ana")
    assert illegal.message == "no known or discovered Hardwood here"
    state.known.add(("CAPE-BRANCO", 0))  # published by someone: known to all
    events = play(state, Action("hardwood"))
    assert "harvests Hardwood" in events and e.items["Hardwood"] == 1
    assert RULES.decision(state).phase == "Cargo"


def test_killing_a_seized_ruler_lowers_military_strength_and_turns_in_the_chit():
    """Kill a Seized Ruler (if a Seized Ruler chit is owned): "Decrease the empire's Military
    Strength by one and turn in the chit": the Ruler may then be seized by another expedition."""
    state = table()
    e = launched(state, "Ana", "AZ-CONTACT", LAND, ships=0, Crew=2)
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    assert RULES.check(state, Action("kill ruler"), "Ana").message == "no Seized Ruler"
    civ.mark(state, e, "Ruler Seized", True)
    strength = state.strength["Aztec"]
    events = play(state, Action("kill ruler"))
    assert "kills the Seized Ruler of the Aztec" in events
    assert state.strength["Aztec"] == strength - 1
    assert e.ruler is None and state.ruler["Aztec"] is None and "Aztec" not in state.fallen
    ben = launched(state, "Ben", "AZ-CONTACT", LAND, ships=0, Crew=2)
    assert civ.mark(state, ben, "Ruler Seized", True) == ["the Aztec Ruler is seized"]


def test_an_expedition_retracing_its_path_home_is_in_known_waters_only_on_that_path():
    """Known Waters: "If Expedition must return has been declared and the expedition is
    retracing its path, it is in 'known waters'": Cortés's Pilot (+1) helps on his way back
    through ATL8 (beyond the Known Sea Progress), not on Madeira, a provisioning side trip
    he never made on the way out, nor anywhere before the return is declared."""
    from portolan.checker.games.age_of_exploration.actions.ratings import navigation
    from portolan.checker.games.age_of_exploration.moves import DeclareReturn

    state = table()
    e = launched(state, "Ana", "ATL10", Crew=2, Provision=2, Pilot=1)
    e.path, e.visited = ["ATL1", "ATL5", "ATL8", "ATL10"], {"ATL1", "ATL5", "ATL8", "ATL10"}
    base = state.book.leaders["Hernán Cortés"].ratings["navigation_sea"]
    assert navigation(state, e) == base
    turn_from(state, tk.EndOfTurn())
    play(state, DeclareReturn())
    assert navigation(state, e) == base + 1
    e.space = "ATL8"
    e.path.append("ATL8")
    assert navigation(state, e) == base + 1
    e.space = "MADEIRA"
    e.path.append("MADEIRA")
    e.visited.add("MADEIRA")
    assert navigation(state, e) == base


def test_porters_gained_from_a_card_ashore_stop_at_men_plus_one():
    """Switching between Naval, Land and Raft Expeditions: ashore "the number of Porters is
    limited to at most Crew + Soldiers + Cavalry + 1"; aboard ships (moored off a coast) at most
    one Porters (Cargo Capacity). Card 170's Negotiation success gives a Provision and Porters."""
    from portolan.checker.games.age_of_exploration.actions.endturn import TURN

    state = table()
    e = launched(state, "Ana", "NA2-APP", LAND, ships=0, Crew=1, Porters=2, Provision=1)
    turn_from(state, *TURN)
    events = play(state, Draw(170), Roll(2))
    assert "Porters beyond 2 are turned down" in events
    assert e.items["Porters"] == 2 and e.items["Provision"] == 2
    e.items["Soldiers"] = 1  # one man more: room for a third
    state.tasks.clear()
    state.current = 0
    turn_from(state, *TURN)
    play(state, Draw(193), Roll(2))
    assert e.items["Porters"] == 3
    moored = launched(state, "Ben", "NA1-NE", SHIP, ships=2, Crew=2, Provision=2, Porters=1)
    state.tasks.clear()
    state.current = 1
    turn_from(state, *TURN)
    play(state, Draw(195), Roll(2), Roll(2), Roll(2))  # Porters, then the combat (arms, fight)
    assert moored.items["Porters"] == 1


def test_the_mississippi_descent_ends_in_ca6_by_a_status_change_from_r5():
    """Major Expeditions: "rafted through the R1–5 'M. River' spaces from NA3 to CA6 or the
    Gulf of Mexico": R5's grey arrow to CA6 completes it (the rafts abandoned, a land
    expedition); the expedition then qualifies for it when it publishes."""
    from portolan.checker.games.age_of_exploration.actions import publishing

    state = table()
    e = launched(state, "Ana", "NA3", LAND, ships=0, Crew=2, Provision=1)
    e.rafts = 1
    turn_from(state, tk.StatusChange(), tk.EndOfTurn())
    play(state, Status("MR1"))
    assert e.mode == "raft" and e.rafted == ["MR1"]
    for river in ("MR2", "MR3", "MR4", "MR5"):
        state.tasks.clear()
        state.current = 0
        state.now = Turn(start=e.space, progress=1, progress_set=True)
        push(state, tk.Movement(), tk.EndOfTurn(), tk.NextPlayer())
        run(state)
        play(state, Move(river))
    state.tasks.clear()
    state.current = 0
    turn_from(state, tk.StatusChange(), tk.EndOfTurn())
    events = play(state, Status("CA6"))
    assert "completes the Mississippi River Descent" in events
    assert e.mode == LAND and e.descents == {"mississippi"}
    assert publishing.qualified(state, e) == ["mississippi"]


def test_the_face_up_outfitting_row_holds_at_least_three_cards_after_the_deal():
    """Outfitting Expeditions, optional rule (face_up_outfitting): at the deal "as many cards as
    there are players" lie face up (2 here); later "as many ... as there are outfitting players
    (minimum of three cards)": a draw in port first fills the row to 3."""
    from portolan.checker.games.age_of_exploration.moves import Row, Take

    state = RULES.setup(MODEL, ["Ana", "Ben"], DEFAULTS | {"face_up_outfitting": "on"})
    run(state)
    while state.phase == "setup":
        d = RULES.decision(state)
        if d.accepts == (Row,):
            assert len(state.row) < 2
        moves = RULES.legal_moves(state) or [m for m, _ in RULES.chances(state, d)]
        RULES.apply(state, moves[0])
    assert len(state.row) == 2 and all(len(h) == 6 for h in state.hands.values())
    state.tasks.clear()
    push(state, tk.DrawOutfitting("Ana"), tk.NextPlayer())
    run(state)
    n = state.outfit_deck[0]
    play(state, Row(n))
    assert len(state.row) == 3 and RULES.decision(state).accepts != (Row,)
    play(state, Take(n))
    assert n in state.hands["Ana"] and RULES.decision(state).accepts == (Row,)


def test_a_take_over_bar_ends_with_the_expedition_it_was_against():
    """Expedition Action: the attacker repulsed "may not attempt to take over this expedition
    again": once Ben's expedition has failed, his next one may be attacked."""
    from portolan.checker.games.age_of_exploration.actions.losses import fail

    state = table()
    a = launched(state, "Ana", "NA2-APP", LAND, ships=0, Crew=2)
    a.barred = {("Ben", "*"), ("Ben", "NA2-APP")}
    launched(state, "Ben", "NA2-APP", LAND, ships=0, Crew=1)
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    assert RULES.check(state, Takeover("Ben"), "Ana") is not None
    state.current = 1
    fail(state, "Ben", "lost at sea")
    state.exp["Ben"] = Expedition(leader="Jacques Cartier", kind="explorer")
    launched(state, "Ben", "NA2-APP", LAND, ships=0, Crew=1)
    assert a.barred == set()
    state.tasks.clear()
    state.current = 0
    turn_from(state, tk.ExpeditionAction(), tk.EndOfTurn())
    assert RULES.check(state, Takeover("Ben"), "Ana") is None


def test_ashore_and_back_aboard_swap_counters_freely_before_leaving_the_space():
    """Switching between Naval, Land and Raft Expeditions: "Until the land expedition leaves the
    space, it may freely swap equipment and personnel ... with its ships": ashore then back
    aboard in one turn; a turn later, still there, back aboard and ashore with another split.
    Each once a turn (which already makes any swap), so a turn stays a bounded number of steps."""
    from portolan.checker.games.age_of_exploration.moves import Aboard, Ashore

    state = table()
    e = launched(state, "Ana", "NA1-NE", SHIP, ships=2, Crew=3, Provision=2)
    ana_again(state, *moving_on(), start="NA1-NE")
    play(state, Ashore(1, 1), Aboard())
    assert e.mode == SHIP and e.items == {"Crew": 3, "Provision": 2}
    assert RULES.check(state, Ashore(2, 0), "Ana") is not None  # once a turn
    for moves in ((Ashore(2, 0),), (Aboard(), Ashore(0, 1))):  # the next two turns
        ana_again(state, *moving_on(), start="NA1-NE")
        play(state, *moves)
        assert e.mode == LAND
    assert e.mode == LAND and e.hold == {"Provision": 1} and e.items == {"Crew": 3, "Provision": 1}


def test_a_card_s_lost_puts_a_still_lost_expedition_back_in_lost_this_turn():
    """Card Instructions and End-of-turn Actions, Lost: an expedition still Lost from last turn
    that draws Fog and fails its Navigation is Lost again this turn: the marker goes to "Lost
    this turn" and is checked at the end of the turn (it was left in "Still Lost" and removed
    without a check)."""
    state = table()
    e = launched(state, "Ana", "CB-VEN", Crew=2, Provision=2)
    e.lost = 2
    state.now = Turn(start="CB-VEN", draws="coast")
    push(state, tk.DrawCard("sea"), tk.LostCheck(), tk.EndOfTurn(), tk.NextPlayer())
    run(state)
    events = play(state, Draw(124), Roll(12))  # the coast's Fog: Cortés's Navigation 5 fails
    assert "Lost" in events and e.lost == 1
    events = play(state, Roll(11))  # the end of turn: Navigation (Lost) fails again
    assert "Still lost" in events and e.lost == 2


def test_extra_ships_given_up_recover_crew_before_the_cargo_is_adjusted():
    """Reducing Additional Ships: "Before adjusting to the newly reduced cargo capacity, use the
    Consolidate ships Crew recovery rule". Cartier (Ship Handling 1) dies with 2 Carracks (cargo
    8) full: the Second keeps one (cargo 7); the check (9 − 5 Crew) comes first, its Crew
    recovered, then two counters go overboard (the cargo was settled before the check)."""
    state = table()
    state.current = 1
    e = launched(state, "Ben", "ATL9", ships=2, Crew=5, Provision=3)
    e.ship_type = "Carrack"
    turn_from(state, tk.LeaderDies())
    assert e.second and e.ships == 1
    assert "Consolidation" in RULES.decision(state).prompt
    play(state, Roll(3))  # 3 against 9 − 5: a Crew back
    assert e.items["Crew"] == 6
    play(state, Drop("Provision"), Drop("Provision"))
    assert e.items == {"Crew": 6, "Provision": 1} and not isinstance(
        state.tasks[-1], tk.CargoOverLimit
    )


def test_no_consolidation_check_at_maximum_crew():
    """Consolidate ships: "If not at maximum Crew, check": Columbus (Ship Handling 2) dies with
    3 Carracks and 9 Crew; the Second gives up two ships with no check (none was asked for a
    roll that could not succeed), then the cargo (7) is adjusted."""
    state = table()
    state.current = 1
    state.exp["Ben"] = Expedition(leader="Christopher Columbus", kind="explorer")
    e = launched(state, "Ben", "ATL9", ships=3, Crew=9)
    e.ship_type = "Carrack"
    events = turn_from(state, tk.LeaderDies())
    assert e.ships == 1 and events.count("at maximum Crew: no consolidation check") == 2
    assert "to leave behind" in RULES.decision(state).prompt
    play(state, Drop("Crew"), Drop("Crew"))
    assert e.items == {"Crew": 7}


def test_a_second_in_command_who_took_over_ashore_reboards_only_the_ships_he_can_handle():
    """Reducing Additional Ships: Cartier died ashore; his Second (Ship Handling 0) finds both
    ships still there but keeps one, with the Crew recovery check (9 − 1 Crew aboard)."""
    state = table()
    state.current = 1
    e = launched(state, "Ben", "NA1-NE", LAND, ships=2, Soldiers=1)
    e.second, e.ship_space, e.hold = True, "NA1-NE", {"Crew": 1, "Provision": 1}
    turn_from(state, tk.Reboard())
    events = play(state, Roll(5), Roll(6))  # each ship still there: 7 + 1 Crew aboard
    assert "an extra ship is given up" in events
    assert e.mode == SHIP and e.ships == 1
    play(state, Roll(8))  # 8 against 9 − 1: a Crew back
    assert e.items == {"Crew": 2, "Provision": 1, "Soldiers": 1}


def test_a_raft_wrecked_by_damage_leaves_its_cargo_behind():
    """Taking Losses, Damage (wreck): with a Damage chit already there the expedition loses a
    raft, "Check cargo space, losing any excess" (rafts obey their capacity at all times). Two
    rafts carry 4; one is left: 2 counters go (they stayed aboard the one raft)."""
    state = table()
    e = launched(state, "Ana", "MR2", RAFT, ships=0, Crew=2, Provision=2)
    e.rafts, e.raft_damage = 2, True
    events = turn_from(state, tk.ShipDamage(False))
    assert "loses a raft" in events and e.rafts == 1
    assert "to leave behind" in RULES.decision(state).prompt
    play(state, Drop("Provision"), Drop("Provision"))
    assert e.items == {"Crew": 2}


def test_porters_are_lost_as_men_in_starvation_and_in_combat_with_native_allies_only():
    """Taking Losses, Men: Porters may be lost as "men" in Starvation (not Disease) and in
    combat or battle with Native Allies; losing the last Porters removes the Native Allies;
    with only Porters and no such cause, no men are left (the Leadership check)."""
    from portolan.checker.games.age_of_exploration.actions.losses import loss_options

    state = table()
    e = launched(state, "Ana", "NA2-APP", LAND, ships=0, Crew=1, Porters=1, Provision=1)
    assert loss_options(e, ("men",), "starvation")[0] == ["Crew", "Porters"]
    assert loss_options(e, ("men",), "disease")[0] == ["Crew"]
    assert loss_options(e, ("men",), "combat")[0] == ["Crew"]
    e.allies = True
    assert loss_options(e, ("men",), "battle")[0] == ["Crew", "Porters"]
    turn_from(state, tk.TakeLoss(("men",), "combat"))
    events = play(state, Lose("Porters"))
    assert "Native Allies leave with the last Porters" in events and not e.allies
    e.items = {"Porters": 1, "Provision": 1}
    assert loss_options(e, ("men",), "disease") == ([], True)


def test_the_leader_dies_in_the_last_man_s_place_with_the_man_saved_option():
    """Rule option intervention_failure: man_saved: the Leader's failed Personal Arms check
    costs him (the Second-in-Command takes over) but not the man; man_lost costs both."""
    for option, crew in (("man_saved", 1), ("man_lost", 0)):
        state = table(intervention_failure=option)
        e = launched(state, "Ana", "NA2-APP", LAND, ships=0, Crew=1, Provision=1)
        turn_from(state, tk.TakeLoss(("men",), "combat"))
        play(state, RULES.decision(state).accepts[0](True), Roll(12))  # Cortés's 8 fails
        assert e.second and e.items.get("Crew", 0) == crew, option


def test_audience_with_the_ruler_gives_no_awe_to_an_expedition_still_holding_him():
    """FAQ on card #69: seizing the Ruler again while holding him gives no +1 Awe (it is part of
    the Seize Ruler result); the first seizure gives it."""
    state = table()
    e = launched(state, "Ana", "AZ-CONTACT", LAND, ships=0, Crew=2, Provision=1)
    state.now = Turn(start="AZ-CONTACT", draws="civilization")
    push(state, tk.DrawCard("civilization"), tk.NextPlayer())
    run(state)
    play(state, Draw(69), Or(2), Roll(2))  # Cortés's Personal Arms 8 − 2: seized
    assert e.ruler == "Aztec" and state.awe["Aztec"] == 1
    state.now = Turn(start="AZ-CONTACT", draws="civilization")
    push(state, tk.DrawCard("civilization"), tk.NextPlayer())
    run(state)
    state.decks["civilization"].append(69)
    events = play(state, Draw(69), Or(2), Roll(2))
    assert e.ruler == "Aztec" and state.awe["Aztec"] == 1, events


def test_audience_with_the_ruler_gives_no_awe_while_a_rival_holds_him():
    """Only one expedition at a time may seize an empire's Ruler (Civilization Encounters), and
    the +1 Awe is part of the Seize Ruler result (FAQ on card #69): while Ben holds the Aztec
    Ruler, Ana's successful Audience seizes nothing and gives no Awe."""
    state = table()
    state.ruler["Aztec"] = "Ben"
    e = launched(state, "Ana", "AZ-CONTACT", LAND, ships=0, Crew=2, Provision=1)
    state.now = Turn(start="AZ-CONTACT", draws="civilization")
    push(state, tk.DrawCard("civilization"), tk.NextPlayer())
    run(state)
    events = play(state, Draw(69), Or(2), Roll(2))  # Cortés's Personal Arms 8 − 2: a success
    assert e.ruler is None and state.ruler["Aztec"] == "Ben"
    assert state.awe["Aztec"] == 0, events


def test_native_allies_leave_with_the_last_porters_in_a_shipwreck_or_left_behind():
    """Taking Losses: "Remove any Native Allies chit when all Porters are lost". A shipwreck
    removes the Porters (Shipwrecked): the Native Allies go with them; so do they when the last
    Porters are left behind over cargo capacity (Cargo Capacity)."""
    state = table()
    # moored off New England (a land space): the last ship wrecked there, Porters removed
    e = launched(state, "Ana", "NA1-NE", Crew=1, Porters=1, Provision=1)
    e.damage, e.allies = True, True
    turn_from(state, tk.ShipDamage(False))
    play(state, Roll(6))  # the Crew's shipwreck check against 6
    assert e.mode == LAND and "Porters" not in e.items
    assert not e.allies
    # a Caravel's 5 cargo spaces hold 6 counters: the Porters are left behind
    state = table()
    e = launched(state, "Ana", "NA1-NE", Crew=2, Porters=1, Provision=3)
    e.ship_type, e.allies = "Caravel", True
    turn_from(state, tk.CargoOverLimit())
    events = play(state, Drop("Porters"))
    assert "Native Allies leave with the last Porters" in events and not e.allies


def test_porters_beyond_men_plus_one_after_a_loss_must_be_left_behind_to_move():
    """Switching between Naval, Land and Raft Expeditions: ashore "the number of Porters is
    limited to at most Crew + Soldiers + Cavalry + 1", one of the land cargo rules, which land
    expeditions "check ... only upon moving" (Cargo Capacity). Two Crew with three Porters lose
    a Crew: the three Porters may stay, but the expedition moves only once one is left behind."""
    state = table()
    e = launched(state, "Ana", "NA2-APP", LAND, ships=0, Crew=2, Porters=3, Provision=1)
    turn_from(state, tk.TakeLoss(("men",), "disease"))  # Porters are not lost to disease
    assert e.items["Crew"] == 1 and e.items["Porters"] == 3  # not checked until it moves
    state.tasks.clear()
    state.current = 0
    state.now = Turn(start="NA2-APP", progress=1, progress_set=True)
    push(state, tk.Movement(), tk.NextPlayer())
    run(state)
    refused = RULES.check(state, Move("NA1-NE"), "Ana")
    assert refused is not None and "3 Porters with 1 men" in refused.message
    play(state, Drop("Porters"), Move("NA1-NE"))
    assert e.space == "NA1-NE" and e.items["Porters"] == 2
