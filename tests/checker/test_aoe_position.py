"""`portolan score age-of-exploration`: each example log's end position, written as a table
would copy it off the VP chart (the awards each player claimed, the times the NWP or SSA marker
advanced for him, his Major Expeditions), scores as the replay of the log does."""

from __future__ import annotations

import json

import pytest
import yaml
from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.helpers import ROOT, run_log

EXAMPLES = sorted((ROOT / "examples" / "age-of-exploration").glob("*-players.yaml"))


def end_position(state) -> dict:
    """The end position a table would write down after the game the state has replayed."""
    players = {}
    for p in state.players:
        entry: dict = {"awards": [a for a, who in state.claimed.items() for w in who if w == p]}
        progress = state.vp[p].get("known_progress", 0) // state.k["known_progress_vp"]
        if progress:
            entry["progress"] = progress
        majors = {m: state.vp[p].get("majors", 0) for m, w in state.majors.items() if w == p}
        assert len(majors) <= 1, "the VP of each of several Majors is not kept apart"
        if majors:
            entry["majors"] = majors
        players[p] = entry
    return {"game": "age-of-exploration", "options": dict(state.options), "players": players}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_end_position_of_an_example_scores_as_its_replay(path, tmp_path):
    result = run_log(path.read_text("utf-8"), name=str(path))
    assert result.ok and result.state.over
    state = result.state
    end = tmp_path / "end.yaml"
    end.write_text(yaml.safe_dump(end_position(state), sort_keys=False), "utf-8")
    out = CliRunner().invoke(app, ["score", "age-of-exploration", str(end), "--json"])
    assert out.exit_code == 0, out.output
    scores = {s["player"]: s for s in json.loads(out.output)["scores"]}
    for p in state.players:
        assert scores[p]["breakdown"] == state.vp[p], p
        assert scores[p]["total"] == state.total(p)
