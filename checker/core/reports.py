"""The JSON that ``check``, ``score``, ``simulate`` and ``history`` print with ``--json``, as
pydantic models.

These models are the contract: ``portolan schema score|check|simulate|history`` is generated
from them,
and the tests validate every ``--json`` output against that schema. A failure (exit 2 or 3)
prints ``ErrorReport`` instead, whatever the command.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Scalar = int | float | str | bool | None


class _Report(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Category(_Report):
    id: str = Field(description="the category's id in rules.yaml")
    label: str = Field(description="its name on the score sheet")


class PlayerScore(_Report):
    player: str
    total: int
    rank: int = Field(ge=1, description="1 is best; players level on everything share a rank")
    breakdown: dict[str, int] = Field(description="points per category id")
    tie_breakers: dict[str, Scalar] = Field(
        description="each tie-breaker's value by label (larger is better), in the order applied"
    )
    decided_by: str = Field(
        description="'total' when nobody shares the total, else the tie-breaker that set the "
        "rank, or 'shared' when a player is level on every tie-breaker"
    )


class ScoreFields(_Report):
    categories: list[Category]
    tie_breakers: list[str]
    scores: list[PlayerScore] = Field(description="one entry per player, in seat order")
    winners: list[str] = Field(description="the winner, or the players tied for the win")
    notes: list[str]


class ScoreReport(ScoreFields):
    """``portolan score --json``."""

    ok: Literal[True]
    game: str
    finished: bool = Field(
        description="whether the position ends the game (false: nobody has won yet, e.g. no "
        "player has reached a VP target; winners is then empty)"
    )


class ViolationReport(_Report):
    file: str = Field(description="the log, as the command was given it")
    turn: int | None
    player: str | None
    phase: str | None
    line: int | None
    column: int | None
    rule: str = Field(description="the rulebook section the step breaks")
    message: str


class CheckReport(_Report):
    """``portolan check --json``: ``ok`` is false at an illegal step (exit 1); the score fields
    are the scores so far when every step is legal, empty otherwise."""

    ok: bool
    game: str
    turns: int
    finished: bool
    violation: ViolationReport | None
    categories: list[Category] = []
    tie_breakers: list[str] = []
    scores: list[PlayerScore]
    winners: list[str] = Field(
        description="the winner, or the players tied for the win; empty while the game is not "
        "over (finished false: the scores are the scores so far) and at an illegal step"
    )
    notes: list[str] = []
    trace: list[str] | None = None


class Spread(_Report):
    mean: float
    stdev: float = Field(description="population standard deviation")
    min: float
    max: float


class SeatReport(_Report):
    seat: int = Field(ge=1)
    player: str
    wins: float = Field(description="games won, a shared win counted as a fraction")
    outright_wins: int
    score: Spread | None = Field(description="over the games that ended; null if none did")


class LevelReport(_Report):
    level: str
    seats_played: int = Field(description="seats this level held over the games that ended")
    wins: float = Field(description="games won, a shared win counted as a fraction")
    win_rate: float
    interval: list[float] = Field(description="95 % Wilson interval of the win rate")
    mean_score: float
    moves: int = Field(description="moves this level chose among two or more (every game)")
    cpu_median: float = Field(description="CPU seconds a move, median")
    cpu_p95: float = Field(description="CPU seconds a move, 95th percentile")


class BotsReport(_Report):
    levels: list[str] = Field(description="one level per seat in game 1, rotated a seat a game")
    iterations: int = Field(description="the mcts search per move (--iterations)")
    think: float | None = Field(description="CPU seconds at most per mcts move (--think)")
    by_level: list[LevelReport]


class SimulateReport(_Report):
    """``portolan simulate --json``: per seat results over every game played."""

    ok: Literal[True]
    game: str
    games: int
    players: int
    seed: int
    jobs: int
    options: dict[str, Scalar]
    max_steps: int = Field(description="the step limit a game is stopped at (--max-steps)")
    seats: list[SeatReport]
    length: Spread | None = Field(
        description="length in steps (moves and revealed cards) of the games that ended"
    )
    turns: Spread | None = Field(description="length in turns of the games that ended")
    actions: int = Field(description="steps played in all, unfinished games included")
    ended: int = Field(description="games that reached the end the rules give")
    bounded: int = Field(
        default=0,
        description="of those, games that ended at a bound Portolan sets where the rulebook "
        "gives none (Age of Exploration's round limit), not by the rulebook's own ending",
    )
    unfinished: list[int] = Field(
        description="the games (numbered from 1, as the logs of --log-dir) stopped at the step "
        "limit: the rules let random players play on for ever; their scores and wins are left "
        "out of every spread above"
    )
    bots: BotsReport | None = Field(
        default=None, description="games between bots (--bots); null for random games"
    )
    seconds: float
    games_per_second: float


class ErrorDetail(_Report):
    file: str | None
    line: int | None
    column: int | None
    field: str | None
    message: str
    hint: str | None


class ErrorReport(_Report):
    """Any command's ``--json`` output when it cannot run: bad input (exit 2) or a bug (3)."""

    ok: Literal[False]
    error: ErrorDetail
    errors: list[ErrorDetail]


class HistorySeat(_Report):
    player: str
    score: int
    rank: int = Field(ge=1)
    won: bool


class HistoryPlay(_Report):
    id: int = Field(ge=1, description="the play's number in the history (/history/<id>)")
    game: str
    date: str = Field(description="the day it was played, YYYY-MM-DD")
    kind: Literal["scored", "refereed"] = Field(
        description="scored on the score pad, or refereed by Portolan to its end"
    )
    winners: list[str]
    players: list[HistorySeat] = Field(description="in seat order")


class HistoryStats(_Report):
    game: str
    player: str
    plays: int = Field(ge=1)
    wins: int = Field(ge=0)
    average: float = Field(description="the average score, to one decimal")
    best: int


class HistoryReport(_Report):
    """``portolan history --json``."""

    ok: Literal[True]
    game: str | None = Field(description="the game asked for with --game, or null for all")
    plays: list[HistoryPlay] = Field(description="the latest first")
    players: list[HistoryStats] = Field(description="per game and player")


REPORTS: dict[str, type[BaseModel]] = {
    "score": ScoreReport,
    "check": CheckReport,
    "simulate": SimulateReport,
    "history": HistoryReport,
}
