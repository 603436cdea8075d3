"""Send ships (§4.4): a ship sent on an expedition (§4.4.1), or a trade contract played with
the ships that meet its transport exactly (§4.4.2); a Wild Ship card lets a ship of another
colour join (§6.2). A flagship carries 1 to 3 transport, chosen each time, and sails under one
of its two colours (§2.1)."""

from __future__ import annotations

from portolan.checker.core import turn
from portolan.checker.core.game import Illegal, answers
from portolan.checker.core.piles import put, take
from portolan.checker.games.age_of_discovery import moves as m
from portolan.checker.games.age_of_discovery import sections as sec
from portolan.checker.games.age_of_discovery.actions import common
from portolan.checker.games.age_of_discovery.actions.tasks import Loading, Sailing
from portolan.checker.games.age_of_discovery.setup import flagship_problem
from portolan.checker.games.age_of_discovery.state import SEND, Placed, State, Voyage


def exp_key(state: State, expedition: str, player: str):
    return expedition if state.options["expedition_colour"] == "shared" else (expedition, player)


def owns_ship(state: State, player: str, card: str) -> Illegal | None:
    book = state.book
    if book.is_flagship(card):
        problem = flagship_problem(state, player, card)
        if problem:
            return problem
        if not state.flagship_idle[player]:
            return Illegal(
                sec.SEND_SHIPS, f"{card} is already out at sea ({_flagship_at(state, card)})"
            )
        return None
    if card in book.scoring:
        return Illegal(sec.FIRST_SCORING, f"{card} is a scoring card, not a ship")
    if not state.fleet[player].get(card):
        return Illegal(
            sec.SEND_SHIPS,
            f"{player} has no {card} to send ({card}: {state.where_is_ship(card)})",
        )
    return None


def _flagship_at(state: State, card: str) -> str:
    for exp, placed in state.expeditions.items():
        if any(s.ship == card for s in placed):
            return f"on {exp}'s expedition"
    return "on a trade voyage"


def check_send_ship(state: State, move: m.SendShip) -> Illegal | None:
    return common.gate(state, SEND) or owns_ship(state, state.player, move.card)


@answers(m.SendShip, check_send_ship)
def send_ship(state: State, move: m.SendShip) -> list[str]:
    p = state.player
    common.in_block(state, "send")
    common.begin(state, SEND)
    events = reveal_flagship(state, p, move.card)
    turn.push(state, Sailing(move.card))
    return events


def reveal_flagship(state: State, player: str, card: str) -> list[str]:
    if state.book.is_flagship(card) and state.flagship[player] is None:
        state.flagship_pool.remove(card)
        state.flagship[player] = card
        return [f"{player} reveals the flagship {card}"]
    return []


# -- Expeditions (§4.4.1) ---------------------------------------------------------------------
def ship_transport(state: State, card: str, given: int | None, section: str):
    """(transport, problem): a flagship's is chosen (1-3), a ship's is printed on it."""
    if state.book.is_flagship(card):
        allowed = state.k["flagship_transport"]
        if given not in allowed:
            said = "no transport" if given is None else f"transport {given}"
            return None, Illegal(
                section,
                f"a flagship is sent with transport {common.one_of(allowed)}, chosen each time "
                f"({card} has {said}: write transport:)",
            )
        return given, None
    t = state.book.ships[card].transport
    if given is not None and given != t:
        return None, Illegal(section, f"{card} has a transport value of {t}, not {given}")
    return t, None


