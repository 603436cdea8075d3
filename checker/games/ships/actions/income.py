"""The simple actions: Take one gold, Take two navigation counters, Sell goods (the price
ladder, the bank's room, surplus gold to VP) and Retrieve merchant cubes (from the action
boxes, or some or all from one area)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portolan.checker.core import turn
from portolan.checker.core.game import Decision, Illegal, answers
from portolan.checker.core.turn import Task
from portolan.checker.games.ships import moves as m
from portolan.checker.games.ships.actions import common
from portolan.checker.games.ships.actions.ships import paid, pay_for
from portolan.checker.games.ships.book import GOLD, MERCHANT_BOX, NAVIGATION, VP
from portolan.checker.games.ships.scoring import sell_bonus_gold
from portolan.checker.games.ships.sections import RETRIEVE, SELL_GOODS, TAKE_GOLD, TAKE_NAVIGATION
from portolan.checker.games.ships.state import State

GOLD_ACTION, NAV_ACTION = "Take one gold", "Take two navigation"
SELL_ACTION, RETRIEVE_ACTION = "Sell goods", "Retrieve merchant cubes"
NAV_TAKEN = 2  # Take Two Navigation Counters


# -- Take one gold -----------------------------------------------------------------------------
def gold_problem(state: State, move: m.TakeGold, step) -> Illegal | None:
    cube = m.CARD if step is not None else common.cube_used(state, move.cube)
    # the gold the action takes out of the bank makes room (what Wine gave is paid first)
    paid_out = max(0, common.gold_cost(state, GOLD_ACTION, cube) - state.pend_gold)
    if state.bank_room(state.current) + paid_out < 1:
        return Illegal(TAKE_GOLD, f"{state.seat.name}'s bank has no empty space")
    if state.pool[GOLD] < 1:
        return Illegal(TAKE_GOLD, "the pool has no gold left")
    return None


@answers(m.TakeGold, paid(GOLD_ACTION, gold_problem))
def apply_take_gold(state: State, move: m.TakeGold) -> list[str]:
    events, _ = pay_for(state, move, GOLD_ACTION)
    return [*events, f"takes {common.gain_gold(state, state.current, 1)}"]


# -- Take two navigation counters --------------------------------------------------------------
def navigation_problem(state: State, move: m.TakeNavigation, step) -> Illegal | None:
    if state.pool[NAVIGATION] < 1:
        return Illegal(TAKE_NAVIGATION, "the pool has no navigation counter left")
    return None


@answers(m.TakeNavigation, paid(NAV_ACTION, navigation_problem))
def apply_take_navigation(state: State, move: m.TakeNavigation) -> list[str]:
    events, _ = pay_for(state, move, NAV_ACTION)
    n = min(NAV_TAKEN, state.pool[NAVIGATION])
    state.pool[NAVIGATION] -= n
    state.seat.nav += n
    return [*events, f"takes {n} navigation"]


# -- Sell goods --------------------------------------------------------------------------------
def sell_problem(state: State, move: m.SellGoods, step) -> Illegal | None:
    if not state.seat.goods_held:
        return Illegal(SELL_GOODS, f"{state.seat.name} has no goods to sell")
    return None


@answers(m.SellGoods, paid(SELL_ACTION, sell_problem))
def apply_sell(state: State, move: m.SellGoods) -> list[str]:
    events, step = pay_for(state, move, SELL_ACTION)
    bonus = tuple((step.per_good or {}).items()) if step is not None else ()
    state.sold = {}
    turn.push(state, Selling(bonus))
    return events


@dataclass(frozen=True, slots=True)
class Selling(Task):
    """Goods sold one by one (``State.sold``), a card's ``bonus`` per good on top."""

    bonus: tuple[tuple[str, int], ...]

    def decision(self, state: State) -> Decision:
        if state.sold:
            return common.asked(
                state, (m.SellGood, m.StopSelling), "another good to sell", default=m.STOP_SELLING
            )
        return common.asked(
            state,
            (m.SellGood,),
            "a good to sell",
            missing=Illegal(SELL_GOODS, "name the goods sold (sell: [...])"),
        )

    def choices(self, state: State) -> list[Any]:
        out: list[Any] = [m.SellGood(g) for g, n in state.seat.goods.items() if n]
        return [*out, m.STOP_SELLING] if state.sold else out


def check_sell_good(state: State, move: m.SellGood) -> Illegal | None:
    if state.seat.goods.get(move.good, 0) < 1:
        return Illegal(SELL_GOODS, f"{state.seat.name} has no {move.good} left to sell")
    return None


@answers(m.SellGood, check_sell_good)
def apply_sell_good(state: State, move: m.SellGood) -> list[str]:
    state.seat.goods[move.good] -= 1
    state.pool[move.good] += 1
    state.sold[move.good] = state.sold.get(move.good, 0) + 1
    return []


def check_stop_selling(state: State, move: m.StopSelling) -> Illegal | None:
    if not state.sold:
        return Illegal(SELL_GOODS, "name the goods sold: sell: [Cloth, Wine]")
    return None


