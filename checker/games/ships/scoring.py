"""Scoring: an area's cubes and discs (when the wave moves on, and the present area at the end),
then the final score sheet: VP on the track, the last area, goods sold and gold."""

from __future__ import annotations

from dataclasses import dataclass

from portolan.checker.core.game import Decision, missing_of
from portolan.checker.core.scoresheet import ScoreLine, ScoreSheet
from portolan.checker.games.ships import moves as m
from portolan.checker.games.ships.book import Book
from portolan.checker.games.ships.state import State


@dataclass(frozen=True, slots=True)
class AreaPieces:
    """Who has what in one area: the owner of each trade box and city (-1: empty), or for an
    area without a limit (Area 7) the cubes and discs of each seat."""

    trade: dict[int, int]  # trade box id -> owner seat
    cities: dict[int, int]  # city id -> owner seat
    open_cubes: list[int] | None = None
    open_discs: list[int] | None = None


def area_points(book: Book, area: int, pieces: AreaPieces, seats: int) -> list[int]:
    """VP each seat scores for an area: a cube its number; a disc its number plus 1 for each
    cube of the disc's owner in its location (Area 7: in its Merchant box)."""
    number = book.areas[area].number
    points = [0] * seats
    if pieces.open_cubes is not None:
        for p in range(seats):
            cubes, discs = pieces.open_cubes[p], pieces.open_discs[p]
            points[p] = cubes * number + discs * number + discs * cubes
        return points
    cubes_at: dict[tuple[str, int], int] = {}
    for box, owner in pieces.trade.items():
        if owner >= 0:
            points[owner] += number
            key = (book.trade[box].location, owner)
            cubes_at[key] = cubes_at.get(key, 0) + 1
    for city, owner in pieces.cities.items():
        if owner >= 0:
            points[owner] += number + cubes_at.get((book.cities[city].location, owner), 0)
    return points


def goods_and_gold(
    book: Book, goods: dict[str, int], gold: int, kept: list[str]
) -> tuple[int, int]:
    """The end's sale: (gold made by selling every good, plus the bank; VP for it)."""
    made = sum(book.sell_prices[g] * n for g, n in goods.items())
    made += sell_bonus_gold(book, goods, kept)
    total = made + gold
    return total, total // book.constants["gold_per_vp"]


def sell_bonus_gold(book: Book, sold: dict[str, int], kept: list[str]) -> int:
    """Gold that kept cards add for the goods sold (Cotton Exchange)."""
    extra = 0
    for name in kept:
        bonus = book.cards[name].sell_bonus
        if bonus is not None:
            good, gains = bonus
            extra += sold.get(good, 0) * dict(gains).get("Gold", 0)
    return extra


def pieces_of(state: State, area: int) -> AreaPieces:
    info = state.book.areas[area]
    if info.open:
        return AreaPieces({}, {}, state.open_cubes[area], state.open_discs[area])
    return AreaPieces(
        {b: state.trade[b] for b in info.trade}, {c: state.cities[c] for c in info.cities}
    )


def score(state: State) -> ScoreSheet:
    """The present area scores once more, every good is sold and the gold becomes VP (the
    state is left as it is: a game still going gets the sheet it would have now)."""
    book = state.book
    n = len(state.players)
    last = area_points(book, state.area, pieces_of(state, state.area), n)
    sale = [goods_and_gold(book, s.goods, s.gold, s.kept)[1] for s in state.seats]
    info = book.areas[state.area]
    lines = []
    for p, (name, seat) in enumerate(zip(state.players, state.seats, strict=True)):
        parts = {"track": seat.vp, "final_area": last[p], "goods_and_gold": sale[p]}
        lines.append(ScoreLine(name, {c.id: parts[c.id] for c in state.categories}))
    notes = [
        f"Last area scored: Area {info.number} ({info.name}).",
        "The rulebook has no tie-breaker: players tied on points share the place.",
    ]
    return ScoreSheet([(c.id, c.label) for c in state.categories], lines, notes=notes)


def incomplete_turn(state: State, decision: Decision | None) -> str | None:
    """Why the last turn of a log is not over, when it owes what no turn may end without: the
    goods a full warehouse sends back (no ``return:``). Until then the game cannot end, and the
    scores so far sell goods that do not fit."""
    if decision is None or decision.accepts != (m.ReturnGood,):
        return None
    why = missing_of(decision)
    held = state.seat.goods_held
    room = held + state.warehouse_room(state.current)
    return (
        f"The last turn is incomplete: {why.message} [{state.book.title} — {why.section}]. "
        "The game cannot end "
        f"before it is, and the scores so far sell all {held} goods, {held - room} more than "
        f"{decision.player}'s warehouse holds."
    )
