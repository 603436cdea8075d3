"""The turn log of Ships: the display dealt at setup, then each turn's actions as typed at the
table, and back.

setup:
  display: [Currency, Docks, ...]          # the 12 Galley cards dealt at setup
turns:
  - player: Ana
    actions:
      - {place: 1, trade: Tyre Cloth}                       # Place ship, Merchant box
      - {place: 2, city: Alexandria, disc: Bank, cube: free}  # Warship box; a free cube paid
      - {upgrade: 2 Merchant, trade: Ostia Wine, industry: true, exchange: [Metal]}
      - {remove: 1 Warship}
      - {card: Ram, place: 3, city: Athens, disc: Warehouse}   # a card and its action
      - {card: Warehouse, good: Cloth}
      - {card: Lighthouse, ships: [2 Merchant, 2 Warship]}
      - gold                                               # Take one gold
      - navigation                                         # Take two navigation counters
      - {sell: [Cloth, Wine]}
      - {retrieve: action boxes}
      - {retrieve: 3, cubes: [Ostia Wine]}                 # some of your cubes in Area 3
  - player: Ben
    actions:
      - {place: 5, trade: Caribbean Cloth, display: [Astrolabe, ...], return: [Food]}

An action opening a new era lists the 12 cards dealt (``display``); goods sent back from a
full warehouse are ``return``. ``cube: free`` when a free action cube paid though a merchant
cube was at hand. ``exchange`` lists the goods exchanged for what this action uses.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from checker.core.game import Step
from checker.core.log import LogReader, last_turn, turn_entries
from checker.games.ships.book import BOXES, MERCHANT_BOX, ROWS, Book
from checker.games.ships.moves import (
    CARD,
    DECLINE,
    FREE,
    MERCHANT,
    STOP_RETRIEVING,
    TAKE_BACK_ALL,
    ChooseGood,
    City,
    Deal,
    Exchange,
    PlaceShip,
    RemoveShip,
    Retrieve,
    ReturnGood,
    SellGood,
    SellGoods,
    StartTurn,
    TakeBack,
    TakeBackAll,
    TakeBackShips,
    TakeCard,
    TakeGold,
    TakeNavigation,
    Trade,
    UpgradeShip,
)
from portolan.errors import InputError, did_you_mean
from portolan.model.bundles import read_bundle
from portolan.model.effects import Action, RemoveShips
from portolan.names import fold
from portolan.yamlsrc import Pos, Source, YList, YMap

TOP_KEYS = ("setup",)
SETUP_KEYS = ("display",)
TURN_KEYS = ("player", "actions")
MAIN_KEYS = ("place", "upgrade", "remove", "card", "gold", "navigation", "sell", "retrieve")
DETAIL_KEYS = ("trade", "city", "industry", "disc", "display", "return", "cube", "exchange", "box")
CARD_KEYS = ("good", "ships")
ENTRY_KEYS = (*MAIN_KEYS, *DETAIL_KEYS, *CARD_KEYS, "cubes")
IS_ENTRY_KEY, IS_MAIN_KEY = frozenset(ENTRY_KEYS), frozenset(MAIN_KEYS)  # quicker to ask
CUBES = [MERCHANT, FREE]
SHIP_KEYS = ("place", "upgrade")
ACTION_BOXES = ("action boxes", "actions", "action", "boxes", "0")
_SHIP = re.compile(r"^\s*(?:age\s*)?(\d+)\s+(\S+)\s*$", re.IGNORECASE)
_AREA = re.compile(r"^\s*(?:area\s*)?(\d+)\s*$", re.IGNORECASE)
ACTIONS_KEPT = 10_000  # actions remembered per log as written (an example game has 70 to 80)


class _Reader(LogReader):
    book: Book

    def __init__(self, book: Book, source: Source, players: list[str]):
        super().__init__(book, source, players)
        self.steps: list[Step] = []
        # what was read from a text as written, when it could be read (the same few come back)
        self.places: dict[str, tuple[str, str]] = {}
        self.trades: dict[str, tuple[str, str]] = {}  # text -> (location, good)
        self.cities: dict[str, tuple[str, str | None]] = {}  # text -> (location, benefit)
        self.shown: dict[str, list[str]] = {}  # location -> its trade boxes' goods
        self.bundles: dict[str, tuple] = {}  # text -> read_bundle's answer
        self.ships: dict[str, tuple[int, str]] = {}
        # an action as written (``_words``) -> its moves, each with where it is (``_located``)
        self.actions: dict[Any, list[tuple[Any, str | None, int | None]]] = {}

    def step(self, move: Any, turn: int, player: str, pos: Pos | None) -> None:
        self.steps.append(Step(move, turn, player, pos))

    # -- values ----------------------------------------------------------------------------
    def card(self, value: Any, pos: Pos | None, field: str) -> str | None:
        if not isinstance(value, str):
            self.bad(f"expected a card name, found {value!r}", pos, field)
            return None
        name = self.book.card_names.exact(value)
        if name is None:
            hint = did_you_mean(value, self.book.card_names.names)
            self.bad(f"'{value}' is not a card of Ships", pos, field, hint)
        return name

    def goods(self, value: Any, pos: Pos | None, field: str) -> list[tuple[str, int]]:
        """Goods as a list ([Cloth, Cloth]) or a bundle ('2 Cloth + 1 Wine'): (good, the
        number of the item that names it)."""
        out = []
        for i, (item, ipos, f) in enumerate(self.items(value, pos, field)):
            bundle, message, hint = self.bundle(item)
            if message:
                self.bad(message, ipos, f, hint)
                continue
            for good, n in bundle.items():
                if n > self.book.pool[good]:  # a slip, not a sale or exchange of n goods
                    self.bad(f"{n} {good}: the game has {self.book.pool[good]}", ipos, f)
                    continue
                out += [(good, i)] * n
        return out

    def bundle(self, value: Any) -> tuple:
        if not isinstance(value, str):
            return read_bundle(value, self.book.goods, "good")
        if value not in self.bundles:
            self.bundles[value] = read_bundle(value, self.book.goods, "good")
        return self.bundles[value]

    def word(self, value: Any, words: list[str], pos, field: str, what: str) -> str | None:
        typed = fold(value) if isinstance(value, str) else None
        found = next((w for w in words if fold(w) == typed), None) if typed is not None else None
        if found is None:
            self.bad(f"'{value}' is not {what}", pos, field, did_you_mean(str(value), words))
        return found

    def ship(self, value: Any, pos: Pos | None, field: str) -> tuple[int, str] | None:
        """'3 Merchant' -> (3, Merchant)."""
        if isinstance(value, str) and value in self.ships:
            return self.ships[value]
        m = _SHIP.match(str(value)) if isinstance(value, (str, int)) else None
        box = next((b for b in BOXES if m and fold(b) == fold(m[2])), None)
        if m is None or box is None:
            self.bad(
                f"write a ship as its age and box, e.g. '3 Merchant', not {value!r}", pos, field
            )
            return None
        if isinstance(value, str):
            self.ships[value] = (int(m[1]), box)
        return int(m[1]), box

    def number(self, value: Any, pos: Pos | None, field: str, what: str) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            m = _AREA.match(str(value)) if isinstance(value, str) else None
            if m is None:
                self.bad(f"expected {what} (a number), found {value!r}", pos, field)
                return None
            return int(m[1])
        return value

    def place(self, value: Any, pos: Pos | None, field: str) -> tuple[str, str] | None:
        """'South America Gold' -> (location, the words after it); 'Area 7' names an open area."""
        if isinstance(value, str) and value in self.places:
            return self.places[value]
        if not isinstance(value, str) or not value.strip():
            self.bad(f"expected a location and what it shows, found {value!r}", pos, field)
            return None
        text = fold(value)
        best = None
        for name in self.book.place_names.names:
            key = fold(name)
            if (text == key or text.startswith(key + " ")) and (
                best is None or len(key) > len(fold(best))
            ):
                best = name
        if best is None:
            first = value.split()[0]
            self.bad(
                f"'{value}' names no location of the board",
                pos,
                field,
                did_you_mean(first, self.book.place_names.names),
            )
            return None
        words = value.split()
        rest = " ".join(words[len(best.split()) :])
        area = self.book.area_of(best)
        if self.book.areas[area].open:
            best = self.book.areas[area].name
        self.places[value] = best, re.sub(r"^\d+\s*", "", rest).strip()
        return self.places[value]

    def trade(self, value: Any, pos: Pos | None, field: str, industry: bool) -> Trade | None:
        if isinstance(value, str) and value in self.trades:
            return Trade(*self.trades[value], industry)
        move = self.read_trade(value, pos, field, industry)
        if move is not None and isinstance(value, str):
            self.trades[value] = (move.location, move.good)
        return move

    def read_trade(self, value: Any, pos: Pos | None, field: str, industry: bool) -> Trade | None:
        found = self.place(value, pos, field)
        if found is None:
            return None
        location, rest = found
        book = self.book
        area = book.areas[book.area_of(location)]
        if area.open:
            good = self.word(
                rest, list(area.open_goods), pos, field, f"a good of {location}'s Merchant box"
            )
            return Trade(location, good, industry) if good else None
        shown = self.trade_boxes(location)
        if not rest and len(shown) == 1:
            return Trade(location, shown[0], industry)
        if not rest:
            options = " or ".join(f"'{location} {g}'" for g in shown)
            self.bad(f"{location} has {len(shown)} trade boxes: say which ({options})", pos, field)
            return None
        good = self.word(rest, shown, pos, field, f"a trade box of {location}")
        return Trade(location, good, industry) if good else None

    def trade_boxes(self, location: str) -> list[str]:
        """The goods of a location's trade boxes, in the book's order."""
        if location not in self.shown:
            book = self.book
            self.shown[location] = list(
                dict.fromkeys(g for (loc, g) in book.trade_at if loc == location)
            )
        return self.shown[location]

    def city(
        self, value: Any, pos: Pos | None, field: str, row: str | None, industry: bool = False
    ) -> City | None:
        if isinstance(value, str) and value in self.cities:
            return City(*self.cities[value], row, industry)
        move = self.read_city(value, pos, field, row)
        if move is not None and isinstance(value, str):
            self.cities[value] = (move.location, move.benefit)
        return move if move is None or not industry else replace(move, industry=True)

    def read_city(self, value: Any, pos: Pos | None, field: str, row: str | None) -> City | None:
        found = self.place(value, pos, field)
        if found is None:
            return None
        location, rest = found
        book = self.book
        if book.areas[book.area_of(location)].open:
            return City(location, None, row)
        benefits = [book.cities[c].benefit for c in book.cities_at.get(location, [])]
        if not rest:
            return City(location, None, row)
        benefit = self.word(rest, benefits, pos, field, f"a city of {location}")
        if benefit is None:
            return None
        return City(location, benefit if len(benefits) > 1 else None, row)


# -- reading -----------------------------------------------------------------------------------
def parse_log(
    book: Book, raw: Any, source: Source, players: list[str], options: dict[str, Any]
) -> list[Step]:
    rd = _Reader(book, source, players)
    setup = raw.get("setup") if isinstance(raw, dict) else None
    if setup is not None:
        _setup(rd, setup, raw.value_pos.get("setup") if isinstance(raw, YMap) else None)
    turns = raw.get("turns") if isinstance(raw, dict) else None
    if turns:
        final = last_turn(turns)
        starts = {p: StartTurn(p) for p in players}  # one move per seat, shared by its turns
        for t, entry, player, where in turn_entries(turns, source, players, TURN_KEYS, rd.problems):
            rd.step(starts[player], t, player, entry.value_pos["player"])
            actions = entry.get("actions")
            if actions is None:
                continue
            field = f"{where}.actions"
            if not isinstance(actions, list):
                rd.bad("actions is a list, one entry per action", entry.value_pos["actions"], field)
                continue
            _actions(rd, actions, entry.value_pos["actions"], field, t, player, t == final)
    if rd.problems:
        raise InputError(rd.problems)
    return rd.steps


def _setup(rd: _Reader, setup: Any, pos: Pos | None) -> None:
    if not isinstance(setup, YMap):
        rd.bad("setup is a mapping: display: [the cards dealt]", pos, "setup")
        return
    for key in setup:
        if key not in SETUP_KEYS:
            rd.bad(
                f"unknown key '{key}'",
                setup.key_pos[key],
                f"setup.{key}",
                did_you_mean(str(key), SETUP_KEYS),
            )
    if "display" in setup:
        for item, ipos, f in rd.items(
            setup["display"], setup.value_pos["display"], "setup.display"
        ):
            name = rd.card(item, ipos, f)
            if name:
                rd.step(Deal(name), 0, rd.players[0], ipos)


def _actions(
    rd: _Reader, actions: list, pos: Pos | None, field: str, t: int, player: str, final: bool
) -> None:
    """A turn's actions, in order; ``final``: the log's last turn. An action written as an
    earlier one was, in the same words (most of a long log), gives that one's moves (frozen, so
    shared), each at its own place in this entry; an action with a problem is read each time,
    so that each is reported, and the log's last action too (it may stop halfway)."""
    positions = actions.item_pos if isinstance(actions, YList) else None
    append, read_before = rd.steps.append, rd.actions
    for i, entry in enumerate(actions):
        ipos = pos if positions is None else positions[i]
        last = final and i == len(actions) - 1
        words = None if last else _words(entry)
        moves = read_before.get(words)
        if moves is None:
            problems = len(rd.problems)
            moves = _action(rd, entry, ipos, f"{field}[{i}]", last)
            clean = len(rd.problems) == problems
            if words is not None and clean and len(read_before) < ACTIONS_KEPT:
                read_before[words] = moves
        for move, key, item in moves:
            at = ipos if key is None else _located(entry, ipos, key, item)
            append(_new(Step, (move, t, player, at)))


