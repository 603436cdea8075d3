"""Income: the island's basic income and the extra boxes the player's markers there give, then
its choices: a resource of choice, trades on a Commercial island, exchanges for VP on the
Cultural island (Symbol Details, Island Card Details)."""

from __future__ import annotations

from portolan.checker.core.game import Illegal, answers
from portolan.checker.games.discovery_era_of_voyage import book as bk
from portolan.checker.games.discovery_era_of_voyage import moves as m
from portolan.checker.games.discovery_era_of_voyage import sections as sec
from portolan.checker.games.discovery_era_of_voyage.actions import supply
from portolan.checker.games.discovery_era_of_voyage.state import CENTRE, INVEST, State, Visit


def markers_here(state: State) -> int:
    slot = state.at[state.player]
    return 0 if slot == CENTRE else state.markers[slot].get(state.player, 0)


def income_plan(book: bk.IslandBook, name: str, markers: int) -> tuple:
    """What collecting on ``name`` with ``markers`` gives: (goods, takes, trades, adjusts,
    exchanges, bonus VP, description). Goods are resources, coins and unconditional VP."""
    key = (name, markers)
    plan = book.plans.get(key)
    if plan is not None:
        return plan
    island = book.island(name)
    table = book.income_by_markers
    boxes = [b for b in table[min(markers, max(table))] if b < len(island.income)]
    goods: dict[str, int] = {}
    takes = trades = adjusts = exchanges = bonus = 0
    for b in boxes:
        for word, n in island.income[b]:
            if word == bk.ANY:
                takes += n
            elif word == bk.TRADE:
                trades += n
            elif word == bk.ADJUST:
                adjusts += n * book.constants["price_adjustment"]
            elif word == bk.EXCHANGE:
                exchanges += n
            elif (
                word == bk.VP
                and island.type == bk.CULTURAL
                and book.constants["bonus_vp_needs_exchange"]
            ):
                bonus += n
            else:
                goods[word] = goods.get(word, 0) + n
    why = (
        "basic income"
        if len(boxes) == 1
        else f"basic + extra income ({bk.counted(markers, 'marker')})"
    )
    parts = [bk.counted(n, w) for w, n in goods.items()]
    if takes:
        parts.append(f"{takes} resource{'s' if takes > 1 else ''} of choice")
    if trades:
        parts.append(bk.counted(trades, "trade"))
    if adjusts:
        parts.append(f"±{adjusts} on prices")
    if exchanges:
        parts.append(bk.counted(exchanges, "exchange"))
    if bonus:
        parts.append(f"+{bonus} VP after an exchange")
    text = f"{why} on {name}: {', '.join(parts) or 'nothing'}"
    plan = book.plans[key] = (tuple(goods.items()), takes, trades, adjusts, exchanges, bonus, text)
    return plan


@answers(m.Collect)
def collect(state: State, move: m.Collect) -> list[str]:
    """Basic income, and the extra boxes the player's markers here give."""
    p = state.player
    slot = state.at[p]
    name = state.book.central if slot == CENTRE else state.ring[slot]
    markers = 0 if slot == CENTRE else state.markers[slot].get(p, 0)
    goods, takes, trades, adjusts, exchanges, bonus, text = income_plan(state.book, name, markers)
    short = ""
    res = state.res[p]
    for word, n in goods:
        if word == bk.COIN:
            got = supply.gain_coins(state, p, n)
            if got < n:
                short += f" (the supply had only {bk.counted(got, 'coin')})"
        elif word == bk.VP:
            got = supply.gain_vp(state, p, n)
            if got < n:
                short += f" (only {got} VP were left)"
        else:
            res[word] += n
            state.supply_res[word] -= n
    if takes or trades or exchanges:
        state.visit = Visit(takes, trades, adjusts, exchanges, 0, bonus, (takes, trades, exchanges))
        return [text + short]
    state.visit = Visit()
    return [text + short, *finish_income(state)]


@answers(m.NoIncome)
def no_income(state: State, move: m.NoIncome) -> list[str]:
    state.visit = Visit(declined=True)
    return ["takes no income", *finish_income(state)]


def advance_income(state: State) -> list[str]:
    v = state.visit
    if v.takes or v.trades or v.exchanges:
        return []
    return finish_income(state)


@answers(m.EndIncome)
def finish_income(state: State, move: m.EndIncome | None = None) -> list[str]:
    p = state.player
    v = state.visit
    events = []
    if v.exchanged and v.bonus_vp:
        stack = state.stack
        got = supply.gain_vp(state, p, v.bonus_vp)
        events.append(f"gains {got} VP of extra income for exchanging{supply.supplied(got, stack)}")
    v.takes = v.trades = v.exchanges = 0
    if state.stack == 0 and not state.end_reason:
        state.end_reason = "no VP left on the Cultural island"
        events.append("the Cultural island has no VP left: the game ends at the end of this round")
    state.phase = INVEST
    return events


@answers(m.Take)
def take(state: State, move: m.Take) -> list[str]:
    p = state.player
    state.res[p][move.resource] += 1
    state.supply_res[move.resource] -= 1
    state.visit.takes -= 1
    return [f"takes 1 {move.resource} (any resource)", *advance_income(state)]


