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
from functools import lru_cache
from typing import Any

from checker.core import logformat as lf
from checker.core.game import Step
from checker.core.log import ends_the_log, enough_problems, player_named
from checker.games.age_of_discovery import moves
from checker.games.age_of_discovery.book import CardBook
from checker.games.age_of_discovery.moves import DRAW_BLIND, HIDDEN, TAKE_2
from checker.games.age_of_discovery.state import CONTRACTS, FILLING, PURCHASE, UNNAMED
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

# The names a log writes, each with its reader (checker/core/logformat.py).
NAMES = {
    "ship": lf.Name(lambda b: b.ship_names, "a ship card", "a ship card", "ship"),
    "contract": lf.Name(
        lambda b: b.contract_names, "a trade contract", "a trade contract", "contract"
    ),
    "expedition": lf.Name(
        lambda b: b.expedition_names,
        "an expedition",
        "an expedition",
        "expedition",
        find=lambda r, text: r.book.expedition(text),
    ),
    "colour": lf.Name(lambda b: b.colour_names, "a colour", "a colour", "colour"),
    "mission": lf.Name(
        lambda b: b.mission_names,
        "a special mission",
        "a special mission",
        "mission",
        find=lambda r, text: r.book.mission(text, len(r.players)),
        hints=lambda b: [*b.mission_names.names, *{m.kind for m in b.missions.values()}],
    ),
}
WHOLE = lf.Whole(text=True)


@lru_cache(maxsize=4096)  # the same few keys, turn after turn
def _spaced(k: str) -> str:
    return " ".join(k.replace("_", " ").replace("-", " ").split())


def key_of(k: Any) -> str:
    """A key as written, '_' or '-' standing for a space: 'purchase_row', 'purchase-row' and
    'purchase row' are one key. Case counts, as in every game's log: 'Coins' is refused with a
    did-you-mean (merging it with 'coins' would hide a second action)."""
    return _spaced(k) if isinstance(k, str) else str(k)


def loose_key(k: Any) -> str:
    """A key without regard to case, to tell the shape of a mapping ('Ship: ...' is still a
    purchase written with keys, whose 'Ship' is then refused)."""
    return fold(_spaced(k) if isinstance(k, str) else str(k))


def colour_key(k: str) -> str:
    return "colour" if k == "color" else k


class _Reader(lf.TurnReader):
    book: CardBook

    def __init__(self, book: CardBook, source: Source, players: list[str], options: dict):
        super().__init__(book, source, players)
        # the log's rule options (resolved by the core): what 'wild: true' means for a
        # flagship depends on flagship_colours
        self.options = options
        self.player = players[0]

    def step_of(self, move: Any, turn: int, player: str, pos: Pos | None) -> None:
        """One step of the setup (turn 0) or the end, by ``player``."""
        self.steps.append(Step(move, turn, player, pos))

    def mapping(self, value: Any, pos: Pos | None, field: str, keys: tuple[str, ...]) -> dict:
        """{normalised key: (value, key pos, value pos)}; unknown keys are reported."""
        out: dict[str, tuple[Any, Pos | None, Pos | None]] = {}
        key_pos = value.key_pos if isinstance(value, YMap) else {}
        value_pos = value.value_pos if isinstance(value, YMap) else {}
        for k, v in value.items():
            name = colour_key(key_of(k))
            if name in keys and name not in out:
                out[name] = (v, key_pos.get(k, pos), value_pos.get(k, pos))
            else:
                self.refuse_key(value, k, name, key_pos.get(k, pos), field, keys)
        return out

    def refuse_key(self, value: dict, k: Any, name: str, kpos: Pos | None, field: str, keys):
        """An unknown key, or a second spelling of one already read (``mapping``)."""
        if name not in keys:
            self.bad(f"unknown key '{k}'", kpos, f"{field}.{k}", did_you_mean(name, keys))
            return
        first = next(w for w in value if colour_key(key_of(w)) == name)
        self.bad(f"'{k}' and '{first}' are one key: write it once", kpos, f"{field}.{k}")

    def name(self, value: Any, pos: Pos | None, field: str, what: str) -> str | None:
        name = NAMES[what].read(self, value, pos, field)
        return None if name is lf.BAD else name

    def ship_with_pile(self, value: Any, pos: Pos | None, field: str) -> Any:
        pile = None
        m = PILE.match(value) if isinstance(value, str) else None
        if m:
            value, pile = m.group(1), int(m.group(2))
        name = self.name(value, pos, field, "ship")
        return moves.TurnOver(name, pile) if name else None

    def integer(self, value: Any, pos: Pos | None, field: str) -> int | None:
        n = WHOLE.read(self, value, pos, field)
        return None if n is lf.BAD else n


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
                rd.step_of(moves.RowContract(name), 0, first, ipos)
    for key, row in (("purchase row", PURCHASE), ("filling row", FILLING)):
        if key in fields:
            value, _, vpos = fields[key]
            for v, ipos, f in rd.items(value, vpos, f"setup.{key}"):
                name = rd.name(v, ipos, f, "ship")
                if name:
                    rd.step_of(moves.SetupShip(name, row), 0, first, ipos)
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
                    rd.step_of(moves.KeepSecret(p, "contract"), 0, p, ipos)
                    continue
                name = rd.name(item, ipos, f, "contract")
                if name:
                    rd.step_of(moves.DealContract(p, name), 0, p, ipos)
    for key, move, what in (
        ("mission", moves.DealMission, "mission"),
        ("flagship", moves.DealFlagship, "ship"),
    ):
        for p in rd.players:
            if p not in per or key not in per[p] or is_hidden(per[p][key][0]):
                at = per[p][key][2] if p in per and key in per[p] else vpos
                rd.step_of(moves.KeepSecret(p, key), 0, p, at)  # kept secret: named when revealed
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
        player = player_named(value, rd.players, rd.source, ppos, f"{where}.player")
    except InputError as exc:
        rd.problems += exc.problems
        return

    rd.turn, rd.player = t, player
    rd.step(moves.StartTurn(player), ppos)
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
        rd.step(moves.KeepSecret(rd.player, "contract"), pos)
        return
    if isinstance(item, str):
        name = rd.name(item, pos, field, "contract")
        if name:
            rd.step(moves.Contract(name), pos)
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
            rd.step(moves.TakeContract(name), vpos)
        if "new" in fields:
            v, _, npos = fields["new"]
            new = rd.name(v, npos, f"{field}.new", "contract")
            if new:
                rd.step(moves.RowContract(new), npos)
    elif "draw" in fields:
        v, _, vpos = fields["draw"]
        if is_hidden(v):
            rd.step(DRAW_BLIND, vpos)
            rd.step(moves.KeepSecret(rd.player, "contract"), vpos)
            return
        name = rd.name(v, vpos, f"{field}.draw", "contract")
        if name:
            rd.step(DRAW_BLIND, vpos)
            rd.step(moves.ContractDrawn(name), vpos)
        if "new" in fields:
            rd.bad(
                "a contract drawn blind is not replaced: leave out new:", fields["new"][2], field
            )
    else:
        rd.bad("name the contract: {take: Card, new: Card} or {draw: Card}", pos, field)


