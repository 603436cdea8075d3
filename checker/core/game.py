"""The contract between the generic core and one game's rules.

A game is a state machine driven by *moves*. At every point ``decision(state)`` says who must
act, in which phase, and which kinds of move are accepted; the move is either a *choice* (the
player decides: ``legal_moves``) or *chance* (the table reveals a card: ``outcomes``). ``check``
says whether a move is legal (returning an ``Illegal`` naming the rulebook section if not) and
``apply`` performs it, returning what happened in words. Steps never print.

Optional: a game whose preparation is decided at the table (cards drawn into play, a starting
player picked at random) may answer decisions before the first turn. Their steps have turn 0;
``parse_setup(model, raw_log, source, players) -> list[Step]`` reads them from the log's
``setup:`` entry and ``write_setup(steps) -> dict | None`` writes them back (``write_turns``
then leaves them out).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from checker.core.options import RuleOption
from checker.core.scoresheet import ScoreSheet
from portolan.model.loader import Game
from portolan.yamlsrc import Pos, Source


class Illegal(NamedTuple):
    """Why a move breaks the rules: the rulebook section and one sentence."""

    section: str
    message: str


class Step(NamedTuple):
    """One move as read from a log (or chosen in play): who, in which log turn, where.
    (A named tuple: millions are made by simulate, and they are cheap.)"""

    move: Any
    turn: int
    player: str
    pos: Pos | None = None


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


def missing_of(decision: Decision) -> Illegal | None:
    m = decision.missing
    return m() if callable(m) else m


class GameRules(Protocol):
    id: str
    options: Sequence[RuleOption]
    turn_section: str  # cited when a step is taken out of turn
    end_section: str  # cited when a step comes after the end of the game

    def setup(self, model: Game, players: list[str], options: dict[str, Any]) -> Any: ...

    def decision(self, state: Any) -> Decision | None: ...

    def check(self, state: Any, move: Any, player: str) -> Illegal | None: ...

    def misplaced(self, state: Any, move: Any) -> Illegal | None:
        """Why ``move`` cannot come now nor later in this turn (None if it still may)."""
        ...

    def apply(self, state: Any, move: Any) -> list[str]: ...

    def legal_moves(self, state: Any) -> list[Any]: ...

    def outcomes(self, state: Any) -> list[tuple[Any, int]]: ...

    def score(self, state: Any) -> ScoreSheet: ...

    def describe(self, move: Any) -> str: ...

    def parse_turns(
        self, model: Game, turns: Any, source: Source, players: list[str]
    ) -> list[Step]: ...

    def write_turns(self, steps: list[Step]) -> list[dict]: ...

    def score_position(
        self, model: Game, raw: Any, source: Source, options: dict[str, Any]
    ) -> ScoreSheet: ...


class RulesBase:
    """What every game's rules object shares: its card book (the decks read into what the rules
    need), built once per loaded model. A game sets ``book_class``."""

    book_class: type

    def __init__(self) -> None:
        self._books: dict[int, tuple[Game, Any]] = {}

    def book(self, model: Game) -> Any:
        key = id(model)
        if key not in self._books or self._books[key][0] is not model:
            self._books[key] = (model, self.book_class(model))
        return self._books[key][1]
