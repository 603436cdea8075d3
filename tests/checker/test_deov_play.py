"""`portolan play discovery-era-of-voyage` driven through stdin: the setup dealt at the table,
a whole short game, stopped and resumed halfway; the log it writes passes `portolan check`."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from checker.core.play import Session
from checker.core.registry import rules_for
from checker.games.discovery_era_of_voyage.moves import (
    EndIncome,
    Exchange,
    Invest,
    Sail,
    Trade,
)
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS, run_log

RULES = rules_for("discovery-era-of-voyage")
MODEL = load_game(COMPONENTS, "discovery-era-of-voyage")
DEFAULTS = {o.name: o.default for o in RULES.options(MODEL)}


def preferred(state, moves: list, rng: random.Random):
    """A table in a hurry: invest and exchange whenever possible, sell when short of coins,
    head for the Cultural island with something to exchange."""
    for kind in (Invest, Exchange):
        for m in moves:
            if isinstance(m, kind):
                return m
    p = state.player
    if any(isinstance(m, Trade) for m in moves):
        sells = [m for m in moves if isinstance(m, Trade) and m.action == "sell"]
        return sells[0] if sells and state.coins[p] < 4 else EndIncome()
    sails = [m for m in moves if isinstance(m, Sail)]
    if sails:
        culture = [
            m
            for m in sails
            if state.book.island(m.to).type == "cultural"
            and any(state.res[p][r] for r in state.book.island(m.to).rates)
        ]
        return (culture or [rng.choice(sails)])[0]
    return rng.choice(moves)


def scripted_answers(seed: int, log: Path) -> list[tuple[str, str, str]]:
    """Play a whole game in-process; returns (phase, prompt, answer) for every question."""
    rng = random.Random(seed)
    typed: list[tuple[str, str, str]] = []
    session: Session

    def ask(prompt: str) -> str:
        state = session.state
        d = RULES.decision(state)
        if d.kind == "chance":  # the table says what was drawn
            outcomes = RULES.outcomes(state)
            move = rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
            answer = getattr(move, "card", None) or move.player
        else:
            moves = RULES.legal_moves(state)
            answer = str(moves.index(preferred(state, moves, rng)) + 1)
        typed.append((d.phase, prompt, answer))
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
    answers = scripted_answers(11, tmp_path / "reference.yaml")
    assert all(phase == "Setup" for phase, _, _ in answers[:8])  # 7 islands, the first player
    log = tmp_path / "game.yaml"
    args = ["play", "discovery-era-of-voyage", "--players", "Ana,Ben", "--log", str(log)]
    # stop halfway, at a Sailing question (the turn is asked again on resuming)
    sailing = [i for i, (phase, _, _) in enumerate(answers) if phase == "Sailing"]
    half = sailing[len(sailing) // 2]
    typed = [a for _, _, a in answers]
    first = portolan(args, "\n".join(typed[:half]) + "\nq\n")
    assert first.returncode == 0, first.stderr
    assert "== Before the first turn · Table · Setup phase ==" in first.stdout
    assert "run the same command to resume" in first.stdout
    second = portolan(args[:2] + args[4:], "\n".join(typed[half:]) + "\n")
    assert second.returncode == 0, second.stderr
    assert "Resuming" in second.stdout and "The game is over." in second.stdout
    assert "Winner:" in second.stdout
    body = log.read_text(encoding="utf-8").split("\n", 1)[1]
    assert body == (tmp_path / "reference.yaml").read_text(encoding="utf-8").split("\n", 1)[1]
    assert "setup:" in body and "islands:" in body
    result = run_log(log.read_text(encoding="utf-8"))
    assert result.ok and result.state.over
    check = portolan(["check", str(log)], "")
    assert check.returncode == 0 and "every step legal; the game is over" in check.stdout


def test_the_setup_is_asked_island_by_island_with_the_pirates_option(tmp_path):
    log = tmp_path / "game.yaml"
    circle = [
        "palm",  # a unique beginning is enough
        "Harbour Market",
        "orchard isle",
        "Temple of the Sun",
        "?",  # what may still be drawn
        "pepper coast",
        "Trading Post",
        "Gold Reef",
    ]
    stdin = "\n".join([*circle, "ben", "1", "1", "q"]) + "\n"
    args = ["play", "discovery-era-of-voyage", "--players", "Ana,Ben", "--log", str(log)]
    out = portolan([*args, "--option", "pirates=true"], stdin)
    assert out.returncode == 0, out.stderr
    assert "slot 1: Palm Grove (Production 1)" in out.stdout
    # the Cultural island is drawn already: the others can no longer come
    possible = out.stdout.split("possible:")[1].split("\n")[0]
    assert "Pepper Coast" in possible and "Golden Pagoda" not in possible
    assert "Ben is the starting player; turn order Ben, Ana" in out.stdout
    text = log.read_text(encoding="utf-8")
    assert "options: {pirates: true}" in text and "first: Ben" in text
    assert "coins: standard" in text and "markers: 8" in text


def test_a_game_stopped_mid_choice_resumes_at_that_choice(tmp_path):
    from checker.core.game import Step
    from checker.core.log import parse_log
    from checker.core.logwriter import log_text
    from checker.core.replay import replay
    from checker.games.discovery_era_of_voyage.moves import (
        Bow,
        FirstPlayer,
        Markers,
        NoInvest,
        PlaceIsland,
        PlacePirate,
        StartingCoins,
        StartTurn,
        TurnPirate,
    )

    circle = ["Palm Grove", "Harbour Market", "Orchard Isle", "Temple of the Sun"]
    circle += ["Pepper Coast", "Trading Post", "Gold Reef"]
    setup = [PlaceIsland(c) for c in circle] + [FirstPlayer("Ana"), StartingCoins(False)]
    turns = [
        (1, StartTurn("Ana")),
        (1, Sail("Palm Grove")),
        (1, Bow(1)),
        (1, NoInvest()),
        (2, StartTurn("Ben")),
        (2, PlacePirate("Orchard Isle", 1)),
        (2, PlacePirate("Gold Reef", -1)),
        (2, Sail("Harbour Market")),
        (2, Bow(1)),
        (3, StartTurn("Ana")),
        (3, TurnPirate()),  # 'turn a pirate'...
        (3, TurnPirate("Orchard Isle")),  # ...this one, and the game stops before the payment
    ]
    steps = [Step(m, 0, "Table") for m in [*setup, Markers(8)]]
    steps += [Step(m, t, "Ana" if t % 2 else "Ben") for t, m in turns]
    options = DEFAULTS | {"pirates": True}
    text = log_text(RULES, MODEL, ["Ana", "Ben"], options, steps)
    assert "turn_pirate" not in text
    result = replay(parse_log(text, "stopped.yaml", COMPONENTS))
    assert result.ok
    d = RULES.decision(result.state)
    assert (d.player, d.prompt) == ("Ana", "where to sail")
    assert TurnPirate() in RULES.legal_moves(result.state)
