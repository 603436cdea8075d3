"""The turn log of Discovery: The Era of Voyage: the setup and the turns as typed at the
table, and back.

setup:
  islands: [Palm Grove, Harbour Market, ...]   # the 7 islands, clockwise from slot 1
  first: Ben                                   # the starting player (default: the first listed)
  coins: 3                                     # or 0/0/1/1 (from the starting player on)
  markers: 8                                   # each (up to 3 fewer by agreement)
turns:
  - player: Ben
    sail: {to: Palm Grove, bow: clockwise}     # from the Central Island
  - player: Cai
    sail: 3                                    # steps along the bow (or the island's name)
    income: [sell Gold, buy Pepper]            # choices: trades, exchanges, 'any resource'
    invest: true
  - {player: Ana, sail: return, income: none}

2 Player Variant: ``pirates: {Gold Reef: clockwise, Orchard Isle: counterclockwise}`` (the 2nd
player, first round), ``turn_pirate: {Gold Reef: Coin}`` (where it is written: before ``sail``,
after it, after ``income`` or after ``invest``) and ``pirate: 1`` in ``sail`` when the ship
stops on a pirate. A turn's keys are read in the order they are written.
"""

from __future__ import annotations

import re
from typing import Any

from checker.core.game import Step
from checker.core.log import LogReader, player_named, turn_entries
from checker.games.discovery_era_of_voyage.book import (
    BOW_NAMES,
    BOW_WORDS,
    NONE_WORDS,
    RETURN_WORDS,
    YES_WORDS,
    IslandBook,
)
from checker.games.discovery_era_of_voyage.moves import (
    Bow,
    Collect,
    EndIncome,
    EndTurn,
    Exchange,
    FirstPlayer,
    Invest,
    Markers,
    MovePirate,
    NoIncome,
    NoInvest,
    PayPirate,
    Pick,
    PlaceIsland,
    PlacePirate,
    Return,
    Sail,
    StartingCoins,
    StartTurn,
    Take,
    Trade,
    TurnPirate,
)
from checker.games.discovery_era_of_voyage.state import TABLE
from portolan.errors import InputError, did_you_mean
from portolan.names import fold
from portolan.yamlsrc import Pos, Source, YList, YMap

TOP_KEYS = ("setup",)  # the islands drawn and placed, the first player, coins and markers
SETUP_KEYS = ("islands", "first", "coins", "markers")
TURN_KEYS = ("player", "pirates", "turn_pirate", "sail", "income", "invest")
SAIL_KEYS = ("to", "steps", "bow", "pirate")
INCOME_KEYS = ("take", "trade", "exchange")
STANDARD_COINS, BY_SEAT_COINS = "standard", "by_seat"
_ITEM = re.compile(r"^(?:(buy|sell|take|exchange)\s+)?(?:(\d+)\s*x?\s+)?(.+)$", re.IGNORECASE)


class _Reader(LogReader):
    book: IslandBook

    def __init__(self, book: IslandBook, source: Source, players: list[str]):
        super().__init__(book, source, players)
        # what was found for a name or an income item as written (the same few come back)
        self.islands: dict[str, str] = {}
        self.resources: dict[bool, dict[str, str]] = {False: {}, True: {}}  # by payment
        self.parts: dict[str, tuple[str | None, ...] | None] = {}

    def keys(self, value: YMap, allowed: tuple[str, ...], field: str) -> None:
        for key in value:
            if key not in allowed:
                self.bad(
                    f"unknown key '{key}'",
                    value.key_pos.get(key, value.pos),
                    f"{field}.{key}",
                    did_you_mean(str(key), allowed),
                )

    def island(self, value: Any, pos: Pos | None, field: str) -> str | None:
        if isinstance(value, str) and value in self.islands:
            return self.islands[value]
        name = self.book.names.exact(value) if isinstance(value, str) else None
        if name is not None:
            self.islands[value] = name
        else:
            self.bad(
                f"'{value}' is not an island of this game",
                pos,
                field,
                did_you_mean(str(value), self.book.islands),
            )
        return name

    def resource(
        self, value: Any, pos: Pos | None, field: str, payment: bool = False
    ) -> str | None:
        known = self.resources[payment]
        if isinstance(value, str) and value in known:
            return known[value]
        index = self.book.payment_names if payment else self.book.resource_names
        text = value.strip() if isinstance(value, str) else value
        if payment and isinstance(text, str) and fold(text) in ("coin", "coins"):
            return "Coin"
        name = index.exact(text) if isinstance(text, str) else None
        if name is not None:
            known[value] = name
        else:
            what = "a coin or a resource" if payment else "a resource"
            self.bad(f"'{value}' is not {what}", pos, field, did_you_mean(str(value), index.names))
        return name

    def income_parts(self, item: str) -> tuple[str | None, ...] | None:
        """(verb, count, resource) of an income item as written ('sell 2 Gold'), or None."""
        if item not in self.parts:
            m = _ITEM.match(item.strip())
            self.parts[item] = m.groups() if m else None
        return self.parts[item]

    def bow(self, value: Any, pos: Pos | None, field: str) -> int | None:
        d = BOW_WORDS.get(fold(value)) if isinstance(value, str) else None
        if d is None:
            self.bad(
                f"'{value}' is not a bow direction",
                pos,
                field,
                "write clockwise or counterclockwise",
            )
        return d

    def count(self, value: Any, pos: Pos | None, field: str, what: str) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.bad(f"{what} is a whole number, found {value!r}", pos, field)
            return None
        return value


