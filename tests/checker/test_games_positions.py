"""`portolan score GAME`: every game's end position, written as a table writes it, scores as
worked out by hand (tests/checker/games/<game>.py), as JSON and as the text sheet a table reads.
What only one game's positions have is in tests/checker/test_<game>_position.py."""

from __future__ import annotations

import json

import pytest

from portolan.model import load_game
from tests.checker.games import GAME_TESTS
from tests.checker.helpers import COMPONENTS, score_position

GAMES = list(GAME_TESTS)


def score(game: str, tmp_path, *extra: str):
    position = GAME_TESTS[game].position
    assert position is not None, f"{game}: tests/checker/games gives no hand-scored position"
    return position, score_position(game, tmp_path, position.text, *extra)


@pytest.mark.parametrize("game", GAMES)
def test_an_end_position_scores_as_worked_out_by_hand(game, tmp_path):
    position, out = score(game, tmp_path, "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["finished"] is True
    assert {s["player"]: s["breakdown"] for s in data["scores"]} == position.expected.breakdown
    assert {s["player"]: s["total"] for s in data["scores"]} == position.expected.totals
    assert {s["player"]: s["rank"] for s in data["scores"]} == position.ranks
    assert data["winners"] == position.expected.winners


@pytest.mark.parametrize("game", GAMES)
def test_the_text_sheet_names_every_category_and_the_winner(game, tmp_path):
    position, out = score(game, tmp_path)
    assert out.exit_code == 0, out.output
    lines = [line.rstrip() for line in out.output.splitlines()]
    for category in load_game(COMPONENTS, game).rules.scoring:
        assert any(line.startswith(category.label) for line in lines), category.label
    (winner,) = position.expected.winners  # each hand-scored position has one winner
    assert f"Winner: {winner}" in lines
