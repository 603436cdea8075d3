"""The turn log of Discovery: The Era of Voyage (docs/logs.md, "Discovery: The Era of Voyage"):
the ``setup`` (the table's Game Preparation) and the turns, whose keys are read in the order
written (a pirate may be turned at any time), declared in ``FORMAT``; and written back."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core.game import Step
from portolan.checker.games.discovery_era_of_voyage import moves
from portolan.checker.games.discovery_era_of_voyage.book import (
    BOW_WORDS,
    NONE_WORDS,
    RETURN_WORDS,
    YES_WORDS,
)
from portolan.checker.games.discovery_era_of_voyage.state import TABLE
from portolan.names import fold
from portolan.yamlsrc import YMap

INCOME_KEYS = ("take", "trade", "exchange")
STANDARD_COINS, BY_SEAT_COINS = "standard", "by_seat"
_ITEM = re.compile(r"^(?:(buy|sell|take|exchange)\s+)?(?:(\d+)\s*x?\s+)?(.+)$", re.IGNORECASE)


def _name(names: Any, what: str, ref: str, **how: Any) -> lf.Name:
    return lf.Name(names, what, kind="", ref=ref, **how)


def _payment(r: lf.TurnReader, text: str) -> str | None:
    return "Coin" if fold(text) in ("coin", "coins") else r.book.payment_names.exact(text)


def _count(low: int | None = None) -> lf.Whole:
    return lf.Whole(low, wrong="{key} is a whole number, found {value!r}")


ISLAND = _name(lambda b: b.names, "an island of this game", "island")
RESOURCE = _name(lambda b: b.resource_names, "a resource", "resource")
PAYMENT = _name(lambda b: b.payment_names, "a coin or a resource", "payment", find=_payment)
BOW = lf.Words(BOW_WORDS, "a bow direction", hint="write clockwise or counterclockwise")
PIRATES = "pirates maps each pirate's island to its bow: {Gold Reef: clockwise, ...}"
PIRATE_BOWS = lf.MapOf(ISLAND, BOW, PIRATES, listed=PIRATES)
TURN_PIRATE = "turn_pirate maps the pirate's island to the payment: {Gold Reef: Coin}"
SAIL = lf.Forms(
    (
        (int, lf.Whole()),
        (
            str,
            lf.Words(
                {w: moves.Return() for w in RETURN_WORDS},
                "back to the Central Island",
                otherwise=ISLAND,
            ),
        ),
        (YMap, lf.Fields({"to": ISLAND, "steps": _count(0), "bow": BOW, "pirate": _count(0)})),
    ),
    "sail names an island, a number of steps, or return",
)


@dataclass(frozen=True)
class Coins(lf.Arg):
    """How the starting coins are handed out: the same to each (False) or by seat (True)."""

    def read(self, r, value, pos, field):
        k = r.book.constants
        text = fold(str(value)).replace(" ", "").replace("_", "")
        by_seat = "/".join(map(str, k["starting_coins_by_seat"]))
        if text in (str(k["starting_coins"]), "standard", "each", f"{k['starting_coins']}each"):
            return False
        if text in (by_seat, "byseat", "seat"):
            return True
        hint = f"write {k['starting_coins']} (each) or {by_seat}"
        r.bad(f"'{value}' is not a way to hand out starting coins", pos, field, hint)
        return lf.BAD

    def schema(self, book, defs):
        return {"type": ["integer", "string"], "description": "3 (each) or 0/0/1/1"}

    def write(self, value):
        return BY_SEAT_COINS if value else STANDARD_COINS


SETUP = lf.Fields(
    {
        "islands": lf.ListOf(ISLAND, alone=False, shape="islands is a list, clockwise from slot 1"),
        "first": lf.PlayerName(),
        "coins": Coins(),
        "markers": _count(),
    },
    required=("islands",),
    missing="name the islands in circle order, clockwise (islands: [...])",
    shape="setup is a mapping: islands, first, coins, markers",
)
SETUP_MOVES = {
    "islands": moves.PlaceIsland,
    "first": moves.FirstPlayer,
    "coins": moves.StartingCoins,
    "markers": moves.Markers,
}


def _pirates_option(r: lf.TurnReader, raw: YMap) -> None:
    """The 2 Player Variant's option, with another number of players: refused."""
    opts, n = raw.get("options"), len(r.players)
    pirates = isinstance(opts, YMap) and str(opts.get("pirates", False)).lower() == "true"
    if pirates and n != 2:
        message = f"the pirates are the 2 Player Variant: this game has {n} players"
        r.bad(message, opts.value_pos["pirates"], "options.pirates")


