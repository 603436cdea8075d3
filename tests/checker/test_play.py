"""`portolan play` driven through stdin: a whole (tiny) game, resumed halfway, with an undo."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from checker.core.play import Session, pick
from checker.core.registry import rules_for
from portolan.model import load_game
from tests.checker.helpers import TINY, run_log

RULES = rules_for("exploration-age-of-sail")
MODEL = load_game(TINY, "exploration-age-of-sail")
DEFAULTS = {o.name: o.default for o in RULES.options(MODEL)}


def scripted_answers(seed: int, log: Path) -> list[tuple[str, str]]:
    """Play a whole game in-process, answering at random; returns (prompt, answer) pairs."""
    rng = random.Random(seed)
    typed: list[tuple[str, str]] = []
    session: Session

    def ask(prompt: str) -> str:
        if "?" in prompt:  # a card drawn or turned over: type its name
            outcomes = RULES.outcomes(session.state)
            move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
            answer = move.card
        else:  # a numbered choice
            answer = str(rng.randrange(len(RULES.legal_moves(session.state))) + 1)
        typed.append((prompt, answer))
        return answer

    session = Session(RULES, MODEL, ["Ana", "Ben"], DEFAULTS, log, ask, lambda _: None)
    assert session.run() is True
    return typed


def portolan(args: list[str], stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "portolan", *args],
        input=stdin,
        text=True,
        capture_output=True,
        timeout=120,
    )


def test_a_whole_game_through_stdin_gives_a_log_that_check_accepts(tmp_path):
    answers = scripted_answers(7, tmp_path / "reference.yaml")
    log = tmp_path / "game.yaml"
    args = [
        "play",
        "exploration-age-of-sail",
        "--players",
        "Ana,Ben",
        "--log",
        str(log),
        "--components",
        str(TINY),
    ]
    # stop halfway, at the start of a turn (a choice half made is asked again on resuming)
    draws = [i for i, (prompt, _) in enumerate(answers) if "Expedition deck" in prompt]
    half = draws[len(draws) // 2]
    answers = [a for _, a in answers]
    first = portolan(args, "\n".join(answers[:half]) + "\nq\n")
    assert first.returncode == 0, first.stderr
    assert "run the same command to resume" in first.stdout
    second = portolan(args[:2] + args[4:], "\n".join(answers[half:]) + "\n")
    assert second.returncode == 0, second.stderr
    assert "Resuming" in second.stdout
    assert "The game is over." in second.stdout
    assert "Winner:" in second.stdout or "Tied for the win" in second.stdout
    body = log.read_text(encoding="utf-8").split("\n", 1)[1]
    assert body == (tmp_path / "reference.yaml").read_text(encoding="utf-8").split("\n", 1)[1]
    result = run_log(log.read_text(encoding="utf-8"), TINY)
    assert result.ok and result.state.over
    check = portolan(["check", str(log), "--components", str(TINY)], "")
    assert check.returncode == 0 and "every step legal; the game is over" in check.stdout


def test_answers_by_name_prefix_and_undo(tmp_path):
    log = tmp_path / "game.yaml"
    stdin = "magel\ncarr\nu\ncaravels\n?\nq\n"
    out = portolan(
        ["play", "exploration-age-of-sail", "--players", "Ana,Ben", "--log", str(log)], stdin
    )
    assert out.returncode == 0, out.stderr
    assert "draws Magellan" in out.stdout and "draws Carracks" in out.stdout
    assert "Undone." in out.stdout and "draws Caravels" in out.stdout
    assert "possible: Galleons ×4" in out.stdout
    text = log.read_text(encoding="utf-8")
    assert "{player: Ana, draw: Magellan}" in text
    assert "{player: Ben, draw: Caravels}" in text and "Carracks" not in text


def test_pick_matches_words_case_and_accent_insensitively():
    labels = [
        "form an expedition: Hernán Cortés + Galleons + Sailors",
        "form an expedition: Magellan + Galleons + Sailors",
        "no (more) expeditions this turn",
    ]
    assert pick("hernan", labels) == [0]
    assert pick("MAG gal", labels) == [1]
    assert pick("galleons", labels) == [0, 1]
    assert pick("no", labels) == [2]


def test_new_game_needs_players_and_a_valid_count(tmp_path):
    out = portolan(["play", "exploration-age-of-sail", "--log", str(tmp_path / "x.yaml")], "")
    assert out.returncode == 2 and "--players" in out.stderr and "Traceback" not in out.stderr
    out = portolan(
        ["play", "exploration-age-of-sail", "--players", "Solo", "--log", str(tmp_path / "x.yaml")],
        "",
    )
    assert out.returncode == 2 and "Exploration in the Age of Sail is for 2 to 6" in out.stderr
