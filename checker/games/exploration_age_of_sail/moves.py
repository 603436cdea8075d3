"""The moves of a turn, in the rulebook's order; each is one step of a log."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class StartTurn:
    player: str


@dataclass(frozen=True, slots=True)
class Draw:  # Outfit phase: the card drawn from the Expedition deck
    card: str


@dataclass(frozen=True, slots=True)
class Form:  # Expedition phase: one Explorer, one Ship and one Crew from the hand
    explorer: str
    ship: str
    crew: str


@dataclass(frozen=True, slots=True)
class EndExpeditions:  # Expedition phase: no (more) expeditions this turn
    pass


@dataclass(frozen=True, slots=True)
class Explore:  # Exploration phase: this expedition turns over a card next
    expedition: str


@dataclass(frozen=True, slots=True)
class Reveal:  # the card turned over from the Exploration deck
    card: str


@dataclass(frozen=True, slots=True)
class Save:  # a Save card discarded to cancel the Hazard
    card: str
    by: str


@dataclass(frozen=True, slots=True)
class NoSave:  # no Save card: the Hazard takes effect
    pass


@dataclass(frozen=True, slots=True)
class RandomDiscard:  # after a discovery, the expedition card discarded at random
    card: str


@dataclass(frozen=True, slots=True)
class Discard:  # Ocean phase: a card discarded down to the hand limit
    card: str


@dataclass(frozen=True, slots=True)
class EndTurn:  # Ocean phase over: the next player's turn begins
    pass