def _buy(rd: _Reader, item: Any, pos: Pos | None, field: str) -> None:
    if isinstance(item, str):
        name = rd.name(item, pos, field, "ship")
        if name:
            rd.step(moves.Buy(name), pos)
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
    buy = moves.Buy(ship, space)
    rd.step(buy, ship_pos)
    if new is not None and new[0] is not None:
        v, _, npos = new
        for card, ipos, f in rd.items(v, npos, f"{field}.new"):
            move = rd.ship_with_pile(card, ipos, f)
            if move:
                rd.step(move, ipos)


def _send(rd: _Reader, item: Any, pos: Pos | None, field: str) -> None:
    if not isinstance(item, dict) or not item:
        rd.bad(
            "write each ship sent as 'Ship: Expedition', and each contract played as "
            "{contract: Card, ships: [...], duration: N}",
            pos,
            field,
        )
        return
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
        k = extra[0]
        sv, spos = k, item.key_pos.get(k, pos) if isinstance(item, YMap) else pos
        tv, tpos = item[k], item.value_pos.get(k, pos) if isinstance(item, YMap) else pos
        fields = _rest(rd, item, k, pos, field) if len(item) > 1 else {}
    ship = rd.name(sv, spos, field, "ship")
    exp = rd.name(tv, tpos, field, "expedition")
    transport, colour, wild = _flagship_extras(rd, fields, field)
    if "wild" in fields and not isinstance(fields["wild"][0], bool):
        rd.bad("wild: true when a Wild Ship card lets this ship join", fields["wild"][2], field)
    if ship and exp:
        send, sail = moves.SendShip(ship), moves.Sail(exp, transport, colour, bool(wild))
        rd.step(send, spos)
        rd.step(sail, tpos)


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
    rd.step(moves.PlayContract(contract, duration), cpos)
    for name, ipos in ships:
        is_flag = rd.book.is_flagship(name)
        w = name in wild_ships
        if w:
            wild_ships.remove(name)
        assign = moves.Assign(name, transport if is_flag else None, colour if is_flag else None, w)
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
            rd.step(moves.Reserve(name), pos)
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
        rd.step(moves.Reserve(name, row, space), vpos)


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
            rd.step_of(moves.DealMission(p, found[p][0]), last, p, found[p][1])


