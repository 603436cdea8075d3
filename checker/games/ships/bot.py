"""What a Ships position is worth to each player, for the bots (and the balance tests' greedy
players, tests/checker/ships_greedy.py).

Worth is counted in gold on the value scale of docs/games/ships.md (2 gold make a VP) and
handed to the bots in VP: the VP on the track, plus what the track does not show yet: gold,
navigation, industry, cubes (a merchant cube is an action every turn until retrieved), goods
(food more while city discs are left: it pays for a city), the present area's cubes and discs
(scored when the wave moves on or the game ends), ships in hand and on the track (less the VP
they can expect to lose to lagging before their owner plays again) and kept cards (their
discount or income for the turns left in the era). A position in the middle of an action (a
ship placed, its cube or disc not yet) is judged as the acting player would finish it.

Nothing in a Ships state is hidden from any seat: the display and every piece are on the table,
the kept cards face up, and the decks are held as the counts of the cards not yet dealt (a deal
is a chance outcome): ``determinise`` is the core's default, which changes nothing.
"""

from __future__ import annotations

import math
from typing import Any

from portolan.checker.games.ships.book import FOOD
from portolan.checker.games.ships.scoring import area_points, pieces_of
from portolan.checker.games.ships.state import OVER, START

# The knobs, in gold. The first seven are the value scale of docs/games/ships.md, adjusted for a
# player deciding now.
WORTH = {
    "gold": 1,  # a coin in the bank
    "nav": 1,  # a navigation counter: the Take two navigation action gives 2 for an action
    "industry": 2,  # one more good when taking goods
    "free": 2,  # a free action cube: one action, now or in a later turn
    "cube": 3,  # a merchant cube in stock (or about to be used): an action every turn
    "boxed": 2,  # a merchant cube in an action box: it must be retrieved (an action) first
    "vp": 2,  # a VP: 2 gold convert to 1 VP at the end
    # goods are worth a little less than their price until sold (the sale is an action, or
    # the warehouse may overflow first)
    "goods": 0.8,
    # A food held while city discs remain: about a city's benefit in Areas 2-4 (2 VP, 2 gold, a
    # merchant cube, 2 navigation: 2 to 4 gold), what the warship it pays for earns beyond a
    # ship in the Merchant box. At its price (1) greedy players sent food back whenever the
    # warehouse was full, and only a player dealt food built cities (docs/games/ships.md,
    # "Where the seat effect comes from").
    "food_for_a_city": 3,
    # A ship on the track: in the highest age it is a discount for the next age and no lag
    # yet; one age below it is about to lag; lower, it only loses VP.
    "ship_in_highest": 2,
    "ship_one_below": 1,
    # Turns an age lasts, in all seats' turns (greedy games: 11 ages in some 40 turns): how
    # long a kept card still works.
    "turns_per_age": 4,
    # -- for the bots only (the balance tests' greedy players, tests/checker/ships_greedy.py,
    # judge without these) --
    # Free action cubes a player can use well in a turn: those in stock beyond are worth
    # "free_hoarded" each. At 2 each, a greedy bot far ahead hoarded the pool's 25 free cubes
    # and ended its turns doing nothing (an action no longer beat a cube kept), while its rival,
    # out of merchant cubes, could not take the free cube the rulebook gives (the pool was
    # empty): the game never ended.
    "free_useful": 4,
    "free_hoarded": 0.5,
    # How much clearer a lead is at the end than at the start: the players' worths are spread
    # from their mean by up to this factor as the game nears its end (see ``sharpened``). Not
    # more: a larger lead flattens the bots' lead-to-win curve to 0 or 1 and the mcts bot,
    # once behind, sees every move as a loss (at 4 it lost games by 140 VP).
    "end_sharpness": 2,
}

