"""Age of Discovery with `portolan play` driven through stdin: a whole (short) game, stopped and
resumed, whose log `check` accepts; the menus and the names typed for cards turned over."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from checker.core.play import Session
from checker.core.registry import rules_for
from portolan.model import load_game
from tests.checker.helpers import TINY, run_log

RULES = rules_for("age-of-discovery")
MODEL = load_game(TINY, "age-of-discovery")  # draw piles of one card: a short game
DEFAULTS = {o.name: o.default for o in RULES.options(MODEL)}


def scripted_answers(seed: int, log: Path) -> tuple[list[str], int]:
    """Play a whole game in-process, answering at random. Returns the answers and the index of
    one asked at the start of a turn, halfway through (a place to stop and resume)."""
    rng = random.Random(seed)
    typed: list[str] = []
    starts: list[int] = []
    session: Session

    def ask(prompt: str) -> str:
        state = session.state
        if "?" in prompt:  # a card turned over or dealt: type its name
            outcomes = RULES.outcomes(state)
            move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
            answer = move.card
        else:  # a numbered choice
            if state.phase == "Actions" and not state.blocks and state.menu is None:
                starts.append(len(typed))
            answer = str(rng.randrange(len(RULES.legal_moves(state))) + 1)
        typed.append(answer)
        return answer

    session = Session(RULES, MODEL, ["Ana", "Ben"], DEFAULTS, log, ask, lambda _: None)
    assert session.run() is True
    return typed, starts[len(starts) // 2]


def portolan(args: list[str], stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "portolan", *args],
        input=stdin,
        text=True,
        capture_output=True,
        timeout=120,
    )


def test_a_whole_game_through_stdin_gives_a_log_that_check_accepts(tmp_path):
    answers, half = scripted_answers(3, tmp_path / "reference.yaml")
    log = tmp_path / "game.yaml"
    args = ["play", "age-of-discovery", "--players", "Ana,Ben", "--log", str(log)]
    args += ["--components", str(TINY)]
    first = portolan(args, "\n".join(answers[:half]) + "\nq\n")
    assert first.returncode == 0, first.stderr
    assert "run the same command to resume" in first.stdout
    second = portolan(args[:2] + args[4:], "\n".join(answers[half:]) + "\n")
    assert second.returncode == 0, second.stderr
    assert "Resuming" in second.stdout and "The game is over." in second.stdout
    assert "Winner:" in second.stdout or "Tied for the win" in second.stdout
    body = log.read_text(encoding="utf-8").split("\n", 1)[1]
    assert body == (tmp_path / "reference.yaml").read_text(encoding="utf-8").split("\n", 1)[1]
    result = run_log(log.read_text(encoding="utf-8"), TINY)
    assert result.ok and result.state.over
    check = portolan(["check", str(log), "--components", str(TINY)], "")
    assert check.returncode == 0 and "every step legal; the game is over" in check.stdout


def test_setup_by_name_then_the_menu_and_a_purchase(tmp_path):
    log = tmp_path / "game.yaml"
    contracts = ["red contract 3", "blue contract 5", "green contract 4", "white contract 6"]
    ships = ["red ship 1", "blue ship 2", "green ship 3", "yellow ship 1", "red ship 2"]
    ships += ["black ship 1", "red ship 3", "blue ship 3", "green ship 1", "yellow ship 2"]
    dealt = ["yellow contract 5", "black contract 3", "yellow contract 3", "green contract 6"]
    secrets = ["majority", "all ships", "santa", "golden"]
    # the menu: end the turn, take coins, each contract, each ship to buy, send…, Reservation…
    turn = ["buy green", "?", "white ship 1", "2", "1"]
    stdin = "\n".join(contracts + ships + dealt + secrets + turn + ["q"]) + "\n"
    out = portolan(["play", "age-of-discovery", "--players", "Ana,Ben", "--log", str(log)], stdin)
    assert out.returncode == 0, out.stderr
    assert "Ana's special mission: Majority of Ships (2 players)" in out.stdout
    assert "3. accept the face-up contract Red Contract 3" in out.stdout
    assert "7. accept a contract: draw the top card of the deck" in out.stdout
    assert "8. buy Red Ship 1" in out.stdout and "14. play a Reservation card…" in out.stdout
    assert "buys Green Ship 3 for 5 coins (1 left)" in out.stdout
    assert "possible: " in out.stdout and "First Scoring" not in out.stdout.split("possible:")[1]
    text = log.read_text(encoding="utf-8")
    assert "- {Green Ship 3: White Ship 1}" in text and "coins: take" in text
    result = run_log(text)
    assert result.ok, result.violation
    assert result.state.coins["Ana"] == 6 - 5 + 2
