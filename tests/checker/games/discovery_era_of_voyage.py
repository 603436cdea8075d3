"""Discovery: The Era of Voyage in the shared checker tests (and the logs its own tests share)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from portolan.checker.core.registry import rules_for
from tests.checker.games import spec
from tests.checker.games.spec import (
    ROOT,
    Expected,
    GameTests,
    Malformed,
    Play,
    Violation,
)
from tests.checker.helpers import MARK, TINY

EXAMPLES = ROOT / "examples" / "discovery-era-of-voyage"

# From each log's header (majorities island by island, then the VP tokens exchanged for):
# two-players: Ben 4+1+1+5+3+3 = 17 and 2 VP; Ana 2+3+1+4 = 10 and 2+2+1 = 5 VP.
# three-players: Ana 1+2+1+3 = 7, Ben 1, Cai 5+1 = 6; VP tokens 5 each.
# four-players: Ana 2+2+1 = 5, Ben 2, Cai 5+4+1 = 10, Dora 2; VP tokens 8, 6, 3, 8.
EXPECTED = {
    "two-players": {
        "Ana": {"island_majorities": 10, "vp_tokens": 5},
        "Ben": {"island_majorities": 17, "vp_tokens": 2},
    },
    "three-players": {
        "Ana": {"island_majorities": 7, "vp_tokens": 5},
        "Ben": {"island_majorities": 1, "vp_tokens": 5},
        "Cai": {"island_majorities": 6, "vp_tokens": 5},
    },
    "four-players": {
        "Ana": {"island_majorities": 5, "vp_tokens": 8},
        "Ben": {"island_majorities": 2, "vp_tokens": 6},
        "Cai": {"island_majorities": 10, "vp_tokens": 3},
        "Dora": {"island_majorities": 2, "vp_tokens": 8},
    },
}
WINNERS = {"two-players": ["Ben"], "three-players": ["Ana"], "four-players": ["Cai"]}


# -- Logs ------------------------------------------------------------------------------------
# Slots, clockwise: 1 Palm Grove, 2 Harbour Market, 3 Orchard Isle, 4 Temple of the Sun,
# 5 Pepper Coast, 6 Trading Post, 7 Gold Reef. Ana starts; 3 coins and 8 markers each.
BASE = """\
game: discovery-era-of-voyage
players: [Ana, Ben, Cai]
setup:
  islands: [Palm Grove, Harbour Market, Orchard Isle, Temple of the Sun, Pepper Coast,
            Trading Post, Gold Reef]
  first: Ana
turns:
"""

# Two players with pirates, 3 coins each. Slots: 1 Palm Grove, 2 Pepper Coast, 3 Orchard Isle,
# 4 Gold Reef, 5 Harbour Market, 6 Trading Post, 7 Temple of the Sun.
PIRATES = """\
game: discovery-era-of-voyage
players: [Ana, Ben]
options: {pirates: true}
setup:
  islands: [Palm Grove, Pepper Coast, Orchard Isle, Gold Reef, Harbour Market, Trading Post,
            Temple of the Sun]
  first: Ana
