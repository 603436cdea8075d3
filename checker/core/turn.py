"""The in-turn engine: what is still pending inside a turn, as a stack of typed tasks.

A game's turn is a stack (``state.tasks``, top last) of *tasks*: one small frozen dataclass
per kind of pending step ("deal the display", "the trade box for the merchant cube", "roll for
this check"). A task knows the ``Decision`` it offers (``decision``), its legal moves or the
table's outcomes (``choices``, ``chances``), and, for a step the rules carry out alone, what
it does (``carry_out``: its events, or ``None`` while a decision is needed first).

What follows a move is said one way: the move's apply pops the task it answered and pushes
what comes next (``push``, ``pop``, ``replace``); ``run`` then carries out every automatic
task on top until one asks a decision (RulesBase.apply does it after every move).

``Decision`` (who acts, in which phase, what is accepted) and ``Illegal`` (why a move breaks a
rule) live here, with the tasks that offer and answer them; checker/core/game.py hands them on
to the rest of the core.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple


class Illegal(NamedTuple):
    """Why a move breaks the rules: the rulebook section and one sentence."""

    section: str
    message: str


@dataclass(frozen=True, slots=True)
class Decision:
    player: str
    phase: str
    kind: str  # "choice" or "chance"
    accepts: tuple[type, ...]
    prompt: str
    # A move the log may leave out (e.g. "no Save card played"): applied when the next step
    # does not answer this decision.
    default: Any = None
    # What is wrong when the log skips a decision that has no default (may be given as a
    # function, so the message is only written when it is needed).
    missing: Illegal | Callable[[], Illegal] | None = None
    starts_turn: bool = False  # the move answering this decision opens a new turn of the log
    # At a chance: the move that leaves the card unnamed, for a card its owner keeps secret
    # until the rules reveal it (a mission, a contract dealt face down); play accepts
    # "hidden" for it.
    secret: Any = None
    # The turn cannot end while this decision is open (an end-of-turn duty with no default, e.g.
    # a hand over its limit): when the log's turn ends here, even at the end of the log, the
    # ``missing`` message is reported against the turn's last step.
    closes_turn: bool = False


def missing_of(decision: Decision) -> Illegal | None:
    m = decision.missing
    return m() if callable(m) else m


class Task:
    """One pending step of a turn. A game's tasks subclass it as frozen dataclasses (slots), so
    that a state's copy shares them and two equal tasks compare equal."""

    __slots__ = ()
    # What a task that asks the player one thing asks: the phase (None: the state's phase),
    # "choice" or "chance", and the move types that answer it; ``decision`` words it with
    # ``prompt``, ``missing`` and ``default``. None: a step carried out alone, or a task that
    # writes its own ``decision``.
    asks: ClassVar[tuple[str | None, str, tuple[type, ...]] | None] = None

    def decision(self, state: Any) -> Decision | None:
        """What this task asks of whom (``None``: a step carried out alone)."""
        asks = self.asks
        if asks is None:
            return None
        phase, kind, accepts = asks
        return Decision(
            state.player,
            state.phase if phase is None else phase,
            kind,
            accepts,
            self.prompt(state),
            default=self.default(state),
            missing=lambda: self.missing(state),
        )

    def prompt(self, state: Any) -> str:
        """The question ``asks`` puts, in words."""
        raise NotImplementedError(type(self).__name__)

    def missing(self, state: Any) -> Illegal | None:
        """What is wrong when a log's turn ends with this question unanswered (None: nothing,
        or the ``default`` answers it)."""
        return None

    def default(self, state: Any) -> Any:
        """The move applied when the log's next step does not answer (None: none)."""
        return None

    def choices(self, state: Any) -> list[Any]:
        """The legal moves of its choice."""
        raise NotImplementedError(type(self).__name__)

    def chances(self, state: Any) -> list[tuple[Any, int]]:
        """What the table may reveal at its chance, with weights."""
        raise NotImplementedError(type(self).__name__)

    def carry_out(self, state: Any) -> list[str] | None:
        """Carry the step out if it needs no decision (popping it, pushing what it leads to):
        its events; ``None`` when it waits for a decision."""
        return None


def top(state: Any) -> Task | None:
    """The task that acts now (``None``: nothing is pending)."""
    tasks = state.tasks
    return tasks[-1] if tasks else None


def push(state: Any, *tasks: Task) -> None:
    """Put tasks on the stack; the first one given is carried out first."""
    state.tasks.extend(reversed(tasks))


def pop(state: Any) -> Task:
    """The task on top, taken off: the move that answered it is done with it."""
    return state.tasks.pop()


def replace(state: Any, task: Task) -> None:
    """The task on top becomes ``task`` (one more of the same step, with less left to do)."""
    state.tasks[-1] = task


def waits(state: Any, kind: type[Task]) -> bool:
    """Whether a task of this kind waits anywhere on the stack."""
    return any(isinstance(t, kind) for t in state.tasks)


def run(state: Any) -> list[str]:
    """Carry out every automatic task on top of the stack, until one asks a decision."""
    events: list[str] = []
    tasks = state.tasks
    while tasks:
        done = tasks[-1].carry_out(state)
        if done is None:
            break
        events += done
    return events