_new = tuple.__new__  # _new(Step, (move, turn, player, pos)): a Step, without Step.__new__


def _words(entry: Any) -> tuple[type, str]:
    """An action entry as a key of what it reads as: its type and its ``repr``, which writes
    the keys in order and each value with its type (1, 1.0, True and '1' differ in a log)."""
    return type(entry), repr(entry)


def _located(entry: Any, pos: Pos | None, key: str | None, item: int | None) -> Pos | None:
    """Where a move read from an action entry (at ``pos``) is written: at the entry (no key), at
    ``key``'s value, or at its ``item``-th item (a single value stands for its only item)."""
    if key is None or not isinstance(entry, YMap):
        return pos
    at = entry.value_pos.get(key, pos)
    if item is None:
        return at
    value = entry[key]
    return value.item_pos[item] if isinstance(value, YList) else at


class _Action:
    """One action entry while it is read: its values and where each is, and the moves read from
    it, each with where it is written (see ``_located``)."""

    __slots__ = ("entry", "field", "moves", "pos", "rd")

    def __init__(self, rd: _Reader, entry: YMap, pos: Pos | None, field: str):
        self.rd, self.entry, self.pos, self.field = rd, entry, pos, field
        self.moves: list[tuple[Any, str | None, int | None]] = []

    def at(self, key: str) -> Pos | None:
        return self.entry.value_pos.get(key, self.pos)

    def emit(self, move: Any, key: str | None = None, item: int | None = None) -> None:
        self.moves.append((move, key, item))


