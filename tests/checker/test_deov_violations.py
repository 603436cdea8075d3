"""Discovery: The Era of Voyage: logs legal under the rules their neighbours break (each rule
broken once, with the line a player reads, is in tests/checker/games/discovery_era_of_voyage.py)."""

from __future__ import annotations

import pytest
import yaml

from portolan.checker.core.log import parse_log
from portolan.checker.core.registry import rules_for
from tests.checker.games.discovery_era_of_voyage import (
    BASE,
    LIMIT,
    PIRATES,
    POOR_START,
    RETURN_TAIL,
    log,
    zero_coins,
)
from tests.checker.helpers import COMPONENTS, run_log


def test_the_limit_log_is_legal_up_to_the_third_marker():
    result = run_log(log(LIMIT, ""))
    assert result.ok
    s = result.state
    assert s.markers[s.slot_of["Pepper Coast"]] == {"Ana": 3}
    assert s.left["Ana"] == 5


def test_returning_costs_no_tariff_by_default():
    # the same return is refused with option tariff_on_central: true
    assert run_log(log(zero_coins(BASE), RETURN_TAIL)).ok


PIRATE_TURNS = [
    # after sailing: the income left out comes first, and pays for the pirate
    "    sail: Pepper Coast\n    turn_pirate: {Orchard Isle: Pepper}\n",
    "    sail: Pepper Coast\n    income: take\n    turn_pirate: {Orchard Isle: Pepper}\n",
    # after the Invest step (none here): the end of the turn
    "    sail: Pepper Coast\n    invest: false\n    turn_pirate: {Orchard Isle: Pepper}\n",
]


@pytest.mark.parametrize("turn", PIRATE_TURNS)
def test_a_pirate_is_turned_where_the_log_says_at_any_point_of_the_turn(turn):
    """'During their turn, player can pay an extra coin or resource to change the direction of
    the pirates': Ana turns the pirate on Orchard Isle with the Pepper her income just gave."""
    result = run_log(log(zero_coins(PIRATES), POOR_START + "  - player: Ana\n" + turn))
    assert result.ok, result.violation
    s = result.state
    assert s.pirates[0] == [s.slot_of["Orchard Isle"], -1]  # turned counterclockwise
    assert s.res["Ana"]["Pepper"] == 0


@pytest.mark.parametrize(
    "turn",
    [
        "    turn_pirate: {Orchard Isle: Coin}\n    sail: Pepper Coast\n",  # before sailing
        *PIRATE_TURNS[::2],  # the income left out stays out; 'invest: false' stays in
        "    sail: Pepper Coast\n    invest: 0\n    turn_pirate: {Orchard Isle: Pepper}\n",
    ],
)
def test_the_log_written_back_keeps_where_the_pirate_was_turned(turn):
    """A log written back from its moves (play's, simulate's) has the turn's keys in the order
    the moves were made: the pirate is turned at the same point ('invest: false' kept before
    a pirate turned at the turn's end)."""
    head = PIRATES if "Coin" in turn else zero_coins(PIRATES)
    parsed = parse_log(log(head, POOR_START + "  - player: Ana\n" + turn), "t", COMPONENTS)
    written = rules_for("discovery-era-of-voyage").write_log(parsed.steps)["turns"][-1]
    expected = yaml.safe_load("  - player: Ana\n" + turn)[0]
    if expected.get("invest") == 0:
        expected["invest"] = False
    assert list(written.items()) == list(expected.items())
