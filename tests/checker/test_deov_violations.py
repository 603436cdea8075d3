"""Every rule of Discovery: The Era of Voyage the checker enforces, broken once: the rulebook
section cited, the message and the line of the step."""

from __future__ import annotations

import pytest

from tests.checker.deov_logs import (
    BASE,
    CITE,
    EXAMPLES,
    LIMIT,
    PIRATES,
    log,
    setup_log,
    zero_coins,
)
from tests.checker.helpers import marked_line, run_log

ISLANDS = (
    "[Palm Grove, Harbour Market, Orchard Isle, Temple of the Sun, Pepper Coast, Trading Post, "
    "Gold Reef]"
)

SETUP_CASES = {
    "the Central Island in the circle": (
        ISLANDS.replace("Gold Reef", "Central Island"),
        "",
        "Game Preparation",
        "the Central Island goes in the middle of the circle, not in it",
    ),
    "an island twice": (
        ISLANDS.replace("Orchard Isle", "Palm Grove"),
        "",
        "Game Preparation",
        "Palm Grove is already in the circle (slot 1)",
    ),
    "a fifth Production island": (
        ISLANDS.replace("Trading Post", "Banana Cove"),
        "",
        "Game Preparation",
        "the setup draws 4 Production, 2 Commercial, 1 Cultural: the circle already has its 4 "
        "Production islands (Palm Grove, Orchard Isle, Pepper Coast, Banana Cove), so Gold Reef "
        "cannot be drawn",
    ),
    "Production islands without Gold": (
        ISLANDS.replace("Orchard Isle", "Fisher's Bay").replace("Gold Reef", "Banana Cove"),
        "",
        "Game Preparation",
        "the 4 Production islands Palm Grove, Fisher's Bay, Pepper Coast, Banana Cove do not "
        "produce Gold: redraw until they produce Fruit, Pepper and Gold",
    ),
    "an eighth island": (
        ISLANDS.replace("Gold Reef]", "Gold Reef, Banana Cove]"),
        "",
        "Game Preparation",
        "the circle has 7 slots, all filled: Banana Cove cannot be added",
    ),
    "too few markers": (
        ISLANDS,
        "  markers: 4",
        "Game Preparation",
        "each player has 8 investment markers, or up to 3 fewer by agreement: not 4",
    ),
}


@pytest.mark.parametrize("case", list(SETUP_CASES))
def test_each_setup_rule_is_enforced(case):
    islands, extra, section, message = SETUP_CASES[case]
    text = setup_log(islands, extra)
    v = run_log(text).violation
    assert v is not None, f"{case}: the log was accepted"
    assert v.rule == CITE.format(section)
    assert v.message == message
    assert v.line == marked_line(text)
    assert (v.turn, v.player, v.phase) == (0, "Table", "Setup")


def test_a_circle_of_six_islands():
    # the checker notices when the next step (the starting player) comes
    text = setup_log(ISLANDS.replace(", Gold Reef", ""), "", mark=False)
    text = text.replace("  first: Ana", "  first: Ana  # here")
    text += "turns:\n  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
    v = run_log(text).violation
    assert v.rule == CITE.format("Game Preparation")
    assert v.message == (
        "the setup names the 7 surrounding islands in circle order, clockwise (4 Production, "
        "2 Commercial, 1 Cultural): 6 named (setup: islands: [...])"
    )
    assert v.line == marked_line(text)


