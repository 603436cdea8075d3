"""Setup of Exploration in the Age of Sail: the decks shuffled, empty hands, first player first."""

from __future__ import annotations

from portolan.checker.games.exploration_age_of_sail.book import CardBook
from portolan.checker.games.exploration_age_of_sail.state import State


def setup(book: CardBook, options: dict, players: list[str]) -> State:
    """Shuffle the decks; nobody holds cards; the first player listed goes first."""
    state = State(
        book=book,
        constants=book.constants,
        categories=book.categories,
        options=options,
        players=list(players),
        expedition_deck={n: c.count for n, c in book.expedition.items()},
        exploration_deck={n: c.count for n, c in book.exploration.items()},
    )
    for p in players:
        state.hands[p] = {}
        state.expeditions[p] = []
        state.victory[p] = []
    return state
