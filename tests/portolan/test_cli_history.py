"""portolan history: the plays and statistics of a served data folder, as text, JSON and CSV."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from portolan.cli import app
from portolan.web.historydb import History

runner = CliRunner()


def a_history(tmp_path) -> str:
    history = History(tmp_path)
    two = {
        "scores": [
            {"player": "Ana", "total": 70, "rank": 1},
            {"player": "Ben", "total": 50, "rank": 2},
        ],
        "winners": ["Ana"],
    }
    history.add_scored("ships", "2026-12-01", two, None)
    other = {
        "scores": [
            {"player": "Ben", "total": 9, "rank": 1},
            {"player": "Cai", "total": 3, "rank": 2},
        ],
        "winners": ["Ben"],
    }
    history.record_session("k" * 22, "age-of-discovery", "2026-12-02", other)
    return str(tmp_path)


def test_text_lists_the_plays_latest_first_and_the_statistics(tmp_path):
    result = runner.invoke(app, ["history", "--data", a_history(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "2 plays, the latest first:",
        "  #2  2026-12-02  age-of-discovery  refereed: Ben 9 (won), Cai 3",
        "  #1  2026-12-01  ships  scored: Ana 70 (won), Ben 50",
    ]
    assert "ships: player, plays, wins, average, best" in lines
    assert "  Ana: 1, 1, 70, 70" in lines


def test_game_filter_json_and_csv(tmp_path):
    data = a_history(tmp_path)
    result = runner.invoke(app, ["history", "--data", data, "--game", "ships", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["game"] == "ships" and [p["id"] for p in report["plays"]] == [1]
    assert report["players"][0] == {
        "game": "ships",
        "player": "Ana",
        "plays": 1,
        "wins": 1,
        "average": 70.0,
        "best": 70,
    }
    result = runner.invoke(app, ["history", "--data", data, "--csv"])
    assert result.stdout.splitlines() == [
        "play,date,game,kind,seat,player,score,rank,won",
        "1,2026-12-01,ships,scored,1,Ana,70,1,yes",
        "1,2026-12-01,ships,scored,2,Ben,50,2,no",
        "2,2026-12-02,age-of-discovery,refereed,1,Ben,9,1,yes",
        "2,2026-12-02,age-of-discovery,refereed,2,Cai,3,2,no",
    ]


def test_an_empty_history_and_bad_options(tmp_path):
    result = runner.invoke(app, ["history", "--data", str(tmp_path / "none")])
    assert result.exit_code == 0 and result.stdout.startswith("No play in the history yet")
    assert not (tmp_path / "none").exists()  # reading creates nothing
    bad = runner.invoke(app, ["history", "--data", str(tmp_path), "--game", "shipz"])
    assert bad.exit_code == 2 and "did you mean 'ships'" in bad.stderr
    both = runner.invoke(app, ["history", "--data", str(tmp_path), "--json", "--csv"])
    assert both.exit_code == 2 and "choose one of --json and --csv" in both.stderr
