"""Civilization Encounters: the status chits a card places (Natives Attacked, Native Allies,
Ruler Seized, Capital Entry, Rotten Hulls), the empires' Awe and Military Strength, who holds
an empire's Ruler or Native Allies (one expedition at a time), the Capital (one expedition at
a time) and the defeat of an empire."""

from __future__ import annotations

from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.state import Expedition, State


def owner(state: State, e: Expedition) -> str:
    return next(p for p, x in state.exp.items() if x is e)


def mark(state: State, e: Expedition, chit: str, on: bool) -> list[str]:
    civ = state.book.civ_of(e.space)
    p = owner(state, e)
    if chit == "Natives Attacked":
        e.attacked = on
        return ["Natives Attacked" if on else "Natives Attacked removed"]
    if chit == "Rotten Hulls":
        if on:
            push(state, tk.ShipDamage(True))
        else:
            e.rotten = False
        return []
    if chit == "Native Allies":
        if not on:
            release(state, e, "allies")
            return ["Native Allies leave"]
        if civ is not None:
            holder = state.allies[civ.name]
            if holder not in (None, p):
                return [f"{holder} has the {civ.name} Native Allies: no effect"]
            state.allies[civ.name] = p
        e.allies = True
        return ["Native Allies"]
    if civ is None:
        return [f"{chit}: no empire here, no effect"]
    if chit == "Ruler Seized":
        if not on:
            release(state, e, "ruler")
            return ["the Ruler is released"]
        holder = state.ruler[civ.name]
        if holder not in (None, p):
            return [f"{holder} holds the {civ.name} Ruler: no effect"]
        state.ruler[civ.name] = p
        e.ruler = civ.name
        return [f"the {civ.name} Ruler is seized"]
    e.entry = civ.name if on else None
    return ["Capital Entry" if on else "Capital Entry removed"]


def release(state: State, e: Expedition, which: str) -> None:
    """An expedition gives up the chits it holds of an empire (status change, failure)."""
    p = owner(state, e)
    table = state.allies if which == "allies" else state.ruler
    for name, holder in table.items():
        if holder == p:
            table[name] = None
    if which == "allies":
        e.allies = False
    else:
        e.ruler = None


def clear_chits(state: State, e: Expedition) -> None:
    """After a status change: Natives Attacked, Seized Ruler, Native Allies, Capital Entry go."""
    e.attacked = False
    if e.allies:
        release(state, e, "allies")
    if e.ruler:
        release(state, e, "ruler")
    e.entry = None


def move_track(state: State, e: Expedition, which: str, n: int) -> list[str]:
    """Move an empire's Awe or Military Strength marker within its track; the expedition in the
    Capital defeats the empire when, at Awe +5 and Military Strength 0, it achieves a result that
    would raise Awe or lower Strength (Civilization Encounters)."""
    civ = state.book.civ_of(e.space)
    if civ is None:
        return [f"{which}: no empire here, no effect"]
    track = civ.awe if which == "awe" else civ.strength
    values = state.awe if which == "awe" else state.strength
    old = values[civ.name]
    values[civ.name] = max(track.low, min(track.high, old + n))
    word = "Awe" if which == "awe" else "Military Strength"
    events = [f"{civ.name} {word} {old} → {values[civ.name]}"]
    pushes = (which == "awe" and n > 0) or (which == "strength" and n < 0)
    if pushes:
        events += defeat_check(state, e)
    return events


def defeat_check(state: State, e: Expedition) -> list[str]:
    civ = state.book.civ_of(e.space)
    if civ is None or e.space != civ.capital or civ.name in state.fallen:
        return []
    if state.awe[civ.name] >= civ.awe.high and state.strength[civ.name] <= civ.strength.low:
        push(state, tk.EmpireDefeated(civ.name))
        return [f"the {civ.name} Empire falls"]
    return []
