"""Age of Discovery: every rule the checker enforces, broken once, with its citation and line.

The base log (tests/checker/helpers.py, AOD_SETUP): 2 players, Ana and Ben, 6 coins each.
Contract row: Red Contract 3, Blue Contract 5, Green Contract 4, White Contract 6.
Purchase row (spaces 1-5): Red Ship 1, Blue Ship 2, Green Ship 3, Yellow Ship 1, Red Ship 1.
Filling row: Black Ship 1, Red Ship 2, Blue Ship 3, Green Ship 1, Yellow Ship 2.
Ana holds Yellow Contract 5 and Black Contract 3, flagship Santa María (red/yellow);
Ben holds Yellow Contract 3 and Green Contract 6, flagship Golden Hind (blue/green).
"""

from __future__ import annotations

import pytest

from tests.checker.helpers import AOD_EXAMPLES, AOD_SETUP, aod_log, marked_line, run_log

CITE = "[Age of Discovery {}]"


def setup_with(old: str, new: str) -> str:
    text = AOD_SETUP.format(options="")
    assert old in text
    return text.replace(old, new) + "  - {player: Ana, coins: take}\n"


SETUP_CASES = {
    "a purchase row of four ships": (
        setup_with(
            "purchase row: [Red Ship 1, Blue Ship 2, Green Ship 3, Yellow Ship 1, Red Ship 1]\n"
            "  filling row: [Black Ship 1,",
            "purchase row: [Red Ship 1, Blue Ship 2, Green Ship 3, Yellow Ship 1]\n"
            "  filling row: [Black Ship 1,  # here\n   ",
        ),
        "§3.0",
        "the purchase row has 4 ships: the first 5 ships turned over form the purchase row",
    ),
    "a third Red Ship 1 at setup": (
        setup_with("Green Ship 1, Yellow Ship 2]", "Red Ship 1, Yellow Ship 2]  # here"),
        "§3.0",
        "Red Ship 1 cannot be turned over: both copies are already elsewhere "
        "(in the purchase row (2))",
    ),
    "a flagship among the ships turned over": (
        setup_with("Green Ship 1, Yellow Ship 2]", "Santa María, Yellow Ship 2]  # here"),
        "§3.0",
        "Santa María is a flagship: flagships are dealt to the players, never shuffled into the "
        "ships that are turned over",
    ),
    "a contract dealt that lies face up": (
        setup_with(
            "Ben: {contracts: [Yellow Contract 3,", "Ben: {contracts: [Red Contract 3,  # here\n   "
        ),
        "§3.0",
        "Red Contract 3 cannot be dealt: it is face up in the contract row",
    ),
    "a mission for another number of players": (
        setup_with("mission: Majority of Ships}", "mission: All Ships (3 players)}  # here"),
        "§3.0",
        "All Ships (3 players) is a mission for 3 players: this game of 2 uses only the missions "
        "for its number of players",
    ),
    "one flagship for two players": (
        setup_with("flagship: Golden Hind,", "flagship: Santa María,  # here"),
        "§3.0",
        "Santa María is Ana's flagship: each player has one",
    ),
    "only one contract dealt": (
        setup_with(
            "Ben: {contracts: [Yellow Contract 3, Green Contract 6]",
            "Ben: {contracts: [Yellow Contract 3]",
        ).replace("mission: Majority of Ships}", "mission: Majority of Ships}  # here"),
        "§3.0",
        "each player is dealt 2 trade contracts: 1 named for Ben",
    ),
}

