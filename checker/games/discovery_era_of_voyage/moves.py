"""The moves of the setup and of a turn, in the rulebook's order; each is one step of a log."""

from __future__ import annotations

from dataclasses import dataclass, field


# -- Game Preparation (turn 0, answered by the table) --------------------------------------------
@dataclass(frozen=True, slots=True)
class PlaceIsland:  # the island that lies in the next slot of the circle, clockwise
    card: str


@dataclass(frozen=True, slots=True)
class FirstPlayer:  # the starting player, picked at random
    player: str


@dataclass(frozen=True, slots=True)
class StartingCoins:  # 3 coins each, or 0/0/1/1 from the starting player on
    by_seat: bool


@dataclass(frozen=True, slots=True)
class Markers:  # investment markers each player keeps (8, or fewer by agreement)
    count: int


# -- A turn ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StartTurn:
    player: str


@dataclass(frozen=True, slots=True)
class PlacePirate:  # 2 Player Variant: the 2nd player puts a pirate on a vacant island
    island: str
    bow: int


@dataclass(frozen=True, slots=True)
class TurnPirate:  # 2 Player Variant: pay 1 coin or resource to turn the pirate on an island
    island: str | None = None  # None: 'turn a pirate', which one is chosen next (play, simulate)
    payment: str | None = None  # None: chosen next (PayPirate)


@dataclass(frozen=True, slots=True)
class PayPirate:  # what pays for turning the pirate chosen with TurnPirate(island)
    payment: str


@dataclass(frozen=True, slots=True)
class Sail:  # to an island: named, or a number of steps along the bow (or both)
    to: str | None = None
    steps: int | None = None
    cost: int | None = field(default=None, compare=False)  # coins it costs, shown in play


@dataclass(frozen=True, slots=True)
class Return:  # back to the Central Island
    pass


@dataclass(frozen=True, slots=True)
class Bow:  # on arriving from the Central Island: +1 clockwise, -1 counterclockwise
    direction: int


@dataclass(frozen=True, slots=True)
class MovePirate:  # 2 Player Variant: the pirate where the ship stopped moves 1 or 2 islands
    steps: int


@dataclass(frozen=True, slots=True)
class Collect:  # Income: take the island's income
    pass


@dataclass(frozen=True, slots=True)
class NoIncome:  # Income is optional ("Selective"): take none
    pass


@dataclass(frozen=True, slots=True)
class Take:  # the resource chosen for an 'Any resource' box
    resource: str


@dataclass(frozen=True, slots=True)
class Trade:  # Commercial island: buy or sell 1 resource
    action: str  # "buy" or "sell"
    resource: str
    price: int | None = field(default=None, compare=False)  # shown in play


@dataclass(frozen=True, slots=True)
class Exchange:  # Cultural island: hand in 1 resource for VP
    resource: str


@dataclass(frozen=True, slots=True)
class Pick:  # a bare resource in the log: taken (Any resource) or exchanged, as the island says
    resource: str


@dataclass(frozen=True, slots=True)
class EndIncome:  # no (more) trades or exchanges this visit
    pass


@dataclass(frozen=True, slots=True)
class Invest:  # place 1 investment marker here (the log may name the island)
    island: str | None = None


@dataclass(frozen=True, slots=True)
class NoInvest:
    pass
