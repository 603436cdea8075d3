"""The turn log of Age of Discovery: what the table revealed and did, and back.

setup:
  contracts: [Red Contract 3, Blue Contract 5, Green Contract 4, White Contract 6]  # face up
  purchase row: [Red Ship 1, Blue Ship 2, Green Ship 3, Yellow Ship 1, White Ship 2]
  filling row: [Black Ship 1, Red Ship 2, Blue Ship 3, Green Ship 1, Yellow Ship 2]
  players:
    Ana: {contracts: [Yellow Contract 5, Black Contract 3], flagship: Santa María,
          mission: Majority of Ships}        # flagship and mission: optional here
    Ben: {contracts: [hidden, Red Contract 6], flagship: hidden, mission: hidden}
                                             # kept secret until the rules reveal them
turns:
  - player: Ana                  # the actions in the order taken
    coins: take                  # take 2 coins
    buy:                         # each ship bought: the card turned over in its place
      - Red Ship 1: Black Ship 2
      - Blue Ship 2: [First Scoring, White Ship 1]   # a scoring card, then its replacement
  - player: Ben
    contract: {take: Red Contract 3, new: Black Contract 5}   # or {draw: Blue Contract 6}
                                                              # or {draw: hidden}
    send:
      - Green Ship 3: Magellan                       # ship: expedition
      - {Santa María: Columbus, transport: 2, colour: red}
      - {contract: Yellow Contract 5, ships: [Yellow Ship 2, Yellow Ship 3], duration: 2}
      - {Red Ship 1: Drake, wild: true}              # with a Wild Ship card
    reserve: Blue Ship 3
end:
  missions: {Ana: Majority of Ships, Ben: All Ships}   # if not written at setup
"""

from __future__ import annotations

import re
from typing import Any

from checker.core.game import Step
from checker.core.log import LogReader, ends_the_log, enough_problems, player_named
from checker.games.age_of_discovery.book import CardBook
from checker.games.age_of_discovery.logwriter import write_log as write_log  # the hook
from checker.games.age_of_discovery.moves import (
    DRAW_BLIND,
    HIDDEN,
    TAKE_2,
    Assign,
    Buy,
    Contract,
    ContractDrawn,
    DealContract,
    DealFlagship,
    DealMission,
    KeepSecret,
    PlayContract,
    Reserve,
    RowContract,
    Sail,
    SendShip,
    SetupShip,
    StartTurn,
    TakeContract,
    TurnOver,
)
from checker.games.age_of_discovery.state import CONTRACTS, FILLING, PURCHASE
from portolan.errors import InputError, did_you_mean
from portolan.names import fold
from portolan.yamlsrc import Pos, Source, YList, YMap

TOP_KEYS = ("setup", "end")
SETUP_KEYS = ("contracts", "purchase row", "filling row", "players")
PLAYER_KEYS = ("contracts", "flagship", "mission")
ACTION_KEYS = ("coins", "contract", "buy", "send", "reserve")
TURN_KEYS = ("player", *ACTION_KEYS, "then")  # then: what follows, in order (a 2nd Reservation)
SAIL_KEYS = ("ship", "to", "transport", "colour", "wild")
VOYAGE_KEYS = ("contract", "ships", "duration", "transport", "colour", "wild")
BUY_KEYS = ("ship", "space", "new")
CONTRACT_KEYS = ("take", "draw", "new")
RESERVE_KEYS = ("ship", "contract", "row", "space")
ROWS = {"purchase": PURCHASE, "filling": FILLING, "contracts": CONTRACTS, "contract": CONTRACTS}
PILE = re.compile(r"^(.*?)\s*\(\s*pile\s*(\d+)\s*\)\s*$", re.IGNORECASE)
_new = tuple.__new__  # _new(Step, (move, turn, player, pos)): a Step, without Step.__new__


