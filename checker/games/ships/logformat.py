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

from dataclasses import dataclass
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.game import Step
from portolan.checker.core.log import last_turn
from portolan.checker.games.ships import moves
from portolan.checker.games.ships.book import BOXES, MERCHANT_BOX, ROWS, Book
from portolan.checker.games.ships.logvalues import CitySpace, Cubes, Goods, Number, Ship, TradeBox
from portolan.checker.games.ships.moves import CARD, FREE, MERCHANT
from portolan.errors import InputError
from portolan.model.effects import Action, RemoveShips
from portolan.names import fold
from portolan.yamlsrc import Pos, Source, YMap

MAIN_KEYS = ("place", "upgrade", "remove", "card", "gold", "navigation", "sell", "retrieve")
CARD_KEYS = ("good", "ships")
SHIP_KEYS = ("place", "upgrade")
ACTION_BOXES = ("action boxes", "actions", "action", "boxes", "0")


CARD_NAME = lf.Name(lambda book: book.card_names, "a card of Ships", ref="card")
SHIP, GOODS = Ship(), Goods()
# What each key of an action entry holds (docs/logs.md): the action, then what it needs.
ACTION: dict[str, lf.Arg] = {
    "place": Number("an age"),
    "upgrade": SHIP,
    "remove": SHIP,
    "card": CARD_NAME,
    "gold": lf.Unread("Take one gold"),
    "navigation": lf.Unread("Take two navigation counters"),
    "sell": GOODS,
    "retrieve": lf.Words(
        {w: 0 for w in ACTION_BOXES}, otherwise=Number("'action boxes' or an area")
    ),
    "trade": TradeBox(),
    "city": CitySpace(),
    "industry": lf.Flag(),
    "disc": lf.Words({w: w for w in ROWS}, "a row: Warehouse or Bank"),
    "display": lf.ListOf(CARD_NAME),
    "return": GOODS,
    "cube": lf.Words({MERCHANT: MERCHANT, FREE: FREE}, "a cube: merchant or free"),
    "exchange": GOODS,
    "box": lf.Words({b: b for b in BOXES}, "a box"),
    "good": GOODS,
    "ships": lf.ListOf(SHIP),
    "cubes": Cubes(),
}


# -- reading -------------------------------------------------------------------------------------
class _Reader(lf.TurnReader):
    book: Book
    final = 0  # the log's last turn: its last action may stop halfway


@dataclass(frozen=True)
class Actions(lf.Arg):
    """A turn's actions: a list of entries, each a mapping of ``ACTION``'s keys or a word
    ('gold'). The entries are read one by one as their moves are made (``_action``): what an
    entry holds depends on the card it takes, and the log's last may stop halfway."""

    def read(self, r, value, pos, field):
        if value is None:
            return []
        if not isinstance(value, list):
            r.bad("actions is a list, one entry per action", pos, field)
            return lf.BAD
        return lf.ListOf(lf.Unread("an action")).read_items(r, value, pos, field)

    def schema(self, book, defs):
        entry = {
            "type": "object",
            "properties": {k: arg.schema(book, defs) for k, arg in ACTION.items()},
            "additionalProperties": False,
        }
        words = {"enum": ["gold", "navigation"]}
        return {"type": "array", "items": {"anyOf": [words, entry]}}


def _actions(r: _Reader, at: lf.At) -> None:
    for i, item in enumerate(at.value):
        last = r.turn == r.final and i == len(at.value) - 1
        _action(r, item.value, item.pos, item.field, last)


FORMAT = lf.LogFormat(
    start=moves.StartTurn,
    keys={"actions": lf.Key(Actions(), steps=_actions)},  # written back by write_log
    top={
        "setup": lf.Fields(
            {"display": lf.ListOf(CARD_NAME)},
            shape="setup is a mapping: display: [the cards dealt]",
        )
    },
)
TURN_KEYS, TOP_KEYS = FORMAT.turn_keys, tuple(FORMAT.top)


def parse_log(
    book: Book, raw: Any, source: Source, players: list[str], options: dict[str, Any]
) -> list[Step]:
    r = _Reader(book, source, players)
    if raw.get("setup") is not None:
        setup = FORMAT.top["setup"].read(r, raw["setup"], raw.value_pos.get("setup"), "setup")
        for card in [] if setup is lf.BAD else setup.get("display", lf.At([], None, "")).value:
            r.step(moves.Deal(card.value), card.pos, players[0])
    turns = raw.get("turns")
    if turns:
        r.final = last_turn(turns)
        lf.read_turns(FORMAT, r, turns)
    if r.problems:
        raise InputError(r.problems)
    return r.steps


