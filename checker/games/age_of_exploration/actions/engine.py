"""The task stack that runs a game of Age of Exploration.

A turn is a list of tasks in the rulebook's order (Exploration Turns: draw and resolve a card,
movement, status change, expedition action, end-of-turn actions); resolving a card pushes more
(a check to roll for, an OR to choose, a loss to take...). Each task is a tuple whose first item
is its *tag*. A section module registers, for each tag it owns, a ``Task``: ``auto`` (carry it
out if it needs no decision: returns its events, or None when a decision is needed),
``decide`` (the Decision), ``options`` (the legal moves, or the chance outcomes with weights),
``check`` (why a move does not answer it) and ``answer`` (apply the move).

``run`` carries out the automatic tasks after every move, so the top task is always one that
waits for a decision (or the stack is empty: the game is over)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from checker.core.game import Decision, Illegal
from checker.games.age_of_exploration.actions import echoes
from checker.games.age_of_exploration.state import OVER, State


@dataclass(frozen=True, slots=True)
class Task:
    auto: Callable[[State, tuple], list[str] | None] | None = None
    decide: Callable[[State, tuple], Decision] | None = None
    options: Callable[[State, tuple], list] | None = None
    check: Callable[[State, tuple, Any], Illegal | None] | None = None
    answer: Callable[[State, tuple, Any], list[str]] | None = None


TASKS: dict[str, Task] = {}
AUTO: dict[str, Callable] = {}  # tag -> its auto hook, for the run loop


def task(tag: str, **hooks: Any) -> None:
    TASKS[tag] = Task(**hooks)
    if hooks.get("auto"):
        AUTO[tag] = hooks["auto"]


def push(state: State, *tasks: tuple) -> None:
    """Put tasks on the stack; the first one given is carried out first."""
    state.tasks.extend(reversed(tasks))


def top(state: State) -> tuple | None:
    return state.tasks[-1] if state.tasks else None


def pop(state: State) -> tuple:
    return state.tasks.pop()


def run(state: State) -> list[str]:
    """Carry out every task that needs no decision, until one does."""
    events: list[str] = []
    tasks = state.tasks
    get = AUTO.get
    while tasks:
        t = tasks[-1]
        handler = get(t[0])
        if handler is None:
            break
        out = handler(state, t)
        if out is None:
            break
        if out:
            events += out
        if state.phase == OVER:
            tasks.clear()
    return events


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
    t = state.tasks[-1]
    return TASKS[t[0]].decide(state, t)


def an_echo(state: State, move: Any) -> bool:
    if not state.now.echoes:
        return False
    d = decide_top(state)
    return echoes.is_echo(state, move, d is not None and isinstance(move, d.accepts))


def options(state: State) -> list:
    t = top(state)
    return [] if t is None else TASKS[t[0]].options(state, t)


def check(state: State, move: Any) -> Illegal | None:
    if an_echo(state, move):
        return echoes.check(state, move)
    t = state.tasks[-1]
    hook = TASKS[t[0]].check
    return None if hook is None else hook(state, t, move)


def apply(state: State, move: Any) -> list[str]:
    if state.now.echoes:
        if an_echo(state, move):
            return echoes.answer(state, move)
        state.now.echoes.clear()
    tasks = state.tasks
    t = tasks[-1]
    events = TASKS[t[0]].answer(state, t, move)
    if tasks and tasks[-1][0] in AUTO:
        more = run(state)
        if more:
            return events + more
    return events


EFFECTS: dict[str, Callable[..., list[str]]] = {}


def effect(name: str):
    """Register an effect a task ('fx', name, *args) carries out (after a roll, mostly)."""

    def register(fn):
        EFFECTS[name] = fn
        return fn

    return register


def _fx(state: State, t: tuple) -> list[str]:
    state.tasks.pop()
    return EFFECTS[t[1]](state, *t[2:])


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
        if t[0] == "next" or (t[0] in PLAYER_TASKS and t[1] != player):
            keep.append(t)
    state.tasks[:] = keep


# Tasks whose second item is the player they concern (others are the current player's).
PLAYER_TASKS = {"odraw", "newexp", "pick", "ldraw", "outfit", "retire", "give", "row"}


task("fx", auto=_fx)


def roll_weights(dice: int = 2) -> list[tuple[int, int]]:
    if dice == 1:
        return [(t, 1) for t in range(1, 7)]
    return [(t, 6 - abs(t - 7)) for t in range(2, 13)]


def choice(player: str, phase: str, accepts: tuple, prompt: str, **kw: Any) -> Decision:
    return Decision(player, phase, "choice", accepts, prompt, **kw)


def chance(player: str, phase: str, accepts: tuple, prompt: str, **kw: Any) -> Decision:
    return Decision(player, phase, "chance", accepts, prompt, **kw)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
