"""The rules engine, move by move, on positions set up for each rule."""

from __future__ import annotations

from itertools import product

import pytest

from portolan.checker.core.piles import put, take
from portolan.checker.core.registry import rules_for
from portolan.checker.games.exploration_age_of_sail import actions
from portolan.checker.games.exploration_age_of_sail.moves import (
    Draw,
    EndExpeditions,
    Explore,
    Form,
    NoSave,
    RandomDiscard,
    Reveal,
    Save,
    StartTurn,
)
from portolan.checker.games.exploration_age_of_sail.state import EXPEDITION, OCEAN, START
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS, play_moves

RULES = rules_for("exploration-age-of-sail")
MODEL = load_game(COMPONENTS, "exploration-age-of-sail")


def new_state(**options):
    chosen = {o.name: o.default for o in RULES.options(MODEL)} | options
    return RULES.setup(MODEL, ["Ana", "Ben"], chosen)


def play(state, *moves):
    """Apply moves as a log would (defaults filled in); every one must be legal. The state."""
    play_moves(RULES, state, *moves)
    return state


def with_expedition(explorer, ship, crew, **options):
    """Ana's turn, Exploration phase, with a fresh expedition of these three cards and an
    otherwise empty hand."""
    s = new_state(**options)
    for card in (explorer, ship, crew):
        take(s.expedition_deck, card)
        put(s.hands["Ana"], card)
    play(s, StartTurn("Ana"), Draw("Promises"), Form(explorer, ship, crew), EndExpeditions())
    take(s.hands["Ana"], "Promises")
    put(s.expedition_deck, "Promises")
    s.forget()
    return s


def stats(s, explorer="Magellan"):
    return s.expedition_of("Ana", explorer).stats


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (("Jacques Cartier", "Galleons", "Sailors"), {"Hull": 2, "Morale": 2, "Men": 2}),
        (("Jacques Cartier", "Caravels", "Colonists"), {"Hull": 4, "Morale": 2, "Men": 4}),
        (("John Cabot", "Galleons", "Sailors"), {"Hull": 2, "Morale": 4, "Men": 2}),
        (("Magellan", "Caravels", "Sailors"), {"Hull": 5, "Morale": 3, "Men": 3}),
    ],
)
def test_starting_stats(cards, expected):
    s = with_expedition(*cards)
    assert s.expedition_of("Ana", cards[0]).stats == expected


def test_the_mat_tracks_reach_exactly_the_highest_stat_an_expedition_can_have():
    s = new_state()
    book = RULES.book(MODEL)
    by_type = {
        t: [n for n, c in book.expedition.items() if c.type == t]
        for t in ("explorer", "ship", "crew")
    }
    highest = dict.fromkeys(("Hull", "Morale", "Men"), 0)
    for cards in product(by_type["explorer"], by_type["ship"], by_type["crew"]):
        for stat, value in actions.starting_stats(s, cards).items():
            highest[stat] = max(highest[stat], value)
    mat = MODEL.component("expedition-mat").spec
    assert {t.track: t.end.value for t in mat.tracks} == highest


def test_an_empty_expedition_deck_is_rebuilt_from_its_discards():
    """Outfit Phase: "If the deck runs out, shuffle the discard and draw from it"."""
    s = new_state()
    s.expedition_discard, s.expedition_deck = s.expedition_deck, {}
    play(s, StartTurn("Ana"), Draw("Galleons"))
    assert s.hands["Ana"] == {"Galleons": 1} and s.expedition_discard == {}
    assert sum(s.expedition_deck.values()) == 48 - 1


def test_nothing_to_draw_skips_the_outfit_phase():
    s = new_state()
    s.hands["Ben"], s.expedition_deck = s.expedition_deck, {}  # every card in Ben's hand
    play(s, StartTurn("Ana"))
    assert s.phase == EXPEDITION and s.hands["Ana"] == {}


