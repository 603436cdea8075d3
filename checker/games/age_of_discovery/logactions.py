"""The actions of an Age of Discovery turn as the log writes them (a contract, a purchase, a
ship sent or a contract played, a Reservation), each read by its function into steps, with
the JSON schema of its forms; the names a log writes and the keys' spellings. logformat.py
declares which key each action is written under.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.games.age_of_discovery import moves
from portolan.checker.games.age_of_discovery.book import CardBook
from portolan.checker.games.age_of_discovery.moves import DRAW_BLIND, HIDDEN
from portolan.checker.games.age_of_discovery.state import CONTRACTS, FILLING, PURCHASE
from portolan.errors import did_you_mean
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


class Reader(lf.TurnReader):
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


def is_hidden(value: Any) -> bool:
    return isinstance(value, str) and fold(value) == HIDDEN


def _drawn_blind(rd: Reader, pos: Pos | None, name: str = HIDDEN) -> None:
    """A contract drawn blind: named, or kept secret."""
    rd.step(DRAW_BLIND, pos)
    secret = moves.KeepSecret(rd.player, "contract")
    rd.step(secret if name == HIDDEN else moves.ContractDrawn(name), pos)


def contract(rd: Reader, item: Any, pos: Pos | None, field: str) -> None:
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


def _contract_fields(rd: Reader, item: Any, pos: Pos | None, field: str) -> None:
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


def buy(rd: Reader, item: Any, pos: Pos | None, field: str) -> None:
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


def send(rd: Reader, item: Any, pos: Pos | None, field: str) -> None:
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


def _rest(rd: Reader, item: Any, k: Any, pos: Pos | None, field: str) -> dict:
    """The fields of a ship sent other than 'Ship: Expedition' (transport, colour, wild)."""
    rest = YMap({kk: vv for kk, vv in item.items() if kk != k})
    rest.key_pos = {kk: p for kk, p in item.key_pos.items() if kk != k}
    rest.value_pos = {kk: p for kk, p in item.value_pos.items() if kk != k}
    return rd.mapping(rest, pos, field, SAIL_KEYS)


def _flagship_extras(rd: Reader, fields: dict, field: str):
    transport = colour = None
    if "transport" in fields:
        v, _, vpos = fields["transport"]
        transport = rd.integer(v, vpos, f"{field}.transport")
    if "colour" in fields:
        v, _, vpos = fields["colour"]
        colour = rd.name(v, vpos, f"{field}.colour", "colour")
    wild = fields["wild"][0] if "wild" in fields else False
    return transport, colour, wild


def _voyage(rd: Reader, item: Any, pos: Pos | None, field: str) -> None:
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


def _wild_ships(rd: Reader, contract: str, ships: list[str], wild: Any, fields, field) -> list:
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


def reserve(rd: Reader, item: Any, pos: Pos | None, field: str) -> None:
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


# -- the schema of each action's forms --------------------------------------------------------
def ref(book: CardBook, defs: dict, what: str) -> dict:
    return NAMES[what].schema(book, defs)


SECRET = {"const": HIDDEN, "description": "kept secret until the rules reveal it"}
WHOLE_SCHEMA = lf.Whole(text=True).schema(None, {})
PILED = {"type": "string", "pattern": r"\(\s*[Pp]ile\s*\d+\s*\)\s*$"}


def contract_schema(book: CardBook, defs: dict) -> dict:
    card = ref(book, defs, "contract")
    keyed = lf.object_schema({"take": card, "new": card, "draw": {"anyOf": [card, SECRET]}})
    taken = {"type": "object", "maxProperties": 1, "propertyNames": card}
    return {"anyOf": [card, SECRET, keyed, {**taken, "additionalProperties": card}]}


def buy_schema(book: CardBook, defs: dict) -> dict:
    ship = ref(book, defs, "ship")
    new = {"anyOf": [ship, PILED, {"type": "array", "items": {"anyOf": [ship, PILED]}}]}
    keyed = lf.object_schema({"ship": ship, "space": WHOLE_SCHEMA, "new": new}, required=["ship"])
    pair = {"type": "object", "maxProperties": 1, "propertyNames": ship}
    return {"anyOf": [ship, keyed, {**pair, "additionalProperties": new}]}


def send_schema(book: CardBook, defs: dict) -> dict:
    ship, colour = ref(book, defs, "ship"), ref(book, defs, "colour")
    extras = {"transport": WHOLE_SCHEMA, "colour": colour, "color": colour}
    wild = {"anyOf": [{"type": "boolean"}, {"type": "integer"}, lf.one_or_list(ship)]}
    sail = lf.object_schema(
        {"ship": ship, "to": ref(book, defs, "expedition"), **extras, "wild": wild}
    )
    voyage = lf.object_schema(
        {"contract": ref(book, defs, "contract"), "ships": lf.one_or_list(ship), **extras}
        | {"duration": WHOLE_SCHEMA, "turns": WHOLE_SCHEMA, "wild": wild},
        required=["contract", "ships"],
    )
    short = {
        "type": "object",
        "properties": {**extras, "wild": {"type": "boolean"}},
        "propertyNames": {"anyOf": [ship, {"enum": [*extras, "wild"]}]},
        "additionalProperties": ref(book, defs, "expedition"),
    }
    return {"anyOf": [sail, voyage, short]}


def reserve_schema(book: CardBook, defs: dict) -> dict:
    ship, contract = ref(book, defs, "ship"), ref(book, defs, "contract")
    row = {"type": "string", "description": "purchase, filling or contracts (row)"}
    keyed = lf.object_schema(
        {"ship": ship, "contract": contract, "row": row, "space": WHOLE_SCHEMA}
    )
    return {"anyOf": [ship, contract, keyed]}
