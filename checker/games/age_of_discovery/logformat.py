"""The turn log of Age of Discovery: what the table revealed and did, and back (docs/logs.md
describes every key). Declared in ``FORMAT``: the actions of a turn in the order taken, each
key one item or a list; ``setup:`` what was turned over and dealt, ``end:`` what was revealed.

turns:
  - player: Ana
    coins: take                                   # take 2 coins
    buy: [{Red Ship 1: Black Ship 2}]             # the card turned over in its place
    contract: {take: Red Contract 3, new: Black Contract 5}   # or {draw: Blue Contract 6}
    send:
      - {Santa María: Columbus, transport: 2, colour: red}    # ship: expedition
      - {contract: Yellow Contract 5, ships: [Yellow Ship 2, Yellow Ship 3], duration: 2}
    reserve: Blue Ship 3
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from checker.core import logformat as lf
from checker.core.game import Step
from checker.core.log import ends_the_log, player_named
from checker.games.age_of_discovery import moves
from checker.games.age_of_discovery.book import CardBook
from checker.games.age_of_discovery.moves import DRAW_BLIND, HIDDEN, TAKE_2
from checker.games.age_of_discovery.state import CONTRACTS, FILLING, PURCHASE, UNNAMED
from portolan.errors import InputError, did_you_mean
from portolan.names import fold
from portolan.yamlsrc import Pos, Source, YMap

SETUP_KEYS = ("contracts", "purchase row", "filling row", "players")
PLAYER_KEYS = ("contracts", "flagship", "mission")
ACTION_KEYS = ("coins", "contract", "buy", "send", "reserve")
SAIL_KEYS = ("ship", "to", "transport", "colour", "wild")
VOYAGE_KEYS = ("contract", "ships", "duration", "transport", "colour", "wild")
BUY_KEYS = ("ship", "space", "new")
CONTRACT_KEYS = ("take", "draw", "new")
RESERVE_KEYS = ("ship", "contract", "row", "space")
ROWS = {"purchase": PURCHASE, "filling": FILLING, "contracts": CONTRACTS, "contract": CONTRACTS}
PILE = re.compile(r"^(.*?)\s*\(\s*pile\s*(\d+)\s*\)\s*$", re.IGNORECASE)


def _name(names: Any, what: str, ref: str, **how: Any) -> lf.Name:
    return lf.Name(names, what, kind=what, ref=ref, **how)


# The names a log writes, each with its reader (checker/core/logformat.py).
NAMES = {
    "ship": _name(lambda b: b.ship_names, "a ship card", "ship"),
    "contract": _name(lambda b: b.contract_names, "a trade contract", "contract"),
    "expedition": _name(
        lambda b: b.expedition_names,
        "an expedition",
        "expedition",
        find=lambda r, text: r.book.expedition(text),
    ),
    "colour": _name(lambda b: b.colour_names, "a colour", "colour"),
    "mission": _name(
        lambda b: b.mission_names,
        "a special mission",
        "mission",
        find=lambda r, text: r.book.mission(text, len(r.players)),
        hints=lambda b: [*b.mission_names.names, *{m.kind for m in b.missions.values()}],
    ),
}
WHOLE = lf.Whole(text=True)
SHIPS = lf.ListOf(NAMES["ship"])


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
    if raw.get("setup") is not None:
        FORMAT.top["setup"].read(rd, raw["setup"], raw.value_pos.get("setup"), "setup")
    turns = raw.get("turns")
    if turns is not None:
        lf.read_turns(FORMAT, rd, turns)
    if raw.get("end") is not None and ends_the_log(turns):
        FORMAT.top["end"].read(rd, raw["end"], raw.value_pos.get("end"), "end")
    if rd.problems:
        raise InputError(rd.problems)
    return rd.steps


def _setup(rd: _Reader, setup: Any, pos: Pos | None, field: str) -> None:
    if not isinstance(setup, dict):
        rd.bad("setup is a mapping: contracts, purchase row, filling row, players", pos, "setup")
        return
    fields = rd.mapping(setup, pos, "setup", SETUP_KEYS)
    if "contracts" in fields:
        value, _, vpos = fields["contracts"]
        for v, ipos, f in rd.items(value, vpos, "setup.contracts"):
            name = rd.name(v, ipos, f, "contract")
            if name:
                rd.step(moves.RowContract(name), ipos)
    for key, row in (("purchase row", PURCHASE), ("filling row", FILLING)):
        if key in fields:
            value, _, vpos = fields[key]
            for v, ipos, f in rd.items(value, vpos, f"setup.{key}"):
                name = rd.name(v, ipos, f, "ship")
                if name:
                    rd.step(moves.SetupShip(name, row), ipos)
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
        kpos = value.key_pos.get(who)
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
                value.value_pos.get(who),
                f"setup.players.{who}",
            )
            continue
        per[p] = rd.mapping(spec, kpos, f"setup.players.{who}", PLAYER_KEYS)
    for p in rd.players:  # in seat order, as the cards are dealt
        if p in per and "contracts" in per[p]:
            v, _, cpos = per[p]["contracts"]
            for item, ipos, f in rd.items(v, cpos, f"setup.players.{p}.contracts"):
                if is_hidden(item):
                    rd.step(moves.KeepSecret(p, "contract"), ipos, p)
                    continue
                name = rd.name(item, ipos, f, "contract")
                if name:
                    rd.step(moves.DealContract(p, name), ipos, p)
    for key, move, what in (
        ("mission", moves.DealMission, "mission"),
        ("flagship", moves.DealFlagship, "ship"),
    ):
        for p in rd.players:
            if p not in per or key not in per[p] or is_hidden(per[p][key][0]):
                at = per[p][key][2] if p in per and key in per[p] else vpos
                rd.step(moves.KeepSecret(p, key), at, p)  # kept secret: named when revealed
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
                    rd.step(move(p, name), ipos, p)


def _then(rd: _Reader, value: Any, pos: Pos | None, field: str) -> None:
    """What follows a turn's actions (one mapping or a list of them), where a key may be
    written again: a Reservation played after another action that followed the first (§6.2
    'any number of action cards')."""
    for item, ipos, f in rd.items(value, pos, field):
        if not isinstance(item, YMap) or not item:
            rd.bad("then: is a mapping of what follows, e.g. {reserve: Blue Ship 3}", ipos, f)
            continue
        fields = rd.mapping(item, ipos, f, ACTION_KEYS)
        for k in item:
            if key_of(k) in fields:
                FORMAT.keys[key_of(k)].read(rd, item, k, f)


def is_hidden(value: Any) -> bool:
    return isinstance(value, str) and fold(value) == HIDDEN


def _drawn_blind(rd: _Reader, pos: Pos | None, name: str = HIDDEN) -> None:
    """A contract drawn blind: named, or kept secret."""
    rd.step(DRAW_BLIND, pos)
    secret = moves.KeepSecret(rd.player, "contract")
    rd.step(secret if name == HIDDEN else moves.ContractDrawn(name), pos)


def _contract(rd: _Reader, item: Any, pos: Pos | None, field: str) -> None:
    if is_hidden(item):  # drawn blind and kept secret
        _drawn_blind(rd, pos)
    elif isinstance(item, str):
        name = rd.name(item, pos, field, "contract")
        if name:
            rd.step(moves.Contract(name), pos)
    elif not isinstance(item, dict):
        rd.bad("write a contract as its name, {take: Card, new: Card} or {draw: Card}", pos, field)
    else:
        _contract_fields(rd, item, pos, field)


def _contract_fields(rd: _Reader, item: Any, pos: Pos | None, field: str) -> None:
    if len(item) == 1 and loose_key(next(iter(item))) not in CONTRACT_KEYS:  # {Taken: New}
        ((k, v),) = item.items()
        kpos = item.key_pos.get(k, pos)
        vpos = item.value_pos.get(k, pos)
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
            _drawn_blind(rd, vpos)
            return
        name = rd.name(v, vpos, f"{field}.draw", "contract")
        if name:
            _drawn_blind(rd, vpos, name)
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
        kpos = item.key_pos.get(k, pos)
        vpos = item.value_pos.get(k, pos)
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
        sv, spos = k, item.key_pos.get(k, pos)
        tv, tpos = item[k], item.value_pos.get(k, pos)
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
    ships = SHIPS.read(rd, sv, spos, f"{field}.ships")
    if contract is None or duration is None or ships is lf.BAD:
        return
    wild_ships = _wild_ships(rd, contract, list(lf.each(ships)), wild, fields, field)
    rd.step(moves.PlayContract(contract, duration), cpos)
    for name, ipos, _ in ships:
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
    listed = SHIPS.read(rd, fields["wild"][0], fields["wild"][2], f"{field}.wild")
    return [] if listed is lf.BAD else list(lf.each(listed))


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


MISSIONS = lf.MapOf(
    lf.PlayerName(),
    NAMES["mission"],
    "end.missions maps each player to the special mission revealed",
)


def _end(rd: _Reader, end: Any, pos: Pos | None, field: str) -> None:
    """The missions revealed at the end (not written at setup), after the last turn read."""
    if not isinstance(end, dict):
        rd.bad("end is a mapping: missions", pos, "end")
        return
    fields = rd.mapping(end, pos, "end", ("missions",))
    found = MISSIONS.read(rd, *fields["missions"][::2], "end.missions") if fields else []
    by_seat = {} if found is lf.BAD else {p.value: m for p, m in found}
    for p in rd.players:  # revealed in seat order
        if p in by_seat:
            rd.step(moves.DealMission(p, by_seat[p].value), by_seat[p].pos, p)


# -- The declaration: each key, its reader and the schema of what it reads ----------------------
def _ref(book: CardBook, defs: dict, what: str) -> dict:
    return NAMES[what].schema(book, defs)


SECRET = {"const": HIDDEN, "description": "kept secret until the rules reveal it"}
WHOLE_SCHEMA = lf.Whole(text=True).schema(None, {})
PILED = {"type": "string", "pattern": r"\(\s*[Pp]ile\s*\d+\s*\)\s*$"}


def _contract_schema(book: CardBook, defs: dict) -> dict:
    card = _ref(book, defs, "contract")
    keyed = lf.object_schema({"take": card, "new": card, "draw": {"anyOf": [card, SECRET]}})
    taken = {"type": "object", "maxProperties": 1, "propertyNames": card}
    return {"anyOf": [card, SECRET, keyed, {**taken, "additionalProperties": card}]}


def _buy_schema(book: CardBook, defs: dict) -> dict:
    ship = _ref(book, defs, "ship")
    new = {"anyOf": [ship, PILED, {"type": "array", "items": {"anyOf": [ship, PILED]}}]}
    keyed = lf.object_schema({"ship": ship, "space": WHOLE_SCHEMA, "new": new}, required=["ship"])
    pair = {"type": "object", "maxProperties": 1, "propertyNames": ship}
    return {"anyOf": [ship, keyed, {**pair, "additionalProperties": new}]}


def _send_schema(book: CardBook, defs: dict) -> dict:
    ship, colour = _ref(book, defs, "ship"), _ref(book, defs, "colour")
    extras = {"transport": WHOLE_SCHEMA, "colour": colour, "color": colour}
    wild = {"anyOf": [{"type": "boolean"}, {"type": "integer"}, lf.one_or_list(ship)]}
    sail = lf.object_schema(
        {"ship": ship, "to": _ref(book, defs, "expedition"), **extras, "wild": wild}
    )
    voyage = lf.object_schema(
        {"contract": _ref(book, defs, "contract"), "ships": lf.one_or_list(ship), **extras}
        | {"duration": WHOLE_SCHEMA, "turns": WHOLE_SCHEMA, "wild": wild},
        required=["contract", "ships"],
    )
    short = {
        "type": "object",
        "properties": {**extras, "wild": {"type": "boolean"}},
        "propertyNames": {"anyOf": [ship, {"enum": [*extras, "wild"]}]},
        "additionalProperties": _ref(book, defs, "expedition"),
    }
    return {"anyOf": [sail, voyage, short]}


def _reserve_schema(book: CardBook, defs: dict) -> dict:
    ship, contract = _ref(book, defs, "ship"), _ref(book, defs, "contract")
    row = {"type": "string", "description": "purchase, filling or contracts (row)"}
    keyed = lf.object_schema(
        {"ship": ship, "contract": contract, "row": row, "space": WHOLE_SCHEMA}
    )
    return {"anyOf": [ship, contract, keyed]}


def _then_schema(book: CardBook, defs: dict) -> dict:
    actions = {k: FORMAT.keys[k].arg.schema(book, defs) for k in ACTION_KEYS}
    return lf.one_or_list(lf.object_schema(actions, minProperties=1))


def _setup_schema(book: CardBook, defs: dict) -> dict:
    ship, contract, mission = (_ref(book, defs, what) for what in ("ship", "contract", "mission"))
    dealt = {
        "contracts": lf.one_or_list({"anyOf": [contract, SECRET]}),
        "flagship": {"anyOf": [ship, SECRET]},
        "mission": {"anyOf": [mission, SECRET]},
    }
    seats = {"anyOf": [lf.object_schema(dealt), {"type": "null"}]}
    rows = {"purchase row": lf.one_or_list(ship), "filling row": lf.one_or_list(ship)}
    players = {"type": "object", "additionalProperties": seats}
    return lf.object_schema({"contracts": lf.one_or_list(contract), **rows, "players": players})


def _end_schema(book: CardBook, defs: dict) -> dict:
    return lf.object_schema({"missions": MISSIONS.schema(book, defs)})


def _action(parse: Any, shape: Any, doc: str) -> lf.Key:
    """An action key: one item or a list of them, each read by ``parse``."""
    return lf.Key(lf.ListOf(lf.Parsed(parse, shape)), doc=doc)


FORMAT = lf.LogFormat(
    start=moves.StartTurn,
    keys={
        "coins": lf.Key(
            lf.Words({"take": TAKE_2}, wrong="write 'coins: take' for the action Take 2 coins"),
            move=lambda take: take,
            at_key=True,
            doc="Take 2 coins (§6.1)",
        ),
        "contract": _action(_contract, _contract_schema, "take or draw a trade contract"),
        "buy": _action(_buy, _buy_schema, "each ship bought: 'Ship: the card turned over'"),
        "send": _action(_send, _send_schema, "each ship sent and each contract played"),
        "reserve": _action(_reserve, _reserve_schema, "a Reservation: the card reserved"),
        "then": lf.Key(lf.Parsed(_then, _then_schema), doc="what follows, in order"),
    },
    top={
        "setup": lf.Parsed(_setup, _setup_schema),
        # the missions revealed, after the last turn read
        "end": lf.Parsed(_end, _end_schema),
    },
    written_order=True,
)
TOP_KEYS, TURN_KEYS = tuple(FORMAT.top), FORMAT.turn_keys


# -- Writing ----------------------------------------------------------------------------------
def write_log(steps: list[Step]) -> dict:
    """The log's setup, turns and end for a list of steps (the inverse of ``parse_log``)."""
    w = _Writer()
    for st in steps:
        w.write(st.move)
    return w.log()


