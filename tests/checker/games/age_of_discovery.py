"""Age of Discovery in the shared checker tests (tests/checker/test_games_*.py)."""

from __future__ import annotations

from collections import Counter

from portolan.checker.core.registry import rules_for
from tests.checker.games import spec
from tests.checker.games.spec import (
    TINY,
    Expected,
    GameTests,
    Play,
    Violation,
)

# Worked out by hand from each log's expeditions (the `sends` lines of --trace), per ship the
# expedition card's number for the scoring: "Abreu 1x4" is one ship on Antonio de Abreu's
# expedition scoring 4 (the coloured, matching number at the first scoring); missions read the
# points under the player's completed contracts on the mission card; 1 point per ship not sent.
# two-players:
#   first scoring:
#     Ana: Abreu 1x4, Columbus 2x2, Dias 1x4, Magellan 2x2, Cartier 1x4, Cabot 1x3, Verrazzano
#         1x3 = 26
#     Ben: Abreu 1x4, Dias 1x4, Magellan 1x2, Barentsz 2x4, Cabot 2x3, Verrazzano 2x3 = 30
#   final scoring:
#     Ana: Abreu 1x8, Columbus 2x5, Dias 1x8, Magellan 2x5, Gama 1x5, Cartier 2x7, Vespucci
#         2x6, Cabot 1x7, Drake 1x6, Verrazzano 1x7, Cabral 1x6 = 93
#     Ben: Abreu 1x8, Columbus 2x5, Dias 1x8, Magellan 2x5, Barentsz 2x7, Vespucci 2x6, Cabot
#         2x7, Drake 1x6, Verrazzano 2x7 = 96
#   missions:
#     Ana: Half of All Ships, 1 contracts -> 1 per expedition, met on 9 (Abreu, Columbus, Dias,
#         Magellan, Gama, Cartier, Vespucci, Drake, Cabral) = 9
#     Ben: One Ship, 1 contracts -> 1 per expedition, met on 9 (Abreu, Columbus, Dias,
#         Magellan, Barentsz, Vespucci, Cabot, Drake, Verrazzano) = 9
#   ships not on expeditions: Ana 0, Ben 0
# three-players:
#   first scoring:
#     Ana: Abreu 1x4, Columbus 1x2, Dias 1x4, Gama 2x2, Vespucci 1x2, Verrazzano 1x3 = 19
#     Ben: Columbus 1x2, Barentsz 2x4, Cartier 1x4, Cabot 1x3, Verrazzano 1x3 = 20
#     Cai: Magellan 1x2, Barentsz 1x4, Vespucci 2x2, Cabot 1x3, Drake 1x3 = 16
#   final scoring:
#     Ana: Abreu 1x8, Columbus 1x5, Dias 1x8, Magellan 2x5, Gama 2x6, Cartier 1x7, Vespucci
#         1x6, Verrazzano 1x7 = 63
#     Ben: Columbus 1x5, Barentsz 2x7, Cartier 1x7, Cabot 2x7, Verrazzano 2x7, Cabral 1x6+1x5 = 65
#     Cai: Magellan 2x5, Barentsz 1x7, Vespucci 2x6, Cabot 1x7, Drake 2x6, Cabral 1x6 = 54
#   missions:
#     Ana: All Ships, 3 contracts -> 4 per expedition, met on 3 (Abreu, Dias, Gama) = 12
#     Ben: Majority of Ships, 0 contracts -> 0 per expedition, met on 4 (Barentsz, Cabot,
#         Verrazzano, Cabral) = 0
#     Cai: Half of All Ships, 0 contracts -> 0 per expedition, met on 3 (Magellan, Vespucci,
#         Drake) = 0
#   ships not on expeditions: Ana 1, Ben 0, Cai 0
# four-players:
#   first scoring:
#     Ana: Abreu 1x4, Columbus 1x2, Dias 1x4, Cabot 1x3, Verrazzano 1x3, Cabral 1x3 = 19
#     Ben: Magellan 1x2, Barentsz 1x4, Gama 1x1, Drake 1x3, Verrazzano 1x3, Cabral 1x3 = 16
#     Cai: Cartier 1x4, Vespucci 1x1, Cabot 1x3, Drake 1x3, Verrazzano 1x3 = 14
#     Dora: Columbus 1x2, Dias 1x4, Barentsz 1x4, Cabot 1x3, Cabral 1x3 = 16
#   final scoring:
#     Ana: Abreu 1x8, Columbus 1x5, Dias 1x8, Cartier 1x6, Vespucci 1x6, Cabot 1x7, Verrazzano
#         1x7, Cabral 1x6 = 53
#     Ben: Magellan 2x5+1x4, Barentsz 1x7, Gama 1x5, Drake 1x6, Verrazzano 1x7, Cabral 1x6 = 45
#     Cai: Columbus 1x5, Cartier 1x7, Vespucci 1x5, Cabot 1x7, Drake 1x6, Verrazzano 1x7,
#         Cabral 1x5 = 42
#     Dora: Columbus 1x5, Dias 1x8, Barentsz 1x7, Gama 1x6+1x5, Cabot 1x7, Cabral 1x6 = 44
#   missions:
#     Ana: All Ships, 0 contracts -> 0 per expedition, met on 1 (Abreu) = 0
#     Ben: One Ship, 2 contracts -> 2 per expedition, met on 6 (Magellan, Barentsz, Gama,
#         Drake, Verrazzano, Cabral) = 12
#     Cai: Majority of Ships, 0 contracts -> 0 per expedition, met on 0 () = 0
#     Dora: Half of All Ships, 1 contracts -> 1 per expedition, met on 3 (Dias, Barentsz, Gama) = 3
#   ships not on expeditions: Ana 1, Ben 0, Cai 0, Dora 1
#
# Totals: two-players Ana 26 + 93 + 9 + 0 = 128, Ben 30 + 96 + 9 + 0 = 135 (Ben wins);
# three-players Ana 19 + 63 + 12 + 1 = 95, Ben 20 + 65 + 0 + 0 = 85, Cai 16 + 54 + 0 + 0 = 70;
# four-players Ana 19 + 53 + 0 + 1 = 73, Ben 16 + 45 + 12 + 0 = 73, Cai 14 + 42 = 56,
# Dora 16 + 44 + 3 + 1 = 64: Ana and Ben tie on 73, Ana has 1 ship not sent to Ben's 0 and wins.
KEYS = ("first_expeditions", "final_expeditions", "special_mission", "unassigned_ships")
EXPECTED = {
    "two-players": {"Ana": (26, 93, 9, 0), "Ben": (30, 96, 9, 0)},
    "three-players": {"Ana": (19, 63, 12, 1), "Ben": (20, 65, 0, 0), "Cai": (16, 54, 0, 0)},
    "four-players": {
        "Ana": (19, 53, 0, 1),
        "Ben": (16, 45, 12, 0),
        "Cai": (14, 42, 0, 0),
        "Dora": (16, 44, 3, 1),
    },
}