# How many VP of lead make a clear win, for the bots' lead-to-win curve: 2 players score some
# 150 VP each, and an area or the first ship into a late age moves 5 to 10 VP at once.
WORTH_SCALE = 10.0
# Random steps the mcts bot plays past its tree before it judges the position: about one turn
# (a turn is some 8 to 12 steps: start, two or three actions, their follow-ups, the end). The
# worths already look ahead; 60 steps of random play (five turns) only blurred them: on the same
# deals mcts beat greedy in 50 % of games with 60 and more with 8 (benchmarks/README.md).
ROLLOUT_STEPS = 8

# Steps of an action's follow-up (the cube of a placed ship, goods returned...) played to judge
# a position caught in the middle of one; more never happens in a real action.
SETTLE_STEPS = 30


def determinise(state: Any, seat: str, rng: Any) -> None:
    """Nothing to re-sample: every piece, the display and the kept cards lie face up, and the
    cards not yet dealt are held only as counts per era (a deal is a chance outcome)."""


def worths(state: Any) -> dict[str, float]:
    """Each player's worth in VP (the bots' ``rules.worths``): a finished game's final score;
    otherwise the position's worth in gold, halved, with any action under way finished the way
    its player would finish it, free cubes hoarded beyond use counted low (``hoard``) and the
    spread between players widened as the end nears (``sharpened``)."""
    if state.phase == OVER:
        from portolan.checker.games.ships.scoring import score

        return {line.player: float(line.total) for line in score(state).lines}
    state = settled(state)
    area = area_points(state.book, state.area, pieces_of(state, state.area), len(state.seats))
    turns = turns_left_in_era(state)
    vp = WORTH["vp"]
    plain = [
        (worth(state, p, area, turns, waits=waits_of(state, p)) - hoard(state.seats[p])) / vp
        for p in range(len(state.seats))
    ]
    return dict(zip(state.players, sharpened(state, plain), strict=True))


def sharpened(state: Any, plain: list[float]) -> list[float]:
    """The worths spread from their mean as the end comes near: a lead of some VP decides more
    of the game when little of it is left, so a player ahead wants the end to come (a ship
    into the last age) and a player behind wants it later. Without it a greedy bot far ahead
    found no move worth more than keeping what it held, and the game stopped moving."""
    left = steps_to_end(state)
    start = state.book.last_age + state.book.constants["end_ships_in_last_age"]
    factor = 1 + (WORTH["end_sharpness"] - 1) * (1 - left / start)
    mean = sum(plain) / len(plain)
    return [mean + factor * (w - mean) for w in plain]


def steps_to_end(state: Any) -> int:
    """Ages still to open plus ships still to place in the last age before the game ends."""
    book = state.book
    last = book.last_age
    in_last = state.ships_in_age(last) if state.highest == last else 0
    need = book.constants["end_ships_in_last_age"]
    return (last - state.highest) + max(0, need - in_last)


def hoard(seat: Any) -> float:
    """What the free action cubes a player holds beyond use are worth less than the scale's
    value of a free cube."""
    beyond = seat.free + seat.section_free - WORTH["free_useful"]
    return (WORTH["free"] - WORTH["free_hoarded"]) * beyond if beyond > 0 else 0.0


def waits_of(state: Any, p: int) -> int:
    """Turns the others play before ``p`` can act again: the rest of the present turn if it is
    another's, then the seats between."""
    n, q = len(state.seats), state.current
    return n - 1 if q == p else (p - q) % n


def worth(
    state: Any,
    p: int,
    area: list[int] | None = None,
    turns: float | None = None,
    mover: int | None = None,
    waits: int | None = None,
) -> float:
    """What player ``p``'s position is worth, in gold, as it stands (``area``: the present
    area's points of every seat, ``turns``: turns_left_in_era, when the caller has them
    already; ``waits``: the turns the others play before ``p`` acts again, by default those
    after ``mover``'s turn, ``mover`` by default the seat to act)."""
    book, s, v = state.book, state.seats[p], WORTH
    total = v["vp"] * s.vp + v["gold"] * s.gold + v["nav"] * s.nav
    total += v["industry"] * (s.industry + s.box_industry) + v["free"] * (s.free + s.section_free)
    total += v["cube"] * (s.stock + s.section) + v["boxed"] * s.box_cubes
    total += v["goods"] * sum(book.sell_prices[g] * n for g, n in s.goods.items())
    # food for the warships still to come: a city's worth each, not a food's price
    usable = min(s.goods.get(FOOD, 0), sum(s.discs.values()))
    total += (v["food_for_a_city"] - v["goods"] * book.sell_prices[FOOD]) * usable
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
    return total + track_worth(state, p, mover, waits)


