"""Scoring a finished game of Ships from its end position alone (for a table that kept no log).

game: ships                     # optional
area: 5                         # the present area, scored once more
players:
  Ana:
    vp: 48                      # on the VP track
    gold: 7                     # in the bank
    goods: 2 Cloth + 1 Wine     # in the warehouse (or a list)
    kept: [Cotton Exchange]     # kept cards still held (optional)
    cubes: [Caribbean Spice, New Spain Metal]   # merchant cubes in the present area
    cities: [Caribbean]                          # city discs there (Area 7: numbers)
  Ben: {vp: 40, gold: 10}

A position that cannot be is refused: more pieces or counters than the box holds, a cube or
disc outside the present area's boxes, two pieces in one box, a card that is not kept to the
end.

A position a log starts from (``portolan position``) adds ``turn``, ``next`` and ``state``:
``entries`` writes the part above from a state, ``problems`` refuses a state with more cards,
goods or pieces than the game has.
"""

from __future__ import annotations

from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.entries import EntryReader, player_entries, value_of
from portolan.checker.core.position import Position, read_position
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.checker.games.ships.book import BANK, WAREHOUSE, Book
from portolan.checker.games.ships.scoring import (
    AreaPieces,
    area_points,
    final_sheet,
    goods_and_gold,
)
from portolan.checker.games.ships.state import State
from portolan.model.loader import Game
from portolan.names import fold
from portolan.yamlsrc import Pos, Source

KEYS = ("game", "options", "area", "players")
HINT = "their VP, gold and goods"  # what each player maps to
COUNT = lf.Whole(0)
PLAYER = lf.Fields(
    {
        "vp": lf.Whole(),
        "gold": COUNT,
        "goods": lf.Bundle(lambda book: list(book.goods), "good"),
        "kept": lf.ListOf(lf.Name(lambda book: book.card_names, "a card of Ships", kind="")),
        "cubes": lf.Unread("merchant cubes in the present area"),
        "cities": lf.Unread("city discs in the present area"),
    },
    shape="each player maps to vp, gold, goods, kept, cubes, cities",
    partial=True,
)
PLAYER_KEYS = tuple(PLAYER.keys)  # what the web score pad asks for


class _Table:
    """What the position puts in the present area, with who put it there."""

    def __init__(self, book: Book, area: int, seats: int):
        self.book = book
        self.area = area
        self.trade: dict[int, int] = {b: -1 for b in book.areas[area].trade}
        self.cities: dict[int, int] = {c: -1 for c in book.areas[area].cities}
        self.open_cubes = [0] * seats
        self.open_discs = [0] * seats

    def pieces(self) -> AreaPieces:
        if self.book.areas[self.area].open:
            return AreaPieces({}, {}, self.open_cubes, self.open_discs)
        return AreaPieces(self.trade, self.cities)


def score_position(
    book: Book, model: Game, raw: Any, source: Source, options: dict | None
) -> ScoreSheet:
    head = read_position(model, raw, source, keys=KEYS, options=options, players_hint=HINT)
    r = EntryReader(head, book)
    area = _area(book, head)
    n = len(head.players)
    table = _Table(book, area if area is not None else 0, n)
    vp, sale = [0] * n, [0] * n
    totals: dict[str, int] = {}
    kept_seen: dict[str, int] = {}
    for name, entry in player_entries(r, PLAYER).items():
        p, field = head.players.index(name), f"players.{name}"
        vp[p] = value_of(entry, "vp")
        if vp[p] < 0 and head.options.get("negative_vp") != "allowed":
            head.bad("vp cannot be below 0", entry["vp"].pos, f"{field}.vp")
        gold = value_of(entry, "gold")
        if gold > _room(book, BANK):
            head.bad(
                f"gold {gold} is more than the {_room(book, BANK)} spaces of the bank",
                entry["gold"].pos,
                f"{field}.gold",
            )
        goods = {g: 0 for g in book.goods} | value_of(entry, "goods", {})
        if sum(goods.values()) > _room(book, WAREHOUSE):
            head.bad(
                f"{sum(goods.values())} goods: a warehouse has {_room(book, WAREHOUSE)} spaces",
                entry["goods"].pos,
                f"{field}.goods",
            )
        for word, held in (("Gold", gold), *goods.items()):
            totals[word] = totals.get(word, 0) + held
        kept = _kept(book, head, value_of(entry, "kept", []), kept_seen)
        sale[p] = goods_and_gold(book, goods, gold, kept)[1]
        if area is not None:
            _pieces(book, r, entry, field, p, table)
    for word, total in totals.items():
        if total > book.pool[word]:
            head.bad(
                f"the players hold {total} {word} between them: the game has {book.pool[word]}",
                head.raw.value_pos.get("players"),
                "players",
            )
    head.done()
    last = area_points(book, area, table.pieces(), n)
    info = book.areas[area]
    return final_sheet(
        book,
        model.rules.scoring,
        head.players,
        vp,
        last,
        sale,
        f"Area {info.number} ({info.name})",
    )


