"""The turn log of Ships (docs/logs.md, "Ships"), declared in ``FORMAT``: the display dealt at
setup, then each turn's ``actions``, one entry an action ({place: 1, trade: Tyre Cloth}, or
'gold'). Each entry is read by ``ENTRY``, a key's value by its typed reader; ``_together``
checks which keys go together, and the moves follow from the card an entry takes."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from portolan.checker.core import logformat as lf
from portolan.checker.core import phrases as ph
from portolan.checker.core.game import Step
from portolan.checker.games.ships import moves
from portolan.checker.games.ships.book import BOXES, MERCHANT_BOX, ROWS
from portolan.checker.games.ships.moves import CARD, FREE, MERCHANT
from portolan.model.effects import Action, RemoveShips
from portolan.names import fold
from portolan.yamlsrc import YMap

MAIN_KEYS = ("place", "upgrade", "remove", "card", "gold", "navigation", "sell", "retrieve")
SHIP_KEYS = ("place", "upgrade")
ACTION_BOXES = ("action boxes", "actions", "action", "boxes", "0")
# the keys that go with some actions only (checked in this order)
GOES_WITH = {"good": ("card",), "ships": ("card",), "trade": SHIP_KEYS, "city": SHIP_KEYS}
GOES_WITH |= {k: SHIP_KEYS for k in ("industry", "disc", "display")}
GOES_WITH |= {"cubes": ("retrieve",), "box": SHIP_KEYS}


def _number(what: str) -> ph.Phrase:
    """A number, or text such as 'Area 7'."""
    text = {"type": "string", "pattern": r"^\s*([Aa]rea\s*)?\d+\s*$"}
    shape = {"anyOf": [{"type": "integer", "minimum": 0}, text], "description": what}
    return ph.Phrase(
        r"(?:area\s*)?(-?\d+)", f"expected {what} (a number), found {{value!r}}", shape, int
    )


def _located(r: Any, found: tuple[str, str]) -> tuple[str, str, Any]:
    """A location read ('Caribbean', '2 Spice'): Area 7's by its area's name, the words after
    it without the amount, and its area."""
    name, rest = found
    area = r.book.areas[r.book.area_of(name)]
    return area.name if area.open else name, re.sub(r"^\d+\s*", "", rest).strip(), area


def _trade_box(r, found, pos, field):
    """(location, good): a trade box, or Area 7's Merchant box and the good taken."""
    location, rest, area = _located(r, found)
    goods = list(dict.fromkeys(g for (loc, g) in r.book.trade_at if loc == location))
    what = f"a trade box of {location}"
    if area.open:
        goods, what = list(area.open_goods), f"a good of {location}'s Merchant box"
    elif not rest and len(goods) == 1:
        return location, goods[0]
    elif not rest:
        options = " or ".join(f"'{location} {g}'" for g in goods)
        r.bad(f"{location} has {len(goods)} trade boxes: say which ({options})", pos, field)
        return lf.BAD
    good = lf.Words({g: g for g in goods}, what).read(r, rest, pos, field)
    return lf.BAD if good is lf.BAD else (location, good)


def _city(r, found, pos, field):
    """(location, benefit): a city, by its benefit where the location has several."""
    location, rest, area = _located(r, found)
    if area.open or not rest:
        return location, None
    benefits = [r.book.cities[c].benefit for c in r.book.cities_at.get(location, [])]
    benefit = lf.Words({b: b for b in benefits}, f"a city of {location}").read(r, rest, pos, field)
    return lf.BAD if benefit is lf.BAD else (location, benefit if len(benefits) > 1 else None)


def _an_area(r, number, pos, field):
    if number and number not in r.book.area_by_number:
        r.bad(f"there is no Area {number}", pos, field)
        return lf.BAD
    return number


