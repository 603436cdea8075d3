"""What the bots need from Discovery: The Era of Voyage: what a position is worth to each player
(``worths``) and what a seat cannot see (``determinise``).

Nothing a player holds is secret in this game: coins, resources, VP and markers lie on the
table. The only face-down cards are the seven islands the table has drawn for the circle but
not yet laid out, and only the table decides anything then; ``determinise`` re-draws them all
the same, so a look-ahead from the setup never learns the circle in advance.
"""

from __future__ import annotations

import random

from checker.games.discovery_era_of_voyage.actions.income import income_plan
from checker.games.discovery_era_of_voyage.book import COIN, CULTURAL, VP
from checker.games.discovery_era_of_voyage.scoring import final_scoring, position_of
from checker.games.discovery_era_of_voyage.state import (
    BOW,
    CENTRE,
    INCOME,
    PIRATE_MOVE,
    SETUP,
    State,
)

# What the score so far leaves out, in VP. Prices are the islands' (Fruit buys for 2-3 coins,
# sells for 1; Pepper 3-4 / 2-3; Gold 4-5 / 3-4) and the Cultural islands give 1-3 VP a
# resource; a resource is worth the most of what it fetches, discounted for the trip it takes.
WORTH = {
    # Each resource's base value: about what it pays towards an investment (costs are 3-4
    # pieces for a marker that wins 3-5 VP) and a little under what it sells for.
    "resource": {"Fruit": 0.4, "Pepper": 0.6, "Gold": 0.9},
    "resource_default": 1.0,  # a resource a component folder names but this table does not
    # Share of a resource's VP on this game's Cultural island it is worth before the trip
    # there (and the exchange slots of a visit, 1 or 2) are paid.
    "exchange_share": 0.5,
    # A coin buys half a Fruit and pays a tariff, a pirate or a longer sail: about 0.35 VP.
    "coin": 0.25,
    # A marker already placed, besides the majority the score counts: the extra income it
    # brings on every visit, the first tie-breaker (markers used), and a lead that is harder
    # to take back.
    "placed_marker": 1.5,
    # The income a player has sailed to and will collect this turn (the income is forced).
    "pending_income": 1.0,
    # Near the end, coins and resources are worth only what the last turns can make of them:
    # their value falls to this share as the game's clocks (the Cultural island's VP stack,
    # the markers of the player with the fewest left) run down.
    "endgame_floor": 0.25,
}


def worths(state: State) -> dict[str, float]:
    """Each player's VP so far (majorities as they stand, VP tokens) plus coins, resources,
    placed markers and the income sailed to, in VP."""
    sheet = final_scoring(state.book, state.categories, position_of(state))
    out = {line.player: float(line.total) for line in sheet.lines}
    if state.phase == SETUP:
        return out
    values = resource_values(state)
    fade = goods_share(state)
    for p in state.players:
        goods = state.coins[p] * WORTH["coin"]
        goods += sum(n * values[r] for r, n in state.res[p].items())
        placed = state.markers_each - state.left[p]
        out[p] += fade * goods + WORTH["placed_marker"] * placed
    p = state.player
    if p in out:
        out[p] -= fade * committed_cost(state, p, values)
        if _income_ahead(state):
            out[p] += fade * WORTH["pending_income"] * income_value(state, p, values)
    return out


def committed_cost(state: State, p: str, values: dict[str, float]) -> float:
    """What the active player has committed to pay and not yet paid, in VP: a pirate to move
    where the ship stopped, a pirate being turned (the cheapest coin or resource it holds)."""
    k = state.book.constants
    cost = 0.0
    if state.phase == PIRATE_MOVE:
        cost += k["pirate_move_cost"] * WORTH["coin"]
    if state.turning is not None:
        prices = [WORTH["coin"]] if state.coins[p] >= k["pirate_turn_cost"] else []
        prices += [values[r] for r, n in state.res[p].items() if n >= k["pirate_turn_cost"]]
        cost += k["pirate_turn_cost"] * min(prices, default=0.0)
    return cost


def resource_values(state: State) -> dict[str, float]:
    """Each resource's worth in VP: its base value or what this game's Cultural island gives
    for it (discounted), whichever is more."""
    book = state.book
    rates: dict[str, int] = {}
    for name in state.ring:
        island = book.island(name)
        if island.type == CULTURAL:
            for r, n in island.rates.items():
                rates[r] = max(rates.get(r, 0), n)
    base = WORTH["resource"]
    return {
        r: max(base.get(r, WORTH["resource_default"]), WORTH["exchange_share"] * rates.get(r, 0))
        for r in book.resources
    }


def goods_share(state: State) -> float:
    """How much of their value coins and resources keep: 1 at the start, falling to the floor
    as the nearest end condition (VP stack, markers) comes."""
    book = state.book
    full_stack = book.vp_stack.get(len(state.players), 0) or 1
    stack_done = 1 - state.stack / full_stack
    markers_done = 1 - min(state.left.values()) / state.markers_each if state.markers_each else 0
    done = max(0.0, min(1.0, max(stack_done, markers_done)))
    floor = WORTH["endgame_floor"]
    return floor + (1 - floor) * (1 - done * done)


def _income_ahead(state: State) -> bool:
    """The active player has sailed and not yet collected (the income is then certain)."""
    return state.phase in (BOW, PIRATE_MOVE) or (state.phase == INCOME and state.visit is None)


def income_value(state: State, p: str, values: dict[str, float]) -> float:
    """What collecting where ``p``'s ship is would bring, in VP: goods at their value, each
    'Any resource' as the best resource, each exchange as the best gain the island offers
    (trades and price adjustments count for nothing: prices never pay by themselves)."""
    book = state.book
    slot = state.at[p]
    name = book.central if slot == CENTRE else state.ring[slot]
    markers = 0 if slot == CENTRE else state.markers[slot].get(p, 0)
    goods, takes, _, _, exchanges, bonus, _ = income_plan(book, name, markers)
    total = 0.0
    for word, n in goods:
        if word == COIN:
            total += n * WORTH["coin"]
        elif word == VP:
            total += n
        else:
            total += n * values.get(word, WORTH["resource_default"])
    total += takes * max(values.values())
    if exchanges:
        island = book.island(name)
        gains = sorted(
            (rate - values[r] for r, rate in island.rates.items() if state.res[p].get(r)),
            reverse=True,
        )[:exchanges]
        gained = [g for g in gains if g > 0]
        total += sum(gained) + (bonus if gained else 0)
    return total


def determinise(state: State, seat: str, rng: random.Random) -> None:
    """Re-draw the islands the table holds face down for the circle (``state.planned``, during
    Game Preparation only); everything else is on the table for everyone."""
    book = state.book
    if state.phase != SETUP or not state.planned or len(state.ring) >= book.slots:
        return
    reading = state.options["redraw"]
    placed = list(state.ring)
    while len(placed) < book.slots:
        pool = sorted(n for n in book.surrounding if n not in placed)
        weights = [book.completions((*placed, n), reading) for n in pool]
        placed.append(rng.choices(pool, weights)[0])
    state.planned = placed
