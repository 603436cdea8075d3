"""`portolan play` driven through stdin for every game: a whole game, stopped halfway and
resumed, whose log `check` accepts and equals the log of the same game played in one go."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from checker.core.play import BACK, Heading, Session, menu_entries
from checker.core.registry import rules_for
from portolan.model import load_game
from tests.checker.games import GAME_TESTS
from tests.checker.helpers import run_log


def scripted_answers(game: str, log: Path) -> tuple[list[str], int]:
    """Play a whole game in-process, answering at random as a person would type: a card's name
    for what the table reveals, the number of an entry (a heading, then a move under it) for a
    choice. Returns the answers and the index of one where the game may stop halfway."""
    spec = GAME_TESTS[game].play
    rules, model = rules_for(game), load_game(spec.components, game)
    defaults = {o.name: o.default for o in rules.options(model)}
    rng = random.Random(spec.seed)
    typed: list[str] = []
    stops: list[int] = []
    queue: list[str] = []
    session: Session

    def ask(prompt: str) -> str:
        state = session.state
        if not queue and spec.stop_here(session, prompt):
            stops.append(len(typed))
        if "?" in prompt:  # what the table reveals: type its name
            outcomes = rules.outcomes(state)
            move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
            answer = rules.outcome_name(move)
        elif queue:
            answer = queue.pop(0)
        else:
            moves = rules.legal_moves(state)
            menus = [rules.menu(m) for m in moves]
            k = rng.randrange(len(moves))
            top = menu_entries(moves, menus, None, rules.describe)
            if menus[k] is None:
                answer = str(next(i for i, (_, e) in enumerate(top, 1) if e is moves[k]))
            else:
                inside = menu_entries(moves, menus, menus[k], rules.describe)
                answer = str(next(i for i, (_, e) in enumerate(top, 1) if e == Heading(menus[k])))
                queue.append(str(next(i for i, (_, e) in enumerate(inside, 1) if e is moves[k])))
                assert inside[-1][1] is BACK
        typed.append(answer)
        return answer

    session = Session(rules, model, spec.players, defaults, log, ask, lambda _: None)
    assert session.run() is True
    return typed, stops[len(stops) // 2]


def portolan(args: list[str], stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "portolan", *args],
        input=stdin,
        text=True,
        capture_output=True,
        timeout=300,
    )


@pytest.mark.parametrize("game", list(GAME_TESTS))
def test_a_whole_game_through_stdin_stopped_and_resumed(game, tmp_path):
    spec = GAME_TESTS[game].play
    answers, half = scripted_answers(game, tmp_path / "reference.yaml")
    log = tmp_path / "game.yaml"
    new = ["play", game, "--players", ",".join(spec.players), "--log", str(log)]
    resume = ["play", game, "--log", str(log)]
    where = ["--components", str(spec.components)]
    first = portolan(new + where, "\n".join(answers[:half]) + "\nq\n")
    assert first.returncode == 0, first.stderr
    assert "run the same command to resume" in first.stdout
    assert "Winner" not in first.stdout and "Tied for the win" not in first.stdout
    halfway = portolan(["check", str(log), *where], "")  # a game stopped midway: no winner
    assert halfway.returncode == 0, halfway.stdout
    assert "the game is not over yet" in halfway.stdout
    assert "No winner yet" in halfway.stdout and "Winner:" not in halfway.stdout
    second = portolan(resume + where, "\n".join(answers[half:]) + "\n")
    assert second.returncode == 0, second.stderr
    assert "Resuming" in second.stdout and "The game is over." in second.stdout
    assert "Winner:" in second.stdout or "Tied for the win" in second.stdout
    body = log.read_text(encoding="utf-8").split("\n", 1)[1]
    assert body == (tmp_path / "reference.yaml").read_text(encoding="utf-8").split("\n", 1)[1]
    result = run_log(log.read_text(encoding="utf-8"), spec.components)
    assert result.ok and rules_for(game).decision(result.state) is None
    check = portolan(["check", str(log), *where], "")
    assert check.returncode == 0 and "every step legal; the game is over" in check.stdout
