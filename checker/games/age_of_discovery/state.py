"""Where every card and coin is: draw piles, rows, fleets, expeditions, voyages, hands, the bank."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from portolan.checker.core.game import GameState, TakesTurns
from portolan.checker.games.age_of_discovery.book import CardBook

# Where the game is.
SETUP, START, ACTIONS, MISSIONS, OVER = "Setup", "Turn", "Actions", "Missions", "Over"

# The four actions (§4.0), as the log and the messages name them.
COINS, CONTRACT, BUY, SEND = "take coins", "accept a contract", "purchase ships", "send ships"
PURCHASE, FILLING, CONTRACTS = "purchase", "filling", "contracts"
# A contract turned face up that the log did not name (``contract: Card`` for a face-up card):
# it stays in the draw deck's count of unseen cards until someone takes it by name.
UNNAMED = "(a contract not named)"
ROW_WORDS = {PURCHASE: "purchase row", FILLING: "filling row", CONTRACTS: "contract row"}


@dataclass(slots=True)
class Placed:
    """A ship on an expedition: whose, which, the colour it sails under, its transport."""

    player: str
    ship: str
    colour: str
    transport: int
    wild: bool = False


@dataclass(slots=True)
class Voyage:
    """A trade contract in play (or being played): its ships and its token on the turn track."""

    player: str
    contract: str
    duration: int
    ships: list[tuple[str, int]] = field(default_factory=list)  # (ship, transport)
    left: int = 0  # boxes of the turn track still to go

    @property
    def loaded(self) -> int:
        return sum(t for _, t in self.ships)


@dataclass(slots=True)
class Reservation:
    player: str
    row: str  # purchase, filling or contracts
    space: int  # 0-based
    placed: int  # the turn (state.turn) in which it was placed


@dataclass(slots=True)
class State(GameState, TakesTurns):
    OVER: ClassVar[str] = OVER
    book: CardBook
    k: dict[str, Any]  # rules.yaml constants
    options: dict[str, Any]
    players: list[str]
    bank: int
    coins: dict[str, int]
    unseen: dict[str, int]  # standard ships not turned over yet (in the piles, or not dealt yet)
    piles: list[int]  # cards left in each draw pile, scoring cards included
    scoring_in: list[str | None]  # the scoring card still hidden in each pile
    contract_deck: list[str]  # contracts not seen yet: in the draw deck, or kept secret in a hand
    purchase: list[str | None]
    filling: list[str | None]
    contract_row: list[str | None]
    hands: dict[str, list[str]]  # the contracts in each hand that have been named
    fleet: dict[str, dict[str, int]]  # standard ships in front of each player, not in use
    flagship: dict[str, str | None]  # known flagships (None: still secret)
    flagship_idle: dict[str, bool]  # the flagship is in front of its owner (not on a voyage...)
    flagship_pool: list[str]  # flagships not known to be anyone's (dealt face down, or boxed)
    missions: dict[str, str | None]
    mission_pool: list[str]  # this player count's missions not known to be anyone's
    action_cards: dict[str, dict[str, int]]
    expeditions: dict[str, list[Placed]]
    load: dict[str, int]  # transport on each expedition
    exp_colour: dict[Any, str]  # expedition (or (expedition, player)) -> its ships' colour
    secret_contracts: dict[str, int] = field(default_factory=dict)  # in a hand, not named yet
    sent: int = 0  # ships sent on expeditions so far (a version number for sending.rooms)
    setup_plan: list[tuple] = field(default_factory=list)
    setup_at: int = 0
    voyages: list[Voyage] = field(default_factory=list)
    completed: dict[str, int] = field(default_factory=dict)
    set_aside: list[str] = field(default_factory=list)  # scoring cards turned over
    boxed: dict[str, int] = field(default_factory=dict)  # cards put back in the box
    reservations: list[Reservation] = field(default_factory=list)
    phase: str = SETUP
    current: int = 0
    turn: int = 0  # turns begun so far
    used: list[str] = field(default_factory=list)  # actions taken this turn
    blocks: list[str] = field(default_factory=list)  # actions and reservations, in log order
    action: str | None = None  # the action under way
    first_at: int | None = None  # the turn after which the first scoring happens
    final_at: int | None = None
    first_points: dict[str, int] | None = None
    final_points: dict[str, dict[str, int]] | None = None
    categories: list = field(default_factory=list)
    last_turnover: str = ""  # what the last card turned over did, for misplaced reveals
    cache: dict = field(default_factory=dict)  # answers of loading.can_load, by all they use

    def hand_size(self, player: str) -> int:
        """The contracts in the player's hand, named or kept secret."""
        return len(self.hands[player]) + self.secret_contracts.get(player, 0)

    def draw_deck_size(self) -> int:
        """The contracts left in the draw deck: the contracts not seen yet, less those kept
        secret in a hand and those face up in the row that the log did not name."""
        return (
            len(self.contract_deck)
            - sum(self.secret_contracts.values())
            - self.contract_row.count(UNNAMED)
        )

    def secret_hand(self, player: str) -> list[str]:
        """The contracts a secret one in the player's hand may be (none if none is secret)."""
        return self.contract_deck if self.secret_contracts.get(player) else []

    def flagships_of(self, player: str) -> list[str]:
        """The flagship in front of the player, idle: the one named, or any a secret one may
        be (none while it is out at sea)."""
        if not self.flagship_idle[player]:
            return []
        known = self.flagship[player]
        return [known] if known is not None else list(self.flagship_pool)

    def where_is_ship(self, card: str) -> str:
        places = []
        for row, cards in (("purchase", self.purchase), ("filling", self.filling)):
            n = cards.count(card)
            if n:
                places.append(f"in the {row} row" + (f" ({n})" if n > 1 else ""))
        for p in self.players:
            if self.fleet[p].get(card):
                places.append(f"in {p}'s fleet")
            if any(v.player == p and any(s == card for s, _ in v.ships) for v in self.voyages):
                places.append(f"on {p}'s trade voyage")
        for exp, placed in self.expeditions.items():
            owners = sorted({s.player for s in placed if s.ship == card})
            for p in owners:
                places.append(f"on {exp}'s expedition ({p})")
        return ", ".join(places) or "nowhere"

    def unnamed_face_up(self, card: str) -> int | None:
        """The row space of a face-up contract the log did not name, if ``card`` may be it."""
        if card in self.contract_deck and UNNAMED in self.contract_row:
            return self.contract_row.index(UNNAMED)
        return None

    def where_is_contract(self, card: str) -> str:
        if card in self.contract_row:
            return "face up in the contract row"
        for p in self.players:
            if card in self.hands[p]:
                return f"in {p}'s hand"
        if card in self.contract_deck:
            if any(self.secret_contracts.values()):
                return "not seen yet: in the draw deck, or kept secret in a hand"
            return "in the draw deck"
        for v in self.voyages:
            if v.contract == card:
                return f"in play on {v.player}'s trade voyage"
        if self.boxed.get(card):
            return "back in the box (completed)"
        return "not in the draw deck"

    def zones(self) -> dict[str, dict[str, int]]:
        """Every place a card can be, as counts (for the 'every card in one place' property)."""
        book = self.book
        out: dict[str, dict[str, int]] = {}

        def add(zone: str, card: str, n: int = 1) -> None:
            if n:
                z = out.setdefault(zone, {})
                z[card] = z.get(card, 0) + n

        for c, n in self.unseen.items():
            add("ship piles (and ships not turned over yet)", c, n)
        for i, s in enumerate(self.scoring_in):
            if s:
                add(f"draw pile {i + 1}", s)
        if self.phase == SETUP:  # the scoring cards wait beside the piles until setup is done
            for s in book.scoring:
                if s not in self.scoring_in and s not in self.set_aside:
                    add("scoring cards", s)
        for zone, cards in (("purchase row", self.purchase), ("filling row", self.filling)):
            for c in cards:
                if c:
                    add(zone, c)
        for c in self.set_aside:
            add("set aside", c)
        for c in self.contract_deck:
            add("contract draw deck", c)
        for c in self.contract_row:
            if c and c != UNNAMED:  # an unnamed one is still among the unseen (the deck)
                add("contract row", c)
        for p in self.players:
            for c in self.hands[p]:
                add(f"{p}'s hand", c)
            for c, n in self.fleet[p].items():
                add(f"{p}'s fleet", c, n)
            if self.flagship[p] and self.flagship_idle[p]:
                add(f"{p}'s fleet", self.flagship[p])
            if self.missions[p]:
                add(f"{p}'s mission", self.missions[p])
            for c, n in self.action_cards[p].items():
                add(f"{p}'s action cards", c, n)
        for v in self.voyages:
            add(f"{v.player}'s voyages", v.contract)
            for s, _ in v.ships:
                add(f"{v.player}'s voyages", s)
        for exp, placed in self.expeditions.items():
            add("expedition cards", exp)
            for s in placed:
                add(f"{exp}'s expedition", s.ship)
        for c in self.flagship_pool:
            add("flagships face down (dealt, or in the box)", c)
        for c in self.mission_pool:
            add("missions face down (dealt, or in the box)", c)
        for c, n in self.boxed.items():
            add("box", c, n)
        return out
