"""What an action of Age of Discovery waits for once begun (checker/core/turn.py): the card
turned over for a ship bought, the contract turned face up for one taken, the contract drawn
blind, the expedition a ship sent sails to, the ships of a trade contract played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portolan.checker.core.game import Decision, Illegal
from portolan.checker.core.turn import Task
from portolan.checker.games.age_of_discovery import moves as m
from portolan.checker.games.age_of_discovery import sections as sec
from portolan.checker.games.age_of_discovery.actions.loading import assign_moves, sail_targets
from portolan.checker.games.age_of_discovery.state import ROW_WORDS, UNNAMED, State, Voyage

UNNAMED_CONTRACT = m.RowContract(UNNAMED)


def first_pile(state: State) -> int | None:
    """The draw pile cards are turned over from: the first that still holds one."""
    return next((i for i, n in enumerate(state.piles) if n), None)


@dataclass(frozen=True, slots=True)
class TurningOver(Task):
    """The card turned over from the draw piles into the space of a ship bought."""

    row: str
    space: int
    asks = ("Purchase", "chance", (m.TurnOver,))

    def prompt(self, state: State) -> str:
        return f"which card was turned over from the draw piles for the {ROW_WORDS[self.row]}"

    def missing(self, state: State) -> Illegal:
        return Illegal(
            sec.PURCHASE_SHIPS,
            f"name the card turned over from pile {first_pile(state) + 1} for space "
            f"{self.space + 1} of the {ROW_WORDS[self.row]} (Ship: New card)",
        )

    def chances(self, state: State) -> list[tuple[Any, int]]:
        """The first pile with cards: its ships are a random part of the unseen ships."""
        i = first_pile(state)
        scoring = state.scoring_in[i]
        ships = state.piles[i] - (1 if scoring else 0)
        unseen = sum(state.unseen.values())
        out = [(m.TurnOver(c), ships * n) for c, n in state.unseen.items() if ships]
        if scoring:
            out.append((m.TurnOver(scoring), max(unseen, 1)))
        return out


@dataclass(frozen=True, slots=True)
class ReplacingContract(Task):
    """The contract turned face up in the row space of the one just taken."""

    space: int
    asks = ("Contract", "chance", (m.RowContract,))

    def prompt(self, state: State) -> str:
        return "which contract was turned face up in its place"

    def default(self, state: State) -> m.RowContract:
        # a log may leave it unnamed (contract: Card): it is named when someone takes it
        return UNNAMED_CONTRACT

    def chances(self, state: State) -> list[tuple[Any, int]]:
        return [(m.RowContract(c), 1) for c in state.contract_deck]


@dataclass(frozen=True, slots=True)
class DrawingBlind(Task):
    """The contract drawn from the draw deck (its owner may keep it secret)."""

    def decision(self, state: State) -> Decision:
        return Decision(
            state.player,
            "Contract",
            "chance",
            (m.ContractDrawn, m.KeepSecret),
            "which contract was drawn from the draw deck",
            missing=lambda: Illegal(
                sec.ACCEPT_CONTRACT, "name the contract drawn from the deck (or write hidden)"
            ),
            secret=m.shared(m.KeepSecret, state.player, "contract"),
        )

    def chances(self, state: State) -> list[tuple[Any, int]]:
        return [(m.ContractDrawn(c), 1) for c in state.contract_deck]


@dataclass(frozen=True, slots=True)
class Sailing(Task):
    """The expedition the ship just sent sails to."""

    card: str
    asks = ("Send", "choice", (m.Sail,))

    def prompt(self, state: State) -> str:
        return f"the expedition {self.card} sails to"

    def missing(self, state: State) -> Illegal:
        return Illegal(sec.EXPEDITIONS, f"say which expedition {self.card} joins")

    def choices(self, state: State) -> list[Any]:
        return sail_targets(state, state.player, self.card)


@dataclass(frozen=True, slots=True)
class Loading(Task):
    """The ships assigned to a trade contract played, until its transport is met."""

    voyage: Voyage
    asks = ("Send", "choice", (m.Assign,))

    def prompt(self, state: State) -> str:
        return f"a ship for {self.voyage.contract}"

    def missing(self, state: State) -> Illegal:
        v = self.voyage
        return Illegal(
            sec.TRADE_CONTRACTS,
            f"{v.contract} needs exactly {state.book.contracts[v.contract].transport} "
            f"transport: the ships assigned carry {v.loaded}",
        )

    def choices(self, state: State) -> list[Any]:
        return assign_moves(state, self.voyage)
