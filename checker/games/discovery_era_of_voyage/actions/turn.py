"""Game Play: a turn begins, and ends after Invest; the round ends after the last player's turn,
and the game at the end of a round in which an end condition was met (End of Game)."""

from __future__ import annotations

from portolan.checker.core.game import answers
from portolan.checker.games.discovery_era_of_voyage import moves as m
from portolan.checker.games.discovery_era_of_voyage import state as st
from portolan.checker.games.discovery_era_of_voyage.actions.pirates import pirates_due
from portolan.checker.games.discovery_era_of_voyage.state import State


@answers(m.StartTurn)
def begin_turn(state: State, move: m.StartTurn) -> list[str]:
    """A new turn: nothing turned, sailed or invested yet; Sailing first, or the pirates when
    they are due."""
    state.turns += 1
    state.turned = set()
    state.turned_in = None
    state.invested = False
    state.sailed_from_centre = False
    state.visit = None
    if state.pirated and state.pirates_placed < len(state.pirates) and pirates_due(state):
        state.phase = st.PIRATES
    else:
        state.phase = st.SAILING
    return []


@answers(m.EndTurn)
def end_turn(state: State, move: m.EndTurn | None = None) -> list[str]:
    """The next player's turn; after the last player's, the next round, or the end of the game
    when an end condition was met during this round."""
    state.current += 1
    if state.current < len(state.order):
        state.player = state.order[state.current]
        state.phase = st.TURN
        return []
    state.current = 0
    state.player = state.order[0]
    state.round += 1
    if state.end_reason:
        state.phase = st.OVER
        return [f"round {state.round - 1} is over: the game ends ({state.end_reason})"]
    state.phase = st.TURN
    return []


@answers(m.NoInvest)  # Invest is optional: without it, the turn ends
def finish_turn(state: State, move: m.NoInvest | None = None) -> list[str]:
    """After Invest the turn is over; with pirates a player may still turn one ("During their
    turn", 2 Player Variant) before it ends."""
    if state.pirated:
        state.phase = st.TURN_END
        return []
    return end_turn(state)
