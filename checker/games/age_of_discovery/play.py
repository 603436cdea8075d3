"""Legal moves and chance outcomes, for `portolan play` and `simulate`.

Moves are offered step by step (an action, then a ship, then where it goes) so that every list
stays short, and only moves that can be finished are offered: a ship is offered for sending only
if some expedition can take it, a contract only if the player's ships can meet it exactly.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from checker.core.game import Decision
from checker.games.age_of_discovery import rules as r
from checker.games.age_of_discovery.moves import (
    Assign,
    Buy,
    ContractDrawn,
    DealContract,
    DealFlagship,
    DealMission,
    Menu,
    PlayContract,
    Reserve,
    RowContract,
    Sail,
    SendShip,
    SetupShip,
    StartTurn,
    TakeContract,
    TurnOver,
)
from checker.games.age_of_discovery.state import (
    BUY,
    COINS,
    CONTRACT,
    CONTRACTS,
    FILLING,
    PURCHASE,
    SEND,
    State,
)


# -- Choices ------------------------------------------------------------------------------------
def legal_moves(state: State, d: Decision | None) -> list[Any]:
    if d is None or d.kind != "choice":
        return []
    if d.accepts == (StartTurn,):
        return [_move(StartTurn, state.player)]
    pend = state.pending
    if pend is None:
        if state.menu is not None:  # back only from an entry that turned out to be empty
            return list(submoves(state, state.menu)) or [r.BACK]
        return main_moves(state)
    if pend[0] == "sail":
        return sail_targets(state, state.player, pend[1])
    return assign_moves(state, pend[1])


def main_moves(state: State) -> list[Any]:
    """The menu: end the turn, take coins, accept a contract (at most 5 choices), buy a ship (at
    most 5), send ships… or play a Reservation card… (then which card).

    An entry is offered on quick conditions only (this runs at nearly every step of a random
    game); one that turns out to hold nothing, say no ship fits anywhere, offers the way back."""
    p = state.player
    k = state.k
    coins = state.coins[p]
    blocks = state.blocks
    last = blocks[-1] if blocks else None
    used = state.used
    action = state.action
    free = len(used) < k["actions_per_turn"]

    def ok(kind: str, block: str) -> bool:
        if last != block and block in blocks:
            return False
        return (action == kind and kind in (BUY, SEND)) or (free and kind not in used)

    out: list[Any] = [r.END_TURN]
    if ok(COINS, "coins") and (state.bank > 0 or state.options["bank"] == "unlimited"):
        out.append(r.TAKE_2)
    if (
        ok(CONTRACT, "contract")
        and coins >= k["contract_cost"]
        and len(state.hands[p]) < k["hand_limit"]
    ):  # at most 4 face up and the deck: offered at once
        for i, c in enumerate(state.contract_row):
            if c and not r.reserved_by_other(state, CONTRACTS, i):
                out.append(_move(TakeContract, c))
        if state.contract_deck:
            out.append(r.DRAW_BLIND)
    if ok(BUY, "buy"):  # at most 5 ships: offered at once
        ships = state.book.ships
        others = [x.space for x in state.reservations if x.row == PURCHASE and x.player != p]
        row = state.purchase
        for i, c in enumerate(row):
            if c and ships[c].cost <= coins and i not in others:
                out.append(_move(Buy, c, i + 1) if row.count(c) > 1 else _move(Buy, c))
    if (
        coins >= k["placement_fee"]
        and (state.fleet[p] or state.hands[p] or state.flagship_idle[p])
        and ok(SEND, "send")
        and _may_send(state, p)
    ):
        out.append(MENU_SEND)
    if state.action_cards[p].get(state.book.reservation) and (
        last == "reserve" or "reserve" not in blocks
    ):
        out.append(MENU_RESERVE)
    return out


# Menu entries offered now: sending and reservations (their lists can be long); contracts and
# purchases are few and offered straight away, but a Menu of them works too.
MENUS = ("contract", "buy", "send", "reserve")
MENU_SEND, MENU_RESERVE = Menu("send"), Menu("reserve")


def _open(state: State, kind: str | None, block: str) -> bool:
    """A kind of move already made this turn is offered again only straight after itself: a log
    lists a turn's moves under one key per kind. ``kind``: the action it belongs to."""
    blocks = state.blocks
    if block in blocks and blocks[-1] != block:
        return False
    return kind is None or r.can(state, kind)