def _room(book: Book, row: str) -> int:
    return book.row_open[row] + book.row_covered[row]


def _area(book: Book, head: Position) -> int | None:
    raw = head.raw
    if "area" not in raw:
        head.bad("name the present area (area: 5), the one scored at the end", raw.pos, "area")
        return None
    value = raw["area"]
    area = book.area_by_number.get(value) if isinstance(value, int) else None
    if area is None:
        numbers = ", ".join(str(a.number) for a in book.areas)
        head.bad(
            f"there is no Area {value!r}: the areas are {numbers}", raw.value_pos["area"], "area"
        )
    return area


def _kept(book: Book, head: Position, cards: list[lf.At], seen: dict) -> list[str]:
    """The kept cards still held: the last era's, no more of one than the game has."""
    out = []
    last_era = book.ages[-1].era
    for card in cards:
        name, info = card.value, book.cards[card.value]
        seen[name] = seen.get(name, 0) + 1
        if not info.kept or info.era != last_era:
            head.bad(
                f"{name} is not held at the end: only the {book.eras[last_era]} era's kept "
                "cards are",
                card.pos,
                card.field,
            )
        elif seen[name] > info.count:
            head.bad(f"the game has {info.count} {name}", card.pos, card.field)
        else:
            out.append(name)
    return out


def _pieces(book: Book, r: EntryReader, entry: dict, field: str, p: int, table: _Table) -> None:
    info = book.areas[table.area]
    k = book.constants
    limits = {"cubes": k["merchant_cubes"], "cities": _room(book, WAREHOUSE) + _room(book, BANK)}
    for key in ("cubes", "cities"):
        if key not in entry:
            continue
        at = entry[key]
        if info.open:
            n = r.read(COUNT, at.value, at.pos, at.field) or 0
            if n > limits[key]:
                r.bad(f"{n} {key}: a player has {limits[key]}", at.pos, at.field)
            (table.open_cubes if key == "cubes" else table.open_discs)[p] = n
            continue
        for item, ipos, _ in r.items(at.value, at.pos, at.field):
            _piece(book, r.head, item, ipos, at.field, key, p, table)


def _piece(
    book: Book,
    head: Position,
    item: Any,
    pos: Pos | None,
    field: str,
    key: str,
    p: int,
    table: _Table,
) -> None:
    info = book.areas[table.area]
    text = fold(str(item))
    spaces = table.trade if key == "cubes" else table.cities
    what = "trade box" if key == "cubes" else "city"
    candidates = []
    for s in spaces:
        place = book.trade[s] if key == "cubes" else book.cities[s]
        symbol = place.good if key == "cubes" else place.benefit
        loc = fold(place.location)
        if text in (f"{loc} {fold(symbol)}", loc) or text == f"{loc} {place.amount} {fold(symbol)}":
            candidates.append(s)
    if not candidates:
        head.bad(
            f"'{item}' is no {what} of Area {info.number} ({info.name}), the present area: "
            f"{key} elsewhere score nothing at the end and are left out",
            pos,
            field,
        )
        return
    free = [s for s in candidates if spaces[s] < 0]
    if not free:
        owner = head.players[spaces[candidates[0]]]
        head.bad(f"'{item}' already holds {owner}'s piece: one piece per {what}", pos, field)
        return
    spaces[free[0]] = p


