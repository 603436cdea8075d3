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


# -- Writing: what each move writes into the list under its action's key (one item a
# contract, a purchase, a ship sent or contract played, a Reservation; made short by _tidy) --
def _sail(m: moves.Sail, sent: list) -> None:
    """The ship chosen sails: 'Ship: Expedition', with its flagship's transport and colour."""
    wild = {"wild": True} if m.wild else {}
    sent[-1] = {sent[-1][SENDING]: m.expedition, **_flagship(m), **wild}


def _assign(m: moves.Assign, sent: list) -> None:
    """A ship joins the contract played: listed, and again under wild: if a Wild Ship card
    lets it."""
    sent[-1].update(_flagship(m))
    sent[-1]["ships"].append(m.card)
    if m.wild:
        sent[-1].setdefault("wild", []).append(m.card)


WRITES = {
    "contract": {
        moves.Contract: lambda m, got: got.append(m.card),
        moves.TakeContract: lambda m, got: got.append({"take": m.card}),
        moves.DrawContract: lambda m, got: got.append({"draw": None}),  # drawn blind, then:
        moves.ContractDrawn: lambda m, got: got[-1].update(draw=m.card),
        moves.KeepSecret: lambda m, got: got[-1].update(draw=HIDDEN),
        # the contract turned over in the place of one taken (when it is named)
        moves.RowContract: lambda m, got: got[-1].update(
            {} if m.card == UNNAMED else {"new": m.card}
        ),
    },
    "buy": {
        moves.Buy: lambda m, got: got.append({"ship": m.card, "space": m.space, "new": []}),
        moves.TurnOver: lambda m, got: got[-1]["new"].append(
            m.card + (f" (pile {m.pile})" if m.pile else "")
        ),
    },
    "send": {
        moves.SendShip: lambda m, got: got.append({SENDING: m.card}),  # written once it sails
        moves.Sail: _sail,
        moves.PlayContract: lambda m, got: got.append(
            {"contract": m.card, "ships": [], "duration": m.duration}
        ),
        moves.Assign: _assign,
    },
    "reserve": {moves.Reserve: lambda m, got: got.append(_reservation(m))},
}


def _action(name: str, arg: lf.Arg, each: Any, doc: str) -> lf.Key:
    """The key of one action: a list of items, each read by ``arg`` into moves by ``each``, and
    written back by the moves of ``WRITES[name]``."""
    writes = WRITES[name]

    def write(turn: dict, key: str, st: Step) -> None:
        writes[type(st.move)](st.move, turn.setdefault(key, []))

    return lf.Key(lf.ListOf(arg), each=each, write=write, moves=tuple(writes), doc=doc)


ACTIONS = {
    "coins": lf.Key(
        lf.Words({"take": TAKE_2}, wrong="write 'coins: take' for the action Take 2 coins"),
        move=lambda take: take,
        at_key=True,
        moves=(moves.TakeCoins,),
        doc="Take 2 coins (§6.1)",
    ),
    "contract": _action(
        "contract", la.CONTRACT_FORMS, la.contract, "take or draw a trade contract"
    ),
    "buy": _action("buy", la.BUY, la.buy, "each ship bought: 'Ship: the card turned over'"),
    "send": _action("send", la.SEND, la.send, "each ship sent and each contract played"),
    "reserve": _action("reserve", la.RESERVE, la.reserve, "a Reservation: the card reserved"),
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


def _flagship(m: Any) -> dict:
    """A flagship's transport and colour, when the move names them."""
    return {k: getattr(m, k) for k in la.EXTRAS if getattr(m, k) is not None}


def _reservation(m: Any) -> Any:
    """A card reserved: its name alone, or with the row (not the contracts') and space."""
    if m.row is None and m.space is None:
        return m.card
    kind, row = ("contract", None) if m.row == CONTRACTS else ("ship", m.row)
    return {kind: m.card} | {k: v for k, v in (("row", row), ("space", m.space)) if v}


def _purchase(b: dict) -> Any:
    """A purchase in its shortest form: 'Ship: New card', or with the space it was bought from."""
    new = b["new"][0] if len(b["new"]) == 1 else b["new"]
    if b["space"] is not None:
        return {"ship": b["ship"], "space": b["space"]} | ({"new": new} if new else {})
    return {b["ship"]: new} if new else b["ship"]