# Each case: the turns after BASE (Ana, Ben and Cai in that order, 3 coins each, nobody has
# sailed yet), the section cited and the message.
CASES = {
    "a step out of turn": (
        "  - {player: Ben, sail: {to: Palm Grove, bow: clockwise}}  # here\n",
        "Game Play",
        "it is Ana's turn, not Ben's",
    ),
    "a turn without sailing": (
        "  - {player: Ana}\n  - {player: Ben, sail: {to: Palm Grove, bow: clockwise}}  # here\n",
        "Sailing",
        "Ana must sail first: to an island, a number of steps along the bow, or back to the "
        "Central Island (sail: ...)",
    ),
    "steps from the Central Island": (
        "  - {player: Ana, sail: 2}  # here\n",
        "Sailing",
        "Ana's ship is on the Central Island: it sails to any island, so name it "
        "(sail: {to: Island, bow: clockwise})",
    ),
    "a return from the Central Island": (
        "  - {player: Ana, sail: return}  # here\n",
        "Sailing",
        "Ana's ship is on the Central Island: it must sail to one of the surrounding islands",
    ),
    "no bow after leaving the Central Island": (
        "  - {player: Ana, sail: {to: Palm Grove}}\n"
        "  - {player: Ben, sail: {to: Orchard Isle, bow: clockwise}}  # here\n",
        "Sailing",
        "Ana sailed from the Central Island: turn the bow clockwise or counterclockwise on "
        "arriving (sail: {to: Island, bow: clockwise})",
    ),
    "a bow turned away from the Central Island": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - {player: Ben, sail: {to: Orchard Isle, bow: clockwise}}\n"
        "  - {player: Cai, sail: {to: Gold Reef, bow: clockwise}}\n"
        "  - player: Ana\n    sail: {to: Harbour Market, bow: counterclockwise}  # here\n",
        "Sailing",
        "the bow is turned only on leaving the Central Island: Ana's stays clockwise until the "
        "ship returns there",
    ),
    "more than 5 steps": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - {player: Ben, sail: {to: Orchard Isle, bow: clockwise}}\n"
        "  - {player: Cai, sail: {to: Gold Reef, bow: clockwise}}\n"
        "  - {player: Ana, sail: 6}  # here\n",
        "Sailing",
        "a ship sails 1 to 5 steps along its bow, not 6",
    ),
    "an island 6 steps along the bow": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - {player: Ben, sail: {to: Orchard Isle, bow: clockwise}}\n"
        "  - {player: Cai, sail: {to: Pepper Coast, bow: clockwise}}\n"
        "  - {player: Ana, sail: Gold Reef}  # here\n",
        "Sailing",
        "Gold Reef is 6 steps clockwise from Palm Grove: a ship sails at most 5 steps along its "
        "bow",
    ),
    "steps that do not lead to the island named": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - {player: Ben, sail: {to: Pepper Coast, bow: clockwise}}\n"
        "  - {player: Cai, sail: {to: Gold Reef, bow: clockwise}}\n"
        "  - {player: Ana, sail: {to: Orchard Isle, steps: 3}}  # here\n",
        "Sailing",
        "Orchard Isle is 2 steps clockwise from Palm Grove, not 3",
    ),
    "sailing that cannot be paid for": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - {player: Ben, sail: {to: Orchard Isle, bow: clockwise}}\n"
        "  - {player: Cai, sail: {to: Gold Reef, bow: clockwise}}\n"
        "  - {player: Ana, sail: 5}  # here\n",
        "Sailing",
        "stopping at Trading Post costs 6 coins for 5 steps: Ana has 3 coins, and no move may be "
        "made that cannot be paid for",
    ),
    "a trade on a Production island": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}, income: sell Fruit}  # here\n",
        "Island Card Details",
        "Palm Grove is not a Commercial island: resources are bought and sold on Commercial "
        "islands",
    ),
    "a resource chosen where there is no choice": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}, income: Gold}  # here\n",
        "Symbol Details",
        "Palm Grove's income gives Ana no resource to choose (0 markers there)",
    ),
    "a purchase that cannot be paid for": (
        "  - player: Ana\n    sail: {to: Harbour Market, bow: clockwise}\n"
        "    income: [buy Fruit, buy Pepper]  # here\n",
        "Island Card Details",
        "1 Pepper costs 3 coins on Harbour Market: Ana has 1 coin",
    ),
    "a sale without the resource": (
        "  - player: Ana\n    sail: {to: Harbour Market, bow: clockwise}\n"
        "    income: sell Gold  # here\n",
        "Island Card Details",
        "Ana has no Gold to sell",
    ),
    "a third trade on a two-trade island": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - {player: Ben, sail: {to: Orchard Isle, bow: clockwise}}\n"
        "  - {player: Cai, sail: {to: Gold Reef, bow: clockwise}}\n"
        "  - player: Ana\n    sail: Harbour Market\n"
        "    income: [sell Fruit, sell Fruit, buy Pepper]  # here\n",
        "Symbol Details",
        "Harbour Market allows 2 trades a visit",
    ),
    "an exchange away from the Cultural island": (
        "  - player: Ana\n    sail: {to: Palm Grove, bow: clockwise}\n"
        "    income: exchange Fruit  # here\n",
        "Island Card Details",
        "Palm Grove is not a Cultural island: resources are exchanged for VP on the Cultural "
        "island",
    ),
    "an exchange without the resource": (
        "  - {player: Ana, sail: {to: Temple of the Sun, bow: clockwise}, income: Fruit}  # here\n",
        "Island Card Details",
        "Ana has no Fruit to exchange",
    ),
    "a third exchange on a two-exchange island": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - {player: Ben, sail: {to: Orchard Isle, bow: clockwise}}\n"
        "  - {player: Cai, sail: {to: Gold Reef, bow: clockwise}}\n"
        "  - {player: Ana, sail: Harbour Market, income: buy Fruit}\n"
        "  - {player: Ben, sail: return}\n"
        "  - {player: Cai, sail: return}\n"
        "  - {player: Ana, sail: Temple of the Sun, income: exchange 3 Fruit}  # here\n",
        "Symbol Details",
        "Temple of the Sun allows 2 exchanges a visit",
    ),
    "an investment that cannot be paid for": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}, invest: true}  # here\n",
        "Invest",
        "investing on Palm Grove costs 1 Pepper + 2 coins: Ana has 0 Pepper",
    ),
    "an investment on another island": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}, invest: Gold Reef}  # here\n",
        "Invest",
        "Ana is on Palm Grove, not Gold Reef: you invest where your ship is",
    ),
    "an investment on the Central Island": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - {player: Ben, sail: {to: Orchard Isle, bow: clockwise}}\n"
        "  - {player: Cai, sail: {to: Gold Reef, bow: clockwise}}\n"
        "  - {player: Ana, sail: return, invest: true}  # here\n",
        "Central Island",
        "nobody may invest on the Central Island",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_rule_is_enforced_with_its_citation_and_line(case):
    tail, section, message = CASES[case]
    text = log(BASE, tail)
    v = run_log(text).violation
    assert v is not None, f"{case}: the log was accepted"
    assert v.rule == CITE.format(section)
    assert v.message == message
    assert v.line == marked_line(text)
    assert v.file == "test.yaml"


