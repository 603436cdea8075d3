"""What the bots need of Age of Discovery: what a position is worth to each player in victory
points (``worths``), and the position as one seat sees it (``determinise``).

Most points come at the two scorings (§5.2, §5.3), so the score so far says little: a ship on an
expedition is worth the points it will score at the scorings still to come, a ship in the fleet
its point at the end plus part of what placing it would add, coins what they will buy (less as
the draw piles run down), a contract in hand part of its payout, a voyage under way its payout,
a special mission the points the expeditions already meet.
"""

from __future__ import annotations

import random

from portolan.checker.games.age_of_discovery.actions.tasks import Sailing
from portolan.checker.games.age_of_discovery.book import Expedition
from portolan.checker.games.age_of_discovery.scoring import (
    expedition_points,
    qualifies,
    score,
    unassigned,
)
from portolan.checker.games.age_of_discovery.state import ACTIONS, MISSIONS, OVER, START, State

# The knobs, in victory points (VP) unless said otherwise.
WORTH = {
    # A coin with every draw pile full: five coins buy and place a ship that scores 5 to 12 VP
    # at the two scorings, or play a contract that pays back double; a coin is about a point.
    "coin_early": 1.0,
    # A coin once the piles are nearly gone: fewer turns are left to turn it into ships.
    "coin_late": 0.5,
    # Coins past this many count nothing: more than four ships and their fees, more than a
    # player can spend before the game ends. Hoarding them would also stall the game: it ends
    # only when the ships are bought (§5.3), and a bank emptied into the players' purses gives
    # no more coins to anyone (§4.1).
    "coin_cap": 20,
    # A coin after the final scoring card is out: it can only pay placement fees (whose gain
    # the fleet's ships already count), so it is worth little of its own.
    "coin_last": 0.15,
    # Of what sending a fleet ship to its best expedition would add (its points less the point
    # it scores idle and the fee), the share counted: the room may be taken first, and it takes
    # an action. The ship being sent right now counts whole.
    "ship_option": 0.6,
    # Of a contract's payout (coins, its two-turn voyage), the share a contract in hand is worth
    # when the player's idle ships can meet it now, and when they cannot (yet).
    "contract_ready": 0.45,
    "contract_later": 0.2,
    # A voyage's payout loses this share of its worth for every turn still to wait: the coins
    # come later, when there is less to buy, and its ships are tied up meanwhile.
    "voyage_wait": 0.12,
    # Of the special mission's points for the expeditions it meets now, the share counted: the
    # others may still send ships there, and more completed contracts raise the rate.
    "mission_share": 0.8,
    # A Wild Ship card lets a ship of any colour onto the best room; a Reservation card keeps a
    # ship or a contract for a turn.
    "wild_card": 0.8,
    "reservation_card": 0.3,
}


def worths(state: State) -> dict[str, float]:
    """Each player's position in victory points: the points scored, the points that ships on
    expeditions and the special mission will score, and what coins, fleet, contracts and
    voyages are likely to become."""
    if state.phase == OVER:
        return {line.player: float(line.total) for line in score(state).lines}
    placed = expedition_points_to_come(state)
    out = {}
    for p in state.players:
        coin = coin_value(state, p)
        out[p] = (
            scored(state, p)
            + placed[p]
            + mission_worth(state, p)
            + fleet_worth(state, p, coin)
            + coin * min(state.coins[p], WORTH["coin_cap"])
            + hand_worth(state, p, coin)
            + voyages_worth(state, p, coin)
            + action_cards_worth(state, p)
        )
    return out


# -- Points scored and to come ----------------------------------------------------------------
def scored(state: State, p: str) -> float:
    first = state.first_points[p] if state.first_points else 0
    final = state.final_points["expeditions"][p] if state.final_points else 0
    return float(first + final)


def scorings_left(state: State) -> tuple[bool, bool]:
    return state.first_points is None, state.final_points is None