def _ships_back(r, ships, pos, field):
    """A card's 'take back your ships from one age': the move (None: no ship named)."""
    ages, boxes = {ship.value[0] for ship in ships}, [ship.value[1] for ship in ships]
    if len(ages) > 1:
        r.bad("the card takes back ships from one age only", pos, field)
        return lf.BAD
    merchant, warship = boxes.count(BOXES[0]), boxes.count(BOXES[1])
    return moves.TakeBackShips(ages.pop(), merchant, warship) if ages else None


CARD_NAME = lf.Name(lambda book: book.card_names, "a card of Ships", ref="card")
SHIP = ph.Phrase(
    r"(?:age\s*)?(\d+)\s+(\S+)",
    "write a ship as its age and box, e.g. '3 Merchant', not {value!r}",
    {"type": "string", "description": "a ship: its age and box, e.g. '3 Merchant'"},
    lambda age, box: next(((int(age), b) for b in BOXES if fold(b) == fold(box)), None),
)
GOODS = ph.Pieces(
    lambda book: book.goods,
    "good",
    "goods: 'Cloth', or '2 Cloth + 1 Wine'",
    lambda book, good: book.pool[good],
)
PLACE = ph.Leading(
    lambda book: book.place_names.names,
    "a location and what it shows",
    "'{value}' names no location of the board",
)
TRADE_BOX = ph.Then(PLACE, _trade_box, "a trade box: its location and good")
COUNT = _number("a number of cubes")  # Area 7: how many cubes taken back
TAKEN = lf.ListOf(lf.Words({"all": moves.TAKE_BACK_ALL}, otherwise=TRADE_BOX))  # other areas
# What each key of an action entry holds (docs/logs.md): the action, then what it needs.
ACTION = lf.Fields(
    {
        "place": _number("an age"),
        "upgrade": SHIP,
        "remove": SHIP,
        "card": CARD_NAME,
        "gold": lf.Unread("Take one gold"),
        "navigation": lf.Unread("Take two navigation counters"),
        "sell": GOODS,
        "retrieve": lf.Words(
            dict.fromkeys(ACTION_BOXES, 0),
            otherwise=ph.Then(_number("'action boxes' or an area"), _an_area),
        ),
        "trade": TRADE_BOX,
        "city": ph.Then(PLACE, _city, "a city: its location (and benefit)"),
        "industry": lf.Flag(),
        "disc": lf.Words({w: w for w in ROWS}, "a row: Warehouse or Bank"),
        "display": lf.ListOf(CARD_NAME),
        "return": GOODS,
        "cube": lf.Words({MERCHANT: MERCHANT, FREE: FREE}, "a cube: merchant or free"),
        "exchange": GOODS,
        "box": lf.Words({b: b for b in BOXES}, "a box"),
        "good": GOODS,
        "ships": ph.Then(lf.ListOf(SHIP), _ships_back),
        "cubes": ph.Later((COUNT, TAKEN)),  # read by the area retrieved from (_retrieve)
    }
)
WRONG = "write an action as a mapping, e.g. {place: 2, trade: Tyre Cloth}, or 'gold'"
WORD = lf.Words({w: w for w in ("gold", "navigation")}, "its word alone", wrong=WRONG)
ENTRY = lf.Forms(((str, WORD), (YMap, ACTION)), WRONG)
ACTIONS = lf.Forms(
    ((type(None), lf.Nothing()), (list, lf.ListOf(ph.Later((ENTRY,)), alone=False))),
    "actions is a list, one entry per action",
)  # each entry read as its moves are made (_action)


# -- reading -------------------------------------------------------------------------------------
def _actions(r: lf.TurnReader, at: lf.At) -> None:
    for i, item in enumerate(at.value or ()):
        last = r.turn == r.turns and i == len(at.value) - 1
        _action(r, item, last)