def breakdown(name: str) -> dict[str, dict[str, int]]:
    return {p: dict(zip(KEYS, v, strict=True)) for p, v in EXPECTED[name].items()}


WINNERS = {"two-players": ["Ben"], "three-players": ["Ana"], "four-players": ["Ana"]}


# The base log: 2 players, Ana and Ben, 6 coins each.
# Contract row: Red Contract 3, Blue Contract 5, Green Contract 4, White Contract 6.
# Purchase row (spaces 1-5): Red Ship 1, Blue Ship 2, Green Ship 3, Yellow Ship 1, Red Ship 1.
# Filling row: Black Ship 1, Red Ship 2, Blue Ship 3, Green Ship 1, Yellow Ship 2.
# Ana holds Yellow Contract 5 and Black Contract 3, flagship Santa María (red/yellow);
# Ben holds Yellow Contract 3 and Green Contract 6, flagship Golden Hind (blue/green).
SETUP = """\
game: age-of-discovery
players: [Ana, Ben]
{options}setup:
  contracts: [Red Contract 3, Blue Contract 5, Green Contract 4, White Contract 6]
  purchase row: [Red Ship 1, Blue Ship 2, Green Ship 3, Yellow Ship 1, Red Ship 1]
  filling row: [Black Ship 1, Red Ship 2, Blue Ship 3, Green Ship 1, Yellow Ship 2]
  players:
    Ana: {{contracts: [Yellow Contract 5, Black Contract 3], flagship: Santa María,
          mission: Majority of Ships}}
    Ben: {{contracts: [Yellow Contract 3, Green Contract 6], flagship: Golden Hind,
          mission: All Ships}}
turns:
"""


