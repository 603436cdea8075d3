"""Ships in the shared checker tests."""

from __future__ import annotations

from collections import Counter

from portolan.checker.games.ships.book import FREE_CUBE, GOLD, INDUSTRY, NAVIGATION
from portolan.checker.games.ships.scoring import area_points, goods_and_gold, pieces_of
from tests.checker.games import spec
from tests.checker.games.spec import TINY, Expected, GameTests, Play, Violation
from tests.checker.helpers import marked


# -- the examples, worked out by hand ----------------------------------------------------------
# The track: 5 at the start plus every VP the trace shows scored or lost (turn by turn in
# examples/ships/*.trace.txt), added up by kind. The last area: each cube left in the present
# area scores its number (no disc is left there in these games). Goods and gold: every good
# sold at its price plus the bank, 1 VP per 2 gold.
#
# two-players (Area 5, The Americas, is the present area at the end):
#   Ana track 5 + first ships 9, lagging ships -11, area 2 16, area 3 23, area 4 25, cities 9,
#     spice 7, cards 7, metal exchanged 4 = 94; cubes in Caribbean (Spice), South America
#     (Gold), Virginia (Cloth): 3 x 5 = 15; 3 Cloth = 12 gold, no gold: 6.     115
#   Ben track 5 + first ships 19, lagging ships -12, area 2 8, area 3 12, area 4 28, cards 3,
#     surplus gold when selling 10 = 73; Newfoundland and Caribbean (Cloth): 10; 3 Cloth: 6. 89
# three-players (Area 6, The Indies):
#   Ana track 5 + first ships 2, lagging -18, area 2 5, area 3 13, area 4 20, area 5 15,
#     cities 4, spice 21, surplus gold 1 = 68; Calicut Spice, Spice Islands Spice x2, Nagasaki
#     Metal: 4 x 6 = 24; 4 Cloth = 16 gold: 8.                                  100
#   Ben track 5 + first ships 2, lagging -12, area 2 5, area 3 9, area 4 16, area 5 15,
#     cards 2 = 42; Canton and Nagasaki Cloth: 12; 3 Cloth: 6.                  60
#   Cai track 5 + first ships 18, lagging -10, area 2 2, area 3 24, area 4 18, area 5 20,
#     cities 3, spice 7, cards 1, metal 4 = 92; Cape of Good Hope Cloth: 6; 7 Cloth = 28: 14.
#                                                                               112 (wins)
# four-players (Area 6):
#   Ana track 5 + first ships 12, lagging -12, area 2 5, area 3 12, area 4 12, area 5 15,
#     cities 2, metal 2 = 53; nothing in Area 6: 0; 3 Cloth: 6.                 59
#   Ben track 5 + first ships 6, lagging -11, area 2 4, area 3 9, area 4 12, area 5 10,
#     spice 14, cards 1 = 50; Cape of Good Hope Cloth, Calicut Spice, Spice Islands Spice:
#     18; 3 Cloth: 6.                                                           74
#   Cai track 5 + first ships 2, lagging -17, area 2 5, area 3 9, area 4 27, area 5 15,
#     cities 5, spice 14, cards 1, metal 2 = 68; Calicut Cloth, Spice Islands Spice: 12;
#     3 Cloth: 6.                                                               86
#   Dora track 5 + first ships 13, lagging -7, area 2 2, area 3 13, area 4 17, area 5 15,
#     cities 6 = 64; Canton and Nagasaki Metal: 12; 5 Cloth = 20: 10.           86
#   Cai and Dora tie: no tie-breaker, both win.
def _sheet(track: int, last: int, sale: int) -> dict[str, int]:
    return {"track": track, "final_area": last, "goods_and_gold": sale}


EXPECTED = {
    "two-players": {"Ana": _sheet(94, 15, 6), "Ben": _sheet(73, 10, 6)},
    "three-players": {
        "Ana": _sheet(68, 24, 8),
        "Ben": _sheet(42, 12, 6),
        "Cai": _sheet(92, 6, 14),
    },
    "four-players": {
        "Ana": _sheet(53, 0, 6),
        "Ben": _sheet(50, 18, 6),
        "Cai": _sheet(68, 12, 6),
        "Dora": _sheet(64, 12, 10),
    },
}
# puzzle: the last turn of two-players, from the position after its turn 39 (Ben's turn 40
# scores Caribbean Cloth and Newfoundland Cloth's cubes in the Americas: 2 x 5 = 10; he sells
# what is left at the end): the same end.
EXPECTED["puzzle"] = EXPECTED["two-players"]
WINNERS = {
    "two-players": ["Ana"],
    "three-players": ["Cai"],
    "four-players": ["Cai", "Dora"],
    "puzzle": ["Ana"],
}

