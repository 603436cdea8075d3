"""The Ships bots' judgement (checker/games/ships/bot.py): what a position is worth to each
player and that nothing in a Ships state is hidden (that the bots choose from what is public is
checked for every game in tests/checker/bots/test_blind.py)."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from portolan.checker.core.bots import make_bot
from portolan.checker.core.game import RulesBase
from portolan.checker.core.registry import rules_for
from portolan.checker.games.ships import bot
from portolan.checker.games.ships.actions.areas import Targeting
from portolan.checker.games.ships.bot import WORTH
from portolan.checker.games.ships.moves import PlaceShip, StartTurn
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS
from tests.checker.test_ships_rules import new_game, play, touched

RULES = rules_for("ships")
MODEL = load_game(COMPONENTS, "ships")
VP = WORTH["vp"]


def pieces(state) -> dict:
    """Everything in a state but what is worked out from it (the caches)."""
    caches = {"memo", "scratchpad"}
    return {f.name: getattr(state, f.name) for f in fields(state) if f.name not in caches}


def gain(state, p: int, change) -> float:
    """How much player ``p``'s worth (in VP) rises when ``change(seat)`` is made by hand."""
    before = RULES.worths(state)[state.players[p]]
    changed = state.clone()
    change(changed.seats[p])
    touched(changed)
    return RULES.worths(changed)[state.players[p]] - before


# -- worths ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("change", "gold"),
    [
        (lambda s: setattr(s, "gold", s.gold + 3), 3 * WORTH["gold"]),
        (lambda s: setattr(s, "nav", s.nav + 2), 2 * WORTH["nav"]),
        (lambda s: setattr(s, "industry", s.industry + 1), WORTH["industry"]),
        (lambda s: setattr(s, "free", s.free + 1), WORTH["free"]),
        (lambda s: setattr(s, "stock", s.stock + 1), WORTH["cube"]),
        (lambda s: setattr(s, "vp", s.vp + 4), 4 * VP),
        (lambda s: s.goods.update(Cloth=1), WORTH["goods"] * 4),
        (lambda s: s.goods.update(Food=1), WORTH["food_for_a_city"]),
    ],
    ids=["gold", "navigation", "industry", "free cube", "merchant cube", "vp", "cloth", "food"],
)
def test_what_a_player_holds_adds_its_value_from_the_table(change, gold):
    """At the start (the lead not yet sharpened) each thing adds its knob's gold, halved."""
    state = new_game()
    assert gain(state, 0, change) == pytest.approx(gold / VP)
    assert gain(state, 1, change) == pytest.approx(gold / VP)


def test_a_cube_in_an_action_box_is_worth_less_than_one_in_stock():
    state = new_game()
    boxed = gain(state, 0, lambda s: setattr(s, "box_cubes", s.box_cubes + 1))
    assert boxed == pytest.approx(WORTH["boxed"] / VP) and boxed < WORTH["cube"] / VP


def test_food_counts_for_a_city_only_while_city_discs_are_left():
    state = new_game()
    no_discs = state.clone()
    no_discs.seats[0].discs = dict.fromkeys(no_discs.seats[0].discs, 0)
    touched(no_discs)
    assert gain(no_discs, 0, lambda s: s.goods.update(Food=1)) == pytest.approx(
        WORTH["goods"] * 1 / VP
    )


def test_free_cubes_hoarded_beyond_use_count_little():
    state = new_game()
    state.seats[0].free = WORTH["free_useful"]
    touched(state)
    more = gain(state, 0, lambda s: setattr(s, "free", s.free + 1))
    assert more == pytest.approx(WORTH["free_hoarded"] / VP)


def test_a_ship_about_to_lag_is_worth_less_than_one_in_the_highest_age():
    state = new_game()
    play(state, StartTurn("Ana"), PlaceShip(1, "Merchant"))
    state = bot.settled(state)
    fresh = state.clone()
    lagging = state.clone()
    for s, age in ((fresh, 4), (lagging, 2)):  # the track at age 4: Ana's ship 0 or 2 behind
        s.ships_at[0][0][0] = 0
        s.ships_at[age - 1][0][0] = 1
        s.ships_at[3][0][1] = 1
        s.highest = 4
        touched(s)
    assert RULES.worths(fresh)["Ana"] > RULES.worths(lagging)["Ana"]
    climb = bot.track_pace(lagging) * bot.waits_of(lagging, 0)
    assert bot.lag_loss(2, climb, state.book.lagging) > 0


