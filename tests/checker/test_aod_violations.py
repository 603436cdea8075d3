"""Age of Discovery: the options that make a step legal (each rule broken once, with the line a
player reads, is in tests/checker/games/age_of_discovery.py, on its base log)."""

from __future__ import annotations

from tests.checker.games.age_of_discovery import TURN_CASES, log
from tests.checker.helpers import run_log


def run_case(text: str):
    result = run_log(text)
    assert result.violation is not None, "the log should break a rule"
    return result.violation


def test_expedition_colour_per_player_option():
    """With expedition_colour: per_player, Ben's red ship may join Ana's yellow expedition."""
    tail = TURN_CASES["a ship of another colour than the first"][0]
    assert run_log(log(tail, "options: {expedition_colour: per_player}\n")).ok


def test_flagship_colours_either_option():
    """With flagship_colours: either, a flagship joins only its own two colours (red/yellow
    here) without a Wild Ship card; by default it joins a blue expedition as it is."""
    tail = (
        "  - {player: Ana, buy: [Blue Ship 2: White Ship 1], coins: take}\n"
        "  - {player: Ben, coins: take}\n"
        "  - player: Ana\n    send:\n"
        "      - Blue Ship 2: Drake\n      - {Santa María: Drake, transport: 2}\n"
    )
    result = run_log(log(tail))
    assert result.ok, result.violation
    v = run_case(log(tail, "options: {flagship_colours: either}\n"))
    # a red/yellow flagship is called by both its colours, never just "red" (issue 13, item 5)
    assert v.message == (
        "Francis Drake's expedition takes only blue ships: Santa María shows red and yellow "
        "(only a Wild Ship card lets it join: wild:)"
    )


def test_a_flagship_of_neither_colour_on_a_contract_is_named_by_both_colours():
    """The same words for a trade contract under flagship_colours: either."""
    tail = (
        "  - player: Ana\n    send:\n"
        "      - {contract: Black Contract 3, ships: [Santa María], transport: 3, duration: 2}\n"
    )
    v = run_case(log(tail, "options: {flagship_colours: either}\n"))
    assert v.message == (
        "Black Contract 3 takes only black ships: Santa María shows red and yellow "
        "(only a Wild Ship card lets it join: wild:)"
    )