def _action(r: lf.TurnReader, item: lf.At, last: bool) -> None:
    """The moves of one action entry; ``last``: the log's last, perhaps cut short by a game
    saved halfway (a card's action not written is then not declined)."""
    got = ENTRY.read(r, item.value, item.pos, item.field)
    if (isinstance(item.value, YMap) and not _together(r, item)) or got is lf.BAD:
        return
    e = {got: lf.At(None, item.pos, item.field)} if isinstance(got, str) else got
    mains = [k for k in e if k in MAIN_KEYS]
    swaps = lf.value_of(e, "exchange", [])
    if not mains:  # exchanges for the action that follows
        for g in swaps:
            r.step(moves.Exchange(g.value), g.pos)
        return
    cube = lf.value_of(e, "cube", None)
    for g in swaps:  # a Metal exchanged for a card's action: when the action comes (_card)
        if "card" not in e or g.value != "Metal":
            r.step(moves.Exchange(g.value), e["exchange"].pos)
    if "card" in e:
        _card(r, e, [k for k in mains if k != "card"], cube, last)
    else:
        _main(r, e, mains[0], cube)
    for g in lf.value_of(e, "return", []):
        r.step(moves.ReturnGood(g.value), g.pos)


def _together(r: lf.TurnReader, item: lf.At) -> bool:
    """Whether the keys of an entry go together: one action (a card and the action it grants),
    and what each key needs; the first that does not is noted."""
    entry, field = item.value, item.field
    keys = [k for k in entry if k in ACTION.keys]
    mains = [k for k in keys if k in MAIN_KEYS]
    card, subs = "card" in mains, len(mains) - ("card" in mains)
    if keys == ["exchange"]:
        return True
    if subs > 1 or (not card and subs != 1):
        also = " (and the card's own action)" if card else ""
        r.bad(
            f"one action per entry: {', '.join(MAIN_KEYS[:-1])} or retrieve{also}", item.pos, field
        )
        return False
    for k, needs in GOES_WITH.items():
        if k in keys and not set(needs) & set(mains):
            where = f"a card: {{card: ..., {k}: ...}}" if needs == ("card",) else " or ".join(needs)
            r.bad(f"'{k}' goes with {where}", entry.key_pos[k], f"{field}.{k}")
            return False
    ship = next((k for k in mains if k in SHIP_KEYS), None)
    targets = [k for k in ("trade", "city") if k in keys]
    if ship and (len(targets) > 1 or not (targets or "box" in keys)):
        r.bad(
            "a placed ship's cube goes in a trade box (trade: ...) or its disc in a city "
            "(city: ...): name one",
            entry.value_pos[ship],
            f"{field}.{ship}",
        )
        return False
    return True


def _card(r: lf.TurnReader, e: dict, subs: list[str], cube: str | None, last: bool) -> None:
    """Take one card, then what it grants: the ships it takes back, its action (``subs``: the
    action's key, if written; a Metal exchanged pays the action's navigation)."""
    at, swaps = e["card"], lf.value_of(e, "exchange", [])
    r.step(moves.TakeCard(at.value, cube), at.pos)
    for g in lf.value_of(e, "good", []):
        r.step(moves.ChooseGood(g.value), g.pos)
    for s in r.book.cards[at.value].steps:
        if isinstance(s, RemoveShips) and "ships" in e:
            if e["ships"].value:
                r.step(e["ships"].value, e["ships"].pos)
        elif isinstance(s, Action) and subs:
            for g in swaps:
                if g.value == "Metal":
                    r.step(moves.Exchange(g.value), e["exchange"].pos)
            _main(r, e, subs.pop(), CARD)
        elif isinstance(s, RemoveShips | Action) and not last:
            r.step(moves.DECLINE, at.pos)
    if subs:
        sub = e[subs[0]]
        r.bad(
            f"{at.value} grants no action: '{subs[0]}' goes in an entry of its own",
            sub.pos,
            sub.field,
        )