def log(tail: str, options: str = "") -> str:
    """A 2-player log: the base setup, then ``tail`` (turns, indented 2)."""
    return SETUP.format(options=options) + tail


def setup_with(old: str, new: str) -> str:
    text = SETUP.format(options="")
    assert old in text
    return text.replace(old, new) + "  - {player: Ana, coins: take}\n"


# Every rule broken once: (the log, section, message) for the setup, (the turns after the base
# log, section, message) for the turns.
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
        "each player is dealt 2 trade contracts: 1 written for Ben (a contract kept secret is "
        "written hidden)",
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
    "the unnamed face-up contract taken as one seen elsewhere": (
        "  - player: Ana\n    contract: {take: Red Contract 3}\n    coins: take\n"
        "  - {player: Ben, contract: {take: Black Contract 3}}  # here\n",
        "§4.2",
        "Black Contract 3 is not face up in the contract row (in Ana's hand)",
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
        "    send:\n      - {contract: Yellow Contract 5, ships: [Yellow Ship 1], duration: 2}"
        "  # here\n  - {player: Ben, coins: take}\n",
        "§4.4.2",
        "Yellow Contract 5 needs exactly 5 transport: the ships assigned carry 1",
    ),
    "a contract over its transport": (
        "  - player: Ana\n    buy: [Yellow Ship 1: White Ship 1]\n"
        "    send:\n      - {contract: Black Contract 3, ships: [Santa María,\n"
        "          Yellow Ship 1], transport: 3, duration: 1, wild: [Yellow Ship 1]}  # here\n",
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


HEAD = SETUP.format(options="")


def log_with(old: str, new: str) -> str:
    assert old in HEAD
    return HEAD.replace(old, new)


MALFORMED = {
    # one behaviour in every game: a key in another case is refused, never merged with its twin
    "a turn key that differs only in case": (
        HEAD + "  - player: Ana\n    coins: take\n    Coins: take  # here\n",
        "unknown key 'Coins' (did you mean 'coins'?)",
    ),
    "a key written twice, once with '_'": (
        log_with("  purchase row:", "  purchase_row: [Red Ship 1]\n  purchase row:  # here"),
        "'purchase row' and 'purchase_row' are one key: write it once",
    ),
    "coins: with a name, not 'take'": (
        HEAD + "  - {player: Ana, coins: Ben}  # here\n",
        "write 'coins: take' for the action Take 2 coins",
    ),
    "coins: with a number": (
        HEAD + "  - {player: Ana, coins: 5}  # here\n",
        "write 'coins: take' for the action Take 2 coins",
    ),
    "coins: with nothing": (
        HEAD + "  - {player: Ana, coins: }  # here\n",
        "write 'coins: take' for the action Take 2 coins",
    ),
    "an unknown ship": (
        HEAD + "  - {player: Ana, buy: [Blue Shp 2: White Ship 1]}  # here\n",
        "'Blue Shp 2' is not a ship card (did you mean 'Blue Ship 2'?)",
    ),
    "an unknown expedition": (
        HEAD + "  - {player: Ana, send: [Blue Ship 2: Colombus]}  # here\n",
        "'Colombus' is not an expedition",
    ),
    "an unknown contract": (
        HEAD + "  - {player: Ana, contract: {draw: Red Contract 9}}  # here\n",
        "'Red Contract 9' is not a trade contract (did you mean 'Red Contract 6'?)",
    ),
    "an unknown colour": (
        HEAD + "  - player: Ana\n    send:\n"
        "      - {Santa María: Columbus, transport: 2, colour: rad}  # here\n",
        "'rad' is not a colour (did you mean 'red'?)",
    ),
    "an unknown mission": (
        log_with("mission: All Ships}", "mission: All Shps}  # here"),
        "'All Shps' is not a special mission (did you mean 'All Ships'?)",
    ),
    "a ship named as a flagship": (
        log_with("flagship: Golden Hind,", "flagship: Blue Ship 2,  # here"),
        "'Blue Ship 2' is not a flagship (expected one of: 'Santa María', 'São Gabriel', 'Golden "
        "Hind', 'Trinidad', 'Matthew', 'Grande Hermine')",
    ),
    "an unknown action": (
        HEAD + "  - {player: Ana, bye: [Blue Ship 2: White Ship 1]}  # here\n",
        "unknown key 'bye' (did you mean 'buy'?)",
    ),
    "an unknown setup key": (
        log_with("  filling row:", "  filing row:  # here\n   "),
        "unknown key 'filing row' (did you mean 'filling row'?)",
    ),
    "an unknown top-level key": (
        HEAD.replace("setup:", "set-up:  # here"),
        "unknown key 'set-up' (did you mean 'setup'?)",
    ),
    "a duration that is not a number": (
        HEAD + "  - player: Ana\n    send:\n"
        "      - {contract: Yellow Contract 5, ships: [Santa María], duration: two}  # here\n",
        "expected a whole number, found 'two'",
    ),
    "a contract played without its duration": (
        HEAD + "  - player: Ana\n    send:\n"
        "      - {contract: Yellow Contract 5, ships: [Santa María]}  # here\n",
        "a contract played names the contract, its ships and the duration (duration missing)",
    ),
    "a contract played without its duration and with a misspelt ship": (  # both are named
        HEAD + "  - player: Ana\n    send:\n"
        "      - {contract: Yellow Contract 5, ships: [Santa Mario]}  # here\n",
        "'Santa Mario' is not a ship card (did you mean 'Santa María'?)",
    ),
    "a ship sent without its expedition": (
        HEAD + "  - player: Ana\n    send:\n      - {ship: Santa María}  # here\n",
        "a ship sent names the ship and the expedition (to:)",
    ),
    "a duration written with a superscript digit": (  # '²'.isdigit(), but int() refuses it
        HEAD + "  - player: Ana\n    send:\n"
        "      - {contract: Yellow Contract 5, ships: [Santa María], duration: ²}  # here\n",
        "expected a whole number, found '²'",
    ),
    "a purchase written as a list": (
        HEAD + "  - player: Ana\n    buy:\n      - [Blue Ship 2, White Ship 1]  # here\n",
        "write each purchase as 'Ship: New card' (the card turned over in its place)",
    ),
    "a player not in the game": (
        HEAD + "  - {player: Cai, coins: take}  # here\n",
        "'Cai' is not a player in this game (expected one of: 'Ana', 'Ben')",
    ),
    "five players": (
        HEAD.replace("players: [Ana, Ben]", "players: [Ana, Ben, Cai, Dora, Eli]  # here"),
        "5 players: Age of Discovery is for 2 to 4",
    ),
    "an unknown option": (
        HEAD.replace("setup:", "options: {flagship_colors: any}  # here\nsetup:"),
        "unknown rule option 'flagship_colors' (did you mean 'flagship_colours'?)",
    ),
}


POSITION = """\
game: age-of-discovery
players:
  Ana: {first scoring: 14, contracts: 5, mission: Majority of Ships, unassigned: 3}
  Ben: {first scoring: 9, contracts: 2, mission: All Ships, unassigned: 1}
  Cai: {first scoring: 11, contracts: 3, mission: One Ship, unassigned: 2}
expeditions:
  Christopher Columbus: {Ana: [Red Ship 2, Red Ship 3], Ben: [Santa María (red)]}
  Francis Drake: {Ben: [Red Ship 1, Blue Ship 2 (wild)]}
  Antonio de Abreu: {Cai: [Green Ship 1, Green Ship 2]}
  John Cabot: {Ana: [Blue Ship 1], Cai: [Blue Ship 2, Blue Ship 1]}
"""

# By hand, final scoring (coloured number for a ship of the card's colour, else the black one):
#   Columbus (red, 5/4): Ana Red Ship 2 + Red Ship 3 = 5 + 5; Ben Santa María sailing red = 5.
#   Drake (blue, 6/5): Ben Red Ship 1 = 5, Blue Ship 2 (sent with a Wild Ship, still blue) = 6.
#   de Abreu (red, 8/7): Cai two green ships = 7 + 7.
#   Cabot (blue, 7/6): Ana Blue Ship 1 = 7; Cai Blue Ship 2 + Blue Ship 1 = 7 + 7.
#   Ana 17, Ben 16, Cai 28.
# Missions (3-player tables, points at the player's contracts):
#   Ana, Majority, 5 contracts -> 5: Columbus (2 of 3 ships) = 5 (Cabot, 1 of 3, no).
#   Ben, All Ships, 2 contracts -> 2: Drake (alone) = 2 (Columbus, 1 of 3, no).
#   Cai, One Ship, 3 contracts -> 2: de Abreu and Cabot = 4.
# Totals: Ana 14 + 17 + 5 + 3 = 39; Ben 9 + 16 + 2 + 1 = 28; Cai 11 + 28 + 4 + 2 = 45.
POSITION_SCORE = {
    "Ana": {
        "first_expeditions": 14,
        "final_expeditions": 17,
        "special_mission": 5,
        "unassigned_ships": 3,
    },
    "Ben": {
        "first_expeditions": 9,
        "final_expeditions": 16,
        "special_mission": 2,
        "unassigned_ships": 1,
    },
    "Cai": {
        "first_expeditions": 11,
        "final_expeditions": 28,
        "special_mission": 4,
        "unassigned_ships": 2,
    },
}


BAD_POSITIONS = {
    # positions no game can reach
    "two colours on an expedition without a Wild Ship card": (
        POSITION.replace(
            "Antonio de Abreu: {Cai: [Green Ship 1, Green Ship 2]}",
            "Antonio de Abreu: {Cai: [Green Ship 1, Yellow Ship 1]}  # here",
        ),
        "Antonio de Abreu's expedition has ships of 2 colours (green, yellow): after the first "
        "ship, only ships of its colour join, or ships sent with a Wild Ship card, marked (wild) "
        "(§4.4.1)",
    ),
    "a flagship of another colour than the ships it joined": (
        POSITION.replace(
            "Francis Drake: {Ben: [Red Ship 1, Blue Ship 2 (wild)]}",
            "Francis Drake: {Ben: [Red Ship 1, Blue Ship 2 (wild)], Cai: [Golden Hind (blue)]}"
            "  # here",
        ),
        "Francis Drake's expedition has ships of 2 colours (blue, red): after the first ship, "
        "only ships of its colour join (a flagship too: it sails under the colour of the ships "
        "there), or ships sent with a Wild Ship card, marked (wild) (§4.4.1)",
    ),
    "two flagships for one player": (
        POSITION.replace(
            "Francis Drake: {Ben: [Red Ship 1, Blue Ship 2 (wild)]}",
            "Francis Drake: {Ben: [Red Ship 1, Blue Ship 2 (wild), Golden Hind (red)]}  # here",
        ),
        "Golden Hind is not Ben's flagship: Ben's is Santa María, and each player has one (§3.0)",
    ),
    "more Wild Ship cards than a player has": (
        POSITION.replace(
            "Antonio de Abreu: {Cai: [Green Ship 1, Green Ship 2]}",
            "Antonio de Abreu: {Ben: [Green Ship 1, Yellow Ship 1 (wild), Black Ship 1 (wild)]}"
            "  # here",
        ),
        "Ben sent 3 ships with a Wild Ship card: each player has 2 in a 3-player game (§3.0)",
    ),
    "more completed contracts than the box holds": (
        POSITION.replace("contracts: 5,", "contracts: 20,").replace(
            "unassigned: 2}\n", "unassigned: 2}  # here\n"
        ),
        "25 completed contracts between the players: the box has 24 (§2.0)",
    ),
    "more ships than the box holds": (
        POSITION.replace("unassigned: 2}\n", "unassigned: 32}  # here\n"),
        "46 ships between the expeditions and the players' unassigned ships: the box has 42 "
        "ships and a flagship each (§2.0)",
    ),
    "an unknown ship": (
        POSITION.replace(
            "Francis Drake: {Ben: [Red Ship 1,", "Francis Drake: {Ben: [Red Shp 1,"
        ).replace("(wild)]}\n", "(wild)]}  # here\n", 1),
        "'Red Shp 1' is not a ship (did you mean 'Red Ship 1'?)",
    ),
    "a third Blue Ship 1": (
        POSITION.replace(
            "Cai: [Blue Ship 2, Blue Ship 1]}", "Cai: [Blue Ship 1, Blue Ship 1]}  # here"
        ),
        "there are only 2 Blue Ship 1 cards",
    ),
    "a transport limit exceeded": (
        POSITION.replace(
            "Antonio de Abreu: {Cai: [Green Ship 1, Green Ship 2]}",
            "Antonio de Abreu: {Cai: [Green Ship 3, Green Ship 2]}  # here",
        ),
        "Antonio de Abreu's expedition has a transport limit of 3: these ships carry at least 5",
    ),
    "a flagship without its colour": (
        POSITION.replace("Santa María (red)]}", "Golden Hind]}  # here"),
        "Golden Hind shows blue and green: write the one it sails under, e.g. 'Golden Hind (blue)'",
    ),
    "an unknown mission": (
        POSITION.replace("mission: One Ship,", "mission: Two Ships,  # here\n     "),
        "'Two Ships' is not a special mission of a 3-player game (expected one of: 'One Ship (3 "
        "players)', 'Half of All Ships (3 players)', 'Majority of Ships (3 players)', 'All Ships "
        "(3 players)')",
    ),
}


def every_piece(state) -> Counter:
    """Every card wherever it is, and the coins (the bank's and the players')."""
    seen: Counter = Counter()
    for pile in state.zones().values():
        seen.update(pile)
    seen["coins"] = state.bank + sum(state.coins.values())
    return seen


def full_set(model) -> Counter:
    book = rules_for("age-of-discovery").book(model)
    return Counter({**book.full_set, "coins": book.bank_total})


def finished(state, sheet, model) -> None:
    """Both scorings happened, and the sheet's first scoring is the one the game made."""
    assert state.first_points is not None and state.final_points is not None
    for line in sheet.lines:
        assert line.breakdown["first_expeditions"] == state.first_points[line.player]


def at_a_turn_start(session, prompt: str) -> bool:
    """The first choice of a turn (a turn's moves half made are asked again on resuming)."""
    state = session.state
    return "?" not in prompt and state.phase == "Actions" and not state.blocks


def hidden_twins(seed: int):
    """Ana to choose among several moves; in the twin, Ben's hidden contract, flagship and
    mission are swapped with others he might hold."""
    from tests.checker.test_aod_bot import hidden_swap_pair

    state, other, _ = hidden_swap_pair()
    return state, other


TESTS = GameTests(
    game="age-of-discovery",
    examples={name: Expected(breakdown(name), WINNERS[name]) for name in EXPECTED},
    violations={
        **{name: Violation(text, s, m) for name, (text, s, m) in SETUP_CASES.items()},
        **{name: Violation(log(tail), s, m) for name, (tail, s, m) in TURN_CASES.items()},
        # the whole line check prints: where, the rule's words and its section
        "one flagship for two players": Violation(
            *SETUP_CASES["one flagship for two players"], turn=0, player="Ben", phase="Setup"
        ),
        "a third Red Ship 1": Violation(
            log(TURN_CASES["a third Red Ship 1"][0]),
            *TURN_CASES["a third Red Ship 1"][1:],
            turn=1,
            player="Ana",
            phase="Purchase",
            column=38,
        ),
        "a step after the end of the game": spec.after_the_end(
            "age-of-discovery", "two-players", "{player: Ana, coins: take}", "§5.3"
        ),
    },
    malformed_logs=spec.malformed(MALFORMED),
    malformed_positions=spec.malformed(BAD_POSITIONS),
    play=Play(components=TINY, players=["Ana", "Ben"], seed=3, stop_here=at_a_turn_start),
    random_games=300,
    players=range(2, 5),
    pieces=every_piece,
    full_set=full_set,
    finished=finished,
    position=spec.Position(
        POSITION, Expected(POSITION_SCORE, ["Cai"]), {"Cai": 1, "Ana": 2, "Ben": 3}
    ),
    hidden_twins=hidden_twins,
)
