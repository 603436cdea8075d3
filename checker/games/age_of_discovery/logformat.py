"""The turn log of Age of Discovery, declared in ``FORMAT`` (the actions of a turn in the order
taken, ``setup:`` what was turned over and dealt, ``end:`` the missions revealed), and written
back (``write_log``); docs/logs.md, "Age of Discovery", shows every key."""

from __future__ import annotations

from functools import partial
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.game import Step
from portolan.checker.games.age_of_discovery import logactions as la
from portolan.checker.games.age_of_discovery import moves
from portolan.checker.games.age_of_discovery.logactions import NAMES
from portolan.checker.games.age_of_discovery.moves import HIDDEN, TAKE_2
from portolan.checker.games.age_of_discovery.state import CONTRACTS, FILLING, PURCHASE, UNNAMED
from portolan.names import NameIndex
from portolan.yamlsrc import YMap

MISSION = NAMES["mission"]
FLAGSHIP = lf.Name(
    lambda b: NameIndex(b.flagships), "a flagship", kind="a ship card", ref="flagship"
)
DEALT = lf.Fields(
    {
        "contracts": lf.ListOf(la.secret_or(NAMES["contract"])),
        "flagship": la.secret_or(FLAGSHIP),
        "mission": la.secret_or(MISSION),
    },
    shape="each player's setup is a mapping: contracts, flagship, mission",
    partial=True,
    spell=lf.spaced,
)
SETUP = lf.Fields(
    {
        "contracts": lf.ListOf(NAMES["contract"]),
        "purchase row": lf.ListOf(la.SHIP),
        "filling row": lf.ListOf(la.SHIP),
        "players": lf.MapOf(
            lf.PlayerName(), DEALT, "setup.players maps each player to contracts, flagship, mission"
        ),
    },
    shape="setup is a mapping: contracts, purchase row, filling row, players",
    spell=lf.spaced,
)
MISSIONS = lf.MapOf(
    lf.PlayerName(), MISSION, "end.missions maps each player to the special mission revealed"
)
END = lf.Fields({"missions": MISSIONS}, shape="end is a mapping: missions")


def _setup(rd: lf.TurnReader, at: lf.At) -> None:
    got = at.value
    for card in lf.value_of(got, "contracts", []):
        rd.step(moves.RowContract(card.value), card.pos)
    for key, row in (("purchase row", PURCHASE), ("filling row", FILLING)):
        for card in lf.value_of(got, key, []):
            rd.step(moves.SetupShip(card.value, row), card.pos)
    if "players" not in got:
        return
    per = {who.value: dealt.value for who, dealt in got["players"].value}
    for p in rd.players:  # in seat order, as the cards are dealt
        for card in lf.value_of(per.get(p, {}), "contracts", []):
            secret = card.value == HIDDEN
            rd.step(
                moves.KeepSecret(p, "contract") if secret else moves.DealContract(p, card.value),
                card.pos,
                p,
            )
    for key, move in (("mission", moves.DealMission), ("flagship", moves.DealFlagship)):
        for p in rd.players:
            card = per.get(p, {}).get(key, lf.At(HIDDEN, got["players"].pos, ""))
            secret = card.value == HIDDEN  # kept secret: named when revealed
            rd.step(moves.KeepSecret(p, key) if secret else move(p, card.value), card.pos, p)


def _then(rd: lf.TurnReader, at: lf.At) -> None:
    """What follows a turn's actions (one mapping or a list of them), where a key may be
    written again: a Reservation played after another action that followed the first (§6.2
    'any number of action cards')."""
    for item in at.value:
        if not item.value:
            rd.bad(THEN.shape, item.pos, item.field)
            continue
        entry = item.value
        for key, k in THEN.written(rd, entry, item.field).items():
            FORMAT.keys[key].read(rd, entry, k, item.field)


def _end(rd: lf.TurnReader, at: lf.At) -> None:
    """The missions revealed at the end (not written at setup), after the last turn read."""
    by_seat = {p.value: m for p, m in lf.value_of(at.value, "missions", [])}
    for p in rd.players:  # revealed in seat order
        if p in by_seat:
            rd.step(moves.DealMission(p, by_seat[p].value), by_seat[p].pos, p)


def _action(arg: lf.Arg, steps: Any, doc: str) -> lf.Key:
    """An action key: one item or a list of them, each read by ``arg``, its steps by ``steps``."""
    return lf.Key(
        lf.ListOf(arg), steps=lambda r, at: [steps(r, item) for item in at.value], doc=doc
    )


ACTIONS = {
    "coins": lf.Key(
        lf.Words({"take": TAKE_2}, wrong="write 'coins: take' for the action Take 2 coins"),
        move=lambda take: take,
        at_key=True,
        doc="Take 2 coins (§6.1)",
    ),
    "contract": _action(la.CONTRACT_FORMS, la.contract, "take or draw a trade contract"),
    "buy": _action(la.BUY, la.buy, "each ship bought: 'Ship: the card turned over'"),
    "send": _action(la.SEND, la.send, "each ship sent and each contract played"),
    "reserve": _action(la.RESERVE, la.reserve, "a Reservation: the card reserved"),
}
THEN = lf.Fields(
    {k: key.arg for k, key in ACTIONS.items()},
    shape="then: is a mapping of what follows, e.g. {reserve: Blue Ship 3}",
    spell=lf.spaced,
)
# each mapping of then: is read key by key by the actions' own keys (_then)
FOLLOWING = lf.Parsed(lambda r, value, pos, field: None, THEN.schema)
FORMAT = lf.LogFormat(
    start=moves.StartTurn,
    keys={
        **ACTIONS,
        "then": lf.Key(
            lf.ListOf(lf.Forms(((YMap, FOLLOWING),), THEN.shape)),
            steps=_then,
            doc="what follows, in order",
        ),
    },
    top={"setup": lf.Key(SETUP, steps=_setup), "end": lf.Key(END, steps=_end)},
    written_order=True,
    after=("end",),  # the missions revealed, after the last turn read
)
parse_log = partial(lf.parse_log, FORMAT)
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