# -- a failing log for every rule ------------------------------------------------------------
SETUP = """\
game: ships
players: [Ana, Ben]
{options}setup:
  display: [Currency, Currency, Docks, Greek Empire, Lateen Sail, Lighthouse, Navigation Device,
            Phoenician Alphabet, Ram, Roman Empire, Warehouse, Amphorae]
turns:
"""

# After the first round: Ana has a galley in age 1's Merchant box, a cube on Tyre Cloth, 1 Cloth,
# 2 navigation, no gold, 2 free action cubes in stock and 6 merchant cubes; Ben a galley in age
# 1's Merchant box, a cube on Alexandria Food, 2 Food, 2 gold (his bank is full: 2 spaces), 2
# free action cubes and 6 merchant cubes. Ana is next (turn 3).
FIRST_ROUND = """\
  - player: Ana
    actions:
      - {place: 1, trade: Tyre Cloth}
      - navigation
  - player: Ben
    actions:
      - {place: 1, trade: Alexandria Food}
      - {card: Currency}
"""


def log(tail: str, options: str = "") -> str:
    return SETUP.format(options=options) + FIRST_ROUND + tail


def ana(*actions: str) -> str:
    return turn("Ana", *actions)


def ben(*actions: str) -> str:
    return turn("Ben", *actions)


def turn(player: str, *actions: str) -> str:
    return f"  - player: {player}\n    actions:\n" + "".join(f"      - {a}\n" for a in actions)


# A race to age 5, the first age of the Sailing ship era (navigation: age 3 costs 2 less 1 ship
# in age 2, age 4 costs 3 less 1, age 5 costs 4 less 2), the display dealt as ``display``.
def to_age_5(display: str) -> str:
    return (
        SETUP.format(options="")
        + ana("{place: 1, trade: Tyre Cloth}", "{place: 1, trade: Tyre Food}")
        + ben("{place: 2, trade: Alexandria Food}", "{card: Navigation Device}")
        + ana("navigation", "{place: 3, trade: Athens Oil, return: [Food]}")
        + ben("{place: 4, trade: Alexandria Oil}", "{place: 4, trade: Rhodes Oil, return: [Food]}")
        + ana(
            "navigation", "{place: 5, city: Byzantium Industry, disc: Bank" + display + "}  # here"
        )
    )


