"""Setup of Ships: each player's stock and display, the pool, the first player's seat order, and
the twelve Galley cards the table deals to the display (chance moves the log names)."""

from __future__ import annotations

from typing import Any

from portolan.checker.games.ships.actions.common import Dealing, SetupEnds
from portolan.checker.games.ships.book import FOOD, FREE_CUBE, Book
from portolan.checker.games.ships.state import SETUP, START, Seat, State


def setup(book: Book, options: dict[str, Any], players: list[str]) -> State:
    """Nine merchant cubes and two free action cubes in every stock, discs on the display but
    the first spaces of each row, one on VP 5, food for the third and fourth players; the
    Galley deck shuffled, its display still to be dealt."""
    k = book.constants
    eras = len(book.eras)
    seats = []
    pool = dict(book.pool)
    for i, name in enumerate(players):
        goods = dict.fromkeys(book.goods, 0)
        late = min(book.late_food.get(i + 1, 0), pool[FOOD])
        goods[FOOD] += late
        pool[FOOD] -= late
        free = min(k["starting_free_action_cubes"], pool[FREE_CUBE])
        pool[FREE_CUBE] -= free
        seats.append(
            Seat(
                name=name,
                colour=book.colours[i] if i < len(book.colours) else f"Colour {i + 1}",
                vp=k["starting_vp"],
                stock=k["starting_merchant_cubes"],
                pool_cubes=k["merchant_cubes"] - k["starting_merchant_cubes"],
                free=free,
                goods=goods,
                discs=dict(book.row_covered),
                ships=[k["ships_per_era"]] * eras,
                retired=[0] * eras,
            )
        )
    n = len(players)
    open_areas = [a.index for a in book.areas if a.open]
    state = State(
        book=book,
        categories=book.categories,
        options=options,
        players=list(players),
        seats=seats,
        pool=pool,
        decks=[dict(d) for d in book.decks],
        ships_at=[[[0] * n, [0] * n] for _ in book.ages],
        trade=[-1] * len(book.trade),
        cities=[-1] * len(book.cities),
        open_cubes={a: [0] * n for a in open_areas},
        open_discs={a: [0] * n for a in open_areas},
        area_cubes=[[0] * n for _ in book.areas],
        area_discs=[0] * len(book.areas),
    )
    state.to_deal = min(k["display_cards"], sum(state.decks[0].values()))
    state.tasks = [SetupEnds(), Dealing()] if state.to_deal else []
    state.phase = SETUP if state.tasks else START
    return state
