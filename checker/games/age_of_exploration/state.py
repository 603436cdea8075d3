"""Everything on the table of Age of Exploration: decks, hands, Leaders, each player's
expedition mat and its counters, the map's chits and markers, the VP chart, the empires.

The game is run as a stack of typed tasks (``State.tasks``, tasks.py): what is still to be
done this turn, in order (draw a card, resolve these instructions, roll for this check, move,
end of turn...). ``flow.decide`` looks at the top task; a move answers it; the core's
``turn.run`` then carries out every task that needs no decision, until one does."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from portolan.checker.core.game import GameState, TakesTurns
from portolan.checker.games.age_of_exploration.book import Book
from portolan.checker.games.age_of_exploration.tasks import RetireLeader

SETUP, PLAY, OVER = "setup", "play", "over"
SHIP, LAND, RAFT = "ship", "land", "raft"


@dataclass(slots=True)
class Expedition:
    """One player's expedition mat: in port while outfitting, on the map once launched."""

    leader: str
    kind: str  # the Leader's type: explorer or conquistador
    second: bool = False  # led by the Second-in-Command
    ship_type: str = "Caravel"
    launched: bool = False
    launch_from: str = "EUROPE"
    mode: str = SHIP  # where the Leader is: with the ships, on foot, on rafts
    space: str = "EUROPE"
    items: dict[str, int] = field(default_factory=dict)  # the counters with the Leader
    guide: str | None = None  # the Native Guide's region
    interpreter: str | None = None
    ships: int = 1
    ship_space: str | None = None  # where ships left behind wait (None: with the Leader)
    hold: dict[str, int] = field(default_factory=dict)  # counters left aboard them
    rafts: int = 0
    damage: bool = False  # a Damage chit on the ships
    rotten: bool = False  # ... which is Rotten Hulls
    raft_damage: bool = False
    lost: int = 0  # 1: Lost this turn, 2: Still lost
    must_return: bool = False
    attacked: bool = False  # Natives Attacked
    allies: bool = False  # Native Allies
    ruler: str | None = None  # Ruler Seized (the empire's name)
    entry: str | None = None  # Capital Entry (the empire's name)
    found: list[tuple[str, int]] = field(default_factory=list)  # Ⓓ chits: (space, potential)
    teredos: bool = False
    path: list[str] = field(default_factory=list)  # every space entered, in order
    visited: set[str] = field(default_factory=set)  # the same, as a set
    outward: int = 0  # len(path) when Expedition must return came: the path it retraces
    pacific: bool = False  # entered the Pacific by the Straits or the Northwest Passage
    circled: bool = False  # ... and then passed the Cape Verde Islands
    rafted: list[str] = field(default_factory=list)  # river spaces entered on rafts
    descents: set[str] = field(default_factory=set)  # river descents completed
    unpaid: int = 0  # base-surcharge counters not yet paid for (Other Personnel and Equipment)
    launch_turn: bool = False
    came_from: str | None = None
    barred: set[tuple[str, str]] = field(default_factory=set)  # (rival, space or "*"): no attempt
    ashore_here: bool = False  # went ashore in the ships' space and has not left it
    turns: int = 0  # exploration turns played

    @property
    def men(self) -> int:
        it = self.items
        return it.get("Crew", 0) + it.get("Soldiers", 0) + it.get("Cavalry", 0)


@dataclass(slots=True)
class Turn:
    """What the card drawn this turn has decided so far (Draw and resolve an exploration card)."""

    kind: str = ""  # port, launch or explore: what the player does this turn ("": outfitting)
    start: str = ""
    card: int | None = None
    draws: str = ""
    progress: int = 0
    progress_set: bool = False
    discovery: bool = False
    rumor: bool = False
    capital: str | None = None  # a card's "except" or "allowed"
    teredos: bool = False  # the card is a Teredos card (Copper Plated Hulls protect)
    stance: str = "explore"  # explore, stay (a base or island), rafts (building in a river)
    moved: int = 0
    status: bool = False  # the one status change is made
    strait: bool = False  # the Straits check of this turn succeeded
    reshuffle: str | None = None  # a deck to reshuffle once the card is turned in
    entering: bool = False  # an entry check is being resolved
    blocked: bool = False  # ... and it stopped the move
    published: int = 0  # VP gained by this turn's return
    reboard: int = 0  # ships found still there
    ashore: bool = False  # went ashore this turn (once a turn; with aboard, any swap is made)
    aboard: bool = False  # went back aboard this turn (once a turn)
    acted: bool = False  # the expedition action of the turn is taken
    home: tuple | None = None  # Expedition must return's distances home, and what they depend on
    echoes: list[tuple] = field(default_factory=list)  # what the rules just did alone (echoes.py)