# -- Writing ----------------------------------------------------------------------------------
def write_log(steps: list[Step]) -> dict:
    """The log's setup, turns and end for a list of steps (the inverse of ``parse_log``)."""
    setup: dict[str, Any] = {}
    players: dict[str, dict] = {}
    turns: list[dict] = []
    end: dict[str, str] = {}
    turn: dict | None = None
    last: dict | None = None  # the entry the next revealed card belongs to
    voyage: dict | None = None
    ship: str | None = None
    current: str | None = None  # the log key of the moves being written

    def at(key: str) -> dict:
        """Where a move under ``key`` is written: the turn, or its ``then:`` once a key comes
        back after another (a second Reservation after a purchase)."""
        nonlocal current
        where = turn["then"][-1] if turn.get("then") else turn
        if key in where and current != key:
            where = {}
            turn.setdefault("then", []).append(where)
        current = key
        return where

    for st in steps:
        m = st.move
        if isinstance(m, moves.StartTurn):
            turn = {"player": m.player}
            turns.append(turn)
            current = None
            continue
        if turn is None:  # setup
            if isinstance(m, moves.RowContract):
                setup.setdefault("contracts", []).append(m.card)
            elif isinstance(m, moves.SetupShip):
                setup.setdefault(f"{m.row} row", []).append(m.card)
            elif isinstance(m, moves.DealContract):
                players.setdefault(m.player, {}).setdefault("contracts", []).append(m.card)
            elif isinstance(m, moves.KeepSecret) and m.what == "contract":
                players.setdefault(m.player, {}).setdefault("contracts", []).append(HIDDEN)
            elif isinstance(m, moves.KeepSecret):
                players.setdefault(m.player, {})[m.what] = HIDDEN
            elif isinstance(m, moves.DealMission):
                players.setdefault(m.player, {})["mission"] = m.card
            elif isinstance(m, moves.DealFlagship):
                players.setdefault(m.player, {})["flagship"] = m.card
            continue
        if isinstance(m, moves.TakeCoins):
            at("coins")["coins"] = "take"
        elif isinstance(m, moves.TakeContract):
            last = {"take": m.card}
            _add(at("contract"), "contract", last)
        elif isinstance(m, moves.Contract):
            _add(at("contract"), "contract", m.card)
        elif isinstance(m, moves.DrawContract):
            last = {"draw": None}
            _add(at("contract"), "contract", last)
        elif isinstance(m, moves.ContractDrawn):
            last["draw"] = m.card
        elif isinstance(m, moves.KeepSecret):  # a contract drawn blind, kept secret
            last["draw"] = HIDDEN
        elif isinstance(m, moves.RowContract):
            if m.card != UNNAMED:
                last["new"] = m.card
        elif isinstance(m, moves.Buy):
            last = {"ship": m.card, "space": m.space, "new": []}
            at("buy").setdefault("buy", []).append(last)
        elif isinstance(m, moves.TurnOver):
            last["new"].append(m.card + (f" (pile {m.pile})" if m.pile else ""))
        elif isinstance(m, moves.SendShip):
            ship = m.card
        elif isinstance(m, moves.Sail):
            entry: dict[str, Any] = {ship: m.expedition}
            if m.transport is not None:
                entry["transport"] = m.transport
            if m.colour is not None:
                entry["colour"] = m.colour
            if m.wild:
                entry["wild"] = True
            at("send").setdefault("send", []).append(entry)
        elif isinstance(m, moves.PlayContract):
            voyage = {"contract": m.card, "ships": [], "duration": m.duration}
            at("send").setdefault("send", []).append(voyage)
        elif isinstance(m, moves.Assign):
            voyage["ships"].append(m.card)
            if m.transport is not None:
                voyage["transport"] = m.transport
            if m.colour is not None:
                voyage["colour"] = m.colour
            if m.wild:
                voyage.setdefault("wild", []).append(m.card)
        elif isinstance(m, moves.Reserve):
            if m.row is None and m.space is None:
                _add(at("reserve"), "reserve", m.card)
            else:
                kind = "contract" if m.row == CONTRACTS else "ship"
                spec = {kind: m.card}
                if m.row and m.row != CONTRACTS:
                    spec["row"] = m.row
                if m.space:
                    spec["space"] = m.space
                _add(at("reserve"), "reserve", spec)
        elif isinstance(m, moves.DealMission):
            end[m.player] = m.card
        elif isinstance(m, moves.EndTurn):
            continue
    for t in [t for turn in turns for t in (turn, *turn.get("then", []))]:
        if "buy" in t:
            t["buy"] = [_purchase(b) for b in t["buy"]]
        # a ship chosen but not yet sent (a game saved mid-step) is asked again on resuming
        if "send" in t:
            t["send"] = [s for s in t["send"] if "contract" not in s or s["ships"]]
            if not t["send"]:
                del t["send"]
        if (
            "contract" in t
            and isinstance(t["contract"], dict)
            and t["contract"].get("draw") is None
        ) and "draw" in t["contract"]:
            del t["contract"]
    out: dict[str, Any] = {}
    if setup or players:
        if players:
            setup["players"] = players
        out["setup"] = setup
    out["turns"] = turns
    if end:
        out["end"] = {"missions": end}
    return out


def _add(turn: dict, key: str, value: Any) -> None:
    if key in turn:
        old = turn[key]
        turn[key] = [*old, value] if isinstance(old, list) else [old, value]
    else:
        turn[key] = value


def _purchase(b: dict) -> Any:
    new = b["new"]
    value = new[0] if len(new) == 1 else (new or None)
    if b["space"] is not None:
        out = {"ship": b["ship"], "space": b["space"]}
        if value is not None:
            out["new"] = value
        return out
    return {b["ship"]: value} if value is not None else b["ship"]
