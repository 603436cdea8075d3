"""Steps the rules take alone that a table may still write: a loss where only one counter can
be lost (or none), the Pilot, Rutter and ship-only counters that stay aboard when a land
expedition is formed, the Pilot and Rutter exchanged when a Leader of the other type takes
over (Switching Leaders). Portolan carries them out without a step; a step written right after,
saying the same, is accepted and changes nothing; one saying otherwise is refused with the rule
that decided it. Each is kept in ``state.now.echoes`` until the next other step."""

from __future__ import annotations

from typing import Any

from portolan.checker.core.game import Illegal
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration.sections import LOSSES, SWITCHING, SWITCHING_LEADERS
from portolan.checker.games.age_of_exploration.state import State

# The kind of each echo -> the move that writes it.
MOVE_OF = {"lose": m.Lose, "aboard": m.Drop, "switch": m.Keep}
NOT_MEN = ("Missionary", "Pilot", "Interpreter", "Native Guide")


def record(state: State, kind: str, *what: Any) -> None:
    state.now.echoes.append((kind, *what))


def types(state: State) -> tuple[type, ...]:
    return tuple(dict.fromkeys(MOVE_OF[e[0]] for e in state.now.echoes))


def first(state: State, move: Any) -> tuple | None:
    """The echo this kind of move would answer: the first of its kind not yet written."""
    return next((e for e in state.now.echoes if MOVE_OF[e[0]] is type(move)), None)


def matches(echo: tuple, move: Any) -> bool:
    kind = echo[0]
    if kind == "lose":
        return move.item == echo[3]
    if kind == "aboard":
        return move.item in echo[1]
    return move.which == echo[1]


def is_echo(state: State, move: Any, answers_top: bool) -> bool:
    """Whether ``move`` is written for what the rules just did: it is of an echo's kind and
    either the task at hand does not take it or it says the same as the echo."""
    echo = first(state, move)
    return echo is not None and (not answers_top or matches(echo, move))


def check(state: State, move: Any) -> Illegal | None:
    echo = first(state, move)
    if echo is None or matches(echo, move):
        return None
    kind = echo[0]
    if kind == "lose":
        what, item = " or ".join(echo[1]), echo[3]
        if item is None:
            return Illegal(LOSSES, f"the loss of {what} took nothing: there was none to lose")
        men = any("men" in w for w in echo[1])
        if men and move.item in NOT_MEN:
            return Illegal(
                LOSSES,
                f"'men' losses may not be satisfied by losing a {move.item}: the loss of {what} "
                f"took the only counter it could, {item}",
            )
        return Illegal(
            LOSSES, f"the loss of {what} took the only counter it could, {item}, not {move.item}"
        )
    if kind == "aboard":
        left = ", ".join(echo[1]) or "nothing but the Crew and Provisions written"
        return Illegal(
            SWITCHING,
            "a land expedition takes everything ashore but the Crew and Provisions left "
            f"aboard, a Rutter or Pilot and what only ships carry: {move.item} went ashore "
            f"(aboard: {left})",
        )
    return Illegal(
        SWITCHING_LEADERS,
        f"only a Conquistador may have a Pilot, and only an Explorer a Rutter: with the new "
        f"Leader the expedition's {echo[2]} became a {echo[1]}",
    )


def answer(state: State, move: Any) -> list[str]:
    echo = first(state, move)
    state.now.echoes.remove(echo)
    return [f"as the rules decided: {describe(echo)}"]


def describe(echo: tuple) -> str:
    kind = echo[0]
    if kind == "lose":
        return f"loses 1 {echo[3]}" if echo[3] else "nothing to lose"
    if kind == "aboard":
        return f"{', '.join(echo[1])} stay aboard"
    return f"the {echo[2]} became a {echo[1]}"
