"""A simple greedy strategy for Ships (balance tests, example games): at every choice it tries
each legal move, finishes the action the same way, and keeps the one that leaves its position
worth most on the value scale of docs/games/ships.md (gold 1, navigation 1, industry 2, free
action cube 2, merchant cube 3, VP 2, goods at their price), counting what its cubes and discs
in the present area will score when the area is left. A food counter is worth more than its
price while the player has city discs to place: it is what a ship in a Warship box costs, so
a greedy player keeps and seeks food as it would the city the food pays for. A ship on the
track is worth less by the VP it can expect to lose to lagging before its owner plays again (the
track climbing at the pace it has kept so far), so a greedy player removes or upgrades a ship
about to lag and weighs the lag its placements cost its own ships, as a player at a table
would."""

from __future__ import annotations

import math
import random
from typing import Any

from checker.games.ships import RULES
from checker.games.ships.book import FOOD
from checker.games.ships.scoring import area_points, pieces_of

# Gold values (docs/games/ships.md) adjusted for a player deciding now: a merchant cube in an
# action box is worth less than one in hand (it must be retrieved), a free action cube is one
# action, a ship counts for where it stands on the track.
VALUE = {"gold": 1, "nav": 1, "industry": 2, "free": 2, "cube": 3, "boxed": 2, "vp": 2}


def worth(
    state,
    p: int,
    area: list[int] | None = None,
    turns: float | None = None,
    mover: int | None = None,
) -> float:
    """What player ``p``'s position is worth, in gold (``area``: the present area's points of
    every seat, ``turns``: turns_left_in_era, when the caller has them already; ``mover``: the
    seat deciding, by default the seat to act)."""
    book, s = state.book, state.seats[p]
    v = VALUE
    total = v["vp"] * s.vp + v["gold"] * s.gold + v["nav"] * s.nav
    total += v["industry"] * (s.industry + s.box_industry) + v["free"] * (s.free + s.section_free)
    total += v["cube"] * (s.stock + s.section) + v["boxed"] * s.box_cubes
    total += GOODS * sum(book.sell_prices[g] * n for g, n in s.goods.items())
    # food for the warships still to come: a city's worth each, not a food's price
    usable = min(s.goods.get(FOOD, 0), sum(s.discs.values()))
    total += (FOOD_FOR_A_CITY - GOODS * book.sell_prices[FOOD]) * usable
    if area is None:
        area = area_points(book, state.area, pieces_of(state, state.area), len(state.seats))
    total += v["vp"] * area[p]
    total += s.ships[state.era]  # ships in hand for this era
    if s.kept:  # the turns of a kept card's discount or income still to come
        if turns is None:
            turns = turns_left_in_era(state)
        for name in s.kept:
            card = book.cards[name]
            total += turns * (card.discount + sum(n for _, n in card.each_turn))
            if card.sell_bonus:
                total += s.goods.get(card.sell_bonus[0], 0) + 1
    # ships on the track, less the VP they will lose as the others climb before p plays again
    climb = track_pace(state) * turns_before(p, state.current if mover is None else mover, state)
    for a in range(state.highest):
        ships = state.ships_at[a][0][p] + state.ships_at[a][1][p]
        if ships:
            behind = state.highest - (a + 1)
            total += ships * (SHIP_BEHIND.get(behind, 0) - v["vp"] * lag_loss(behind, climb))
    return total


def track_pace(state) -> float:
    """Ages the track has climbed per turn so far: the pace a player expects it to keep."""
    return state.highest / max(state.turn, 1)


def turns_before(q: int, mover: int, state) -> int:
    """Turns the others play before seat ``q`` plays again, once ``mover``'s turn is over."""
    return (q - mover - 1) % len(state.seats)


def lag_loss(behind: int, climb: float) -> float:
    """The VP a ship ``behind`` ages below the highest can expect to lose (1 two ages below,
    2 more three below) if the track climbs ``climb`` ages on average (Poisson) before its
    owner can upgrade or remove it (Upgrade Ship, Remove One Ship)."""
    loss = 0.0
    for below, vp in LAG:
        need = below - behind
        if need > 0:
            loss += vp * at_least(need, climb)
    return loss


def at_least(k: int, mean: float) -> float:
    """P(X >= k) for X Poisson with this mean."""
    term, below = math.exp(-mean), 0.0
    for i in range(k):
        below += term
        term *= mean / (i + 1)
    return max(0.0, 1 - below)


SHIP_BEHIND = {0: 2, 1: 1}
LAG = ((2, 1), (3, 2))  # (ages below the highest, VP lost): rulebook, Placing your ship...
GOODS = 0.8  # goods are worth a little less than their price until sold
# A food held while city discs remain: about a city's benefit in Areas 2-4 (2 VP, 2 gold, a
# merchant cube, 2 navigation: 2 to 4 gold on the value scale), what the warship it pays for
# earns beyond a ship in the Merchant box. At its price (1) greedy players sent food back
# whenever the warehouse was full, and only a player dealt food built cities
# (docs/games/ships.md, "Where the seat effect comes from").
FOOD_FOR_A_CITY = 3


def turns_left_in_era(state) -> float:
    """About how many more turns the player has in this era: an age lasts some 4 turns in
    all (greedy games: 11 ages in 40 turns)."""
    ages = state.book.ages
    last = max(a.age for a in ages if a.era == state.era)
    return (last - max(state.highest, 1) + 1) * 4 / len(state.seats)


def edge(state, p: int) -> float:
    """How much better off ``p`` is than the best of the others."""
    area = area_points(state.book, state.area, pieces_of(state, state.area), len(state.seats))
    turns = turns_left_in_era(state)
    others = [worth(state, q, area, turns, p) for q in range(len(state.seats)) if q != p]
    return worth(state, p, area, turns, p) - max(others)


def choose(state, rng: random.Random) -> Any:
    """The move a greedy player makes (ties broken at random)."""
    d = RULES.decision(state)
    if d.kind == "chance":
        return RULES.sample_outcome(state, rng)
    moves = RULES.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    p = state.current
    best, best_value = [], None
    for move in moves:
        trial = state.clone()
        RULES.apply(trial, move)
        finish_action(trial, p, rng)
        value = edge(trial, p)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = [move], value
        elif abs(value - best_value) <= 1e-9:
            best.append(move)
    return rng.choice(best)


def finish_action(state, p: int, rng: random.Random, depth: int = 0) -> None:
    """Carry an action through its follow-up decisions, greedily by one step, at random for
    cards dealt."""
    while state.tasks and depth < 30 and RULES.decision(state) is not None:
        depth += 1
        d = RULES.decision(state)
        if d.kind == "chance":
            RULES.apply(state, RULES.sample_outcome(state, rng))
            continue
        moves = RULES.legal_moves(state)
        scored = []
        for move in moves:
            trial = state.clone()
            RULES.apply(trial, move)
            scored.append((edge(trial, p), rng.random(), move))
        RULES.apply(state, max(scored, key=lambda x: (x[0], x[1]))[2])
