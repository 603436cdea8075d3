"""What the bots see of Exploration in the Age of Sail: the worth of a position (discoveries,
expeditions in play, the hand) and the other players' hands, re-dealt from what is unseen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from portolan.checker.core.bots import make_bot
from portolan.checker.core.piles import put, take
from portolan.checker.games.exploration_age_of_sail.actions import leave_hand
from portolan.checker.games.exploration_age_of_sail.bot import WORTH
from portolan.checker.games.exploration_age_of_sail.moves import (
    Draw,
    EndExpeditions,
    Explore,
    Form,
    RandomDiscard,
    Reveal,
    StartTurn,
)
from tests.checker.test_eas_rules import RULES, new_state, play, with_expedition

KIT = ("Jacques Cartier", "Galleons", "Sailors")


def deal(state, player, *cards):
    for card in cards:
        take(state.expedition_deck, card)
        put(state.hands[player], card)
    state.forget()


def lead(state) -> float:
    w = RULES.worths(state)
    return w["Ana"] - w["Ben"]


# -- worths -------------------------------------------------------------------------------------
def test_an_empty_table_is_worth_nothing_to_either():
    assert RULES.worths(new_state()) == {"Ana": 0, "Ben": 0}


def test_a_claimed_discovery_counts_its_score():
    s = new_state()
    s.victory["Ana"].append(("Japan", "Magellan"))
    score = {line.player: line.total for line in RULES.score(s).lines}
    assert lead(s) == score["Ana"] - score["Ben"] > 5


def test_an_expedition_is_worth_more_with_more_ocean_cards():
    s = with_expedition(*KIT)
    exp = s.expedition_of("Ana", KIT[0])
    values = []
    for oceans in range(5):
        exp.oceans = oceans
        values.append(lead(s))
    assert values[0] > 0
    assert values == sorted(values) and len(set(values)) == 5


def test_traits_and_stats_make_an_expedition_safer():
    two = with_expedition("Pedro Alvares Cabral", "Caravels", "Colonists")  # Navigation, Seamanship
    one = with_expedition("Bartolomeu Dias", "Caravels", "Colonists")  # Navigation
    hurt = with_expedition("Bartolomeu Dias", "Caravels", "Colonists")
    hurt.expedition_of("Ana", "Bartolomeu Dias").stats["Morale"] = 1
    assert lead(two) > lead(one) > lead(hurt) > 0


def test_a_full_kit_in_hand_is_worth_more_than_part_of_one():
    full, part = new_state(), new_state()
    deal(full, "Ana", *KIT)
    deal(part, "Ana", *KIT[:2])
    assert lead(full) > lead(part) > 0
    # and forming it is worth more still: it starts exploring
    play(full, StartTurn("Ana"), Draw("Promises"))
    before = lead(full)
    play(full, Form(*KIT))
    assert lead(full) > before


def test_save_cards_count_only_with_an_expedition_and_only_the_first_few():
    s = new_state()
    deal(s, "Ana", "Promises", "Cannons", "Repairs")
    assert lead(s) == 0  # nothing to protect
    s = with_expedition(*KIT)
    base = lead(s)
    deal(s, "Ana", "Promises", "Cannons", "Repairs")
    assert lead(s) - base == pytest.approx(WORTH["save_card"] * WORTH["saves_counted"])


# -- determinise --------------------------------------------------------------------------------
def mid_game(seed: int = 4):
    """A position some turns in, Ana to decide, both players holding cards."""
    s = new_state()
    rng = random.Random(seed)
    while True:
        d = RULES.decision(s)
        mine = d.player == "Ana" and d.kind == "choice" and len(RULES.legal_moves(s)) > 1
        if mine and s.hands["Ben"] and s.turn > 6:
            return s
        move = RULES.sample_outcome(s, rng) if d.kind == "chance" else RULES.sample_move(s, rng)
        RULES.apply(s, move)


def unseen(state, seat="Ana") -> Counter:
    out = Counter(state.expedition_deck)
    for p in state.players:
        if p != seat:
            out.update(state.hands[p])
    return out


def test_determinise_keeps_what_the_seat_sees_and_redeals_the_rest():
    s = mid_game()
    seen = RULES.copy_state(s)
    RULES.determinise(seen, "Ana", random.Random(1))
    assert seen.hands["Ana"] == s.hands["Ana"]
    assert RULES.public_state(seen) == RULES.public_state(s)  # sizes, expeditions, victories
    assert (seen.exploration_deck, seen.exploration_discard) == (
        s.exploration_deck,
        s.exploration_discard,
    )
    assert seen.expedition_discard == s.expedition_discard
    assert unseen(seen) == unseen(s)
    hands = {tuple(sorted(RULES.copy_state(s).hands["Ben"].items()))}
    for seed in range(10):
        c = RULES.copy_state(s)
        RULES.determinise(c, "Ana", random.Random(seed))
        hands.add(tuple(sorted(c.hands["Ben"].items())))
    assert len(hands) > 2  # Ben's hand is drawn afresh, not kept


def swapped(state):
    """The same position with one card of Ben's hand swapped for one still in the deck."""
    other = RULES.copy_state(state)
    mine = sorted(other.hands["Ben"])[0]
    theirs = next(c for c in sorted(other.expedition_deck) if c != mine)
    take(other.hands["Ben"], mine)
    put(other.hands["Ben"], theirs)
    take(other.expedition_deck, theirs)
    put(other.expedition_deck, mine)
    other.forget()
    return other


def test_the_greedy_bot_forms_an_expedition_when_it_can():
    s = new_state()
    deal(s, "Ana", *KIT)
    play(s, StartTurn("Ana"), Draw("Promises"))
    chosen = make_bot("greedy", RULES, "Ana", 1).choose(s, RULES.decision(s))
    assert EndExpeditions() in RULES.legal_moves(s)
    assert chosen == Form(*KIT)


def test_cards_everyone_saw_go_home_stay_in_the_redealt_hand():
    s = with_expedition(*KIT)
    s.expedition_of("Ana", KIT[0]).oceans = 2
    deal(s, "Ana", "Magellan", "Cannons")  # drawn earlier: unseen by Ben
    play(s, Explore(KIT[0]), Reveal("Caribbean"), RandomDiscard(KIT[1]))
    assert s.shown["Ana"] == {KIT[0]: 1, KIT[2]: 1}
    kept = Counter()
    for seed in range(12):
        c = RULES.copy_state(s)
        RULES.determinise(c, "Ben", random.Random(seed))
        assert c.hands["Ana"][KIT[0]] == 1 and c.hands["Ana"][KIT[2]] >= 1  # 4 Sailors
        assert sum(c.hands["Ana"].values()) == 4
        kept.update(c.hands["Ana"])
    assert kept["Magellan"] < 12  # the two unseen cards are re-dealt
    # once a copy leaves the hand, nobody knows which one it was
    leave_hand(s, "Ana", KIT[2])
    assert s.shown["Ana"] == {KIT[0]: 1}