def key_of(k: Any) -> str:
    """A key as written, '_' or '-' standing for a space: 'purchase_row', 'purchase-row' and
    'purchase row' are one key. Case counts, as in every game's log: 'Coins' is refused with a
    did-you-mean (merging it with 'coins' would hide a second action)."""
    if not isinstance(k, str):
        return str(k)
    return _spaced(k)


def _spaced(k: str) -> str:
    return " ".join(k.replace("_", " ").replace("-", " ").split())


def loose_key(k: Any) -> str:
    """A key without regard to case, to tell the shape of a mapping ('Ship: ...' is still a
    purchase written with keys, whose 'Ship' is then refused)."""
    if not isinstance(k, str):
        return fold(str(k))
    return _folded(k)


def _folded(k: str) -> str:
    return fold(_spaced(k))


def colour_key(k: str) -> str:
    return "colour" if k == "color" else k


class _Reader(LogReader):
    book: CardBook

    def __init__(self, book: CardBook, source: Source, players: list[str], options: dict):
        super().__init__(book, source, players)
        # the log's rule options (resolved by the core): what 'wild: true' means for a
        # flagship depends on flagship_colours
        self.options = options
        self.steps: list[Step] = []
        self.turn, self.player = 0, players[0]  # the turn being read and whose it is
        # (kind, fields) -> the move, made once for the log: moves are frozen values, so every
        # step that writes the same move shares one
        self.made: dict[tuple, Any] = {}
        # a ship sent or bought written 'Ship: Expedition' or 'Ship: New card' (as_written) ->
        # the ship's key and its two moves (SendShip, Sail or Buy, TurnOver), once read without
        # a problem
        self.sent: dict[tuple, tuple[Any, Any, Any]] = {}
        self.bought: dict[tuple, tuple[Any, Any, Any]] = {}
        self.key_names: dict[str, str] = {}  # a key as written -> its name (mapping)
        self.finders = {
            "ship": book.ship_names.exact,
            "contract": book.contract_names.exact,
            "expedition": book.expedition,
            "colour": book.colour_names.exact,
            "mission": lambda v: book.mission(v, len(players)),
        }
        self.found: dict[str, dict[str, str]] = {what: {} for what in self.finders}
        self.seats: dict[str, str] = {}  # a turn's player as written -> the seat
        self.piles: dict[str, tuple[str, int | None]] = {}  # 'Card (pile 2)' -> (Card, 2)

    def step(self, move: Any, pos: Pos | None) -> None:
        """One step of the turn being read."""
        self.steps.append(_new(Step, (move, self.turn, self.player, pos)))

    def step_of(self, move: Any, turn: int, player: str, pos: Pos | None) -> None:
        """One step of the setup (turn 0) or the end, by ``player``."""
        self.steps.append(_new(Step, (move, turn, player, pos)))

    def move(self, kind: type, *fields: Any) -> Any:
        """The move ``kind(*fields)``, made the first time the log writes it."""
        move = self.made.get((kind, fields))
        if move is None:
            move = self.made[kind, fields] = kind(*fields)
        return move

    def mapping(self, value: Any, pos: Pos | None, field: str, keys: tuple[str, ...]) -> dict:
        """{normalised key: (value, key pos, value pos)}; unknown keys are reported."""
        out: dict[str, tuple[Any, Pos | None, Pos | None]] = {}
        known = self.key_names
        key_pos = value.key_pos if isinstance(value, YMap) else {}
        value_pos = value.value_pos if isinstance(value, YMap) else {}
        for k, v in value.items():
            name = known.get(k) or self.key_name(k)
            if name in keys and name not in out:
                out[name] = (v, key_pos.get(k, pos), value_pos.get(k, pos))
            else:
                self.refuse_key(value, k, name, key_pos.get(k, pos), field, keys)
        return out

    def key_name(self, k: Any) -> str:
        name = colour_key(key_of(k))
        if isinstance(k, str):  # not 1 and True: they would share an entry
            self.key_names[k] = name
        return name

    def refuse_key(self, value: dict, k: Any, name: str, kpos: Pos | None, field: str, keys):
        """An unknown key, or a second spelling of one already read (``mapping``)."""
        if name not in keys:
            self.bad(f"unknown key '{k}'", kpos, f"{field}.{k}", did_you_mean(name, keys))
            return
        first = next(w for w in value if self.key_name(w) == name)
        self.bad(f"'{k}' and '{first}' are one key: write it once", kpos, f"{field}.{k}")

    def name(self, value: Any, pos: Pos | None, field: str, what: str) -> str | None:
        known = self.found[what]
        if isinstance(value, str) and value in known:
            return known[value]
        if not isinstance(value, str) or not value.strip():
            self.bad(f"expected {_article(what)}, found {value!r}", pos, field)
            return None
        name = self.finders[what](value)
        if name is None:
            hint = did_you_mean(value, self.choices(what))
            self.bad(f"'{value}' is not {_article(what)}", pos, field, hint)
        else:
            known[value] = name
        return name

    def choices(self, what: str) -> list[str]:
        """The names a misspelt ``what`` is compared with, for the hint."""
        book = self.book
        if what == "mission":
            return [*book.mission_names.names, *{m.kind for m in book.missions.values()}]
        return {
            "ship": book.ship_names,
            "contract": book.contract_names,
            "expedition": book.expedition_names,
            "colour": book.colour_names,
        }[what].names

    def turn_player(self, value: Any, pos: Pos | None, where: str) -> str:
        """The seat a turn names (``player_named``), remembered by the name as written."""
        if isinstance(value, str) and value in self.seats:
            return self.seats[value]
        player = player_named(value, self.players, self.source, pos, f"{where}.player")
        if isinstance(value, str):
            self.seats[value] = player
        return player

    def ship_with_pile(self, value: Any, pos: Pos | None, field: str) -> TurnOver | None:
        pile = None
        if isinstance(value, str):
            if value not in self.piles:
                m = PILE.match(value)
                self.piles[value] = (m.group(1), int(m.group(2))) if m else (value, None)
            value, pile = self.piles[value]
        name = self.name(value, pos, field, "ship")
        return self.move(TurnOver, name, pile) if name else None

    def integer(self, value: Any, pos: Pos | None, field: str) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, str) and value.strip().isdecimal():
                return int(value)
            self.bad(f"expected a whole number, found {value!r}", pos, field)
            return None
        return value