def ship_points(state: State, info: Expedition, match: bool) -> int:
    """What one ship on this expedition will still score (§5.1): at each scoring to come."""
    first, final = scorings_left(state)
    n = 0
    if first:
        n += info.first_match if match else info.first_other
    if final:
        n += info.final_match if match else info.final_other
    return n


def expedition_points_to_come(state: State) -> dict[str, float]:
    """The points the ships on expeditions will score at the scorings still to come."""
    first, final = scorings_left(state)
    out = dict.fromkeys(state.players, 0.0)
    if first:
        for p, n in expedition_points(state, "first").items():
            out[p] += n
    if final:
        for p, n in expedition_points(state, "final").items():
            out[p] += n
    return out


def mission_worth(state: State, p: str) -> float:
    """The mission's points for the expeditions it meets now (§6.1), at the rate of the
    contracts completed and under way; a mission the state does not name counts as the average
    of those it may be."""
    if state.final_points is not None:
        return 0.0
    book = state.book
    done = state.completed[p] + sum(1 for v in state.voyages if v.player == p and v.left)
    mission = state.missions[p]
    names = [mission] if mission is not None else state.mission_pool
    if not names:
        return 0.0
    shares = [
        (sum(1 for s in placed if s.player == p), len(placed))
        for placed in state.expeditions.values()
    ]
    total = 0.0
    for name in names:
        info = book.missions[name]
        met = sum(1 for mine, all_ships in shares if qualifies(info.kind, mine, all_ships))
        total += met * info.points(done)
    return WORTH["mission_share"] * total / len(names)


# -- Time and coins -------------------------------------------------------------------------------
def turns_to_begin(state: State, p: str) -> int | None:
    """How many more turns ``p`` will begin once the final scoring card is out (None before):
    the turns up to the one after which the final scoring comes (§5.3)."""
    if state.final_at is None:
        return None
    if state.phase in (MISSIONS, OVER):
        return 0
    n = len(state.players)
    first = 0 if state.phase == START else 1  # the turn under way has begun
    return sum(
        1
        for k in range(first, state.final_at - state.turn + first)
        if state.players[(state.current + k) % n] == p
    )


def turns_left(state: State, p: str) -> int | None:
    """The turns ``p`` may still act in, the one under way included (None: the final scoring
    card is not out yet)."""
    to_begin = turns_to_begin(state, p)
    if to_begin is None:
        return None
    acting = state.phase == ACTIONS and state.player == p
    return to_begin + (1 if acting else 0)


def coin_value(state: State, p: str) -> float:
    """What a coin will buy, in victory points: a point early, less as the piles run down,
    little once the final scoring card is out, nothing when the player has no turn left."""
    left = turns_left(state, p)
    if left is not None:
        return WORTH["coin_last"] if left else 0.0
    # how much of the draw piles (the scoring cards in them included) is still to come
    full = sum(state.k["draw_piles"]) + len(state.book.scoring)
    share = min(1.0, sum(state.piles) / full) if state.piles else 1.0
    return WORTH["coin_late"] + (WORTH["coin_early"] - WORTH["coin_late"]) * share


# -- Ships -----------------------------------------------------------------------------------------
def fleet_worth(state: State, p: str, coin: float) -> float:
    """The point each ship not on an expedition scores at the end (§5.3: in the fleet or on a
    voyage), plus a share of what sending an idle one to the best room left on the expeditions
    would add; the ship being sent now counts whole."""
    book = state.book
    unassigned_vp = book.constants["unassigned_ship_vp"]
    ships = [c for c, n in state.fleet[p].items() for _ in range(n)]
    total = unassigned_vp * unassigned(state, p)
    flag_home = state.flagship_idle[p]
    left = turns_left(state, p)
    if state.final_points is not None or left == 0:
        return float(total)
    top = state.tasks[-1] if state.tasks else None
    sending = top.card if isinstance(top, Sailing) else None
    rooms = {e: book.expeditions[e].limit - used for e, used in state.load.items()}
    wanted = {e: state.exp_colour.get(_key(state, e, p)) for e in state.load}
    entries: list[str | None] = list(ships)
    if flag_home:
        entries.append(state.flagship[p])  # None: kept secret
    order = sorted(entries, key=lambda c: (c != sending, -_transport(state, c), str(c)))
    for c in order:
        gain = _best_room(state, c, rooms, wanted, coin, unassigned_vp)
        if gain > 0:
            share = 1.0 if c == sending and sending is not None else WORTH["ship_option"]
            if c == sending:
                sending = None  # one copy is on its way
            total += share * gain
    return float(total)


