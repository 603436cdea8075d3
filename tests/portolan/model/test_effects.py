"""Card effects: every step kind is read, checked against the vocabularies and put into words."""

from __future__ import annotations

import pytest

from portolan.model import load_game
from portolan.model.effects import Action, Gain, RemoveShips, WhileHeld, describe, read_effect
from portolan.paths import components_dir


@pytest.fixture(scope="module")
def game():
    return load_game(components_dir(), "ships")


@pytest.fixture(scope="module")
def terms(game):
    return {k: game.spec.term_names(k) for k in game.spec.terms}


def words(game, terms, effect) -> list[str]:
    steps, problems = read_effect(effect, terms)
    assert problems == []
    return describe(game.spec, steps)


def test_each_step_kind_is_read_into_its_model(terms):
    steps, problems = read_effect(
        [
            {"gain": "2 Gold + 1 VP"},
            {"gain": "2 VP", "per": {"cubes_on": "oil"}, "max": 3},
            {"action": "Place ship", "box": "Warship", "no_food": True},
            {"remove_ships": "one age"},
            {"while_held": {"sell_bonus": {"good": "Cloth", "gain": "1 Gold"}}},
        ],
        terms,
    )
    assert problems == []
    gain, counted, action, remove, held = steps
    assert isinstance(gain, Gain) and gain.gain == {"Gold": 2, "VP": 1}
    assert counted.per.cubes_on == "Oil" and counted.max == 3  # the vocabulary's spelling
    assert isinstance(action, Action) and action.no_food
    assert isinstance(remove, RemoveShips) and isinstance(held, WhileHeld)


def test_the_card_text_is_made_from_the_steps(game, terms):
    assert words(game, terms, [{"gain": "2 Gold + 1 VP"}]) == ["Take 2 gold and score 1 VP."]
    assert words(game, terms, [{"gain": "3 Navigation"}]) == ["Take 3 navigation counters."]
    assert words(game, terms, [{"gain": "1 VP", "per": {"cities_in_area": "any"}, "max": 8}]) == [
        "Score 1 VP for each of your city discs on the board, counting at most 8."
    ]
    assert words(game, terms, [{"gain": "1 Gold", "per": {"ships_in": "Longships"}}]) == [
        "Take 1 gold for each of your ships in the Longships box."
    ]
    assert words(game, terms, [{"action": "Sell goods", "per_good": "1 Gold + 1 VP"}]) == [
        "Do the **Sell goods** action without paying for it; for every good sold also take "
        "1 gold and score 1 VP."
    ]
    assert words(game, terms, [{"while_held": {"discount": "1 Navigation"}}]) == [
        "**Keep** until the era ends: every navigation cost you pay is 1 lower."
    ]


@pytest.mark.parametrize(
    ("effect", "where", "message"),
    [
        ([], (), "at least 1 item"),
        ([{"gain": "2 Gld"}], (0, "gain"), "'Gld' is not a gain (did you mean 'Gold'?)"),
        ([{"gain": "1 VP", "max": 3}], (0,), "'max' caps a count: it needs 'per'"),
        (
            [{"gain": "1 VP", "per": {"cubes_on": "Oil", "cubes_in_area": 2}}],
            (0, "per"),
            "count exactly one thing",
        ),
        ([{"gain": "1 VP", "per": {"cubes_in_area": 9}}], (0, "per"), "an area from 2 to 7"),
        ([{"action": "Sell goods", "no_food": True}], (0,), "'no_food' goes only with box"),
        ([{"remove_ships": "all"}], (0, "remove_ships"), "one age"),
        ([{"while_held": {"discount": "1 Gold"}}], (0, "while_held"), "write '1 Navigation'"),
        ([{"gain": "1 Gold", "extra": 1}], (0, "extra"), "unknown key 'extra'"),
    ],
)
def test_mistakes_are_reported_where_they_are(terms, effect, where, message):
    steps, problems = read_effect(effect, terms)
    assert steps is None
    assert any(loc == where and message in text for loc, text in problems), problems