def _article(what: str) -> str:
    return {
        "ship": "a ship card",
        "contract": "a trade contract",
        "expedition": "an expedition",
        "colour": "a colour",
        "mission": "a special mission",
    }[what]


# -- Reading ----------------------------------------------------------------------------------
def parse_log(
    book: CardBook, raw: Any, source: Source, players: list[str], options: dict[str, Any]
) -> list[Step]:
    rd = _Reader(book, source, players, options)
    setup = raw.get("setup") if isinstance(raw, dict) else None
    setup_pos = raw.value_pos.get("setup") if isinstance(raw, YMap) else None
    if setup is not None:
        _setup(rd, setup, setup_pos)
    turns = raw.get("turns") if isinstance(raw, dict) else None
    before = getattr(turns, "first", 0)  # a part of a log's turns keeps their numbers
    last = before
    if turns is not None:
        for t, entry in enumerate(turns, start=before + 1):
            if rd.problems and enough_problems(rd.problems, source):
                break
            tpos = turns.item_pos[t - 1 - before] if isinstance(turns, YList) else None
            _turn(rd, entry, tpos, t)
            last = t
    end = raw.get("end") if isinstance(raw, dict) else None
    if end is not None and ends_the_log(turns):
        _end(rd, end, raw.value_pos.get("end") if isinstance(raw, YMap) else None, last)
    if rd.problems:
        raise InputError(rd.problems)
    return rd.steps