class _Entry:
    """One action entry while it is read: its values, where each is written, and its moves."""

    __slots__ = ("entry", "field", "pos", "r")

    def __init__(self, r: _Reader, entry: YMap, pos: Pos | None, field: str):
        self.r, self.entry, self.pos, self.field = r, entry, pos, field

    def at(self, key: str) -> Pos | None:
        return self.entry.value_pos.get(key, self.pos)

    def read(self, key: str, **how: Any) -> Any:
        """The value of ``key`` as ``ACTION`` reads it (``BAD``: a problem noted)."""
        value = self.entry[key]
        return ACTION[key].read(self.r, value, self.at(key), f"{self.field}.{key}", **how)

    def goods(self, key: str) -> list[tuple[str, Pos | None]]:
        got = self.read(key) if key in self.entry else []
        return [] if got is lf.BAD else got

    def emit(self, move: Any, key: str | None = None) -> None:
        self.r.step(move, self.pos if key is None else self.at(key))


def _action(r: _Reader, entry: Any, pos: Pos | None, field: str, last: bool) -> None:
    """The moves of one action entry; ``last``: the log's last, perhaps cut short by a game
    saved halfway."""
    if isinstance(entry, str) and fold(entry) in ("gold", "navigation"):
        word = fold(entry)
        entry = YMap({word: None})
        entry.value_pos[word] = entry.key_pos[word] = pos
    if not isinstance(entry, YMap):
        r.bad(
            "write an action as a mapping, e.g. {place: 2, trade: Tyre Cloth}, or 'gold'",
            pos,
            field,
        )
        return
    a = _Entry(r, entry, pos, field)
    known = lf.unknown_keys(r, entry, ACTION, field)
    mains = [k for k in entry if k in MAIN_KEYS]
    card = "card" in entry
    subs = [k for k in mains if k != "card"]
    if not mains and list(entry) == ["exchange"]:  # for the action that follows
        for g, gpos in a.goods("exchange"):
            r.step(moves.Exchange(g), gpos)
        return
    if (card and len(subs) > 1) or (not card and len(mains) != 1):
        r.bad(
            "one action per entry: place, upgrade, remove, card, gold, navigation, sell or retrieve"
            + (" (and the card's own action)" if card else ""),
            pos,
            field,
        )
        return
    if not known:
        return
    for k in () if card else CARD_KEYS:
        if k in entry:
            r.bad(
                f"'{k}' goes with a card: {{card: ..., {k}: ...}}", entry.key_pos[k], f"{field}.{k}"
            )
            return
    cube = a.read("cube") if "cube" in entry else None
    cube = None if cube is lf.BAD else cube
    swaps = [g for g, _ in a.goods("exchange")]
    if not card:
        for g in swaps:
            a.emit(moves.Exchange(g), "exchange")
        _main(a, mains[0], cube)
    elif not _card(a, swaps, subs, cube, last):
        return
    for g, gpos in a.goods("return"):
        r.step(moves.ReturnGood(g), gpos)


def _card(a: _Entry, swaps: list[str], subs: list[str], cube: str | None, last: bool) -> bool:
    """Take one card, and the action it grants (``subs``: its key, if written); False when
    the card is not one of Ships."""
    r, entry = a.r, a.entry
    for g in swaps:
        if g != "Metal":
            a.emit(moves.Exchange(g), "exchange")
    name = a.read("card")
    if name is lf.BAD:
        return False
    a.emit(moves.TakeCard(name, cube), "card")
    for g, gpos in a.goods("good"):
        r.step(moves.ChooseGood(g), gpos)
    for s in r.book.cards[name].steps:
        if isinstance(s, RemoveShips):
            if "ships" in entry:
                _ships(a)
            elif not last:
                a.emit(moves.DECLINE, "card")
        elif not isinstance(s, Action):
            continue
        elif subs:
            for g in swaps:
                if g == "Metal":
                    a.emit(moves.Exchange(g), "exchange")
            _main(a, subs[0], CARD)
            subs = []
        elif not last:  # the log's last entry may stop before the card's action
            a.emit(moves.DECLINE, "card")
    if subs:
        r.bad(
            f"{name} grants no action: '{subs[0]}' goes in an entry of its own",
            a.at(subs[0]),
            f"{a.field}.{subs[0]}",
        )
    return True


def _ships(a: _Entry) -> None:
    ships = a.read("ships")
    if ships is lf.BAD:
        return
    ages = {age for age, _ in lf.each(ships)}
    if len(ages) > 1:
        a.r.bad("the card takes back ships from one age only", a.at("ships"), f"{a.field}.ships")
    elif ages:
        boxes = [box for _, box in lf.each(ships)]
        move = moves.TakeBackShips(ages.pop(), boxes.count(BOXES[0]), boxes.count(BOXES[1]))
        a.emit(move, "ships")


