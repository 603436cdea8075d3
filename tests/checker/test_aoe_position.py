"""`portolan score age-of-exploration`: each example log's end position, written as a table
would copy it off the VP chart (the awards each player claimed, with VP or without, the times the
NWP or SSA marker advanced for him, his Major Expeditions), scores as the replay of the log does."""

from __future__ import annotations

import json

import pytest
import yaml
from typer.testing import CliRunner

from portolan.checker.core.turn import push, run
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import publishing
from portolan.checker.games.age_of_exploration.moves import Draw, Move, Roll
from portolan.checker.games.age_of_exploration.state import LAND, Turn
from portolan.cli import app
from tests.checker.helpers import ROOT, run_log
from tests.checker.test_aoe_rules import launched, play, table

EXAMPLES = sorted((ROOT / "examples" / "age-of-exploration").glob("*-players.yaml"))


def end_position(state) -> dict:
    """The end position a table would write down after the game the state has replayed."""
    players = {}
    for p in state.players:
        mine = [a for a, who in state.claimed.items() for w in who if w == p]
        unscored = [a for a, who in state.unscored.items() for w in who if w == p]
        for a in unscored:
            mine.remove(a)
        entry: dict = {"awards": mine}
        if unscored:
            entry["without_vp"] = unscored
        progress = state.vp[p].get("known_progress", 0) // state.k["known_progress_vp"]
        if progress:
            entry["progress"] = progress
        majors = {m: state.vp[p].get("majors", 0) for m, w in state.majors.items() if w == p}
        assert len(majors) <= 1, "the VP of each of several Majors is not kept apart"
        if majors:
            entry["majors"] = majors
        players[p] = entry
    return {"game": "age-of-exploration", "options": dict(state.options), "players": players}


def scores_as_replayed(state, tmp_path) -> None:
    end = tmp_path / "end.yaml"
    end.write_text(yaml.safe_dump(end_position(state), sort_keys=False), "utf-8")
    out = CliRunner().invoke(app, ["score", "age-of-exploration", str(end), "--json"])
    assert out.exit_code == 0, out.output
    scores = {s["player"]: s for s in json.loads(out.output)["scores"]}
    for p in state.players:
        assert scores[p]["breakdown"] == state.vp[p], p
        assert scores[p]["total"] == state.total(p)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_end_position_of_an_example_scores_as_its_replay(path, tmp_path):
    result = run_log(path.read_text("utf-8"), name=str(path))
    assert result.ok and result.state.over
    scores_as_replayed(result.state, tmp_path)


def test_the_end_position_after_a_major_scores_as_its_replay(tmp_path):
    """Major Expeditions: Cortés defeats the Aztecs (4 VP: Ana had none); the Return checklist
    still publishes, so the CA Landfall comes off the VP chart without VP. Ben then publishes
    his sighting and NA Landfall (2 VP). Written as the table left it, the end position scores
    as the replay did."""
    state = table()
    e = launched(state, "Ana", "AZ-CONTACT", LAND, ships=0, Crew=1, Soldiers=3, Provision=2)
    e.visited |= {"CA1-YUC", "CA2", "CA3"}  # his way in from the Yucatán
    state.awe["Aztec"], state.strength["Aztec"], e.entry = 5, 1, "Aztec"
    state.now = Turn(start="AZ-CONTACT", progress=1, progress_set=True)
    push(state, tk.Movement(), tk.NextPlayer())
    run(state)
    play(state, Move("AZ-CAPITAL"))
    state.tasks.clear()
    state.current = 0  # Ana's next turn, in the Capital
    state.now = Turn(start="AZ-CAPITAL", draws="civilization")
    push(state, tk.DrawCard("civilization"), tk.TurnInCard(), tk.NextPlayer())
    run(state)
    play(state, Draw(84), Roll(3), Roll(2))  # Cortés's arms, then the battle: the Aztecs fall
    assert state.majors == {"aztec-defeat": "Ana"} and state.claimed == {"landfall-ca": ["Ana"]}
    ben = launched(state, "Ben", "EUROPE")
    ben.visited |= {"ATL1", "NA-NE", "NA1-NE"}
    publishing.publish(state, "Ben", None)
    assert state.total("Ana") == 4 and state.total("Ben") == 2
    scores_as_replayed(state, tmp_path)


def score(tmp_path, text: str, *args: str):
    end = tmp_path / "end.yaml"
    end.write_text("game: age-of-exploration\n" + text, "utf-8")
    return CliRunner().invoke(app, ["score", "age-of-exploration", str(end), *args])