TURN_CASES = {
    # -- turn order and actions (§4.0)
    "a turn out of order": (
        "  - {player: Ben, coins: take}  # here\n",
        "§4.0",
        "it is Ana's turn, not Ben's",
    ),
    "three actions in a turn": (
        "  - player: Ana\n    coins: take\n    contract: {draw: Red Contract 4}\n"
        "    buy: [Yellow Ship 1: White Ship 1]  # here\n",
        "§4.0",
        "Ana has already taken 2 actions this turn (take coins and accept a contract): "
        "'purchase ships' would be a third",
    ),
    "the same action twice": (
        "  - player: Ana\n    contract:\n      - {draw: Red Contract 4}\n"
        "      - {draw: Red Contract 5}  # here\n",
        "§4.0",
        "Ana has already chosen 'accept a contract' this turn: the same action can never be "
        "chosen twice in one turn",
    ),
    # -- trade contracts (§4.2)
    "a fifth contract in hand": (
        "  - {player: Ana, contract: {draw: Red Contract 4}}\n  - {player: Ben, coins: take}\n"
        "  - {player: Ana, contract: {draw: Red Contract 5}}\n  - {player: Ben, coins: take}\n"
        "  - {player: Ana, contract: {draw: Red Contract 6}}  # here\n",
        "§4.2",
        "Ana already holds 4 trade contracts (Yellow Contract 5, Black Contract 3, Red Contract 4, "
        "Red Contract 5): never more than 4 in the hand",
    ),
    "a contract without a coin to pay": (
        "  - player: Ana\n    buy: [Green Ship 3: White Ship 1]\n"
        "    contract: {draw: Red Contract 4}\n  - {player: Ben, coins: take}\n"
        "  - {player: Ana, contract: {draw: Red Contract 5}}  # here\n",
        "§4.2",
        "a contract costs 1 coin: Ana has 0",
    ),
    "a face-up contract not replaced": (
        "  - player: Ana\n    contract: {take: Red Contract 3}\n    coins: take  # here\n",
        "§4.2",
        "a face-up contract taken is replaced: name the contract turned over in its place (new:)",
    ),
    "a contract drawn that is in another hand": (
        "  - {player: Ana, contract: Yellow Contract 3}  # here\n",
        "§4.2",
        "Yellow Contract 3 cannot be drawn from the draw deck: it is in Ben's hand",
    ),
    "a contract turned over that was already taken": (
        "  - {player: Ana, contract: {take: Red Contract 3, new: Red Contract 4}}\n"
        "  - {player: Ben, contract: {take: Red Contract 4, new: Red Contract 3}}  # here\n",
        "§4.2",
        "Red Contract 3 cannot be turned face up: it is in Ana's hand",
    ),
    # -- purchases (§4.3)
    "a ship bought from the filling row": (
        "  - {player: Ana, buy: [Black Ship 1: White Ship 1]}  # here\n",
        "§4.3",
        "Black Ship 1 is in the filling row: ships are bought only from the purchase row",
    ),
    "a ship too dear": (
        "  - player: Ana\n    buy:\n      - Green Ship 3: White Ship 1\n"
        "      - Blue Ship 2: White Ship 2  # here\n",
        "§4.3",
        "Blue Ship 2 costs 4 coins: Ana has 1",
    ),
    "no replacement named": (
        "  - player: Ana\n    buy: [Yellow Ship 1]\n    coins: take  # here\n",
        "§4.3",
        "name the card turned over from pile 1 for space 4 of the filling row (Ship: New card)",
    ),
    "a third Red Ship 1": (
        "  - {player: Ana, buy: [Blue Ship 2: Red Ship 1]}  # here\n",
        "§4.3",
        "Red Ship 1 cannot be turned over: both copies are already elsewhere "
        "(in the purchase row (2))",
    ),
    "a ship from pile 2 while pile 1 has cards": (
        "  - {player: Ana, buy: [Blue Ship 2: White Ship 1 (pile 2)]}  # here\n",
        "§4.3",
        "pile 1 still has 6 cards: a replacement comes from the first pile that has cards, not "
        "from pile 2",
    ),
    "a scoring card from the wrong pile": (
        "  - {player: Ana, buy: [Blue Ship 2: First Scoring]}  # here\n",
        "§3.0",
        "First Scoring was shuffled into pile 3: it cannot turn up while pile 1 has cards",
    ),
    "two cards turned over for one purchase": (
        "  - player: Ana\n    buy:\n      - {ship: Blue Ship 2, new: [White Ship 1,\n"
        "          White Ship 2]}  # here\n",
        "§4.3",
        "no card is waiting to be turned over: one card replaces each ship bought "
        "(White Ship 1 was the last card turned over)",
    ),
    "an ambiguous purchase": (
        "  - {player: Ana, buy: [Red Ship 1: White Ship 1]}  # here\n",
        "§4.3",
        "Ana could buy the Red Ship 1 of space 1 and 5 of the purchase row, with different ships "
        "above them: say which (space:)",
    ),
    # -- expeditions (§4.4, §4.4.1)
    "a ship not in the fleet": (
        "  - {player: Ana, send: [Red Ship 2: Columbus]}  # here\n",
        "§4.4",
        "Ana has no Red Ship 2 to send (Red Ship 2: in the filling row)",
    ),
    "a ship of another colour than the first": (
        "  - player: Ana\n    buy: [Yellow Ship 1: White Ship 1]\n"
        "    send: [Yellow Ship 1: Columbus]\n"
        "  - player: Ben\n    buy: [{ship: Red Ship 1, space: 1, new: White Ship 2}]\n"
        "    send: [Red Ship 1: Columbus]  # here\n",
        "§4.4.1",
        "Christopher Columbus's expedition takes only yellow ships: Red Ship 1 is red "
        "(only a Wild Ship card lets it join: wild:)",
    ),
    "a flagship's fee unpaid": (
        "  - player: Ana\n    buy: [Blue Ship 2: White Ship 1]\n"
        "    contract: {draw: Red Contract 4}\n  - {player: Ben, coins: take}\n"
        "  - player: Ana\n    send:\n"
        "      - {Santa María: Columbus, transport: 2, colour: red}  # here\n",
        "§4.4.1",
        "the placement fee for Santa María is 2 coins: Ana has 1",
    ),
    "a transport limit exceeded": (
        "  - player: Ana\n    buy: [Green Ship 3: White Ship 1]\n"
        "    send: [Green Ship 3: Bartolomeu Dias]\n"
        "  - player: Ben\n    send:\n"
        "      - {Golden Hind: Dias, transport: 1, colour: green}  # here\n",
        "§4.4.1",
        "Bartolomeu Dias's expedition has a transport limit of 3 and carries 3 already: "
        "Golden Hind (transport 1) would exceed it",
    ),
    "a flagship of transport 4": (
        "  - player: Ana\n    send:\n"
        "      - {Santa María: Columbus, transport: 4, colour: red}  # here\n",
        "§4.4.1",
        "a flagship is sent with transport 1, 2 or 3, chosen each time "
        "(Santa María has transport 4: write transport:)",
    ),
    "a flagship of a colour it does not show": (
        "  - player: Ana\n    send:\n"
        "      - {Santa María: Columbus, transport: 2, colour: green}  # here\n",
        "§2.1",
        "Santa María shows red and yellow, not green",
    ),
    "someone else's flagship": (
        "  - player: Ana\n    send:\n"
        "      - {Golden Hind: Columbus, transport: 2, colour: blue}  # here\n",
        "§3.0",
        "Ana's flagship is Santa María, not Golden Hind",
    ),
    # -- trade contracts played (§4.4.2)
    "a contract with a ship of another colour": (
        "  - player: Ana\n    buy: [{ship: Red Ship 1, space: 1, new: White Ship 1}]\n"
        "    send:\n      - {contract: Yellow Contract 5, ships: [Red Ship 1,  # here\n"
        "          Santa María], duration: 2, transport: 3}\n",
        "§4.4.2",
        "Yellow Contract 5 takes only yellow ships: Red Ship 1 is red "
        "(only a Wild Ship card lets it join: wild:)",
    ),
    "a contract short of its transport": (
        "  - player: Ana\n    buy: [Yellow Ship 1: White Ship 1]\n"
        "    send:\n      - {contract: Yellow Contract 5, ships: [Yellow Ship 1], duration: 2}\n"
        "  - {player: Ben, coins: take}  # here\n",
        "§4.4.2",
        "Yellow Contract 5 needs exactly 5 transport: the ships assigned carry 1",
    ),
    "a contract over its transport": (
        "  - player: Ana\n    buy: [Yellow Ship 1: White Ship 1]\n"
        "    send:\n      - {contract: Black Contract 3, ships: [Santa María,\n"
        "          Yellow Ship 1], transport: 3, duration: 1, wild: true}  # here\n",
        "§4.4.2",
        "Black Contract 3 has its 3 transport already: Yellow Ship 1 is one ship too many",
    ),
    "a voyage of four turns": (
        "  - player: Ana\n    send:\n"
        "      - {contract: Yellow Contract 5, ships: [Santa María], transport: 3,  # here\n"
        "         duration: 4}\n",
        "§4.4.2",
        "a voyage lasts 1, 2 or 3 turns, not 4",
    ),
    "another player's contract played": (
        "  - player: Ana\n    send:\n"
        "      - {contract: Yellow Contract 3, ships: [Santa María], transport: 3,  # here\n"
        "         duration: 1}\n",
        "§4.4.2",
        "Yellow Contract 3 is not in Ana's hand (in Ben's hand)",
    ),
    # -- action cards (§6.2)
    "a Wild Ship card for a ship that matches": (
        "  - player: Ana\n    buy: [Yellow Ship 1: White Ship 1]\n"
        "    send: [{Yellow Ship 1: Columbus, wild: true}]  # here\n",
        "§6.2",
        "Yellow Ship 1 may join Christopher Columbus's expedition as it is: a Wild Ship card is "
        "played only for a ship that does not match",
    ),
    "a fourth Wild Ship card": (
        "  - {player: Ana, buy: [Yellow Ship 1: White Ship 1], coins: take}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, send: [Yellow Ship 1: Columbus], coins: take}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, buy: [Blue Ship 2: White Ship 2], coins: take}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, send: [{Blue Ship 2: Columbus, wild: true}], coins: take}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, buy: [{ship: Red Ship 1, space: 1, new: White Ship 3}], coins: take}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, send: [{Red Ship 1: Columbus, wild: true}], coins: take}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, buy: [Green Ship 3: Black Ship 2], coins: take}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, send: [{Green Ship 3: Columbus, wild: true}], coins: take}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, coins: take, buy: [Red Ship 1: Black Ship 3]}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, coins: take, send: [{Red Ship 1: Columbus, wild: true}]}  # here\n",
        "§6.2",
        "Ana has no Wild Ship card left",
    ),
    "a reserved ship bought by another player": (
        "  - {player: Ana, reserve: Blue Ship 2, coins: take}\n"
        "  - {player: Ben, buy: [Blue Ship 2: White Ship 1]}  # here\n",
        "§6.2",
        "Blue Ship 2 is reserved by Ana: no other player may purchase it",
    ),
    "a reserved contract taken by another player": (
        "  - {player: Ana, reserve: Red Contract 3}\n"
        "  - {player: Ben, contract: {take: Red Contract 3, new: Red Contract 4}}  # here\n",
        "§6.2",
        "Red Contract 3 is reserved by Ana: no other player may take it",
    ),
    "a reserved filling-row ship that slid down": (
        "  - {player: Ana, reserve: Black Ship 1}\n"
        "  - player: Ben\n    buy:\n      - {ship: Red Ship 1, space: 1, new: White Ship 1}\n"
        "      - Black Ship 1: White Ship 2  # here\n",
        "§6.2",
        "Black Ship 1 is reserved by Ana: no other player may purchase it",
    ),
    "a third Reservation card": (
        "  - {player: Ana, reserve: [Blue Ship 2, Green Ship 3]}\n"
        "  - {player: Ben, coins: take}\n"
        "  - {player: Ana, reserve: Red Contract 3}  # here\n",
        "§6.2",
        "Ana has no Reservation card left",
    ),
    # -- the end (§5, §6.1)
    "a mission revealed before the end": (
        "  - {player: Ana, coins: take}\nend:\n  missions: {Ana: Majority of Ships}  # here\n",
        "§6.1",
        "special missions stay secret until the end of the game",
    ),
}