def track_worth(state: Any, p: int, mover: int | None, waits: int | None) -> float:
    """``p``'s ships on the track, less the VP they will lose as the track climbs (at the pace
    it has kept so far) before ``p`` can upgrade or remove them."""
    if waits is None:
        waits = turns_before(p, state.current if mover is None else mover, state)
    climb = track_pace(state) * waits
    behind_worth = {0: WORTH["ship_in_highest"], 1: WORTH["ship_one_below"]}
    total = 0.0
    for a in range(state.highest):
        ships = state.ships_at[a][0][p] + state.ships_at[a][1][p]
        if ships:
            behind = state.highest - (a + 1)
            loss = lag_loss(behind, climb, state.book.lagging)
            total += ships * (behind_worth.get(behind, 0) - WORTH["vp"] * loss)
    return total


def track_pace(state: Any) -> float:
    """Ages the track has climbed per turn so far: the pace a player expects it to keep."""
    return state.highest / max(state.turn, 1)


def turns_before(q: int, mover: int, state: Any) -> int:
    """Turns the others play before seat ``q`` plays again, once ``mover``'s turn is over."""
    return (q - mover - 1) % len(state.seats)


def lag_loss(behind: int, climb: float, lagging: list[tuple[int, int]]) -> float:
    """The VP a ship ``behind`` ages below the highest can expect to lose (``lagging``: the
    rulebook's table, ages below the highest -> VP lost) if the track climbs ``climb`` ages on
    average (a Poisson count) before its owner can upgrade or remove it."""
    loss = 0.0
    for below, vp in lagging:
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


def turns_left_in_era(state: Any) -> float:
    """About how many more turns the player has in this era (the ages of the era still to
    come, ``turns_per_age`` turns of all seats each)."""
    ages = state.book.ages
    last = max(a.age for a in ages if a.era == state.era)
    return (last - max(state.highest, 1) + 1) * WORTH["turns_per_age"] / len(state.seats)


def edge(state: Any, p: int) -> float:
    """How much better off ``p`` is than the best of the others, in gold, the others' lag
    counted to the end of ``p``'s turn."""
    area = area_points(state.book, state.area, pieces_of(state, state.area), len(state.seats))
    turns = turns_left_in_era(state)
    others = [worth(state, q, area, turns, p) for q in range(len(state.seats)) if q != p]
    return worth(state, p, area, turns, p) - max(others)


def settled(state: Any) -> Any:
    """``state`` itself, or, in the middle of an action (its follow-up choices still to make),
    a copy with the action finished by its player one choice at a time, each choice the one
    that leaves that player's ``edge`` best (the first such, so the same position always
    settles the same way). A card dealt stops it: that is chance, not the player's."""
    from portolan.checker.games.ships import RULES  # (the rules object imports this module)

    if not state.tasks or state.phase in (OVER, START):
        return state
    state = state.clone()
    for _ in range(SETTLE_STEPS):
        d = RULES.decision(state)
        if not state.tasks or d is None or d.kind != "choice":
            break
        p = state.current
        best, best_edge = None, -math.inf
        for move in RULES.legal_moves(state):
            trial = state.clone()
            RULES.apply(trial, move)
            e = edge(trial, p)
            if e > best_edge:
                best, best_edge = move, e
        RULES.apply(state, best)
    return state