@dataclass(slots=True)
class State(GameState, TakesTurns):
    OVER: ClassVar[str] = OVER
    book: Book
    k: dict[str, Any]
    options: dict[str, Any]
    players: list[str]
    target: int  # VP that win at once
    round_limit: int
    outfit_deck: list[int]
    decks: dict[str, list[int]]
    piles: dict[str, list[str]]  # Leaders face down: explorer, conquistador
    outfit_discard: list[int] = field(default_factory=list)
    row: list[int] = field(default_factory=list)  # face-up Outfitting cards (optional rule)
    hands: dict[str, list[int]] = field(default_factory=dict)
    discards: dict[str, list[int]] = field(default_factory=dict)
    retired_up: list[str] = field(default_factory=list)
    retired_down: list[str] = field(default_factory=list)
    gold: dict[str, int] = field(default_factory=dict)
    vp: dict[str, dict[str, int]] = field(default_factory=dict)
    exp: dict[str, Expedition] = field(default_factory=dict)
    claimed: dict[str, list[str]] = field(default_factory=dict)  # award -> its claimants
    # award -> who took a box of it off the chart without VP (published with a Major Expedition)
    unscored: dict[str, list[str]] = field(default_factory=dict)
    majors: dict[str, str] = field(default_factory=dict)  # Major Expedition -> its claimant
    known: set[tuple[str, int]] = field(default_factory=set)  # published potentials
    sighted: set[str] = field(default_factory=set)  # Land Sighted chits on the map
    markers: dict[str, int | None] = field(default_factory=dict)  # Known Progress: index
    founded: set[str] = field(default_factory=set)  # New World bases on the map
    depleted: set[str] = field(default_factory=set)  # mines
    fallen: set[str] = field(default_factory=set)  # empires defeated
    awe: dict[str, int] = field(default_factory=dict)
    strength: dict[str, int] = field(default_factory=dict)
    ruler: dict[str, str | None] = field(default_factory=dict)  # empire -> who holds its Ruler
    allies: dict[str, str | None] = field(default_factory=dict)  # empire -> its Native Allies
    capital: dict[str, str | None] = field(default_factory=dict)  # empire -> who is inside
    rumors: dict[str, tuple[str, bool] | None] = field(default_factory=dict)  # (space, face up)
    now: Turn = field(default_factory=Turn)
    phase: str = SETUP
    current: int = 0
    turn: int = 0  # turns begun so far
    round: int = 0
    waters: frozenset[str] | None = None  # known waters, worked out when the map changes
    end_reason: str = ""

    def total(self, player: str) -> int:
        return sum(self.vp[player].values())

    def where_is(self, number: int) -> str:
        """Where an Outfitting or exploration card that cannot be drawn is, for the message."""
        for p in self.players:
            if number in self.hands[p]:
                return f"in {p}'s hand"
        if number in self.row:
            return "face up beside the deck"
        if number in self.outfit_discard:
            return "in the Outfitting discard pile"
        if number in self.outfit_deck:
            return "still in the Outfitting deck"
        for key, pile in self.decks.items():
            if number in pile:
                return f"still in the {key} deck"
        for key, pile in self.discards.items():
            if number in pile:
                return f"in the {key} discard pile"
        return "not in this deck"

    def cards(self) -> list[str]:
        """Every card and Leader, wherever it is (for the 'every card in one place' check)."""
        out = [str(c) for c in (*self.outfit_deck, *self.outfit_discard, *self.row)]
        for p in self.players:
            out += [str(c) for c in self.hands[p]]
            if self.exp[p].leader:
                out.append(self.exp[p].leader)
        for pile in (*self.decks.values(), *self.discards.values()):
            out += [str(c) for c in pile]
        if self.now.card is not None:
            out.append(str(self.now.card))
        for pile in self.piles.values():
            out += pile
        out += self.retired_up + self.retired_down
        out += [t.name for t in self.tasks if isinstance(t, RetireLeader)]
        return out
