"""`portolan score ships`: what only this game's end positions have (the hand-scored one is
checked for every game in test_games_positions.py), and positions that must be refused (the
malformed ones of tests/checker/games/ships.py are checked in test_games_malformed.py)."""

from __future__ import annotations

import json
from functools import partial

import pytest

from tests.checker.helpers import marked_line, score_position

score = partial(score_position, "ships")


AREA_7 = """\
game: ships
area: 7
players:
  Ana: {vp: 60, gold: 3, goods: 2 Cloth, kept: [Cotton Exchange], cubes: 3, cities: 2}
  Ben: {vp: 70, gold: 1, cubes: 1}
  Cai: {vp: 66, gold: 4, goods: [Food, Metal], cities: 1}
"""


def test_an_end_position_in_area_7_with_a_kept_card(tmp_path):
    # Area 7: Ana 3 cubes x 7 + 2 discs x 7 + 2 discs x 3 cubes = 41; Ben 7; Cai 7.
    # Ana sells 2 Cloth for 8 + 2 (Cotton Exchange) + 3 gold = 13: 6 VP; Ben 1 gold: 0;
    # Cai Food 1 + Metal 3 + 4 = 8: 4 VP.
    out = score(tmp_path, AREA_7, "--json")
    assert out.exit_code == 0, out.output
    totals = {s["player"]: s["total"] for s in json.loads(out.output)["scores"]}
    assert totals == {"Ana": 60 + 41 + 6, "Ben": 70 + 7 + 0, "Cai": 66 + 7 + 4}


def test_tied_players_share_the_place(tmp_path):
    text = "game: ships\narea: 2\nplayers:\n  Ana: {vp: 10}\n  Ben: {vp: 10}\n"
    out = score(tmp_path, text)
    assert out.exit_code == 0 and "Tied for the win: Ana, Ben" in out.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "game: ships\narea: 5\nplayers:\n  Ana: {goods: 8 Oil}\n"
            "  Ben: {goods: 1 Oil}  # here\n",
            "",
        ),
        (
            "game: ships\narea: 7\nplayers:\n  Ana: {cubes: 21}  # here\n  Ben: {}\n",
            "21 cubes: a player has 20",
        ),
        (
            "game: ships\narea: 2\nplayers:\n  Ana: {vp: -3}  # here\n  Ben: {}\n",
            "vp cannot be below 0",
        ),
        (
            "game: ships\narea: 2\nplayers:\n  Ana: {kept: [Cotton Exchange]}\n"
            "  Ben: {kept: [Cotton Exchange]}  # here\n",
            "the game has 1 Cotton Exchange",
        ),
        (
            "game: ships\narea: 2\nplayers:\n  Ana: {cities: [Byzantium, Byzantium, Byzantium]}"
            "  # here\n  Ben: {}\n",
            "already holds Ana's piece",
        ),
    ],
)
def test_impossible_positions_are_refused(tmp_path, text, message):
    out = score(tmp_path, text)
    assert out.exit_code == 2, out.output
    assert "Traceback" not in out.output
    if message:
        assert f"position.yaml:{marked_line(text)}:" in out.output
        assert message in out.output
    else:  # 9 oil between them: the game has 8
        assert "the players hold 9 Oil between them: the game has 8" in out.output


def test_negative_vp_are_allowed_with_the_option(tmp_path):
    text = "game: ships\narea: 2\noptions: {negative_vp: allowed}\nplayers:\n"
    text += "  Ana: {vp: -3}\n  Ben: {}\n"
    out = score(tmp_path, text, "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["scores"][0]["total"] == -3
