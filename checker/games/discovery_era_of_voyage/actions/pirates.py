"""2 Player Variant: the pirates placed in the first round, turned for a coin or a resource at
any point of a turn, and moved by a ship that stops where one is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portolan.checker.core import turn
from portolan.checker.core.game import Illegal, answers
from portolan.checker.core.turn import Task
from portolan.checker.games.discovery_era_of_voyage import moves as m
from portolan.checker.games.discovery_era_of_voyage.actions.sailing import not_in_circle
from portolan.checker.games.discovery_era_of_voyage.actions.supply import pay
from portolan.checker.games.discovery_era_of_voyage.book import BOW_NAMES, COIN, counted
from portolan.checker.games.discovery_era_of_voyage.sections import TWO_PLAYER
from portolan.checker.games.discovery_era_of_voyage.state import CENTRE, INCOME, SAILING, State


def pirates_due(state: State) -> bool:
    """The 2nd player places the pirates in the first round, after the starting player."""
    return state.round == 1 and state.current == 1


def check_place_pirate(state: State, move: m.PlacePirate) -> Illegal | None:
    if move.island == state.book.central:
        return Illegal(TWO_PLAYER, "pirates go on surrounding islands, never the Central Island")
    if move.island not in state.slot_of:
        return Illegal(TWO_PLAYER, not_in_circle(state, move.island))
    slot = state.slot_of[move.island]
    if state.occupied(slot):
        who = state.ships_at(slot) or ["a pirate"]
        return Illegal(
            TWO_PLAYER,
            f"{move.island} is not vacant ({', '.join(who)} is there): pirates go on "
            "different vacant islands",
        )
    return None


@answers(m.PlacePirate, check_place_pirate)
def place_pirate(state: State, move: m.PlacePirate) -> list[str]:
    k = state.pirates_placed
    state.pirates[k] = [state.slot_of[move.island], move.bow]
    state.pirates_placed += 1
    if state.pirates_placed == len(state.pirates):
        state.phase = SAILING
    return [f"places a pirate on {move.island}, bow {BOW_NAMES[move.bow]}"]


def check_turn_pirate(state: State, move: m.TurnPirate) -> Illegal | None:
    if move.island is None:
        if not pirate_turns(state):
            return Illegal(TWO_PLAYER, f"{state.player} cannot turn a pirate now")
        return None
    slot = state.slot_of.get(move.island, CENTRE)
    k = state.pirate_at(slot)
    if k is None:
        where = [state.ring[s] for s, _ in state.pirates if s != CENTRE]
        return Illegal(
            TWO_PLAYER,
            f"there is no pirate on {move.island} (pirates: {', '.join(where) or 'none yet'})",
        )
    both = state.options["turn_pirates"] == "both"
    if state.turned and (both or k in state.turned):
        what = "the pirates have" if both else f"the pirate on {move.island} has"
        return Illegal(TWO_PLAYER, f"{what} already been turned this turn")
    if move.payment is None:
        if not pirate_payments(state):
            return Illegal(
                TWO_PLAYER,
                f"{state.player} has no coin and no resource to pay for turning a pirate",
            )
        return None
    return check_pay_pirate(state, m.PayPirate(move.payment))


def turnable(state: State) -> list[int]:
    """The pirates the active player may still turn this turn."""
    if state.options["turn_pirates"] == "both" and state.turned:
        return []
    return [
        k for k, (slot, _) in enumerate(state.pirates) if slot != CENTRE and k not in state.turned
    ]


def pirate_turns(state: State) -> list:
    """'Turn a pirate' (which one and the payment are chosen next), when one may be turned. A
    second pirate is offered only where the first was turned: a log writes a turn's pirates
    under one key (``turn_pirate``), in one place of the turn."""
    # The cheap tests first (asked at every sailing and investing; none has side effects).
    if not state.pirates_placed or (state.turned and state.turned_in != state.phase):
        return []
    if not turnable(state) or not can_pay_pirate(state):
        return []
    return [m.TURN_A_PIRATE]


def can_pay_pirate(state: State) -> bool:
    """Whether ``pirate_payments`` would offer anything (without listing it)."""
    p = state.player
    cost = state.book.constants["pirate_turn_cost"]
    if state.coins[p] >= cost:
        return True
    held = state.res[p]
    return any(held[r] >= cost for r in state.book.resources)


def pirate_payments(state: State) -> list[str]:
    """What the active player can pay to turn a pirate: a coin or a resource."""
    p = state.player
    cost = state.book.constants["pirate_turn_cost"]
    out = [COIN] if state.coins[p] >= cost else []
    return out + [r for r in state.book.resources if state.res[p][r] >= cost]


def check_pay_pirate(state: State, move: m.PayPirate) -> Illegal | None:
    p = state.player
    cost = state.book.constants["pirate_turn_cost"]
    have = state.coins[p] if move.payment == COIN else state.res[p][move.payment]
    if have < cost:
        return Illegal(
            TWO_PLAYER,
            f"{p} has {counted(have, move.payment)}: turning a pirate costs "
            f"{counted(cost, 'coin')} or {cost} resource",
        )
    return None


@dataclass(frozen=True, slots=True)
class PickingPirate(Task):
    """'Turn a pirate' said: which pirate (its payment comes next)."""

    asks = (None, "choice", (m.TurnPirate,))  # in whichever phase the pirate is turned

    def prompt(self, state: State) -> str:
        return "the pirate to turn"

    def missing(self, state: State) -> Illegal:
        return Illegal(TWO_PLAYER, "name the pirate to turn (turn_pirate: ...)")

    def choices(self, state: State) -> list[Any]:
        return [m.TurnPirate(state.ring[state.pirates[k][0]]) for k in turnable(state)]


@dataclass(frozen=True, slots=True)
class PayingPirate(Task):
    """What pays for turning pirate ``pirate``: a coin or a resource."""

    pirate: int
    asks = (None, "choice", (m.PayPirate,))

    def prompt(self, state: State) -> str:
        return "what pays for turning the pirate"

    def missing(self, state: State) -> Illegal:
        return Illegal(
            TWO_PLAYER, "name what pays for turning the pirate (turn_pirate: {Island: Coin})"
        )

    def choices(self, state: State) -> list[Any]:
        return [m.PayPirate(pay) for pay in pirate_payments(state)]


@answers(m.TurnPirate, check_turn_pirate)
def turn_pirate(state: State, move: m.TurnPirate) -> list[str]:
    if isinstance(turn.top(state), PickingPirate):  # the pirate named now
        turn.pop(state)
    if move.island is None:  # which pirate comes next, then the payment
        turn.push(state, PickingPirate())
        return []
    turn.push(state, PayingPirate(state.pirate_at(state.slot_of[move.island])))
    if move.payment is None:  # the payment comes next
        return []
    return pay_pirate(state, m.PayPirate(move.payment))


@answers(m.PayPirate, check_pay_pirate)
def pay_pirate(state: State, move: m.PayPirate) -> list[str]:
    p = state.player
    cost = state.book.constants["pirate_turn_cost"]
    pay(state, p, ((move.payment, cost),))
    turned = [turn.pop(state).pirate]
    if state.options["turn_pirates"] == "both":
        turned = [k for k, (s, _) in enumerate(state.pirates) if s != CENTRE]
    state.turned_in = state.phase
    for k in turned:
        state.pirates[k][1] = -state.pirates[k][1]
        state.turned.add(k)
    shown = " and ".join(
        f"the pirate on {state.ring[state.pirates[k][0]]} ({BOW_NAMES[state.pirates[k][1]]})"
        for k in turned
    )
    return [f"pays {counted(cost, move.payment)} to turn {shown}"]


def pirate_landing(state: State, k: int, steps: int) -> int:
    """Where pirate ``k`` stops after ``steps``, skipping islands occupied by another ship."""
    slot, bow = state.pirates[k]
    n = state.book.slots
    others = {state.at[p] for p in state.order} | {
        s for j, (s, _) in enumerate(state.pirates) if j != k
    }
    if state.options["pirate_skip"] == "all_steps":
        slot = (slot + bow * steps) % n
        while slot in others:
            slot = (slot + bow) % n
        return slot
    moved = 0
    while moved < steps:
        slot = (slot + bow) % n
        if slot not in others:
            moved += 1
    return slot


def check_move_pirate(state: State, move: m.MovePirate) -> Illegal | None:
    allowed = state.book.constants["pirate_steps"]
    if move.steps not in allowed:
        return Illegal(
            TWO_PLAYER,
            f"a pirate moves {' or '.join(map(str, allowed))} steps, not {move.steps}",
        )
    return None


@answers(m.MovePirate, check_move_pirate)
def move_pirate(state: State, move: m.MovePirate) -> list[str]:
    p = state.player
    k = state.pirate_at(state.at[p])
    cost = state.book.constants["pirate_move_cost"]
    pay(state, p, ((COIN, cost),))
    start = state.ring[state.pirates[k][0]]
    state.pirates[k][0] = pirate_landing(state, k, move.steps)
    state.phase = INCOME
    return [
        f"pays {counted(cost, 'coin')} to move the pirate on {start} {counted(move.steps, 'step')} "
        f"{BOW_NAMES[state.pirates[k][1]]}: it stops on {state.ring[state.pirates[k][0]]}"
    ]
