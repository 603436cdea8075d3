"""The flow of a turn of Ships: who decides what at each point, the legal choices, what the
table may reveal, and moves that come out of their place."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from portolan.checker.core import turn
from portolan.checker.core.game import Decision, Illegal
from portolan.checker.games.ships import moves as m
from portolan.checker.games.ships import sections as sec
from portolan.checker.games.ships.actions import cards, common, income, ships
from portolan.checker.games.ships.actions.turn import apply_exchange, check_exchange
from portolan.checker.games.ships.book import BOXES
from portolan.checker.games.ships.state import ACTIONS as ACTIONS_PHASE
from portolan.checker.games.ships.state import OVER, START, State

# Each action move's display action (what it costs, and the interactive referee's heading).
ACTION = {kind: action for action, kind in common.ACTION_OF.items()}
# What else may stand in an action's way, once it is paid for.
PROBLEMS = {
    m.PlaceShip: ships.place_problem,
    m.UpgradeShip: ships.upgrade_problem,
    m.RemoveShip: ships.remove_problem,
    m.TakeCard: cards.take_card_problem,
    m.TakeGold: income.gold_problem,
    m.TakeNavigation: income.navigation_problem,
    m.SellGoods: income.sell_problem,
    m.Retrieve: income.retrieve_problem,
}
TOP_ACCEPTS = (*m.ACTION_MOVES, m.Exchange, m.EndTurn)


# -- Decisions ---------------------------------------------------------------------------------
def decide(state: State) -> Decision | None:
    """Who must do what now: the task pending inside an action, else the turn's own step."""
    if state.phase == OVER:
        return None
    top = turn.top(state)
    if top is not None:
        return top.decision(state)
    p = state.player
    if state.phase == START:
        return Decision(
            p, "Available", "choice", (m.StartTurn,), f"{p}'s turn to begin", starts_turn=True
        )
    left = common.pending(state)
    if left:
        return common.asked(
            state,
            TOP_ACCEPTS,
            f"an action that uses the {left} from the exchange",
            missing=common.unused_exchange(left),
        )
    return common.asked(state, TOP_ACCEPTS, "an action, or the end of the turn", default=m.END_TURN)


# -- Choices -----------------------------------------------------------------------------------
def cubes_available(state: State) -> list[str]:
    seat = state.seat
    out = []
    if seat.section and not state.pend_free:
        out.append(m.MERCHANT)
    if state.pend_free or seat.section_free or seat.free:
        out.append(m.FREE)
    return out


def action_shapes(state: State, only: type | None = None) -> list[Any]:
    """Every action that might be legal now, without the cube that pays for it (the caller
    checks them, cube by cube); ``only``: the actions of this kind."""
    p = state.current
    out: list[Any] = []
    if only in (None, m.PlaceShip):
        out += [m.PlaceShip(a, b, None) for a in ships.place_ages(state) for b in BOXES]
    if only in (None, m.UpgradeShip):
        last_age = state.book.last_age
        own = ships.own_ships(state)
        out += [m.UpgradeShip(a, s, b, None) for a, s in own if a < last_age for b in BOXES]
    if only in (None, m.RemoveShip):
        out += [m.RemoveShip(a, s, None) for a, s in ships.own_ships(state)]
    if only in (None, m.TakeCard) and not state.took_card:
        out += [m.TakeCard(c, None) for c in state.display]
    out += [shape for shape in SHAPES if only in (None, type(shape))]
    if only in (None, m.Retrieve):
        cubes = state.area_cubes  # (state.cubes_in_area, inlined)
        out += [m.Retrieve(a.number, None) for a in state.book.areas if cubes[a.index][p]]
    return out


# The actions that take no argument but their cube (Retrieve 0: from the action boxes).
SHAPES = (m.TakeGold(None), m.TakeNavigation(None), m.SellGoods(None), m.Retrieve(0, None))


def _paying(state: State, cubes: tuple[str, ...], shape: Any, paid: dict) -> tuple[str, ...]:
    """The cubes (of ``cubes``) that can pay for this action (worked out once per kind of action
    and extra gold: ``paid`` keeps them)."""
    kind = type(shape)
    extra = state.book.cards[shape.card].cost if kind is m.TakeCard else 0
    found = paid.get((kind, extra, cubes))
    if found is None:
        action = ACTION[kind]
        found = paid[(kind, extra, cubes)] = tuple(
            c
            for c in cubes
            if common.payment_problem(state, action, c, extra, card=c == m.CARD) is None
        )
    return found