def _main(r: lf.TurnReader, e: dict, key: str, cube: str | None) -> None:
    """The action named by ``key`` (place, upgrade, remove, gold...), paid by ``cube``."""
    at = e[key]
    if key in SHIP_KEYS:
        target = next((k for k in ("trade", "city") if k in e), None)
        box = BOXES[target == "city"] if target else e["box"].value  # 'box': saved before it
        age, ship = at.value if key == "upgrade" else (at.value, None)
        move = moves.UpgradeShip(age, ship, box, cube) if ship else moves.PlaceShip(age, box, cube)
        r.step(move, at.pos)
        for card in lf.value_of(e, "display", []):
            r.step(moves.Deal(card.value), card.pos)
        industry = lf.value_of(e, "industry", False)
        if target == "trade":
            r.step(moves.Trade(*e["trade"].value, industry), e["trade"].pos)
        elif target:  # industry with a city is refused by the rules, with the rule
            city = moves.City(*e["city"].value, lf.value_of(e, "disc", None), industry)
            r.step(city, e["city"].pos)
    elif key == "retrieve":
        _retrieve(r, e, cube)
    else:
        r.step(MAKE[key](at.value, cube), at.pos)
        for g in at.value if key == "sell" else ():
            r.step(moves.SellGood(g.value), g.pos)


MAKE = {
    "remove": lambda ship, cube: moves.RemoveShip(*ship, cube),
    "gold": lambda _, cube: moves.TakeGold(cube),
    "navigation": lambda _, cube: moves.TakeNavigation(cube),
    "sell": lambda _, cube: moves.SellGoods(cube),
}


def _retrieve(r: lf.TurnReader, e: dict, cube: str | None) -> None:
    """Retrieve from the action boxes (0) or an area: every cube there, or those ``cubes``
    names (Area 7: how many)."""
    at = e["retrieve"]
    r.step(moves.Retrieve(at.value, cube), at.pos)
    if at.value and "cubes" not in e:
        r.step(moves.TAKE_BACK_ALL, at.pos)
    if not at.value or "cubes" not in e or e["cubes"].value == []:  # []: saved before named
        return
    cubes, area = e["cubes"], r.book.area_by_number[at.value]
    info, most = r.book.areas[area], r.book.constants["merchant_cubes"]
    taken = (COUNT if info.open else TAKEN).read(r, *cubes)
    if taken is lf.BAD:
        return
    if info.open:  # a count, never taken back more times than a player has cubes
        if taken > most:
            message = f"{taken} cubes: a player has {most} merchant cubes (Components)"
            r.bad(message, cubes.pos, cubes.field)
        for _ in range(taken if taken <= most else 0):
            r.step(moves.TakeBack(info.name, MERCHANT_BOX), cubes.pos)
        return
    for item in taken:  # trade boxes named, or 'all'
        if item.value is moves.TAKE_BACK_ALL:
            r.step(item.value, item.pos)
            return
        if r.book.area_of(item.value[0]) != area:
            r.bad(f"{item.value[0]} is not in Area {at.value}", item.pos, item.field)
        r.step(moves.TakeBack(*item.value), item.pos)
    r.step(moves.STOP_RETRIEVING, cubes.pos)