VIOLATIONS = {
    # Setup
    "a card dealt twice at setup": (
        SETUP.replace("Docks, Greek Empire, ", "Docks, Docks,  # here\n            ").format(
            options=""
        ),
        "Setup",
        "Docks cannot be dealt: its only copy is on the display",
    ),
    "a Sailing ship card at setup": (
        SETUP.replace("Docks, Greek Empire", "Astrolabe,  # here\n            Greek Empire").format(
            options=""
        ),
        "Setup",
        "Astrolabe is a Sailing ship card: the Galley deck is being dealt",
    ),
    "eleven cards at setup": (
        # the setup is reported at its own last line (a turn is checked when it ends)
        SETUP.replace(", Amphorae]", "]  # here").format(options="")
        + "  - {player: Ana, actions: [gold]}\n",
        "Setup",
        "12 Galley cards are dealt to the display at setup (setup: display:): 11 named",
    ),
    # Game play and the phases of a turn
    "a turn out of order": (
        log("  - {player: Ben, actions: [navigation]}  # here\n"),
        "Game Play",
        "it is Ana's turn, not Ben's",
    ),
    "a fifth action": (
        log(
            ana(
                "gold",
                "gold",
                "{remove: 1 Merchant, cube: free}",
                "{retrieve: action boxes, cube: free}",
                "navigation  # here",
            )
        ),
        "Phase Two: Perform Actions",
        "Ana has no free action cube, in the Action cubes section or in stock",
    ),
    "a merchant cube that is not in the Action cubes section": (
        log(ana("gold", "navigation", "{gold: 1, cube: merchant}  # here")),
        "Phase Two: Perform Actions",
        "Ana has no merchant cube left in the Action cubes section",
    ),
    "a free action cube's gold": (
        log(ana("{navigation: 2, cube: free}  # here")),
        "Phase Two: Perform Actions",
        "Take two navigation with a free action cube costs 1 gold: Ana has 0",
    ),
    # Place ship: the age
    "the first ship outside age 1": (
        SETUP.format(options="") + ana("{place: 2, trade: Tyre Cloth}  # here"),
        "Deciding whether to place in the present ship age or the next one up",
        "the first ship of the game goes in age 1",
    ),
    "a ship below the present age": (
        log(ana("{place: 2, trade: Athens Wine}") + ben("{place: 1, trade: Rhodes Oil}  # here")),
        "Deciding whether to place in the present ship age or the next one up",
        "age 1 is below the present age (2): Place ship never goes lower (Upgrade ship may)",
    ),
    "a ship two ages up": (
        log(ana("{place: 3, trade: Athens Wine}  # here")),
        "Deciding whether to place in the present ship age or the next one up",
        "age 3 is too far: a ship goes in the present age (1) or the next (2)",
    ),
    "the next age without navigation": (
        log(ana("{place: 2, trade: Athens Wine}") + ben("{place: 3, trade: Rhodes Oil}  # here")),
        "Placing your ship in the next age level along the ship age track",
        "opening age 3 costs 1 navigation: Ben has 0",
    ),
    "the next age above an empty one": (
        log(
            ana("{place: 2, trade: Athens Wine}", "{remove: 2 Merchant}")
            + ben("{place: 3, trade: Rhodes Oil}  # here")
        ),
        "Placing your ship in the next age level along the ship age track",
        "no ship is in the present age (2): age 3 cannot be opened yet",
    ),
    # Place ship: the boxes
    "a warship without food": (
        log(ana("{place: 1, city: Tyre}  # here")),
        "Consequences of placing your ship in the warship box",
        "a ship in a Warship box costs 1 food: Ana has none",
    ),
    "a city disc from no row named": (
        log(ana("gold") + ben("{place: 1, city: Tyre}  # here")),
        "Consequences of placing your ship in the warship box",
        "say which row of the display the disc comes from: disc: Warehouse or Bank",
    ),
    "an industry counter on a city": (
        log(ana("gold") + ben("{place: 1, city: Tyre, disc: Bank, industry: true}  # here")),
        "Consequences of placing your ship in the warship box",
        "an industry counter cannot increase a city's benefit (industry: true goes with a trade "
        "box)",
    ),
    "a city already taken": (
        log(
            ana("gold")
            + ben("{place: 1, city: Tyre, disc: Bank}")
            + ana("gold")
            + ben("{place: 1, city: Tyre, disc: Bank}  # here")
        ),
        "Consequences of placing your ship in the warship box",
        "the city of Tyre is taken (by Ben)",
    ),
    "a location's two cities unnamed": (
        log(ana("gold") + ben("{place: 1, city: Byzantium, disc: Bank}  # here")),
        "Consequences of placing your ship in the warship box",
        "Byzantium has two cities: say which ('Byzantium Free action cube' or "
        "'Byzantium Industry')",
    ),
    "a trade box already taken": (
        log(ana("{place: 1, trade: Alexandria Food}  # here")),
        "Consequences of placing your ship in the merchant box",
        "the Alexandria Food trade box is taken (by Ben): a cube goes in an empty trade box",
    ),
    "an industry counter not held": (
        log(ana("{place: 1, trade: Athens Wine, industry: true}  # here")),
        "Consequences of placing your ship in the merchant box",
        "Ana has no industry counter",
    ),
    "a full warehouse": (
        log(ana("gold") + ben("{place: 1, trade: Byzantium Food}", "navigation  # here")),
        "Consequences of placing your ship in the merchant box",
        "Ben's warehouse holds 4 goods and has room for 3: name the goods sent back (return: "
        "[...])",
    ),
    "a good sent back that is not held": (
        log(ana("gold") + ben("{place: 1, trade: Byzantium Food, return: [Wine]}  # here")),
        "Consequences of placing your ship in the merchant box",
        "Ben has no Wine to send back",
    ),
    "a good sent back from a warehouse with room": (
        log(ana("{place: 1, trade: Athens Wine, return: [Cloth]}  # here")),
        "Consequences of placing your ship in the merchant box",
        "the warehouse has room: no good needs to go back",
    ),
    # Place ship: the areas
    "an area beyond the next": (
        log(ana("{place: 1, trade: Lisbon Wine}  # here")),
        "Placing your merchant cube or city disc in the next area in the progression",
        "Area 4 is beyond the next area: from Area 2 only Area 3 can be entered",
    ),
    "the first cube outside Area 2": (
        SETUP.format(options="") + ana("{place: 1, trade: Ostia Wine}  # here"),
        "Placing your merchant cube or city disc in the next area in the progression",
        "the first cube or disc of the game goes in Area 2: Area 3 cannot be entered yet",
    ),
    "the next area without navigation": (
        log(ana("gold") + ben("{place: 1, trade: Ostia Wine}  # here")),
        "Placing your merchant cube or city disc in the next area in the progression",
        "entering Area 3 costs 3 navigation (3 less 0 for discs and cards): Ben has 0",
    ),
    "an area behind the present one": (
        log(
            ana("navigation", "{place: 1, trade: Ostia Wine}")
            + ben("{place: 1, trade: Rhodes Oil}  # here")
        ),
        "Placing your merchant cube or city disc in the next area in the progression",
        "Area 2 is behind the present area (Area 3): cubes and discs go in the present area or "
        "the next",
    ),
    # Upgrade ship, Remove one ship
    "an upgrade of a ship not there": (
        log(ana("gold", "{upgrade: 1 Warship, trade: Athens Wine}  # here")),
        "Action: Upgrade Ship",
        "Ana has no ship in age 1's Warship box",
    ),
    "an upgrade without its gold": (
        log(ana("{upgrade: 1 Merchant, trade: Athens Wine}  # here")),
        "Phase Two: Perform Actions",
        "Upgrade ship with a merchant cube costs 1 gold: Ana has 0",
    ),
    "a ship removed that is not there": (
        log(ana("{remove: 2 Merchant}  # here")),
        "Action: Remove One Ship",
        "Ana has no ship in age 2's Merchant box",
    ),
    # Take one card
    "a second card in a turn": (
        log(ana("gold") + ben("{card: Navigation Device}", "{card: Currency}  # here")),
        "Action: Take One Card",
        "Ben has already taken a card this turn",
    ),
    "a card of an era not begun": (
        log(ana("{card: Astrolabe}  # here")),
        "Action: Take One Card",
        "Astrolabe is not on the display (still in the Sailing ship deck: its era has not begun)",
    ),
    "a card not dealt": (
        log(ana("{card: Vikings!}  # here")),
        "Action: Take One Card",
        "Vikings! is not on the display (not dealt to the display)",
    ),
    "a card's gold": (
        log(ana("{card: Docks, sell: [Cloth]}  # here")),
        "Phase Two: Perform Actions",
        "Take one card with a merchant cube costs 1 gold: Ana has 0",
    ),
    "a good of your choice unnamed": (
        log(ana("{card: Warehouse}", "navigation  # here")),
        "Action: Take One Card",
        "name the good of your choice the card gives (good:)",
    ),
    "a card's ship in the wrong box": (
        log(ana("{card: Ram, place: 1, trade: Athens Wine}  # here")),
        "Action: Take One Card",
        "the card's ship goes in a Warship box",
    ),
    "a card taking back ships that are not there": (
        log(ana("{card: Lighthouse, ships: [1 Merchant, 1 Merchant]}  # here")),
        "Action: Take One Card",
        "Ana has 1 ship(s) in age 1's Merchant box and 0 in its Warship box",
    ),
    # Take one gold, Sell goods, Retrieve
    "a gold with a full bank": (
        log(ana("gold") + ben("gold  # here")),
        "Action: Take One Gold",
        "Ben's bank has no empty space",
    ),
    "a good sold that is not held": (
        log(ana("{sell: [Wine]}  # here")),
        "Action: Sell Goods",
        "Ana has no Wine left to sell",
    ),
    "a sale of nothing": (
        log(ana("{sell: []}", "gold  # here")),
        "Action: Sell Goods",
        "name the goods sold (sell: [...])",
    ),
    "a sale without goods": (
        SETUP.format(options="") + ana("{sell: [Cloth]}  # here"),
        "Action: Sell Goods",
        "Ana has no goods to sell",
    ),
    "a retrieve from empty action boxes": (
        SETUP.format(options="") + ana("{retrieve: action boxes}  # here"),
        "Action: Retrieve Merchant Cubes",
        "Ana has no cube or industry in the action boxes",
    ),
    "a retrieve from an area without cubes": (
        log(ana("{retrieve: 3}  # here")),
        "Action: Retrieve Merchant Cubes",
        "Ana has no merchant cube in Area 3",
    ),
    "a retrieve of another player's cube": (
        log(ana("{retrieve: 2, cubes: [Alexandria Food]}  # here")),
        "Action: Retrieve Merchant Cubes",
        "Ana has no cube in Alexandria Food (retrieving from Area 2)",
    ),
    # Free exchanges
    "an exchange of a good not held": (
        log(ana("{exchange: Oil, gold: 1}  # here")),
        "Free Exchange of Goods",
        "Ana has no Oil to exchange",
    ),
    "an exchange of a good that cannot be": (
        log(ana("{exchange: Cloth, gold: 1}  # here")),
        "Free Exchange of Goods",
        "Cloth cannot be exchanged: only Oil, Metal, Wine can",
    ),
    "an Oil's free action cube not used": (
        log(
            ana("{place: 1, trade: Athens Oil}", "{exchange: Oil, gold: 1, cube: merchant}  # here")
        ),
        "Free Exchange of Goods",
        "the free action cube an Oil was exchanged for must be used at once, to pay for this "
        "action",
    ),
    "a Wine's gold not used": (
        log(ana("{place: 1, trade: Athens Wine}", "{exchange: Wine, gold: 1}  # here")),
        "Free Exchange of Goods",
        "1 gold from Wine but Take one gold costs 0: what an exchange gives must be used at once",
    ),
    "a Metal's navigation not used": (
        log(ana("{place: 1, trade: Rhodes Metal}", "{exchange: Metal, gold: 1}  # here")),
        "Free Exchange of Goods",
        "1 navigation from Metal must be used at once: Take one gold uses none",
    ),
    "an exchange left unused at the end of the turn": (
        log(
            # Ana's own turn, at its last line (a turn is checked when it ends)
            ana("{place: 1, trade: Rhodes Metal}", "{exchange: Metal}  # here")
            + "  - {player: Ben, actions: [navigation]}\n"
        ),
        "Free Exchange of Goods",
        "1 navigation from a free exchange is still unused: it must be used at once",
    ),
    # A new era
    "a new era without its display": (
        to_age_5(""),
        "Placing your ship in the next age level along the ship age track",
        "the Sailing ship era has begun: name the 12 more card(s) dealt to the display (display: "
        "[...])",
    ),
    "a Galley card dealt to a new era": (
        to_age_5(", display: [Currency]"),
        "Placing your ship in the next age level along the ship age track",
        "Currency is a Galley card: the Sailing ship deck is being dealt",
    ),
    "a card dealt when no era begins": (
        log(ana("{place: 1, trade: Athens Wine, display: [Astrolabe]}  # here")),
        "Placing your ship in the next age level along the ship age track",
        "no card is dealt now: the display is dealt at setup and when a new era begins",
    ),
}


