"""The Ships log written back and read again: a game saved in the middle of an action (what
`portolan play` does after every answer) resumes at the same decision."""

from __future__ import annotations

import pytest

from portolan.checker.core.game import Step
from portolan.checker.core.log import parse_log
from portolan.checker.core.logwriter import log_text
from portolan.checker.core.registry import rules_for
from portolan.checker.core.replay import run
from portolan.checker.games.ships.moves import (
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


def test_a_last_turn_that_leaves_the_warehouse_over_full_is_said_to_be_incomplete(tmp_path):
    """Ana's Athens Oil fills her warehouse over its 3 spaces and the log names no goods sent
    back: the game cannot go on from there, and check says why (text and --json) instead of
    only 'not over'."""
    import json

    from typer.testing import CliRunner

    from portolan.cli import app
    from tests.checker.games.ships import SETUP, ana, ben

    text = (
        SETUP.format(options="")
        + ana("{place: 1, trade: Tyre Cloth}", "{place: 1, trade: Tyre Food}")
        + ben("{place: 2, trade: Alexandria Food}", "{card: Navigation Device}")
        + ana("navigation", "{place: 3, trade: Athens Oil}")
    )
    path = tmp_path / "log.yaml"
    path.write_text(text, encoding="utf-8")
    note = (
        "The last turn is incomplete: Ana's warehouse holds 4 goods and has room for 3: name "
        "the goods sent back (return: [...]) [Ships — Consequences of placing your ship in the "
        "merchant box]."
    )
    out = CliRunner().invoke(app, ["check", str(path)])
    assert out.exit_code == 0, out.output
    assert note in out.output and "No winner yet" in out.output
    data = json.loads(CliRunner().invoke(app, ["check", str(path), "--json"]).output)
    assert data["finished"] is False and data["notes"][0].startswith(note)
    assert "sell all 4 goods, 1 more than Ana's warehouse holds" in data["notes"][0]