def _action(rd: _Reader, entry: Any, pos: Pos | None, field: str, last: bool) -> list:
    """The moves of one action entry (see ``_Action``); ``last``: the log's last, perhaps cut
    short by a game saved halfway."""
    if isinstance(entry, str) and fold(entry) in ("gold", "navigation"):
        word = fold(entry)
        entry = YMap({word: None})
        entry.value_pos[word] = entry.key_pos[word] = pos
    if not isinstance(entry, YMap):
        rd.bad(
            "write an action as a mapping, e.g. {place: 2, trade: Tyre Cloth}, or 'gold'",
            pos,
            field,
        )
        return []
    a = _Action(rd, entry, pos, field)
    bad_keys = [k for k in entry if k not in IS_ENTRY_KEY]
    for k in bad_keys:
        rd.bad(
            f"unknown key '{k}'", entry.key_pos[k], f"{field}.{k}", did_you_mean(str(k), ENTRY_KEYS)
        )
    mains = [k for k in entry if k in IS_MAIN_KEY]
    card = "card" in entry
    subs = [k for k in mains if k != "card"]
    if not mains and list(entry) == ["exchange"]:  # for the action that follows
        for g, i in rd.goods(entry["exchange"], a.at("exchange"), f"{field}.exchange"):
            a.emit(Exchange(g), "exchange", i)
        return a.moves
    if (card and len(subs) > 1) or (not card and len(mains) != 1):
        rd.bad(
            "one action per entry: place, upgrade, remove, card, gold, navigation, sell or retrieve"
            + (" (and the card's own action)" if card else ""),
            pos,
            field,
        )
        return a.moves
    if bad_keys:
        return a.moves
    for k in () if card else CARD_KEYS:
        if k in entry:
            rd.bad(
                f"'{k}' goes with a card: {{card: ..., {k}: ...}}", entry.key_pos[k], f"{field}.{k}"
            )
            return a.moves
    cube = None
    if "cube" in entry:
        cube = rd.word(
            entry["cube"], CUBES, a.at("cube"), f"{field}.cube", "a cube: merchant or free"
        )
    swaps = (
        [g for g, _ in rd.goods(entry["exchange"], a.at("exchange"), f"{field}.exchange")]
        if "exchange" in entry
        else []
    )
    if not card:
        for g in swaps:
            a.emit(Exchange(g), "exchange")
        _main(a, mains[0], cube)
    elif not _card(a, swaps, subs, cube, last):
        return a.moves
    if "return" in entry:
        for g, i in rd.goods(entry["return"], a.at("return"), f"{field}.return"):
            a.emit(ReturnGood(g), "return", i)
    return a.moves


