"""Exploration in the Age of Sail: the options that make a step legal (each rule broken once,
with the line a player reads, is in tests/checker/games/exploration_age_of_sail.py)."""

from __future__ import annotations

from tests.checker.games.exploration_age_of_sail import log
from tests.checker.helpers import marked_line, run_log


def test_the_save_of_another_player_is_legal_with_the_option():
    tail = (
        "  - player: Ana\n    draw: Repairs\n    explore:\n"
        "      - Magellan: {flip: Pirates, save: Cannons, by: Ben}\n"
    )
    result = run_log(log(tail, "options: {save_others: true}\n"))
    assert result.ok
    assert result.state.hands["Ben"].get("Cannons") is None
    assert result.state.expedition_discard["Cannons"] == 1


def test_two_expeditions_in_one_phase_are_legal_with_the_option():
    tail = (
        "  - player: Ana\n    draw: Sailors\n    explore: [Magellan: Ocean]\n"
        "  - player: Ben\n    draw: Colonists\n    expedition:\n"
        "      - [Christopher Columbus, Carracks, Colonists]\n"
    )
    result = run_log(log(tail, "options: {expeditions_per_phase: any}\n"))
    assert result.ok
    assert [e.explorer for e in result.state.expeditions["Ben"]] == ["Christopher Columbus"]


def test_the_three_expedition_cards_may_be_written_in_any_order():
    """'one Explorer, one Ship, and one Crew card': the order is free at the table."""
    tail = (
        "  - player: Ana\n    draw: Sailors\n    explore: [Magellan: Ocean]\n"
        "  - player: Ben\n    draw: Colonists\n"
        "    expedition: [Colonists, Carracks, Christopher Columbus]\n"
    )
    result = run_log(log(tail))
    assert result.ok, result.violation
    (exp,) = result.state.expeditions["Ben"]
    assert exp.cards == ("Christopher Columbus", "Carracks", "Colonists")
    assert exp.stats["Men"] == 4  # Colonists: Men points +2


def test_a_turn_left_unfinished_is_blamed_on_that_turn_not_the_next():
    """Ana's turn ends without her expedition exploring: her line, her turn, her name."""
    text = log("  - {player: Ana, draw: Caravels}  # here\n  - {player: Ben, draw: Colonists}\n")
    v = run_log(text).violation
    assert (v.line, v.turn, v.player) == (marked_line(text), 7, "Ana")


def test_a_log_that_ends_in_the_middle_of_a_turn_is_a_game_not_over():
    """Only a turn's closing duties are due when a log ends: a log stopped before a flip is a
    game in progress, not a broken one."""
    result = run_log(log("  - {player: Ana, draw: Caravels}\n"))
    assert result.ok