def test_an_ocean_card_is_stacked():
    s = play(
        with_expedition("Magellan", "Galleons", "Sailors"), Explore("Magellan"), Reveal("Ocean")
    )
    assert s.expedition_of("Ana", "Magellan").oceans == 1
    assert s.phase == OCEAN


def test_a_regional_explorer_counts_one_more_ocean_card_in_its_region_only():
    s = with_expedition("Christopher Columbus", "Galleons", "Sailors")
    s.expedition_of("Ana", "Christopher Columbus").oceans = 2
    play(s, Explore("Christopher Columbus"), Reveal("Canada"))  # Western 3: 2 + 1
    assert s.victory["Ana"] == [("Canada", "Christopher Columbus")]
    s = with_expedition("Christopher Columbus", "Galleons", "Sailors")
    s.expedition_of("Ana", "Christopher Columbus").oceans = 2
    play(s, Explore("Christopher Columbus"), Reveal("India"))  # Eastern 3: 2 only
    assert s.victory["Ana"] == []
    assert s.exploration_discard == {"India": 1}
    assert s.expedition_of("Ana", "Christopher Columbus") is not None


def test_a_claimed_discovery_sends_one_card_away_and_two_home():
    s = with_expedition("Magellan", "Galleons", "Sailors")
    s.expedition_of("Ana", "Magellan").oceans = 2
    take(s.exploration_deck, "Ocean", 2)
    play(s, Explore("Magellan"), Reveal("Caribbean"), RandomDiscard("Galleons"))
    assert s.victory["Ana"] == [("Caribbean", "Magellan")]
    assert s.expeditions["Ana"] == []
    assert s.hands["Ana"] == {"Magellan": 1, "Sailors": 1}
    assert s.expedition_discard == {"Galleons": 1}
    assert s.exploration_discard == {"Ocean": 2}


def test_immunity_save_and_loss():
    s = play(
        with_expedition("Magellan", "Galleons", "Sailors"), Explore("Magellan"), Reveal("Storm")
    )
    assert stats(s) == {"Hull": 3, "Morale": 3, "Men": 3}  # Sailors: Seamanship
    s = with_expedition("Magellan", "Galleons", "Sailors")
    take(s.expedition_deck, "Cold Steel")
    put(s.hands["Ana"], "Cold Steel")
    play(s, Explore("Magellan"), Reveal("Pirates"))
    assert RULES.decision(s).accepts == (Save, NoSave)
    play(s, Save("Cold Steel", "Ana"))
    assert stats(s)["Hull"] == 3
    assert s.expedition_discard == {"Cold Steel": 1}
    s = play(
        with_expedition("Magellan", "Galleons", "Sailors"), Explore("Magellan"), Reveal("Pirates")
    )
    assert stats(s)["Hull"] == 2  # no Save card in hand: the Hazard takes effect at once


def test_a_stat_at_zero_fails_the_expedition():
    s = with_expedition("Jacques Cartier", "Galleons", "Sailors")  # Men 2, no Fight
    s.expedition_of("Ana", "Jacques Cartier").oceans = 1
    take(s.exploration_deck, "Ocean")
    s.expedition_of("Ana", "Jacques Cartier").stats["Men"] = 1
    play(s, Explore("Jacques Cartier"), Reveal("Natives"))
    assert s.expeditions["Ana"] == []
    assert s.expedition_discard == {"Jacques Cartier": 1, "Galleons": 1, "Sailors": 1}
    assert s.exploration_discard == {"Natives": 1, "Ocean": 1}


@pytest.mark.parametrize(("option", "survives"), [("nothing", True), ("fail", False)])
def test_losing_an_ocean_card_without_one(option, survives):
    s = with_expedition("Jacques Cartier", "Galleons", "Sailors", ocean_loss_without_ocean=option)
    play(s, Explore("Jacques Cartier"), Reveal("Becalmed"))  # Sails: Ocean -1
    assert (s.expedition_of("Ana", "Jacques Cartier") is not None) == survives


