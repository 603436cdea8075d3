"""Sailing: out of the Central Island to any island (then the bow), along the bow for the
cost of the steps, or back to the Central Island; a tariff to every ship where one stops."""

from __future__ import annotations

import functools

from portolan.checker.core.game import Illegal, answers
from portolan.checker.games.discovery_era_of_voyage import moves as m
from portolan.checker.games.discovery_era_of_voyage import state as st
from portolan.checker.games.discovery_era_of_voyage.actions.supply import pay
from portolan.checker.games.discovery_era_of_voyage.book import BOW_NAMES, COIN, counted
from portolan.checker.games.discovery_era_of_voyage.sections import SAILING_ACTION, TWO_PLAYER
from portolan.checker.games.discovery_era_of_voyage.state import State


def not_in_circle(state: State, name: str) -> str:
    return f"{name} is not one of this game's islands ({', '.join(state.ring)})"


def resolve_sail(state: State, move: m.Sail) -> tuple[int, int] | Illegal:
    """(destination slot, steps) of a sail, or why it cannot be sailed."""
    p, book = state.player, state.book
    here = state.at[p]
    if move.to is not None and move.to != book.central and move.to not in state.slot_of:
        return Illegal(SAILING_ACTION, not_in_circle(state, move.to))
    if here == st.CENTRE:
        if move.to is None:
            return Illegal(
                SAILING_ACTION,
                f"{p}'s ship is on the Central Island: it sails to any island, so name it "
                "(sail: {to: Island, bow: clockwise})",
            )
        if move.to == book.central:
            return Illegal(
                SAILING_ACTION, f"{p}'s ship is already on the Central Island: it must sail out"
            )
        return state.slot_of[move.to], 0
    bow = state.bow[p]
    n = book.slots
    limit = book.max_steps()
    if move.to is not None:
        target = state.slot_of[move.to]
        if target == here:
            return Illegal(SAILING_ACTION, f"{p}'s ship is already on {move.to}: sail on or return")
        steps = (target - here) * bow % n
        if move.steps is not None and move.steps != steps:
            return Illegal(
                SAILING_ACTION,
                f"{move.to} is {counted(steps, 'step')} {BOW_NAMES[bow]} from "
                f"{state.ring[here]}, not {move.steps}",
            )
    else:
        steps = move.steps
        if steps < 1 or steps > limit:
            return Illegal(
                SAILING_ACTION,
                f"a ship sails 1 to {limit} steps along its bow, not {steps}",
            )
        target = (here + bow * steps) % n
    if book.sail_cost(steps) is None:
        return Illegal(
            SAILING_ACTION,
            f"{state.ring[target]} is {steps} steps {BOW_NAMES[bow]} from {state.ring[here]}: "
            f"a ship sails at most {limit} steps along its bow",
        )
    return target, steps


def sail_costs(state: State, target: int, steps: int) -> tuple[int, list[str], int]:
    """(sailing cost, players owed the tariff, pirate cost) of stopping at ``target``."""
    k = state.book.constants
    cost = state.book.sail_cost(steps) if steps else 0
    owed = state.ships_at(target, but=state.player)
    pirate = k["pirate_move_cost"] if state.pirate_at(target) is not None else 0
    return cost, owed, pirate


def check_sail(state: State, move: m.Sail) -> Illegal | None:
    where = resolve_sail(state, move)
    if isinstance(where, Illegal):
        return where
    target, steps = where
    cost, owed, pirate = sail_costs(state, target, steps)
    tariff = state.book.constants["tariff"] * len(owed)
    p = state.player
    if cost + tariff + pirate <= state.coins[p]:
        return None
    parts = []
    if cost:
        parts.append(f"{counted(cost, 'coin')} for {steps} steps")
    if tariff:
        parts.append(f"{counted(tariff, 'coin')} of tariff to {' and '.join(owed)}")
    if pirate:
        parts.append(f"{counted(pirate, 'coin')} to move the pirate there")
    section = TWO_PLAYER if pirate and cost + tariff <= state.coins[p] else SAILING_ACTION
    return Illegal(
        section,
        f"stopping at {state.ring[target]} costs {' and '.join(parts)}: {p} has "
        f"{counted(state.coins[p], 'coin')}, and no move may be made that cannot be paid for",
    )