SIX = "[new-world-sighting, landfall-na, landfall-cb, cod-banks, bay, bay]"  # 6 VP


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("players:\n  Ana: {awards: [bay, bay, bay, bay, cod-banks]}\n  Ben: {}\n  Cai: {}\n", 6),
        ("players:\n  Ana: {awards: [bay, bay, bay]}\n  Ben: {}\n  Cai: {}\n  Dan: {}\n", 4),
        (
            "options: {victory: campaign}\nplayers:\n"
            f"  Ana: {{awards: {SIX}, majors: {{amazon: 8}}}}\n  Ben: {{}}\n",
            15,
        ),
    ],
    ids=["5 of 6 with 3 players", "3 of 4 with 4 players", "14 of 15 in the campaign"],
)
def test_a_position_below_the_target_has_no_winner(tmp_path, text, target):
    """Victory: "A player wins as soon as he reaches the requisite VPs": below it, the game
    goes on, as check says of a log."""
    out = score(tmp_path, text)
    assert out.exit_code == 0, out.output
    assert "Winner" not in out.output
    assert "No winner yet: the game is not over" in out.output
    assert f"Nobody has reached {target} VP" in out.output
    data = json.loads(score(tmp_path, text, "--json").output)
    assert data["finished"] is False and data["winners"] == []
    assert data["scores"][0]["rank"] == 1


def test_a_position_at_the_target_is_won(tmp_path):
    out = score(tmp_path, f"players:\n  Ana: {{awards: {SIX}}}\n  Ben: {{}}\n", "--json")
    data = json.loads(out.output)
    assert data["finished"] is True and data["winners"] == ["Ana"]


def test_two_players_at_the_target_cannot_be(tmp_path):
    text = (
        "players:\n  Ana: {awards: [bay, bay, bay, bay]}\n"
        "  Ben: {awards: [new-world-sighting, landfall-na, landfall-cb, landfall-ca]}\n"
        "  Cai: {}\n  Dan: {}\n"
    )
    out = score(tmp_path, text)
    assert out.exit_code == 2, out.output
    assert "Ana and Ben both have 4 VP or more: the first to reach the target" in out.output


@pytest.mark.parametrize(
    ("majors", "others", "error"),
    [
        ("{amazon: 8}", "", "Ana has no VP but Major Expeditions: the first he scored was worth 4"),
        ("{amazon: 8, mississippi: 5}", "", "the first he scored was worth 4"),
        ("{amazon: 4, mississippi: 4}", "", "Mississippi River Descent scores 5 VP, not 4"),
        ("{amazon: 7}", "awards: [bay], ", "Amazon River Descent scores 4 or 8 VP, not 7"),
    ],
    ids=["one Major at full VP", "two at full VP", "two at 4", "the variant's VP"],
)
def test_a_major_is_worth_what_the_players_other_vp_allow(tmp_path, majors, others, error):
    """Major Expeditions: "If the player has no VPs at all, all Major Expeditions are worth a
    mere 4 VPs": a player with no other VP scored his first Major as 4, and only that one."""
    text = f"players:\n  Ana: {{{others}majors: {majors}}}\n  Ben: {{}}\n"
    out = score(tmp_path, text)
    assert out.exit_code == 2, out.output
    assert error in out.output


@pytest.mark.parametrize(
    ("entry", "total"),
    [
        ("{majors: [amazon]}", 4),  # his only VP: the rules decide it was 4
        ("{majors: {amazon: 4, mississippi: 5}}", 9),
        ("{awards: [bay], majors: {amazon: 4}}", 5),  # the Bay came later
        ("{awards: [bay], majors: [amazon]}", 9),
    ],
)
def test_a_major_worth_4_or_its_vp(tmp_path, entry, total):
    text = f"options: {{victory: campaign}}\nplayers:\n  Ana: {entry}\n  Ben: {{}}\n"
    out = score(tmp_path, text, "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["scores"][0]["total"] == total


def test_the_variant_major_vp_follows_the_option(tmp_path):
    text = (
        "options: {major_vp: variant}\n"
        "players:\n  Ana: {awards: [bay], majors: {amazon: %d}}\n  Ben: {}\n"
    )
    assert score(tmp_path, text % 7).exit_code == 0
    out = score(tmp_path, text % 8)
    assert out.exit_code == 2 and "Amazon River Descent scores 4 or 7 VP, not 8" in out.output
