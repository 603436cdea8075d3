"""Discovery: The Era of Voyage: what a violation says, and logs legal under the rules their
neighbours break (each rule broken once is in tests/checker/games/discovery_era_of_voyage.py)."""

from __future__ import annotations

import pytest

from tests.checker.games.discovery_era_of_voyage import (
    BASE,
    CITE,
    ISLANDS,
    LIMIT,
    PIRATES,
    POOR_START,
    RETURN_TAIL,
    SETUP_CASES,
    log,
    setup_log,
    zero_coins,
)
from tests.checker.helpers import marked_line, run_log


@pytest.mark.parametrize("case", list(SETUP_CASES))
def test_a_setup_violation_belongs_to_the_table_before_the_first_turn(case):
    islands, extra, _, _ = SETUP_CASES[case]
    v = run_log(setup_log(islands, extra)).violation
    assert (v.turn, v.player, v.phase) == (0, "Table", "Setup")


def test_a_setup_violation_says_setup_instead_of_a_turn():
    text = setup_log(ISLANDS.replace("Orchard Isle", "Palm Grove"), "")
    v = run_log(text).violation
    assert "(setup, Table, Setup phase)" in str(v)


def test_a_violation_names_turn_player_and_phase():
    text = log(
        BASE, "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}, invest: true}  # here\n"
    )
    v = run_log(text).violation
    assert (v.turn, v.player, v.phase) == (1, "Ana", "Invest")
    assert str(v).startswith(f"test.yaml:{marked_line(text)}:")
    assert "(turn 1, Ana, Invest phase)" in str(v)
    assert str(v).endswith(CITE.format("Invest"))


def test_the_limit_log_is_legal_up_to_the_third_marker():
    result = run_log(log(LIMIT, ""))
    assert result.ok
    s = result.state
    assert s.markers[s.slot_of["Pepper Coast"]] == {"Ana": 3}
    assert s.left["Ana"] == 5


def test_returning_costs_no_tariff_by_default():
    # the same return is refused with option tariff_on_central: true
    assert run_log(log(zero_coins(BASE), RETURN_TAIL)).ok


@pytest.mark.parametrize(
    "turn",
    [
        # after sailing: the income left out comes first, and pays for the pirate
        "    sail: Pepper Coast\n    turn_pirate: {Orchard Isle: Pepper}\n",
        "    sail: Pepper Coast\n    income: take\n    turn_pirate: {Orchard Isle: Pepper}\n",
        # after the Invest step (none here): the end of the turn
        "    sail: Pepper Coast\n    invest: false\n    turn_pirate: {Orchard Isle: Pepper}\n",
    ],
)
def test_a_pirate_is_turned_where_the_log_says_at_any_point_of_the_turn(turn):
    """'During their turn, player can pay an extra coin or resource to change the direction of
    the pirates': Ana turns the pirate on Orchard Isle with the Pepper her income just gave."""
    result = run_log(log(zero_coins(PIRATES), POOR_START + "  - player: Ana\n" + turn))
    assert result.ok, result.violation
    s = result.state
    assert s.pirates[0] == [s.slot_of["Orchard Isle"], -1]  # turned counterclockwise
    assert s.res["Ana"]["Pepper"] == 0
