"""Where a placed ship's cube or disc goes: a trade box and its goods (merchant box), a city
and its benefit (warship box), the present area or the next one and the scoring of the area
left behind; goods sent back from a full warehouse."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portolan.checker.core import turn
from portolan.checker.core.game import Decision, Illegal, answers
from portolan.checker.core.turn import Task
from portolan.checker.games.ships import moves as m
from portolan.checker.games.ships import sections as sec
from portolan.checker.games.ships.actions import common
from portolan.checker.games.ships.book import FOOD, GOLD, MERCHANT_BOX, ROWS, SPICE
from portolan.checker.games.ships.scoring import area_points, pieces_of
from portolan.checker.games.ships.sections import (
    MERCHANT_BOX as MERCHANT_RULES,
)
from portolan.checker.games.ships.state import State

NOT_GOODS = (SPICE, GOLD)  # trade symbols an industry counter cannot add to


@dataclass(frozen=True, slots=True)
class Targeting(Task):
    """Where the cube or disc of a ship just placed in ``box`` goes (``no_food``: a card's
    warship that needs no food)."""

    box: str
    no_food: bool

    def decision(self, state: State) -> Decision:
        if self.box == MERCHANT_BOX:
            return common.asked(
                state,
                (m.Trade,),
                "the trade box for the merchant cube",
                missing=Illegal(
                    MERCHANT_RULES, "name the trade box the merchant cube goes to (trade:)"
                ),
            )
        return common.asked(
            state,
            (m.City,),
            "the city for the city disc",
            missing=Illegal(sec.WHICH_BOX, "name the city the city disc goes to (city:)"),
        )

    def choices(self, state: State) -> list[Any]:
        nav = common.navigation_in_hand(state)
        if self.box == MERCHANT_BOX:
            return trade_targets(state, nav, state.pend_nav)
        return city_targets(state, nav, state.pend_nav, self.no_food)


# -- the present area and the next -------------------------------------------------------------
def area_cost(state: State, area: int, discount: int | None = None) -> int:
    """Navigation to place in ``area``: nothing in the present area; the next costs what its
    border shows, less 1 per city disc in the present area and the taker's discounts."""
    if area == state.area:
        return 0
    book = state.book
    per_disc = book.constants["area_discount_per_disc"]
    printed = book.areas[area].navigation
    if discount is None:
        discount = state.discount(state.current)
    return max(0, printed - per_disc * state.area_discs[state.area] - discount)


def reachable(
    state: State, nav: int, pend: int, discount: int | None = None
) -> list[tuple[int, int]]:
    """(area, navigation cost) of the areas a cube or disc may go to now, with ``nav``
    navigation in hand of which ``pend`` came from Metal and must be spent here."""
    out = [(state.area, 0)] if pend == 0 else []
    nxt = state.area + 1
    if nxt < len(state.book.areas) and state.pieces_in_area(state.area) > 0:
        cost = area_cost(state, nxt, discount)
        if pend <= cost <= nav:
            out.append((nxt, cost))
    return out


def area_problem(state: State, area: int, nav: int, pend: int) -> Illegal | None:
    book = state.book
    here = book.areas[state.area]
    name = f"Area {book.areas[area].number}"
    if area < state.area:
        return Illegal(
            sec.NEXT_AREA,
            f"{name} is behind the present area (Area {here.number}): cubes and discs go in "
            "the present area or the next",
        )
    if area > state.area + 1:
        return Illegal(
            sec.NEXT_AREA,
            f"{name} is beyond the next area: from Area {here.number} only "
            f"Area {book.areas[state.area + 1].number} can be entered",
        )
    if area == state.area:
        if pend:
            return Illegal(
                sec.FREE_EXCHANGE,
                f"{pend} navigation from Metal must be used at once: "
                f"placing in the present area costs none",
            )
        return None
    if state.pieces_in_area(state.area) == 0:
        first = "the first cube or disc of the game goes in" if state.area == 0 else "nothing is in"
        return Illegal(sec.NEXT_AREA, f"{first} Area {here.number}: {name} cannot be entered yet")
    cost = area_cost(state, area)
    if cost > nav:
        return Illegal(
            sec.NEXT_AREA,
            f"entering {name} costs {cost} navigation ({book.areas[area].navigation} less "
            f"{book.areas[area].navigation - cost} for discs and cards): "
            f"{state.seat.name} has {nav}",
        )
    if pend > cost:
        return Illegal(
            sec.FREE_EXCHANGE,
            f"{pend} navigation from Metal but entering {name} costs {cost}: "
            "what an exchange gives must be used at once",
        )
    return None


