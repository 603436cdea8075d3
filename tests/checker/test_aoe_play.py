"""`portolan play age-of-exploration` driven through stdin for whole short games on the real map
and decks (the shared play test plays on the tiny fixture board). The games are the examples,
typed as a table would type them at the prompts: each card drawn by its number, each roll by its
total, each choice by its number in the list (a heading's, then the entry's under it), the
defaults taken where the log leaves a step out. The log `play` writes replays to the example's
score, and someone reached the short game's VP."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from portolan.checker.core.log import load_log
from portolan.checker.core.play import Heading, Session, menu_entries
from portolan.checker.core.replay import replay
from portolan.paths import ROOT, components_dir
from tests.checker.helpers import run_log

GAME = "age-of-exploration"
# CI types the 2-player game; PORTOLAN_PROPERTY_SCALE above 1 (longer runs) the 3-player one too
# (the face-up Outfitting option given on the command line).
EXAMPLES = ["two-players"]
if float(os.environ.get("PORTOLAN_PROPERTY_SCALE", "1")) > 1:
    EXAMPLES.append("three-players")


def typed_answers(example, log) -> tuple[list[str], Session]:
    """Play the example in-process through a Session; the answers a person would type."""
    written = load_log(example, components_dir())
    rules, steps = written.rules, written.steps
    typed: list[str] = []
    queue: list[str] = []
    done = {"steps": 0, "seen": 0}  # log steps met; session steps looked at
    session: Session

    def met() -> None:
        """Count the log's steps among those the session applied (some without a question)."""
        for step in session.steps[done["seen"] :]:
            if done["steps"] < len(steps) and step.move == steps[done["steps"]].move:
                done["steps"] += 1
        done["seen"] = len(session.steps)

    def next_move():
        """The log's next step if the rules accept it now, else the default (as replay does)."""
        met()
        d = rules.decision(session.state)
        if done["steps"] < len(steps) and isinstance(steps[done["steps"]].move, d.accepts):
            return d, steps[done["steps"]].move
        assert d.default is not None, f"the log leaves out {d.prompt}"
        return d, d.default

    def ask(prompt: str) -> str:
        if queue:
            answer = queue.pop(0)
        else:
            d, move = next_move()
            if d.kind == "chance":  # a card drawn or the dice: typed by number
                answer = rules.outcome_name(move)
            else:
                moves = rules.legal_moves(session.state)
                k = next(i for i, m in enumerate(moves) if m == move)
                menus = [rules.menu(m) for m in moves]
                top = menu_entries(moves, menus, None, rules.describe)
                if menus[k] is None:
                    answer = str(next(i for i, (_, e) in enumerate(top, 1) if e is moves[k]))
                else:
                    inside = menu_entries(moves, menus, menus[k], rules.describe)
                    heading = Heading(menus[k])
                    answer = str(next(i for i, (_, e) in enumerate(top, 1) if e == heading))
                    queue.append(
                        str(next(i for i, (_, e) in enumerate(inside, 1) if e is moves[k]))
                    )
        typed.append(answer)
        return answer

    model, players, options = written.model, written.players, written.options
    session = Session(rules, model, players, options, log, ask, lambda _: None)
    assert session.run() is True
    met()
    assert done["steps"] == len(steps), "every step of the example was typed"
    return typed, session


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_whole_short_game_through_stdin(name, tmp_path):
    example = ROOT / "examples" / GAME / f"{name}.yaml"
    written = load_log(example, components_dir())
    expected, rules = replay(written), written.rules
    totals = {ln.player: ln.total for ln in rules.score(expected.state).lines}
    answers, session = typed_answers(example, tmp_path / "reference.yaml")
    assert max(totals.values()) >= 6  # the short game with 2-3 players: won at 6 VP
    assert any(a.isdigit() and int(a) > 60 for a in answers)  # exploration cards by number
    options = [f"{k}={v}" for k, v in session.options.items()]
    log = tmp_path / "game.yaml"
    command = [sys.executable, "-m", "portolan", "play", GAME, "--log", str(log)]
    command += ["--players", ",".join(session.players)]
    command += [x for o in options for x in ("--option", o)]
    played = subprocess.run(
        command, input="\n".join(answers) + "\n", text=True, capture_output=True, timeout=600
    )
    assert played.returncode == 0, played.stderr[-2000:]
    assert "The game is over." in played.stdout and "Winner:" in played.stdout
    assert "dice" in played.stdout  # the rolls were asked for
    body = log.read_text(encoding="utf-8").split("\n", 1)[1]
    assert body == (tmp_path / "reference.yaml").read_text(encoding="utf-8").split("\n", 1)[1]
    result = run_log(log.read_text(encoding="utf-8"), components_dir())
    assert result.ok and rules.decision(result.state) is None
    assert {ln.player: ln.total for ln in rules.score(result.state).lines} == totals