def _card(a: _Action, swaps: list[str], subs: list[str], cube: str | None, last: bool) -> bool:
    """Take one card, and the action it grants (``subs``: its key, if written); False when
    the card is not one of Ships."""
    rd, entry, field = a.rd, a.entry, a.field
    for g in swaps:
        if g != "Metal":
            a.emit(Exchange(g), "exchange")
    name = rd.card(entry["card"], a.at("card"), f"{field}.card")
    if name is None:
        return False
    a.emit(TakeCard(name, cube), "card")
    info = rd.book.cards[name]
    if "good" in entry:
        for g, i in rd.goods(entry["good"], a.at("good"), f"{field}.good"):
            a.emit(ChooseGood(g), "good", i)
    asks = [s for s in info.steps if isinstance(s, (Action, RemoveShips))]
    for s in asks:
        if isinstance(s, RemoveShips):
            if "ships" in entry:
                _ships(a, entry["ships"])
            elif not last:
                a.emit(DECLINE, "card")
        elif subs:
            for g in swaps:
                if g == "Metal":
                    a.emit(Exchange(g), "exchange")
            _main(a, subs[0], CARD)
            subs = []
        elif not last:  # the log's last entry may stop before the card's action
            a.emit(DECLINE, "card")
    if subs:
        rd.bad(
            f"{name} grants no action: '{subs[0]}' goes in an entry of its own",
            a.at(subs[0]),
            f"{field}.{subs[0]}",
        )
    return True