def test_a_placed_ship_is_judged_with_the_cube_its_player_would_place():
    """In the middle of an action (a ship placed, its cube not yet), the position is worth what
    it is once the player has placed the cube where it is worth most."""
    state = new_game()
    play(state, StartTurn("Ana"), PlaceShip(1, "Merchant"))
    assert state.tasks and isinstance(state.tasks[-1], Targeting)
    done = bot.settled(state)
    assert not done.tasks and state.tasks  # (a copy: the state itself is left as it was)
    assert RULES.worths(state) == RULES.worths(done)
    targets = []
    for move in RULES.legal_moves(state):
        trial = state.clone()
        RULES.apply(trial, move)
        targets.append(bot.edge(trial, 0))
    assert bot.edge(done, 0) == pytest.approx(max(targets))


def test_a_lead_counts_more_as_the_end_nears():
    state = new_game()
    state.seats[0].vp += 10
    touched(state)
    late = state.clone()
    late.highest = late.book.last_age  # every age open, no ship yet in the last
    touched(late)
    assert bot.steps_to_end(late) < bot.steps_to_end(state)

    def lead(s):
        w = RULES.worths(s)
        return w["Ana"] - w["Ben"]

    assert lead(state) == pytest.approx(10.0)
    start = state.book.last_age + state.book.constants["end_ships_in_last_age"]
    done = 1 - bot.steps_to_end(late) / start  # (of the way to the end)
    assert lead(late) == pytest.approx(10.0 * (1 + (WORTH["end_sharpness"] - 1) * done))
    assert lead(late) > lead(state) + 5


def test_a_finished_game_is_worth_its_final_score():
    state = new_game()
    state.phase = "Over"
    touched(state)
    sheet = RULES.score(state)
    assert RULES.worths(state) == {line.player: float(line.total) for line in sheet.lines}


# -- nothing hidden ------------------------------------------------------------------------------
def test_nothing_is_hidden_the_decks_are_counts_and_a_deal_is_chance():
    """The display and every piece are public; the cards not yet dealt are held as counts (the
    deck's contents less the cards seen), drawn as chance outcomes: determinise keeps the
    core's default and changes nothing."""
    assert type(RULES).determinise is RulesBase.determinise
    state = RULES.setup(MODEL, ["Ana", "Ben"], {o.name: o.default for o in RULES.options(MODEL)})
    assert all(isinstance(d, dict) for d in state.decks)
    d = RULES.decision(state)
    assert d.kind == "chance"
    assert dict((m.card, n) for m, n in RULES.outcomes(state)) == state.decks[0]
    seen = RULES.copy_state(state)
    RULES.determinise(seen, "Ben", random.Random(1))
    assert pieces(seen) == pieces(state)


def test_copy_state_copies_everything_a_move_changes():
    state = new_game()
    play(state, StartTurn("Ana"))
    copied = RULES.copy_state(state)
    assert (
        pieces(copied) == pieces(RulesBase.copy_state(RULES, state)) and copied.book is state.book
    )
    RULES.apply(copied, PlaceShip(1, "Merchant"))
    assert state.ships_at[0][0] == [0, 0] and not state.tasks
    untouched = new_game()
    play(untouched, StartTurn("Ana"))
    assert state.seats == untouched.seats


def test_a_greedy_bot_places_its_cube_where_it_is_worth_most():
    state = new_game()
    play(state, StartTurn("Ana"), PlaceShip(1, "Merchant"))
    moves = RULES.legal_moves(state)
    chooser = make_bot("greedy", RULES, "Ana", 1)
    chosen = chooser.choose(state, RULES.decision(state))
    best = max(moves, key=lambda m: bot.edge(applied(state, m), 0))
    assert bot.edge(applied(state, chosen), 0) == pytest.approx(bot.edge(applied(state, best), 0))


def applied(state, move):
    s = state.clone()
    RULES.apply(s, move)
    return s
