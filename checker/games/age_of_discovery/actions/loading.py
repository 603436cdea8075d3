"""Where the player's ships can go (§4.4), for the moves play and simulate offer: the room on
the expeditions, the expeditions a ship may join, and whether idle ships (with the coins and
Wild Ship cards to hand) can meet a trade contract's transport exactly (§4.4.2).

Only moves that can be finished are offered: a ship only if some expedition can take it, a
contract only if the player's ships can meet it exactly. These run at nearly every step of a
random game, so the answers are remembered (``state.cache``) by everything they depend on.
"""

from __future__ import annotations

from portolan.checker.games.age_of_discovery import moves as m
from portolan.checker.games.age_of_discovery.actions.common import placement_fee
from portolan.checker.games.age_of_discovery.state import State, Voyage


# -- Expeditions (§4.4.1) ---------------------------------------------------------------------
def rooms(state: State, p: str) -> dict[str | None, int]:
    """The most room on an expedition open to each colour (None: to every colour)."""
    key = ("rooms", p, state.sent)
    room = state.cache.get(key)
    if room is None:
        room = {None: -1}
        in_common = state.options["expedition_colour"] == "shared"
        limits = state.book.expeditions
        for exp, used in state.load.items():
            left = limits[exp].limit - used
            wanted = state.exp_colour.get(exp if in_common else (exp, p))
            if left > room.get(wanted, -1):
                room[wanted] = left
        room["best"] = max(room.values())
        state.cache[key] = room
    return room


def may_send(state: State, p: str) -> bool:
    """Some ship fits an expedition, or some contract might be met: a quick test, true
    whenever ``sends`` has a move (it may have none all the same)."""
    room = rooms(state, p)
    if next(_ships_that_fit(state, p, room), None) is not None:
        return True
    if state.flagship_idle[p] and room["best"] >= 1:
        return True
    hand = playable(state, p)
    if not hand:
        return False
    ships = state.book.ships
    total = sum(ships[c].transport * n for c, n in state.fleet[p].items())
    return total + max(state.k["flagship_transport"]) >= min(
        state.book.contracts[c].transport for c in hand
    )


def _ships_that_fit(state: State, p: str, room: dict):
    """The standard ships of the player's fleet that fit the room an expedition has for their
    colour (``rooms``), or, with a Wild Ship card, the largest room."""
    best = room["best"]
    wild = state.action_cards[p].get(state.book.wild, 0) > 0
    ships = state.book.ships
    for c in state.fleet[p]:
        info = ships[c]
        t = info.transport
        if room[None] >= t or room.get(info.colour, -1) >= t or (wild and best >= t):
            yield c


def playable(state: State, p: str) -> list[str]:
    """The contracts the player may play: those named in the hand, and any a contract kept
    secret may be."""
    secret = state.secret_hand(p)
    return [*state.hands[p], *secret] if secret else state.hands[p]


def sends(state: State, p: str):
    """The ships the player may send and the contracts it may play, one by one (so that asking
    whether there is any is quick)."""
    k = state.k
    room = rooms(state, p)
    for c in _ships_that_fit(state, p, room):
        yield m.shared(m.SendShip, c)
    for flag in state.flagships_of(p):  # a flagship kept secret is named when first sent
        if sail_targets(state, p, flag, first=True):
            yield m.shared(m.SendShip, flag)
    for c in playable(state, p):
        if can_load(state, p, c, state.book.contracts[c].transport):
            for d in k["contract_durations"]:
                yield m.shared(m.PlayContract, c, d)