@answers(m.Sail, check_sail)
def sail(state: State, move: m.Sail) -> list[str]:
    p = state.player
    target, steps = resolve_sail(state, move)
    cost, owed, pirate = sail_costs(state, target, steps)
    here = state.at[p]
    to = state.ring[target]
    if here == st.CENTRE:
        events = [f"sails from the Central Island to {to}"]
    else:
        events = [f"sails {counted(steps, 'step')} {BOW_NAMES[state.bow[p]]} to {to}"]
        if cost:
            pay(state, p, ((COIN, cost),))
            events[0] += f", paying {counted(cost, 'coin')}"
    tariff = state.book.constants["tariff"]
    for other in owed:
        state.coins[p] -= tariff
        state.coins[other] += tariff
        events.append(f"pays {counted(tariff, 'coin')} of tariff to {other}")
    state.at[p] = target
    if here == st.CENTRE:
        state.sailed_from_centre = True
        state.phase = st.BOW
    else:
        state.phase = st.PIRATE_MOVE if pirate else st.INCOME
    return events


@answers(m.Bow)
def set_bow(state: State, move: m.Bow) -> list[str]:
    p = state.player
    state.bow[p] = move.direction
    state.phase = st.PIRATE_MOVE if state.pirate_at(state.at[p]) is not None else st.INCOME
    return [f"turns the bow {BOW_NAMES[move.direction]}"]


def return_cost(state: State) -> tuple[list[str], int]:
    """Players owed a tariff on the Central Island (option tariff_on_central) and its sum."""
    if not state.options["tariff_on_central"]:
        return [], 0
    owed = state.ships_at(st.CENTRE, but=state.player)
    return owed, state.book.constants["tariff"] * len(owed)


def check_return(state: State, move: m.Return) -> Illegal | None:
    p = state.player
    if state.at[p] == st.CENTRE:
        return Illegal(
            SAILING_ACTION,
            f"{p}'s ship is on the Central Island: it must sail to one of the surrounding islands",
        )
    owed, cost = return_cost(state)
    if cost > state.coins[p] and possible_sails(state, with_return=False):
        return Illegal(
            SAILING_ACTION,
            f"returning costs {counted(cost, 'coin')} of tariff to {' and '.join(owed)} and "
            f"{p} has {counted(state.coins[p], 'coin')}; only a player who cannot pay for any "
            "island returns without paying (option tariff_on_central: true)",
        )
    return None


@answers(m.Return, check_return)
def sail_home(state: State, move: m.Return) -> list[str]:
    p = state.player
    owed, cost = return_cost(state)
    events = ["returns to the Central Island"]
    if cost and cost <= state.coins[p]:
        tariff = state.book.constants["tariff"]
        for other in owed:
            state.coins[p] -= tariff
            state.coins[other] += tariff
            events.append(f"pays {counted(tariff, 'coin')} of tariff to {other}")
    elif cost:
        events[0] += " (a forced return: no tariff)"
    state.at[p] = st.CENTRE
    state.bow[p] = 0
    state.phase = st.INCOME
    return events


def possible_sails(state: State, *, with_return: bool = True) -> list:
    """Every sail the active player can pay for, then the return (when allowed)."""
    p = state.player
    here = state.at[p]
    coins = state.coins[p]
    book = state.book
    k = book.constants
    n = book.slots
    due = [0] * n  # tariff and pirate cost of stopping at each slot
    tariff = k["tariff"]
    for q, slot in state.at.items():
        if slot >= 0 and q != p:
            due[slot] += tariff
    pirate_cost = k["pirate_move_cost"]
    for slot, _ in state.pirates:
        if slot >= 0:
            due[slot] += pirate_cost
    ring = state.ring
    if here == st.CENTRE:
        return [_sail(ring[slot], None, due[slot]) for slot in range(n) if due[slot] <= coins]
    bow = state.bow[p]
    moves: list = []
    for steps, cost in book.cost_row():
        slot = (here + bow * steps) % n
        if cost + due[slot] <= coins:
            moves.append(_sail(ring[slot], steps, cost + due[slot]))
    if with_return and check_return(state, m.RETURN) is None:
        moves.append(m.RETURN)
    return moves


@functools.lru_cache(maxsize=20_000)  # islands x steps x costs: a few hundred in practice
def _sail(to: str, steps: int | None, cost: int) -> m.Sail:
    """Sail(to, steps, cost), made once (simulate lists the sails at every sailing action; a
    move never changes)."""
    return m.Sail(to, steps, cost)
