"""`portolan score discovery-era-of-voyage`: a finished game scored from its end position (the
positions that cannot be read are in tests/checker/games/discovery_era_of_voyage.py)."""

from __future__ import annotations

import json
from functools import partial

import pytest
from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.games.discovery_era_of_voyage import EXAMPLES, POSITION
from tests.checker.helpers import run_log, score_position


def rows(output: str) -> list[str]:
    return [" ".join(line.split()) for line in output.splitlines()]


score = partial(score_position, "discovery-era-of-voyage")


def test_the_tie_breakers_from_a_position(tmp_path):
    text = POSITION.replace("Ben: {vp: 7", "Ben: {vp: 4")  # Ben 10, like Ana
    out = score(tmp_path, text)
    assert out.exit_code == 0, out.output
    # Ana and Ben: 10 each, 4 markers each on 3 islands; Ana has 3 resources, Ben 1
    assert "Markers used 4 4 4" in rows(out.output)
    assert "Islands with markers 3 3 2" in rows(out.output)
    assert "Resources left 3 1 0" in rows(out.output)
    assert "Winner: Ana" in out.output
    text = text.replace("resources: 2 Fruit + 1 Gold", "resources: 1")  # then turn order
    assert "Winner: Ben" in score(tmp_path, text).output


def test_markers_used_beyond_those_on_the_islands(tmp_path):
    text = POSITION.replace("Ben: {vp: 7", "Ben: {vp: 4") + "markers_used: {Ana: 5}\n"
    out = score(tmp_path, text)
    assert "Markers used 5 4 4" in rows(out.output)
    assert "Winner: Ana" in out.output


@pytest.mark.parametrize("name", ["two-players", "three-players", "four-players"])
def test_the_end_position_of_an_example_scores_as_its_replay(tmp_path, name):
    """`portolan score` of where a logged game ended agrees with `portolan check` of the log:
    the same points, ranks and tie-breakers (the players listed in turn order)."""
    result = run_log((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))
    assert result.ok and result.state.over
    end = result.state  # read straight from the state: what a table would write down
    players = {p: {"vp": end.vp[p], "resources": sum(end.res[p].values())} for p in end.order}
    islands = {}
    for island, markers in zip(end.ring, end.markers, strict=True):
        islands[island] = {p: n for p, n in markers.items() if n}
    text = json.dumps({"game": "discovery-era-of-voyage", "players": players, "islands": islands})
    out = score(tmp_path, text, "--json")
    assert out.exit_code == 0, out.output
    replayed = json.loads(
        CliRunner().invoke(app, ["check", str(EXAMPLES / f"{name}.yaml"), "--json"]).output
    )
    keys = ("player", "breakdown", "total", "rank", "tie_breakers", "decided_by")
    in_turn_order = sorted(replayed["scores"], key=lambda line: end.order.index(line["player"]))
    assert [{k: line[k] for k in keys} for line in json.loads(out.output)["scores"]] == [
        {k: line[k] for k in keys} for line in in_turn_order
    ]