# LIMIT: Ana goes Palm Grove -> Pepper Coast -> back to the centre three times, investing on
# Pepper Coast on the 2nd, 3rd and 4th visits (3 Fruit + 1 coin each); Ben goes back and forth
# between the Central Island and Gold Reef. Ana now has 3 markers on Pepper Coast.
LIMIT_CASES = {
    "a fourth marker's worth: anyone's 3 markers close the island": (
        "",
        "  - {player: Ben, sail: {to: Pepper Coast, bow: clockwise}, invest: true}  # here\n",
        "Ana already has 3 markers on Pepper Coast: nobody may invest there (option "
        "marker_limit: anyone)",
    ),
    "with marker_limit: own, Ana's markers do not stop Ben (the cost does)": (
        "options: {marker_limit: own}\n",
        "  - {player: Ben, sail: {to: Pepper Coast, bow: clockwise}, invest: true}  # here\n",
        "investing on Pepper Coast costs 3 Fruit + 1 coin: Ben has 0 Fruit",
    ),
    "with marker_limit: own, a 4th marker of Ana's": (
        "options: {marker_limit: own}\n",
        "  - {player: Ben, sail: {to: Gold Reef, bow: counterclockwise}}\n"
        "  - {player: Ana, sail: return}\n"
        "  - {player: Ben, sail: return}\n"
        "  - {player: Ana, sail: {to: Pepper Coast, bow: clockwise}, invest: true}  # here\n",
        "Ana already has 3 markers on Pepper Coast (option marker_limit: own)",
    ),
    "two investments in one turn": (
        "",
        "  - {player: Ben, sail: {to: Gold Reef, bow: counterclockwise}}\n"
        "  - {player: Ana, sail: return}\n"
        "  - {player: Ben, sail: return}\n"
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}, invest: 2}  # here\n",
        "only one investment a turn",
    ),
}