# -- turns ------------------------------------------------------------------------------------
def _turn_pirate(r: lf.TurnReader, at: lf.At) -> None:
    done = [st.move for st in r.steps[r.first :]]  # so far in this turn
    sailed = any(isinstance(m, (moves.Sail, moves.Return)) for m in done)
    if sailed and "income" not in r.entry and not any(isinstance(m, INVESTED) for m in done):
        r.step(moves.Collect(), at.pos)  # income left out: it comes straight after sailing
    if isinstance(at.value, str):  # the pirate's island, paid with a coin
        r.step(moves.TurnPirate(at.value, "Coin"), at.pos)
        return
    for island, pay in at.value:
        r.step(moves.TurnPirate(island.value, pay.value), island.pos)


def _sail(r: lf.TurnReader, at: lf.At) -> None:
    """Where the ship sails (the Central Island: back), then its bow and the pirate moved."""
    value = at.value if isinstance(at.value, dict) else {"to": at}  # written alone
    to, steps = value.get("to"), value.get("steps")
    if isinstance(to and to.value, int):
        to, steps = None, to
    if to is None and steps is None:
        r.bad("name where the ship sails: 'to' an island, or a number of 'steps'", at.pos, at.field)
    elif to is not None and (isinstance(to.value, moves.Return) or to.value == r.book.central):
        r.step(moves.Return(), to.pos)
    else:
        r.step(moves.Sail(*(v and v.value for v in (to, steps))), (to or steps).pos)
    if "bow" in value:
        r.step(moves.Bow(value["bow"].value), value["bow"].pos)
    if "pirate" in value:
        r.step(moves.MovePirate(value["pirate"].value), value["pirate"].pos)


@dataclass(frozen=True)
class IncomeItem(lf.Arg):
    """One choice of the income ('buy Pepper', 'sell 2 Gold', 'exchange Gold', a resource),
    listed under ``kind`` (take, trade, exchange) or not: its moves, one a piece."""

    kind: str | None = None

    def read(self, r, item, pos, field):
        m = _ITEM.match(item.strip()) if isinstance(item, str) else None
        hint = "write 'buy Pepper', 'sell 2 Gold', 'exchange Gold' or a resource"
        if m is None:
            r.bad(f"cannot read {item!r}", pos, field, hint)
            return lf.BAD
        verb = (m[1] or "").lower() or None
        if self.kind == "trade" and verb not in ("buy", "sell"):
            r.bad(f"a trade is 'buy X' or 'sell X', not {item!r}", pos, field)
            return lf.BAD
        verb = verb or (self.kind if self.kind in ("take", "exchange") else None)
        resource = r.read(RESOURCE, m[3], pos, field)
        if resource is None:
            return lf.BAD
        n, supply = int(m[2] or 1), r.book.resource_totals[resource]
        if n > supply:  # more than the box holds: a typing slip, not a move to replay n times
            r.bad(f"{n} {resource} is more than the {supply} the game has (Components)", pos, field)
            return lf.BAD
        move = moves.Trade(verb, resource) if verb in ("buy", "sell") else ITEM[verb](resource)
        return [move] * n

    def schema(self, book, defs):
        return {"type": "string", "description": "'buy Pepper', 'sell 2 Gold'..."}


ITEM = {"take": moves.Take, "exchange": moves.Exchange, None: moves.Pick}
INVESTED = (moves.Invest, moves.NoInvest)
ITEM_VERB = {moves.Take: "take", moves.Exchange: "exchange"}
CHOICES = lf.ListOf(IncomeItem())
INCOME = lf.YesNo(
    NONE_WORDS,
    YES_WORDS,
    lf.Forms(
        ((YMap, lf.Fields({k: lf.ListOf(IncomeItem(k)) for k in INCOME_KEYS})), (object, CHOICES)),
        "",
    ),
)


def _income(r: lf.TurnReader, at: lf.At) -> None:
    """No income (nothing, false, none), or collected: with its choices, in the order they
    are collected (take, trade, exchange)."""
    got = at.value
    r.step(moves.NoIncome() if got is False else moves.Collect(), at.pos)
    if isinstance(got, dict):
        got = [item for k in INCOME_KEYS for item in lf.value_of(got, k, [])]
    for item in got if isinstance(got, list) else []:
        for move in item.value:
            r.step(move, item.pos)


NO_INVESTMENT = "invest is true, false, the island's name or a number of investments"
INVEST = lf.YesNo(
    NONE_WORDS,
    ("yes", "true"),
    lf.Forms(((int, lf.Whole(0, wrong=NO_INVESTMENT)), (object, ISLAND)), ""),
)


def _invest(r: lf.TurnReader, at: lf.At) -> None:
    """No investment, one (on the island named), or a number of them."""
    got, most = at.value, r.book.constants["markers_per_player"]
    if isinstance(got, str):
        r.step(moves.Invest(got), at.pos)
    elif got is True or (type(got) is int and 0 < got <= most):
        for _ in range(got):
            r.step(moves.Invest(), at.pos)
    elif not got:
        r.step(moves.NoInvest(), at.pos)
    else:  # not replayed n times: a player has only so many markers
        r.bad(f"{got} investments: a player has {most} Investment Markers", at.pos, at.field)


