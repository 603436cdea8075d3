"""Piles of cards as counts by name: what a deck, a discard pile or a hand holds."""

from __future__ import annotations


def take(pile: dict[str, int], card: str, n: int = 1) -> None:
    """Remove ``n`` copies of ``card`` (which must be there); an emptied name disappears."""
    left = pile[card] - n
    if left:
        pile[card] = left
    else:
        del pile[card]


def put(pile: dict[str, int], card: str, n: int = 1) -> None:
    if n:
        pile[card] = pile.get(card, 0) + n
