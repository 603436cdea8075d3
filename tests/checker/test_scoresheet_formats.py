"""Score sheets as JSON (labels, tie-breaker values, what decided each rank, notes) and as CSV
(one row a player, one column a category), from the sheet itself and from the command line."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from portolan.checker.core.registry import GAMES
from portolan.checker.core.scoresheet import ScoreLine, ScoreSheet
from portolan.cli import app
from tests.checker.helpers import ROOT

CATEGORIES = [("ships", "Ships at sea"), ("gold", "Gold")]


def sheet() -> ScoreSheet:
    """Ana and Ben on 8, told apart by the second tie-breaker; Cai and Dora level on all."""
    return ScoreSheet(
        CATEGORIES,
        [
            ScoreLine("Ana", {"ships": 5, "gold": 3}, tiebreak=(2, 1)),
            ScoreLine("Ben", {"ships": 4, "gold": 4}, tiebreak=(2, 0)),
            ScoreLine("Cai", {"ships": 1, "gold": 1}, tiebreak=(0, 0)),
            ScoreLine("Dora", {"ships": 2, "gold": 0}, tiebreak=(0, 0)),
            ScoreLine("Eli", {"ships": 9, "gold": 0}, tiebreak=(0, 0)),
        ],
        tie_breakers=["Ships not sent", "Coins"],
        notes=["A tie goes to the most ships not sent.", ""],
    )


def test_json_tells_players_on_the_same_total_apart():
    data = sheet().as_json()
    assert data["categories"] == [
        {"id": "ships", "label": "Ships at sea"},
        {"id": "gold", "label": "Gold"},
    ]
    assert data["tie_breakers"] == ["Ships not sent", "Coins"]
    by = {s["player"]: s for s in data["scores"]}
    assert (by["Ana"]["total"], by["Ben"]["total"]) == (8, 8)
    assert (by["Ana"]["rank"], by["Ben"]["rank"]) == (2, 3)
    assert by["Ana"]["tie_breakers"] == {"Ships not sent": 2, "Coins": 1}
    assert by["Ana"]["decided_by"] == by["Ben"]["decided_by"] == "Coins"
    assert by["Eli"]["decided_by"] == "total" and by["Eli"]["rank"] == 1
    assert by["Cai"]["decided_by"] == by["Dora"]["decided_by"] == "shared"
    assert by["Cai"]["rank"] == by["Dora"]["rank"] == 4
    assert data["winners"] == ["Eli"]
    assert data["notes"] == ["A tie goes to the most ships not sent."]


def test_csv_is_one_row_a_player_and_one_column_a_category():
    rows = list(csv.reader(io.StringIO(sheet().as_csv())))
    assert rows[0] == ["Player", "Ships at sea", "Gold", "Total", "Ships not sent", "Coins", "Rank"]
    assert rows[1] == ["Ana", "5", "3", "8", "2", "1", "2"]
    assert [r[0] for r in rows[1:]] == ["Ana", "Ben", "Cai", "Dora", "Eli"]
    assert len(rows) == 6


POSITIONS = list(GAMES)  # every refereed game ships an end position in examples/positions/


@pytest.mark.parametrize("game", POSITIONS)
def test_score_csv_matches_score_json(game):
    position = str(ROOT / "examples" / "positions" / f"{game}.yaml")
    as_csv = CliRunner().invoke(app, ["score", game, position, "--format", "csv"])
    as_json = CliRunner().invoke(app, ["score", game, position, "--json"])
    assert as_csv.exit_code == as_json.exit_code == 0, as_csv.output
    data = json.loads(as_json.stdout)
    rows = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    assert [r["Player"] for r in rows] == [s["player"] for s in data["scores"]]
    for row, score in zip(rows, data["scores"], strict=True):
        assert int(row["Total"]) == score["total"] and int(row["Rank"]) == score["rank"]
        for category in data["categories"]:
            assert int(row[category["label"]]) == score["breakdown"][category["id"]]
        for label, value in score["tie_breakers"].items():
            assert row[label] == str(value)


def test_check_csv_prints_the_sheet_and_an_illegal_log_prints_nothing_on_stdout(tmp_path):
    log = ROOT / "examples" / "exploration-age-of-sail" / "two-players.yaml"
    ok = CliRunner().invoke(app, ["check", str(log), "--format", "csv"])
    assert ok.exit_code == 0
    assert ok.stdout.splitlines()[0].startswith("Player,")
    assert len(ok.stdout.splitlines()) == 3
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "game: exploration-age-of-sail\nplayers: [Ana, Ben]\n"
        "turns:\n  - {player: Ben, draw: Sailors}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["check", str(bad), "--format", "csv"])
    assert result.exit_code == 1 and result.stdout == ""
    assert "illegal step" in result.stderr


def test_an_unknown_sheet_format_exits_2():
    log = ROOT / "examples" / "exploration-age-of-sail" / "two-players.yaml"
    result = CliRunner().invoke(app, ["check", str(log), "--format", "xml"])
    assert result.exit_code == 2
    assert "--format: 'xml' is not allowed" in result.stderr


def test_csv_keeps_text_that_a_spreadsheet_would_run_as_a_formula_as_text():
    # names and labels come from logs and components shared online (OWASP "CSV injection")
    names = ['=HYPERLINK("http://x.example","?")', "+1", "-Ana", "@SUM(A1)", "\tTab", "Ana-Maria"]
    lines = [ScoreLine(n, {"ships": -2}, tiebreak=()) for n in names]
    odd = ScoreSheet([("ships", "=1+1")], lines, tie_breakers=[])
    rows = list(csv.reader(io.StringIO(odd.as_csv())))
    assert rows[0][:2] == ["Player", "'=1+1"]
    assert [r[0] for r in rows[1:]] == ["'" + n for n in names[:-1]] + ["Ana-Maria"]
    assert all(r[1] == "-2" for r in rows[1:])  # numbers stay numbers


def test_check_csv_of_a_log_naming_a_player_like_a_formula(tmp_path):
    log = tmp_path / "formula.yaml"
    text = (ROOT / "examples" / "exploration-age-of-sail" / "two-players.yaml").read_text("utf-8")
    log.write_text(text.replace("Ana", "'=1+1'", 1).replace("player: Ana", "player: '=1+1'"))
    result = CliRunner().invoke(app, ["check", str(log), "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert [r[0] for r in csv.reader(io.StringIO(result.stdout))][1] == "'=1+1"