def submoves(state: State, menu: str):
    """The moves of one menu entry, one by one (so that asking whether there is any is quick)."""
    p = state.player
    k = state.k
    coins = state.coins[p]
    if menu == "contract":
        if (
            _open(state, CONTRACT, "contract")
            and len(state.hands[p]) < k["hand_limit"]
            and coins >= k["contract_cost"]
        ):
            for i, c in enumerate(state.contract_row):
                if c and not r.reserved_by_other(state, CONTRACTS, i):
                    yield _move(TakeContract, c)
            if state.contract_deck:
                yield r.DRAW_BLIND
    elif menu == "buy":
        if _open(state, BUY, "buy"):
            ships = state.book.ships
            for i, c in enumerate(state.purchase):
                if c and ships[c].cost <= coins and not r.reserved_by_other(state, PURCHASE, i):
                    twice = state.purchase.count(c) > 1
                    yield _move(Buy, c, i + 1) if twice else _move(Buy, c)
    elif menu == "send":
        if _open(state, SEND, "send") and coins >= k["placement_fee"]:
            yield from _sends(state, p)
    elif (
        menu == "reserve"
        and _open(state, None, "reserve")
        and state.action_cards[p].get(state.book.reservation)
    ):
        taken = {(x.row, x.space) for x in state.reservations}
        spots = [
            (row_name, i, c)
            for row_name, row in (
                (PURCHASE, state.purchase),
                (FILLING, state.filling),
                (CONTRACTS, state.contract_row),
            )
            for i, c in enumerate(row)
            if c and (row_name, i) not in taken
        ]
        twice = {c for c, n in Counter(c for _, _, c in spots).items() if n > 1}
        for row_name, i, c in spots:
            if c in twice:
                yield _move(Reserve, c, row_name, i + 1)
            else:
                yield _move(Reserve, c)


def _rooms(state: State, p: str) -> dict[str | None, int]:
    """The most room on an expedition open to each colour (None: to every colour)."""
    key = ("rooms", p, state.sent)
    room = state.cache.get(key)
    if room is None:
        room = {None: -1}
        shared = state.options["expedition_colour"] == "shared"
        limits = state.book.expeditions
        for exp, used in state.load.items():
            left = limits[exp].limit - used
            wanted = state.exp_colour.get(exp if shared else (exp, p))
            if left > room.get(wanted, -1):
                room[wanted] = left
        room["best"] = max(room.values())
        state.cache[key] = room
    return room


def _may_send(state: State, p: str) -> bool:
    """Some ship fits an expedition, or some contract might be met (a quick test: if none can
    be after all, the menu entry offers the way back)."""
    room = _rooms(state, p)
    best = room["best"]
    wild = state.action_cards[p].get(state.book.wild, 0) > 0
    ships = state.book.ships
    for c in state.fleet[p]:
        info = ships[c]
        t = info.transport
        if room[None] >= t or room.get(info.colour, -1) >= t or (wild and best >= t):
            return True
    if state.flagship_idle[p] and best >= 1:
        return True
    if not state.hands[p]:
        return False
    total = sum(ships[c].transport * n for c, n in state.fleet[p].items())
    return total + max(state.k["flagship_transport"]) >= min(
        state.book.contracts[c].transport for c in state.hands[p]
    )


def _sends(state: State, p: str):
    k = state.k
    room = _rooms(state, p)
    best = room["best"]
    wild = state.action_cards[p].get(state.book.wild, 0) > 0
    ships = state.book.ships
    for c in state.fleet[p]:
        info = ships[c]
        t = info.transport
        if room[None] >= t or room.get(info.colour, -1) >= t or (wild and best >= t):
            yield _move(SendShip, c)
    flag = state.flagship[p]
    if flag and state.flagship_idle[p] and sail_targets(state, p, flag, first=True):
        yield _move(SendShip, flag)
    for c in state.hands[p]:
        if can_load(state, p, c, state.book.contracts[c].transport):
            for d in k["contract_durations"]:
                yield _move(PlayContract, c, d)


_MOVES: dict[tuple, Any] = {}


def _move(kind: type, *args: Any) -> Any:
    """One shared (immutable) move object per kind and arguments: much cheaper than new ones."""
    key = (kind, *args)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = kind(*args)
    return move


def sail_targets(state: State, p: str, card: str, *, first: bool = False) -> list[Sail]:
    """Where the ship may go (only whether it may go anywhere, with ``first``)."""
    book = state.book
    fee = r.placement_fee(state, card)
    if state.coins[p] < fee:
        return []
    wilds = state.action_cards[p].get(book.wild, 0)
    flagship = book.is_flagship(card)
    transports = state.k["flagship_transport"] if flagship else (book.ships[card].transport,)
    shared = state.options["expedition_colour"] == "shared"
    out: list[Sail] = []
    for exp, used in state.load.items():
        info = book.expeditions[exp]
        room = info.limit - used
        if room < transports[0]:
            continue
        wanted = state.exp_colour.get(exp if shared else (exp, p))
        if not flagship:
            own = book.ships[card].colour
            if wanted is None or wanted == own:
                out.append(_move(Sail, exp))
            elif wilds:
                out.append(_move(Sail, exp, None, None, True))
            if first and out:
                return out
            continue
        for t in transports:
            if t > room:
                break
            for colour, wild in flagship_colours(state, card, wanted, wilds):
                out.append(_move(Sail, exp, t, colour, wild))
        if first and out:
            return out
    return out


