"""Age of Discovery at `portolan play` and `portolan simulate`: the setup typed card by card,
a heading (send ships…) opened and closed, a purchase with the card turned over named; random
games written as logs (the whole game through stdin is in test_games_play.py)."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.helpers import run_log


def portolan(args: list[str], stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "portolan", *args],
        input=stdin,
        text=True,
        capture_output=True,
        timeout=120,
    )


def test_setup_by_name_then_a_heading_opened_and_closed_and_a_purchase(tmp_path):
    log = tmp_path / "game.yaml"
    contracts = ["red contract 3", "blue contract 5", "green contract 4", "white contract 6"]
    ships = ["red ship 1", "blue ship 2", "green ship 3", "yellow ship 1", "red ship 2"]
    ships += ["black ship 1", "red ship 3", "blue ship 3", "green ship 1", "yellow ship 2"]
    dealt = ["yellow contract 5", "black contract 3", "yellow contract 3", "green contract 6"]
    secrets = ["majority", "all ships", "santa", "golden"]
    # the list: end the turn, take coins, each contract, each ship to buy, then the headings
    # send ships… and play a Reservation card…; one opened and closed again, then a purchase
    turn = ["13", "back", "buy green", "?", "white ship 1", "2", "1"]
    stdin = "\n".join(contracts + ships + dealt + secrets + turn + ["q"]) + "\n"
    out = portolan(["play", "age-of-discovery", "--players", "Ana,Ben", "--log", str(log)], stdin)
    assert out.returncode == 0, out.stderr
    assert "Ana's special mission: Majority of Ships (2 players)" in out.stdout
    assert "3. accept the face-up contract Red Contract 3" in out.stdout
    assert "7. accept a contract: draw the top card of the deck" in out.stdout
    assert "8. buy Red Ship 1" in out.stdout
    assert "13. send ships (expeditions, trade contracts)… (4)" in out.stdout
    assert "14. play a Reservation card… (14)" in out.stdout
    under_send = [  # the heading opened: its moves, then the way back
        "send Santa María",
        "play Black Contract 3 for 1 turn(s)",
        "play Black Contract 3 for 2 turn(s)",
        "play Black Contract 3 for 3 turn(s)",
        "back (the other choices)",
    ]
    assert "\n".join(f"  {i:>2}. {e}" for i, e in enumerate(under_send, 1)) in out.stdout
    assert "buys Green Ship 3 for 5 coins (1 left)" in out.stdout
    assert "possible: " in out.stdout and "First Scoring" not in out.stdout.split("possible:")[1]
    text = log.read_text(encoding="utf-8")
    assert "- {Green Ship 3: White Ship 1}" in text and "coins: take" in text
    result = run_log(text)
    assert result.ok, result.violation
    assert result.state.coins["Ana"] == 6 - 5 + 2


def test_simulate_and_a_log_cut_short(tmp_path):
    out = CliRunner().invoke(
        app,
        [
            "simulate",
            "age-of-discovery",
            "--games",
            "3",
            "--players",
            "3",
            "--log-dir",
            str(tmp_path),
        ],
    )
    assert out.exit_code == 0, out.output
    assert "3 games of 3 players" in out.output
    logs = sorted(tmp_path.glob("*.yaml"))
    assert len(logs) == 3
    text = logs[0].read_text(encoding="utf-8")
    half = text[: text.index("  - player:", len(text) // 2)]
    (tmp_path / "half.yaml").write_text(half, encoding="utf-8")
    out = CliRunner().invoke(app, ["check", str(tmp_path / "half.yaml")])
    assert out.exit_code == 0, out.output
    assert "the game is not over yet (scores so far)" in out.output