def run_case(text: str):
    result = run_log(text)
    assert result.violation is not None, "the log should break a rule"
    return result.violation


@pytest.mark.parametrize("case", list(SETUP_CASES))
def test_setup_rule(case):
    text, section, message = SETUP_CASES[case]
    v = run_case(text)
    assert message in v.message, v.message
    assert v.rule == CITE.format(section)
    assert v.line == marked_line(text)


@pytest.mark.parametrize("case", list(TURN_CASES))
def test_turn_rule(case):
    tail, section, message = TURN_CASES[case]
    text = aod_log(tail)
    v = run_case(text)
    assert message in v.message, v.message
    assert v.rule == CITE.format(section)
    assert v.line == marked_line(text)


def test_a_violation_names_file_line_turn_player_and_phase():
    text = aod_log("  - {player: Ana, buy: [Blue Ship 2: Red Ship 1]}  # here\n")
    v = run_case(text)
    assert str(v) == (
        f"test.yaml:{marked_line(text)}:38: illegal step (turn 1, Ana, Purchase phase): "
        "Red Ship 1 cannot be turned over: both copies are already elsewhere "
        "(in the purchase row (2)) [Age of Discovery §4.3]"
    )


def test_a_setup_violation_says_setup():
    text, _, _ = SETUP_CASES["one flagship for two players"]
    assert "(setup, Ben, Setup phase)" in str(run_case(text))


