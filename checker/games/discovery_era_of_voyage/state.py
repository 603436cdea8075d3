"""Where everything is: the circle of islands, ships, markers, every player's coins, resources
and VP, the supply and the VP stack on the Cultural island."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from portolan.checker.core.game import GameState
from portolan.checker.games.discovery_era_of_voyage.book import IslandBook

# Phases, as the rulebook names them, in their order (the setup steps are answered by the table).
# TURN_END is the end of a turn in a game with pirates, where a pirate may still be turned.
SETUP, TURN, PIRATES, SAILING, BOW, PIRATE_MOVE, INCOME, INVEST, TURN_END, OVER = PHASES = (
    "Setup",
    "Turn",
    "Pirates",
    "Sailing",
    "Bow",
    "Pirate",
    "Income",
    "Invest",
    "End of turn",
    "Over",
)
CENTRE = -1  # a ship on the Central Island
TABLE = "Table"  # who answers the setup's questions
# The steps of Game Preparation the table answers, in order (state.setup_step).
SETUP_ISLANDS, SETUP_FIRST, SETUP_COINS, SETUP_MARKERS, SETUP_DONE = range(5)


@dataclass(slots=True)
class Visit:
    """The income of this turn being collected: what is still to choose."""

    takes: int = 0  # 'Any resource' boxes still to take
    trades: int = 0  # trades still allowed
    adjusts: int = 0  # price adjustments not yet used
    exchanges: int = 0  # exchanges still allowed
    exchanged: int = 0  # exchanges made
    bonus_vp: int = 0  # VP for the extras, earned by exchanging
    allowed: tuple[int, int, int] = (0, 0, 0)  # takes, trades, exchanges the income gave
    declined: bool = False  # the player took no income


@dataclass(slots=True)
class State(GameState):
    book: IslandBook
    options: dict[str, Any]
    players: list[str]  # seat order, clockwise
    order: list[str] = field(default_factory=list)  # turn order, the starting player first
    ring: list[str] = field(default_factory=list)  # the surrounding islands, clockwise by slot
    slot_of: dict[str, int] = field(default_factory=dict)
    first: str | None = None
    by_seat: bool | None = None  # the 0/0/1/1 starting coins
    markers_each: int = 0
    setup_step: int = SETUP_ISLANDS
    at: dict[str, int] = field(default_factory=dict)  # slot, or CENTRE
    bow: dict[str, int] = field(default_factory=dict)  # +1 / -1, 0 on the Central Island
    coins: dict[str, int] = field(default_factory=dict)
    res: dict[str, dict[str, int]] = field(default_factory=dict)
    vp: dict[str, int] = field(default_factory=dict)
    left: dict[str, int] = field(default_factory=dict)  # investment markers not yet placed
    markers: list[dict[str, int]] = field(default_factory=list)  # per slot: player -> markers
    supply_coins: int = 0
    supply_vp: int = 0
    supply_res: dict[str, int] = field(default_factory=dict)
    stack: int = 0  # 1 VP tokens on the Cultural island
    pirates: list[list[int]] = field(default_factory=list)  # [slot, bow]; slot CENTRE at first
    pirates_placed: int = 0
    pirated: bool = False  # this game is played with pirates
    phase: str = SETUP
    current: int = 0  # index into order
    player: str = TABLE  # whose turn it is (order[current]); the table during the setup
    round: int = 1
    turns: int = 0
    turned: set = field(default_factory=set)  # pirates turned this turn
    turned_in: str | None = None  # the phase in which they were turned (one log key a turn)
    sailed_from_centre: bool = False
    visit: Visit | None = None
    invested: bool = False  # in the turn that just ended or is going on
    end_reason: str = ""  # set when an end condition is met: the round is finished
    # The 7 island cards drawn and shuffled, still face down (simulate only: setup.draw_circle).
    # The table holds them too before laying them out one slot at a time, so they are game
    # state, not a plan of the sampler's: each PlaceIsland reveals the next of them.
    planned: list = field(default_factory=list)
    categories: list = field(default_factory=list)  # score sheet lines from rules.yaml

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def island_at(self, slot: int) -> str:
        return self.book.central if slot == CENTRE else self.ring[slot]

    def where(self, player: str) -> str:
        return self.island_at(self.at[player])

    def ships_at(self, slot: int, but: str | None = None) -> list[str]:
        at = self.at
        return [p for p in self.order if at[p] == slot and p != but]

    def pirate_at(self, slot: int) -> int | None:
        if slot == CENTRE:
            return None
        for k, pirate in enumerate(self.pirates):
            if pirate[0] == slot:
                return k
        return None

    def occupied(self, slot: int) -> bool:
        return any(self.at[p] == slot for p in self.order) or self.pirate_at(slot) is not None

    def totals(self) -> dict[str, int]:
        """Supply plus players, for the conservation checks: constant through a game."""
        out = {"coins": self.supply_coins + sum(self.coins.values())}
        out["VP"] = self.stack + self.supply_vp + sum(self.vp.values())
        for r in self.book.resources:
            out[r] = self.supply_res[r] + sum(self.res[p][r] for p in self.players)
        return out
