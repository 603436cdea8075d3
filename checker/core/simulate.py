"""Random legal games: every choice among the legal moves at random (uniformly, or weighted where
a game's ``sample_move`` plays more like a table), every card drawn at random.

Drawing uniformly from what is left of a deck is the same as drawing the top card of a
shuffled deck, so the games are those of a table that shuffles well and plays at random.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from portolan.checker.core.bots import DEFAULT_ITERATIONS, Budget
from portolan.checker.core.bots.arena import BotGame, bot_game, bots_for, seat_levels
from portolan.checker.core.game import GameRules
from portolan.model.loader import Game


class GameDidNotEnd(RuntimeError):
    """A random game passed its step limit: the rules let a table that never heads for the end
    (one that never invests, say) play on for ever, so this is a finding, not a fault."""

    def __init__(self, max_steps: int, game: BotGame):
        super().__init__(f"no end after {max_steps} steps")
        self.max_steps = max_steps
        self.game = game


def random_game(
    rules: GameRules,
    model: Game,
    players: list[str],
    options: dict[str, Any],
    rng: random.Random,
    *,
    max_steps: int = 200_000,
    start: Any = None,
) -> BotGame:
    """A random game (a game between no bots) from the setup, or from ``start`` (a
    position.Start: a copy of its state, the turns numbered on from its own)."""
    game = bot_game(rules, model, players, options, {}, rng, max_steps=max_steps, start=start)
    if not game.ended:
        raise GameDidNotEnd(max_steps, game)
    return game


def default_players(n: int) -> list[str]:
    names = ["Ana", "Ben", "Cai", "Dora", "Eli", "Fay", "Gil", "Hana"]
    return names[:n] if n <= len(names) else [f"Player {i + 1}" for i in range(n)]


# -- many games: per-game seeds, so a batch gives the same results in one process or many -------


def game_rng(seed: int, k: int) -> random.Random:
    """The random source of game ``k`` (0-based) of a run seeded ``seed``: a game's draws never
    depend on which process plays it or on the games before it."""
    return random.Random(f"portolan-simulate:{seed}:{k}")


@dataclass(frozen=True)
class GameResult:
    """What one simulated game leaves for the report: each seat's total and whether it won
    (``share``: 1 for a sole winner, 1/n for n tied winners, 0 otherwise), and its length.
    A game stopped at the step limit (``ended`` false) keeps its scores so far and no win."""

    totals: tuple[int, ...]
    shares: tuple[float, ...]
    steps: int
    turns: int
    ended: bool = True
    levels: tuple[str, ...] = ()  # each seat's bot level (games between bots)
    thinking: tuple[tuple[str, float], ...] = ()  # (level, CPU seconds) of every bot move
    bounded: bool = False  # ended at a bound of Portolan's, not by the rulebook's ending


@dataclass(frozen=True)
class Batch:
    """A run's fixed inputs, handed to every worker process (all picklable)."""

    game: str
    components: str
    players: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    seed: int
    log_dir: str | None = None
    max_steps: int = 200_000
    bots: tuple[str, ...] = ()  # one bot level per seat, rotated a seat each game; () random
    iterations: int = DEFAULT_ITERATIONS  # the mcts budget per move
    seconds: float | None = None  # ... or CPU seconds, whichever ends first
    start_log: str | None = None  # every game goes on from the position this log ends at


def log_name(game: str, seed: int, n: int) -> str:
    """The file name ``--log-dir`` gives game ``n`` (from 1) of a run seeded ``seed``."""
    return f"{game}-{seed}-{n:04d}.yaml"


def play_games(batch: Batch, first: int, stop: int) -> list[GameResult]:
    """Games ``first`` to ``stop - 1`` of the run, in order (writing their logs if asked)."""
    from pathlib import Path

    from portolan.checker.core.logwriter import log_text, write_atomic
    from portolan.checker.core.registry import rules_for
    from portolan.model.loader import load_game

    rules = rules_for(batch.game)
    model = load_game(Path(batch.components), batch.game)
    names, options = list(batch.players), dict(batch.options)
    start = None if batch.start_log is None else start_of(Path(batch.start_log), model.dir.parent)
    out = []
    for k in range(first, stop):
        # Between bots, each deal (the chance draws' seed) is played once in every rotation of
        # the seats, so the luck of a deal counts alike for every level; without bots every
        # seat plays at random.
        rng = game_rng(batch.seed, k // len(batch.bots) if batch.bots else k)
        levels = seat_levels(batch.bots, k) if batch.bots else ()
        budget = Budget(batch.iterations, batch.seconds)
        bots = bots_for(rules, names, levels, f"{batch.seed}:{k}", budget) if levels else {}
        g = bot_game(
            rules, model, names, options, bots, rng, max_steps=batch.max_steps, start=start
        )
        level_of = dict(zip(names, levels, strict=False))
        thinking = tuple((level_of[p], t) for p in names for t in g.thinking.get(p, ()))
        sheet = rules.score(g.state)
        winners = sheet.winners if g.ended else ()
        out.append(
            GameResult(
                tuple(ln.total for ln in sheet.lines),
                tuple(1 / len(winners) if ln.player in winners else 0.0 for ln in sheet.lines),
                len(g.steps),
                g.steps[-1].turn if g.steps else 0,
                g.ended,
                levels,
                thinking,
                g.ended and rules.bounded(g.state),
            )
        )
        if batch.log_dir is not None:
            write_atomic(
                Path(batch.log_dir) / log_name(batch.game, batch.seed, k + 1),
                log_text(rules, model, names, options, g.steps, position=start and start.given),
            )
    return out


def start_of(log_path: Any, components: Any) -> Any:
    """The position a log ends at, for games that go on from it (``simulate --from``): a
    position.Start whose ``given`` is the position itself (the logs written hold it)."""
    from portolan.checker.core.log import load_log
    from portolan.checker.core.position import Start
    from portolan.checker.core.reach import position_after

    log = load_log(log_path, components)
    last = log.steps[-1].turn if log.steps else (log.start.turns if log.start else 0)
    reached = position_after(log, last)
    if reached.violation is not None:
        raise ValueError(str(reached.violation))
    return Start(reached.state, last, log.options, log.source, given=reached.data)


def spread(values: list[float]) -> dict[str, float]:
    """Mean, population standard deviation, least and most of ``values`` (rounded to 4 places)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / n
    return {
        "mean": round(mean, 4),
        "stdev": round(var**0.5, 4),
        "min": min(values),
        "max": max(values),
    }


def summarise(players: list[str], results: list[GameResult]) -> dict[str, Any]:
    """Per seat: wins (shared wins as fractions), outright wins and the score's spread; and the
    games' length in steps and in turns. Spreads are over the games that ended (none if no game
    did); ``unfinished`` numbers (from 1) the games stopped at the step limit."""
    ended = [r for r in results if r.ended]
    seats = [
        {
            "seat": i + 1,
            "player": name,
            "wins": round(sum(r.shares[i] for r in ended), 4),
            "outright_wins": sum(1 for r in ended if r.shares[i] == 1),
            "score": spread([r.totals[i] for r in ended]) if ended else None,
        }
        for i, name in enumerate(players)
    ]
    return {
        "seats": seats,
        "length": spread([r.steps for r in ended]) if ended else None,
        "turns": spread([r.turns for r in ended]) if ended else None,
        "actions": sum(r.steps for r in results),
        "ended": len(ended),
        "bounded": sum(1 for r in ended if r.bounded),
        "unfinished": [k + 1 for k, r in enumerate(results) if not r.ended],
    }
