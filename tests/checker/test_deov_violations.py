"""Discovery: The Era of Voyage: what a violation says, and logs legal under the rules their
neighbours break (each rule broken once is in tests/checker/games/discovery_era_of_voyage.py)."""

from __future__ import annotations

import pytest
import yaml

from portolan.checker.core.log import parse_log
from portolan.checker.core.registry import rules_for
from tests.checker.games.discovery_era_of_voyage import (
    BASE,
    CITE,
    EXAMPLES,
    ISLANDS,
    LIMIT,
    LIMIT_CASES,
    PIRATES,
    POOR_START,
    RETURN_TAIL,
    SETUP_CASES,
    log,
    setup_log,
    zero_coins,
)
from tests.checker.helpers import COMPONENTS, marked_line, run_log


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


def test_a_second_investment_is_reported_in_the_invest_phase_not_the_turn():
    """A move refused once its phase is past is reported in its own phase: the second marker of
    'invest: 2' in the Invest phase, not in 'Turn' where the replay had got to."""
    options, tail, message = LIMIT_CASES["two investments in one turn"]
    text = log(LIMIT.replace("pirates: false", "pirates: false" + options, 1), tail)
    v = run_log(text).violation
    assert v.message == message
    assert (v.line, v.player, v.phase) == (marked_line(text), "Ana", "Invest")
    assert "(turn 25, Ana, Invest phase)" in str(v)


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


def test_a_turn_after_the_round_in_which_the_game_ended():
    """The game ends at the end of the round an end condition was met in (End of Game): in the
    two-player example Ben places his last marker and Ana plays the round's last turn; a turn
    written after that is refused."""
    text = (EXAMPLES / "two-players.yaml").read_text(encoding="utf-8")
    text += "  - {player: Ben, sail: return}  # here\n"
    v = run_log(text).violation
    assert v.message == "the game is already over"
    assert (v.line, v.player) == (marked_line(text), "Ben")
    assert str(v).endswith(CITE.format("End of Game"))