def _transport(state: State, ship: str | None) -> int:
    """A ship's transport; a flagship's least (it takes the least room)."""
    if ship is None or state.book.is_flagship(ship):
        return min(state.k["flagship_transport"])
    return state.book.ships[ship].transport


def _key(state: State, expedition: str, p: str):
    return expedition if state.options["expedition_colour"] == "shared" else (expedition, p)


def _best_room(
    state: State,
    ship: str | None,
    rooms: dict[str, int],
    wanted: dict[str, str | None],
    coin: float,
    idle_vp: int,
) -> float:
    """What sending ``ship`` (None: a flagship kept secret) to its best expedition adds, with
    the room it takes and the colour it sets booked in ``rooms`` and ``wanted``."""
    book = state.book
    flagship = ship is None or book.is_flagship(ship)
    if flagship:
        colours = book.flagships[ship] if ship is not None else tuple(book.colours)
        fee = state.k["flagship_fee"]
    else:
        colours = (book.ships[ship].colour,)
        fee = state.k["placement_fee"]
    transport = _transport(state, ship)
    best, where, colour_set = 0.0, None, None
    for e, room in rooms.items():
        if room < transport:
            continue
        info = book.expeditions[e]
        want = wanted[e]
        if want is None:
            colour = info.colour if info.colour in colours else colours[0]
        elif want in colours or (flagship and state.options["flagship_colours"] == "any"):
            colour = want
        else:
            continue
        gain = ship_points(state, info, colour == info.colour) - idle_vp - fee * coin
        if gain > best:
            best, where, colour_set = gain, e, colour
    if where is not None:
        rooms[where] -= transport
        wanted[where] = wanted[where] or colour_set
    return best


# -- Contracts ----------------------------------------------------------------------------------
def hand_worth(state: State, p: str, coin: float) -> float:
    """A share of each contract's two-turn payout: larger when the idle ships can meet it now.
    A contract kept secret counts as the average of those it may be."""
    if state.final_at is not None and not turns_left(state, p):
        return 0.0
    book = state.book
    colours = {}
    for c, n in state.fleet[p].items():
        info = book.ships[c]
        colours[info.colour] = colours.get(info.colour, 0) + info.transport * n
    flag = 3 if state.flagship_idle[p] else 0
    total = 0.0
    for name in state.hands[p]:
        total += _contract_worth(book.contracts[name], colours, flag)
    secret = state.secret_contracts.get(p, 0)
    if secret and state.contract_deck:
        mean = sum(
            _contract_worth(book.contracts[c], colours, flag) for c in state.contract_deck
        ) / len(state.contract_deck)
        total += secret * mean
    return coin * total


def _contract_worth(info, colours: dict[str, int], flag: int) -> float:
    have = colours.get(info.colour, 0) + flag
    share = WORTH["contract_ready"] if have >= info.transport else WORTH["contract_later"]
    return share * info.payouts[min(1, len(info.payouts) - 1)]


def voyages_worth(state: State, p: str, coin: float) -> float:
    """Each voyage's payout, less for every turn still to wait; nothing for one that cannot end
    before the final scoring. A contract being played counts as if loaded now."""
    to_begin = turns_to_begin(state, p)
    total = 0.0
    for v in state.voyages:
        if v.player != p:
            continue
        wait = v.left or v.duration  # a voyage being loaded sails for its whole duration
        if to_begin is not None and wait > to_begin:
            continue
        payout = state.book.contracts[v.contract].payouts[v.duration - 1]
        total += payout * max(0.0, 1 - WORTH["voyage_wait"] * wait)
    return coin * total