# what each action's move writes, its own key first (None: the key taken out)
ACTIONS_WRITTEN = {
    moves.PlaceShip: lambda m: {"place": m.age, "box": m.box},  # box: until its cube or disc
    moves.UpgradeShip: lambda m: {"upgrade": f"{m.age} {m.ship}", "box": m.box},
    moves.RemoveShip: lambda m: {"remove": f"{m.age} {m.box}"},
    moves.TakeCard: lambda m: {"card": m.card},
    moves.TakeGold: lambda m: {"gold": 1},
    moves.TakeNavigation: lambda m: {"navigation": 2},
    moves.SellGoods: lambda m: {"sell": []},
    moves.Retrieve: lambda m: {
        "retrieve": m.area or "action boxes",
        "cubes": [] if m.area else None,
    },
}
# what the moves that follow an action write into its entry
DETAILS_WRITTEN = {
    moves.Deal: lambda m, e: {"display": [*e.get("display", []), m.card]},
    moves.ReturnGood: lambda m, e: {"return": [*e.get("return", []), m.good]},
    moves.ChooseGood: lambda m, e: {"good": [*e.get("good", []), m.good]},
    moves.SellGood: lambda m, e: {"sell": [*e["sell"], m.good]},
    moves.Trade: lambda m, e: {
        "box": None,
        "trade": f"{m.location} {m.good}",
        "industry": m.industry or None,
    },
    moves.City: lambda m, e: {
        "box": None,
        "city": " ".join(filter(None, (m.location, m.benefit))),
        "disc": m.row,
        "industry": m.industry or None,
    },
    moves.TakeBack: lambda m, e: {
        "cubes": (e["cubes"] or 0) + 1
        if m.good == MERCHANT_BOX
        else [*e["cubes"], f"{m.location} {m.good}"]
    },
    moves.TakeBackAll: lambda m, e: {"cubes": None},  # every cube there: those named before too
    moves.TakeBackShips: lambda m, e: {
        "ships": [f"{m.age} {b}" for b in [BOXES[0]] * m.merchant + [BOXES[1]] * m.warship]
    },
}


def _write(turn: dict, key: str, st: Step) -> None:
    """A move into the turn's entries: an action opens its own (or fills the card's that grants
    it), goods exchanged wait in an entry of their own for it, the rest fill the last action's."""
    m, acts = st.move, turn.setdefault(key, [])
    waiting = acts.pop()["exchange"] if acts and list(acts[-1]) == ["exchange"] else []
    if isinstance(m, moves.Exchange):
        acts.append({"exchange": [*waiting, m.good]})
    elif type(m) in ACTIONS_WRITTEN:
        (name, value), *more = ACTIONS_WRITTEN[type(m)](m).items()
        if m.cube != CARD or not acts:
            acts.append({})
        paid = {"cube": FREE} if m.cube == FREE else {}
        swaps = {"exchange": [*acts[-1].get("exchange", []), *waiting]} if waiting else {}
        _change(acts[-1], {name: value} | paid | swaps | dict(more))
    else:
        _change(acts[-1], DETAILS_WRITTEN[type(m)](m, acts[-1]))
        acts.extend([{"exchange": waiting}] if waiting else [])


def _change(entry: dict, changes: dict) -> None:
    for k, v in changes.items():
        if v is None:
            entry.pop(k, None)
        else:
            entry[k] = v


def _tidy(turn: dict) -> None:
    """A written turn in its shortest form: one good alone, 'gold' for {gold: 1}; the box of a
    ship whose cube or disc is not placed yet last."""
    acts = turn.get("actions", [])
    for i, e in enumerate(acts):
        if "box" in e:
            e["box"] = e.pop("box")
        for key in ("good", "exchange"):
            if key in e and len(e[key]) == 1:
                e[key] = e[key][0]
        if list(e) in (["gold"], ["navigation"]):
            acts[i] = next(iter(e))


FORMAT = lf.LogFormat(
    start=moves.StartTurn,
    keys={
        "actions": lf.Key(
            ACTIONS,
            steps=_actions,
            write=_write,
            moves=(*ACTIONS_WRITTEN, *DETAILS_WRITTEN, moves.Exchange),
        )
    },
    tidy=_tidy,
    top={
        "setup": lf.record_key(  # dealt by the first player
            lf.Fields(
                {"display": lf.ListOf(CARD_NAME)},
                shape="setup is a mapping: display: [the cards dealt]",
            ),
            {"display": moves.Deal},
        )
    },
)
TURN_KEYS, TOP_KEYS = FORMAT.turn_keys, tuple(FORMAT.top)
parse_log, write_log = partial(lf.parse_log, FORMAT), partial(lf.write_log, FORMAT)