def legal_actions(state: State, *, first: bool = False) -> list[Any]:
    """The actions legal now (at the top of a turn, or a card's action); ``first``: stop at
    the first one found."""
    out = []
    paid: dict[tuple, tuple[str, ...]] = {}
    top = turn.top(state)
    step = top.step if top is not None else None
    for cubes, shape in _shapes(state):
        kind = type(shape)
        ok: bool | None = None  # what stands in the way once paid for: the same for any cube
        for cube in _paying(state, cubes, shape, paid):
            move = replace(shape, cube=cube)
            if ok is None or kind is m.TakeGold:
                ok = PROBLEMS[kind](state, move, step) is None
            if ok:
                out.append(move)
                if first:
                    return out
    return out


def _shapes(state: State) -> list[tuple[tuple[str, ...], Any]]:
    """(the cubes that may pay, an action without its cube) that might be legal now."""
    top = turn.top(state)
    if top is not None:
        only = common.ACTION_OF[top.step.action]
        return [((m.CARD,), x) for x in action_shapes(state, only)]
    cubes = tuple(cubes_available(state))
    return [(cubes, x) for x in action_shapes(state)] if cubes else []


def sample_move(state: State, d: Decision, rng: random.Random) -> Any:
    """A uniform pick among the legal moves, without listing them all where a turn offers
    many: every candidate in a random order, the first legal one taken."""
    top = turn.top(state)
    if m.StartTurn in d.accepts or not (top is None or isinstance(top, common.CardAction)):
        return rng.choice(choices(state, d))
    candidates: list[tuple[str | None, Any]] = [
        (c, shape) for cubes, shape in _shapes(state) for c in cubes
    ]
    if not common.pending(state):
        candidates.append((None, m.END_TURN if top is None else m.DECLINE))
    goods = state.seat.goods
    candidates += [(None, m.Exchange(g)) for g in state.book.exchanges if goods.get(g)]
    paid: dict[tuple, tuple[str, ...]] = {}
    ruled_out: set[int] = set()  # actions (without their cube) that cannot be carried out
    step = top.step if top else None
    left = len(candidates)
    while left:  # a random order, drawn as it goes (most first draws are legal)
        k = rng.randrange(left)
        cube, shape = candidates[k]
        left -= 1
        candidates[k] = candidates[left]
        if cube is None:
            # (for an exchange: ``shape in exchanges(state)``, asked of its good alone)
            if not isinstance(shape, m.Exchange) or _exchange_usable(state, shape):
                return shape
            continue
        if id(shape) in ruled_out or cube not in _paying(state, (cube,), shape, paid):
            continue
        move = replace(shape, cube=cube)
        if PROBLEMS[type(shape)](state, move, step) is None:
            return move
        if type(shape) is not m.TakeGold:
            ruled_out.add(id(shape))
    raise AssertionError("no legal move")  # the end of the turn is always legal


def exchanges(state: State) -> list[m.Exchange]:
    """The free exchanges whose gain an action could use at once (perhaps after more
    exchanges: two Metal for two navigation)."""
    memo: dict[tuple, bool] = {}
    return [
        m.Exchange(g)
        for g in state.book.exchanges
        if check_exchange(state, m.Exchange(g)) is None and _usable_after(state, g, memo)
    ]


def _exchange_usable(state: State, move: m.Exchange) -> bool:
    """Whether ``exchanges`` lists this exchange, without working out the others: each good's
    answer is its own (an exchange spends its good, so the search never comes back to a state
    it is still working out, and the shared memo only saves time)."""
    return check_exchange(state, move) is None and _usable_after(state, move.good, {})


def _usable_after(state: State, good: str, memo: dict[tuple, bool]) -> bool:
    """Would some action use what this exchange gives? (Tried on the state, then undone.)"""
    seat = state.seat
    saved = (dict(seat.goods), dict(state.pool), seat.vp)
    pend = (state.pend_free, state.pend_gold, state.pend_nav)
    apply_exchange(state, m.Exchange(good))
    key = (state.pend_free, state.pend_gold, state.pend_nav, *seat.goods.values())
    ok = memo.get(key)
    if ok is None:
        memo[key] = False  # while this one is being worked out
        ok = bool(legal_actions(state, first=True)) or any(
            check_exchange(state, m.Exchange(g)) is None and _usable_after(state, g, memo)
            for g in state.book.exchanges
        )
        memo[key] = ok
    seat.goods, state.pool, seat.vp = saved
    state.pend_free, state.pend_gold, state.pend_nav = pend
    return ok