def _setup(rd: _Reader, setup: Any, pos: Pos | None) -> None:
    if not isinstance(setup, dict):
        rd.bad("setup is a mapping: contracts, purchase row, filling row, players", pos, "setup")
        return
    fields = rd.mapping(setup, pos, "setup", SETUP_KEYS)
    first = rd.players[0]
    if "contracts" in fields:
        value, _, vpos = fields["contracts"]
        for v, ipos, f in rd.items(value, vpos, "setup.contracts"):
            name = rd.name(v, ipos, f, "contract")
            if name:
                rd.step_of(RowContract(name), 0, first, ipos)
    for key, row in (("purchase row", PURCHASE), ("filling row", FILLING)):
        if key in fields:
            value, _, vpos = fields[key]
            for v, ipos, f in rd.items(value, vpos, f"setup.{key}"):
                name = rd.name(v, ipos, f, "ship")
                if name:
                    rd.step_of(SetupShip(name, row), 0, first, ipos)
    if "players" not in fields:
        return
    value, _, vpos = fields["players"]
    if not isinstance(value, dict):
        rd.bad(
            "setup.players maps each player to contracts, flagship, mission", vpos, "setup.players"
        )
        return
    per: dict[str, dict] = {}
    for who, spec in value.items():
        kpos = value.key_pos.get(who) if isinstance(value, YMap) else vpos
        try:
            p = player_named(who, rd.players, rd.source, kpos, f"setup.players.{who}")
        except InputError as exc:
            rd.problems += exc.problems
            continue
        if spec is None:
            spec = YMap()
        if not isinstance(spec, dict):
            rd.bad(
                "each player's setup is a mapping: contracts, flagship, mission",
                value.value_pos.get(who) if isinstance(value, YMap) else vpos,
                f"setup.players.{who}",
            )
            continue
        per[p] = rd.mapping(spec, kpos, f"setup.players.{who}", PLAYER_KEYS)
    for p in rd.players:  # in seat order, as the cards are dealt
        if p in per and "contracts" in per[p]:
            v, _, cpos = per[p]["contracts"]
            for item, ipos, f in rd.items(v, cpos, f"setup.players.{p}.contracts"):
                if is_hidden(item):
                    rd.step_of(KeepSecret(p, "contract"), 0, p, ipos)
                    continue
                name = rd.name(item, ipos, f, "contract")
                if name:
                    rd.step_of(DealContract(p, name), 0, p, ipos)
    for key, move, what in (
        ("mission", DealMission, "mission"),
        ("flagship", DealFlagship, "ship"),
    ):
        for p in rd.players:
            if p not in per or key not in per[p] or is_hidden(per[p][key][0]):
                at = per[p][key][2] if p in per and key in per[p] else vpos
                rd.step_of(KeepSecret(p, key), 0, p, at)  # kept secret: named when revealed
            else:
                v, _, ipos = per[p][key]
                name = rd.name(v, ipos, f"setup.players.{p}.{key}", what)
                if name and what == "ship" and not rd.book.is_flagship(name):
                    rd.bad(
                        f"'{name}' is not a flagship",
                        ipos,
                        f"setup.players.{p}.{key}",
                        did_you_mean(name, list(rd.book.flagships)),
                    )
                elif name:
                    rd.step_of(move(p, name), 0, p, ipos)


def _turn(rd: _Reader, entry: Any, tpos: Pos | None, t: int) -> None:
    where = f"turns[{t - 1}]"
    if not isinstance(entry, YMap):
        rd.bad("a turn is a mapping with at least 'player'", tpos, where)
        return
    fields = rd.mapping(entry, tpos, where, TURN_KEYS)
    if "player" not in fields:
        rd.bad("each turn names its player", entry.pos, where)
        return
    value, _, ppos = fields["player"]
    try:
        player = rd.turn_player(value, ppos, where)
    except InputError as exc:
        rd.problems += exc.problems
        return

    rd.turn, rd.player = t, player
    rd.step(rd.move(StartTurn, player), ppos)
    _actions(rd, fields, where)