HEAD = "game: ships\nplayers: [Ana, Ben]\nturns:\n"
MALFORMED = {
    # one behaviour in every game: a key in another case is refused, never merged with its twin
    "a turn key that differs only in case": (
        HEAD + "  - player: Ana\n    actions: [gold]\n    Actions: [gold]  # here\n",
        "unknown key 'Actions' (did you mean 'actions'?)",
    ),
    "an action key that differs only in case": (
        HEAD + "  - player: Ana\n    actions:\n      - {Place: Area 7}  # here\n",
        "unknown key 'Place' (did you mean 'place'?)",
    ),
    "not YAML": (
        "game: ships\nplayers: [Ana, Ben\nturns: []  # here\n",
        "YAML syntax error: did not find expected ',' or ']'",
    ),
    # Counts past what the box holds were replayed that many times (a list of 10**11 goods: exit
    # 3; cubes taken back from the open area 10**14 times: no end).
    "more goods sold than the game has": (
        log(ana("{sell: 99999999999 Cloth}  # here")),
        "99999999999 Cloth: the game has 20",
    ),
    "more goods exchanged than the game has": (
        log(ana("{place: 1, trade: Tyre Cloth, exchange: 99999999 Wine}  # here")),
        "99999999 Wine: the game has 10",
    ),
    "more cubes taken back than a player has": (
        log(ana("{retrieve: 7, cubes: 100000000000000}  # here")),
        "100000000000000 cubes: a player has 20 merchant cubes (Components)",
    ),
    "unknown top-level key": (
        HEAD.replace("turns:", "setp: {}  # here\nturns:"),
        "unknown key 'setp' (did you mean 'setup'?)",
    ),
    "unknown setup key": (
        HEAD.replace("turns:", "setup: {dispaly: []}  # here\nturns:"),
        "unknown key 'dispaly' (did you mean 'display'?)",
    ),
    "unknown turn key": (
        HEAD + "  - {player: Ana, action: [gold]}  # here\n",
        "unknown key 'action' (did you mean 'actions'?)",
    ),
    "unknown action key": (
        HEAD + ana("{place: 1, trad: Tyre Cloth}  # here"),
        "unknown key 'trad' (did you mean 'trade'?)",
    ),
    "unknown card": (
        HEAD + ana("{card: Curency}  # here"),
        "'Curency' is not a card of Ships (did you mean 'Currency'?)",
    ),
    "unknown location": (
        HEAD + ana("{place: 1, trade: Tyr Cloth}  # here"),
        "'Tyr Cloth' names no location of the board (did you mean 'Tyre'?)",
    ),
    "a trade box not named": (
        HEAD + ana("{place: 1, trade: Tyre}  # here"),
        "Tyre has 2 trade boxes: say which ('Tyre Food' or 'Tyre Cloth')",
    ),
    "a trade box the location does not have": (
        HEAD + ana("{place: 1, trade: Tyre Wine}  # here"),
        "'Wine' is not a trade box of Tyre (expected one of: 'Food', 'Cloth')",
    ),
    "a city the location does not have": (
        HEAD + ana("{place: 1, city: Ostia Gold}  # here"),
        "'Gold' is not a city of Ostia (expected one of: 'VP', 'Merchant cube')",
    ),
    "two actions in one entry": (
        HEAD + ana("{place: 1, trade: Tyre Cloth, gold: 1}  # here"),
        "one action per entry: place, upgrade, remove, card, gold, navigation, sell or retrieve",
    ),
    "a ship placed nowhere": (
        HEAD + ana("{place: 1}  # here"),
        "a placed ship's cube goes in a trade box (trade: ...) or its disc in a city (city: "
        "...): name one",
    ),
    "a ship without its box": (
        HEAD + ana("{upgrade: Merchant, trade: Tyre Cloth}  # here"),
        "write a ship as its age and box, e.g. '3 Merchant', not 'Merchant'",
    ),
    "an unknown cube": (
        HEAD + ana("{gold: 1, cube: silver}  # here"),
        "'silver' is not a cube: merchant or free (expected one of: 'merchant', 'free')",
    ),
    "an unknown good": (
        HEAD + ana("{sell: [Clth]}  # here"),
        "'Clth' is not a good (did you mean 'Cloth'?)",
    ),
    "an area that is not": (
        HEAD + ana("{retrieve: 9}  # here"),
        "there is no Area 9",
    ),
    "a card's action for a card without one": (
        HEAD + ana("{card: Currency, place: 1, trade: Tyre Cloth}  # here"),
        "Currency grants no action: 'place' goes in an entry of its own",
    ),
    "a good of your choice without a card": (
        HEAD + ana("{gold: 1, good: Cloth}  # here"),
        "'good' goes with a card: {card: ..., good: ...}",
    ),
    "a turn for a player not in the game": (
        HEAD + "  - {player: Cai, actions: [gold]}  # here\n",
        "'Cai' is not a player in this game (expected one of: 'Ana', 'Ben')",
    ),
    "five players": (
        "game: ships\nplayers: [Ana, Ben, Cai, Dora, Eli]  # here\n",
        "5 players: Ships is for 2 to 4",
    ),
    "unknown option": (
        HEAD.replace("turns:", "options: {end_triger: once_reached}  # here\nturns:"),
        "unknown rule option 'end_triger' (did you mean 'end_trigger'?)",
    ),
    "bad option value": (
        HEAD.replace("turns:", "options: {negative_vp: never}  # here\nturns:"),
        "'never' is not a choice of option 'negative_vp' (expected one of: 'floor', 'allowed')",
    ),
}