def _main(a: _Entry, key: str, cube: str | None) -> None:
    """The action named by ``key`` (place, upgrade, remove, gold...), paid by ``cube``."""
    if key in SHIP_KEYS:
        _ship_action(a, key, cube)
        return
    entry = a.entry
    for k in ("trade", "city", "industry", "disc", "display", "cubes", "box"):
        if k in entry and not (k == "cubes" and key == "retrieve"):
            a.r.bad(f"'{k}' goes with place or upgrade", entry.key_pos[k], f"{a.field}.{k}")
            return
    if key == "remove":
        ship = a.read(key)
        if ship is not lf.BAD:
            a.emit(moves.RemoveShip(ship[0], ship[1], cube), key)
    elif key == "gold":
        a.emit(moves.TakeGold(cube), key)
    elif key == "navigation":
        a.emit(moves.TakeNavigation(cube), key)
    elif key == "sell":
        goods = a.goods(key)
        a.emit(moves.SellGoods(cube), key)
        for g, gpos in goods:
            a.r.step(moves.SellGood(g), gpos)
    elif key == "retrieve":
        _retrieve(a, cube)


def _ship_action(a: _Entry, key: str, cube: str | None) -> None:
    """Place ship or Upgrade ship, then where its cube (trade) or disc (city) goes."""
    entry = a.entry
    targets = [k for k in ("trade", "city") if k in entry]
    box = a.read("box") if "box" in entry else None  # a game saved before the cube or disc
    box = None if box is lf.BAD else box
    if len(targets) > 1 or (not targets and box is None):
        a.r.bad(
            "a placed ship's cube goes in a trade box (trade: ...) or its disc in a city "
            "(city: ...): name one",
            a.at(key),
            f"{a.field}.{key}",
        )
        return
    if targets:
        box = BOXES[0] if targets[0] == "trade" else BOXES[1]
    value = a.read(key)
    if value is lf.BAD:
        return
    if key == "place":
        a.emit(moves.PlaceShip(value, box, cube), key)
    else:
        a.emit(moves.UpgradeShip(value[0], value[1], box, cube), key)
    display = a.read("display") if "display" in entry else []
    for card in [] if display is lf.BAD else display:
        a.r.step(moves.Deal(card.value), card.pos)
    if targets:
        _cube_or_disc(a, targets[0])


def _cube_or_disc(a: _Entry, target: str) -> None:
    """The placed ship's merchant cube into a trade box, or its city disc into a city."""
    industry = a.read("industry") if "industry" in a.entry else False
    if target == "trade":
        place = a.read("trade")
        if place is not lf.BAD:
            a.emit(moves.Trade(*place, industry), "trade")
        return
    row = a.read("disc") if "disc" in a.entry else None
    city = a.read("city")  # industry with a city is refused by the rules, with the rule
    if city is not lf.BAD:
        a.emit(moves.City(*city, None if row is lf.BAD else row, industry), "city")


def _retrieve(a: _Entry, cube: str | None) -> None:
    r, entry = a.r, a.entry
    number = a.read("retrieve")
    if number is lf.BAD:
        return
    if number == 0:
        a.emit(moves.Retrieve(0, cube), "retrieve")
        return
    area = r.book.area_by_number.get(number)
    if area is None:
        r.bad(f"there is no Area {number}", a.at("retrieve"), f"{a.field}.retrieve")
        return
    a.emit(moves.Retrieve(number, cube), "retrieve")
    if "cubes" not in entry:
        a.emit(moves.TAKE_BACK_ALL, "retrieve")
        return
    if entry["cubes"] == []:  # a game saved before the cubes were named
        return
    info = r.book.areas[area]
    taken = a.read("cubes", open_area=info.open)
    if taken is lf.BAD:
        return
    if info.open:
        most = r.book.constants["merchant_cubes"]
        if taken > most:  # not taken back n times: a player has so many cubes
            r.bad(
                f"{taken} cubes: a player has {most} merchant cubes (Components)",
                a.at("cubes"),
                f"{a.field}.cubes",
            )
            return
        for _ in range(taken):
            a.emit(moves.TakeBack(info.name, MERCHANT_BOX), "cubes")
        return
    for item in taken:
        if item.value is moves.TAKE_BACK_ALL:
            r.step(item.value, item.pos)
            return
        location, good = item.value
        if r.book.area_of(location) != area:
            r.bad(f"{location} is not in Area {number}", item.pos, item.field)
            continue
        r.step(moves.TakeBack(location, good), item.pos)
    a.emit(moves.STOP_RETRIEVING, "cubes")


# -- writing -----------------------------------------------------------------------------------
def write_log(steps: list[Step]) -> dict[str, Any]:
    """The log's setup and turns for a list of steps (the inverse of ``parse_log``). A game
    saved in the middle of an action is written so that it resumes there."""
    w = _Writer()
    for st in steps:
        w.write(st.move)
    return w.log()