@pytest.mark.parametrize("case", list(LIMIT_CASES))
def test_the_three_marker_limit_and_one_investment_a_turn(case):
    options, tail, message = LIMIT_CASES[case]
    text = log(LIMIT.replace("turns:", options + "turns:", 1), tail)
    result = run_log(text)
    v = result.violation
    assert v is not None, f"{case}: the log was accepted"
    assert v.rule == CITE.format("Invest")
    assert v.message == message
    assert v.line == marked_line(text)


def test_the_limit_log_is_legal_up_to_the_third_marker():
    result = run_log(log(LIMIT, ""))
    assert result.ok
    s = result.state
    assert s.markers[s.slot_of["Pepper Coast"]] == {"Ana": 3}
    assert s.left["Ana"] == 5


PIRATE_CASES = {
    "pirates not placed by the second player": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - {player: Ben, sail: {to: Gold Reef, bow: clockwise}}  # here\n",
        "in the first round, after the starting player's turn, Ben places the 2 pirates on "
        "different vacant islands (pirates: {Island: clockwise, Island: counterclockwise})",
    ),
    "pirates placed by the starting player": (
        "  - player: Ana\n    pirates: {Orchard Isle: clockwise}  # here\n",
        "Ben places the pirates in the first round, after the starting player's turn",
    ),
    "a pirate on an occupied island": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - player: Ben\n    pirates: {Palm Grove: clockwise}  # here\n",
        "Palm Grove is not vacant (Ana is there): pirates go on different vacant islands",
    ),
    "a pirate on the Central Island": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - player: Ben\n    pirates: {Central Island: clockwise}  # here\n",
        "pirates go on surrounding islands, never the Central Island",
    ),
    "a pirate that is not moved": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - player: Ben\n"
        "    pirates: {Orchard Isle: clockwise, Harbour Market: counterclockwise}\n"
        "    sail: {to: Gold Reef, bow: clockwise}\n"
        "  - {player: Ana, sail: Orchard Isle}\n"
        "  - {player: Ben, sail: 1}  # here\n",
        "Ana stopped where a pirate is, on Orchard Isle: pay 1 coin and move it 1 or 2 steps "
        "(sail: {..., pirate: 1})",
    ),
    "a pirate moved 3 steps": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - player: Ben\n"
        "    pirates: {Orchard Isle: clockwise, Harbour Market: counterclockwise}\n"
        "    sail: {to: Gold Reef, bow: clockwise}\n"
        "  - player: Ana\n    sail: {to: Orchard Isle, pirate: 3}  # here\n",
        "a pirate moves 1 or 2 steps, not 3",
    ),
    "a pirate moved where there is none": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - player: Ben\n"
        "    pirates: {Orchard Isle: clockwise, Harbour Market: counterclockwise}\n"
        "    sail: {to: Gold Reef, bow: clockwise}\n"
        "  - player: Ana\n    sail: {steps: 1, pirate: 1}  # here\n",
        "there is no pirate on Pepper Coast to move",
    ),
    "a pirate that cannot be paid for": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - player: Ben\n"
        "    pirates: {Orchard Isle: clockwise, Harbour Market: counterclockwise}\n"
        "    sail: {to: Gold Reef, bow: clockwise}\n"
        "  - player: Ana\n    sail: {to: Orchard Isle, pirate: 1}  # here\n",
        "stopping at Orchard Isle costs 1 coin to move the pirate there: Ana has 0 coins, and no "
        "move may be made that cannot be paid for",
    ),
    "a pirate turned twice": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - player: Ben\n"
        "    pirates: {Orchard Isle: clockwise, Harbour Market: counterclockwise}\n"
        "    sail: {to: Gold Reef, bow: clockwise}\n"
        "  - player: Ana\n    turn_pirate:\n      - Orchard Isle: Fruit\n"
        "      - Orchard Isle: Fruit  # here\n",
        "the pirate on Orchard Isle has already been turned this turn",
    ),
    "a pirate turned without a payment": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - player: Ben\n"
        "    pirates: {Orchard Isle: clockwise, Harbour Market: counterclockwise}\n"
        "    sail: {to: Gold Reef, bow: clockwise}\n"
        "  - player: Ana\n    turn_pirate: {Orchard Isle: Coin}  # here\n",
        "Ana has 0 coins: turning a pirate costs 1 coin or 1 resource",
    ),
    "a pirate turned where there is none": (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - player: Ben\n"
        "    pirates: {Orchard Isle: clockwise, Harbour Market: counterclockwise}\n"
        "    sail: {to: Gold Reef, bow: clockwise}\n"
        "  - player: Ana\n    turn_pirate: {Gold Reef: Fruit}  # here\n",
        "there is no pirate on Gold Reef (pirates: Orchard Isle, Harbour Market)",
    ),
}


