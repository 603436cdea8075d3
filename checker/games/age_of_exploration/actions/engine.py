"""How a move reaches the task it answers, in Age of Exploration.

A turn is a stack of typed tasks in the rulebook's order (tasks.py; Exploration Turns: draw and
resolve a card, movement, status change, expedition action, end-of-turn actions); resolving a
card pushes more (a check to roll for, an OR to choose, a loss to take...). Every move answers
the task on top: ``check`` and ``apply`` hand it to the hooks its section registered, after
looking whether it is an echo of what the rules just did alone (echoes.py). The core's
``turn.run`` then carries out the automatic tasks (RulesBase.apply), so the top task is always
one that waits for a decision (or the stack is empty: the game is over).

Also here: the registration of what the rules carry out alone (``auto``), and what is left of
a turn when its expedition fails or returns (``remove_turn_tasks``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from portolan.checker.core.game import Decision, Illegal
from portolan.checker.core.turn import top
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import echoes
from portolan.checker.games.age_of_exploration.state import OVER, State


def decide(state: State) -> Decision | None:
    """The decision of the task on top; it also accepts a step written for what the rules just
    did alone (echoes.py)."""
    d = decide_top(state)
    if d is not None and state.now.echoes:
        more = tuple(k for k in echoes.types(state) if k not in d.accepts)
        if more:
            return replace(d, accepts=d.accepts + more)
    return d


def decide_top(state: State) -> Decision | None:
    if not state.tasks or state.phase == OVER:
        return None
    return state.tasks[-1].decision(state)


def an_echo(state: State, move: Any) -> bool:
    if not state.now.echoes:
        return False
    d = decide_top(state)
    return echoes.is_echo(state, move, d is not None and isinstance(move, d.accepts))


def options(state: State) -> list:
    t = top(state)
    return [] if t is None else t.hooks.options(state, t)


def check(state: State, move: Any) -> Illegal | None:
    if an_echo(state, move):
        return echoes.check(state, move)
    t = state.tasks[-1]
    hook = t.hooks.check
    return None if hook is None else hook(state, t, move)


def apply(state: State, move: Any) -> list[str]:
    if state.now.echoes:
        if an_echo(state, move):
            return echoes.answer(state, move)
        state.now.echoes.clear()
    t = state.tasks.pop()  # the answer puts it back if it still waits
    return t.hooks.answer(state, t, move)


def auto(kind: type[tk.TurnTask]):
    """Register the function that carries out a task that needs no decision: it takes the state
    and the task, or for an ``Effect`` the state and the task's fields."""

    def register(fn):
        tk.register(kind, fn)
        return fn

    return register


def asked_while(needed):
    """The ``auto`` hook of a task that waits for a decision only while ``needed(state, task)``
    holds; otherwise it is dropped, doing nothing."""

    def auto(state: State, t: tk.TurnTask) -> list[str] | None:
        if needed(state, t):
            return None
        state.tasks.pop()
        return []

    return auto


def remove_turn_tasks(state: State, player: str) -> None:
    """An expedition that fails or returns stops its turn: the tasks left of the turn go,
    except those of other players and the hand-over to the next player; a card being resolved
    is turned in."""
    card = state.now.card
    if card is not None:
        state.discards[state.book.deck_of[card]].append(card)
        state.now.card = None
    keep = []
    for t in state.tasks:
        if isinstance(t, tk.NextPlayer) or (isinstance(t, PLAYER_TASKS) and whose(t) != player):
            keep.append(t)
    state.tasks[:] = keep


# Tasks of a named player (others are the current player's).
PLAYER_TASKS = (
    tk.DrawOutfitting,
    tk.NewExpedition,
    tk.PickLeader,
    tk.DrawLeader,
    tk.Outfit,
    tk.RetireLeader,
    tk.GiveGold,
    tk.RefillRow,
)


def whose(t: tk.TurnTask) -> str:
    """The player a task of PLAYER_TASKS waits for."""
    return t.giver if isinstance(t, tk.GiveGold) else t.player


def roll_weights(dice: int = 2) -> list[tuple[int, int]]:
    if dice == 1:
        return [(t, 1) for t in range(1, 7)]
    return [(t, 6 - abs(t - 7)) for t in range(2, 13)]


def ask(phase: str, accepts: tuple, prompt: Any, kind: str = "choice", **kw: Any):
    """A ``decide`` hook whose decision is the same but for who makes it (the task's giver or
    player, or the player whose turn it is) and, when ``prompt`` is a function of the state and
    the task, how it is worded."""
    return lambda state, t: Decision(
        getattr(t, "giver", None) or getattr(t, "player", None) or state.player,
        phase,
        kind,
        accepts,
        prompt(state, t) if callable(prompt) else prompt,
        **kw,
    )


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