POSITION = """\
game: ships
area: 5
players:
  Ana:
    vp: 48
    gold: 7
    goods: 2 Cloth + 1 Wine
    cubes: [Caribbean Spice, New Spain Metal]
    cities: [Caribbean]
  Ben: {vp: 40, gold: 10, goods: [Metal], cubes: [Caribbean Cloth]}
"""

# Area 5 scores once more: Ana's cubes in Caribbean (Spice) and New Spain 2 x 5 = 10, her disc in
# Caribbean 5 + 1 (her cube there) = 6: 16; Ben's cube in Caribbean 5. Goods and gold: Ana
# 2 Cloth 8 + Wine 3 + 7 gold = 18: 9 VP; Ben Metal 3 + 10 = 13: 6 VP.
POSITION_SCORE = {
    "Ana": {"track": 48, "final_area": 16, "goods_and_gold": 9},
    "Ben": {"track": 40, "final_area": 5, "goods_and_gold": 6},
}


def position(old: str, new: str) -> str:
    return marked(POSITION, old, new)


BAD_POSITIONS = {
    "unknown key": (position("gold: 7", "gld: 7"), "unknown key 'gld' (did you mean 'gold'?)"),
    "more gold than a bank holds": (
        position("gold: 7", "gold: 11"),
        "gold 11 is more than the 10 spaces of the bank",
    ),
    "more goods than a warehouse holds": (
        position("goods: 2 Cloth + 1 Wine", "goods: 9 Cloth + 3 Wine"),
        "12 goods: a warehouse has 11 spaces",
    ),
    "a cube outside the present area": (
        position("[Caribbean Spice,", "[Tyre Cloth,"),
        "'Tyre Cloth' is no trade box of Area 5 (The Americas), the present area: cubes "
        "elsewhere score nothing at the end and are left out",
    ),
    "two cubes in one trade box": (
        position("[Caribbean Cloth]", "[Caribbean Spice]"),
        "'Caribbean Spice' already holds Ana's piece: one piece per trade box",
    ),
    "a card not kept to the end": (
        position("cities: [Caribbean]", "kept: [Astrolabe]"),
        "Astrolabe is not held at the end: only the Steamship era's kept cards are",
    ),
    "an area that is not": (
        position("area: 5", "area: 8"),
        "there is no Area 8: the areas are 2, 3, 4, 5, 6, 7",
    ),
    "a player's entry that is not a mapping": (
        position("Ben: {vp: 40, gold: 10, goods: [Metal], cubes: [Caribbean Cloth]}", "Ben: 40"),
        "each player maps to vp, gold, goods, kept, cubes, cities",
    ),
}