def _items(value: Any, pos: Pos | None) -> list[tuple[Any, Pos | None, int | None]]:
    """A scalar or a list as (item, position, index)."""
    if isinstance(value, list):
        return [
            (v, value.item_pos[i] if isinstance(value, YList) else pos, i)
            for i, v in enumerate(value)
        ]
    return [(value, pos, None)]


def _pairs(value: Any, pos: Pos | None) -> list[tuple[Any, Any, Pos | None, Pos | None]] | None:
    """A mapping, or a list of one-key mappings, as (key, value, key position, value position)."""
    if isinstance(value, YMap):
        return [(k, v, value.key_pos.get(k), value.value_pos.get(k)) for k, v in value.items()]
    if isinstance(value, list):
        out = []
        for item, ipos, _ in _items(value, pos):
            if not isinstance(item, YMap) or len(item) != 1:
                return None
            ((k, v),) = item.items()
            out.append((k, v, item.key_pos.get(k, ipos), item.value_pos.get(k, ipos)))
        return out
    return None


def parse_log(
    book: IslandBook, raw: YMap, source: Source, players: list[str], options: dict[str, Any]
) -> list[Step]:
    """The steps of a log: its ``setup`` section (the table's Game Preparation), then turns."""
    setup = parse_setup(book, raw, source, players)
    return setup + parse_turns(book, raw.get("turns") or [], source, players)


