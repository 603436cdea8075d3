"""Symbol rows and corner boxes on the standard card face: what they draw, when they overflow."""

from __future__ import annotations

import pytest

from portolan.generator import symbols
from portolan.generator.draw import Group, Text
from portolan.generator.kinds.cardface import FaceContent, card_front
from portolan.generator.theme import Theme
from portolan.model import load_game
from portolan.paths import components_dir
from tests.edits import edit, game_copy, refused_build


@pytest.fixture(scope="module")
def vocab():
    return symbols.Vocabulary.of(load_game(components_dir(), "discovery-era-of-voyage"))


def _texts(items) -> list[str]:
    out = []
    for it in items:
        if isinstance(it, Text):
            out.append(it.text)
        elif isinstance(it, Group):
            out += _texts(it.items)
    return out


def _face(vocab, **kw):
    content = FaceContent(title="Test Isle", colour="#3f7d2c", icon="palm", art="none", **kw)
    content.vocabulary = vocab
    return card_front(content, 63, 88, 3, Theme(), "test")


def test_bundles_become_icons_and_numbers(vocab):
    assert symbols.pieces({"Fruit": 2, "Coin": 3}) == [("icon", "Fruit", 2), ("icon", "Coin", 3)]
    assert symbols.pieces([{"Gold": 1}, "=", 3]) == [
        ("icon", "Gold", 1),
        ("text", "=", 0),
        ("text", "3", 0),
    ]
    # two Fruit repeat the icon; 3 coins are one numbered coin
    assert symbols.measure(vocab, {"Fruit": 2}, 5) > symbols.measure(vocab, {"Fruit": 1}, 5)
    assert symbols.measure(vocab, {"Coin": 3}, 5) == symbols.measure(vocab, {"Coin": 1}, 5)
    assert "3" in _texts(symbols.draw(vocab, {"Coin": 3}, 0, 0, 5, "#000000", "#ffffff"))


def test_a_face_with_rows_and_corners_fits(vocab):
    d, over = _face(
        vocab,
        rows=[{"heading": "Income", "cells": [{"Fruit": 2}, {"Pepper": 1}], "sep": ">"}],
        corner_left={"heading": "Invest", "cells": [{"Gold": 1, "Coin": 2}]},
        corner_right={
            "heading": "VP",
            "cells": [{"VP": 5}, {"VP": 2}],
            "captions": ["most", "2nd"],
        },
        text=["A short rule."],
    )
    assert over == []
    texts = _texts(d.items)
    assert {"INCOME", "INVEST", "VP", "most", "2nd", ">", "5", "2"} <= set(texts)


def test_too_many_symbols_are_reported(vocab):
    _, over = _face(vocab, rows=[{"cells": [{"Fruit": 3, "Pepper": 3, "Gold": 3}] * 3}])
    assert [o.where for o in over] == ["test row 1"]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"cells": [True]}, "cannot be True"),
        ({"cells": [{"Fruit": "two"}]}, "must be a whole number"),
        ({"cells": "Fruit"}, "'cells' must be a list"),
        ({"cels": []}, "unknown keys: cels"),
        ("Fruit", "must be a mapping"),
    ],
)
def test_bad_rows_are_refused(vocab, row, message):
    with pytest.raises(symbols.CellError, match=message):
        _face(vocab, rows=[row])


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "'cells': income, 'sep': '>', 'captions': ['basic']",
            "'cells': 7",
            "central.face.rows: cannot draw the rows of card 'Central Island'",
        ),
        (
            "rows: \"[{'heading': 'Income', 'cells': income, 'sep': '>', 'captions': ['basic']}]\"",
            'rows: "7"',
            "must give a list of rows, not 7",
        ),
        (
            "corner_left: \"{'heading': 'Invest', 'cells': [cost]}\"",
            "corner_left: \"['x']\"",
            "production.face.corner_left: cannot draw the corner left of card 'Palm Grove'",
        ),
    ],
)
def test_a_bad_rows_expression_in_yaml_is_an_input_error(tmp_path, old, new, message):
    game = "discovery-era-of-voyage"
    folder = game_copy(tmp_path, game)
    edit(folder / game / "island-deck.yaml", old, new)
    assert message in refused_build(folder, game, tmp_path)