# -- pieces: every piece and counter in one place, and none below zero ---------------------------
def every_piece(state) -> Counter:
    """Every piece and counter of the box, by name, wherever it is; a count below zero
    anywhere adds a 'below zero' entry (so the comparison with the box fails)."""
    book = state.book
    k = book.constants
    n = len(state.seats)
    seen: Counter = Counter()
    places: list[int] = []  # every count that went into ``seen``, to look for one below zero
    trade, cities = Counter(state.trade), Counter(state.cities)
    on_track = [[0] * len(book.eras) for _ in range(n)]  # ships by seat and era
    for a, (merchant, warship) in enumerate(state.ships_at):
        era = book.ages[a].era
        for i in range(n):
            on_track[i][era] += merchant[i] + warship[i]
    free = gold = nav = industry = 0
    for i, colour in enumerate(book.colours):
        ships = [f"{colour} {era.lower()}" for era in book.eras]
        if i >= n:  # a colour nobody plays stays in the box
            seen[f"{colour} merchant cube"] += k["merchant_cubes"]
            seen[f"{colour} city disc"] += k["city_discs"]
            for name in ships:
                seen[name] += k["ships_per_era"]
            continue
        s = state.seats[i]
        cubes = (s.stock, s.pool_cubes, s.section, s.box_cubes, s.spice, trade[i])
        cubes += tuple(c[i] for c in state.open_cubes.values())
        discs = (*s.discs.values(), cities[i], *(c[i] for c in state.open_discs.values()), 1)
        seen[f"{colour} merchant cube"] += sum(cubes)
        seen[f"{colour} city disc"] += sum(discs)  # the 1: on the VP track
        places += [*cubes, *discs, s.free, s.section_free, s.gold, s.nav, s.industry]
        places += [s.box_industry, *s.goods.values(), *s.ships, *s.retired]
        for e, name in enumerate(ships):
            seen[name] += s.ships[e] + s.retired[e] + on_track[i][e]
        free += s.free + s.section_free
        gold += s.gold
        nav += s.nav
        industry += s.industry + s.box_industry
        seen.update(s.goods)
        seen.update(s.kept)
    pool = state.pool
    seen[FREE_CUBE] += free + pool[FREE_CUBE] + state.free_used + state.pend_free
    seen["Gold coin"] += gold + pool[GOLD] + state.pend_gold
    seen["Navigation counter"] += nav + pool[NAVIGATION] + state.pend_nav
    seen["Industry counter"] += industry + pool[INDUSTRY]
    for g in book.goods:
        seen[g] += pool[g]
    places += [*pool.values(), state.free_used, state.pend_free, state.pend_gold, state.pend_nav]
    for pile in (*state.decks, state.display, state.discard):
        seen.update(pile)
        places += pile.values()
    if min(places) < 0:
        seen["a count below zero"] += 1
    return seen