turns:
"""

# Ana invests three times on Pepper Coast (3 Fruit + 1 coin each), fetching Fruit on Palm Grove
# and coins on the Central Island; Ben goes back and forth between the centre and Gold Reef and
# ends on the Central Island with 8 coins.
_ANA = ["{to: Palm Grove, bow: clockwise}", "Pepper Coast", "return"] * 3 + [
    "{to: Palm Grove, bow: clockwise}",
    "Pepper Coast",
]
_INVESTS = {4, 7, 10}  # Ana's turns (from 0) that invest
_BEN = ["{to: Gold Reef, bow: counterclockwise}", "return"] * 5
LIMIT = PIRATES.replace("{pirates: true}", "{pirates: false}") + "".join(
    f"  - {{player: Ana, sail: {a}{', invest: true' if k in _INVESTS else ''}}}\n"
    + (f"  - {{player: Ben, sail: {_BEN[k]}}}\n" if k < len(_BEN) else "")
    for k, a in enumerate(_ANA)
)


def log(head: str, tail: str) -> str:
    return head + tail


def setup_log(islands: str, extra: str, *, mark: bool = True) -> str:
    """A 3-player log whose setup is being tested (the marked line is the one at fault)."""
    mark_islands = mark and not extra
    lines = [
        "game: discovery-era-of-voyage",
        "players: [Ana, Ben, Cai]",
        "setup:",
        f"  islands: {islands}" + (f"  {MARK}" if mark_islands else ""),
        "  first: Ana",
    ]
    if extra:
        lines.append(extra + (f"  {MARK}" if mark else ""))
    return "\n".join(lines) + "\n"


def zero_coins(head: str) -> str:
    """The same log with the 0/0/1/1 starting coins: the first two players start with none."""
    return head.replace("  first: Ana\n", "  first: Ana\n  coins: 0/0/1/1\n")


# -- A failing log per rule ----------------------------------------------------------------
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


def _circle_of_six() -> str:
    """Six islands: the checker notices when the next step (the starting player) comes."""
    text = setup_log(ISLANDS.replace(", Gold Reef", ""), "", mark=False)
    text = text.replace("  first: Ana", "  first: Ana  # here")
    return text + "turns:\n  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"


# Each case: the turns after BASE (Ana, Ben and Cai in that order, 3 coins each, nobody has
# sailed yet), the section cited and the message.
CASES = {
    "a step out of turn": (
        "  - {player: Ben, sail: {to: Palm Grove, bow: clockwise}}  # here\n",
        "Game Play",
        "it is Ana's turn, not Ben's",
    ),
    "a turn without sailing": (
        "  - {player: Ana}  # here\n  - {player: Ben, sail: {to: Palm Grove, bow: clockwise}}\n",
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
        "  - {player: Ana, sail: {to: Palm Grove}}  # here\n"
        "  - {player: Ben, sail: {to: Orchard Isle, bow: clockwise}}\n",
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
        ", marker_limit: own",
        "  - {player: Ben, sail: {to: Pepper Coast, bow: clockwise}, invest: true}  # here\n",
        "investing on Pepper Coast costs 3 Fruit + 1 coin: Ben has 0 Fruit",
    ),
    "with marker_limit: own, a 4th marker of Ana's": (
        ", marker_limit: own",
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
        "  - {player: Ana, sail: Orchard Isle}  # here\n"
        "  - {player: Ben, sail: 1}\n",
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


# Turn 3 of a 2-player game with pirates where Ana has nothing: a pirate turned before the
# income that would pay for it (PIRATE_CASES, and the legal orders in test_deov_violations.py).
POOR_START = (
    "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}, income: none}\n"
    "  - player: Ben\n"
    "    pirates: {Orchard Isle: clockwise, Harbour Market: counterclockwise}\n"
    "    sail: {to: Gold Reef, bow: clockwise}\n"
)
PIRATE_CASES["a pirate turned before the income that pays for it"] = (
    POOR_START + "  - player: Ana\n    turn_pirate: {Orchard Isle: Pepper}  # here\n"
    "    sail: Pepper Coast\n",
    "Ana has 0 Pepper: turning a pirate costs 1 coin or 1 resource",
)
PIRATE_CASES["a pirate turned before an income written after it"] = (
    POOR_START + "  - player: Ana\n    sail: Pepper Coast\n"
    "    turn_pirate: {Orchard Isle: Pepper}  # here\n    income: take\n",
    "Ana has 0 Pepper: turning a pirate costs 1 coin or 1 resource",
)
POOR = {
    "a pirate that cannot be paid for",
    "a pirate turned without a payment",
    "a pirate turned before the income that pays for it",
    "a pirate turned before an income written after it",
}

# Ana (0 coins) returns first; Ben (0 coins) may not follow her while he can still sail 1 step
# to a vacant island (option tariff_on_central: true; by default returning costs nothing).
RETURN_TAIL = (
    "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
    "  - {player: Ben, sail: {to: Orchard Isle, bow: clockwise}}\n"
    "  - {player: Cai, sail: {to: Gold Reef, bow: clockwise}}\n"
    "  - {player: Ana, sail: return}\n"
    "  - {player: Ben, sail: return}  # here\n"
)


def _violations() -> dict[str, Violation]:
    out = {
        # a setup violation belongs to the table, before the first turn
        name: Violation(setup_log(islands, extra), section, message, 0, "Table", "Setup")
        for name, (islands, extra, section, message) in SETUP_CASES.items()
    }
    out["a circle of six islands"] = Violation(
        _circle_of_six(),
        "Game Preparation",
        "the setup names the 7 surrounding islands in circle order, clockwise (4 Production, "
        "2 Commercial, 1 Cultural): 6 named (setup: islands: [...])",
    )
    for name, (tail, section, message) in CASES.items():
        out[name] = Violation(log(BASE, tail), section, message)
    for name, (options, tail, message) in LIMIT_CASES.items():
        out[name] = Violation(
            log(LIMIT.replace("pirates: false", "pirates: false" + options, 1), tail),
            "Invest",
            message,
        )
    # where the violation is reported; a move refused once its phase is past is reported in
    # its own phase: the second marker of 'invest: 2' in the Invest phase, not in 'Turn' where
    # the replay had got to
    for name, turn in (
        ("an investment that cannot be paid for", 1),
        ("two investments in one turn", 25),
    ):
        out[name] = replace(out[name], turn=turn, player="Ana", phase="Invest")
    for name, (tail, message) in PIRATE_CASES.items():
        head = zero_coins(PIRATES) if name in POOR else PIRATES
        out[name] = Violation(log(head, tail), "2 Player Variant", message)
    out["a tariff that cannot be paid"] = Violation(
        log(
            zero_coins(BASE),
            "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
            "  - {player: Ben, sail: {to: Palm Grove, bow: clockwise}}  # here\n",
        ),
        "Sailing",
        "stopping at Palm Grove costs 1 coin of tariff to Ana: Ben has 0 coins, and no move may "
        "be made that cannot be paid for",
    )
    out["a pirate moved without the variant"] = Violation(
        log(
            BASE, "  - player: Ana\n    sail: {to: Palm Grove, bow: clockwise, pirate: 1}  # here\n"
        ),
        "2 Player Variant",
        "there are no pirates in this game (3 players: pirates sail in 2-player games)",
    )
    out["a 2-player game has its pirates unless the option leaves them out"] = Violation(
        log(
            PIRATES.replace("options: {pirates: true}\n", ""),
            "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}}\n"
            "  - {player: Ben, sail: {to: Gold Reef, bow: clockwise}}  # here\n",
        ),
        "2 Player Variant",
        "in the first round, after the starting player's turn, Ben places the 2 pirates on "
        "different vacant islands (pirates: {Island: clockwise, Island: counterclockwise})",
    )
    out["a pirate moved in a 2-player game without pirates"] = Violation(
        log(
            PIRATES.replace("{pirates: true}", "{pirates: false}"),
            "  - player: Ana\n    sail: {to: Palm Grove, bow: clockwise, pirate: 1}  # here\n",
        ),
        "2 Player Variant",
        "there are no pirates in this game (option pirates: false)",
    )
    out["a return that cannot pay the tariff on the Central Island"] = Violation(
        log(
            zero_coins(BASE).replace("turns:", "options: {tariff_on_central: true}\nturns:"),
            RETURN_TAIL,
        ),
        "Sailing",
        "returning costs 1 coin of tariff to Ana and Ben has 0 coins; only a player who cannot "
        "pay for any island returns without paying (option tariff_on_central: true)",
    )
    # The game ends at the end of the round an end condition was met in: in the two-player
    # example Ben places his last marker and Ana plays the round's last turn.
    out["a turn after the round in which the game ended"] = spec.after_the_end(
        "discovery-era-of-voyage",
        "two-players",
        "{player: Ben, sail: return}",
        "End of Game",
        player="Ben",
    )
    out["a step after the end of the game"] = spec.after_the_end(
        "discovery-era-of-voyage", "three-players", "{player: Ana, sail: return}", "End of Game"
    )
    return out


# -- Files that cannot be read -------------------------------------------------------------
MALFORMED = {
    "more investments in one turn than a player has markers": (
        BASE + "  - {player: Ana, sail: {to: Palm Grove, bow: clockwise}, invest: 9}  # here\n",
        "9 investments: a player has 8 Investment Markers",
    ),
    "a turn key that differs only in case": (
        BASE + "  - player: Ana\n    sail: {to: Palm Grove, bow: clockwise}\n"
        "    Sail: Pepper Coast  # here\n",
        "unknown key 'Sail' (did you mean 'sail'?)",
    ),
    "an unknown island": (
        BASE.replace("[Palm Grove,", "[Palm Grov,  # here"),
        "'Palm Grov' is not an island of this game (did you mean 'Palm Grove'?)",
    ),
    "an unknown setup key": (
        BASE.replace("  first: Ana", "  frist: Ana  # here"),
        "unknown key 'frist' (did you mean 'first'?)",
    ),
    "a starting player not in the game": (
        BASE.replace("  first: Ana", "  first: Eve  # here"),
        "'Eve' is not a player in this game (expected one of: 'Ana', 'Ben', 'Cai')",
    ),
    "an unknown way to deal the starting coins": (
        BASE.replace("  first: Ana", "  first: Ana\n  coins: 2  # here"),
        "'2' is not a way to hand out starting coins (write 3 (each) or 0/0/1/1)",
    ),
    "markers that are not a number": (
        BASE.replace("  first: Ana", "  first: Ana\n  markers: many  # here"),
        "markers is a whole number, found 'many'",
    ),
    "no setup": (
        "game: discovery-era-of-voyage  # here\nplayers: [Ana, Ben]\n"
        "turns:\n  - {player: Ana, sail: {to: Gold Reef, bow: cw}}\n",
        "'setup' is missing: name the islands in circle order, clockwise (setup: {islands: "
        "[...], first: Player})",
    ),
    "five players": (
        BASE.replace("[Ana, Ben, Cai]", "[Ana, Ben, Cai, Dora, Eli]  # here"),
        "5 players: Discovery: The Era of Voyage is for 2 to 4",
    ),
    "pirates with three players": (
        BASE.replace("setup:", "options: {pirates: true}  # here\nsetup:"),
        "the pirates are the 2 Player Variant: this game has 3 players",
    ),
    "an unknown option": (
        BASE.replace("setup:", "options: {marker_limt: own}  # here\nsetup:"),
        "unknown rule option 'marker_limt' (did you mean 'marker_limit'?)",
    ),
    "a bad option value": (
        BASE.replace("setup:", "options: {marker_limit: mine}  # here\nsetup:"),
        "'mine' is not a choice of option 'marker_limit' (expected one of: 'anyone', 'own')",
    ),
    "an unknown turn key": (
        BASE + "  - {player: Ana, sial: Palm Grove}  # here\n",
        "unknown key 'sial' (did you mean 'sail'?)",
    ),
    "a turn for a player not in the game": (
        BASE + "  - {player: Eve, sail: {to: Palm Grove, bow: clockwise}}  # here\n",
        "'Eve' is not a player in this game (expected one of: 'Ana', 'Ben', 'Cai')",
    ),
    "a turn that is not a mapping": (
        BASE + "  - Ana sails to Palm Grove  # here\n",
        "a turn is a mapping with at least 'player' and 'sail'",
    ),
    "an unknown destination": (
        BASE + "  - {player: Ana, sail: {to: Gold Reff, bow: clockwise}}  # here\n",
        "'Gold Reff' is not an island of this game (did you mean 'Gold Reef'?)",
    ),
    "a bow that is not a direction": (
        BASE + "  - {player: Ana, sail: {to: Gold Reef, bow: north}}  # here\n",
        "'north' is not a bow direction (write clockwise or counterclockwise)",
    ),
    "sail without a destination": (
        BASE + "  - {player: Ana, sail: yes}  # here\n",
        "sail names an island, a number of steps, or return",
    ),
    "an unknown resource": (
        BASE
        + "  - {player: Ana, sail: {to: Harbour Market, bow: cw}, income: sell Golld}  # here\n",
        "'Golld' is not a resource (did you mean 'Gold'?)",
    ),
    "a trade that is neither a purchase nor a sale": (
        BASE + "  - {player: Ana, sail: Harbour Market, income: {trade: [Gold]}}  # here\n",
        "a trade is 'buy X' or 'sell X', not 'Gold'",
    ),
    "an unknown income key": (
        BASE + "  - {player: Ana, sail: Temple of the Sun, income: {exchnage: Gold}}  # here\n",
        "unknown key 'exchnage' (did you mean 'exchange'?)",
    ),
    "an unknown pirate payment": (
        BASE + "  - {player: Ana, turn_pirate: {Gold Reef: Silver}}  # here\n",
        "'Silver' is not a coin or a resource (expected one of: 'Coin', 'Fruit', 'Pepper', 'Gold')",
    ),
    "an unknown game": (
        "game: discovery-era-of-voyag  # here\nplayers: [Ana, Ben]\n",
        "no checker for game 'discovery-era-of-voyag' (did you mean 'discovery-era-of-voyage'?)",
    ),
}


POSITION = """\
game: discovery-era-of-voyage
players:                       # in turn order, the starting player first
  Ana: {vp: 5, resources: 2 Fruit + 1 Gold, coins: 4}
  Ben: {vp: 7, resources: 1}
  Cai: {vp: 3}
