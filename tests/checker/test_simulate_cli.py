"""`portolan simulate`: per-seat results as JSON, the same for any number of processes."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest
from typer.testing import CliRunner

from portolan.checker.core.registry import rules_for
from portolan.checker.core.simulate import Batch, play_games, spread, summarise
from portolan.cli import app
from portolan.model import load_game
from portolan.paths import components_dir
from tests.processes import children, portolan_job, running

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
    from portolan.checker.core.simulate import GameResult

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


# -- games that do not end: the rules let random players play on for ever ------------------------

LONG = "discovery-era-of-voyage"  # its random players seldom invest, so some games run long


def _batch(game: str, max_steps: int, log_dir: str | None = None) -> Batch:
    model = load_game(components_dir(), game)
    defaults = tuple((o.name, o.default) for o in rules_for(game).options(model))
    return Batch(game, str(components_dir()), ("Ana", "Ben"), defaults, 7, log_dir, max_steps)


def test_the_step_limit_stops_a_game_that_is_not_over_and_only_such_a_game():
    from portolan.checker.core.simulate import GameDidNotEnd, game_rng, random_game

    model = load_game(components_dir(), LONG)
    rules = rules_for(LONG)
    options = {o.name: o.default for o in rules.options(model)}
    whole = random_game(rules, model, ["Ana", "Ben"], options, game_rng(7, 0))
    n = len(whole.steps)
    exact = random_game(rules, model, ["Ana", "Ben"], options, game_rng(7, 0), max_steps=n)
    assert exact.steps == whole.steps  # ending on the limit's own step is ending
    with pytest.raises(GameDidNotEnd) as stopped:
        random_game(rules, model, ["Ana", "Ben"], options, game_rng(7, 0), max_steps=n - 1)
    assert stopped.value.game.steps == whole.steps[: n - 1]
    assert rules.decision(stopped.value.game.state) is not None  # a step was still to play


def test_an_unfinished_game_is_reported_and_left_out_of_the_figures(tmp_path):
    whole = play_games(_batch(LONG, 200_000), 0, 4)
    limit = sorted(r.steps for r in whole)[1] + 1  # the shortest two games end, the others not
    results = play_games(_batch(LONG, limit, str(tmp_path)), 0, 4)
    assert [r.ended for r in results] == [r.steps < limit for r in whole]
    assert sum(r.ended for r in results) == 2
    for r, w in zip(results, whole, strict=True):
        assert r == w if r.ended else (r.steps == limit and sum(r.shares) == 0)
    summary = summarise(["Ana", "Ben"], results)
    assert summary["ended"] == 2
    assert summary["unfinished"] == [k + 1 for k, r in enumerate(results) if not r.ended]
    ended = [r for r in results if r.ended]
    assert summary["length"] == spread([r.steps for r in ended])
    assert abs(sum(s["wins"] for s in summary["seats"]) - 2) < 1e-9
    # the unfinished game's log is a legal log of a game that is not over
    log = tmp_path / f"{LONG}-7-{summary['unfinished'][0]:04d}.yaml"
    checked = CliRunner().invoke(app, ["check", str(log), "--json"])
    assert checked.exit_code == 0, checked.output
    report = json.loads(checked.stdout)
    assert report["ok"] is True and report["finished"] is False and report["winners"] == []


def test_cli_says_which_games_did_not_end_and_exits_0():
    args = ["simulate", LONG, "--games", "3", "--seed", "7", "--max-steps", "5"]
    text = CliRunner().invoke(app, args)
    assert text.exit_code == 0, text.output
    assert "3 of 3 games did not end within 5 steps (games 1, 2, 3)" in text.stdout
    assert "--seed 7 --games 1 --log-dir" in text.stdout
    data = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)
    assert data["ended"] == 0 and data["unfinished"] == [1, 2, 3] and data["max_steps"] == 5
    assert data["length"] is None and all(s["score"] is None for s in data["seats"])
    assert data["actions"] == 15


def test_max_steps_out_of_range_is_an_input_error():
    result = CliRunner().invoke(app, ["simulate", LONG, "--max-steps", "0"])
    assert result.exit_code == 2
    assert "--max-steps" in result.output


def test_bot_games_are_the_same_in_any_number_of_processes():
    args = ("--games", "4", "--seed", "2", "--bots", "greedy,random")
    one, two = simulate(*args), simulate(*args, "--jobs", "2")
    for key in ("seats", "length", "turns", "actions"):
        assert one[key] == two[key], key
    strip = ("cpu_median", "cpu_p95")
    rows = [
        [{k: v for k, v in r.items() if k not in strip} for r in d["bots"]["by_level"]]
        for d in (one, two)
    ]
    assert rows[0] == rows[1]
    assert sum(r["seats_played"] for r in rows[0]) == 8  # two seats in each of four games


def test_one_level_plays_every_seat_and_a_wrong_count_is_refused():
    data = simulate("--games", "2", "--bots", "greedy", "--players", "3")
    assert [r["level"] for r in data["bots"]["by_level"]] == ["greedy"]
    assert data["bots"]["by_level"][0]["seats_played"] == 6
    result = CliRunner().invoke(
        app, ["simulate", GAME, "--bots", "greedy,random", "--players", "3"]
    )
    assert result.exit_code == 2 and "2 levels for 3 players" in result.output


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads /proc")
def test_ctrl_c_stops_the_workers_at_once_with_one_word():
    """Ctrl-C reaches the whole job: the workers leave it to the parent, which ends them (it
    waited for every game they had still to play, and each printed a traceback)."""
    proc = portolan_job("simulate", "ships", "--games", "1000000", "--jobs", "2")
    try:
        while len(children(proc.pid)) < 2 and proc.poll() is None:
            time.sleep(0.01)  # polls for the workers, however long they take to start
        workers = children(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert err.strip() == "interrupted"
    assert not [w for w in workers if running(w)]