def _ships(a: _Action, value: Any) -> None:
    rd, pos, field = a.rd, a.at("ships"), f"{a.field}.ships"
    counts = {b: 0 for b in BOXES}
    ages = set()
    for item, ipos, f in rd.items(value, pos, field):
        ship = rd.ship(item, ipos, f)
        if ship:
            ages.add(ship[0])
            counts[ship[1]] += 1
    if len(ages) > 1:
        rd.bad("the card takes back ships from one age only", pos, field)
    elif ages:
        a.emit(TakeBackShips(ages.pop(), counts[BOXES[0]], counts[BOXES[1]]), "ships")


def _main(a: _Action, key: str, cube: str | None) -> None:
    """The action named by ``key`` (place, upgrade, remove, gold...), paid by ``cube``."""
    if key in SHIP_KEYS:
        _ship_action(a, key, cube)
        return
    rd, entry = a.rd, a.entry
    value, vpos, f = entry[key], a.at(key), f"{a.field}.{key}"
    for k in ("trade", "city", "industry", "disc", "display", "cubes", "box"):
        if k in entry and not (k == "cubes" and key == "retrieve"):
            rd.bad(f"'{k}' goes with place or upgrade", entry.key_pos[k], f"{a.field}.{k}")
            return
    if key == "remove":
        ship = rd.ship(value, vpos, f)
        if ship:
            a.emit(RemoveShip(ship[0], ship[1], cube), key)
    elif key == "gold":
        a.emit(TakeGold(cube), key)
    elif key == "navigation":
        a.emit(TakeNavigation(cube), key)
    elif key == "sell":
        goods = rd.goods(value, vpos, f)
        a.emit(SellGoods(cube), key)
        for g, i in goods:
            a.emit(SellGood(g), key, i)
    elif key == "retrieve":
        _retrieve(a, value, cube)


