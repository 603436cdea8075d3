"""What an expedition's flip waits for (checker/core/turn.py): the card it turns over, a Save
card against a Hazard, the card discarded at random after a discovery; and the Save cards in
reach, which the Save's choices and the Hazard's resolution both need."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portolan.checker.core.game import Illegal
from portolan.checker.core.turn import Task
from portolan.checker.games.exploration_age_of_sail import moves as m
from portolan.checker.games.exploration_age_of_sail.sections import EXPLORATION_PHASE
from portolan.checker.games.exploration_age_of_sail.state import Expedition, State


@dataclass(frozen=True, slots=True)
class Revealing(Task):
    """The card the expedition turns over."""

    expedition: Expedition
    asks = ("Exploration", "chance", (m.Reveal,))

    def prompt(self, state: State) -> str:
        return f"which card did the expedition of {self.expedition.explorer} turn over"

    def missing(self, state: State) -> Illegal:
        explorer = self.expedition.explorer
        return Illegal(EXPLORATION_PHASE, f"name the card the expedition of {explorer} turns over")

    def chances(self, state: State) -> list[tuple[Any, int]]:
        return [(m.Reveal(c), n) for c, n in state.exploration_deck.items()]


@dataclass(frozen=True, slots=True)
class Saving(Task):
    """A Save card against the Hazard turned over, or none."""

    expedition: Expedition
    hazard: str
    asks = ("Exploration", "choice", (m.Save, m.NoSave))

    def prompt(self, state: State) -> str:
        return f"a Save card against {self.hazard}, or none"

    def default(self, state: State) -> m.NoSave:
        return m.NO_SAVE

    def choices(self, state: State) -> list[Any]:
        trait = state.book.exploration[self.hazard].tests
        return [m.NO_SAVE] + [m.Save(c, p) for p, c in save_cards(state, trait)]


@dataclass(frozen=True, slots=True)
class DiscardingAtRandom(Task):
    """After the discovery claimed: which of the expedition's three cards is discarded."""

    expedition: Expedition
    discovery: str
    asks = ("Exploration", "chance", (m.RandomDiscard,))

    def prompt(self, state: State) -> str:
        return f"which card of {self.expedition.explorer}'s expedition was discarded at random"

    def missing(self, state: State) -> Illegal:
        return Illegal(
            EXPLORATION_PHASE,
            f"after claiming {self.discovery}, name the expedition card discarded at random "
            "(discard:)",
        )

    def chances(self, state: State) -> list[tuple[Any, int]]:
        return [(m.RandomDiscard(c), 1) for c in self.expedition.cards]


# -- Save cards --------------------------------------------------------------------------------
def save_matches(state: State, save: str, trait: str) -> bool:
    traits = state.book.expedition[save].traits
    if trait in traits:
        return True
    return state.options["sail_matches_sails"] and trait == "Sails" and "Sail" in traits


def savers(state: State) -> list[str]:
    return list(state.players) if state.options["save_others"] else [state.player]


def save_cards(state: State, trait: str) -> list[tuple[str, str]]:
    """(player, card) for every Save card in reach that matches the trait."""
    out = []
    for p in savers(state):
        for name in state.hands[p]:
            info = state.book.expedition[name]
            if info.type == "save" and save_matches(state, name, trait):
                out.append((p, name))
    return out
