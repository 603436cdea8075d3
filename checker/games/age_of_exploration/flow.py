"""The flow of a game of Age of Exploration: who decides what now (the top task of the stack),
the legal choices, what the table may reveal, and how simulate plays: like a table that wants
to get somewhere (it launches, moves, returns) rather than uniformly at random."""

from __future__ import annotations

import random
from typing import Any

from checker.core.game import Decision
from checker.games.age_of_exploration.actions import engine
from checker.games.age_of_exploration.moves import (
    Action,
    Ashore,
    DeclareReturn,
    Done,
    EndTurn,
    Hire,
    Launch,
    LaunchFrom,
    Move,
    NoAction,
    NoStatus,
    Pay,
    Play,
    Return,
    Roll,
    SpendGold,
    Status,
    StayInPort,
    Stop,
)
from checker.games.age_of_exploration.state import State

HEADINGS = {
    Play: "play an Outfitting card…",
    SpendGold: "spend Gold…",
    Ashore: "go ashore…",
    Hire: "replace the Leader…",
}


def decide(state: State) -> Decision | None:
    return engine.decide(state)


def choices(state: State, d: Decision) -> list[Any]:
    return engine.options(state)


def chances(state: State, d: Decision) -> list[tuple[Any, int]]:
    return engine.options(state)


def menu(move: Any) -> str | None:
    return HEADINGS.get(type(move))


def sample_outcome(state: State, d: Decision, rng: random.Random) -> Any:
    outcomes = engine.options(state)
    if d.accepts == (Roll,):
        total = rng.randint(1, 6) + (rng.randint(1, 6) if len(outcomes) > 6 else 0)
        return next(m for m, _ in outcomes if m.total == total)
    moves = [m for m, _ in outcomes]
    weights = [w for _, w in outcomes]
    if len(set(weights)) == 1:
        return moves[rng.randrange(len(moves))]
    return rng.choices(moves, weights)[0]


def sample_move(state: State, d: Decision, rng: random.Random) -> Any:
    """A random legal choice, weighted as a player with a purpose would weigh them: launch
    soon, play the cards, move when Progress allows, return (and declare the return after a
    while), rarely abort."""
    moves = engine.options(state)
    if len(moves) == 1:
        return moves[0]
    e = state.exp.get(d.player)
    weights = [weight(state, e, m) for m in moves]
    return rng.choices(moves, weights)[0]


def europe_distance(state: State) -> dict[str, int]:
    """Steps from Europe over borders and arrows: how far out an expedition is."""
    book = state.book
    dist = book.__dict__.get("europe_distance")
    if dist is None:
        dist = {book.europe: 0}
        todo = [book.europe]
        for s in todo:
            for t in (*book.neigh[s], *book.trans[s]):
                if t not in dist:
                    dist[t] = dist[s] + 1
                    todo.append(t)
        book.__dict__["europe_distance"] = dist
    return dist


def worth_returning(e) -> bool:
    return bool(e.found or e.teredos or len(e.visited) > 4 or e.must_return)


def weight(state: State, e, move: Any) -> float:
    if isinstance(move, Return):
        return 1000.0 if worth_returning(e) else 0.2
    if isinstance(move, Launch):
        return 3.0
    if isinstance(move, StayInPort):
        return 1.0
    if isinstance(move, Play):
        return 4.0
    if isinstance(move, (SpendGold, Pay)):
        return 2.0
    if isinstance(move, (Hire, LaunchFrom)):
        return 0.2
    if isinstance(move, Done):
        return 1.0
    if isinstance(move, Move):
        dist = europe_distance(state)
        gain = dist.get(move.to, 0) - dist.get(e.space, 0)
        return 8.0 if gain > 0 else (3.0 if e.must_return else 1.0)
    if isinstance(move, Stop):
        return 0.5
    if isinstance(move, Ashore):
        return 0.05
    if isinstance(move, Status):
        dist = europe_distance(state)
        if move.to == state.book.europe:
            return 20.0 if worth_returning(e) else 0.1
        return 4.0 if dist.get(move.to, 0) > dist.get(e.space, 0) else 1.0
    if isinstance(move, (NoStatus, NoAction)):
        return 1.0
    if isinstance(move, Action):
        return 1.5
    if isinstance(move, DeclareReturn):
        return (0.05 + 0.5 * len(e.found)) * (e.turns if e else 1)
    if isinstance(move, EndTurn):
        return 4.0
    if type(move).__name__ == "Abort":
        return 0.02 * (e.turns if e else 1)
    return 1.0