def sailing_colour(
    state: State, card: str, wanted: str | None, printed: str, given: str | None, section: str
):
    """(colour, needs_wild, problem) for a ship joining a group whose colour is ``wanted``
    (None: the ship sets it) on a card of colour ``printed``."""
    book = state.book
    if not book.is_flagship(card):
        own = book.ships[card].colour
        if given is not None and given != own:
            return None, False, Illegal(section, f"{card} is {own}, not {given}")
        return own, wanted is not None and own != wanted, None
    colours = book.flagships[card]
    if given is not None and given not in colours:
        return (
            None,
            False,
            Illegal(sec.SHIP_CARDS, f"{card} shows {colours[0]} and {colours[1]}, not {given}"),
        )
    if wanted is None:  # the flagship sets the colour: one of its own two
        colour = given or (printed if printed in colours else None)
        if colour is None:
            return (
                None,
                False,
                Illegal(
                    section,
                    f"{card} shows {colours[0]} and {colours[1]}: say which colour it sails under "
                    "(colour:)",
                ),
            )
        return colour, False, None
    if state.options["flagship_colours"] == "any":  # it joins and sails under their colour
        if given is not None and given != wanted:
            problem = f"{card} joins {wanted} ships here and sails under {wanted}, not {given}"
            return None, False, Illegal(section, problem)
        return wanted, False, None
    if wanted in colours and given in (None, wanted):
        return wanted, False, None
    # with a Wild Ship card it sails under one of its own two: the one written, else the card's
    # if it shows it (as when it is the first ship), else the first
    return given or (printed if printed in colours else colours[0]), True, None


def check_sail(state: State, move: m.Sail) -> Illegal | None:
    p = state.player
    card = turn.top(state).card
    info = state.book.expeditions[move.expedition]
    wanted = state.exp_colour.get(exp_key(state, move.expedition, p))
    group = f"{move.expedition}'s expedition"
    t, problem = joining(state, card, move, wanted, info.colour, group, sec.EXPEDITIONS)
    if problem:
        return problem
    used = state.load[move.expedition]
    if used + t > info.limit:
        return Illegal(
            sec.EXPEDITIONS,
            f"{move.expedition}'s expedition has a transport limit of {info.limit} and carries "
            f"{used} already: {card} (transport {t}) would exceed it",
        )
    return common.fee_problem(state, card, sec.EXPEDITIONS)


def joining(state, card, move, wanted, printed, group, section) -> tuple[int, Illegal | None]:
    """(transport, problem) of ``card`` joining ``group`` of ``wanted`` ships (None: the ship
    sets the colour) as ``move`` writes it: its transport, the colour it sails under, and the
    Wild Ship card that lets a ship of another colour join."""
    t, problem = ship_transport(state, card, move.transport, section)
    if problem:
        return t, problem
    colour, needs_wild, problem = sailing_colour(state, card, wanted, printed, move.colour, section)
    if problem:
        return t, problem
    return t, wild_problem(state, card, needs_wild, move.wild, group, wanted, section, colour)


def wild_problem(state, card, needs_wild, wild, group, wanted, section, colour) -> Illegal | None:
    p = state.player
    wild_name = state.book.wild
    if needs_wild and not wild:
        whose = ""
        if state.options["expedition_colour"] == "per_player" and section == sec.EXPEDITIONS:
            whose = f" for {p}"
        looks = f"is {colour}"
        if state.book.is_flagship(card):  # two colours on the card: name both
            first, second = state.book.flagships[card]
            looks = f"shows {first} and {second}"
        return Illegal(
            section,
            f"{group} takes only {wanted} ships{whose}: {card} {looks} "
            f"(only a {wild_name} card lets it join: wild:)",
        )
    if wild and not needs_wild:
        return Illegal(
            sec.ACTION_CARDS,
            f"{card} may join {group} as it is: a {wild_name} card is played only for a ship "
            "that does not match",
        )
    if wild and not state.action_cards[p].get(wild_name):
        return Illegal(sec.ACTION_CARDS, f"{p} has no {wild_name} card left")
    return None


def send_out(state: State, card: str, wild: bool) -> int:
    """The ship leaves the player's fleet (a flagship goes out to sea), its placement fee paid
    and a Wild Ship card played for it if ``wild``: the fee."""
    p = state.player
    fee = common.placement_fee(state, card)
    common.pay_in(state, p, fee)
    if state.book.is_flagship(card):
        state.flagship_idle[p] = False
    else:
        take(state.fleet[p], card)
    if wild:
        take(state.action_cards[p], state.book.wild)
        put(state.boxed, state.book.wild)
    return fee