def choices(state: State, d: Decision) -> list[Any]:
    """The legal moves: the turn's own step, the actions (at the top of a turn or a card's
    action), else what the task pending asks."""
    if m.StartTurn in d.accepts:
        return [m.StartTurn(state.player)]
    top = turn.top(state)
    if top is None:
        out = legal_actions(state) + exchanges(state)
        return out if common.pending(state) else [*out, m.END_TURN]
    if isinstance(top, common.CardAction):
        out = legal_actions(state)
        if top.step.action in common.SHIP_ACTIONS:
            out += [e for e in exchanges(state) if e.good == "Metal"]
        return out if common.pending(state) else [*out, m.DECLINE]
    return top.choices(state)


def chances(state: State, d: Decision) -> list[tuple[Any, int]]:
    return turn.top(state).chances(state)


def sample_outcome(state: State, d: Decision, rng: random.Random) -> Any:
    deck = state.decks[state.era]
    return m.Deal(rng.choices(list(deck), weights=list(deck.values()))[0])


# -- Moves out of their place ------------------------------------------------------------------
def misplaced(state: State, move: Any) -> Illegal | None:
    """A move nothing is waiting for. Inside an action, what it still waits for is reported
    (the decision's own message); between actions, a move that belongs inside one is."""
    if isinstance(move, m.Deal) and not turn.waits(state, common.Dealing):
        return Illegal(
            sec.NEXT_AGE,
            "no card is dealt now: the display is dealt at setup and when a new era begins",
        )
    if state.tasks or state.phase != ACTIONS_PHASE:
        return None
    if isinstance(move, (m.Trade, m.City)):
        what = "merchant cube" if isinstance(move, m.Trade) else "city disc"
        return Illegal(
            sec.WHICH_BOX,
            f"no ship was just placed: a {what} goes on the board only with Place ship or "
            "Upgrade ship",
        )
    if isinstance(move, m.ReturnGood):
        return Illegal(sec.MERCHANT_BOX, "the warehouse has room: no good needs to go back")
    if isinstance(move, (m.SellGood, m.StopSelling)):
        return Illegal(sec.SELL_GOODS, "goods are sold with the Sell goods action")
    if isinstance(move, (m.TakeBack, m.TakeBackAll, m.StopRetrieving)):
        return Illegal(sec.RETRIEVE, "cubes are taken back with the Retrieve merchant cubes action")
    if isinstance(move, m.ChooseGood):
        return Illegal(sec.TAKE_CARD, "no card gives a good of your choice now")
    if isinstance(move, (m.TakeBackShips, m.Decline)):
        return Illegal(sec.TAKE_CARD, "no card's action is waiting now")
    return None


# The interactive referee files the long lists under their display action.
MENUS = (m.PlaceShip, m.UpgradeShip, m.RemoveShip, m.TakeCard)


def menu(move: Any) -> str | None:
    kind = type(move)
    return ACTION[kind] if kind in MENUS else None


# -- The table as everyone sees it ------------------------------------------------------------
def copies_left(state: State, move: Any) -> int | None:
    """The copies of a card still in the era's deck (what '?' shows at a deal)."""
    if not isinstance(move, m.Deal):
        return None
    return state.decks[state.era].get(move.card)


def public_state(state: State) -> list[str]:
    """The era, the ship age and the display, then what each player has in front of them:
    VP, gold, counters, goods, ships on the Ship Age track, cards kept, cubes in stock."""
    book = state.book
    era = book.eras[state.era] if state.era < len(book.eras) else ""
    display = ", ".join(_counted(state.display)) or "empty"
    lines = [f"Era {era}, ship age {state.highest or '-'}; the display: {display}"]
    for p, seat in enumerate(state.seats):
        ships = [
            f"age {age} {box} {boxes[b][p]}"
            for age, boxes in enumerate(state.ships_at, 1)
            for b, box in enumerate(BOXES)
            if boxes[b][p]
        ]
        lines.append(
            f"{seat.name}: {seat.vp} VP; {seat.gold} gold, {seat.nav} navigation, "
            f"{seat.industry} industry; goods: {', '.join(_counted(seat.goods)) or 'none'}; "
            f"ships: {', '.join(ships) or 'none'}; "
            f"cards kept: {', '.join(seat.kept) or 'none'}; "
            f"{seat.stock} merchant cubes and {seat.free} free action cubes in stock"
        )
    return lines


def _counted(things: dict[str, int]) -> list[str]:
    return [name if n == 1 else f"{name} ×{n}" for name, n in things.items() if n]
