"""`portolan score`: a finished game scored from its victory piles alone."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.games.exploration_age_of_sail import POSITION
from tests.checker.helpers import EXAMPLES, run_log


def score(tmp_path, text, *extra):
    path = tmp_path / "position.yaml"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(app, ["score", "exploration-age-of-sail", str(path), *extra])


def test_scores_victory_piles_with_conqueror_and_bonuses(tmp_path):
    out = score(tmp_path, POSITION, "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    by = {s["player"]: s for s in data["scores"]}
    # Ana: 5 + 4 + 5 = 14, Cortez a Conqueror +1; 3 discoveries each: the most is shared (+5);
    # Eastern 2 to 1: Ana +5; Pacific 1 to 0: Ana +5. Ben: 3 + 2 + 3 = 8; Western 2 to 0 (+5).
    assert by["Ana"]["breakdown"] == {
        "discoveries": 14,
        "conqueror": 1,
        "most_discoveries": 5,
        "most_western": 0,
        "most_eastern": 5,
        "most_pacific": 5,
    }
    assert by["Ben"]["breakdown"] == {
        "discoveries": 8,
        "conqueror": 0,
        "most_discoveries": 5,
        "most_western": 5,
        "most_eastern": 0,
        "most_pacific": 0,
    }
    assert by["Cai"]["total"] == 0
    assert (by["Ana"]["total"], by["Ben"]["total"]) == (30, 18)
    assert [s["rank"] for s in data["scores"]] == [1, 2, 3]
    assert data["winners"] == ["Ana"]


def test_option_in_the_position_file(tmp_path):
    text = POSITION.replace("players:", "options: {bonus_ties: none}\nplayers:")
    data = json.loads(score(tmp_path, text, "--json").output)
    assert {s["player"]: s["breakdown"]["most_discoveries"] for s in data["scores"]} == {
        "Ana": 0,
        "Ben": 0,
        "Cai": 0,
    }


def test_text_sheet(tmp_path):
    out = score(tmp_path, POSITION)
    assert out.exit_code == 0
    assert "Conqueror bonus" in out.output and "Winner: Ana" in out.output


def test_the_line_and_column_of_a_bad_discovery(tmp_path):
    text = POSITION.replace("  Ben: {Canada:", "  Ben: {Canad:")
    out = score(tmp_path, text)
    assert out.exit_code == 2
    assert "position.yaml:4:9: players.Ben.Canad: 'Canad' is not a discovery" in out.output


@pytest.mark.parametrize("name", ["two-players", "three-players"])
def test_the_end_position_of_an_example_scores_as_its_replay(tmp_path, name):
    """`portolan score` of the victory piles a logged game ended with (each discovery with the
    explorer who claimed it) agrees with `portolan check` of the log."""
    log = EXAMPLES / f"{name}.yaml"
    result = run_log(log.read_text(encoding="utf-8"))
    assert result.ok and result.state.over
    piles = {p: dict(result.state.victory[p]) for p in result.state.players}
    position = {"game": "exploration-age-of-sail", "players": piles}
    out = score(tmp_path, json.dumps(position), "--json")
    assert out.exit_code == 0, out.output
    replayed = CliRunner().invoke(app, ["check", str(log), "--json"])
    keys = ("player", "breakdown", "total", "rank")
    assert [{k: line[k] for k in keys} for line in json.loads(out.output)["scores"]] == [
        {k: line[k] for k in keys} for line in json.loads(replayed.output)["scores"]
    ]