def sail_targets(state: State, p: str, card: str, *, first: bool = False) -> list[m.Sail]:
    """Where the ship may go (only whether it may go anywhere, with ``first``)."""
    book = state.book
    fee = placement_fee(state, card)
    if state.coins[p] < fee:
        return []
    wilds = state.action_cards[p].get(book.wild, 0)
    flagship = book.is_flagship(card)
    transports = state.k["flagship_transport"] if flagship else (book.ships[card].transport,)
    in_common = state.options["expedition_colour"] == "shared"
    out: list[m.Sail] = []
    for exp, used in state.load.items():
        info = book.expeditions[exp]
        room = info.limit - used
        if room < transports[0]:
            continue
        wanted = state.exp_colour.get(exp if in_common else (exp, p))
        if not flagship:
            own = book.ships[card].colour
            if wanted is None or wanted == own:
                out.append(m.shared(m.Sail, exp))
            elif wilds:
                out.append(m.shared(m.Sail, exp, None, None, True))
            if first and out:
                return out
            continue
        for t in transports:
            if t > room:
                break
            for colour, wild in flagship_colours(state, card, wanted, wilds):
                out.append(m.shared(m.Sail, exp, t, colour, wild))
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


# -- Trade contracts (§4.4.2) -------------------------------------------------------------------
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
    for flag in state.flagships_of(p):
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
        state.flagship[p] or tuple(state.flagship_pool),
        tuple(state.fleet[p].items()),
    )
    found = state.cache.get(key)
    if found is None:
        found = state.cache[key] = load_plan(state, p, contract, need, 0, 0, None) is not None
    return found


def load_plan(state, p, contract, need, wild_used, spent, skip) -> bool | None:
    """True if ``need`` transport can be made exactly (None if not), with the player's
    flagship if it is idle (``skip``: a ship already assigned). A flagship kept secret may be
    any of those not known to be someone else's: the player knows which, so one is enough."""
    flags = [] if skip is not None and state.book.is_flagship(skip) else state.flagships_of(p)
    for flag in flags or [None]:
        if _plan(state, p, contract, need, wild_used, spent, skip, flag):
            return True
    return None


def _plan(state, p, contract, need, wild_used, spent, skip, flag) -> bool | None:
    """``load_plan`` with this flagship (None: none). The common case, where neither coins
    nor Wild Ship cards can run short, is a subset sum on a bit mask; the others go through
    ``full_plan``."""
    book = state.book
    k = state.k
    coins = state.coins[p] - spent
    wilds = state.action_cards[p].get(book.wild, 0) - wild_used
    colour = book.contracts[contract].colour
    if coins < need * k["placement_fee"] + k["flagship_fee"]:
        return full_plan(state, p, contract, need, wild_used, spent, skip, flag)
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
        return full_plan(state, p, contract, need, wild_used, spent, skip, flag)
    if flag is not None and flagship_colours(state, flag, colour, wilds):
        if wilds < off + 1 and colour not in book.flagships[flag]:
            return full_plan(state, p, contract, need, wild_used, spent, skip, flag)
        reach |= _shifted(reach, k["flagship_transport"])
    return True if reach >> need & 1 else None


def _shifted(reach: int, transports) -> int:
    out = 0
    for t in transports:
        out |= reach << t
    return out


def full_plan(state, p, contract, need, wild_used, spent, skip, flag) -> bool | None:
    """The same question as ``_plan``, by a full search: placement fees and Wild Ship cards
    counted one by one."""
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
    flag_opts = []
    if flag is not None:
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


def assign_moves(state: State, v: Voyage) -> list[m.Assign]:
    p = state.player
    need = state.book.contracts[v.contract].transport - v.loaded
    out = []
    seen = set()
    for c, t, colour, wild in ship_options(state, p, v.contract):
        if t > need or (c, t, colour, wild) in seen:
            continue
        seen.add((c, t, colour, wild))
        fee = placement_fee(state, c)
        if fee > state.coins[p]:
            continue
        rest = need - t
        if rest and (load_plan(state, p, v.contract, rest, 1 if wild else 0, fee, c) is None):
            continue
        flagship = state.book.is_flagship(c)
        out.append(m.Assign(c, t if flagship else None, colour, wild))
    return out
