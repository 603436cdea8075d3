"""Scoring a finished game of Ships from its end position alone, for a table that kept no log
(docs/logs.md, "Ships", "Scoring an end position"); a position that cannot be is refused. For a
position a log starts from: ``entries`` (what is read here, from a state) and ``problems``."""

from __future__ import annotations

from collections import Counter
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.entries import EntryReader, player_entries, value_of
from portolan.checker.core.position import Position, left_in_box, read_position, too_many
from portolan.checker.core.scoresheet import ScoreSheet
from portolan.checker.games.ships.book import BANK, WAREHOUSE, Book
from portolan.checker.games.ships.scoring import score
from portolan.checker.games.ships.setup import setup
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


def score_position(
    book: Book, model: Game, raw: Any, source: Source, options: dict | None
) -> ScoreSheet:
    """The position put on the table of a new game, and scored as a game's end is."""
    head = read_position(model, raw, source, keys=KEYS, options=options, players_hint=HINT)
    r, state = EntryReader(head, book), setup(book, head.options, head.players)
    state.area, kept, read = _area(book, head), Counter(), []
    for name, entry in player_entries(r, PLAYER).items():
        p, field = head.players.index(name), f"players.{name}"
        seat = state.seats[p]
        seat.vp, seat.gold = value_of(entry, "vp"), value_of(entry, "gold")
        seat.goods = dict.fromkeys(book.goods, 0) | value_of(entry, "goods", {})
        seat.kept = _kept(book, r, value_of(entry, "kept", []), kept)
        read.append(seat)
        if seat.vp < 0 and head.options.get("negative_vp") != "allowed":
            r.bad("vp cannot be below 0", entry["vp"].pos, f"{field}.vp")
        if seat.gold > _room(book, BANK):
            room = f"the {_room(book, BANK)} spaces of the bank"
            r.bad(f"gold {seat.gold} is more than {room}", entry["gold"].pos, f"{field}.gold")
        if seat.goods_held > _room(book, WAREHOUSE):
            room = f"a warehouse has {_room(book, WAREHOUSE)} spaces"
            r.bad(f"{seat.goods_held} goods: {room}", entry["goods"].pos, f"{field}.goods")
        if state.area is not None:
            _pieces(r, entry, p, state)
    for word in ("Gold", *book.goods):
        total = sum(s.gold if word == "Gold" else s.goods[word] for s in read)
        if total > book.pool[word]:
            where = head.raw.value_pos.get("players")
            r.bad(
                f"the players hold {total} {word} between them: the game has {book.pool[word]}",
                where,
                "players",
            )
    head.done()
    return score(state)


def _room(book: Book, row: str) -> int:
    return book.row_open[row] + book.row_covered[row]


def _area(book: Book, head: Position) -> int | None:
    raw = head.raw
    if "area" not in raw:
        head.bad("name the present area (area: 5), the one scored at the end", raw.pos, "area")
        return None
    area = book.area_by_number.get(raw["area"]) if isinstance(raw["area"], int) else None
    if area is None:
        numbers = ", ".join(str(a.number) for a in book.areas)
        where = raw.value_pos["area"]
        head.bad(f"there is no Area {raw['area']!r}: the areas are {numbers}", where, "area")
    return area


def _kept(book: Book, r: EntryReader, cards: list[lf.At], seen: Counter) -> list[str]:
    """The kept cards still held: the last era's, no more of one than the game has."""
    out, last_era = [], book.ages[-1].era
    for name, pos, field in cards:
        info, seen[name] = book.cards[name], seen[name] + 1
        if not info.kept or info.era != last_era:
            era = book.eras[last_era]
            r.bad(f"{name} is not held at the end: only the {era} era's kept cards are", pos, field)
        elif seen[name] > info.count:
            r.bad(f"the game has {info.count} {name}", pos, field)
        else:
            out.append(name)
    return out


def _pieces(r: EntryReader, entry: dict, p: int, state: State) -> None:
    """A player's cubes and discs in the present area (Area 7: how many)."""
    book, area = r.book, state.area
    most = {"cubes": book.constants["merchant_cubes"]}
    most["cities"] = _room(book, WAREHOUSE) + _room(book, BANK)
    for key in [k for k in ("cubes", "cities") if k in entry]:
        at = entry[key]
        if book.areas[area].open:
            n = r.read(COUNT, *at) or 0
            if n > most[key]:
                r.bad(f"{n} {key}: a player has {most[key]}", at.pos, at.field)
            (state.open_cubes if key == "cubes" else state.open_discs)[area][p] = n
            continue
        for item, pos, _ in r.items(*at):
            _piece(r, str(item), pos, at.field, key, p, state)


