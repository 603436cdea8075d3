"""Age of Exploration: every award of the VP chart given at most once, sequential awards in
order, the Gold awards, the Major Expeditions (once, one an expedition, 4 VP with none), the
Outfitting cards a return draws, and the win at once (Expedition Return, Major Expeditions,
Victory)."""

from __future__ import annotations

from portolan.checker.core.registry import rules_for
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import publishing
from portolan.checker.games.age_of_exploration.moves import Pick
from portolan.checker.games.age_of_exploration.state import Expedition
from portolan.model import load_game
from tests.checker.games.age_of_exploration import BASE, HOME
from tests.checker.helpers import COMPONENTS, run_log

RULES = rules_for("age-of-exploration")
MODEL = load_game(COMPONENTS, "age-of-exploration")


def fresh(players=("Ana", "Ben", "Cai", "Dora")):
    state = RULES.setup(MODEL, list(players), {o.name: o.default for o in MODEL.rules.options})
    state.phase = "play"
    state.tasks.clear()
    return state


def returning(state, p, path, found=(), **items):
    e = Expedition(leader="Christopher Columbus", kind="explorer", launched=True)
    e.space = path[-1]
    e.path, e.visited = list(path), set(path)
    e.found = list(found)
    e.items = dict(items)
    state.exp[p] = e
    return e


def test_the_home_scenario_publishes_three_vp_and_draws_seven_cards():
    """HOME: Ana reached the Cod Banks, New England's coast and land: 1st New World sighting 1,
    NA Landfall 1, Cod Banks 1 (Land Sighted 0); the northern Known Sea Progress marker to ATL4:
    2 cards; 3 VP: 3 cards; then 2 for the new expedition: 7 cards in all."""
    result = run_log(BASE + HOME)
    assert result.ok, result.violation
    state = result.state
    assert state.vp["Ana"] == {"vp_chart": 3, "known_progress": 0, "goods": 0, "majors": 0}
    assert state.claimed["land-sighted"] == ["Ana"] and "ATL4" in state.sighted
    assert state.markers["known-sea"] == 3
    assert state.outfit_discard[-7:] == [27, 30, 31, 32, 33, 37, 38]
    assert ("NA-COD", 0) in state.known


def test_an_award_is_given_once_and_sequential_ones_in_order():
    state = fresh()
    bays = [("NA-CHES", 0), ("CB-VEN", 0), ("NWP2", 0), ("SSA1", 0), ("NA-COD", 1)]
    returning(state, "Ana", ["EUROPE"], found=bays[:2])
    publishing.publish(state, "Ana", None)
    returning(state, "Ben", ["EUROPE"], found=bays[2:])
    publishing.publish(state, "Ben", None)
    assert state.claimed["bay"] == ["Ana", "Ana", "Ben", "Ben"]  # the 5th Bay scores nothing
    assert state.vp["Ana"]["vp_chart"] == 2 and state.vp["Ben"]["vp_chart"] == 2
    returning(state, "Cai", ["EUROPE"], found=[("NA-CHES", 0)])
    publishing.publish(state, "Cai", None)
    assert state.total("Cai") == 0 and state.claimed["bay"] == ["Ana", "Ana", "Ben", "Ben"]


def test_channels_draw_two_cards_and_one_more_each():
    state = fresh()
    returning(state, "Ana", ["EUROPE"], found=[("NWP1", 0), ("NWP3", 0), ("NWP3", 1)])
    publishing.publish(state, "Ana", None)
    assert state.total("Ana") == 0
    draws = [t for t in state.tasks if isinstance(t, tk.DrawOutfitting)]
    assert len(draws) == 2 + 2  # 2 + 1 + 1 for three Channels


def test_gold_awards_claim_every_threshold_reached():
    """10 Gold at once: 1st 3+ (1), 6+ (1), 10+ (2): 4 VP; kept for outfitting."""
    state = fresh()
    returning(state, "Ana", ["EUROPE"], Gold=10)
    publishing.publish(state, "Ana", None)
    assert state.vp["Ana"]["goods"] == 4 and state.gold["Ana"] == 10
    returning(state, "Ben", ["EUROPE"], Gold=12)
    publishing.publish(state, "Ben", None)
    assert state.vp["Ben"]["goods"] == 0


def test_a_major_expedition_instead_of_normal_scoring():
    """Ana has no VP: her Northwest Passage Explored scores 4 VP, and the Bay she found is
    published without VP. Ben's later NWP expedition cannot score it again. (Two players: the
    target is 6.)"""
    state = fresh(("Ana", "Ben"))
    path = ["EUROPE", "ATL1", "NA-COD", "NWP1", "NWP2", "NWP3", "NWP4", "NWP5", "NWP6"]
    e = returning(state, "Ana", path, found=[("NWP2", 0)])
    e.space = "EUROPE"
    assert publishing.qualified(state, e) == ["nwp-explored"]
    publishing.publish(state, "Ana", "nwp-explored")
    assert state.vp["Ana"] == {"vp_chart": 0, "known_progress": 0, "goods": 0, "majors": 4}
    assert state.claimed["bay"] == ["Ana"] and state.majors == {"nwp-explored": "Ana"}
    e = returning(state, "Ben", path)
    assert publishing.qualified(state, e) == []


def test_a_major_with_vp_already_scored_and_the_variant():
    state = fresh()
    state.vp["Ana"]["vp_chart"] = 1
    assert publishing.major_vp(state, "Ana", "amazon") == 8
    state.options["major_vp"] = "variant"
    assert publishing.major_vp(state, "Ana", "amazon") == 7
    assert publishing.major_vp(state, "Ana", "nwp-explored") == 6
    assert publishing.major_vp(state, "Ben", "amazon") == 4  # no VP at all


