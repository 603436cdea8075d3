"""Age of Exploration: what the bots see (worths in VP, determinise); the twin positions with
another player's Outfitting cards swapped (hidden_twins in tests/checker/games)."""

from __future__ import annotations

import random

import pytest

from portolan.checker.core.bots.value import value
from portolan.checker.core.registry import rules_for
from portolan.checker.games.age_of_exploration import bot
from portolan.checker.games.age_of_exploration.bot import WORTH
from portolan.checker.games.age_of_exploration.state import LAND, SHIP, Expedition
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS

RULES = rules_for("age-of-exploration")
MODEL = load_game(COMPONENTS, "age-of-exploration")
OPTIONS = {o.name: o.default for o in MODEL.rules.options}


def fresh():
    return RULES.setup(MODEL, ["Ana", "Ben"], dict(OPTIONS))


def at_sea(state, player, space, path=(), found=(), **items):
    """A launched Caravel expedition of Columbus in ``space``, having entered ``path``."""
    e = Expedition(leader="Christopher Columbus", kind="explorer", launched=True)
    e.mode, e.space, e.ships = SHIP, space, 1
    e.items = {"Crew": 2, "Provision": 2, **{k.replace("_", " "): v for k, v in items.items()}}
    e.path = [*path, space]
    e.visited = set(e.path)
    e.found = list(found)
    state.exp[player] = e
    state.forget()
    return e


# -- worths -------------------------------------------------------------------------------------
def test_vp_scored_count_one_for_one():
    state = fresh()
    before = RULES.worths(state)
    state.vp["Ana"]["vp_chart"] = 2
    after = RULES.worths(state)
    assert after["Ana"] == pytest.approx(before["Ana"] + 2)
    assert after["Ben"] == pytest.approx(before["Ben"])


def test_what_the_expedition_would_publish():
    """The first New World sighting (NA-COD is New World coastal water) and the Cod Banks Ⓓ
    chit: 1 VP each; the Land Sighted chit of ATL4 scores none."""
    state = fresh()
    e = at_sea(state, "Ana", "NA-COD", path=["ATL1", "ATL4"], found=[("ATL4", 0), ("NA-COD", 0)])
    assert bot.pending_vp(state, "Ana", e) == 2
    state.claimed["cod-banks"] = ["Ben"]  # published first by Ben: nothing left to claim
    assert bot.pending_vp(state, "Ana", e) == 1


def test_discoveries_raise_the_worth():
    plain, rich = fresh(), fresh()
    at_sea(plain, "Ana", "NA-COD", path=["ATL1", "ATL4"], found=[("ATL4", 0)])
    at_sea(rich, "Ana", "NA-COD", path=["ATL1", "ATL4"], found=[("ATL4", 0), ("NA-COD", 0)])
    assert bot.worth(rich, "Ana") > bot.worth(plain, "Ana")


def test_the_nearer_home_the_more_a_discovery_is_worth():
    far, near = fresh(), fresh()
    for state, space in ((far, "NA-COD"), (near, "ATL2")):
        e = at_sea(state, "Ana", space, path=["ATL1", "ATL4", "NA-COD", "ATL4"])
        e.found = [("NA-COD", 0), ("NA-COD", 1)]
        e.must_return = True  # no more targets: only the way home counts
    assert bot.worth(near, "Ana") > bot.worth(far, "Ana")


def test_crew_provisions_and_ships_lower_the_risk():
    state = fresh()
    e = at_sea(state, "Ana", "ATL2")
    w = WORTH
    risk = (
        w["base_risk"]
        + w["men_risk"] * w["men_decay"] ** 2
        + w["provision_risk"] * w["provision_decay"] ** 2
        + w["ship_risk"]
    )
    assert bot.decay(e) == pytest.approx(w["time_factor"] * (1 - risk))
    weak = bot.decay(e)
    e.items["Crew"] = 4
    e.ships = 2
    assert bot.decay(e) > weak
    e.items["Provision"] = 0
    e.damage = True
    assert bot.decay(e) < weak


def test_a_native_guide_and_an_interpreter_lower_the_risk_in_their_region():
    """Like the other gear, a Native Guide (Navigation on land in its region) and an
    Interpreter (Negotiation there) make an expedition safer, in their own region only. The
    mat keeps them as regions, not among the counters (Other Personnel and Equipment)."""
    plain, guided = fresh(), fresh()
    for state in (plain, guided):
        e = at_sea(state, "Ana", "NA1-NE", path=["ATL1", "ATL4", "NA-COD", "NA-NE"])
        e.mode, e.ship_space = LAND, "NA-NE"
        e.found = [("NA-COD", 0)]
    e = guided.exp["Ana"]
    e.guide = "NA"
    assert bot.worth(guided, "Ana") > bot.worth(plain, "Ana")
    alone = bot.decay(plain.exp["Ana"], "NA")
    step = WORTH["time_factor"] * WORTH["gear_risk"]
    assert bot.decay(e, "NA") == pytest.approx(alone + step)
    e.interpreter = "NA"
    assert bot.decay(e, "NA") == pytest.approx(alone + 2 * step)
    assert bot.decay(e, "SA") == pytest.approx(alone)  # elsewhere they give no bonus
    e.guide = e.interpreter = "SA"
    assert bot.worth(guided, "Ana") == pytest.approx(bot.worth(plain, "Ana"))


