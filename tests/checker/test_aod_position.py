"""`portolan score age-of-discovery`: what only this game's end positions have (the hand-scored
position and those that cannot be read are in tests/checker/games/age_of_discovery.py)."""

from __future__ import annotations

import json
from functools import partial

from tests.checker.games.age_of_discovery import POSITION
from tests.checker.helpers import score_position

score = partial(score_position, "age-of-discovery")


def test_a_ship_sent_with_a_wild_ship_card_with_option_other(tmp_path):
    text = POSITION.replace(
        "game: age-of-discovery\n", "game: age-of-discovery\noptions: {wild_ship_scores: other}\n"
    )
    data = json.loads(score(tmp_path, text, "--json").output)
    ben = next(s for s in data["scores"] if s["player"] == "Ben")
    assert ben["breakdown"]["final_expeditions"] == 15