def write_log(steps: list[Step]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    setup = write_setup(steps)
    if setup:
        out["setup"] = setup
    out["turns"] = write_turns(steps)
    return out


# -- setup ------------------------------------------------------------------------------------
def parse_setup(book: IslandBook, raw: YMap, source: Source, players: list[str]) -> list[Step]:
    r = _Reader(book, source, players)
    opts = raw.get("options")
    pirates = isinstance(opts, YMap) and str(opts.get("pirates", False)).lower() == "true"
    if pirates and len(players) != 2:
        r.bad(
            f"the pirates are the 2 Player Variant: this game has {len(players)} players",
            opts.value_pos["pirates"],
            "options.pirates",
        )
    steps: list[Step] = []

    def step(move, pos):
        steps.append(Step(move, 0, TABLE, pos))

    setup = raw.get("setup")
    if "setup" not in raw and (not raw.get("turns") or "position" in raw):  # or a position
        return steps  # an empty game, e.g. a `play` stopped at its first question
    if "setup" not in raw or setup is None:
        r.bad(
            "'setup' is missing: name the islands in circle order, clockwise "
            "(setup: {islands: [...], first: Player})",
            raw.pos,
            "setup",
        )
        raise InputError(r.problems)
    spos = raw.value_pos["setup"]
    if not isinstance(setup, YMap):
        r.bad("setup is a mapping: islands, first, coins, markers", spos, "setup")
        raise InputError(r.problems)
    r.keys(setup, SETUP_KEYS, "setup")
    if "islands" not in setup:
        r.bad("name the islands in circle order, clockwise (islands: [...])", spos, "setup")
    else:
        value, vpos = setup["islands"], setup.value_pos["islands"]
        if not isinstance(value, list):
            r.bad("islands is a list, clockwise from slot 1", vpos, "setup.islands")
        else:
            for item, ipos, i in _items(value, vpos):
                name = r.island(item, ipos, f"setup.islands[{i}]")
                if name:
                    step(PlaceIsland(name), ipos)
    if "first" in setup:
        try:
            p = player_named(
                setup["first"], players, source, setup.value_pos["first"], "setup.first"
            )
            step(FirstPlayer(p), setup.value_pos["first"])
        except InputError as exc:
            r.problems += exc.problems
    if "coins" in setup:
        by_seat = _coins(book, setup["coins"])
        if by_seat is None:
            k = book.constants
            r.bad(
                f"'{setup['coins']}' is not a way to hand out starting coins",
                setup.value_pos["coins"],
                "setup.coins",
                f"write {k['starting_coins']} (each) or "
                f"{'/'.join(map(str, k['starting_coins_by_seat']))}",
            )
        else:
            step(StartingCoins(by_seat), setup.value_pos["coins"])
    if "markers" in setup:
        n = r.count(setup["markers"], setup.value_pos["markers"], "setup.markers", "markers")
        if n is not None:
            step(Markers(n), setup.value_pos["markers"])
    if r.problems:
        raise InputError(r.problems)
    return steps


def _coins(book: IslandBook, value: Any) -> bool | None:
    k = book.constants
    text = fold(str(value)).replace(" ", "").replace("_", "")
    if text in (str(k["starting_coins"]), "standard", "each", f"{k['starting_coins']}each"):
        return False
    if text in ("/".join(map(str, k["starting_coins_by_seat"])), "byseat", "seat"):
        return True
    return None


def write_setup(steps: list[Step]) -> dict | None:
    out: dict[str, Any] = {}
    for st in steps:
        m = st.move
        if isinstance(m, PlaceIsland):
            out.setdefault("islands", []).append(m.card)
        elif isinstance(m, FirstPlayer):
            out["first"] = m.player
        elif isinstance(m, StartingCoins):
            out["coins"] = BY_SEAT_COINS if m.by_seat else STANDARD_COINS
        elif isinstance(m, Markers):
            out["markers"] = m.count
    return out or None


# -- turns ------------------------------------------------------------------------------------
def parse_turns(book: IslandBook, turns: YList, source: Source, players: list[str]) -> list[Step]:
    r = _Reader(book, source, players)
    steps: list[Step] = []
    shape = "a turn is a mapping with at least 'player' and 'sail'"
    for t, entry, player, where in turn_entries(
        turns, source, players, TURN_KEYS, r.problems, shape
    ):

        def step(move, pos, _t=t, _p=player):
            steps.append(Step(move, _t, _p, pos))

        value_pos = entry.value_pos
        step(StartTurn(player), value_pos["player"])
        seen: list[str] = []
        for key, value in entry.items():  # in the order written: a pirate may be turned anytime
            parse = PARSERS.get(key)
            if parse is None:
                continue
            if key == "turn_pirate" and _after_sailing(seen) and "income" not in entry:
                step(Collect(), value_pos[key])  # an income left out: straight after sailing
            parse(r, value, value_pos[key], f"{where}.{key}", step)
            seen.append(key)
    if r.problems:
        raise InputError(r.problems)
    return steps


def _after_sailing(seen: list[str]) -> bool:
    return "sail" in seen and "invest" not in seen


def _pirates(r: _Reader, value: Any, pos: Pos, field: str, step) -> None:
    pairs = _pairs(value, pos)
    if pairs is None:
        r.bad(
            "pirates maps each pirate's island to its bow: {Gold Reef: clockwise, ...}",
            pos,
            field,
        )
        return
    for k, v, kpos, vpos in pairs:
        island = r.island(k, kpos, f"{field}.{k}")
        bow = r.bow(v, vpos, f"{field}.{k}")
        if island and bow:
            step(PlacePirate(island, bow), kpos)


def _turn_pirate(r: _Reader, value: Any, pos: Pos, field: str, step) -> None:
    if isinstance(value, str):  # the pirate's island, paid with a coin
        island = r.island(value, pos, field)
        if island:
            step(TurnPirate(island, "Coin"), pos)
        return
    pairs = _pairs(value, pos)
    if pairs is None:
        r.bad("turn_pirate maps the pirate's island to the payment: {Gold Reef: Coin}", pos, field)
        return
    for k, v, kpos, vpos in pairs:
        island = r.island(k, kpos, f"{field}.{k}")
        pay = r.resource(v, vpos, f"{field}.{k}", payment=True)
        if island and pay:
            step(TurnPirate(island, pay), kpos)


def _sail(r: _Reader, value: Any, pos: Pos, field: str, step) -> None:
    if isinstance(value, bool) or value is None:
        r.bad("sail names an island, a number of steps, or return", pos, field)
        return
    if isinstance(value, int):
        step(Sail(None, value), pos)
        return
    if isinstance(value, str):
        if fold(value) in RETURN_WORDS:
            step(Return(), pos)
            return
        island = r.island(value, pos, field)
        if island == r.book.central:
            step(Return(), pos)
        elif island:
            step(Sail(island, None), pos)
        return
    if not isinstance(value, YMap):
        r.bad("sail names an island, a number of steps, or return", pos, field)
        return
    r.keys(value, SAIL_KEYS, field)
    to = steps = None
    if "to" in value:
        to = r.island(value["to"], value.value_pos["to"], f"{field}.to")
    if "steps" in value:
        steps = r.count(value["steps"], value.value_pos["steps"], f"{field}.steps", "steps")
    if "to" not in value and "steps" not in value:
        r.bad("name where the ship sails: 'to' an island, or a number of 'steps'", pos, field)
    if to == r.book.central:
        step(Return(), value.value_pos["to"])
    elif to or steps is not None:
        step(Sail(to, steps), value.value_pos["to" if to else "steps"])
    if "bow" in value:
        bow = r.bow(value["bow"], value.value_pos["bow"], f"{field}.bow")
        if bow:
            step(Bow(bow), value.value_pos["bow"])
    if "pirate" in value:
        n = r.count(value["pirate"], value.value_pos["pirate"], f"{field}.pirate", "pirate")
        if n is not None:
            step(MovePirate(n), value.value_pos["pirate"])


def _income(r: _Reader, value: Any, pos: Pos, field: str, step) -> None:
    if value is None or value is False or (isinstance(value, str) and fold(value) in NONE_WORDS):
        step(NoIncome(), pos)
        return
    if value is True or (isinstance(value, str) and fold(value) in YES_WORDS):
        step(Collect(), pos)
        return
    step(Collect(), pos)
    if isinstance(value, YMap):
        r.keys(value, INCOME_KEYS, field)
        for key in INCOME_KEYS:  # in the order they are collected
            if key in value:
                for item, ipos, i in _items(value[key], value.value_pos[key]):
                    sub = f"{field}.{key}" + (f"[{i}]" if i is not None else "")
                    _income_item(r, item, ipos, sub, step, key)
        return
    for item, ipos, i in _items(value, pos):
        _income_item(r, item, ipos, field + (f"[{i}]" if i is not None else ""), step, None)


def _income_item(r: _Reader, item: Any, pos: Pos, field: str, step, kind: str | None) -> None:
    m = r.income_parts(item) if isinstance(item, str) else None
    if m is None:
        r.bad(
            f"cannot read {item!r}",
            pos,
            field,
            "write 'buy Pepper', 'sell 2 Gold', 'exchange Gold' or a resource",
        )
        return
    verb = (m[0] or "").lower() or None
    if kind == "trade" and verb not in ("buy", "sell"):
        r.bad(f"a trade is 'buy X' or 'sell X', not {item!r}", pos, field)
        return
    verb = verb or (kind if kind in ("take", "exchange") else None)
    resource = r.resource(m[2], pos, field)
    if resource is None:
        return
    n = int(m[1]) if m[1] else 1
    supply = r.book.resource_totals[resource]
    if n > supply:  # more than the box holds: a typing slip, not a move to replay n times
        r.bad(f"{n} {resource} is more than the {supply} the game has (Components)", pos, field)
        return
    for _ in range(n):
        if verb in ("buy", "sell"):
            step(Trade(verb, resource), pos)
        elif verb == "take":
            step(Take(resource), pos)
        elif verb == "exchange":
            step(Exchange(resource), pos)
        else:
            step(Pick(resource), pos)


def _invest(r: _Reader, value: Any, pos: Pos, field: str, step) -> None:
    if value is True or (isinstance(value, str) and fold(value) in ("yes", "true")):
        step(Invest(), pos)
    elif value is False or value is None or (isinstance(value, str) and fold(value) in NONE_WORDS):
        step(NoInvest(), pos)
    elif isinstance(value, int):
        most = r.book.constants["markers_per_player"]
        if value < 0:
            r.bad("invest is true, false, the island's name or a number of investments", pos, field)
        elif value > most:  # not replayed n times: a player has only so many markers
            r.bad(f"{value} investments: a player has {most} Investment Markers", pos, field)
            return
        for _ in range(value):
            step(Invest(), pos)
        if value == 0:
            step(NoInvest(), pos)
    else:
        island = r.island(value, pos, field)
        if island:
            step(Invest(island), pos)


PARSERS = {
    "pirates": _pirates,
    "turn_pirate": _turn_pirate,
    "sail": _sail,
    "income": _income,
    "invest": _invest,
}


def write_turns(steps: list[Step]) -> list[dict]:
    """The log's ``turns`` for a list of steps (the inverse of ``parse_turns``)."""
    turns: list[dict] = []
    current: dict | None = None
    turning = None
    passed = False  # no investment this turn (NoInvest)
    for st in steps:
        m = st.move
        if isinstance(m, StartTurn):
            current = {"player": m.player}
            turns.append(current)
            passed = False
            continue
        if current is None:  # setup steps
            continue
        if isinstance(m, PlacePirate):
            current.setdefault("pirates", {})[m.island] = BOW_NAMES[m.bow]
        elif isinstance(m, TurnPirate):
            if passed and "invest" not in current:  # turned after the Invest step: say where
                current["invest"] = False
            if m.island is not None:  # 'turn a pirate': the island comes in the next step
                current.setdefault("turn_pirate", {})[m.island] = m.payment
                turning = m.island
        elif isinstance(m, PayPirate):
            current["turn_pirate"][turning] = m.payment
        elif isinstance(m, Sail):
            current["sail"] = {"to": m.to} if m.to else {"steps": m.steps}
        elif isinstance(m, Return):
            current["sail"] = "return"
        elif isinstance(m, Bow):
            current["sail"]["bow"] = BOW_NAMES[m.direction]
        elif isinstance(m, MovePirate):
            current["sail"]["pirate"] = m.steps
        elif isinstance(m, NoIncome):
            current["income"] = "none"
        elif isinstance(m, Collect):
            current["income"] = []
        elif isinstance(m, (Take, Trade, Exchange, Pick)):
            current.setdefault("income", []).append(_item_text(m))
        elif isinstance(m, Invest):
            current["invest"] = current.get("invest", 0) + 1
        elif isinstance(m, NoInvest):
            passed = True
        elif isinstance(m, (EndIncome, EndTurn)):
            continue
    for t in turns:
        # a pirate chosen but not yet paid for (a game saved mid-choice) is left out: the
        # choice is asked again when the game resumes
        pending = [k for k, v in t.get("turn_pirate", {}).items() if v is None]
        for k in pending:
            del t["turn_pirate"][k]
        if t.get("turn_pirate") == {}:
            del t["turn_pirate"]
        sail = t.get("sail")
        if isinstance(sail, dict) and len(sail) == 1:
            t["sail"] = next(iter(sail.values()))
        income = t.get("income")
        if isinstance(income, list):
            income = t["income"] = _grouped(income)
        if income == []:  # left out: it comes straight after sailing (see parse_turns)
            del t["income"]
        elif isinstance(income, list) and len(income) == 1:
            t["income"] = income[0]
        if "invest" in t:
            t["invest"] = True if t["invest"] == 1 else t["invest"]
    return turns


def _grouped(items: list[tuple[str, str]]) -> list[str]:
    """('exchange', 'Fruit') twice in a row -> 'exchange 2 Fruit'."""
    out: list[list] = []
    for verb, resource in items:
        if out and out[-1][0] == verb and out[-1][2] == resource:
            out[-1][1] += 1
        else:
            out.append([verb, 1, resource])
    return [" ".join(w for w in (verb, str(n) if n > 1 else "", r) if w) for verb, n, r in out]


def _item_text(m) -> tuple[str, str]:
    if isinstance(m, Trade):
        return m.action, m.resource
    if isinstance(m, Take):
        return "take", m.resource
    if isinstance(m, Exchange):
        return "exchange", m.resource
    return "", m.resource
