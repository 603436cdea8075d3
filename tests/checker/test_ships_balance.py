"""Balance of the reconstructed values of Ships (the board, the display's costs, the cards),
played by random and greedy players (tests/checker/ships_greedy.py): games end in a sane number
of turns, no seat wins much more than its share, and every card is worth taking sometimes.
PORTOLAN_PROPERTY_SCALE=10 plays ten times as many games."""

from __future__ import annotations

import functools
import os
import random
from collections import Counter
from math import comb

import pytest

from portolan.checker.core.simulate import default_players, random_game
from portolan.checker.games.ships import RULES
from portolan.checker.games.ships.moves import END_TURN, TakeCard
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS
from tests.checker.ships_greedy import choose, edge, finish_action, lag_loss

SCALE = float(os.environ.get("PORTOLAN_PROPERTY_SCALE", "1"))
MODEL = load_game(COMPONENTS, "ships")
DEFAULTS = {o.name: o.default for o in RULES.options(MODEL)}


def greedy_game(seed: int, players: int, watch=None):
    """A game of greedy players; ``watch(state)`` sees every position where one must act."""
    rng = random.Random(seed)
    state = RULES.setup(MODEL, default_players(players), DEFAULTS)
    while (d := RULES.decision(state)) is not None:
        if d.kind == "chance":
            move = RULES.sample_outcome(state, rng)
        else:
            if watch is not None:
                watch(state)
            move = choose(state, rng)
        RULES.apply(state, move)
        assert state.turn < 200 * players, "a greedy game did not end"
    return state


def win_shares(states) -> dict[str, float]:
    wins: Counter = Counter()
    for state in states:
        winners = RULES.score(state).winners
        for w in winners:
            wins[w] += 1 / len(winners)
    return {p: wins[p] / len(states) for p in states[0].players}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_in_a_sane_number_of_turns_and_no_seat_wins_much_more(players):
    rng = random.Random(players)
    games = [
        random_game(RULES, MODEL, default_players(players), DEFAULTS, rng).state
        for _ in range(int(90 * SCALE))
    ]
    turns = [g.turn / players for g in games]
    assert min(turns) >= 8 and max(turns) <= 120, (min(turns), max(turns))
    shares = win_shares(games)
    assert max(shares.values()) <= 1.5 / players, shares


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_end_in_a_sane_number_of_turns(players):
    games = [greedy_game(seed, players) for seed in range(max(2, int(2 * SCALE)))]
    turns = [g.turn / players for g in games]
    assert min(turns) >= 4 and max(turns) <= 60, turns
    for g in games:  # the greedy players raced up the track and spread over the map
        assert g.highest == MODEL.component("board").spec.age_track.ages[-1].age
        assert g.area >= 3


# Greedy games per player count for the seat test: some 15 s in all on one quiet core. Over so
# few games a fair seat's win share wanders by .15 or more, so the quick run holds the seats to
# twice their share, or to the wins a fair seat reaches in under 1 % of runs when that is more
# (6 of 8 with 3 players), and to 10 % over the table's mean score; the long run
# (PORTOLAN_PROPERTY_SCALE=8: 48, 64 and 48 games, figures in docs/games/ships.md) to 1.5
# times their share and 5 %.
SEAT_GAMES = {2: 6, 3: 8, 4: 6}
LONG = SCALE >= 5
FOUR_PLAYER_GAP = (
    "4 greedy players: the last seat scores some 9 VP over the table's mean (48 games: wins "
    ".20 .17 .29 .34), nearly all of it in the last area scored, where later seats place after "
    "the earlier ones have had their last turn: docs/games/ships.md, 'Where the seat effect "
    "comes from'"
)


