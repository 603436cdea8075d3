"""What the bots need from Discovery: The Era of Voyage: what a position is worth to each player
(``worths``) and what a seat cannot see (``determinise``).

Nothing a player holds is secret in this game: coins, resources, VP and markers lie on the
table. The only face-down cards are the seven islands the table has drawn for the circle but
not yet laid out, and only the table decides anything then; ``determinise`` re-draws them all
the same, so a look-ahead from the setup never learns the circle in advance.
"""

from __future__ import annotations

import random

from portolan.checker.core import turn
from portolan.checker.games.discovery_era_of_voyage.actions.income import income_plan
from portolan.checker.games.discovery_era_of_voyage.actions.pirates import (
    PayingPirate,
    PickingPirate,
)
from portolan.checker.games.discovery_era_of_voyage.book import COIN, CULTURAL, VP
from portolan.checker.games.discovery_era_of_voyage.scoring import final_scoring, position_of
from portolan.checker.games.discovery_era_of_voyage.state import (
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
    # A coin buys half a Fruit and pays a tariff, a pirate or a longer sail.
    "coin": 0.25,
    # Pieces beyond what a turn or two can spend (no island costs more than 3 of a resource
    # or 3 coins, and a visit trades or exchanges at most 2) are worth this share: a hoard
    # scores nothing, so the bots turn it into markers and VP instead of sailing for more.
    "useful_resources": 4,  # of each kind
    "useful_coins": 8,
    "surplus_share": 0.1,
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
        goods = goods_value(state.coins[p], state.res[p], values)
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
    if isinstance(turn.top(state), (PickingPirate, PayingPirate)):
        prices = [WORTH["coin"]] if state.coins[p] >= k["pirate_turn_cost"] else []
        prices += [values[r] for r, n in state.res[p].items() if n >= k["pirate_turn_cost"]]
        cost += k["pirate_turn_cost"] * min(prices, default=0.0)
    return cost


def goods_value(coins: int, res: dict[str, int], values: dict[str, float]) -> float:
    """Coins and resources in VP, the pieces beyond the useful ones at a small share."""
    total = useful(coins, WORTH["useful_coins"]) * WORTH["coin"]
    return total + sum(useful(n, WORTH["useful_resources"]) * values[r] for r, n in res.items())


def useful(pieces: int, wanted: int) -> float:
    """How many of ``pieces`` count at full value: all up to ``wanted``, a share beyond."""
    return min(pieces, wanted) + WORTH["surplus_share"] * max(0, pieces - wanted)


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
    """What collecting where ``p``'s ship is would bring, in VP, played as well as one move at
    a time can: the goods, each 'Any resource' as the most useful one, each trade and each
    exchange as the best one on offer (or none when none gains)."""
    book = state.book
    slot = state.at[p]
    name = book.central if slot == CENTRE else state.ring[slot]
    markers = 0 if slot == CENTRE else state.markers[slot].get(p, 0)
    goods, takes, trades, adjusts, exchanges, bonus, _ = income_plan(book, name, markers)
    coins, res, vp = state.coins[p], dict(state.res[p]), 0
    for word, n in goods:
        if word == COIN:
            coins += n
        elif word == VP:
            vp += n
        elif word in res:
            res[word] += n
    before = goods_value(state.coins[p], state.res[p], values)
    for _ in range(takes):
        best = max(sorted(res), key=lambda r: goods_value(coins, {**res, r: res[r] + 1}, values))
        res[best] += 1
    island = book.island(name)
    for _ in range(trades):
        offers = [
            (coins - max(1, price - adjusts), {**res, r: res[r] + 1})
            for r, price in sorted(island.buy.items())
            if coins >= max(1, price - adjusts)
        ]
        offers += [
            (coins + price + adjusts, {**res, r: res[r] - 1})
            for r, price in sorted(island.sell.items())
            if res[r]
        ]
        now = goods_value(coins, res, values)
        gain, deal = max(
            ((goods_value(c, h, values) - now, (c, h)) for c, h in offers),
            default=(0.0, None),
            key=lambda x: x[0],
        )
        if deal is None or gain <= 0:
            break
        (coins, res), adjusts = deal, 0
    exchanged = 0
    for _ in range(exchanges):
        now = goods_value(coins, res, values)
        gains = [
            (rate - now + goods_value(coins, {**res, r: res[r] - 1}, values), r)
            for r, rate in sorted(island.rates.items())
            if res.get(r)
        ]
        gain, r = max(gains, default=(0.0, ""))
        if gain <= 0:
            break
        res[r] -= 1
        vp += island.rates[r]
        exchanged += 1
    if exchanged:
        vp += bonus
    return goods_value(coins, res, values) - before + vp


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
