"""Where every card is: decks, discard piles, hands, expeditions, victory piles."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from portolan.checker.core.game import GameState, TakesTurns
from portolan.checker.games.exploration_age_of_sail.book import CardBook

# Phases of a turn, as the rulebook names them.
START, OUTFIT, EXPEDITION, EXPLORATION, OCEAN, OVER = (
    "Turn",
    "Outfit",
    "Expedition",
    "Exploration",
    "Ocean",
    "Over",
)


@dataclass(slots=True)
class Expedition:
    explorer: str
    ship: str
    crew: str
    stats: dict[str, int]
    oceans: int = 0
    explored: bool = False

    @property
    def cards(self) -> tuple[str, str, str]:
        return (self.explorer, self.ship, self.crew)


@dataclass(slots=True)
class State(GameState, TakesTurns):
    OVER: ClassVar[str] = OVER
    book: CardBook
    constants: dict[str, Any]
    options: dict[str, Any]
    players: list[str]
    expedition_deck: dict[str, int]
    exploration_deck: dict[str, int]
    expedition_discard: dict[str, int] = field(default_factory=dict)
    exploration_discard: dict[str, int] = field(default_factory=dict)
    hands: dict[str, dict[str, int]] = field(default_factory=dict)
    # The cards in each hand that every player has seen go in (the two an expedition brings
    # home after a discovery), as long as no card of that name has left the hand since: what
    # the bots keep when they re-deal the hands they cannot see.
    shown: dict[str, dict[str, int]] = field(default_factory=dict)
    expeditions: dict[str, list[Expedition]] = field(default_factory=dict)
    victory: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # (discovery, explorer)
    current: int = 0
    phase: str = START
    formed: int = 0
    reshuffles: int = 0  # times the Exploration deck has been rebuilt from its discards
    turn: int = 0  # turns begun so far
    end_reason: str = ""
    categories: list = field(default_factory=list)  # score sheet lines from rules.yaml
    last_flip: str = ""  # what the last flip did, to explain a misplaced Save or discard
    last_hazard: str | None = None  # a Hazard that just took effect with no Save in reach

    def hand_size(self, player: str) -> int:
        return sum(self.hands[player].values())

    def expedition_of(self, player: str, explorer: str) -> Expedition | None:
        return next((e for e in self.expeditions[player] if e.explorer == explorer), None)

    def where_is(self, card: str) -> str:
        """Where a card that cannot be drawn or turned over is, for the message."""
        places = self.places_of(card)
        return places[0][0] if places else "not in the deck"

    def places_of(self, card: str) -> list[tuple[str, int]]:
        """Every place outside the decks that holds copies of ``card``, with how many."""
        out: list[tuple[str, int]] = []
        for p in self.players:
            if self.hands[p].get(card):
                out.append((f"in {p}'s hand", self.hands[p][card]))
            for e in self.expeditions[p]:
                n = e.cards.count(card) + (e.oceans if card == self.book.ocean else 0)
                if n:
                    out.append((f"in {p}'s expedition of {e.explorer}", n))
            n = sum(1 for d, _ in self.victory[p] if d == card)
            if n:
                out.append((f"in {p}'s victory pile", n))
        n = self.expedition_discard.get(card, 0) + self.exploration_discard.get(card, 0)
        if n:
            out.append(("in the discard pile", n))
        if self.hazard() == card:
            out.append(("being resolved", 1))
        return out

    def zones(self) -> dict[str, dict[str, int]]:
        """Every place a card can be, as counts: for the 'every card in one place' check."""
        out = {
            "expedition deck": dict(self.expedition_deck),
            "expedition discard": dict(self.expedition_discard),
            "exploration deck": dict(self.exploration_deck),
            "exploration discard": dict(self.exploration_discard),
        }
        for p in self.players:
            out[f"{p} hand"] = dict(self.hands[p])
            exp: Counter = Counter()
            for e in self.expeditions[p]:
                exp.update(e.cards)
                if e.oceans:
                    exp[self.book.ocean] += e.oceans
            out[f"{p} expeditions"] = dict(exp)
            out[f"{p} victory pile"] = dict(Counter(d for d, _ in self.victory[p]))
        hazard = self.hazard()
        if hazard:
            out["hazard being resolved"] = {hazard: 1}
        return out

    def hazard(self) -> str | None:
        """The Hazard card waiting for a Save card (tasks.Saving), if one is."""
        return getattr(self.tasks[-1], "hazard", None) if self.tasks else None
