"""The Ships log written back and read again: a game saved in the middle of an action (what
`portolan play` does after every answer) resumes at the same decision."""

from __future__ import annotations

import pytest

from checker.core.game import Step
from checker.core.log import parse_log
from checker.core.logwriter import log_text
from checker.core.registry import rules_for
from checker.core.replay import run
from checker.games.ships.moves import (
    Deal,
    Exchange,
    PlaceShip,
    Retrieve,
    SellGoods,
    StartTurn,
    TakeCard,
    Trade,
)
from portolan.model import load_game
from tests.checker.helpers import COMPONENTS
from tests.checker.test_ships_rules import GALLEYS

RULES = rules_for("ships")
MODEL = load_game(COMPONENTS, "ships")
PLAYERS = ["Ana", "Ben"]
OPTIONS = {o.name: o.default for o in RULES.options(MODEL)}
START = [Step(Deal(c), 0, "Ana") for c in GALLEYS] + [Step(StartTurn("Ana"), 1, "Ana")]


def saved_and_resumed(moves):
    """The state after ``moves`` (of Ana's first turn), and after writing and reading them."""
    steps = START + [Step(m, 1, "Ana") for m in moves]
    played = RULES.setup(MODEL, PLAYERS, OPTIONS)
    for st in steps:
        RULES.apply(played, st.move)
    text = log_text(RULES, MODEL, PLAYERS, OPTIONS, steps)
    log = parse_log(text, "saved.yaml", COMPONENTS)
    state = RULES.setup(MODEL, PLAYERS, OPTIONS)
    result = run(RULES, MODEL, state, log.steps, "saved.yaml", finish=False)
    assert result.ok, (result.violation, text)
    return played, state, text


@pytest.mark.parametrize(
    "moves",
    [
        [PlaceShip(1, "Merchant", "merchant")],  # the trade box not chosen yet
        [TakeCard("Ram", "merchant")],  # the card's action not chosen yet
        [TakeCard("Ram", "merchant"), PlaceShip(1, "Warship", "card")],
        [PlaceShip(1, "Merchant", "merchant"), Trade("Tyre", "Cloth"), SellGoods("free")],
        [PlaceShip(1, "Merchant", "merchant"), Trade("Tyre", "Cloth"), Retrieve(2, "free")],
        [PlaceShip(1, "Merchant", "merchant"), Trade("Rhodes", "Metal"), Exchange("Metal")],
    ],
)
def test_a_game_saved_in_the_middle_of_an_action_resumes_there(moves):
    played, resumed, text = saved_and_resumed(moves)
    assert RULES.decision(resumed) == RULES.decision(played), text
    assert RULES.legal_moves(resumed) == RULES.legal_moves(played), text


def test_a_cube_taken_back_is_reported_at_its_whole_field():
    from portolan.errors import InputError
    from tests.checker.games.ships import ana, log

    text = log(ana("{retrieve: 2, cubes: [Tyre Cloth, Atlantis Cloth]}"))
    with pytest.raises(InputError) as caught:
        parse_log(text, "cubes.yaml", COMPONENTS)
    fields = [p.field for p in caught.value.problems]
    assert fields == ["turns[2].actions[0].cubes[1]"], caught.value.problems
