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
from portolan.checker.games.age_of_discovery.logactions import CONTRACT, MISSION
from portolan.checker.games.age_of_discovery.moves import HIDDEN, TAKE_2
from portolan.checker.games.age_of_discovery.state import CONTRACTS, FILLING, PURCHASE, UNNAMED
from portolan.names import NameIndex

FLAGSHIP = lf.Name(
    lambda b: NameIndex(b.flagships), "a flagship", kind="a ship card", ref="flagship"
)
DEALT = lf.Fields(
    {
        "contracts": lf.ListOf(la.secret_or(CONTRACT)),
        "flagship": la.secret_or(FLAGSHIP),
        "mission": la.secret_or(MISSION),
    },
    shape="each player's setup is a mapping: contracts, flagship, mission",
    partial=True,
    spell=lf.spaced,
)
SETUP = lf.Fields(
    {
        "contracts": lf.ListOf(CONTRACT),
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


# each player's cards dealt: the key of the setup, what a card kept secret is, the move
DEALING = (
    ("contracts", "contract", moves.DealContract),
    ("mission", "mission", moves.DealMission),
    ("flagship", "flagship", moves.DealFlagship),
)


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
    hidden = lf.At(HIDDEN, got["players"].pos, "")  # left out: kept secret, named when revealed
    for key, what, move in DEALING:
        for p in rd.players:  # in seat order, as the cards are dealt
            mine = per.get(p, {})
            for card in (
                lf.value_of(mine, key, []) if key == "contracts" else [mine.get(key, hidden)]
            ):
                secret = card.value == HIDDEN
                rd.step(moves.KeepSecret(p, what) if secret else move(p, card.value), card.pos, p)


def _end(rd: lf.TurnReader, at: lf.At) -> None:
    """The missions revealed at the end (not written at setup), after the last turn read."""
    by_seat = {p.value: m for p, m in lf.value_of(at.value, "missions", [])}
    for p in rd.players:  # revealed in seat order
        if p in by_seat:
            rd.step(moves.DealMission(p, by_seat[p].value), by_seat[p].pos, p)


# -- Writing: each action's moves under its key (lists, made short by _tidy) ------------------
def _write_contract(turn: dict, key: str, st: Step) -> None:
    m, contracts = st.move, turn.setdefault(key, [])
    if isinstance(m, moves.Contract):
        contracts.append(m.card)
    elif isinstance(m, (moves.TakeContract, moves.DrawContract)):
        contracts.append({"take": m.card} if isinstance(m, moves.TakeContract) else {"draw": None})
    elif isinstance(m, (moves.ContractDrawn, moves.KeepSecret)):  # drawn blind
        contracts[-1]["draw"] = m.card if isinstance(m, moves.ContractDrawn) else HIDDEN
    elif m.card != UNNAMED:  # the contract turned over in its place
        contracts[-1]["new"] = m.card


def _write_buy(turn: dict, key: str, st: Step) -> None:
    m = st.move
    if isinstance(m, moves.Buy):
        turn.setdefault(key, []).append({"ship": m.card, "space": m.space, "new": []})
    else:  # the card turned over in its place
        turn[key][-1]["new"].append(m.card + (f" (pile {m.pile})" if m.pile else ""))


def _write_send(turn: dict, key: str, st: Step) -> None:
    m, sent = st.move, turn.setdefault(key, [])
    if isinstance(m, moves.SendShip):
        sent.append({SENDING: m.card})  # written once it sails
    elif isinstance(m, moves.Sail):
        sent[-1] = _flagship({sent[-1][SENDING]: m.expedition}, m)
        if m.wild:
            sent[-1]["wild"] = True
    elif isinstance(m, moves.PlayContract):
        sent.append({"contract": m.card, "ships": [], "duration": m.duration})
    else:
        _flagship(sent[-1], m)["ships"].append(m.card)
        if m.wild:
            sent[-1].setdefault("wild", []).append(m.card)


def _write_reserve(turn: dict, key: str, st: Step) -> None:
    turn.setdefault(key, []).append(_reservation(st.move))


ACTIONS = {
    "coins": lf.Key(
        lf.Words({"take": TAKE_2}, wrong="write 'coins: take' for the action Take 2 coins"),
        move=lambda take: take,
        at_key=True,
        moves=(moves.TakeCoins,),
        doc="Take 2 coins (§6.1)",
    ),
    "contract": lf.Key(
        lf.ListOf(la.CONTRACT_FORMS),
        each=la.contract,
        write=_write_contract,
        moves=(
            moves.Contract,
            moves.TakeContract,
            moves.DrawContract,
            moves.ContractDrawn,
            moves.KeepSecret,
            moves.RowContract,
        ),
        doc="take or draw a trade contract",
    ),
    "buy": lf.Key(
        lf.ListOf(la.BUY),
        each=la.buy,
        write=_write_buy,
        moves=(moves.Buy, moves.TurnOver),
        doc="each ship bought: 'Ship: the card turned over'",
    ),
    "send": lf.Key(
        lf.ListOf(la.SEND),
        each=la.send,
        write=_write_send,
        moves=(moves.SendShip, moves.Sail, moves.PlayContract, moves.Assign),
        doc="each ship sent and each contract played",
    ),
    "reserve": lf.Key(
        lf.ListOf(la.RESERVE),
        each=la.reserve,
        write=_write_reserve,
        moves=(moves.Reserve,),
        doc="a Reservation: the card reserved",
    ),
}
DEALT_MOVES = {move: what for _, what, move in DEALING}
SETUP_MOVES = (moves.RowContract, moves.SetupShip, moves.KeepSecret, *DEALT_MOVES)


def _write_setup(out: dict, key: str, st: Step) -> None:
    """What was turned over (the rows) and dealt (each player's cards, or 'hidden')."""
    m, setup = st.move, out.setdefault(key, {})
    if isinstance(m, moves.RowContract):
        setup.setdefault("contracts", []).append(m.card)
    elif isinstance(m, moves.SetupShip):
        setup.setdefault(f"{m.row} row", []).append(m.card)
    else:  # a player's cards
        secret = isinstance(m, moves.KeepSecret)
        what, card = (m.what, HIDDEN) if secret else (DEALT_MOVES[type(m)], m.card)
        seat = setup.setdefault("players", {}).setdefault(m.player, {})
        if what == "contract":
            seat.setdefault("contracts", []).append(card)
        else:
            seat[what] = card


def _write_end(out: dict, key: str, st: Step) -> None:
    out.setdefault(key, {"missions": {}})["missions"][st.move.player] = st.move.card


SENDING = " ship"  # a ship sent, before its expedition is written (no card has this name)
THEN = "then: is a mapping of what follows, e.g. {reserve: Blue Ship 3}"


def _tidy(turn: dict) -> None:
    """A turn and what follows it in their shortest form: a key holding one item holds it
    alone. A ship chosen but not yet sent, or a contract drawn but not yet named (a game saved
    mid-step), is left out: it is asked again when the game resumes."""
    for t in (turn, *turn.get("then", [])):
        if "buy" in t:
            t["buy"] = [_purchase(b) for b in t["buy"]]
        if "send" in t:
            t["send"] = [s for s in t["send"] if SENDING not in s and s.get("ships", True)]
            if not t["send"]:
                del t["send"]
        for key in ("contract", "reserve"):
            if len(t.get(key, ())) == 1:
                t[key] = t[key][0]
        contract = t.get("contract")
        if isinstance(contract, dict) and "draw" in contract and contract["draw"] is None:
            del t["contract"]


FORMAT = lf.LogFormat(
    start=moves.StartTurn,
    keys={**ACTIONS, "then": lf.follows(ACTIONS, THEN, "what follows, in order")},
    top={
        "setup": lf.Key(SETUP, steps=_setup, write=_write_setup, moves=SETUP_MOVES),
        "end": lf.Key(END, steps=_end, write=_write_end, moves=(moves.DealMission,)),
    },
    tidy=_tidy,
    written_order=True,
    after=("end",),  # the missions revealed, after the last turn read
    again="then",
)
parse_log, write_log = partial(lf.parse_log, FORMAT), partial(lf.write_log, FORMAT)
TOP_KEYS, TURN_KEYS = tuple(FORMAT.top), FORMAT.turn_keys


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


def _purchase(b: dict) -> Any:
    new = b["new"]
    value = new[0] if len(new) == 1 else (new or None)
    if b["space"] is not None:
        out = {"ship": b["ship"], "space": b["space"]}
        if value is not None:
            out["new"] = value
        return out
    return {b["ship"]: value} if value is not None else b["ship"]
