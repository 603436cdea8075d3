"""The phases of a turn: the era's cubes into the Action cubes section (Phase One), free
exchanges while acting (Phase Two), tidying up (Phase Three), and the end of the game."""

from __future__ import annotations

from portolan.checker.core import turn
from portolan.checker.core.game import Illegal, answers
from portolan.checker.games.ships import moves as m
from portolan.checker.games.ships.actions import common
from portolan.checker.games.ships.book import FREE_CUBE, GOLD, NAVIGATION, VP
from portolan.checker.games.ships.sections import FREE_EXCHANGE
from portolan.checker.games.ships.state import ACTIONS, OVER, START, State

# What each word an exchange gives becomes: an asset held until the next action uses it.
PENDING = {FREE_CUBE: "pend_free", GOLD: "pend_gold", NAVIGATION: "pend_nav"}


# -- Phase One: available actions --------------------------------------------------------------
@answers(m.StartTurn)
def apply_start_turn(state: State, move: m.StartTurn) -> list[str]:
    """The era's merchant cubes from stock and free action cubes from the pool; what cannot be
    taken is not made up; with no cube at all, one free action cube. Then kept cards pay."""
    book, seat = state.book, state.seat
    state.turn += 1
    state.phase = ACTIONS
    merchant, free = book.cubes_per_turn[state.era]
    cubes = min(merchant, seat.stock)
    f = min(free, state.pool[FREE_CUBE])
    if cubes + f == 0:
        f = min(book.constants["cubeless_turn_free_cubes"], state.pool[FREE_CUBE])
    seat.stock -= cubes
    seat.section += cubes
    state.pool[FREE_CUBE] -= f
    seat.section_free += f
    events = [f"takes {cubes} merchant cube(s) and {f} free action cube(s) to act with"]
    for card in seat.kept:
        income = book.cards[card].each_turn
        if income:
            events.append(f"{card}: takes " + ", ".join(common.gain(state, state.current, income)))
    return events


# -- Free exchanges ----------------------------------------------------------------------------
def check_exchange(state: State, move: m.Exchange) -> Illegal | None:
    book, seat = state.book, state.seat
    gives = book.exchanges.get(move.good)
    if gives is None:
        return Illegal(
            FREE_EXCHANGE,
            f"{move.good} cannot be exchanged: only {', '.join(book.exchanges)} can",
        )
    if seat.goods.get(move.good, 0) < 1:
        return Illegal(FREE_EXCHANGE, f"{seat.name} has no {move.good} to exchange")
    top = turn.top(state)
    in_card = isinstance(top, common.CardAction)
    for word, n in gives.items():
        if word == VP:
            continue
        if in_card and (word != NAVIGATION or top.step.action not in common.SHIP_ACTIONS):
            return Illegal(
                FREE_EXCHANGE,
                f"what {move.good} gives ({word}) must be used at once: "
                "the card's action cannot use it",
            )
        if state.pool[word] < n:
            return Illegal(FREE_EXCHANGE, f"the pool has no {word} left to exchange for")
        if word == FREE_CUBE and state.pend_free:
            return Illegal(
                FREE_EXCHANGE,
                "a free action cube from Oil is already waiting: one cube pays for one action",
            )
    return None


@answers(m.Exchange, check_exchange)
def apply_exchange(state: State, move: m.Exchange) -> list[str]:
    common.good_to_pool(state, move.good)
    got = []
    for word, n in state.book.exchanges[move.good].items():
        if word == VP:
            common.score(state, state.current, n)
        else:
            state.pool[word] -= n
            setattr(state, PENDING[word], getattr(state, PENDING[word]) + n)
        got.append(f"{n} {word}")
    return [f"exchanges {move.good} for {' + '.join(got)}"]


# -- Phase Three: tidy up, and the end of the game ---------------------------------------------
@answers(m.EndTurn, common.check_exchange_used)
def apply_end_turn(state: State, move: m.EndTurn) -> list[str]:
    """Free action cubes in the action boxes go back to the pool; unused ones in the Action
    cubes section into stock, with unused merchant cubes. After the last seat's turn, the game
    ends if enough ships stand in the last age."""
    seat = state.seat
    state.pool[FREE_CUBE] += state.free_used
    state.free_used = 0
    seat.free += seat.section_free
    seat.stock += seat.section
    seat.section = seat.section_free = 0
    state.took_card = False
    book = state.book
    threshold = book.constants["end_ships_in_last_age"]
    ships = state.ships_in_age(book.last_age)
    if ships >= threshold:
        state.end_reached = True
    if state.current == len(state.players) - 1:
        ends = ships >= threshold
        if state.options["end_trigger"] == "once_reached":
            ends = state.end_reached
        if ends:
            state.phase = OVER
            rounds = state.turn // len(state.players)
            state.end_reason = (
                f"{ships} ships in age {book.last_age}, every player has had {rounds} turns"
            )
            return [f"the game ends: {state.end_reason}"]
    state.current = (state.current + 1) % len(state.players)
    state.phase = START
    return []
