"""Helpers for checker tests: logs written inline, replayed against the real components."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from portolan.checker.core.log import parse_log
from portolan.checker.core.replay import replay

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = ROOT / "components"
TINY = ROOT / "tests" / "fixtures" / "tiny-components"
EXAMPLES = ROOT / "examples" / "exploration-age-of-sail"
MARK = "# here"


def run_log(text: str, components: Path = COMPONENTS, name: str = "test.yaml"):
    return replay(parse_log(text, name, components))


def play_moves(rules, state, *moves, asked: bool = True) -> list[str]:
    """Apply ``moves`` as a log would, the steps it may leave out (defaults) filled in: every
    move must be legal and, if ``asked``, of a kind the decision asks for (Ships also takes a
    move that settles what is asked, as a log may write it). The events they made."""
    events: list[str] = []
    for move in moves:
        d = rules.decision(state)
        while d is not None and not isinstance(move, d.accepts) and d.default is not None:
            events += rules.apply(state, d.default)
            d = rules.decision(state)
        assert d is not None and (isinstance(move, d.accepts) or not asked), (move, d)
        problem = rules.check(state, move, d.player)
        assert problem is None, problem
        events += rules.apply(state, move)
    return events


def marked_line(text: str) -> int:
    """The 1-based line carrying the '# here' marker."""
    lines = [i for i, line in enumerate(text.splitlines(), start=1) if MARK in line]
    assert len(lines) == 1, "a test log marks exactly one line"
    return lines[0]


def marked(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` replaced by ``new`` on the first line holding it, that line marked
    '# here' (where the refusal is expected)."""
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if old in line)
    lines[k] = lines[k].replace(old, new) + f"  {MARK}"
    return "\n".join(lines) + "\n"


def score_position(game: str, folder: Path, text: str, *extra: str):
    """``portolan score GAME`` of ``text`` written to position.yaml in ``folder`` (CliRunner)."""
    from typer.testing import CliRunner

    from portolan.cli import app

    path = folder / "position.yaml"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(app, ["score", game, str(path), *extra])


def portolan(args: list[str], stdin: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """The real ``portolan`` command, run with ``stdin`` typed at its prompts."""
    return subprocess.run(
        [sys.executable, "-m", "portolan", *args],
        input=stdin,
        text=True,
        capture_output=True,
        timeout=timeout,
    )


# Steps after which a property test stops a random game: random players may never head for the
# end (Discovery's may never invest), and a longer game only slows the test.
LIMIT = 20_000


def played_or_stopped(rules, model, names, options, rng, max_steps: int = LIMIT):
    """A random game and whether it ended, or the game as it stood at ``max_steps``."""
    from portolan.checker.core.simulate import GameDidNotEnd, random_game

    try:
        return random_game(rules, model, names, options, rng, max_steps=max_steps), True
    except GameDidNotEnd as stopped:
        return stopped.game, False