def flagship_colours(state: State, card: str, wanted: str | None, wilds: int):
    colours = state.book.flagships[card]
    if wanted is None:
        return [(c, False) for c in colours]
    if wanted in colours:
        return [(wanted, False)]
    if state.options["flagship_colours"] == "any":  # it joins as the colour wanted
        return [(None, False)]
    return [(c, True) for c in colours] if wilds else []


def ship_options(state: State, p: str, contract: str) -> list[tuple[str, int, str | None, bool]]:
    """(ship, transport, colour, wild) for every idle ship of the player on this contract."""
    book = state.book
    colour = book.contracts[contract].colour
    wilds = state.action_cards[p].get(book.wild, 0)
    out = []
    for c in state.fleet[p]:
        own = book.ships[c].colour
        if own == colour:
            out.append((c, book.ships[c].transport, None, False))
        elif wilds:
            out.append((c, book.ships[c].transport, None, True))
    flag = state.flagship[p]
    if flag and state.flagship_idle[p]:
        for col, wild in flagship_colours(state, flag, colour, wilds):
            for t in state.k["flagship_transport"]:
                out.append((flag, t, col if wild else None, wild))
    return out


def can_load(state: State, p: str, contract: str, need: int) -> bool:
    """Can the player's idle ships (and coins, and Wild Ship cards) make exactly ``need``?
    Remembered by all it depends on: a random game asks the same question again and again."""
    key = (
        p,
        state.book.contracts[contract].colour,
        need,
        state.coins[p],
        state.action_cards[p].get(state.book.wild, 0),
        state.flagship_idle[p],
        tuple(state.fleet[p].items()),
    )
    found = state.cache.get(key)
    if found is None:
        found = state.cache[key] = _load_plan(state, p, contract, need, 0, 0, None) is not None
    return found


def _load_plan(state, p, contract, need, wild_used, spent, skip) -> bool | None:
    """True if ``need`` transport can be made exactly (None if not). The common case, where
    neither coins nor Wild Ship cards can run short, is a subset sum on a bit mask; the others
    go through ``_plan``."""
    book = state.book
    k = state.k
    coins = state.coins[p] - spent
    wilds = state.action_cards[p].get(book.wild, 0) - wild_used
    colour = book.contracts[contract].colour
    flag = state.flagship[p] if state.flagship_idle[p] and state.flagship[p] != skip else None
    if coins < need * k["placement_fee"] + k["flagship_fee"]:
        return _plan(state, p, contract, need, wild_used, spent, skip)
    ships = book.ships
    reach = 1
    off = 0
    for c, n in state.fleet[p].items():
        info = ships[c]
        if info.colour != colour:
            if not wilds:
                continue
            off += n
        if c == skip:
            n -= 1
        for _ in range(n):
            reach |= reach << info.transport
    if off > wilds:
        return _plan(state, p, contract, need, wild_used, spent, skip)
    if flag is not None and flagship_colours(state, flag, colour, wilds):
        if wilds < off + 1 and colour not in book.flagships[flag]:
            return _plan(state, p, contract, need, wild_used, spent, skip)
        reach |= _shifted(reach, k["flagship_transport"])
    return True if reach >> need & 1 else None


def _shifted(reach: int, transports) -> int:
    out = 0
    for t in transports:
        out |= reach << t
    return out