# -- a position a log starts from -----------------------------------------------------------
def unknown_decks(state: State) -> list[dict[str, int]]:
    """Each era's deck when the position writes ``decks: unknown``: every card of the era that
    is not on the display, in the discard pile or kept by a player."""
    seen: dict[str, int] = {}
    for zone in (state.display, state.discard):
        for card, n in zone.items():
            seen[card] = seen.get(card, 0) + n
    for seat in state.seats:
        for card in seat.kept:
            seen[card] = seen.get(card, 0) + 1
    decks = []
    for deck in state.book.decks:
        left = {card: n - seen.get(card, 0) for card, n in deck.items()}
        decks.append({card: n for card, n in left.items() if n > 0})
    return decks


UNKNOWN = {"decks": unknown_decks}


def entries(state: State) -> dict[str, Any]:
    """What ``score_position`` reads of ``state``: the present area and each player's VP, gold,
    goods, kept cards of the last era, and pieces in the present area."""
    book = state.book
    info = book.areas[state.area]
    last_era = book.ages[-1].era
    players: dict[str, Any] = {}
    for p, (name, seat) in enumerate(zip(state.players, state.seats, strict=True)):
        entry: dict[str, Any] = {"vp": seat.vp, "gold": seat.gold}
        goods = [f"{n} {g}" for g, n in seat.goods.items() if n]
        if goods:
            entry["goods"] = " + ".join(goods)
        kept = [c for c in seat.kept if book.cards[c].era == last_era]
        if kept:
            entry["kept"] = kept
        if info.open:
            entry["cubes"] = state.open_cubes[state.area][p]
            entry["cities"] = state.open_discs[state.area][p]
        else:
            cubes = [_box_name(book.trade[b]) for b in info.trade if state.trade[b] == p]
            cities = [book.cities[c].location for c in info.cities if state.cities[c] == p]
            if cubes:
                entry["cubes"] = cubes
            if cities:
                entry["cities"] = cities
        players[name] = entry
    return {"area": info.number, "players": players}


def _box_name(box: Any) -> str:
    return f"{box.location} {box.good}"


def problems(state: State) -> list[tuple[tuple, str]]:
    """What a state read from a position cannot hold: more copies of a card than the game has
    (decks, display, discard pile and kept cards together), more of a good or of gold than the
    pool and the players hold together, a piece on a box of no player."""
    book = state.book
    out: list[tuple[tuple, str]] = []
    for name, info in book.cards.items():
        held = state.display.get(name, 0) + state.discard.get(name, 0)
        held += sum(deck.get(name, 0) for deck in state.decks)
        held += sum(seat.kept.count(name) for seat in state.seats)
        if held > info.count:
            out.append(
                (
                    ("decks",),
                    f"{held} {name} cards in the decks, display, discard pile "
                    f"and kept cards: the game has {info.count}",
                )
            )
    for word, total in book.pool.items():
        held = state.pool.get(word, 0)
        if word in book.goods:
            held += sum(seat.goods.get(word, 0) for seat in state.seats)
        elif word == "Gold":
            held += sum(seat.gold for seat in state.seats)
        else:
            continue
        if held > total:
            out.append(
                (
                    ("pool",),
                    f"{held} {word} in the pool and the players' hands: the game has {total}",
                )
            )
    n = len(state.players)
    for key, owners in (("trade", state.trade), ("cities", state.cities)):
        for i, owner in enumerate(owners):
            if not -1 <= owner < n:
                out.append(((key, i), f"{owner} is no seat (0 to {n - 1}, or -1: empty)"))
    return out