@pytest.mark.parametrize(("option", "legal"), [(True, True), (False, False)])
def test_sail_save_cards_against_sails_hazards(option, legal):
    s = with_expedition("Jacques Cartier", "Galleons", "Sailors", sail_matches_sails=option)
    s.expedition_of("Ana", "Jacques Cartier").oceans = 1  # an Ocean card for Doldrums to take
    take(s.exploration_deck, "Ocean")
    take(s.expedition_deck, "Favorable Winds")
    put(s.hands["Ana"], "Favorable Winds")
    play(s, Explore("Jacques Cartier"), Reveal("Doldrums"))
    if legal:
        assert RULES.check(s, Save("Favorable Winds", "Ana"), "Ana") is None
    else:  # the Hazard took effect at once: no matching Save card was in reach
        problem = RULES.misplaced(s, Save("Favorable Winds", "Ana"))
        assert "option sail_matches_sails: false" in problem.message


@pytest.mark.parametrize(("option", "save"), [("nothing", False), ("fail", True)])
def test_a_save_card_only_against_a_hazard_that_would_harm(option, save):
    """No Ocean card to lose: with ocean_loss_without_ocean: nothing the Hazard does nothing, so
    there is nothing for a Save card to cancel and it stays in hand; with fail it may save the
    expedition (docs/rules/exploration-age-of-sail.md, "A Save card needs a Hazard to cancel")."""
    s = with_expedition("Jacques Cartier", "Galleons", "Sailors", ocean_loss_without_ocean=option)
    take(s.expedition_deck, "Sextant & Compass")
    put(s.hands["Ana"], "Sextant & Compass")
    play(s, Explore("Jacques Cartier"), Reveal("Lost"))  # Navigation: Ocean -1
    if save:
        assert RULES.check(s, Save("Sextant & Compass", "Ana"), "Ana") is None
        play(s, Save("Sextant & Compass", "Ana"))
        assert s.expedition_of("Ana", "Jacques Cartier") is not None
    else:
        problem = RULES.misplaced(s, Save("Sextant & Compass", "Ana"))
        assert problem is not None and "no Hazard is waiting for a Save card" in problem.message
        assert s.hands["Ana"] == {"Sextant & Compass": 1}
        assert s.expedition_of("Ana", "Jacques Cartier") is not None
        assert s.exploration_discard == {"Lost": 1}


def _last_card(option):
    s = with_expedition("Magellan", "Galleons", "Sailors", deck_runs_out=option)
    s.exploration_discard = dict(s.exploration_deck)
    s.exploration_discard["Ocean"] -= 1
    s.exploration_deck = {"Ocean": 1}
    return play(s, Explore("Magellan"), Reveal("Ocean"))


def test_the_deck_runs_out_at_the_next_flip_by_default():
    s = _last_card("at_next_flip")
    assert s.exploration_deck == {} and s.reshuffles == 0  # nothing needed a card yet
    s.reshuffles = 1
    s.phase, s.current = START, 0
    s.forget()
    play(s, StartTurn("Ana"), Draw("Caravels"), EndExpeditions())
    assert s.over and RULES.decision(s) is None


def test_the_deck_runs_out_at_its_last_card_with_the_option():
    s = _last_card("at_last_card")
    assert (
        s.reshuffles == 1 and sum(s.exploration_deck.values()) == 54
    )  # 55 less the one on the expedition
    assert "Ocean" in s.exploration_deck


@pytest.mark.parametrize(
    ("ties", "ana", "ben"), [("shared", 3 + 5 + 5, 3 + 5 + 5), ("none", 3 + 5, 3 + 5)]
)
def test_ties_for_a_bonus(ties, ana, ben):
    s = new_state(bonus_ties=ties)
    s.victory["Ana"] = [("Canada", "Magellan")]
    s.victory["Ben"] = [("India", "Magellan")]
    totals = {ln.player: ln.total for ln in RULES.score(s).lines}
    # each has one discovery: tied for the most in all; each leads one region alone
    assert totals == {"Ana": ana, "Ben": ben}