def enter(state: State, area: int) -> list[str]:
    """Pay for the next area; the area left behind is scored after the placement."""
    if area == state.area:
        return []
    cost = area_cost(state, area)
    common.pay_navigation(state, cost)
    return [f"enters Area {state.book.areas[area].number} for {cost} navigation"]


def move_on(state: State, area: int) -> list[str]:
    """After a placement in the next area: it becomes the present area; the one left scores."""
    if area == state.area:
        return []
    old = state.area
    state.area = area
    points = area_points(state.book, old, pieces_of(state, old), len(state.players))
    for p, n in enumerate(points):
        common.score(state, p, n)
    info = state.book.areas[old]
    got = ", ".join(f"{name} {n}" for name, n in zip(state.players, points, strict=True))
    return [f"Area {info.number} ({info.name}) scores: {got}"]


# -- the merchant box: a trade box -------------------------------------------------------------
def spice_ok(state: State) -> bool:
    return state.seat.stock >= 2 or state.options["spice_without_cube"] == "scores"


def industry_ok(state: State, area: int, good: str) -> bool:
    if state.seat.industry < 1 or good in NOT_GOODS:
        return False
    return not (state.book.areas[area].open and state.options["area7_industry"] == "forbidden")


@common.per_position
def trade_targets(state: State, nav: int, pend: int) -> list[m.Trade]:
    """Every trade box the merchant cube of a placed ship may go to."""
    if state.seat.stock < 1:
        return []
    book = state.book
    out: list[m.Trade] = []
    for area, _ in reachable(state, nav, pend):
        info = book.areas[area]
        if info.open:
            for good in info.open_goods:
                out.append(m.Trade(info.name, good))
                if industry_ok(state, area, good):
                    out.append(m.Trade(info.name, good, True))
            continue
        seen = set()
        for b in info.trade:
            box = book.trade[b]
            key = (box.location, box.good)
            if state.trade[b] >= 0 or key in seen:
                continue
            seen.add(key)
            if box.good == SPICE and not spice_ok(state):
                continue
            out.append(m.Trade(box.location, box.good))
            if industry_ok(state, area, box.good):
                out.append(m.Trade(box.location, box.good, True))
    return out


def can_place(
    state: State, box: str, nav: int, pend: int, no_food: bool, discount: int | None
) -> bool:
    """Is there somewhere for the cube (Merchant box) or disc (Warship box) of a placed ship?
    (What ``trade_targets`` and ``city_targets`` list, without listing it.)"""
    seat, book = state.seat, state.book
    if box == MERCHANT_BOX:
        if seat.stock < 1:
            return False
        spice = spice_ok(state)
        for area, _ in reachable(state, nav, pend, discount):
            if book.areas[area].open:
                return True
            for b in book.areas[area].trade:
                if state.trade[b] < 0 and (spice or book.trade[b].good != SPICE):
                    return True
        return False
    if not no_food and seat.goods[FOOD] < book.constants["warship_food"]:
        return False
    if not disc_rows(state):
        return False
    for area, _ in reachable(state, nav, pend, discount):
        if book.areas[area].open or any(state.cities[c] < 0 for c in book.areas[area].cities):
            return True
    return False