def _write_turn_pirate(turn: dict, key: str, st: Step) -> None:
    m = st.move
    if isinstance(m, moves.PayPirate):  # for the pirate not yet paid for
        turn[key][next(k for k, v in turn[key].items() if v is None)] = m.payment
        return
    if "invest" in turn and turn["invest"] is None:  # turned after passing: say where
        turn["invest"] = False
    if m.island is not None:  # 'turn a pirate': the island comes in the next step
        turn.setdefault(key, {})[m.island] = m.payment


def _write_sail(turn: dict, key: str, st: Step) -> None:
    m = st.move
    if isinstance(m, moves.Sail):
        turn[key] = {"to": m.to} if m.to else {"steps": m.steps}
    elif isinstance(m, moves.Return):
        turn[key] = "return"
    elif isinstance(m, moves.Bow):
        turn[key]["bow"] = BOW.write(m.direction)
    else:
        turn[key]["pirate"] = m.steps


def _write_income(turn: dict, key: str, st: Step) -> None:
    m = st.move
    if isinstance(m, (moves.NoIncome, moves.Collect)):
        turn[key] = "none" if isinstance(m, moves.NoIncome) else []
    else:
        verb = m.action if isinstance(m, moves.Trade) else ITEM_VERB.get(type(m), "")
        turn.setdefault(key, []).append((verb, m.resource))


def _write_invest(turn: dict, key: str, st: Step) -> None:
    passed = isinstance(st.move, moves.NoInvest)  # None: no investment, said if a pirate follows
    turn[key] = None if passed else (turn.get(key) or 0) + 1


def _tidy(turn: dict) -> None:
    """A turn in its shortest form. A pirate chosen but not yet paid for (a game saved
    mid-choice) is left out: the choice is asked again when the game resumes."""
    for k in [k for k, v in turn.get("turn_pirate", {}).items() if v is None]:
        del turn["turn_pirate"][k]
    for key in ("turn_pirate", "invest"):
        if turn.get(key, 0) in ({}, None):
            del turn[key]
    sail = turn.get("sail")
    if isinstance(sail, dict) and len(sail) == 1:
        turn["sail"] = next(iter(sail.values()))
    income = turn.get("income")
    if isinstance(income, list):
        income = turn["income"] = _grouped(income)
    if income == []:  # left out: it comes straight after sailing (see _turn_pirate)
        del turn["income"]
    elif isinstance(income, list) and len(income) == 1:
        turn["income"] = income[0]
    if turn.get("invest") == 1:
        turn["invest"] = True


def _grouped(items: list[tuple[str, str]]) -> list[str]:
    """('exchange', 'Fruit') twice in a row -> 'exchange 2 Fruit'."""
    out: list[list] = []
    for verb, resource in items:
        if out and out[-1][0] == verb and out[-1][2] == resource:
            out[-1][1] += 1
        else:
            out.append([verb, 1, resource])
    return [" ".join(w for w in (verb, str(n) if n > 1 else "", r) if w) for verb, n, r in out]


# -- the declaration: each key, its reader and the schema of what it reads ----------------------
FORMAT = lf.LogFormat(
    start=moves.StartTurn,
    keys={
        "pirates": lf.Key(PIRATE_BOWS, moves.PlacePirate, doc="2 Player Variant"),
        "turn_pirate": lf.Key(
            lf.Forms(
                (
                    (str, ISLAND),
                    ((YMap, list), lf.MapOf(ISLAND, PAYMENT, TURN_PIRATE, listed=TURN_PIRATE)),
                ),
                TURN_PIRATE,
            ),
            steps=_turn_pirate,
            write=_write_turn_pirate,
            moves=(moves.TurnPirate, moves.PayPirate),
        ),
        "sail": lf.Key(
            SAIL,
            steps=_sail,
            write=_write_sail,
            moves=(moves.Sail, moves.Return, moves.Bow, moves.MovePirate),
            doc="an island, steps or return",
        ),
        "income": lf.Key(
            INCOME,
            steps=_income,
            write=_write_income,
            moves=(moves.NoIncome, moves.Collect, *ITEM.values(), moves.Trade),
            doc="the income's choices",
        ),
        "invest": lf.Key(
            INVEST,
            steps=_invest,
            write=_write_invest,
            moves=(moves.Invest, moves.NoInvest),
            doc="true, false or an island",
        ),
    },
    top={"setup": lf.record_key(SETUP, SETUP_MOVES, TABLE)},  # the table's Game Preparation
    needs={
        "setup": "'setup' is missing: name the islands in circle order, clockwise "
        "(setup: {islands: [...], first: Player})"
    },
    before=_pirates_option,
    tidy=_tidy,
    written_order=True,
    shape="a turn is a mapping with at least 'player' and 'sail'",
)
TOP_KEYS, TURN_KEYS = tuple(FORMAT.top), FORMAT.turn_keys
parse_log, write_log = partial(lf.parse_log, FORMAT), partial(lf.write_log, FORMAT)
