"""What the actions of Ships share: the cube and gold that pay for an action, navigation paid,
victory points, gold into the bank, goods into the warehouse, gains from cities and cards, and
the steps the rules carry out between two decisions."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from portolan.checker.core import turn
from portolan.checker.core.game import Decision, Illegal
from portolan.checker.core.turn import Task
from portolan.checker.games.ships import book as bk
from portolan.checker.games.ships import moves as m
from portolan.checker.games.ships.sections import (
    FREE_EXCHANGE,
    MERCHANT_BOX,
    NEXT_AGE,
    PERFORM_ACTIONS,
    SETUP,
    TAKE_CARD,
)
from portolan.checker.games.ships.state import SETUP as SETUP_PHASE
from portolan.checker.games.ships.state import START, State
from portolan.model.effects import Action, Gain

SHIP_ACTIONS = ("Place ship", "Upgrade ship")  # the actions that pay navigation


# -- victory points ----------------------------------------------------------------------------
def score(state: State, p: int, n: int) -> None:
    state.seats[p].vp += n


def lose(state: State, p: int, n: int) -> int:
    """Lose up to ``n`` VP (not below 0 unless the option allows it); the VP actually lost."""
    seat = state.seats[p]
    if state.options["negative_vp"] == "floor":
        n = min(n, max(seat.vp, 0))
    seat.vp -= n
    return n


# -- gold, goods and the rest ------------------------------------------------------------------
def gain_gold(state: State, p: int, n: int) -> str:
    """Gold from the pool into the bank, one coin per empty space; the surplus is returned at
    once for 1 VP per 2 gold (a single coin left over is lost)."""
    n = min(n, state.pool[bk.GOLD])
    seat = state.seats[p]
    into = max(0, min(n, state.bank_room(p)))
    seat.gold += into
    state.pool[bk.GOLD] -= into
    surplus = n - into
    if not surplus:
        return f"{n} gold"
    vp = surplus // state.book.constants["gold_per_vp"]
    score(state, p, vp)
    return f"{n} gold ({into} into the bank, {surplus} surplus: {vp} VP)"


def gain_goods(state: State, p: int, good: str, n: int) -> str:
    """Goods from the pool into the warehouse; with too little room, some go back (a RETURN
    decision)."""
    n = min(n, state.pool[good])
    state.pool[good] -= n
    state.seats[p].goods[good] += n
    # over the warehouse's room: goods must be returned
    if state.warehouse_room(p) < 0 and not isinstance(turn.top(state), Returning):
        turn.push(state, Returning())
    return f"{n} {good}" if n else f"no {good} (none left in the pool)"


# counters a gain takes from the pool: the seat's field that holds them, and their words
FROM_POOL = {
    bk.NAVIGATION: ("nav", "navigation"),
    bk.INDUSTRY: ("industry", "industry"),
    bk.FREE_CUBE: ("free", "free action cube(s)"),
}


def gain(state: State, p: int, bundle, times: int = 1) -> list[str]:
    """Take a bundle of gains (a city's benefit, a card's gain), ``times`` over."""
    seat = state.seats[p]
    pool = state.pool
    words = []
    for word, n in bundle:
        n *= times
        if n <= 0:
            continue
        if word == bk.GOLD:
            words.append(gain_gold(state, p, n))
        elif word == bk.VP:
            score(state, p, n)
            words.append(f"{n} VP")
        elif word in FROM_POOL:  # as many as the pool still holds
            held, what = FROM_POOL[word]
            n = min(n, pool[word])
            pool[word] -= n
            setattr(seat, held, getattr(seat, held) + n)
            words.append(f"{n} {what}")
        elif word == bk.MERCHANT_CUBE:
            n = min(n, seat.pool_cubes)
            seat.pool_cubes -= n
            seat.stock += n
            words.append(f"{n} merchant cube(s) from the pool")
        elif word == bk.ANY_GOOD:
            turn.push(state, Choosing(n))
            words.append(f"{n} good(s) of {seat.name}'s choice")
        else:
            words.append(gain_goods(state, p, word, n))
    return words


def choosable(state: State) -> list[str]:
    """The goods a 'good of your choice' may be: any good the pool still holds."""
    return [g for g in state.book.goods if state.pool[g] > 0]


# -- paying for an action ----------------------------------------------------------------------
def cube_used(state: State, cube: str | None) -> str:
    """The cube a log left out: the Oil's free cube, else a merchant cube while the Action cubes
    section holds one, else a free action cube."""
    if cube is not None:
        return cube
    if state.pend_free:
        return m.FREE
    return m.MERCHANT if state.seat.section else m.FREE


def gold_cost(state: State, action: str, cube: str) -> int:
    if cube == m.CARD:
        return 0
    merchant, free = state.book.action_gold[action]
    return merchant if cube == m.MERCHANT else free


def payment_problem(
    state: State, action: str, cube: str, extra: int = 0, *, card: bool = False
) -> Illegal | None:
    """Why this action cannot be paid for with this cube (and ``extra`` gold)."""
    seat = state.seat
    if (cube == m.CARD) != card:
        if card:
            return Illegal(PERFORM_ACTIONS, "the card's action is paid by the card: no cube")
        return Illegal(PERFORM_ACTIONS, "only the action a card grants is paid by the card")
    if state.pend_free and cube != m.FREE:
        return Illegal(
            FREE_EXCHANGE,
            "the free action cube an Oil was exchanged for must be used at once, "
            "to pay for this action",
        )
    if cube == m.MERCHANT and seat.section == 0:
        return Illegal(
            PERFORM_ACTIONS, f"{seat.name} has no merchant cube left in the Action cubes section"
        )
    if cube == m.FREE and not state.pend_free and seat.section_free + seat.free == 0:
        return Illegal(
            PERFORM_ACTIONS,
            f"{seat.name} has no free action cube, in the Action cubes section or in stock",
        )
    if state.pend_nav and action not in SHIP_ACTIONS:
        return Illegal(
            FREE_EXCHANGE,
            f"{state.pend_nav} navigation from Metal must be used at once: {action} uses none",
        )
    cost = gold_cost(state, action, cube) + extra
    if state.pend_gold > cost:
        return Illegal(
            FREE_EXCHANGE,
            f"{state.pend_gold} gold from Wine but {action} costs {cost}: "
            "what an exchange gives must be used at once",
        )
    if seat.gold + state.pend_gold < cost:
        return Illegal(
            PERFORM_ACTIONS,
            f"{action} with a {m.CUBE_WORDS[cube]} costs {cost} gold: {seat.name} has {seat.gold}",
        )
    return None


def pay(state: State, action: str, cube: str, extra: int = 0) -> list[str]:
    """The cube into the action box and the gold back to the pool; the action in words."""
    seat = state.seat
    if cube == m.MERCHANT:
        seat.section -= 1
        seat.box_cubes += 1
    elif cube == m.FREE:
        if state.pend_free:
            state.pend_free = 0
        elif seat.section_free:
            seat.section_free -= 1
        else:
            seat.free -= 1
        state.free_used += 1
    cost = gold_cost(state, action, cube) + extra
    used = min(state.pend_gold, cost)
    state.pend_gold -= used
    seat.gold -= cost - used
    state.pool[bk.GOLD] += cost
    paid = "the card's action" if cube == m.CARD else f"with a {m.CUBE_WORDS[cube]}"
    return [f"{action} ({paid}" + (f", {cost} gold)" if cost else ")")]


def navigation_in_hand(state: State) -> int:
    return state.seat.nav + state.pend_nav


def pay_navigation(state: State, n: int) -> None:
    used = min(state.pend_nav, n)
    state.pend_nav -= used
    state.seat.nav -= n - used
    state.pool[bk.NAVIGATION] += n


def pending(state: State) -> str:
    """What free exchanges gave and is still to be used, in words ('' if nothing)."""
    if not (state.pend_free or state.pend_gold or state.pend_nav):
        return ""  # the usual case, asked at every action: no words made
    parts = [
        f"{n} {w}"
        for n, w in (
            (state.pend_free, "free action cube"),
            (state.pend_gold, "gold"),
            (state.pend_nav, "navigation"),
        )
        if n
    ]
    return " and ".join(parts)


def per_position(work: Callable[..., Any]) -> Callable[..., Any]:
    """``work(state, *args)`` worked out once in a position (``State.scratch``), for what a
    decision's checks and choices ask again."""

    @functools.wraps(work)
    def remembered(state: State, *args: Any) -> Any:
        cache = state.scratch()
        key = (work, *args)
        found = cache.get(key)
        if found is None:
            found = cache[key] = work(state, *args)
        return found

    return remembered