def check_trade(state: State, move: m.Trade) -> Illegal | None:
    if turn.top(state).box != MERCHANT_BOX:
        return Illegal(
            sec.WARSHIP_BOX,
            "the ship went in a Warship box: its city disc goes in a city, not a cube",
        )
    book, seat = state.book, state.seat
    area = book.area_of(move.location)
    problem = area_problem(state, area, common.navigation_in_hand(state), state.pend_nav)
    if problem is not None:
        return problem
    if seat.stock < 1:
        return Illegal(
            MERCHANT_RULES, f"{seat.name} has no merchant cube in Available Stock for a trade box"
        )
    info = book.areas[area]
    if info.open:
        if move.good not in info.open_goods:
            return Illegal(
                sec.NEXT_AREA,
                f"{info.name}'s Merchant box gives one of {', '.join(info.open_goods)}, "
                f"not {move.good}",
            )
    else:
        boxes = book.trade_at.get((move.location, move.good))
        if not boxes:
            return Illegal(MERCHANT_RULES, f"{move.location} has no {move.good} trade box")
        if all(state.trade[b] >= 0 for b in boxes):
            owner = state.players[state.trade[boxes[0]]]
            return Illegal(
                MERCHANT_RULES,
                f"the {move.location} {move.good} trade box is taken (by {owner}): "
                "a cube goes in an empty trade box",
            )
        if move.good == SPICE and not spice_ok(state):
            return Illegal(
                MERCHANT_RULES,
                f"spice sends a second merchant cube to the Spice Box: {seat.name} has "
                f"{seat.stock} in Available Stock (option spice_without_cube: forbidden)",
            )
    if move.industry:
        if move.good in NOT_GOODS:
            return Illegal(
                MERCHANT_RULES, f"an industry counter cannot add to {move.good}: only to goods"
            )
        if info.open and state.options["area7_industry"] == "forbidden":
            return Illegal(
                sec.NEXT_AREA,
                f"{info.name}'s Merchant box gives exactly one good "
                "(option area7_industry: forbidden)",
            )
        if seat.industry < 1:
            return Illegal(MERCHANT_RULES, f"{seat.name} has no industry counter")
    return None


@answers(m.Trade, check_trade)
def apply_trade(state: State, move: m.Trade) -> list[str]:
    turn.pop(state)
    book, seat, p = state.book, state.seat, state.current
    area = book.area_of(move.location)
    events = enter(state, area)
    seat.stock -= 1
    state.area_cubes[area][p] += 1
    info = book.areas[area]
    if info.open:
        state.open_cubes[area][p] += 1
        amount = 1
    else:
        box = next(b for b in book.trade_at[(move.location, move.good)] if state.trade[b] < 0)
        state.trade[box] = p
        amount = book.trade[box].amount
    where = f"a merchant cube to {move.location} {move.good}"
    if move.good == SPICE:
        k = book.constants
        cube = ""
        if seat.stock:
            seat.stock -= 1
            seat.spice += 1
            cube = "a cube to the Spice Box, "
        common.score(state, p, k["spice_vp"])
        got = f"{cube}{k['spice_vp']} VP and {common.gain_gold(state, p, k['spice_gold'])}"
    elif move.good == GOLD:
        got = common.gain_gold(state, p, amount)
    else:
        if move.industry:
            seat.industry -= 1
            seat.box_industry += 1
            amount += book.constants["industry_per_take"]
        got = common.gain_goods(state, p, move.good, amount)
        if move.industry:
            got += " (with an industry counter)"
    events.append(f"{where}: {got}")
    return events + move_on(state, area)


# -- the warship box: a city -------------------------------------------------------------------
def disc_rows(state: State) -> list[str]:
    return [r for r in ROWS if state.seat.discs[r] > 0]


@common.per_position
def city_targets(state: State, nav: int, pend: int, no_food: bool) -> list:
    """Every city (and row the disc comes from) the disc of a placed warship may go to."""
    seat = state.seat
    if not no_food and seat.goods[FOOD] < state.book.constants["warship_food"]:
        return []
    rows = disc_rows(state)
    if not rows:
        return []
    book = state.book
    out = []
    for area, _ in reachable(state, nav, pend):
        info = book.areas[area]
        if info.open:
            out += [m.City(info.name, None, r) for r in rows]
            continue
        for c in info.cities:
            if state.cities[c] >= 0:
                continue
            city = book.cities[c]
            benefit = city.benefit if len(book.cities_at[city.location]) > 1 else None
            out += [m.City(city.location, benefit, r) for r in rows]
    return out