def _ship_action(a: _Action, key: str, cube: str | None) -> None:
    """Place ship or Upgrade ship, then where its cube (trade) or disc (city) goes."""
    rd, entry, field = a.rd, a.entry, a.field
    value, vpos, f = entry[key], a.at(key), f"{field}.{key}"
    targets = [k for k in ("trade", "city") if k in entry]
    box = None
    if "box" in entry:  # a game saved before the cube or disc was placed
        box = rd.word(entry["box"], list(BOXES), a.at("box"), f"{field}.box", "a box")
    if len(targets) > 1 or (not targets and box is None):
        rd.bad(
            "a placed ship's cube goes in a trade box (trade: ...) or its disc in a city "
            "(city: ...): name one",
            vpos,
            f,
        )
        return
    if targets:
        box = BOXES[0] if targets[0] == "trade" else BOXES[1]
    if key == "place":
        age = rd.number(value, vpos, f, "an age")
        if age is None:
            return
        a.emit(PlaceShip(age, box, cube), key)
    else:
        ship = rd.ship(value, vpos, f)
        if ship is None:
            return
        a.emit(UpgradeShip(ship[0], ship[1], box, cube), key)
    if "display" in entry:
        items = rd.items(entry["display"], a.at("display"), f"{field}.display")
        for i, (item, ipos, df) in enumerate(items):
            name = rd.card(item, ipos, df)
            if name:
                a.emit(Deal(name), "display", i)
    if not targets:
        return
    if targets[0] == "trade":
        industry = bool(entry.get("industry", False))
        move = rd.trade(entry["trade"], a.at("trade"), f"{field}.trade", industry)
    else:
        row = None
        if "disc" in entry:
            row = rd.word(
                entry["disc"], list(ROWS), a.at("disc"), f"{field}.disc", "a row: Warehouse or Bank"
            )
        industry = bool(entry.get("industry", False))  # refused by the rules, with the rule
        move = rd.city(entry["city"], a.at("city"), f"{field}.city", row, industry)
    if move is not None:
        a.emit(move, targets[0])


def _retrieve(a: _Action, value: Any, cube: str | None) -> None:
    rd, entry = a.rd, a.entry
    pos, field = a.at("retrieve"), f"{a.field}.retrieve"
    if (isinstance(value, str) and fold(value) in ACTION_BOXES) or value == 0:
        a.emit(Retrieve(0, cube), "retrieve")
        return
    number = rd.number(value, pos, field, "'action boxes' or an area")
    if number is None:
        return
    area = rd.book.area_by_number.get(number)
    if area is None:
        rd.bad(f"there is no Area {number}", pos, field)
        return
    a.emit(Retrieve(number, cube), "retrieve")
    if "cubes" not in entry:
        a.emit(TAKE_BACK_ALL, "retrieve")
        return
    cubes, cpos = entry["cubes"], a.at("cubes")
    if cubes == []:  # a game saved before the cubes were named
        return
    info = rd.book.areas[area]
    cubes_field = f"{a.field}.cubes"
    if info.open:
        n = rd.number(cubes, cpos, cubes_field, "a number of cubes")
        most = rd.book.constants["merchant_cubes"]
        if n is not None and n > most:  # not taken back n times: a player has so many cubes
            rd.bad(f"{n} cubes: a player has {most} merchant cubes (Components)", cpos, cubes_field)
            return
        for _ in range(n or 0):
            a.emit(TakeBack(info.name, MERCHANT_BOX), "cubes")
        return
    for i, (item, ipos, f) in enumerate(rd.items(cubes, cpos, cubes_field)):
        if isinstance(item, str) and fold(item) == "all":
            a.emit(TAKE_BACK_ALL, "cubes", i)
            return
        move = rd.trade(item, ipos, f, False)
        if move is not None:
            if rd.book.area_of(move.location) != area:
                rd.bad(f"{move.location} is not in Area {number}", ipos, f)
                continue
            a.emit(TakeBack(move.location, move.good), "cubes", i)
    a.emit(STOP_RETRIEVING, "cubes")