# -- what is pending inside an action (checker/core/turn.py) ----------------------------------
PHASE = "Actions"  # the phase every decision inside an action is asked in
# The move each display action is, for a card that grants one.
ACTION_OF = {
    "Place ship": m.PlaceShip,
    "Upgrade ship": m.UpgradeShip,
    "Remove one ship": m.RemoveShip,
    "Take one card": m.TakeCard,
    "Take one gold": m.TakeGold,
    "Take two navigation": m.TakeNavigation,
    "Sell goods": m.SellGoods,
    "Retrieve merchant cubes": m.Retrieve,
}


def asked(state: State, accepts: tuple[type, ...], prompt: str, **kw: Any) -> Decision:
    """A choice of the player whose turn it is, inside an action (``PHASE``)."""
    return Decision(state.player, PHASE, "choice", accepts, prompt, **kw)


def unused_exchange(left: str) -> Illegal:
    return Illegal(
        FREE_EXCHANGE, f"{left} from a free exchange is still unused: it must be used at once"
    )


def check_exchange_used(state: State, move: m.EndTurn | m.Decline) -> Illegal | None:
    """Neither the turn's end nor a card's action declined while what a free exchange gave
    waits unused."""
    left = pending(state)
    return unused_exchange(left) if left else None


def good_to_pool(state: State, good: str) -> None:
    """One of the player's goods back to the pool (sent back from a full warehouse, or
    exchanged)."""
    state.seat.goods[good] -= 1
    state.pool[good] += 1


