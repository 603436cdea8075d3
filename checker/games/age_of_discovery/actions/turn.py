"""A turn of Age of Discovery (§4.0): its start (the voyages under way move on), taking coins
(§4.1), its end (reservation tokens come off; the first and the final scoring, §5)."""

from __future__ import annotations

from portolan.checker.core.game import Illegal, answers
from portolan.checker.core.piles import put
from portolan.checker.games.age_of_discovery import moves as m
from portolan.checker.games.age_of_discovery import state as st
from portolan.checker.games.age_of_discovery.actions import common
from portolan.checker.games.age_of_discovery.scoring import expedition_points
from portolan.checker.games.age_of_discovery.sections import TAKE_COINS
from portolan.checker.games.age_of_discovery.state import State


@answers(m.StartTurn)
def begin_turn(state: State, move: m.StartTurn) -> list[str]:
    """§4.0 Note: the tokens on the player's contracts move one box; finished voyages pay."""
    state.turn += 1
    state.used = []
    state.blocks = []
    state.action = None
    state.phase = st.ACTIONS
    p = state.player
    events = []
    for v in [v for v in state.voyages if v.player == p]:
        v.left -= 1
        if v.left > 0:
            events.append(f"{v.contract}: {v.left} turn(s) to go")
            continue
        events += complete_voyage(state, v)
    return events


def complete_voyage(state: State, v: st.Voyage) -> list[str]:
    info = state.book.contracts[v.contract]
    payout = info.payouts[v.duration - 1]
    paid = common.pay_out(state, v.player, payout)
    state.voyages.remove(v)
    common.return_ships(state, v)
    put(state.boxed, v.contract)
    state.completed[v.player] += 1
    short = f" (the bank had only {paid})" if paid < payout else ""
    return [
        f"{v.contract} is complete: {v.player} receives {paid} coins{short}, takes back "
        f"{', '.join(s for s, _ in v.ships)} and has completed {state.completed[v.player]} "
        "contract(s)"
    ]


@answers(m.EndTurn)
def end_turn(state: State, move: m.EndTurn) -> list[str]:
    p = state.player
    events = []
    for r in [r for r in state.reservations if r.player == p and r.placed < state.turn]:
        state.reservations.remove(r)
        events.append(f"{p}'s reservation token comes off {common.reserved_card(state, r)}")
    if state.first_at == state.turn:
        events += first_scoring(state)
    if state.final_at == state.turn:
        events += final_scoring(state)
        return events
    state.current = (state.current + 1) % len(state.players)
    state.phase = st.START
    return events


# -- Take 2 coins (§4.1) ------------------------------------------------------------------------
def check_take_coins(state: State, move: m.TakeCoins) -> Illegal | None:
    problem = common.gate(state, st.COINS)
    if problem:
        return problem
    if state.options["bank"] == "limited" and state.bank <= 0:
        return Illegal(TAKE_COINS, "the bank is empty: there are no coins to take")
    return None


@answers(m.TakeCoins, check_take_coins)
def take_coins(state: State, move: m.TakeCoins) -> list[str]:
    common.in_block(state, "coins")
    common.begin(state, st.COINS)
    got = common.pay_out(state, state.player, state.k["take_coins"])
    return [f"takes {got} coins ({state.coins[state.player]} now)"]


# -- The scorings (§5.2, §5.3) ---------------------------------------------------------------------
def first_scoring(state: State) -> list[str]:
    state.first_points = expedition_points(state, "first")
    shown = ", ".join(f"{p} {n}" for p, n in state.first_points.items())
    return [f"first scoring: {shown}"]


def final_scoring(state: State) -> list[str]:
    """§5.3: uncompleted contracts go back to the box, their ships to their owners."""
    events = []
    for v in list(state.voyages):
        state.voyages.remove(v)
        common.return_ships(state, v)
        put(state.boxed, v.contract)
        events.append(
            f"{v.contract} is not complete: back to the box, {v.player} takes back its ships"
        )
    state.final_points = {"expeditions": expedition_points(state, "final")}
    shown = ", ".join(f"{p} {n}" for p, n in state.final_points["expeditions"].items())
    events.append(f"final scoring of the expeditions: {shown}")
    state.phase = st.MISSIONS
    if all(state.missions.values()):
        state.phase = st.OVER
        events.append("the game is over")
    return events
