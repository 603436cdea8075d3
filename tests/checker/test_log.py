"""Reading a log (checker/core/log.py): a report lists at most ``logs.problems_listed`` problems,
and the reader stops there (a file of a million broken turns once took minutes and gigabytes)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from portolan.limits import problems_listed

HEADS = {
    # games whose parser reads its turns through the core's turn_entries
    "exploration-age-of-sail": "game: exploration-age-of-sail\nplayers: [Ana, Ben]\nturns:\n",
    # Age of Discovery reads its turns in the order written (LogFormat.written_order)
    "age-of-discovery": "game: age-of-discovery\nplayers: [Ana, Ben]\nturns:\n",
}


@pytest.mark.parametrize("game", sorted(HEADS))
def test_a_report_lists_so_many_problems_then_stops(tmp_path, game):
    most = problems_listed()
    path = tmp_path / "log.yaml"
    path.write_text(HEADS[game] + "  - not a turn\n" * (most * 3), "utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 2, out.output
    lines = [line for line in out.output.splitlines() if line.startswith("error:")]
    assert len(lines) == most + 1
    assert f"{most} problems found; the rest of the file was not read" in lines[-1]
    assert "limit logs.problems_listed" in lines[-1]


def test_fewer_problems_are_all_listed(tmp_path):
    path = tmp_path / "log.yaml"
    path.write_text(HEADS["exploration-age-of-sail"] + "  - not a turn\n" * 5, "utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 2
    assert out.output.count("a turn is a mapping") == 5
    assert "the rest of the file was not read" not in out.output


def test_the_player_count_is_checked_before_the_names(tmp_path):
    """A list of many names (two alike) is refused for its length, before any name is compared
    with another: comparing them all took minutes for 100,000 names."""
    names = ", ".join(["Ana", "ana", *(f"P{i}" for i in range(5000))])
    path = tmp_path / "log.yaml"
    path.write_text(f"game: exploration-age-of-sail\nplayers: [{names}]\nturns: []\n", "utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 2, out.output
    assert "players: 5002 players: Exploration in the Age of Sail is for 2 to 6" in out.output
    assert "listed twice" not in out.output


def test_a_name_listed_twice_within_the_count(tmp_path):
    path = tmp_path / "log.yaml"
    path.write_text("game: exploration-age-of-sail\nplayers: [Ana, Ben, ANA]\nturns: []\n", "utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 2, out.output
    assert "log.yaml:2:21: players[2]: 'ANA' is listed twice" in out.output


def test_an_unknown_game_is_named_before_the_sections_it_would_explain(tmp_path):
    """Age of Discovery's log has a ``setup:`` section; with a misspelt game the reader cannot
    know it, and says what is wrong first: the game."""
    path = tmp_path / "log.yaml"
    path.write_text("game: age-of-discovry\nplayers: [Ana, Ben]\nsetup: {}\nturns: []\n", "utf-8")
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 2, out.output
    assert "log.yaml:1:7: game: no checker for game 'age-of-discovry'" in out.output
    assert "did you mean 'age-of-discovery'" in out.output
    assert "unknown key" not in out.output
