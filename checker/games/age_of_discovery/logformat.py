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

from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.game import Step
from portolan.checker.core.log import ends_the_log, player_named
from portolan.checker.games.age_of_discovery import logactions as la
from portolan.checker.games.age_of_discovery import moves
from portolan.checker.games.age_of_discovery.book import CardBook

# key_of: position.py reads keys so too
from portolan.checker.games.age_of_discovery.logactions import (
    ACTION_KEYS,
    NAMES,
    PLAYER_KEYS,
    SECRET,
    SETUP_KEYS,
    Reader,
    is_hidden,
    key_of,
    ref,
)
from portolan.checker.games.age_of_discovery.moves import HIDDEN, TAKE_2
from portolan.checker.games.age_of_discovery.state import CONTRACTS, FILLING, PURCHASE, UNNAMED
from portolan.errors import InputError, did_you_mean
from portolan.yamlsrc import Pos, Source, YMap


# -- Reading ----------------------------------------------------------------------------------
def parse_log(
    book: CardBook, raw: Any, source: Source, players: list[str], options: dict[str, Any]
) -> list[Step]:
    rd = Reader(book, source, players, options)
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


def _setup(rd: Reader, setup: Any, pos: Pos | None, field: str) -> None:
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


def _then(rd: Reader, value: Any, pos: Pos | None, field: str) -> None:
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


MISSIONS = lf.MapOf(
    lf.PlayerName(),
    NAMES["mission"],
    "end.missions maps each player to the special mission revealed",
)


def _end(rd: Reader, end: Any, pos: Pos | None, field: str) -> None:
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
def _then_schema(book: CardBook, defs: dict) -> dict:
    actions = {k: FORMAT.keys[k].arg.schema(book, defs) for k in ACTION_KEYS}
    return lf.one_or_list(lf.object_schema(actions, minProperties=1))


def _setup_schema(book: CardBook, defs: dict) -> dict:
    ship, contract, mission = (ref(book, defs, what) for what in ("ship", "contract", "mission"))
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
        "contract": _action(la.contract, la.contract_schema, "take or draw a trade contract"),
        "buy": _action(la.buy, la.buy_schema, "each ship bought: 'Ship: the card turned over'"),
        "send": _action(la.send, la.send_schema, "each ship sent and each contract played"),
        "reserve": _action(la.reserve, la.reserve_schema, "a Reservation: the card reserved"),
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
