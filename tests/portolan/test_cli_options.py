"""Options shared by several commands mean the same in each (portolan/cli/options.py):
--players takes names or a count in play and simulate; -j/--jobs has one default."""

from __future__ import annotations

import json

import pytest
import typer.main
from typer.testing import CliRunner

from portolan.cli import app
from portolan.cli import options as opt

runner = CliRunner()


def simulate(*args: str) -> dict:
    result = runner.invoke(app, ["simulate", "ships", "--games", "2", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_players_is_names_or_a_count():
    assert opt.players("--players", "Ana, Ben") == ["Ana", "Ben"]
    assert opt.players("--players", " 3 ") == 3
    with pytest.raises(opt.InputError):
        opt.players("--players", "0")


def test_simulate_takes_names_or_a_count():
    named = simulate("--players", "Zoe,Yan,Xia")
    assert named["players"] == 3
    assert [s["player"] for s in named["seats"]] == ["Zoe", "Yan", "Xia"]
    counted = simulate("--players", "3")
    assert [s["player"] for s in counted["seats"]] == ["Ana", "Ben", "Cai"]


def test_play_takes_a_count_or_names(tmp_path):
    for given, seats in (("2", "[Ana, Ben]"), ("Zoe,Yan", "[Zoe, Yan]")):
        log = tmp_path / f"{given}.yaml"
        result = runner.invoke(
            app, ["play", "ships", "--players", given, "--log", str(log)], input="q\n"
        )
        assert result.exit_code == 0, result.output
        assert f"players: {seats}" in log.read_text("utf-8")
    resumed = runner.invoke(
        app, ["play", "ships", "--players", "3", "--log", str(tmp_path / "2.yaml")], input="q\n"
    )
    assert resumed.exit_code == 2
    assert "the log was started by Ana, Ben" in resumed.stderr


def _jobs(command: str):
    params = typer.main.get_command(app).commands[command].params
    return next(p for p in params if "--jobs" in p.opts)


def test_jobs_has_one_default_and_one_spelling_everywhere():
    build, sim = _jobs("build"), _jobs("simulate")
    assert build.default == sim.default == 0
    assert build.opts == sim.opts == ["--jobs", "-j"]
    assert simulate()["jobs"] == opt.workers(0) >= 1
    assert simulate("-j", "1")["jobs"] == 1


@pytest.mark.parametrize(
    "command",
    [
        ["build", "ships", "--bleed", "inf"],
        ["build", "ships", "--printer-margin", "nan"],
        ["build", "ships", "--back-offset", "nan,1"],
        ["build", "ships", "--back-offset", "0,-inf"],
        ["simulate", "ships", "--bots", "mcts,greedy", "--think", "inf"],
        ["play", "ships", "--players", "2", "--think", "nan"],
    ],
)
def test_infinity_and_nan_are_refused_as_the_option_they_are_given_to(command, tmp_path):
    """Python reads 'inf' and 'nan' as floats: they are refused with exit 2 and the option
    named, before anything is built, played or written (they were an internal error, exit 3,
    or a misleading message about a card's size)."""
    where = ["--out", str(tmp_path / "out")] if command[0] == "build" else []
    where += ["--log", str(tmp_path / "game.yaml")] if command[0] == "play" else []
    result = runner.invoke(app, [*command, *where], input="q\n")
    assert result.exit_code == 2, result.output
    option = next(
        a for a in command if a in ("--bleed", "--printer-margin", "--back-offset", "--think")
    )
    assert f"command line: {option}:" in result.stderr
    assert "not" in result.stderr and "number" in result.stderr
    assert not list(tmp_path.iterdir())