def _actions(rd: _Reader, fields: dict, where: str) -> None:
    """A turn's actions in the order written; ``then:`` holds what comes after them (one
    mapping or a list of them), where a key may be written again: a Reservation played after
    another action that followed the first (§6.2 'any number of action cards')."""
    for key, (value, kpos, vpos) in fields.items():
        parse = ITEM_PARSERS.get(key)
        if parse is not None:
            for item, ipos, f in rd.items(value, vpos, f"{where}.{key}"):
                parse(rd, item, ipos, f)
        elif key == "then":
            for item, ipos, f in rd.items(value, vpos, f"{where}.{key}"):
                if not isinstance(item, dict) or not item:
                    rd.bad(
                        "then: is a mapping of what follows, e.g. {reserve: Blue Ship 3}",
                        ipos,
                        f,
                    )
                    continue
                _actions(rd, rd.mapping(item, ipos, f, ACTION_KEYS), f)
        elif key == "coins":
            # Only the word: a name, a number or nothing may be a slip for another action.
            if not isinstance(value, str) or fold(value) != "take":
                rd.bad("write 'coins: take' for the action Take 2 coins", vpos, f"{where}.{key}")
                continue
            rd.step(TAKE_2, kpos)


def is_hidden(value: Any) -> bool:
    return isinstance(value, str) and fold(value) == HIDDEN


def _contract(rd: _Reader, item: Any, pos: Pos | None, field: str) -> None:
    if is_hidden(item):  # drawn blind and kept secret
        rd.step(DRAW_BLIND, pos)
        rd.step(rd.move(KeepSecret, rd.player, "contract"), pos)
        return
    if isinstance(item, str):
        name = rd.name(item, pos, field, "contract")
        if name:
            rd.step(rd.move(Contract, name), pos)
        return
    if not isinstance(item, dict):
        rd.bad("write a contract as its name, {take: Card, new: Card} or {draw: Card}", pos, field)
        return
    if len(item) == 1 and loose_key(next(iter(item))) not in CONTRACT_KEYS:  # {Taken: New}
        ((k, v),) = item.items()
        kpos = item.key_pos.get(k, pos) if isinstance(item, YMap) else pos
        vpos = item.value_pos.get(k, pos) if isinstance(item, YMap) else pos
        item = YMap(take=k, new=v)
        item.key_pos = {"take": kpos, "new": vpos}
        item.value_pos = {"take": kpos, "new": vpos}
    fields = rd.mapping(item, pos, field, CONTRACT_KEYS)
    if "take" in fields and "draw" in fields:
        rd.bad("a contract is either taken face up (take:) or drawn blind (draw:)", pos, field)
        return
    if "take" in fields:
        v, _, vpos = fields["take"]
        name = rd.name(v, vpos, f"{field}.take", "contract")
        if name:
            rd.step(rd.move(TakeContract, name), vpos)
        if "new" in fields:
            v, _, npos = fields["new"]
            new = rd.name(v, npos, f"{field}.new", "contract")
            if new:
                rd.step(rd.move(RowContract, new), npos)
    elif "draw" in fields:
        v, _, vpos = fields["draw"]
        if is_hidden(v):
            rd.step(DRAW_BLIND, vpos)
            rd.step(rd.move(KeepSecret, rd.player, "contract"), vpos)
            return
        name = rd.name(v, vpos, f"{field}.draw", "contract")
        if name:
            rd.step(DRAW_BLIND, vpos)
            rd.step(rd.move(ContractDrawn, name), vpos)
        if "new" in fields:
            rd.bad(
                "a contract drawn blind is not replaced: leave out new:", fields["new"][2], field
            )
    else:
        rd.bad("name the contract: {take: Card, new: Card} or {draw: Card}", pos, field)


