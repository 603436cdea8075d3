"""Face slots ``marks`` and ``boxes``, filled from the vocabulary and the card's fields."""

from __future__ import annotations

import pytest

from portolan.generator.faces import BoxRow, FaceEvaluator, MarkSpec, _mark, _row
from portolan.model import load_game
from portolan.paths import components_dir


@pytest.fixture(scope="module")
def game():
    return load_game(components_dir(), "age-of-discovery")


def slots(game, deck_id: str, card_name: str) -> dict:
    component = game.component(deck_id)
    return FaceEvaluator(game, component).slots(component.deck.card(card_name))


def test_a_contract_card_gets_its_payouts_and_a_turn_track(game):
    s = slots(game, "contract-deck", "Yellow Contract 5")
    assert s["boxes"] == [
        BoxRow(("7", "10", "13"), icon="coin"),
        BoxRow(("1", "2", "3"), icon="hourglass", arrow="left"),
    ]
    assert s["marks"] == [MarkSpec("disc", "YELLOW", "yellow")]
    assert s["badge"] == "5"


def test_a_flagship_gets_one_mark_per_colour(game):
    s = slots(game, "ship-deck", "Santa María")
    assert [m.text for m in s["marks"]] == ["RED", "YELLOW"]
    assert [m.icon for m in s["marks"]] == ["triangle", "disc"]
    assert s["badge"] == "1–3" and s["badge_right"] == "2" and s["badge_right_colour"] == "gold"


def test_an_expedition_shows_matching_and_other_scores(game):
    s = slots(game, "expedition-deck", "Francis Drake")
    captions, first, final = s["boxes"]
    assert captions == BoxRow(("blue", "other"), accent=(0,), style="captions")
    assert first == BoxRow(("3", "2"), icon="hourglass-half", accent=(0,))
    assert final == BoxRow(("6", "5"), icon="hourglass-empty", accent=(0,))


def test_a_mission_table_heads_its_last_column_with_a_plus(game):
    s = slots(game, "mission-deck", "Majority of Ships (3 players)")
    head, points = s["boxes"]
    assert head.cells == ("0", "1", "2", "3", "4", "5", "6", "7", "8+")
    assert points.cells[5] == "5"
    assert s["text"][0].startswith("Scores for every expedition where you have more ships")


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ({"cells": [1], "colour": "red"}, "has no key 'colour'"),
        ({"cells": [1], "style": "bold"}, "must be 'boxes' or 'captions'"),
        ({"cells": [1], "arrow": "up"}, "must be 'left' or 'right'"),
        ({"cells": [1], "accent": ["first"]}, "accent must list cell positions"),
        ("5 7 9", "a row of boxes must be a list of cells"),
    ],
)
def test_malformed_rows_say_what_is_wrong(item, message):
    with pytest.raises(ValueError, match=message):
        _row(item)


def test_marks_accept_an_icon_name_or_a_mapping():
    assert _mark("star") == MarkSpec("star")
    assert _mark({"icon": "disc", "text": "Y", "colour": "yellow"}) == MarkSpec(
        "disc", "Y", "yellow"
    )
    with pytest.raises(ValueError, match="has no key 'size'"):
        _mark({"icon": "disc", "size": 3})