# the action moves: (key, the value written under it)
MAIN_WRITTEN = {
    moves.PlaceShip: lambda m: ("place", m.age),
    moves.UpgradeShip: lambda m: ("upgrade", f"{m.age} {m.ship}"),
    moves.RemoveShip: lambda m: ("remove", f"{m.age} {m.box}"),
    moves.TakeGold: lambda m: ("gold", 1),
    moves.TakeNavigation: lambda m: ("navigation", 2),
    moves.SellGoods: lambda m: ("sell", []),
    moves.Retrieve: lambda m: ("retrieve", m.area or "action boxes"),
}
LISTED = {moves.Deal: "display", moves.ReturnGood: "return", moves.ChooseGood: "good"}


class _Writer:
    """The log being written back, move by move: each action an entry of its turn."""

    def __init__(self) -> None:
        self.display: list[str] = []
        self.turns: list[dict] = []
        self.turn: dict | None = None
        self.entry: dict | None = None
        self.swaps: list[str] = []  # goods exchanged for the action that follows
        self.boxes: dict[int, str] = {}  # id of an entry of a ship not yet followed -> its box

    def new_entry(self, key: str, value: Any, cube: str | None) -> dict:
        e: dict[str, Any] = {key: value}
        if cube == FREE:
            e["cube"] = FREE
        if self.swaps:
            e["exchange"] = list(self.swaps)
            self.swaps.clear()
        self.turn.setdefault("actions", []).append(e)
        return e

    def main(self, key: str, value: Any, cube: str | None) -> dict:
        """An action: its own entry, or the one of the card that grants it."""
        if cube != CARD or self.entry is None:
            return self.new_entry(key, value, cube)
        self.entry[key] = value
        if self.swaps:
            self.entry.setdefault("exchange", []).extend(self.swaps)
            self.swaps.clear()
        return self.entry

    def write(self, m: Any) -> None:
        if isinstance(m, moves.StartTurn):
            self.turn, self.entry = {"player": m.player}, None
            self.turns.append(self.turn)
        elif self.turn is None:
            if isinstance(m, moves.Deal):
                self.display.append(m.card)
        elif isinstance(m, moves.Exchange):
            self.swaps.append(m.good)
        elif type(m) in MAIN_WRITTEN:
            self.entry = self.main(*MAIN_WRITTEN[type(m)](m), m.cube)
            if isinstance(m, (moves.PlaceShip, moves.UpgradeShip)):
                self.boxes[id(self.entry)] = m.box
            if isinstance(m, moves.Retrieve) and m.area:
                self.entry["cubes"] = []  # filled below; none named yet: saved before they were
        elif isinstance(m, moves.TakeCard):
            self.entry = self.new_entry("card", m.card, m.cube)
        elif type(m) in LISTED:
            self.entry.setdefault(LISTED[type(m)], []).append(lf.only_field(m))
        else:
            self.write_detail(self.entry, m)

    def write_detail(self, entry: dict, m: Any) -> None:
        """What an action needs: where its cube or disc goes, the goods, the cubes taken back."""
        if isinstance(m, (moves.Trade, moves.City)):
            self.boxes.pop(id(entry), None)
            if isinstance(m, moves.Trade):
                entry["trade"] = f"{m.location} {m.good}"
            else:
                entry["city"] = m.location + (f" {m.benefit}" if m.benefit else "")
                if m.row:
                    entry["disc"] = m.row
            if m.industry:
                entry["industry"] = True
        elif isinstance(m, moves.SellGood):
            entry["sell"].append(m.good)
        elif isinstance(m, moves.TakeBack) and m.good == MERCHANT_BOX:
            entry["cubes"] = (entry["cubes"] or 0) + 1
        elif isinstance(m, moves.TakeBack):
            entry["cubes"].append(f"{m.location} {m.good}")
        elif isinstance(m, moves.TakeBackAll):  # every cube there: those named before too
            entry.pop("cubes", None)
        elif isinstance(m, moves.TakeBackShips):
            ships = [BOXES[0]] * m.merchant + [BOXES[1]] * m.warship
            entry["ships"] = [f"{m.age} {box}" for box in ships]

    def log(self) -> dict[str, Any]:
        if self.swaps and self.turn is not None:  # exchanged, the action not chosen yet
            self.turn.setdefault("actions", []).append({"exchange": list(self.swaps)})
        for t in self.turns:
            acts = t.get("actions", [])
            for i, e in enumerate(acts):
                if id(e) in self.boxes:
                    e["box"] = self.boxes[id(e)]
                for key in ("good", "exchange"):
                    if key in e and len(e[key]) == 1:
                        e[key] = e[key][0]
                if list(e) in (["gold"], ["navigation"]):
                    acts[i] = next(iter(e))
        out: dict[str, Any] = {"setup": {"display": self.display}} if self.display else {}
        out["turns"] = self.turns
        return out