def as_written(item: Any) -> tuple | None:
    """A mapping's keys and values, and the values' types (``true`` is not 1), to remember it
    by; None if it is not a mapping or holds a list or a mapping."""
    if not isinstance(item, YMap):
        return None
    written = (tuple(item.items()), tuple(map(type, item.values())))
    try:
        hash(written)
    except TypeError:
        return None
    return written


def _again(rd: _Reader, read: dict, written: tuple | None, item: Any, pos: Pos | None) -> bool:
    """True for an item 'Card: value, ...' written the same way as one read before without a
    problem (``read``: its card's key and two moves, by ``as_written``): the same two moves
    again, at this item's key and value of that card."""
    if written not in read:
        return False
    k, first, second = read[written]
    rd.step(first, item.key_pos.get(k, pos))
    rd.step(second, item.value_pos.get(k, pos))
    return True


def _buy(rd: _Reader, item: Any, pos: Pos | None, field: str) -> None:
    written = as_written(item)
    if _again(rd, rd.bought, written, item, pos):  # 'Ship: New card', read before
        return
    problems = len(rd.problems)
    if isinstance(item, str):
        name = rd.name(item, pos, field, "ship")
        if name:
            rd.step(rd.move(Buy, name), pos)
        return
    if not isinstance(item, dict) or not item:
        rd.bad(
            "write each purchase as 'Ship: New card' (the card turned over in its place)",
            pos,
            field,
        )
        return
    fields: dict = {}
    if "ship" in map(loose_key, item):
        fields = rd.mapping(item, pos, field, BUY_KEYS)
        if "ship" not in fields:
            return
        v, _, vpos = fields["ship"]
        ship, ship_pos = rd.name(v, vpos, f"{field}.ship", "ship"), vpos
        space = None
        if "space" in fields:
            sv, _, spos = fields["space"]
            space = rd.integer(sv, spos, f"{field}.space")
        new = fields.get("new")
    else:
        if len(item) != 1:
            rd.bad("write each purchase as 'Ship: New card'", pos, field)
            return
        ((k, v),) = item.items()
        kpos = item.key_pos.get(k, pos) if isinstance(item, YMap) else pos
        vpos = item.value_pos.get(k, pos) if isinstance(item, YMap) else pos
        ship, ship_pos, space = rd.name(k, kpos, field, "ship"), kpos, None
        new = (v, kpos, vpos)
    if ship is None:
        return
    buy = rd.move(Buy, ship, space)
    rd.step(buy, ship_pos)
    if new is not None and new[0] is not None:
        v, _, npos = new
        for card, ipos, f in rd.items(v, npos, f"{field}.new"):
            move = rd.ship_with_pile(card, ipos, f)
            if move:
                rd.step(move, ipos)
                if "ship" not in fields and written and len(rd.problems) == problems:
                    rd.bought[written] = (k, buy, move)  # 'Ship: New card'