def test_the_first_to_the_target_wins_at_once():
    """Short game, 4 players: 4 VP. Ana's 4th VP ends the game in the middle of publishing."""
    state = fresh()
    state.vp["Ana"]["vp_chart"] = 3
    returning(state, "Ana", ["EUROPE", "ATL1", "ATL2", "NA-COD", "NA1-ACADIA"])
    publishing.publish(state, "Ana", None)
    assert state.over and "Ana reaches" in state.end_reason
    assert state.total("Ana") == 4  # the sighting's VP; the game is over before the Landfall
    assert RULES.decision(state) is None


def test_a_discovery_another_expedition_published_first_scores_nothing():
    """Ana and Ben both found Chesapeake Bay and the CB3 mine; Ana publishes first and takes
    the 1st Bay and the 1st Mine. Ben's chits are for discoveries already Known: he gets
    neither the 2nd Bay nor the 2nd Mine for the same ones (Discoveries: "The first
    expedition to publish these discoveries will swap its Ⓓ chits for Known chits")."""
    state = fresh()
    found = [("NA-CHES", 0), ("CB3", 0)]
    returning(state, "Ana", ["EUROPE"], found=found)
    publishing.publish(state, "Ana", None)
    returning(state, "Ben", ["EUROPE"], found=found)
    publishing.publish(state, "Ben", None)
    assert state.claimed["bay"] == ["Ana"] and state.claimed["mine"] == ["Ana"]
    assert state.total("Ben") == 0


def test_the_known_nwp_progress_scores_one_vp_however_far_it_advances():
    """Panama City founded: the Known NWP Progress marker goes on the map (at the Cod Banks).
    Ana's return from NWP3 advances it three spaces: 1 VP, 2 Outfitting cards for the advance
    and 1 for the VP (Expedition Return)."""
    state = fresh()
    publishing.claim(state, "Ben", "landfall-ca")
    publishing.claim(state, "Ben", "new-world-sighting")
    returning(state, "Ana", ["EUROPE", "ATL1", "NA-COD", "NWP1", "NWP2", "NWP3"])
    publishing.publish(state, "Ana", None)
    assert state.markers["known-nwp"] == 3 and state.total("Ana") == 1
    assert state.vp["Ana"]["known_progress"] == 1
    assert len([t for t in state.tasks if isinstance(t, tk.DrawOutfitting)]) == 3


def test_a_new_expedition_after_a_failure_or_an_abort():
    """New Expedition: 2 cards, 2 more after a failure or an abort unless the player has more
    VP than every other; an aborted expedition's Leader may not lead the next one; a
    Second-in-Command back home is retired face down for a new Leader."""
    state = fresh(("Ana", "Ben"))
    state.vp["Ana"]["vp_chart"] = 1
    for p, leader, cards in (("Ana", "Christopher Columbus", 2), ("Ben", "John Cabot", 4)):
        state.tasks.clear()  # Ana leads: no extra cards
        returning(state, p, ["ATL3"]).leader = leader
        publishing.abort(state, p)
        assert state.tasks == [tk.NewExpedition(p, "aborted", leader)]
        publishing.new_expedition(state, state.tasks[-1])
        assert [type(t) for t in state.tasks] == [tk.Outfit, tk.PickLeader] + [
            tk.DrawOutfitting
        ] * cards  # a stack
    assert state.retired_up == ["Christopher Columbus", "John Cabot"]
    picks = publishing.pick_moves(state, state.tasks[1])
    assert Pick("Christopher Columbus") in picks and Pick("John Cabot") not in picks
    state.tasks.clear()
    e = returning(state, "Ben", ["EUROPE"])
    e.leader, e.second = "Amerigo Vespucci", True
    publishing.publish(state, "Ben", None)
    assert state.tasks[0] == tk.NewExpedition("Ben", "second")
    state.tasks = [tk.NewExpedition("Ben", "second")]
    publishing.new_expedition(state, state.tasks[0])
    assert state.retired_down == ["Amerigo Vespucci"]
    assert [type(t) for t in state.tasks] == [tk.Outfit, tk.PickLeader, *[tk.DrawOutfitting] * 2]


def test_an_expedition_aborted_under_the_second_in_command_does_not_free_its_dead_leader():
    """Key Concepts: "Leaders that die are withdrawn from the game". Columbus died and his
    Second-in-Command leads; the expedition is aborted: the card (Second-in-Command side up)
    does not go to the face-up retired Leaders, where another player could hire Columbus."""
    state = fresh(("Ana", "Ben"))
    e = returning(state, "Ana", ["ATL3"])
    e.second = True
    publishing.abort(state, "Ana")
    assert "Christopher Columbus" not in state.retired_up
    assert "Christopher Columbus" in state.retired_down


def test_no_gold_award_is_taken_once_the_game_is_won():
    """Victory: "A player wins as soon as he reaches the requisite VPs": Ana's sighting brings
    her to the target in the middle of publishing; the 3 Gold she brings home take no 1st 3+
    Gold box after that (nor its VP), as no other award does."""
    state = fresh()
    state.vp["Ana"]["vp_chart"] = 3
    returning(state, "Ana", ["EUROPE", "ATL1", "ATL2", "NA-COD"], Gold=3)
    publishing.publish(state, "Ana", None)
    assert state.over and state.total("Ana") == 4
    assert "gold-3" not in state.claimed