def _piece(
    r: EntryReader, item: str, pos: Pos | None, field: str, key: str, p: int, state: State
) -> None:
    """A cube in a trade box ('Caribbean Spice', 'Caribbean'), or a disc in a city."""
    book, info = r.book, r.book.areas[state.area]
    cubes, text = key == "cubes", fold(item)
    owners, places = (state.trade, book.trade) if cubes else (state.cities, book.cities)
    what = "trade box" if cubes else "city"
    candidates = []
    for s in info.trade if cubes else info.cities:
        place = places[s]
        loc, symbol = fold(place.location), fold(place.good if cubes else place.benefit)
        if text in (f"{loc} {symbol}", loc, f"{loc} {place.amount} {symbol}"):
            candidates.append(s)
    free = [s for s in candidates if owners[s] < 0]
    if not candidates:
        r.bad(
            f"'{item}' is no {what} of Area {info.number} ({info.name}), the present area: "
            f"{key} elsewhere score nothing at the end and are left out",
            pos,
            field,
        )
    elif not free:
        owner = r.players[owners[candidates[0]]]
        r.bad(f"'{item}' already holds {owner}'s piece: one piece per {what}", pos, field)
    else:
        owners[free[0]] = p


# -- a position a log starts from -----------------------------------------------------------
def unknown_decks(state: State) -> list[dict[str, int]]:
    """Each era's deck when the position writes ``decks: unknown``: every card of the era that
    is not on the display, in the discard pile or kept by a player."""
    held = [state.display, state.discard, *(seat.kept for seat in state.seats)]
    return [left_in_box(deck, held) for deck in state.book.decks]


UNKNOWN = {"decks": unknown_decks}


def entries(state: State) -> dict[str, Any]:
    """What ``score_position`` reads of ``state``: the present area and each player's VP, gold,
    goods, kept cards of the last era, and pieces in the present area."""
    book, area = state.book, state.area
    info, last_era = book.areas[area], book.ages[-1].era
    players: dict[str, Any] = {}
    for p, (name, seat) in enumerate(zip(state.players, state.seats, strict=True)):
        goods = " + ".join(f"{n} {g}" for g, n in seat.goods.items() if n)
        entry = {"vp": seat.vp, "gold": seat.gold, "goods": goods}
        entry["kept"] = [c for c in seat.kept if book.cards[c].era == last_era]
        if info.open:
            entry |= {"cubes": state.open_cubes[area][p], "cities": state.open_discs[area][p]}
        else:
            trade = [book.trade[b] for b in info.trade if state.trade[b] == p]
            entry["cubes"] = [f"{box.location} {box.good}" for box in trade]
            entry["cities"] = [book.cities[c].location for c in info.cities if state.cities[c] == p]
        kept = ("vp", "gold", "cubes", "cities") if info.open else ("vp", "gold")  # even at 0
        players[name] = {k: v for k, v in entry.items() if v or k in kept}
    return {"area": info.number, "players": players}


def problems(state: State) -> list[tuple[tuple, str]]:
    """What a state read from a position cannot hold: more copies of a card than the game has
    (decks, display, discard pile and kept cards together), more of a good or of gold than the
    pool and the players hold together, a piece on a box of no player."""
    book, n = state.book, len(state.players)
    held = Counter(dict.fromkeys(book.cards, 0))  # the problems in the book's order
    for cards in (state.display, state.discard, *state.decks, *(s.kept for s in state.seats)):
        held.update(cards)
    box = {name: info.count for name, info in book.cards.items()}
    where = "cards in the decks, display, discard pile and kept cards"
    out = too_many(box, held, where, lambda _: ("decks",))
    held = Counter({word: state.pool.get(word, 0) for word in ("Gold", *book.goods)})
    for seat in state.seats:
        held.update(seat.goods, Gold=seat.gold)
    out += too_many(book.pool, held, "in the pool and the players' hands", lambda _: ("pool",))
    for key, owners in (("trade", state.trade), ("cities", state.cities)):
        bad = [(i, owner) for i, owner in enumerate(owners) if not -1 <= owner < n]
        out += [((key, i), f"{owner} is no seat (0 to {n - 1}, or -1: empty)") for i, owner in bad]
    return out