POOR = {"a pirate that cannot be paid for", "a pirate turned without a payment"}


@pytest.mark.parametrize("case", list(PIRATE_CASES))
def test_each_pirate_rule_is_enforced(case):
    tail, message = PIRATE_CASES[case]
    text = log(zero_coins(PIRATES) if case in POOR else PIRATES, tail)
    v = run_log(text).violation
    assert v is not None, f"{case}: the log was accepted"
    assert v.rule == CITE.format("2 Player Variant")
    assert v.message == message
    assert v.line == marked_line(text)


def test_a_tariff_that_cannot_be_paid():
    text = log(
        zero_coins(BASE),
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - {player: Ben, sail: {to: Palm Grove, bow: clockwise}}  # here\n",
    )
    v = run_log(text).violation
    assert v.rule == CITE.format("Sailing")
    assert v.message == (
        "stopping at Palm Grove costs 1 coin of tariff to Ana: Ben has 0 coins, and no move may "
        "be made that cannot be paid for"
    )
    assert v.line == marked_line(text)


def test_pirate_moves_without_the_variant():
    text = log(
        BASE,
        "  - player: Ana\n    sail: {to: Palm Grove, bow: clockwise, pirate: 1}  # here\n",
    )
    v = run_log(text).violation
    assert v.rule == CITE.format("2 Player Variant")
    assert v.message == "there are no pirates in this game (option pirates: false)"
    assert v.line == marked_line(text)


def test_a_voluntary_return_that_cannot_pay_the_tariff_on_the_central_island():
    # Option tariff_on_central: true. Ana (0 coins) returns first; Ben (0 coins) may not follow
    # her while he can still sail 1 step to a vacant island.
    tail = (
        "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
        "  - {player: Ben, sail: {to: Orchard Isle, bow: clockwise}}\n"
        "  - {player: Cai, sail: {to: Gold Reef, bow: clockwise}}\n"
        "  - {player: Ana, sail: return}\n"
        "  - {player: Ben, sail: return}  # here\n"
    )
    head = zero_coins(BASE).replace("turns:", "options: {tariff_on_central: true}\nturns:")
    text = log(head, tail)
    v = run_log(text).violation
    assert v.rule == CITE.format("Sailing")
    assert v.message == (
        "returning costs 1 coin of tariff to Ana and Ben has 0 coins; only a player who cannot "
        "pay for any island returns without paying (option tariff_on_central: true)"
    )
    assert v.line == marked_line(text)
    # By default returning never costs a tariff.
    assert run_log(log(zero_coins(BASE), tail)).ok


def test_a_step_after_the_end_of_the_game():
    text = (EXAMPLES / "three-players.yaml").read_text(encoding="utf-8")
    text += "  - {player: Ana, sail: return}  # here\n"
    v = run_log(text).violation
    assert v.rule == CITE.format("End of Game")
    assert v.message == "the game is already over"
    assert v.line == marked_line(text)


def test_a_violation_names_turn_player_and_phase():
    text = log(
        BASE, "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}, invest: true}  # here\n"
    )
    v = run_log(text).violation
    assert (v.turn, v.player, v.phase) == (1, "Ana", "Invest")
    assert str(v).startswith(f"test.yaml:{marked_line(text)}:")
    assert "(turn 1, Ana, Invest phase)" in str(v)
    assert str(v).endswith(CITE.format("Invest"))


def test_a_setup_violation_says_setup_instead_of_a_turn():
    text = setup_log(ISLANDS.replace("Orchard Isle", "Palm Grove"), "")
    v = run_log(text).violation
    assert "(setup, Table, Setup phase)" in str(v)