@dataclass(frozen=True, slots=True)
class Dealing(Task):
    """Cards dealt to the display, ``State.to_deal`` of them: at setup or as an era begins."""

    def decision(self, state: State) -> Decision:
        if state.phase == SETUP_PHASE:
            n = state.book.constants["display_cards"]
            return Decision(
                state.players[0],
                "Setup",
                "chance",
                (m.Deal,),
                "the card dealt to the display",
                missing=lambda: Illegal(
                    SETUP,
                    f"{n} Galley cards are dealt to the display at setup (setup: display:): "
                    f"{n - state.to_deal} named",
                ),
            )
        era = state.book.eras[state.era]
        return Decision(
            state.player,
            PHASE,
            "chance",
            (m.Deal,),
            f"the {era} card dealt to the display",
            missing=lambda: Illegal(
                NEXT_AGE,
                f"the {era} era has begun: name the {state.to_deal} more card(s) dealt to the "
                "display (display: [...])",
            ),
        )

    def chances(self, state: State) -> list[tuple[Any, int]]:
        return [(m.Deal(c), n) for c, n in state.decks[state.era].items()]


@dataclass(frozen=True, slots=True)
class SetupEnds(Task):
    """Under the setup's deal: once the display is dealt, the first turn may begin."""

    def carry_out(self, state: State) -> list[str]:
        turn.pop(state)
        state.phase = START
        return []


@dataclass(frozen=True, slots=True)
class Returning(Task):
    """Goods back to the pool, one by one, until the warehouse holds what is left."""

    asks = (PHASE, "choice", (m.ReturnGood,))

    def prompt(self, state: State) -> str:
        return "a good to send back to the pool"

    def missing(self, state: State) -> Illegal:
        held = state.seat.goods_held
        return Illegal(
            MERCHANT_BOX,
            f"{state.player}'s warehouse holds {held} goods and has room for "
            f"{held + state.warehouse_room(state.current)}: "
            "name the goods sent back (return: [...])",
        )

    def choices(self, state: State) -> list[Any]:
        return [m.ReturnGood(g) for g, n in state.seat.goods.items() if n]


@dataclass(frozen=True, slots=True)
class Choosing(Task):
    """Goods of the player's choice, ``n`` more of them (none if the pool has none left)."""

    n: int
    asks = (PHASE, "choice", (m.ChooseGood,))

    def prompt(self, state: State) -> str:
        return "the good of your choice"

    def missing(self, state: State) -> Illegal:
        return Illegal(TAKE_CARD, "name the good of your choice the card gives (good:)")

    def choices(self, state: State) -> list[Any]:
        return [m.ChooseGood(g) for g in choosable(state)]

    def carry_out(self, state: State) -> list[str] | None:
        if choosable(state):
            return None
        turn.pop(state)
        return ["no good left in the pool to choose"]


@dataclass(frozen=True, slots=True)
class Gaining(Task):
    """A card's gain, taken as it comes up among the card's steps."""

    step: Gain

    def carry_out(self, state: State) -> list[str]:
        turn.pop(state)
        return gain_step(state, self.step)


@dataclass(frozen=True, slots=True)
class CardAction(Task):
    """A card's display action, paid by the card, or none (flow lists the legal ones, as at
    the top of a turn)."""

    step: Action

    def decision(self, state: State) -> Decision:
        left = pending(state)
        return asked(
            state,
            (ACTION_OF[self.step.action], m.Exchange, m.Decline),
            f"the card's {self.step.action} action, or none",
            default=None if left else m.DECLINE,
            missing=unused_exchange(left),
        )


def gain_step(state: State, step) -> list[str]:
    p = state.current
    times = 1
    if step.per is not None:
        times = count(state, p, step.per)
        if step.max is not None:
            times = min(times, step.max)
    words = gain(state, p, step.gain.items(), times)
    how = f" ({times} counted)" if step.per is not None else ""
    return [f"takes {', '.join(words)}{how}"] if words else [f"gains nothing{how}"]


def count(state: State, p: int, per) -> int:
    """What a card counts: the taker's cubes on a symbol, cubes or discs in an area, ships in
    a named box."""
    book = state.book
    if per.cubes_on is not None:
        n = sum(1 for b in book.trade if state.trade[b.id] == p and b.good == per.cubes_on)
        for area, cubes in state.open_cubes.items():
            if per.cubes_on in book.areas[area].open_goods:
                n += cubes[p]
        return n
    if per.cubes_in_area is not None:
        area = book.area_by_number.get(per.cubes_in_area)
        return 0 if area is None else state.cubes_in_area(area, p)
    if per.cities_in_area is not None:
        if per.cities_in_area == "any":
            areas = range(len(book.areas))
        else:
            areas = [a for a in [book.area_by_number.get(per.cities_in_area)] if a is not None]
        n = 0
        for a in areas:
            if a in state.open_discs:
                n += state.open_discs[a][p]
            else:
                n += sum(1 for c in book.areas[a].cities if state.cities[c] == p)
        return n
    age, box = book.named_boxes[per.ships_in]
    return state.ships_at[age - 1][0 if box == "Merchant" else 1][p]