def action_cards_worth(state: State, p: str) -> float:
    if state.final_points is not None:
        return 0.0
    cards = state.action_cards[p]
    book = state.book
    return WORTH["wild_card"] * cards.get(book.wild, 0) + WORTH["reservation_card"] * cards.get(
        book.reservation, 0
    )


# -- What a seat cannot see ----------------------------------------------------------------------
def determinise(state: State, seat: str, rng: random.Random) -> None:
    """Re-sample, on a copy, what ``seat`` cannot see: the other players' trade contracts in
    hand, their flagships not shown yet and their special missions, each from the cards the
    seat cannot tell apart; the seat's own cards stay as they are.

    A card the seat keeps secret is unknown to the state too (the table names it only when it
    is played), and the seat may then play any card it could be: while it has such a contract
    (or flagship), the others' are put back among the unknown cards rather than named, so
    that every move open to the seat stays open."""
    others = [p for p in state.players if p != seat]
    _deal_contracts(state, others, rng, named=not state.secret_contracts.get(seat))
    _deal_flagships(state, others, rng, named=state.flagship[seat] is not None)
    if state.final_points is None and state.phase not in (MISSIONS, OVER):
        _deal_missions(state, others, rng)


def _deal_contracts(state: State, others: list[str], rng: random.Random, *, named: bool) -> None:
    """The others' contracts in hand (named or kept secret) and the draw deck are one pool: a
    contract taken from the row is not told apart from one drawn blind (the state does not
    say which)."""
    pool = list(state.contract_deck)
    counts = {}
    for q in others:
        pool += state.hands[q]
        counts[q] = state.hand_size(q)
    pool.sort()
    if not named:
        for q in others:
            state.hands[q] = []
            state.secret_contracts[q] = counts[q]
        state.contract_deck = pool
        return
    rng.shuffle(pool)
    at = 0
    for q in others:
        state.hands[q] = sorted(pool[at : at + counts[q]])
        state.secret_contracts[q] = 0
        at += counts[q]
    state.contract_deck = sorted(pool[at:])


def _deal_flagships(state: State, others: list[str], rng: random.Random, *, named: bool) -> None:
    """A flagship at home may never have been shown: each other player's is re-dealt from
    those not known to be anyone's (one out at sea is face up)."""
    hidden = [q for q in others if state.flagship_idle[q]]
    pool = sorted([*state.flagship_pool, *(state.flagship[q] for q in hidden if state.flagship[q])])
    if not named:
        for q in hidden:
            state.flagship[q] = None
        state.flagship_pool = pool
        return
    rng.shuffle(pool)
    for i, q in enumerate(hidden):
        state.flagship[q] = pool[i]
    state.flagship_pool = sorted(pool[len(hidden) :])


def _deal_missions(state: State, others: list[str], rng: random.Random) -> None:
    """The others' missions, from this player count's missions not known to be the seat's."""
    pool = sorted([*state.mission_pool, *(state.missions[q] for q in others if state.missions[q])])
    rng.shuffle(pool)
    for i, q in enumerate(others):
        state.missions[q] = pool[i]
    state.mission_pool = sorted(pool[len(others) :])


def hidden_hand(state: State, seat: str) -> list[tuple[str, str]]:
    """The named cards ``seat`` holds that the table has not seen, as (kind, name): its trade
    contracts in hand, its special mission until the final scoring reveals it, and its flagship
    while it waits face down in front of it (play keeps these out of what it prints for a bot
    whose secret cards stay face down)."""
    out = [("trade contract", c) for c in state.hands[seat]]
    unscored = state.final_points is None and state.phase not in (MISSIONS, OVER)
    if unscored and state.missions[seat]:
        out.append(("special mission", state.missions[seat]))
    if state.flagship[seat] and state.flagship_idle[seat]:
        out.append(("flagship", state.flagship[seat]))
    return out