def _plan(state, p, contract, need, wild_used, spent, skip) -> bool | None:
    book = state.book
    coins = state.coins[p] - spent
    wilds = state.action_cards[p].get(book.wild, 0) - wild_used
    colour = book.contracts[contract].colour
    fleet = dict(state.fleet[p])
    if skip is not None and skip in fleet:
        fleet[skip] -= 1
    # items: (transport, wild, fee) for each ship copy; the flagship as alternatives
    items = []
    for c, n in fleet.items():
        info = book.ships[c]
        w = info.colour != colour
        if w and wilds <= 0:
            continue
        items += [(info.transport, w, state.k["placement_fee"])] * n
    flag = state.flagship[p]
    flag_opts = []
    if flag and state.flagship_idle[p] and skip != flag:
        for _, w in flagship_colours(state, flag, colour, wilds):
            for t in state.k["flagship_transport"]:
                flag_opts.append((t, w, state.k["flagship_fee"]))
    if sum(t for t, _, _ in items) + max((t for t, _, _ in flag_opts), default=0) < need:
        return None
    if wilds <= 0 or not any(w for _, w, _ in items):  # fees alone can run short
        least = [0] + [1 << 30] * need
        for t, _, fee in items:
            for s_ in range(need, t - 1, -1):
                if least[s_ - t] + fee < least[s_]:
                    least[s_] = least[s_ - t] + fee
        if least[need] <= coins:
            return True
        for t, w, fee in flag_opts:
            if t <= need and (not w or wilds > 0) and least[need - t] + fee <= coins:
                return True
        return None
    # matching ships alone first (cheap); then with Wild Ship cards
    least = [0] + [1 << 30] * need
    for t, w, fee in items:
        if not w:
            for s_ in range(need, t - 1, -1):
                if least[s_ - t] + fee < least[s_]:
                    least[s_] = least[s_ - t] + fee
    if least[need] <= coins:
        return True
    # reachable (sum, wilds used) -> least fees
    best = {(0, 0): 0}
    for t, w, fee in items:
        for (s, u), f in list(best.items()):
            key = (s + t, u + w)
            if (
                key[0] <= need
                and key[1] <= wilds
                and f + fee <= coins
                and best.get(key, 1 << 30) > f + fee
            ):
                best[key] = f + fee
    if any(s == need for s, _ in best):
        return True
    for t, w, fee in flag_opts:
        for (s, u), f in best.items():
            if s + t == need and u + w <= wilds and f + fee <= coins:
                return True
    return None


def assign_moves(state: State, v) -> list[Assign]:
    p = state.player
    need = state.book.contracts[v.contract].transport - v.loaded
    out = []
    seen = set()
    for c, t, colour, wild in ship_options(state, p, v.contract):
        if t > need or (c, t, colour, wild) in seen:
            continue
        seen.add((c, t, colour, wild))
        fee = r.placement_fee(state, c)
        if fee > state.coins[p]:
            continue
        rest = need - t
        if rest and (_load_plan(state, p, v.contract, rest, 1 if wild else 0, fee, c) is None):
            continue
        flagship = state.book.is_flagship(c)
        out.append(Assign(c, t if flagship else None, colour, wild))
    return out


# -- Chance -------------------------------------------------------------------------------------
def outcomes(state: State, d: Decision | None) -> list[tuple[Any, int]]:
    if d is None or d.kind != "chance":
        return []
    kind = d.accepts[0]
    if kind is SetupShip:
        row = r.setup_step(state)[1]
        return [(SetupShip(c, row), n) for c, n in state.unseen.items()]
    if kind is RowContract:
        return [(RowContract(c), 1) for c in state.contract_deck]
    if kind is ContractDrawn:
        return [(ContractDrawn(c), 1) for c in state.contract_deck]
    if kind is DealContract:
        return [(DealContract(d.player, c), 1) for c in state.contract_deck]
    if kind is DealMission:
        return [(DealMission(d.player, c), 1) for c in state.mission_pool]
    if kind is DealFlagship:
        return [(DealFlagship(d.player, c), 1) for c in state.flagship_pool]
    # TurnOver: the first pile with cards; its ships are a random part of the unseen ships
    i = r.first_pile(state)
    scoring = state.scoring_in[i]
    ships = state.piles[i] - (1 if scoring else 0)
    unseen = sum(state.unseen.values())
    out = [(TurnOver(c), ships * n) for c, n in state.unseen.items() if ships]
    if scoring:
        out.append((TurnOver(scoring), max(unseen, 1)))
    return out


def sample_outcome(state: State, d: Decision, rng) -> Any:
    kind = d.accepts[0]
    if kind is TurnOver:
        i = r.first_pile(state)
        scoring = state.scoring_in[i]
        if scoring and rng.randrange(state.piles[i]) == 0:
            return TurnOver(scoring)
        return TurnOver(_weighted(state.unseen, rng))
    if kind is SetupShip:
        return SetupShip(_weighted(state.unseen, rng), r.setup_step(state)[1])
    if kind is RowContract:
        return RowContract(rng.choice(state.contract_deck))
    if kind is ContractDrawn:
        return ContractDrawn(rng.choice(state.contract_deck))
    if kind is DealContract:
        return DealContract(d.player, rng.choice(state.contract_deck))
    if kind is DealMission:
        return DealMission(d.player, rng.choice(state.mission_pool))
    return DealFlagship(d.player, rng.choice(state.flagship_pool))


def _weighted(pile: dict[str, int], rng) -> str:
    k = rng.randrange(sum(pile.values()))
    for c, n in pile.items():
        if k < n:
            return c
        k -= n
    raise AssertionError("empty pile")