def _send(rd: _Reader, item: Any, pos: Pos | None, field: str) -> None:
    if not isinstance(item, dict) or not item:
        rd.bad(
            "write each ship sent as 'Ship: Expedition', and each contract played as "
            "{contract: Card, ships: [...], duration: N}",
            pos,
            field,
        )
        return
    written = as_written(item)
    if _again(rd, rd.sent, written, item, pos):  # 'Ship: Expedition', read before
        return
    problems, ship_key = len(rd.problems), None  # ship_key: of 'Ship: Expedition'
    keys = [loose_key(k) for k in item]
    if "contract" in keys:
        _voyage(rd, item, pos, field)
        return
    if "ship" in keys:
        fields = rd.mapping(item, pos, field, SAIL_KEYS)
        if "ship" not in fields or "to" not in fields:
            rd.bad("a ship sent names the ship and the expedition (to:)", pos, field)
            return
        sv, _, spos = fields["ship"]
        tv, _, tpos = fields["to"]
    else:
        extra = [k for k, lk in zip(item, keys, strict=True) if colour_key(lk) not in SAIL_KEYS]
        if len(extra) != 1:
            rd.bad("write each ship sent as 'Ship: Expedition'", pos, field)
            return
        k = ship_key = extra[0]
        sv, spos = k, item.key_pos.get(k, pos) if isinstance(item, YMap) else pos
        tv, tpos = item[k], item.value_pos.get(k, pos) if isinstance(item, YMap) else pos
        fields = _rest(rd, item, k, pos, field) if len(item) > 1 else {}
    ship = rd.name(sv, spos, field, "ship")
    exp = rd.name(tv, tpos, field, "expedition")
    transport, colour, wild = _flagship_extras(rd, fields, field)
    if "wild" in fields and not isinstance(fields["wild"][0], bool):
        rd.bad("wild: true when a Wild Ship card lets this ship join", fields["wild"][2], field)
    if ship and exp:
        send, sail = rd.move(SendShip, ship), rd.move(Sail, exp, transport, colour, bool(wild))
        rd.step(send, spos)
        rd.step(sail, tpos)
        if ship_key is not None and written and len(rd.problems) == problems:
            rd.sent[written] = (ship_key, send, sail)  # 'Ship: Expedition' (and transport, ...)


def _rest(rd: _Reader, item: Any, k: Any, pos: Pos | None, field: str) -> dict:
    """The fields of a ship sent other than 'Ship: Expedition' (transport, colour, wild)."""
    rest = YMap({kk: vv for kk, vv in item.items() if kk != k})
    if isinstance(item, YMap):
        rest.key_pos = {kk: p for kk, p in item.key_pos.items() if kk != k}
        rest.value_pos = {kk: p for kk, p in item.value_pos.items() if kk != k}
    return rd.mapping(rest, pos, field, SAIL_KEYS)


def _flagship_extras(rd: _Reader, fields: dict, field: str):
    transport = colour = None
    if "transport" in fields:
        v, _, vpos = fields["transport"]
        transport = rd.integer(v, vpos, f"{field}.transport")
    if "colour" in fields:
        v, _, vpos = fields["colour"]
        colour = rd.name(v, vpos, f"{field}.colour", "colour")
    wild = fields["wild"][0] if "wild" in fields else False
    return transport, colour, wild


def _voyage(rd: _Reader, item: Any, pos: Pos | None, field: str) -> None:
    fields = rd.mapping(item, pos, field, (*VOYAGE_KEYS, "turns"))
    if "turns" in fields and "duration" not in fields:
        fields["duration"] = fields.pop("turns")
    missing = [k for k in ("contract", "ships", "duration") if k not in fields]
    if missing:
        rd.bad(
            "a contract played names the contract, its ships and the duration "
            f"({', '.join(missing)} missing)",
            pos,
            field,
        )
        return
    cv, _, cpos = fields["contract"]
    contract = rd.name(cv, cpos, f"{field}.contract", "contract")
    dv, _, dpos = fields["duration"]
    duration = rd.integer(dv, dpos, f"{field}.duration")
    transport, colour, wild = _flagship_extras(rd, fields, field)
    sv, _, spos = fields["ships"]
    ships = []
    for v, ipos, f in rd.items(sv, spos, f"{field}.ships"):
        name = rd.name(v, ipos, f, "ship")
        if name:
            ships.append((name, ipos))
    if contract is None or duration is None or len(ships) != len(rd.items(sv, spos, field)):
        return
    wild_ships = _wild_ships(rd, contract, [s for s, _ in ships], wild, fields, field)
    rd.step(rd.move(PlayContract, contract, duration), cpos)
    for name, ipos in ships:
        is_flag = rd.book.is_flagship(name)
        w = name in wild_ships
        if w:
            wild_ships.remove(name)
        assign = rd.move(
            Assign, name, transport if is_flag else None, colour if is_flag else None, w
        )
        rd.step(assign, ipos)