@functools.cache
def seat_games(players: int) -> tuple:
    """The greedy games of the seat tests, played once per process for both."""
    return tuple(greedy_game(seed, players) for seed in range(int(SEAT_GAMES[players] * SCALE)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_seat_of_greedy_players_wins_far_more_than_its_share(players):
    """No seat wins far more than its share of the games. Before greedy players valued food
    for the cities it pays for, the third of 3 players won 54 % of the games on its one
    starting food; before they weighed the lag of their ships, the last of 4 won 57 %
    (docs/games/ships.md)."""
    games = seat_games(players)
    shares = win_shares(games)
    bound = 1.5 / players if LONG else max(2 / players, fair_tail(len(games), players))
    assert max(shares.values()) <= min(0.75, bound), (shares, mean_totals(games))


@pytest.mark.parametrize(
    "players",
    [
        2,
        3,
        pytest.param(
            4,
            marks=[
                pytest.mark.skipif(not LONG, reason="a known gap, run in the long run only"),
                pytest.mark.xfail(strict=True, reason=FOUR_PLAYER_GAP),
            ],
        ),
    ],
)
def test_no_seat_of_greedy_players_scores_far_above_the_table(players):
    """No seat scores on average far above the table's mean (the steadier measure over a few
    games): the third of 3 players once scored 14 VP more than the others."""
    games = seat_games(players)
    means = mean_totals(games)
    table = sum(means.values()) / players
    assert max(means.values()) <= (1.05 if LONG else 1.10) * table, (win_shares(games), means)


def fair_tail(games: int, players: int, chance: float = 0.01) -> float:
    """The largest share of ``games`` a seat winning ``1 / players`` of them reaches in at least
    ``chance`` of runs (binomial): more is evidence of a bias, not of bad luck."""
    p = 1 / players
    at_least = [
        sum(comb(games, j) * p**j * (1 - p) ** (games - j) for j in range(k, games + 1))
        for k in range(games + 1)
    ]
    return max(k for k in range(games + 1) if at_least[k] >= chance) / games


def mean_totals(states) -> dict[str, float]:
    totals: Counter = Counter()
    for state in states:
        for line in RULES.score(state).lines:
            totals[line.player] += line.total / len(states)
    return {p: round(totals[p], 1) for p in states[0].players}


def test_every_card_is_worth_taking_sometimes():
    """In positions of greedy games, each card alone on the display is, at least once, worth
    more to the player to act than ending the turn."""
    worth: Counter = Counter()
    seen: Counter = Counter()

    def watch(state):
        if state.tasks or state.took_card or state.pend_free or state.pend_gold:
            return
        p = state.current
        for name, card in state.book.cards.items():
            if card.era != state.era or worth[name]:  # (once shown worth it, enough)
                continue
            trial = state.clone()
            trial.display = {name: 1}
            seat = trial.seats[p]  # enough gold to pay for it, if the bank holds it
            seat.gold = min(trial.capacity(p, "Bank"), max(seat.gold, card.cost + 1))
            moves = [m for m in RULES.legal_moves(trial) if isinstance(m, TakeCard)]
            if not moves:
                continue
            seen[name] += 1
            rest = trial.clone()
            RULES.apply(rest, END_TURN)
            best = None
            for move in moves:
                t = trial.clone()
                RULES.apply(t, move)
                finish_action(t, p, random.Random(0))
                value = edge(t, p)
                best = value if best is None else max(best, value)
            if best > edge(rest, p):
                worth[name] += 1

    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2), (5, 3), (6, 4)):
        greedy_game(seed, players, watch)
    cards = RULES.book(MODEL).cards
    never = sorted(c for c in cards if not worth[c])
    assert not never, {c: seen[c] for c in never}


def test_a_greedy_player_weighs_the_lag_the_others_will_cause():
    """With 4 players the track climbs about an age a turn, so ships left in age 1 by the first
    player lag three ages (-3 VP each) before it plays again: a greedy first player does not
    leave two there (it did, before it weighed the lag: docs/games/ships.md)."""
    assert lag_loss(0, 0.0) == 0 and lag_loss(3, 5.0) == 0
    assert 1.5 < lag_loss(0, 3.0) < lag_loss(1, 3.0) < 3 and lag_loss(2, 3.0) < 2
    for seed in range(3):
        rng = random.Random(seed)
        state = RULES.setup(MODEL, default_players(4), DEFAULTS)
        while state.turn < 2:
            d = RULES.decision(state)
            move = RULES.sample_outcome(state, rng) if d.kind == "chance" else choose(state, rng)
            RULES.apply(state, move)
        assert sum(state.ships_at[0][0]) + sum(state.ships_at[0][1]) <= 1, (seed, state.ships_at[0])