def trade_price(state: State, action: str, resource: str) -> tuple[int, int] | None:
    """(price, adjustments used) for one trade here, the adjustments in the player's favour."""
    island = state.book.island(state.where(state.player))
    base = (island.buy if action == "buy" else island.sell).get(resource)
    if base is None:
        return None
    k = state.book.constants
    step = k["price_adjustment"]
    left = state.visit.adjusts // step if step else 0
    cap = k["adjustments_per_trade"]
    if cap is not None:
        left = min(left, cap)
    if action == "buy":
        use = max(0, min(left, (base - k["min_trade_price"]) // step))
        return base - use * step, use * step
    return base + left * step, left * step


def possible_trades(state: State) -> list:
    """Every trade the active player can make now, then 'no (more) trades'."""
    p = state.player
    island = state.book.island(state.ring[state.at[p]])
    coins, res = state.coins[p], state.res[p]
    finite = state.options["short_supply"] == "finite"
    moves = []
    for action, prices in (("buy", island.buy), ("sell", island.sell)):
        for r in prices:
            price, _ = trade_price(state, action, r)
            if action == "buy":
                if coins >= price:
                    moves.append(m.TRADES[action, r, price])
            elif res[r] and (not finite or state.supply_coins >= price):
                moves.append(m.TRADES[action, r, price])
    moves.append(m.END_INCOME)
    return moves


def possible_exchanges(state: State) -> list:
    p = state.player
    island = state.book.island(state.ring[state.at[p]])
    res = state.res[p]
    if vp_available(state) == 0:
        return [m.END_INCOME]
    return [m.EXCHANGES[r] for r in island.rates if res[r]] + [m.END_INCOME]


def check_trade(state: State, move: m.Trade) -> Illegal | None:
    p = state.player
    island = state.where(p)
    priced = trade_price(state, move.action, move.resource)
    if priced is None:
        return Illegal(sec.ISLAND_CARD_DETAILS, f"{island} does not {move.action} {move.resource}")
    price, _ = priced
    if move.action == "buy":
        if state.coins[p] < price:
            return Illegal(
                sec.ISLAND_CARD_DETAILS,
                f"1 {move.resource} costs {bk.counted(price, 'coin')} on {island}: {p} has "
                f"{bk.counted(state.coins[p], 'coin')}",
            )
        return None
    if state.res[p][move.resource] < 1:
        return Illegal(sec.ISLAND_CARD_DETAILS, f"{p} has no {move.resource} to sell")
    if state.options["short_supply"] == "finite" and state.supply_coins < price:
        return Illegal(
            sec.INCOME_ACTION,
            f"the supply has only {bk.counted(state.supply_coins, 'coin')}: it cannot pay {price} "
            f"for {move.resource} (option short_supply: finite)",
        )
    return None


@answers(m.Trade, check_trade)
def trade(state: State, move: m.Trade) -> list[str]:
    p = state.player
    price, used = trade_price(state, move.action, move.resource)
    r = move.resource
    bought = 1 if move.action == "buy" else -1  # a sale moves the same things the other way
    state.coins[p] -= bought * price
    state.supply_coins += bought * price
    state.res[p][r] += bought
    state.supply_res[r] -= bought
    verb = "buys" if bought == 1 else "sells"
    v = state.visit
    v.adjusts -= used
    v.trades -= 1
    note = f" (adjusted by {used})" if used else ""
    return [f"{verb} 1 {r} for {bk.counted(price, 'coin')}{note}", *advance_income(state)]


def vp_available(state: State) -> int | None:
    """VP that income can still bring (None: no limit, option short_supply: substitute)."""
    if state.options["short_supply"] == "substitute":
        return None
    return state.stack + state.supply_vp


def check_exchange(state: State, move: m.Exchange) -> Illegal | None:
    p = state.player
    island = state.book.island(state.where(p))
    if move.resource not in island.rates:
        rates = ", ".join(f"{r} {n}" for r, n in island.rates.items())
        return Illegal(
            sec.ISLAND_CARD_DETAILS,
            f"{island.name} gives no VP for {move.resource} (it takes {rates})",
        )
    if state.res[p][move.resource] < 1:
        return Illegal(sec.ISLAND_CARD_DETAILS, f"{p} has no {move.resource} to exchange")
    if vp_available(state) == 0:
        return Illegal(sec.INCOME_ACTION, "no VP are left, on the Cultural island or in the supply")
    return None


@answers(m.Exchange, check_exchange)
def exchange(state: State, move: m.Exchange) -> list[str]:
    p = state.player
    island = state.book.island(state.where(p))
    r = move.resource
    state.res[p][r] -= 1
    state.supply_res[r] += 1
    stack = state.stack
    got = supply.gain_vp(state, p, island.rates[r])
    v = state.visit
    v.exchanges -= 1
    v.exchanged += 1
    return [f"exchanges 1 {r} for {got} VP{supply.supplied(got, stack)}", *advance_income(state)]


def check_pick(state: State, move: m.Pick) -> Illegal | None:
    """A bare resource: taken while 'Any resource' boxes remain, else exchanged."""
    if state.visit.takes:
        return None
    return check_exchange(state, m.EXCHANGES[move.resource])


@answers(m.Pick, check_pick)
def apply_pick(state: State, move: m.Pick) -> list[str]:
    if state.visit.takes:
        return take(state, m.Take(move.resource))
    return exchange(state, m.EXCHANGES[move.resource])