def _wild_ships(rd: _Reader, contract: str, ships: list[str], wild: Any, fields, field) -> list:
    """The ships a Wild Ship card is played for: listed, or (wild: true / a number) those of
    another colour than the contract's. A flagship joins a contract of any colour without one
    under the default flagship_colours: any (§4.4.1's example), of its own two under either."""
    if wild is False or wild is None:
        return []
    colour = rd.book.contracts[contract].colour
    book = rd.book

    def off(s: str) -> bool:
        if book.is_flagship(s):
            if rd.options.get("flagship_colours") == "any":
                return False
            return colour not in book.flagships[s]
        return book.ships[s].colour != colour

    if wild is True:
        return [s for s in ships if off(s)]
    if isinstance(wild, int):
        return [s for s in ships if off(s)][:wild]
    out = []
    v, _, wpos = fields["wild"]
    for item, ipos, f in rd.items(v, wpos, f"{field}.wild"):
        name = rd.name(item, ipos, f, "ship")
        if name:
            out.append(name)
    return out


def _reserve(rd: _Reader, item: Any, pos: Pos | None, field: str) -> None:
    if isinstance(item, str):
        name = rd.name(item, pos, field, "contract" if item in rd.book.contract_names else "ship")
        if name:
            rd.step(rd.move(Reserve, name), pos)
        return
    if not isinstance(item, dict):
        rd.bad(
            "write a reservation as the card's name, or {ship: Card, row: filling, space: 2}",
            pos,
            field,
        )
        return
    fields = rd.mapping(item, pos, field, RESERVE_KEYS)
    kind = "ship" if "ship" in fields else "contract" if "contract" in fields else None
    if kind is None:
        rd.bad("name the card reserved (ship: or contract:)", pos, field)
        return
    v, _, vpos = fields[kind]
    name = rd.name(v, vpos, f"{field}.{kind}", kind)
    row = CONTRACTS if kind == "contract" else None
    if "row" in fields:
        rv, _, rpos = fields["row"]
        row = ROWS.get(loose_key(rv).replace(" row", "")) if isinstance(rv, str) else None
        if row is None:
            rd.bad(
                f"'{rv}' is not a row: purchase, filling or contracts",
                rpos,
                f"{field}.row",
                did_you_mean(str(rv), list(ROWS)),
            )
            return
    space = None
    if "space" in fields:
        sv, _, spos = fields["space"]
        space = rd.integer(sv, spos, f"{field}.space")
    if name:
        rd.step(rd.move(Reserve, name, row, space), vpos)


# the actions written as one item or a list of them, each read by its function
ITEM_PARSERS = {"contract": _contract, "buy": _buy, "send": _send, "reserve": _reserve}


def _end(rd: _Reader, end: Any, pos: Pos | None, last: int) -> None:
    if not isinstance(end, dict):
        rd.bad("end is a mapping: missions", pos, "end")
        return
    fields = rd.mapping(end, pos, "end", ("missions",))
    if "missions" not in fields:
        return
    value, _, vpos = fields["missions"]
    if not isinstance(value, dict):
        rd.bad(
            "end.missions maps each player to the special mission revealed", vpos, "end.missions"
        )
        return
    found = {}
    for who, m in value.items():
        kpos = value.key_pos.get(who) if isinstance(value, YMap) else vpos
        mpos = value.value_pos.get(who) if isinstance(value, YMap) else vpos
        try:
            p = player_named(who, rd.players, rd.source, kpos, f"end.missions.{who}")
        except InputError as exc:
            rd.problems += exc.problems
            continue
        name = rd.name(m, mpos, f"end.missions.{who}", "mission")
        if name:
            found[p] = (name, mpos)
    for p in rd.players:  # revealed in seat order
        if p in found:
            rd.step_of(DealMission(p, found[p][0]), last, p, found[p][1])