DEALT = {
    moves.DealContract: "contract",
    moves.DealMission: "mission",
    moves.DealFlagship: "flagship",
}


class _Writer:
    """The log being written back, move by move."""

    def __init__(self) -> None:
        self.setup: dict[str, Any] = {}
        self.players: dict[str, dict] = {}
        self.turns: list[dict] = []
        self.end: dict[str, str] = {}
        self.turn: dict | None = None
        self.last: dict | None = None  # the entry the next revealed card belongs to
        self.voyage: dict | None = None
        self.ship: str | None = None
        self.current: str | None = None  # the log key of the moves being written

    def at(self, key: str) -> dict:
        """Where a move under ``key`` is written: the turn, or its ``then:`` once a key comes
        back after another (a second Reservation after a purchase)."""
        where = self.turn["then"][-1] if self.turn.get("then") else self.turn
        if key in where and self.current != key:
            where = {}
            self.turn.setdefault("then", []).append(where)
        self.current = key
        return where

    def write(self, m: Any) -> None:
        if isinstance(m, moves.StartTurn):
            self.turn, self.current = {"player": m.player}, None
            self.turns.append(self.turn)
        elif self.turn is not None:
            self.write_turn(m)
        elif isinstance(m, moves.RowContract):
            self.setup.setdefault("contracts", []).append(m.card)
        elif isinstance(m, moves.SetupShip):
            self.setup.setdefault(f"{m.row} row", []).append(m.card)
        elif isinstance(m, moves.KeepSecret) or type(m) in DEALT:  # a player's cards
            secret = isinstance(m, moves.KeepSecret)
            what, card = (m.what, HIDDEN) if secret else (DEALT[type(m)], m.card)
            seat = self.players.setdefault(m.player, {})
            if what == "contract":
                seat.setdefault("contracts", []).append(card)
            else:
                seat[what] = card

    def write_turn(self, m: Any) -> None:
        if isinstance(m, moves.TakeCoins):
            self.at("coins")["coins"] = "take"
        elif isinstance(m, moves.Contract):
            _add(self.at("contract"), "contract", m.card)
        elif isinstance(m, (moves.TakeContract, moves.DrawContract)):
            took = isinstance(m, moves.TakeContract)
            self.last = {"take": m.card} if took else {"draw": None}
            _add(self.at("contract"), "contract", self.last)
        elif isinstance(m, (moves.ContractDrawn, moves.KeepSecret)):  # drawn blind
            self.last["draw"] = m.card if isinstance(m, moves.ContractDrawn) else HIDDEN
        elif isinstance(m, moves.RowContract):
            if m.card != UNNAMED:
                self.last["new"] = m.card
        elif isinstance(m, moves.Buy):
            self.last = {"ship": m.card, "space": m.space, "new": []}
            self.at("buy").setdefault("buy", []).append(self.last)
        elif isinstance(m, moves.TurnOver):
            self.last["new"].append(m.card + (f" (pile {m.pile})" if m.pile else ""))
        elif isinstance(m, moves.SendShip):
            self.ship = m.card
        elif isinstance(m, moves.Sail):
            entry = _flagship({self.ship: m.expedition}, m)
            if m.wild:
                entry["wild"] = True
            self.at("send").setdefault("send", []).append(entry)
        elif isinstance(m, moves.PlayContract):
            self.voyage = {"contract": m.card, "ships": [], "duration": m.duration}
            self.at("send").setdefault("send", []).append(self.voyage)
        elif isinstance(m, moves.Assign):
            _flagship(self.voyage, m)["ships"].append(m.card)
            if m.wild:
                self.voyage.setdefault("wild", []).append(m.card)
        elif isinstance(m, moves.Reserve):
            _add(self.at("reserve"), "reserve", _reservation(m))
        elif isinstance(m, moves.DealMission):
            self.end[m.player] = m.card

    def log(self) -> dict[str, Any]:
        for t in [t for turn in self.turns for t in (turn, *turn.get("then", []))]:
            if "buy" in t:
                t["buy"] = [_purchase(b) for b in t["buy"]]
            # a ship chosen but not yet sent (a game saved mid-step) is asked again on resuming
            if "send" in t:
                t["send"] = [s for s in t["send"] if "contract" not in s or s["ships"]]
                if not t["send"]:
                    del t["send"]
            contract = t.get("contract")
            if isinstance(contract, dict) and "draw" in contract and contract["draw"] is None:
                del t["contract"]
        out: dict[str, Any] = {}
        if self.setup or self.players:
            if self.players:
                self.setup["players"] = self.players
            out["setup"] = self.setup
        out["turns"] = self.turns
        if self.end:
            out["end"] = {"missions": self.end}
        return out


def _flagship(entry: dict, m: Any) -> dict:
    """A flagship's transport and colour, when the move names them."""
    if m.transport is not None:
        entry["transport"] = m.transport
    if m.colour is not None:
        entry["colour"] = m.colour
    return entry


def _reservation(m: Any) -> Any:
    if m.row is None and m.space is None:
        return m.card
    spec = {"contract" if m.row == CONTRACTS else "ship": m.card}
    if m.row and m.row != CONTRACTS:
        spec["row"] = m.row
    if m.space:
        spec["space"] = m.space
    return spec


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