def test_a_fresh_expedition_gains_by_launching():
    """In port the prospects count the launching turn: launched, the same targets are a turn
    nearer."""
    state = fresh()
    e = state.exp["Ana"]
    e.leader, e.launched = "Christopher Columbus", False
    in_port = bot.worth(state, "Ana")
    assert in_port > 0
    at_sea(state, "Ana", "ATL1")
    assert bot.worth(state, "Ana") > in_port


def test_scuttled_ships_leave_no_way_home():
    """A land expedition without ships and no New World base publishes nothing."""
    with_ships, scuttled = fresh(), fresh()
    for state, ships in ((with_ships, 1), (scuttled, 0)):
        e = at_sea(state, "Ana", "NA1-NE", path=["ATL1", "ATL4", "NA-COD", "NA-NE"])
        e.mode, e.ships, e.ship_space = LAND, ships, "NA-NE"
        e.found = [("NA-COD", 0)]
    assert bot.worth(with_ships, "Ana") > bot.worth(scuttled, "Ana")
    assert bot.expedition_worth(scuttled, "Ana") == 0


# -- determinise --------------------------------------------------------------------------------
def dealt():
    """Ana about to outfit her first expedition, both players holding six cards."""
    state = fresh()
    rng = random.Random(3)
    while (d := RULES.decision(state)).kind == "chance" or len(RULES.legal_moves(state)) == 1:
        move = (
            RULES.sample_outcome(state, rng) if d.kind == "chance" else RULES.legal_moves(state)[0]
        )
        RULES.apply(state, move)
    assert d.player == "Ana" and len(state.hands["Ben"]) == 6
    return state


def hidden_pool(state, seat):
    return sorted(
        state.outfit_deck + [c for p in state.players if p != seat for c in state.hands[p]]
    )


def test_determinise_keeps_what_the_seat_sees():
    state = dealt()
    seen = RULES.copy_state(state)
    RULES.determinise(seen, "Ana", random.Random(1))
    assert seen.hands["Ana"] == state.hands["Ana"]
    assert len(seen.hands["Ben"]) == len(state.hands["Ben"])
    assert hidden_pool(seen, "Ana") == hidden_pool(state, "Ana")
    assert seen.outfit_discard == state.outfit_discard and seen.row == state.row
    assert seen.vp == state.vp and seen.exp == state.exp and seen.decks == state.decks


def test_determinise_samples_the_hidden_cards_afresh():
    state = dealt()
    hands = set()
    for seed in range(5):
        seen = RULES.copy_state(state)
        RULES.determinise(seen, "Ana", random.Random(seed))
        hands.add(tuple(seen.hands["Ben"]))
    assert len(hands) > 1


def swapped(state):
    """The same position but for one of Ben's cards, swapped with one still in the deck."""
    other = RULES.copy_state(state)
    mine, theirs = other.hands["Ben"][0], other.outfit_deck[0]
    other.hands["Ben"][0] = theirs
    other.outfit_deck[0] = mine
    other.outfit_deck.sort()
    other.forget()
    return other


def test_a_win_by_the_target_beats_the_same_win_at_the_round_limit():
    """Portolan's round limit is no rulebook ending: a bot that wins either way (publishing
    its last VP now, or ending the turn that ends the last round ahead) takes the target."""
    state = fresh()
    state.phase = "over"
    state.vp["Ana"]["vp_chart"], state.vp["Ben"]["vp_chart"] = state.target - 1, 2
    assert RULES.decision(state) is None and RULES.bounded(state)
    at_limit = value(RULES, state, state.players)
    state.vp["Ana"]["vp_chart"] = state.target
    assert not RULES.bounded(state)
    by_target = value(RULES, state, state.players)
    assert 0.99 < at_limit["Ana"] < by_target["Ana"] == 1.0
    assert at_limit["Ben"] == by_target["Ben"] == 0.0


# -- games end by the rulebook ------------------------------------------------------------------
def test_greedy_games_end_by_the_rulebook_not_the_round_bound():
    """Seeded greedy v greedy games reach the target VP within Portolan's 40-round bound (a
    bot that does not pursue VP fast enough ends there): 5 of these 6 do (2 of 6 did when the
    worth ignored the target, reboarding, and a new expedition's first Crew)."""
    from portolan.checker.core.bots import make_bot
    from portolan.checker.core.bots.arena import bot_game

    ended = 0
    for seed in range(1, 7):
        bots = {p: make_bot("greedy", RULES, p, seed) for p in ("Ana", "Ben")}
        game = bot_game(RULES, MODEL, ["Ana", "Ben"], dict(OPTIONS), bots, random.Random(seed))
        assert game.ended
        ended += not RULES.bounded(game.state)
    assert ended >= 5
