"""Everything on the table in a game of Ships: the players' displays and stacks, the Ship Age
track, the areas, the pool and the cards. Nothing about how it is shown."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from portolan.checker.core.game import GameState, TakesTurns
from portolan.checker.games.ships.book import BANK, WAREHOUSE, Book

# Phases of the game, as the rulebook names them.
SETUP, START, ACTIONS, OVER = "Setup", "Available actions", "Perform actions", "Over"


@dataclass(slots=True)
class Seat:
    """One player's pieces and counters, wherever they are off the board."""

    name: str
    colour: str
    vp: int
    stock: int  # merchant cubes in Available Stock
    pool_cubes: int  # merchant cubes of this colour in the pool
    free: int  # free action cubes in Available Stock
    goods: dict[str, int]
    discs: dict[str, int]  # city discs still covering Warehouse and Bank spaces
    ships: list[int]  # ship counters in the stack, by era
    section: int = 0  # merchant cubes in the Action cubes section
    section_free: int = 0  # free action cubes in the Action cubes section
    box_cubes: int = 0  # merchant cubes in action boxes
    box_industry: int = 0  # industry counters in action boxes
    nav: int = 0
    industry: int = 0
    gold: int = 0
    spice: int = 0  # merchant cubes in the Spice Box
    retired: list[int] = field(default_factory=list)  # ships out of play (upgraded out of era)
    kept: list[str] = field(default_factory=list)  # cards kept until their era ends

    @property
    def goods_held(self) -> int:
        return sum(self.goods.values())

    def clone(self) -> Seat:
        return replace(
            self,
            goods=dict(self.goods),
            discs=dict(self.discs),
            ships=list(self.ships),
            retired=list(self.retired),
            kept=list(self.kept),
        )


@dataclass(slots=True)
class State(GameState, TakesTurns):
    OVER: ClassVar[str] = OVER
    book: Book
    options: dict[str, Any]
    players: list[str]
    seats: list[Seat]
    pool: dict[str, int]
    decks: list[dict[str, int]]  # cards not yet dealt, by era
    # the Ship Age track: ships_at[age - 1][0 Merchant, 1 Warship][seat] ship counters
    ships_at: list[list[list[int]]]
    trade: list[int]  # owner seat of each trade box, -1 if empty
    cities: list[int]  # owner seat of each city space, -1 if empty
    open_cubes: dict[int, list[int]]  # an open area (Area 7): cubes in its Merchant box, by seat
    open_discs: dict[int, list[int]]  # ...discs in its Warship box, by seat
    area_cubes: list[list[int]]  # merchant cubes in each area, by seat (kept up to date)
    area_discs: list[int]  # city discs in each area
    display: dict[str, int] = field(default_factory=dict)
    discard: dict[str, int] = field(default_factory=dict)
    highest: int = 0  # the present ship age: the highest ever reached (0: no ship yet)
    era: int = 0
    area: int = 0  # the present area (index into book.areas)
    current: int = 0
    phase: str = SETUP
    turn: int = 0  # turns begun
    to_deal: int = 0
    took_card: bool = False
    free_used: int = 0  # free action cubes put in action boxes this turn
    pend_free: int = 0  # what free exchanges gave, to be used by the next action
    pend_gold: int = 0
    pend_nav: int = 0
    sold: dict[str, int] = field(default_factory=dict)
    retrieved: int = 0
    end_reached: bool = False
    end_reason: str = ""
    categories: list = field(default_factory=list)

    @property
    def seat(self) -> Seat:
        return self.seats[self.current]

    def ships_in_age(self, age: int) -> int:
        boxes = self.ships_at[age - 1]
        return sum(boxes[0]) + sum(boxes[1])

    def capacity(self, p: int, row: str) -> int:
        book = self.book
        return book.row_open[row] + book.row_covered[row] - self.seats[p].discs[row]

    def warehouse_room(self, p: int) -> int:
        return self.capacity(p, WAREHOUSE) - self.seats[p].goods_held

    def bank_room(self, p: int) -> int:
        return self.capacity(p, BANK) - self.seats[p].gold

    def cubes_in_area(self, area: int, p: int) -> int:
        return self.area_cubes[area][p]

    def pieces_in_area(self, area: int) -> int:
        return sum(self.area_cubes[area]) + self.area_discs[area]

    def discount(self, p: int) -> int:
        """Navigation costs paid by this player are this much lower (kept cards)."""
        cards = self.book.cards
        return sum(cards[c].discount for c in self.seats[p].kept)

    def clone(self) -> State:
        """A copy to try moves on (strategies, tests); the book is shared."""
        return replace(
            self,
            seats=[s.clone() for s in self.seats],
            pool=dict(self.pool),
            decks=[dict(d) for d in self.decks],
            ships_at=[[list(b) for b in age] for age in self.ships_at],
            trade=list(self.trade),
            cities=list(self.cities),
            open_cubes={a: list(c) for a, c in self.open_cubes.items()},
            open_discs={a: list(c) for a, c in self.open_discs.items()},
            area_cubes=[list(c) for c in self.area_cubes],
            area_discs=list(self.area_discs),
            display=dict(self.display),
            discard=dict(self.discard),
            tasks=list(self.tasks),
            sold=dict(self.sold),
            scratchpad=None,
            memo=None,
        )