# -- writing -----------------------------------------------------------------------------------
def write_log(steps: list[Step]) -> dict[str, Any]:
    """The log's setup and turns for a list of steps (the inverse of ``parse_log``). A game
    saved in the middle of an action is written so that it resumes there."""
    display: list[str] = []
    turns: list[dict] = []
    turn: dict | None = None
    entry: dict | None = None
    swaps: list[str] = []
    boxes: dict[int, str] = {}  # id of an entry of a ship not yet followed -> its box

    def new_entry(key: str, value: Any, cube: str | None) -> dict:
        e: dict[str, Any] = {key: value}
        if cube == FREE:
            e["cube"] = FREE
        if swaps:
            e["exchange"] = list(swaps)
            swaps.clear()
        turn.setdefault("actions", []).append(e)
        return e

    def main(key: str, value: Any, cube: str | None) -> dict:
        if cube == CARD and entry is not None:
            entry[key] = value
            if swaps:
                entry.setdefault("exchange", []).extend(swaps)
                swaps.clear()
            return entry
        return new_entry(key, value, cube)

    for st in steps:
        m = st.move
        if isinstance(m, StartTurn):
            turn = {"player": m.player}
            turns.append(turn)
            entry = None
            continue
        if turn is None:
            if isinstance(m, Deal):
                display.append(m.card)
            continue
        if isinstance(m, Exchange):
            swaps.append(m.good)
        elif isinstance(m, PlaceShip):
            entry = main("place", m.age, m.cube)
            boxes[id(entry)] = m.box
        elif isinstance(m, UpgradeShip):
            entry = main("upgrade", f"{m.age} {m.ship}", m.cube)
            boxes[id(entry)] = m.box
        elif isinstance(m, RemoveShip):
            entry = main("remove", f"{m.age} {m.box}", m.cube)
        elif isinstance(m, TakeCard):
            entry = new_entry("card", m.card, m.cube)
        elif isinstance(m, TakeGold):
            entry = main("gold", 1, m.cube)
        elif isinstance(m, TakeNavigation):
            entry = main("navigation", 2, m.cube)
        elif isinstance(m, SellGoods):
            entry = main("sell", [], m.cube)
        elif isinstance(m, Retrieve):
            entry = main("retrieve", m.area or "action boxes", m.cube)
            if m.area:
                entry["cubes"] = []  # filled below; none named yet: saved before they were
        elif isinstance(m, Deal):
            entry.setdefault("display", []).append(m.card)
        elif isinstance(m, Trade):
            boxes.pop(id(entry), None)
            entry["trade"] = f"{m.location} {m.good}"
            if m.industry:
                entry["industry"] = True
        elif isinstance(m, City):
            boxes.pop(id(entry), None)
            entry["city"] = m.location + (f" {m.benefit}" if m.benefit else "")
            if m.row:
                entry["disc"] = m.row
            if m.industry:
                entry["industry"] = True
        elif isinstance(m, ReturnGood):
            entry.setdefault("return", []).append(m.good)
        elif isinstance(m, SellGood):
            entry["sell"].append(m.good)
        elif isinstance(m, TakeBack):
            if m.good == MERCHANT_BOX:
                entry["cubes"] = (entry["cubes"] or 0) + 1
            else:
                entry["cubes"].append(f"{m.location} {m.good}")
        elif isinstance(m, TakeBackAll):  # every cube there: those named before too
            entry.pop("cubes", None)
        elif isinstance(m, ChooseGood):
            entry.setdefault("good", []).append(m.good)
        elif isinstance(m, TakeBackShips):
            entry["ships"] = [f"{m.age} {BOXES[0]}"] * m.merchant + [
                f"{m.age} {BOXES[1]}"
            ] * m.warship
    if swaps and turn is not None:  # exchanged, the action not chosen yet
        turn.setdefault("actions", []).append({"exchange": list(swaps)})
    for t in turns:
        acts = t.get("actions", [])
        for i, e in enumerate(acts):
            if id(e) in boxes:
                e["box"] = boxes[id(e)]
            for key in ("good", "exchange"):
                if key in e and len(e[key]) == 1:
                    e[key] = e[key][0]
            if list(e) in (["gold"], ["navigation"]):
                acts[i] = next(iter(e))
    out: dict[str, Any] = {}
    if display:
        out["setup"] = {"display": display}
    out["turns"] = turns
    return out
