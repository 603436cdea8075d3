"""`portolan score age-of-discovery`: a finished game scored from the first scoring and the end
position alone (positions that cannot be read are in tests/checker/games/age_of_discovery.py)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from portolan.cli import app
from tests.checker.games.age_of_discovery import POSITION

# By hand, final scoring (coloured number for a ship of the card's colour, else the black one):
#   Columbus (red, 5/4): Ana Red Ship 2 + Red Ship 3 = 5 + 5; Ben Santa María sailing red = 5.
#   Drake (blue, 6/5): Ben Red Ship 1 = 5, Blue Ship 2 (sent with a Wild Ship, still blue) = 6.
#   de Abreu (red, 8/7): Cai two green ships = 7 + 7.
#   Cabot (blue, 7/6): Ana Blue Ship 1 = 7; Cai Blue Ship 2 + Blue Ship 1 = 7 + 7.
#   Ana 17, Ben 16, Cai 28.
# Missions (3-player tables, points at the player's contracts):
#   Ana, Majority, 5 contracts -> 5: Columbus (2 of 3 ships) = 5 (Cabot, 1 of 3, no).
#   Ben, All Ships, 2 contracts -> 2: Drake (alone) = 2 (Columbus, 1 of 3, no).
#   Cai, One Ship, 3 contracts -> 2: de Abreu and Cabot = 4.
# Totals: Ana 14 + 17 + 5 + 3 = 39; Ben 9 + 16 + 2 + 1 = 28; Cai 11 + 28 + 4 + 2 = 45.
EXPECTED = {
    "Ana": {
        "first_expeditions": 14,
        "final_expeditions": 17,
        "special_mission": 5,
        "unassigned_ships": 3,
    },
    "Ben": {
        "first_expeditions": 9,
        "final_expeditions": 16,
        "special_mission": 2,
        "unassigned_ships": 1,
    },
    "Cai": {
        "first_expeditions": 11,
        "final_expeditions": 28,
        "special_mission": 4,
        "unassigned_ships": 2,
    },
}


def score(tmp_path, text, *extra):
    path = tmp_path / "position.yaml"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(app, ["score", "age-of-discovery", str(path), *extra])


def test_scores_a_position_as_computed_by_hand(tmp_path):
    out = score(tmp_path, POSITION, "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert {s["player"]: s["breakdown"] for s in data["scores"]} == EXPECTED
    assert {s["player"]: s["total"] for s in data["scores"]} == {"Ana": 39, "Ben": 28, "Cai": 45}
    assert data["winners"] == ["Cai"]


def test_a_ship_sent_with_a_wild_ship_card_with_option_other(tmp_path):
    text = POSITION.replace(
        "game: age-of-discovery\n", "game: age-of-discovery\noptions: {wild_ship_scores: other}\n"
    )
    data = json.loads(score(tmp_path, text, "--json").output)
    ben = next(s for s in data["scores"] if s["player"] == "Ben")
    assert ben["breakdown"]["final_expeditions"] == 15


def test_text_sheet(tmp_path):
    out = score(tmp_path, POSITION)
    assert out.exit_code == 0, out.output
    assert "Winner: Cai" in out.output and "Special mission" in out.output