islands:
  Palm Grove: {Ana: 2, Ben: 1}
  Gold Reef: {Cai: 3}
  Orchard Isle: {Ana: 1, Ben: 1}
  Harbour Market: {Ben: 2, Cai: 1, Ana: 1}
"""

# Palm Grove (3/1): Ana 3, Ben 1. Gold Reef (5/2): Cai 5. Orchard Isle (4/2): tied for most, Ana 2
# and Ben 2. Harbour Market (3/1): Ben 3; Cai and Ana tie for second: nobody. VP tokens as written.
POSITION_SCORE = {
    "Ana": {"island_majorities": 5, "vp_tokens": 5},
    "Ben": {"island_majorities": 6, "vp_tokens": 7},
    "Cai": {"island_majorities": 5, "vp_tokens": 3},
}


BAD_POSITIONS = {  # what is replaced in POSITION, by what, and the message
    "an unknown island": (
        "  Palm Grove:",
        "  Palm Grov:  # here\n  X:",
        "'Palm Grov' is not a surrounding island (did you mean 'Palm Grove'?)",
    ),
    "markers on the Central Island": (
        "  Gold Reef:",
        "  Central Island:  # here\n  X:",
        "nobody invests on the Central Island",
    ),
    "markers of a player not in the position": (
        "{Cai: 3}",
        "{Cai: 3, Dora: 1}  # here",
        "'Dora' is not a player in this position (expected one of: 'Ana', 'Ben', 'Cai')",
    ),
    "negative VP": ("Cai: {vp: 3}", "Cai: {vp: -1}  # here", "vp is a whole number, at least 0"),
    "an unknown player key": (
        "Cai: {vp: 3}",
        "Cai: {vp: 3, gold: 2}  # here",
        "unknown key 'gold' (expected one of: 'vp', 'resources', 'coins')",
    ),
    "an unknown resource": (
        "1 Gold, coins: 4}",
        "1 Silver}  # here",
        "'Silver' is not a resource (expected one of: 'Fruit', 'Pepper', 'Gold')",
    ),
    "markers that are not a number": (
        "{Ana: 2, Ben: 1}",
        "{Ana: two}  # here",
        "a number of markers is a whole number",
    ),
    # impossible positions: what the box and the rules cannot make
    "4 markers of a player on an island": (
        "{Cai: 3}",
        "{Cai: 4}  # here",
        "Cai has 4 markers on Gold Reef: nobody invests where they already have 3 (Invest)",
    ),
    "two players with 3 markers on an island": (
        "{Ana: 2, Ben: 1}",
        "{Ana: 3, Ben: 3}  # here",
        "Ana and Ben both have 3 markers on Palm Grove: once a player has 3 there nobody "
        "invests on it (Invest; option marker_limit: anyone)",
    ),
    "more than 8 markers of a player": (
        "{Ben: 2, Cai: 1, Ana: 1}",
        "{Ben: 2, Cai: 1, Ana: 1}\n  Pepper Coast: {Ana: 2}\n  Trading Post: {Ana: 3}  # here",
        "Ana has 9 investment markers on the islands so far: a player has 8 (Components)",
    ),
    "more than 8 markers placed": (
        "{Ben: 2, Cai: 1, Ana: 1}",
        "{Ben: 2, Cai: 1, Ana: 1}\nmarkers_used: {Ana: 9}  # here",
        "Ana placed 9 markers: a player has 8 (Components)",
    ),
    "a third Commercial island": (
        "{Ben: 2, Cai: 1, Ana: 1}",
        "{Ben: 2, Cai: 1, Ana: 1}\n  Trading Post: {Ana: 1}\n  Gold Exchange: {Ben: 1}  # here",
        "a game lays out 2 Commercial islands (Game Preparation): Harbour Market, Trading Post, "
        "Gold Exchange cannot all be on the table",
    ),
    "more VP than the box holds": (
        "Cai: {vp: 3}",
        "Cai: {vp: 29}  # here",
        "the players hold 41 VP in tokens so far, more than the box's 40 (Components; option "
        "short_supply: finite)",
    ),
}


def _bad_position(old: str, new: str) -> str:
    """POSITION with one change; ``X`` stands for an island the change leaves unnamed."""
    return POSITION.replace(old, new).replace("  X:", "  Pepper Coast:")


# -- Random games --------------------------------------------------------------------------
def every_piece(state) -> Counter:
    """Coins, VP and resources in the supply and with the players, by kind. A player below
    none, or a finite supply below none (option short_supply: finite), shows as an entry of
    its own, which the box does not have."""
    seen = Counter(state.totals())
    holders = [("coins", state.coins), ("VP", state.vp)]
    holders += [(r, {p: state.res[p][r] for p in state.players}) for r in state.book.resources]
    for kind, held in holders:
        seen.update(f"{p} below no {kind}" for p, n in held.items() if n < 0)
    if state.options["short_supply"] == "finite":
        for kind, n in (("coins", state.supply_coins), ("VP", state.supply_vp)):
            if n < 0:
                seen[f"the supply below no {kind}"] += 1
    return seen


def full_set(model) -> Counter:
    book = rules_for("discovery-era-of-voyage").book(model)
    return Counter({"coins": book.coins, "VP": book.vp, **book.resource_totals})


END_REASONS = (
    "no VP left on the Cultural island",
    "has no investment markers left",
    "no island is open for investment",
)


def finished(state, sheet, model) -> None:
    """The game ended for a reason the rulebook gives; VP tokens score as held; the
    tie-breakers always settle the win (turn order last)."""
    assert state.over and any(state.end_reason.endswith(r) for r in END_REASONS), state.end_reason
    for line in sheet.lines:
        assert line.breakdown["vp_tokens"] == state.vp[line.player]
    assert len(sheet.winners) == 1


def two_player_pirates(options: dict, players: int) -> dict:
    """The pirates are the 2 Player Variant."""
    return options if players == 2 else options | {"pirates": False}


TESTS = GameTests(
    game="discovery-era-of-voyage",
    examples={name: Expected(EXPECTED[name], WINNERS[name]) for name in EXPECTED},
    violations=_violations(),
    malformed_logs=spec.malformed(MALFORMED),
    malformed_positions={
        name: Malformed(_bad_position(old, new), message)
        for name, (old, new, message) in BAD_POSITIONS.items()
    },
    play=Play(
        components=TINY,
        players=["Ana", "Ben"],
        seed=10,
        # at a turn's first question: the turn is asked again on resuming
        stop_here=lambda session, prompt: (
            session.rules.decision(session.state).prompt == "where to sail"
        ),
    ),
    random_games=300,
    players=range(2, 5),
    pieces=every_piece,
    full_set=full_set,
    finished=finished,
    fit_options=two_player_pirates,
    position=spec.Position(
        POSITION, Expected(POSITION_SCORE, ["Ben"]), {"Ana": 2, "Ben": 1, "Cai": 3}
    ),
    hidden_twins=spec.copy_twins("discovery-era-of-voyage"),
)