def test_a_step_after_the_end():
    text = (AOD_EXAMPLES / "two-players.yaml").read_text(encoding="utf-8")
    text += "  - {player: Ana, coins: take}  # here\n"
    v = run_case(text)
    assert v.message == "the game is already over"
    assert v.rule == CITE.format("§5.3")
    assert v.line == marked_line(text)


def test_expedition_colour_per_player_option():
    """With expedition_colour: per_player, Ben's red ship may join Ana's yellow expedition."""
    tail = TURN_CASES["a ship of another colour than the first"][0]
    assert run_log(aod_log(tail, "options: {expedition_colour: per_player}\n")).ok


def test_flagship_colours_any_option():
    """With flagship_colours: any, a flagship joins a blue expedition without a Wild Ship."""
    tail = (
        "  - {player: Ana, buy: [Blue Ship 2: White Ship 1], coins: take}\n"
        "  - {player: Ben, coins: take}\n"
        "  - player: Ana\n    send:\n"
        "      - Blue Ship 2: Drake\n      - {Santa María: Drake, transport: 2}\n"
    )
    result = run_log(aod_log(tail, "options: {flagship_colours: any}\n"))
    assert result.ok, result.violation
    v = run_case(aod_log(tail))
    assert v.message.startswith("Francis Drake's expedition takes only blue ships: Santa María")