@answers(m.Sail, check_sail)
def sail(state: State, move: m.Sail) -> list[str]:
    p = state.player
    card = turn.top(state).card
    info = state.book.expeditions[move.expedition]
    t, _ = ship_transport(state, card, move.transport, sec.EXPEDITIONS)
    key = exp_key(state, move.expedition, p)
    wanted = state.exp_colour.get(key)
    colour, _, _ = sailing_colour(state, card, wanted, info.colour, move.colour, sec.EXPEDITIONS)
    fee = send_out(state, card, move.wild)
    state.expeditions[move.expedition].append(Placed(p, card, colour, t, move.wild))
    state.load[move.expedition] += t
    state.sent += 1
    events = []
    if wanted is None:
        state.exp_colour[key] = colour
        events.append(f"{move.expedition}'s expedition will take {colour} ships")
    turn.pop(state)
    how = f" with a {state.book.wild} card" if move.wild else ""
    flag = f" as {colour}, transport {t}," if state.book.is_flagship(card) else ""
    used = state.load[move.expedition]
    return [
        f"sends {card}{flag} to {move.expedition}'s expedition{how} "
        f"for {common.counted(fee, 'coin')} ({used}/{info.limit})",
        *events,
    ]


# -- Trade contracts (§4.4.2) -------------------------------------------------------------------
def check_play_contract(state: State, move: m.PlayContract) -> Illegal | None:
    problem = common.gate(state, SEND)
    if problem:
        return problem
    p = state.player
    if move.card not in state.hands[p] and move.card not in state.secret_hand(p):
        return Illegal(
            sec.TRADE_CONTRACTS,
            f"{move.card} is not in {p}'s hand ({state.where_is_contract(move.card)})",
        )
    allowed = state.k["contract_durations"]
    if move.duration not in allowed:
        return Illegal(
            sec.TRADE_CONTRACTS,
            f"a voyage lasts {common.one_of(allowed)} turns, not {move.duration}",
        )
    return None


@answers(m.PlayContract, check_play_contract)
def play_contract(state: State, move: m.PlayContract) -> list[str]:
    p = state.player
    common.in_block(state, "send")
    common.begin(state, SEND)
    events = []
    if move.card in state.hands[p]:
        state.hands[p].remove(move.card)
    else:  # a contract kept secret: named now
        state.contract_deck.remove(move.card)
        state.secret_contracts[p] -= 1
        events.append(f"{p} reveals the contract kept secret: {move.card}")
    v = Voyage(p, move.card, move.duration)
    state.voyages.append(v)
    turn.push(state, Loading(v))
    info = state.book.contracts[move.card]
    return [
        *events,
        f"plays {move.card} for {move.duration} turn(s) "
        f"({info.payouts[move.duration - 1]} coins): {info.transport} transport of "
        f"{info.colour} ships",
    ]


def check_assign(state: State, move: m.Assign) -> Illegal | None:
    p = state.player
    v: Voyage = turn.top(state).voyage
    info = state.book.contracts[v.contract]
    problem = owns_ship(state, p, move.card)
    if problem:
        return problem
    if any(s == move.card for s, _ in v.ships) and state.book.is_flagship(move.card):
        return Illegal(sec.TRADE_CONTRACTS, f"{move.card} is already on this voyage")
    t, problem = joining(
        state, move.card, move, info.colour, info.colour, v.contract, sec.TRADE_CONTRACTS
    )
    if problem:
        return problem
    if v.loaded + t > info.transport:
        return Illegal(
            sec.TRADE_CONTRACTS,
            f"{v.contract} needs exactly {info.transport} transport: {v.loaded} is assigned, "
            f"so {move.card} (transport {t}) would be too much",
        )
    return common.fee_problem(state, move.card, sec.TRADE_CONTRACTS)


@answers(m.Assign, check_assign)
def assign(state: State, move: m.Assign) -> list[str]:
    p = state.player
    v: Voyage = turn.top(state).voyage
    info = state.book.contracts[v.contract]
    events = reveal_flagship(state, p, move.card)
    t, _ = ship_transport(state, move.card, move.transport, sec.TRADE_CONTRACTS)
    fee = send_out(state, move.card, move.wild)
    v.ships.append((move.card, t))
    how = f" with a {state.book.wild} card" if move.wild else ""
    events.append(
        f"assigns {move.card} (transport {t}){how} to {v.contract} "
        f"for {common.counted(fee, 'coin')} ({v.loaded}/{info.transport})"
    )
    if v.loaded == info.transport:
        v.left = v.duration
        turn.pop(state)
        events.append(f"{v.contract} sails: {common.counted(v.duration, 'turn')} on the turn track")
    return events
