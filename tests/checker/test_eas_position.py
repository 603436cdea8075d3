"""`portolan score exploration-age-of-sail`: a finished game scored from its victory piles alone
(the hand-scored position is checked for every game in test_games_positions.py)."""

from __future__ import annotations

import json
from functools import partial

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.games.exploration_age_of_sail import POSITION
from tests.checker.helpers import EXAMPLES, run_log, score_position

score = partial(score_position, "exploration-age-of-sail")


def test_option_in_the_position_file(tmp_path):
    text = POSITION.replace("players:", "options: {bonus_ties: none}\nplayers:")
    data = json.loads(score(tmp_path, text, "--json").output)
    assert {s["player"]: s["breakdown"]["most_discoveries"] for s in data["scores"]} == {
        "Ana": 0,
        "Ben": 0,
        "Cai": 0,
    }


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
