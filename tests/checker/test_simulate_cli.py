"""`portolan simulate`: per-seat results as JSON, the same for any number of processes."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from checker.core.registry import rules_for
from checker.core.simulate import Batch, play_games, spread, summarise
from portolan.cli import app
from portolan.model import load_game
from portolan.paths import components_dir

GAME = "exploration-age-of-sail"


def simulate(*args: str) -> dict:
    result = CliRunner().invoke(app, ["simulate", GAME, "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_json_reports_every_seat():
    data = simulate("--games", "12", "--seed", "5", "--players", "3")
    assert data["ok"] is True and data["games"] == 12 and data["players"] == 3
    seats = data["seats"]
    assert [s["seat"] for s in seats] == [1, 2, 3]
    assert abs(sum(s["wins"] for s in seats) - 12) < 1e-6  # every game has its winner(s)
    for s in seats:
        assert s["outright_wins"] <= s["wins"] + 1e-9
        score = s["score"]
        assert score["min"] <= score["mean"] <= score["max"] and score["stdev"] >= 0
    assert data["turns"]["min"] >= 1 and data["length"]["mean"] >= data["turns"]["mean"]


def test_jobs_give_the_same_results_as_one_process():
    one = simulate("--games", "9", "--seed", "7")
    two = simulate("--games", "9", "--seed", "7", "--jobs", "2")
    assert two["jobs"] == 2
    for key in ("seats", "length", "turns", "actions"):
        assert one[key] == two[key], key


def test_a_game_does_not_depend_on_the_games_before_it():
    model = load_game(components_dir(), GAME)
    defaults = tuple((o.name, o.default) for o in rules_for(GAME).options(model))
    batch = Batch(GAME, str(components_dir()), ("Ana", "Ben"), defaults, 3)
    whole = play_games(batch, 0, 6)
    assert play_games(batch, 4, 6) == whole[4:]
    assert play_games(batch, 0, 1) == whole[:1]


def test_summary_arithmetic():
    assert spread([1, 3]) == {"mean": 2.0, "stdev": 1.0, "min": 1, "max": 3}
    from checker.core.simulate import GameResult

    results = [GameResult((5, 5), (0.5, 0.5), 10, 4), GameResult((7, 1), (1.0, 0.0), 12, 5)]
    summary = summarise(["Ana", "Ben"], results)
    assert [s["wins"] for s in summary["seats"]] == [1.5, 0.5]
    assert [s["outright_wins"] for s in summary["seats"]] == [1, 0]
    assert summary["actions"] == 22


def test_text_output_has_a_line_per_seat():
    result = CliRunner().invoke(app, ["simulate", GAME, "--games", "4", "--players", "2"])
    assert result.exit_code == 0, result.output
    assert "games/s" in result.stdout
    lines = result.stdout.splitlines()
    assert any(ln.split()[:2] == ["1", "Ana"] for ln in lines)
    assert any(ln.split()[:2] == ["2", "Ben"] for ln in lines)
