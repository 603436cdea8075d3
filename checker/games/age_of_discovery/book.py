"""Every card of Age of Discovery as the rules need it, read from components/age-of-discovery/.

Numbers (costs, transport, limits, scores, payouts, mission tables, constants, the bank) come from
the YAML only; nothing here is a rule value.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from portolan.model.loader import Game
from portolan.names import NameIndex, fold

SHIP_DECK = "ship-deck"
EXPEDITION_DECK = "expedition-deck"
CONTRACT_DECK = "contract-deck"
MISSION_DECK = "mission-deck"
ACTION_DECK = "action-deck"
COINS = "coins"

# The four kinds of special mission (§6.1), by the names the rulebook gives them.
ONE_SHIP, HALF, MAJORITY, ALL_SHIPS = (
    "One Ship",
    "Half of All Ships",
    "Majority of Ships",
    "All Ships",
)


@dataclass(frozen=True, slots=True)
class Ship:
    name: str
    colour: str
    transport: int
    cost: int
    count: int


@dataclass(frozen=True, slots=True)
class Expedition:
    """An expedition card: its fields after ``name`` are read by the keys of the same names in
    the expedition deck's YAML (CardBook), so a field renamed is a key renamed."""

    name: str
    colour: str
    limit: int
    first_match: int
    first_other: int
    final_match: int
    final_other: int


@dataclass(frozen=True, slots=True)
class Contract:
    name: str
    colour: str
    transport: int
    payouts: tuple[int, ...]  # for a voyage of 1, 2, 3 turns


@dataclass(frozen=True, slots=True)
class Mission:
    name: str
    players: int
    kind: str  # One Ship, Half of All Ships, Majority of Ships, All Ships
    vp: tuple[int, ...]  # per qualifying expedition, by completed contracts 0, 1, ... (last: more)

    def points(self, completed: int) -> int:
        return self.vp[min(completed, len(self.vp) - 1)]


class CardBook:
    """The cards by name, with name lookup (case, accents and unique beginnings forgiven)."""

    def __init__(self, model: Game):
        self.model = model
        self.categories = list(model.rules.scoring)  # the score sheet's lines
        self.constants = {k: v.value for k, v in model.rules.constants.items()}
        self.tables = {k: v.value for k, v in model.rules.tables.items()}
        self.ships: dict[str, Ship] = {}
        self.flagships: dict[str, tuple[str, ...]] = {}
        self.scoring: list[str] = []  # [first, final], in the deck file's order
        for card in model.deck(SHIP_DECK).cards:
            if card.type == "ship":
                printed = (card.get(k) for k in ("colour", "transport", "cost"))
                self.ships[card.name] = Ship(card.name, *printed, card.count)
            elif card.type == "flagship":
                self.flagships[card.name] = tuple(card.get("colours"))
            elif card.type == "scoring":
                self.scoring.append(card.name)
        self.first_scoring, self.final_scoring = self.scoring
        keys = [f.name for f in fields(Expedition)][1:]  # as the expedition cards name them
        self.expeditions = {
            c.name: Expedition(c.name, *(c.get(k) for k in keys))
            for c in model.deck(EXPEDITION_DECK).cards
        }
        self.contracts = {
            c.name: Contract(c.name, c.get("colour"), c.get("transport"), tuple(c.get("payouts")))
            for c in model.deck(CONTRACT_DECK).cards
        }
        self.missions = {
            c.name: Mission(c.name, c.get("players"), c.get("mission"), tuple(c.get("vp")))
            for c in model.deck(MISSION_DECK).cards
        }
        actions = {c.type: c for c in model.deck(ACTION_DECK).cards}
        self.wild = actions["wild"].name
        self.reservation = actions["reservation"].name
        self.action_counts = {c.name: c.count for c in actions.values()}
        self.colours = [t.name for t in model.spec.terms["colour"]]
        self.bank_total = sum(
            int(c.front.text) * c.count.value for c in model.component(COINS).spec.counters
        )
        self.full_set = {c.name: c.count for deck in model.decks() for c in deck.cards}

        self.ship_names = NameIndex([*self.ships, *self.flagships, *self.scoring])
        self.contract_names = NameIndex(self.contracts)
        self.mission_names = NameIndex(self.missions)
        self.colour_names = NameIndex(self.colours)
        self.expedition_names = NameIndex(self.expeditions)
        # "Columbus", "da Gama", "Drake": an explorer by the end of his name, when only one ends so
        self.expedition_aliases: dict[str, str] = {}
        seen: dict[str, set[str]] = {}
        for name in self.expeditions:
            words = fold(name).split()
            for i in range(1, len(words)):
                seen.setdefault(" ".join(words[i:]), set()).add(name)
        for alias, names in seen.items():
            if len(names) == 1:
                self.expedition_aliases[alias] = next(iter(names))

    # -- lookups --------------------------------------------------------------------------
    def expedition(self, typed: str) -> str | None:
        return self.expedition_names.exact(typed) or self.expedition_aliases.get(fold(typed))

    def mission(self, typed: str, players: int) -> str | None:
        """A mission card by its full name, or by its kind for this number of players."""
        name = self.mission_names.exact(typed)
        if name is not None:
            return name
        kind = fold(typed)
        for m in self.missions.values():
            if fold(m.kind) == kind and m.players == players:
                return m.name
        return None

    def missions_for(self, players: int) -> list[str]:
        return [m.name for m in self.missions.values() if m.players == players]

    def is_flagship(self, name: str) -> bool:
        return name in self.flagships

    def action_cards(self, players: int) -> dict[str, int]:
        return dict(self.tables["action_cards"][players])
