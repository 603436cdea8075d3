"""Invest: one investment marker on the island where the ship is, for the island's cost, once a
turn; no more than the marker limit on an island. The last marker, or no island left open,
ends the game at the end of the round."""

from __future__ import annotations

from portolan.checker.core.game import Illegal, answers
from portolan.checker.games.discovery_era_of_voyage import moves as m
from portolan.checker.games.discovery_era_of_voyage.actions import supply
from portolan.checker.games.discovery_era_of_voyage.actions.turn import finish_turn
from portolan.checker.games.discovery_era_of_voyage.book import counted
from portolan.checker.games.discovery_era_of_voyage.sections import CENTRAL_ISLAND, INVEST_ACTION
from portolan.checker.games.discovery_era_of_voyage.state import CENTRE, State


def closed(state: State, slot: int, player: str | None = None) -> str | None:
    """Who closes an island to ``player``'s investment by the marker limit (None: open)."""
    limit = state.book.constants["marker_limit"]
    here = state.markers[slot]
    if state.options["marker_limit"] == "own":
        if player is not None:
            return player if here.get(player, 0) >= limit else None
        full = all(here.get(p, 0) >= limit or state.left[p] == 0 for p in state.order)
        return "everybody" if full else None
    return next((p for p in state.order if here.get(p, 0) >= limit), None)


def check_invest(state: State, move: m.Invest) -> Illegal | None:
    p = state.player
    where = state.where(p)
    if move.island is not None and move.island != where:
        return Illegal(
            INVEST_ACTION, f"{p} is on {where}, not {move.island}: you invest where your ship is"
        )
    slot = state.at[p]
    if slot == CENTRE:
        return Illegal(CENTRAL_ISLAND, "nobody may invest on the Central Island")
    if state.left[p] == 0:
        return Illegal(INVEST_ACTION, f"{p} has no investment markers left")
    blocker = closed(state, slot, p)
    if blocker is not None:
        limit = state.book.constants["marker_limit"]
        if state.options["marker_limit"] == "own":
            return Illegal(
                INVEST_ACTION,
                f"{p} already has {limit} markers on {where} (option marker_limit: own)",
            )
        return Illegal(
            INVEST_ACTION,
            f"{blocker} already has {limit} markers on {where}: nobody may invest there "
            "(option marker_limit: anyone)",
        )
    island = state.book.island(where)
    short = supply.short_of(state, p, island.cost)
    if short:
        return Illegal(
            INVEST_ACTION,
            f"investing on {where} costs {supply.bundle_words(island.cost)}: {p} has {short}",
        )
    return None


@answers(m.Invest, check_invest)
def invest(state: State, move: m.Invest) -> list[str]:
    p = state.player
    slot = state.at[p]
    island = state.book.island(state.ring[slot])
    supply.pay(state, p, island.cost)
    state.markers[slot][p] = state.markers[slot].get(p, 0) + 1
    state.left[p] -= 1
    state.invested = True
    events = [
        f"invests on {island.name} for {supply.bundle_words(island.cost)}: "
        f"{counted(state.markers[slot][p], 'marker')} there, {state.left[p]} left"
    ]
    reason = ""
    if state.left[p] == 0:
        reason = f"{p} has no investment markers left"
    elif all(closed(state, s) is not None for s in range(len(state.ring))):
        reason = "no island is open for investment"
    if reason and not state.end_reason:
        state.end_reason = reason
        events.append(f"{reason}: the game ends at the end of this round")
    return events + finish_turn(state)


def can_invest(state: State) -> bool:
    p = state.player
    slot = state.at[p]
    if slot == CENTRE or state.left[p] == 0 or closed(state, slot, p) is not None:
        return False
    return not supply.short_of(state, p, state.book.island(state.ring[slot]).cost)