def city_of(state: State, move: m.City) -> tuple[list[int], Illegal | None]:
    """The city spaces a move may mean (empty or not), or why it names none."""
    book = state.book
    spaces = book.cities_at.get(move.location, [])
    if move.benefit is not None:
        spaces = [c for c in spaces if book.cities[c].benefit == move.benefit]
        if not spaces:
            return [], Illegal(sec.WARSHIP_BOX, f"{move.location} has no {move.benefit} city")
    elif len(spaces) > 1:
        shown = " or ".join(f"'{move.location} {book.cities[c].benefit}'" for c in spaces)
        return [], Illegal(sec.WARSHIP_BOX, f"{move.location} has two cities: say which ({shown})")
    return spaces, None


def check_city(state: State, move: m.City) -> Illegal | None:
    top = turn.top(state)
    no_food = top.no_food
    if top.box == MERCHANT_BOX:
        return Illegal(
            MERCHANT_RULES, "the ship went in a Merchant box: a merchant cube goes in a trade box"
        )
    if move.industry:
        return Illegal(
            sec.WARSHIP_BOX,
            "an industry counter cannot increase a city's benefit (industry: true goes with a "
            "trade box)",
        )
    book, seat = state.book, state.seat
    area = book.area_of(move.location)
    problem = area_problem(state, area, common.navigation_in_hand(state), state.pend_nav)
    if problem is not None:
        return problem
    need = book.constants["warship_food"]
    if not no_food and seat.goods[FOOD] < need:
        return Illegal(
            sec.WARSHIP_BOX, f"a ship in a Warship box costs {need} food: {seat.name} has none"
        )
    rows = disc_rows(state)
    if move.row is None and len(rows) > 1:
        return Illegal(
            sec.WARSHIP_BOX,
            "say which row of the display the disc comes from: disc: Warehouse or Bank",
        )
    if not rows or (move.row is not None and move.row not in rows):
        where = f"in the {move.row} row" if move.row else "on the display"
        return Illegal(sec.WARSHIP_BOX, f"{seat.name} has no city disc left {where}")
    if book.areas[area].open:
        return None
    spaces, problem = city_of(state, move)
    if problem is not None:
        return problem
    if all(state.cities[c] >= 0 for c in spaces):
        owner = state.players[state.cities[spaces[0]]]
        return Illegal(sec.WARSHIP_BOX, f"the city of {move.location} is taken (by {owner})")
    return None


@answers(m.City, check_city)
def apply_city(state: State, move: m.City) -> list[str]:
    no_food = turn.pop(state).no_food
    book, seat, p = state.book, state.seat, state.current
    area = book.area_of(move.location)
    events = enter(state, area)
    if not no_food:
        need = book.constants["warship_food"]
        seat.goods[FOOD] -= need
        state.pool[FOOD] += need
        events.append(f"spends {need} food")
    row = move.row or disc_rows(state)[0]
    seat.discs[row] -= 1
    state.area_discs[area] += 1
    info = book.areas[area]
    if info.open:
        state.open_discs[area][p] += 1
        common.score(state, p, info.open_vp)
        events.append(
            f"a city disc (from the {row}) to {info.name}'s Warship box: {info.open_vp} VP"
        )
    else:
        spaces, _ = city_of(state, move)
        c = next(c for c in spaces if state.cities[c] < 0)
        state.cities[c] = p
        city = book.cities[c]
        got = common.gain(state, p, ((city.benefit, city.amount),))
        events.append(
            f"a city disc (from the {row}) to {city.location} ({city.amount} {city.benefit}): "
            + ", ".join(got)
        )
    return events + move_on(state, area)


# -- a full warehouse --------------------------------------------------------------------------
def check_return(state: State, move: m.ReturnGood) -> Illegal | None:
    if state.seat.goods.get(move.good, 0) < 1:
        return Illegal(MERCHANT_RULES, f"{state.seat.name} has no {move.good} to send back")
    return None


@answers(m.ReturnGood, check_return)
def apply_return(state: State, move: m.ReturnGood) -> list[str]:
    common.good_to_pool(state, move.good)
    if state.warehouse_room(state.current) >= 0:
        turn.pop(state)
    return [f"sends {move.good} back to the pool (the warehouse is full)"]
