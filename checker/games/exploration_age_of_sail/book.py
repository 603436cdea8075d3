"""The two decks as the rules need them, read from components/exploration-age-of-sail/."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portolan.model.loader import Game
from portolan.names import NameIndex

EXPEDITION_DECK = "expedition-deck"
EXPLORATION_DECK = "exploration-deck"
REGIONAL = {
    "Western Explorer": "Western",
    "Eastern Explorer": "Eastern",
    "Pacific Explorer": "Pacific",
}
STATS = ("Hull", "Morale", "Men")


@dataclass(frozen=True, slots=True)
class CardInfo:
    name: str
    type: str  # ship, crew, explorer, save | ocean, hazard, discovery
    count: int
    traits: frozenset[str] = frozenset()
    bonus: tuple[tuple[str, int], ...] = ()
    specials: frozenset[str] = frozenset()
    tests: str | None = None  # hazard: the trait that protects
    loses: str | None = None  # hazard: Hull, Morale, Men or Ocean
    level: int = 0  # discovery
    region: str | None = None  # discovery

    @property
    def regional_region(self) -> str | None:
        return next((REGIONAL[s] for s in self.specials if s in REGIONAL), None)


class CardBook:
    """Every card of both decks by name, with name lookup for logs and prompts."""

    def __init__(self, model: Game):
        self.constants: dict[str, Any] = {k: v.value for k, v in model.rules.constants.items()}
        self.categories = list(model.rules.scoring)  # the score sheet's lines
        self.expedition: dict[str, CardInfo] = {}
        self.exploration: dict[str, CardInfo] = {}
        for deck_id, table in (
            (EXPEDITION_DECK, self.expedition),
            (EXPLORATION_DECK, self.exploration),
        ):
            for card in model.deck(deck_id).cards:
                table[card.name] = CardInfo(
                    name=card.name,
                    type=card.type,
                    count=card.count,
                    traits=frozenset(card.get("traits", ())),
                    bonus=tuple(sorted(card.get("bonus", {}).items())),
                    specials=frozenset(card.get("specials", ())),
                    tests=card.get("tests"),
                    loses=card.get("loses"),
                    level=card.get("level", 0) or 0,
                    region=card.get("region"),
                )
        self.expedition_names = NameIndex(self.expedition)
        self.exploration_names = NameIndex(self.exploration)
        self.explorer_names = NameIndex(
            n for n, c in self.expedition.items() if c.type == "explorer"
        )
        self.ocean = next(n for n, c in self.exploration.items() if c.type == "ocean")

    def label(self, name: str) -> str:
        card = self.expedition.get(name) or self.exploration[name]
        return card.type.capitalize()
