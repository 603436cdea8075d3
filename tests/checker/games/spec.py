"""What a game supplies to the shared checker tests (tests/checker/test_games_*.py).

Each game's module in this folder builds one ``GameTests``; the shared tests run every entry for
every registered game, so a new game gets the same proof by filling in data, not by copying
test code.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
COMPONENTS = ROOT / "components"
TINY = ROOT / "tests" / "fixtures" / "tiny-components"


@dataclass(frozen=True)
class Expected:
    """An example game's score, worked out by hand (the module's comments show the working)."""

    breakdown: dict[str, dict[str, int]]  # player -> category id -> points
    winners: list[str]

    @property
    def totals(self) -> dict[str, int]:
        return {p: sum(b.values()) for p, b in self.breakdown.items()}


@dataclass(frozen=True)
class Violation:
    """A log broken at the line marked ``# here``: the rule cited and the message, word for word
    (a player reads it); and, where given, the turn (0: the setup), player, phase and column the
    violation is reported at. With turn, player and phase given, the whole line `check` prints
    is compared."""

    log: str
    section: str
    message: str
    turn: int | None = None
    player: str | None = None
    phase: str | None = None
    column: int | None = None


def after_the_end(game: str, example: str, step: str, section: str, **where: Any) -> Violation:
    """A step written after the last of an example game's (examples/<game>/<example>.yaml)."""
    text = (ROOT / "examples" / game / f"{example}.yaml").read_text(encoding="utf-8")
    return Violation(f"{text}  - {step}  # here\n", section, "the game is already over", **where)


@dataclass(frozen=True)
class Malformed:
    """A file that cannot be read: the line marked ``# here`` and the message's words."""

    text: str
    message: str


def malformed(cases: dict[str, tuple[str, str]]) -> dict[str, Malformed]:
    """Each case's (text, message) as a ``Malformed``."""
    return {name: Malformed(text, message) for name, (text, message) in cases.items()}


@dataclass(frozen=True)
class Position:
    """A finished game's end position as a table writes it for ``portolan score``, and its score
    worked out by hand (the module's comments show the working)."""

    text: str
    expected: Expected
    ranks: dict[str, int]  # player -> place on the score sheet


@dataclass(frozen=True)
class Play:
    """A whole game played at ``portolan play``'s prompts by a script, stopped and resumed at
    every prompt (tests/checker/test_games_play.py)."""

    components: Path  # small decks make a short game
    players: list[str]
    seed: int
    # No longer used: a game is stopped at every prompt. Kept so that older entries load.
    stop_here: Callable[[Any, str], bool] | None = None


@dataclass(frozen=True)
class GameTests:
    game: str
    examples: dict[str, Expected]  # example log name (examples/<game>/<name>.yaml) -> score
    violations: dict[str, Violation]
    malformed_logs: dict[str, Malformed]
    play: Play
    random_games: int  # how many seeded random games the property test plays
    players: range  # player counts the random games use (in turn)
    # Every card or piece, by name, wherever it is: conserved through a whole game.
    pieces: Callable[[Any], Counter] | None = None
    # What the box holds, for ``pieces`` to be compared with.
    full_set: Callable[[Any], Counter] | None = None
    # A check on a finished random game's state and score sheet (asserts inside).
    finished: Callable[[Any, Any, Any], None] | None = None
    malformed_positions: dict[str, Malformed] = field(default_factory=dict)
    # An end position scored by hand (tests/checker/test_games_positions.py): every game has one.
    position: Position | None = None
    # The random options made fit for a player count (options, players) -> options: e.g. a
    # variant for 2 players only, turned off for more.
    fit_options: Callable[[dict[str, Any], int], dict[str, Any]] | None = None
    # The bound the game states for its length: no random game takes this many steps.
    max_steps: int = 50_000
    # From a seed: two positions alike in all the player to choose can see and, where the game
    # hides anything from him, different in it (tests/checker/bots/test_blind.py).
    hidden_twins: Callable[[int], tuple[Any, Any]] | None = None


def copy_twins(game: str) -> Callable[[int], tuple[Any, Any]]:
    """``hidden_twins`` of a game that hides nothing in play: a position some random steps in,
    a player to choose among several moves, and its copy (caches empty)."""

    def twins(seed: int) -> tuple[Any, Any]:
        from portolan.checker.core.registry import rules_for
        from portolan.model import load_game

        rules, model = rules_for(game), load_game(COMPONENTS, game)
        state = rules.setup(
            model, ["Ana", "Ben"], {o.name: o.default for o in rules.options(model)}
        )
        rng = random.Random(seed)
        for step in range(10_000):
            d = rules.decision(state)
            assert d is not None, "the game ended before a position to choose in"
            if step > 60 and d.kind == "choice" and len(rules.legal_moves(state)) > 3:
                return state, rules.copy_state(state)
            chance = d.kind == "chance"
            move = rules.sample_outcome(state, rng) if chance else rules.sample_move(state, rng)
            rules.apply(state, move)
        raise AssertionError("no position with a choice among several moves")

    return twins
