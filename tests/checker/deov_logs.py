"""Logs of Discovery: The Era of Voyage shared by the checker tests."""

from __future__ import annotations

from tests.checker.helpers import MARK, ROOT

CITE = "[Discovery: The Era of Voyage — {}]"
EXAMPLES = ROOT / "examples" / "discovery-era-of-voyage"

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
LIMIT = PIRATES.replace("options: {pirates: true}\n", "") + "".join(
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