@answers(m.StopSelling, check_stop_selling)
def finish_selling(state: State, move: m.StopSelling | None = None) -> list[str]:
    """The gold for everything sold, into the bank; surplus to VP; a card's bonus per good."""
    book, p = state.book, state.current
    bonus = dict(turn.pop(state).bonus)
    sold = state.sold
    n = sum(sold.values())
    gold = sum(book.sell_prices[g] * k for g, k in sold.items())
    gold += sell_bonus_gold(book, sold, state.seat.kept) + n * bonus.get(GOLD, 0)
    if bonus.get(VP):
        common.score(state, p, n * bonus[VP])
    what = " + ".join(f"{k} {g}" for g, k in sold.items())
    extra = f" and {n * bonus[VP]} VP" if bonus.get(VP) else ""
    state.sold = {}
    return [f"sells {what}: {common.gain_gold(state, p, gold)}{extra}"]


# -- Retrieve merchant cubes -------------------------------------------------------------------
def retrieve_problem(state: State, move: m.Retrieve, step) -> Illegal | None:
    seat = state.seat
    if move.area == 0:
        if not (seat.box_cubes or seat.box_industry):
            return Illegal(RETRIEVE, f"{seat.name} has no cube or industry in the action boxes")
        return None
    area = state.book.area_by_number.get(move.area)
    if area is None:
        return Illegal(RETRIEVE, f"there is no Area {move.area}")
    if not state.cubes_in_area(area, state.current):
        return Illegal(RETRIEVE, f"{seat.name} has no merchant cube in Area {move.area}")
    return None


@answers(m.Retrieve, paid(RETRIEVE_ACTION, retrieve_problem))
def apply_retrieve(state: State, move: m.Retrieve) -> list[str]:
    events, _ = pay_for(state, move, RETRIEVE_ACTION)
    seat = state.seat
    if move.area == 0:
        cubes, industry = seat.box_cubes, seat.box_industry
        seat.stock += cubes
        seat.industry += industry
        seat.box_cubes = seat.box_industry = 0
        return [
            *events,
            f"takes {cubes} cube(s) and {industry} industry back from the action boxes",
        ]
    state.retrieved = 0
    turn.push(state, Retrieving(state.book.area_by_number[move.area]))
    return events


@dataclass(frozen=True, slots=True)
class Retrieving(Task):
    """Merchant cubes taken back one by one from ``area`` (``State.retrieved`` so far)."""

    area: int

    def decision(self, state: State) -> Decision:
        accepts = (m.TakeBack, m.TakeBackAll, m.StopRetrieving)
        if state.retrieved:
            return common.asked(
                state, accepts, "another cube to take back", default=m.STOP_RETRIEVING
            )
        return common.asked(
            state,
            accepts,
            "the cubes to take back",
            missing=Illegal(RETRIEVE, "name the cubes taken back (cubes: [...]), or take them all"),
        )

    def choices(self, state: State) -> list[Any]:
        out: list[Any] = take_back_choices(state)
        if out:
            out.append(m.TAKE_BACK_ALL)
        return [*out, m.STOP_RETRIEVING] if state.retrieved else out


def own_boxes(state: State, area: int) -> list[int]:
    p = state.current
    return [b for b in state.book.areas[area].trade if state.trade[b] == p]


def take_back_choices(state: State) -> list[m.TakeBack]:
    area = turn.top(state).area
    info = state.book.areas[area]
    if info.open:
        return (
            [m.TakeBack(info.name, MERCHANT_BOX)] if state.open_cubes[area][state.current] else []
        )
    seen: dict[tuple[str, str], None] = {}
    for b in own_boxes(state, area):
        box = state.book.trade[b]
        seen[(box.location, box.good)] = None
    return [m.TakeBack(loc, good) for loc, good in seen]


def check_take_back(state: State, move: m.TakeBack) -> Illegal | None:
    if move not in take_back_choices(state):
        area = state.book.areas[turn.top(state).area]
        return Illegal(
            RETRIEVE,
            f"{state.seat.name} has no cube in {move.location} {move.good} "
            f"(retrieving from Area {area.number})",
        )
    return None


@answers(m.TakeBack, check_take_back)
def apply_take_back(state: State, move: m.TakeBack) -> list[str]:
    area = turn.top(state).area
    p = state.current
    if state.book.areas[area].open:
        state.open_cubes[area][p] -= 1
    else:
        box = next(
            b for b in state.book.trade_at[(move.location, move.good)] if state.trade[b] == p
        )
        state.trade[box] = -1
    state.seat.stock += 1
    state.area_cubes[area][p] -= 1
    state.retrieved += 1
    return [f"takes back the cube in {move.location} {move.good}"]


@answers(m.TakeBackAll)
def apply_take_back_all(state: State, move: m.TakeBackAll) -> list[str]:
    area = turn.pop(state).area
    p = state.current
    if state.book.areas[area].open:
        n = state.open_cubes[area][p]
        state.open_cubes[area][p] = 0
    else:
        boxes = own_boxes(state, area)
        for b in boxes:
            state.trade[b] = -1
        n = len(boxes)
    state.seat.stock += n
    state.area_cubes[area][p] -= n
    state.retrieved += n
    return [f"takes back {n} cube(s) from Area {state.book.areas[area].number}"]


def check_stop_retrieving(state: State, move: m.StopRetrieving) -> Illegal | None:
    if not state.retrieved:
        return Illegal(RETRIEVE, "name the cubes taken back, or take them all")
    return None


@answers(m.StopRetrieving, check_stop_retrieving)
def apply_stop_retrieving(state: State, move: m.StopRetrieving) -> list[str]:
    turn.pop(state)
    return [f"takes back {state.retrieved} cube(s) in all"]