def full_set(model) -> Counter:
    out: Counter = Counter()
    for component in ("player-pieces", "pool"):
        for counter in model.component(component).spec.counters:
            out[counter.name] += counter.count.value
    out.update({c.name: c.count for c in model.deck("cards").cards})
    return out


def finished(state, sheet, model) -> None:
    """The sheet adds up the state; the counts kept up to date match a recount."""
    book = state.book
    n = len(state.players)
    last = area_points(book, state.area, pieces_of(state, state.area), n)
    for p, line in enumerate(sheet.lines):
        seat = state.seats[p]
        assert line.breakdown["track"] == seat.vp
        assert line.breakdown["final_area"] == last[p]
        assert (
            line.breakdown["goods_and_gold"]
            == goods_and_gold(book, seat.goods, seat.gold, seat.kept)[1]
        )
        assert seat.goods_held <= state.capacity(p, "Warehouse")
        assert 0 <= seat.gold <= state.capacity(p, "Bank")
        if state.options["negative_vp"] == "floor":
            assert seat.vp >= 0
    for a, info in enumerate(book.areas):
        for p in range(n):
            cubes = (
                state.open_cubes[a][p]
                if info.open
                else sum(1 for b in info.trade if state.trade[b] == p)
            )
            assert state.area_cubes[a][p] == cubes
        discs = (
            sum(state.open_discs[a])
            if info.open
            else sum(1 for c in info.cities if state.cities[c] >= 0)
        )
        assert state.area_discs[a] == discs
    if state.over:
        assert state.ships_in_age(book.last_age) >= book.constants["end_ships_in_last_age"] or (
            state.options["end_trigger"] == "once_reached"
        )
        assert len({s for s in range(n)}) == n and state.turn % n == 0


TESTS = GameTests(
    game="ships",
    examples={name: Expected(EXPECTED[name], WINNERS[name]) for name in EXPECTED},
    violations={
        name: Violation(text, section, message)
        for name, (text, section, message) in VIOLATIONS.items()
    },
    malformed_logs=spec.malformed(MALFORMED),
    malformed_positions=spec.malformed(BAD_POSITIONS),
    play=Play(
        components=TINY,
        players=["Ana", "Ben"],
        seed=11,
        # at the first choice of a turn: the log then holds whole actions only
        stop_here=lambda session, prompt: (
            prompt == "> "
            and bool(session.steps)
            and type(session.steps[-1].move).__name__ == "StartTurn"
        ),
    ),
    random_games=300,
    players=range(2, 5),
    pieces=every_piece,
    full_set=full_set,
    finished=finished,
    position=spec.Position(POSITION, Expected(POSITION_SCORE, ["Ana"]), {"Ana": 1, "Ben": 2}),
    hidden_twins=spec.copy_twins("ships"),
)
