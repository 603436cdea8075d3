"""The rules of Discovery: The Era of Voyage, phase by phase, as the rulebook states them.

Every ``Illegal`` names the rulebook heading it comes from. Numbers (costs, tariff, limits,
tables) come from rules.yaml; island facts (incomes, costs, prices, rates) from the island deck.
"""

from __future__ import annotations

from checker.core.game import Decision, Illegal
from checker.games.discovery_era_of_voyage.islands import (
    ADJUST,
    ANY,
    BOW_NAMES,
    COIN,
    COMMERCIAL,
    CULTURAL,
    EXCHANGE,
    PRODUCTION,
    TRADE,
    VP,
    IslandBook,
)
from checker.games.discovery_era_of_voyage.moves import (
    Bow,
    Collect,
    EndIncome,
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
from checker.games.discovery_era_of_voyage.state import (
    BOW,
    CENTRE,
    INCOME,
    INVEST,
    OVER,
    PIRATE_MOVE,
    PIRATES,
    SAILING,
    SETUP,
    TABLE,
    TURN,
    State,
    Visit,
)
from portolan.errors import InputError, Problem

COLLECT, NO_INCOME, END_INCOME, NO_INVEST = Collect(), NoIncome(), EndIncome(), NoInvest()
RETURN, INVEST_HERE = Return(), Invest()


class _Moves(dict):
    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        move = self[key] = self.make(*key) if isinstance(key, tuple) else self.make(key)
        return move


TRADES = _Moves(Trade)
EXCHANGES = _Moves(Exchange)
STARTS = _Moves(StartTurn)
BOWS = (Bow(1), Bow(-1))  # clockwise, counterclockwise
TURN_A_PIRATE = TurnPirate()

# The rulebook's headings, cited by every rule below.
CENTRAL_ISLAND = "Central Island"
SYMBOL_DETAILS = "Symbol Details"
GAME_PREPARATION = "Game Preparation"
GAME_PLAY = "Game Play"
SAILING_S = "Sailing"
INCOME_S = "Income"
INVEST_S = "Invest"
END_OF_GAME = "End of Game"
TWO_PLAYER = "2 Player Variant"
ISLAND_CARD_DETAILS = "Island Card Details"

SETUP_ISLANDS, SETUP_FIRST, SETUP_COINS, SETUP_MARKERS, SETUP_DONE = range(5)


# -- Game Preparation --------------------------------------------------------------------------
def setup(book: IslandBook, options: dict, players: list[str]) -> State:
    """Everything the rulebook fixes before the table decides anything: the supply, the VP
    stack for this many players, the ships on the Central Island (pirates too)."""
    n = len(players)
    if n not in book.vp_stack:
        raise InputError(
            Problem(
                f"{n} players: {book.title} is for {min(book.vp_stack)} to {max(book.vp_stack)}",
                field="players",
            )
        )
    if options["pirates"] and n != 2:
        raise InputError(
            Problem(f"the pirates are a 2 Player Variant, not for {n} players", field="options")
        )
    state = State(book=book, options=options, players=list(players))
    state.supply_coins = book.coins
    state.supply_res = dict(book.resource_totals)
    state.stack = book.vp_stack[n]
    state.supply_vp = book.vp - state.stack
    for p in players:
        state.at[p] = CENTRE
        state.bow[p] = 0
        state.coins[p] = 0
        state.res[p] = dict.fromkeys(book.resources, 0)
        state.vp[p] = 0
        state.left[p] = 0
    state.markers = [{} for _ in range(book.slots)]
    if options["pirates"]:
        state.pirated = True
        state.pirates = [[CENTRE, 0] for _ in range(book.constants["pirate_ships"])]
    return state


def island_weight(state: State, card: str) -> int:
    """How many valid circles there are with ``card`` in the next slot (0: it cannot go there)."""
    if card == state.book.central or card in state.slot_of:
        return 0
    return state.book.completions((*state.ring, card), state.options["redraw"])


def check_place_island(state: State, move: PlaceIsland) -> Illegal | None:
    book, card = state.book, move.card
    if card == book.central:
        return Illegal(
            GAME_PREPARATION, "the Central Island goes in the middle of the circle, not in it"
        )
    if card in state.slot_of:
        return Illegal(
            GAME_PREPARATION, f"{card} is already in the circle (slot {state.slot_of[card] + 1})"
        )
    if island_weight(state, card):
        return None
    kind = book.island(card).type
    same = [p for p in state.ring if book.island(p).type == kind]
    if len(same) >= book.draw[kind]:
        return Illegal(
            GAME_PREPARATION,
            f"the setup draws {draw_words(book)}: the circle already has its "
            f"{_n(book.draw[kind], book.island(card).label + ' island')} "
            f"({', '.join(same)}), so {card} cannot be drawn",
        )
    reading = state.options["redraw"]
    producers = [p for p in state.ring if book.island(p).type == PRODUCTION] + [card]
    missing = book.missing_resources(producers, reading)
    note = " (option redraw: basic_income)" if reading == "basic_income" else ""
    every = ", ".join(book.resources[:-1]) + " and " + book.resources[-1]
    if len(producers) == book.draw[PRODUCTION] and missing:
        return Illegal(
            GAME_PREPARATION,
            f"the {len(producers)} Production islands {', '.join(producers)} do not produce "
            f"{' or '.join(missing)}: redraw until they produce {every}{note}",
        )
    return Illegal(
        GAME_PREPARATION,
        f"with {card}, no Production island left to draw would make the "
        f"{book.draw[PRODUCTION]} produce {every}: redraw{note}",
    )


def place_island(state: State, move: PlaceIsland) -> list[str]:
    island = state.book.island(move.card)
    state.slot_of[move.card] = len(state.ring)
    state.ring.append(move.card)
    if len(state.ring) == state.book.slots:
        state.setup_step = SETUP_FIRST
    return [f"slot {len(state.ring)}: {move.card} ({island.label} {island.number})"]


def first_player(state: State, move: FirstPlayer) -> list[str]:
    k = state.players.index(move.player)
    state.first = move.player
    state.order = state.players[k:] + state.players[:k]
    state.player = state.order[0]
    state.setup_step = SETUP_COINS
    return [f"{move.player} is the starting player; turn order {', '.join(state.order)}"]


def starting_coins(state: State, move: StartingCoins) -> list[str]:
    k = state.book.constants
    state.by_seat = move.by_seat
    if move.by_seat:
        base = k["starting_coins"] if state.options["seat_coins"] == "extra" else 0
        amounts = [base + c for c in k["starting_coins_by_seat"]]
    else:
        amounts = [k["starting_coins"]] * len(state.order)
    for p, n in zip(state.order, amounts, strict=False):
        state.coins[p] += n
        state.supply_coins -= n
    state.setup_step = SETUP_MARKERS
    shown = ", ".join(f"{p} {n}" for p, n in zip(state.order, amounts, strict=False))
    return [f"starting coins: {shown}"]


def check_markers(state: State, move: Markers) -> Illegal | None:
    k = state.book.constants
    most, fewest = k["markers_per_player"], k["markers_per_player"] - k["max_markers_removed"]
    if not fewest <= move.count <= most:
        return Illegal(
            GAME_PREPARATION,
            f"each player has {most} investment markers, or up to {k['max_markers_removed']} "
            f"fewer by agreement: not {move.count}",
        )
    return None


def markers(state: State, move: Markers) -> list[str]:
    for p in state.players:
        state.left[p] = move.count
    state.markers_each = move.count
    state.setup_step = SETUP_DONE
    state.phase = TURN
    events = [f"{move.count} investment markers each; {state.stack} VP on the Cultural island"]
    if state.pirated:
        events.append(
            f"{len(state.pirates)} pirate ships (the unused colours) wait on the Central Island"
        )
    return events


# -- Game Play: turns and rounds ---------------------------------------------------------------
def begin_turn(state: State) -> list[str]:
    state.turns += 1
    state.turned = set()
    state.invested = False
    state.sailed_from_centre = False
    state.visit = None
    if state.pirated and state.pirates_placed < len(state.pirates) and pirates_due(state):
        state.phase = PIRATES
    else:
        state.phase = SAILING
    return []


def pirates_due(state: State) -> bool:
    """The 2nd player places the pirates in the first round, after the starting player."""
    return state.round == 1 and state.current == 1


def end_turn(state: State) -> list[str]:
    state.current += 1
    if state.current < len(state.order):
        state.player = state.order[state.current]
        state.phase = TURN
        return []
    state.current = 0
    state.player = state.order[0]
    state.round += 1
    if state.end_reason:
        state.phase = OVER
        return [f"round {state.round - 1} is over: the game ends ({state.end_reason})"]
    state.phase = TURN
    return []


# -- 2 Player Variant: placing and turning pirates -------------------------------------------
def check_place_pirate(state: State, move: PlacePirate) -> Illegal | None:
    if move.island == state.book.central:
        return Illegal(TWO_PLAYER, "pirates go on surrounding islands, never the Central Island")
    if move.island not in state.slot_of:
        return Illegal(TWO_PLAYER, not_in_circle(state, move.island))
    slot = state.slot_of[move.island]
    if state.occupied(slot):
        who = state.ships_at(slot) or ["a pirate"]
        return Illegal(
            TWO_PLAYER,
            f"{move.island} is not vacant ({', '.join(who)} is there): pirates go on "
            "different vacant islands",
        )
    return None


def not_in_circle(state: State, name: str) -> str:
    return f"{name} is not one of this game's islands ({', '.join(state.ring)})"


def place_pirate(state: State, move: PlacePirate) -> list[str]:
    k = state.pirates_placed
    state.pirates[k] = [state.slot_of[move.island], move.bow]
    state.pirates_placed += 1
    if state.pirates_placed == len(state.pirates):
        state.phase = SAILING
    return [f"places a pirate on {move.island}, bow {BOW_NAMES[move.bow]}"]


PICKING = -1  # state.turning while the pirate to turn is being chosen


def check_turn_pirate(state: State, move: TurnPirate) -> Illegal | None:
    if move.island is None:
        if not pirate_turns(state):
            return Illegal(TWO_PLAYER, f"{state.player} cannot turn a pirate now")
        return None
    slot = state.slot_of.get(move.island, CENTRE)
    k = state.pirate_at(slot)
    if k is None:
        where = [state.ring[s] for s, _ in state.pirates if s != CENTRE]
        return Illegal(
            TWO_PLAYER,
            f"there is no pirate on {move.island} (pirates: {', '.join(where) or 'none yet'})",
        )
    both = state.options["turn_pirates"] == "both"
    if state.turned and (both or k in state.turned):
        what = "the pirates have" if both else f"the pirate on {move.island} has"
        return Illegal(TWO_PLAYER, f"{what} already been turned this turn")
    if move.payment is None:
        if not pirate_payments(state):
            return Illegal(
                TWO_PLAYER,
                f"{state.player} has no coin and no resource to pay for turning a pirate",
            )
        return None
    return check_pay_pirate(state, PayPirate(move.payment))


def pirate_payments(state: State) -> list[str]:
    """What the active player can pay to turn a pirate: a coin or a resource."""
    p = state.player
    cost = state.book.constants["pirate_turn_cost"]
    out = [COIN] if state.coins[p] >= cost else []
    return out + [r for r in state.book.resources if state.res[p][r] >= cost]


def check_pay_pirate(state: State, move: PayPirate) -> Illegal | None:
    p = state.player
    cost = state.book.constants["pirate_turn_cost"]
    have = state.coins[p] if move.payment == COIN else state.res[p][move.payment]
    if have < cost:
        return Illegal(
            TWO_PLAYER,
            f"{p} has {_n(have, move.payment)}: turning a pirate costs {_n(cost, 'coin')} or "
            f"{cost} resource",
        )
    return None


def turn_pirate(state: State, move: TurnPirate) -> list[str]:
    if move.island is None:  # which pirate comes next, then the payment
        state.turning = PICKING
        return []
    k = state.pirate_at(state.slot_of[move.island])
    if move.payment is None:  # the payment comes next
        state.turning = k
        return []
    state.turning = k
    return pay_pirate(state, PayPirate(move.payment))


def pay_pirate(state: State, move: PayPirate) -> list[str]:
    p = state.player
    cost = state.book.constants["pirate_turn_cost"]
    _pay(state, p, ((move.payment, cost),))
    if state.options["turn_pirates"] == "both":
        turned = [k for k, (s, _) in enumerate(state.pirates) if s != CENTRE]
    else:
        turned = [state.turning]
    state.turning = None
    for k in turned:
        state.pirates[k][1] = -state.pirates[k][1]
        state.turned.add(k)
    shown = " and ".join(
        f"the pirate on {state.ring[state.pirates[k][0]]} ({BOW_NAMES[state.pirates[k][1]]})"
        for k in turned
    )
    return [f"pays {_n(cost, move.payment)} to turn {shown}"]


# -- Sailing -----------------------------------------------------------------------------------
def resolve_sail(state: State, move: Sail) -> tuple[int, int] | Illegal:
    """(destination slot, steps) of a sail, or why it cannot be sailed."""
    p, book = state.player, state.book
    here = state.at[p]
    if move.to is not None and move.to != book.central and move.to not in state.slot_of:
        return Illegal(SAILING_S, not_in_circle(state, move.to))
    if here == CENTRE:
        if move.to is None:
            return Illegal(
                SAILING_S,
                f"{p}'s ship is on the Central Island: it sails to any island, so name it "
                "(sail: {to: Island, bow: clockwise})",
            )
        if move.to == book.central:
            return Illegal(
                SAILING_S, f"{p}'s ship is already on the Central Island: it must sail out"
            )
        return state.slot_of[move.to], 0
    bow = state.bow[p]
    n = book.slots
    reading = state.options["extra_steps"]
    limit = book.max_steps(reading)
    if move.to is not None:
        target = state.slot_of[move.to]
        if target == here:
            return Illegal(SAILING_S, f"{p}'s ship is already on {move.to}: sail on or return")
        steps = (target - here) * bow % n
        if move.steps is not None and move.steps != steps:
            return Illegal(
                SAILING_S,
                f"{move.to} is {_n(steps, 'step')} {BOW_NAMES[bow]} from "
                f"{state.ring[here]}, not {move.steps}",
            )
    else:
        steps = move.steps
        if steps < 1 or steps > limit:
            return Illegal(
                SAILING_S,
                f"a ship sails 1 to {limit} steps along its bow, not {steps}"
                + (" (option extra_steps: beyond_free)" if reading == "beyond_free" else ""),
            )
        target = (here + bow * steps) % n
    if book.sail_cost(steps, reading) is None:
        return Illegal(
            SAILING_S,
            f"{state.ring[target]} is {steps} steps {BOW_NAMES[bow]} from {state.ring[here]}: "
            f"a ship sails at most {limit} steps along its bow"
            + (" (option extra_steps: beyond_free)" if reading == "beyond_free" else ""),
        )
    return target, steps


def sail_costs(state: State, target: int, steps: int) -> tuple[int, list[str], int]:
    """(sailing cost, players owed the tariff, pirate cost) of stopping at ``target``."""
    k = state.book.constants
    cost = state.book.sail_cost(steps, state.options["extra_steps"]) if steps else 0
    owed = state.ships_at(target, but=state.player)
    pirate = k["pirate_move_cost"] if state.pirate_at(target) is not None else 0
    return cost, owed, pirate


def check_sail(state: State, move: Sail) -> Illegal | None:
    where = resolve_sail(state, move)
    if isinstance(where, Illegal):
        return where
    target, steps = where
    cost, owed, pirate = sail_costs(state, target, steps)
    tariff = state.book.constants["tariff"] * len(owed)
    p = state.player
    if cost + tariff + pirate <= state.coins[p]:
        return None
    parts = []
    if cost:
        parts.append(f"{_n(cost, 'coin')} for {steps} steps")
    if tariff:
        parts.append(f"{_n(tariff, 'coin')} of tariff to {' and '.join(owed)}")
    if pirate:
        parts.append(f"{_n(pirate, 'coin')} to move the pirate there")
    section = TWO_PLAYER if pirate and cost + tariff <= state.coins[p] else SAILING_S
    return Illegal(
        section,
        f"stopping at {state.ring[target]} costs {' and '.join(parts)}: {p} has "
        f"{_n(state.coins[p], 'coin')}, and no move may be made that cannot be paid for",
    )


def sail(state: State, move: Sail) -> list[str]:
    p = state.player
    target, steps = resolve_sail(state, move)
    cost, owed, pirate = sail_costs(state, target, steps)
    here = state.at[p]
    to = state.ring[target]
    if here == CENTRE:
        events = [f"sails from the Central Island to {to}"]
    else:
        events = [f"sails {_n(steps, 'step')} {BOW_NAMES[state.bow[p]]} to {to}"]
        if cost:
            _pay(state, p, ((COIN, cost),))
            events[0] += f", paying {_n(cost, 'coin')}"
    tariff = state.book.constants["tariff"]
    for other in owed:
        state.coins[p] -= tariff
        state.coins[other] += tariff
        events.append(f"pays {_n(tariff, 'coin')} of tariff to {other}")
    state.at[p] = target
    if here == CENTRE:
        state.sailed_from_centre = True
        state.phase = BOW
    else:
        state.phase = PIRATE_MOVE if pirate else INCOME
    return events


def set_bow(state: State, move: Bow) -> list[str]:
    p = state.player
    state.bow[p] = move.direction
    state.phase = PIRATE_MOVE if state.pirate_at(state.at[p]) is not None else INCOME
    return [f"turns the bow {BOW_NAMES[move.direction]}"]


def return_cost(state: State) -> tuple[list[str], int]:
    """Players owed a tariff on the Central Island (option tariff_on_central) and its sum."""
    if not state.options["tariff_on_central"]:
        return [], 0
    owed = state.ships_at(CENTRE, but=state.player)
    return owed, state.book.constants["tariff"] * len(owed)


def check_return(state: State) -> Illegal | None:
    p = state.player
    if state.at[p] == CENTRE:
        return Illegal(
            SAILING_S,
            f"{p}'s ship is on the Central Island: it must sail to one of the surrounding islands",
        )
    owed, cost = return_cost(state)
    if cost > state.coins[p] and possible_sails(state, with_return=False):
        return Illegal(
            SAILING_S,
            f"returning costs {_n(cost, 'coin')} of tariff to {' and '.join(owed)} and {p} has "
            f"{_n(state.coins[p], 'coin')}; only a player who cannot pay for any island returns "
            "without paying (option tariff_on_central: true)",
        )
    return None


def sail_home(state: State) -> list[str]:
    p = state.player
    owed, cost = return_cost(state)
    events = ["returns to the Central Island"]
    if cost and cost <= state.coins[p]:
        tariff = state.book.constants["tariff"]
        for other in owed:
            state.coins[p] -= tariff
            state.coins[other] += tariff
            events.append(f"pays {_n(tariff, 'coin')} of tariff to {other}")
    elif cost:
        events[0] += " (a forced return: no tariff)"
    state.at[p] = CENTRE
    state.bow[p] = 0
    state.phase = INCOME
    return events


def possible_sails(state: State, *, with_return: bool = True) -> list:
    """Every sail the active player can pay for, then the return (when allowed)."""
    p = state.player
    here = state.at[p]
    coins = state.coins[p]
    book = state.book
    k = book.constants
    n = book.slots
    due = [0] * n  # tariff and pirate cost of stopping at each slot
    tariff = k["tariff"]
    for q, slot in state.at.items():
        if slot >= 0 and q != p:
            due[slot] += tariff
    pirate_cost = k["pirate_move_cost"]
    for slot, _ in state.pirates:
        if slot >= 0:
            due[slot] += pirate_cost
    ring = state.ring
    if here == CENTRE:
        return [Sail(ring[slot], None, due[slot]) for slot in range(n) if due[slot] <= coins]
    bow = state.bow[p]
    moves: list = []
    for steps, cost in book.cost_row(state.options["extra_steps"]):
        slot = (here + bow * steps) % n
        if cost + due[slot] <= coins:
            moves.append(Sail(ring[slot], steps, cost + due[slot]))
    if with_return and check_return(state) is None:
        moves.append(RETURN)
    return moves


def pirate_landing(state: State, k: int, steps: int) -> int:
    """Where pirate ``k`` stops after ``steps``, skipping islands occupied by another ship."""
    slot, bow = state.pirates[k]
    n = state.book.slots
    others = {state.at[p] for p in state.order} | {
        s for j, (s, _) in enumerate(state.pirates) if j != k
    }
    if state.options["pirate_skip"] == "all_steps":
        slot = (slot + bow * steps) % n
        while slot in others:
            slot = (slot + bow) % n
        return slot
    moved = 0
    while moved < steps:
        slot = (slot + bow) % n
        if slot not in others:
            moved += 1
    return slot


def check_move_pirate(state: State, move: MovePirate) -> Illegal | None:
    allowed = state.book.constants["pirate_steps"]
    if move.steps not in allowed:
        return Illegal(
            TWO_PLAYER,
            f"a pirate moves {' or '.join(map(str, allowed))} steps, not {move.steps}",
        )
    return None


def move_pirate(state: State, move: MovePirate) -> list[str]:
    p = state.player
    k = state.pirate_at(state.at[p])
    cost = state.book.constants["pirate_move_cost"]
    _pay(state, p, ((COIN, cost),))
    start = state.ring[state.pirates[k][0]]
    state.pirates[k][0] = pirate_landing(state, k, move.steps)
    state.phase = INCOME
    return [
        f"pays {_n(cost, 'coin')} to move the pirate on {start} {_n(move.steps, 'step')} "
        f"{BOW_NAMES[state.pirates[k][1]]}: it stops on {state.ring[state.pirates[k][0]]}"
    ]


# -- Income -----------------------------------------------------------------------------------
def markers_here(state: State) -> int:
    slot = state.at[state.player]
    return 0 if slot == CENTRE else state.markers[slot].get(state.player, 0)


def income_boxes(state: State) -> tuple[int, ...]:
    table = state.book.income_by_markers
    return table[min(markers_here(state), max(table))]


def income_plan(book: IslandBook, name: str, markers: int) -> tuple:
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
            if word == ANY:
                takes += n
            elif word == TRADE:
                trades += n
            elif word == ADJUST:
                adjusts += n * book.constants["price_adjustment"]
            elif word == EXCHANGE:
                exchanges += n
            elif (
                word == VP and island.type == CULTURAL and book.constants["bonus_vp_needs_exchange"]
            ):
                bonus += n
            else:
                goods[word] = goods.get(word, 0) + n
    why = "basic income" if len(boxes) == 1 else f"basic + extra income ({_n(markers, 'marker')})"
    parts = [_n(n, w) for w, n in goods.items()]
    if takes:
        parts.append(f"{takes} resource{'s' if takes > 1 else ''} of choice")
    if trades:
        parts.append(_n(trades, "trade"))
    if adjusts:
        parts.append(f"±{adjusts} on prices")
    if exchanges:
        parts.append(_n(exchanges, "exchange"))
    if bonus:
        parts.append(f"+{bonus} VP after an exchange")
    text = f"{why} on {name}: {', '.join(parts) or 'nothing'}"
    plan = book.plans[key] = (tuple(goods.items()), takes, trades, adjusts, exchanges, bonus, text)
    return plan


def collect(state: State) -> list[str]:
    """Basic income, and the extra boxes the player's markers here give."""
    p = state.player
    slot = state.at[p]
    name = state.book.central if slot == CENTRE else state.ring[slot]
    m = 0 if slot == CENTRE else state.markers[slot].get(p, 0)
    goods, takes, trades, adjusts, exchanges, bonus, text = income_plan(state.book, name, m)
    short = ""
    res = state.res[p]
    for word, n in goods:
        if word == COIN:
            got = _gain_coins(state, p, n)
            if got < n:
                short += f" (the supply had only {_n(got, 'coin')})"
        elif word == VP:
            got = _gain_vp(state, p, n)
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


def no_income(state: State) -> list[str]:
    state.visit = Visit(declined=True)
    return ["takes no income", *finish_income(state)]


def advance_income(state: State) -> list[str]:
    v = state.visit
    if v.takes or v.trades or v.exchanges:
        return []
    return finish_income(state)


def finish_income(state: State) -> list[str]:
    p = state.player
    v = state.visit
    events = []
    if v.exchanged and v.bonus_vp:
        stack = state.stack
        got = _gain_vp(state, p, v.bonus_vp)
        events.append(f"gains {got} VP of extra income for exchanging{_supplied(got, stack)}")
    v.takes = v.trades = v.exchanges = 0
    if state.stack == 0 and not state.end_reason:
        state.end_reason = "no VP left on the Cultural island"
        events.append("the Cultural island has no VP left: the game ends at the end of this round")
    state.phase = INVEST
    return events


def take(state: State, move: Take) -> list[str]:
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
                    moves.append(TRADES[action, r, price])
            elif res[r] and (not finite or state.supply_coins >= price):
                moves.append(TRADES[action, r, price])
    moves.append(END_INCOME)
    return moves


def possible_exchanges(state: State) -> list:
    p = state.player
    island = state.book.island(state.ring[state.at[p]])
    res = state.res[p]
    if vp_available(state) == 0:
        return [END_INCOME]
    return [EXCHANGES[r] for r in island.rates if res[r]] + [END_INCOME]


def check_trade(state: State, move: Trade) -> Illegal | None:
    p = state.player
    island = state.where(p)
    priced = trade_price(state, move.action, move.resource)
    if priced is None:
        return Illegal(ISLAND_CARD_DETAILS, f"{island} does not {move.action} {move.resource}")
    price, _ = priced
    if move.action == "buy":
        if state.coins[p] < price:
            return Illegal(
                ISLAND_CARD_DETAILS,
                f"1 {move.resource} costs {_n(price, 'coin')} on {island}: {p} has "
                f"{_n(state.coins[p], 'coin')}",
            )
        return None
    if state.res[p][move.resource] < 1:
        return Illegal(ISLAND_CARD_DETAILS, f"{p} has no {move.resource} to sell")
    if state.options["short_supply"] == "finite" and state.supply_coins < price:
        return Illegal(
            INCOME_S,
            f"the supply has only {_n(state.supply_coins, 'coin')}: it cannot pay {price} for "
            f"{move.resource} (option short_supply: finite)",
        )
    return None


def trade(state: State, move: Trade) -> list[str]:
    p = state.player
    price, used = trade_price(state, move.action, move.resource)
    r = move.resource
    if move.action == "buy":
        state.coins[p] -= price
        state.supply_coins += price
        state.res[p][r] += 1
        state.supply_res[r] -= 1
        verb = "buys"
    else:
        state.coins[p] += price
        state.supply_coins -= price
        state.res[p][r] -= 1
        state.supply_res[r] += 1
        verb = "sells"
    v = state.visit
    v.adjusts -= used
    v.trades -= 1
    note = f" (adjusted by {used})" if used else ""
    return [f"{verb} 1 {r} for {_n(price, 'coin')}{note}", *advance_income(state)]


def vp_available(state: State) -> int | None:
    """VP that income can still bring (None: no limit, option short_supply: substitute)."""
    if state.options["short_supply"] == "substitute":
        return None
    return state.stack + state.supply_vp


def check_exchange(state: State, move: Exchange) -> Illegal | None:
    p = state.player
    island = state.book.island(state.where(p))
    if move.resource not in island.rates:
        rates = ", ".join(f"{r} {n}" for r, n in island.rates.items())
        return Illegal(
            ISLAND_CARD_DETAILS,
            f"{island.name} gives no VP for {move.resource} (it takes {rates})",
        )
    if state.res[p][move.resource] < 1:
        return Illegal(ISLAND_CARD_DETAILS, f"{p} has no {move.resource} to exchange")
    if vp_available(state) == 0:
        return Illegal(INCOME_S, "no VP are left, on the Cultural island or in the supply")
    return None


def exchange(state: State, move: Exchange) -> list[str]:
    p = state.player
    island = state.book.island(state.where(p))
    r = move.resource
    state.res[p][r] -= 1
    state.supply_res[r] += 1
    stack = state.stack
    got = _gain_vp(state, p, island.rates[r])
    v = state.visit
    v.exchanges -= 1
    v.exchanged += 1
    return [f"exchanges 1 {r} for {got} VP{_supplied(got, stack)}", *advance_income(state)]


def end_income(state: State) -> list[str]:
    return finish_income(state)


# -- Invest ------------------------------------------------------------------------------------
def closed(state: State, slot: int, player: str | None = None) -> str | None:
    """Who closes an island to ``player``'s investment by the marker limit (None: open)."""
    limit = state.book.constants["marker_limit"]
    here = state.markers[slot]
    if state.options["marker_limit"] == "own":
        if player is not None:
            return player if here.get(player, 0) >= limit else None
        full = all(here.get(p, 0) >= limit or state.left[p] == 0 for p in state.order)
        return "everybody" if full else None
    return next((p for p in state.order if here.get(p, 0) >= limit), None)


def check_invest(state: State, move: Invest) -> Illegal | None:
    p = state.player
    where = state.where(p)
    if move.island is not None and move.island != where:
        return Illegal(
            INVEST_S, f"{p} is on {where}, not {move.island}: you invest where your ship is"
        )
    slot = state.at[p]
    if slot == CENTRE:
        return Illegal(CENTRAL_ISLAND, "nobody may invest on the Central Island")
    if state.left[p] == 0:
        return Illegal(INVEST_S, f"{p} has no investment markers left")
    blocker = closed(state, slot, p)
    if blocker is not None:
        limit = state.book.constants["marker_limit"]
        if state.options["marker_limit"] == "own":
            return Illegal(
                INVEST_S,
                f"{p} already has {limit} markers on {where} (option marker_limit: own)",
            )
        return Illegal(
            INVEST_S,
            f"{blocker} already has {limit} markers on {where}: nobody may invest there "
            "(option marker_limit: anyone)",
        )
    island = state.book.island(where)
    short = _short(state, p, island.cost)
    if short:
        return Illegal(
            INVEST_S,
            f"investing on {where} costs {_bundle(island.cost)}: {p} has {short}",
        )
    return None


def invest(state: State, move: Invest) -> list[str]:
    p = state.player
    slot = state.at[p]
    island = state.book.island(state.ring[slot])
    _pay(state, p, island.cost)
    state.markers[slot][p] = state.markers[slot].get(p, 0) + 1
    state.left[p] -= 1
    state.invested = True
    events = [
        f"invests on {island.name} for {_bundle(island.cost)}: "
        f"{_n(state.markers[slot][p], 'marker')} there, {state.left[p]} left"
    ]
    reason = ""
    if state.left[p] == 0:
        reason = f"{p} has no investment markers left"
    elif all(closed(state, s) is not None for s in range(len(state.ring))):
        reason = "no island is open for investment"
    if reason and not state.end_reason:
        state.end_reason = reason
        events.append(f"{reason}: the game ends at the end of this round")
    return events + end_turn(state)


def can_invest(state: State) -> bool:
    p = state.player
    slot = state.at[p]
    if slot == CENTRE or state.left[p] == 0 or closed(state, slot, p) is not None:
        return False
    return not _short(state, p, state.book.island(state.ring[slot]).cost)


# -- Moves out of their place ---------------------------------------------------------------
ORDER = {SETUP: 0, TURN: 1, PIRATES: 2, SAILING: 3, BOW: 4, PIRATE_MOVE: 5, INCOME: 6, INVEST: 7}
SETUP_MOVES = (FirstPlayer, StartingCoins, Markers)


def misplaced(state: State, move) -> Illegal | None:
    """A move that the game or the turn has already gone past, or that nothing will accept."""
    phase = state.phase
    here = ORDER.get(phase, 8)
    p = state.player
    if isinstance(move, PlaceIsland) and state.setup_step > SETUP_ISLANDS:
        return Illegal(
            GAME_PREPARATION,
            f"the circle has {state.book.slots} slots, all filled: {move.card} cannot be added",
        )
    if isinstance(move, SETUP_MOVES) and phase != SETUP:
        return Illegal(GAME_PREPARATION, "the game is prepared once, before the first turn")
    if isinstance(move, (PlacePirate, TurnPirate, MovePirate)) and not state.pirated:
        return Illegal(TWO_PLAYER, "there are no pirates in this game (option pirates: false)")
    if isinstance(move, PlacePirate):
        if state.pirates_placed == len(state.pirates):
            return Illegal(TWO_PLAYER, "the pirates are placed once, in the first round")
        if phase in (TURN, SAILING) and not pirates_due(state):
            second = state.order[1] if state.order else "the 2nd player"
            return Illegal(
                TWO_PLAYER,
                f"{second} places the pirates in the first round, after the starting player's turn",
            )
    if isinstance(move, TurnPirate) and here > ORDER[SAILING]:
        return Illegal(
            TWO_PLAYER, "a pirate is turned before sailing (our reading of 'during their turn')"
        )
    if isinstance(move, (Sail, Return)) and here > ORDER[SAILING]:
        return Illegal(SAILING_S, f"{p} has already sailed this turn")
    if isinstance(move, Bow) and here > ORDER[BOW]:
        if state.sailed_from_centre:
            return Illegal(SAILING_S, f"{p} has already turned the bow this turn")
        bow = BOW_NAMES.get(state.bow[p])
        if bow is None:
            return Illegal(SAILING_S, f"{p}'s ship is on the Central Island: it has no bow yet")
        return Illegal(
            SAILING_S,
            f"the bow is turned only on leaving the Central Island: {p}'s stays {bow} until "
            "the ship returns there",
        )
    if isinstance(move, MovePirate) and here > ORDER[PIRATE_MOVE]:
        return Illegal(TWO_PLAYER, f"there is no pirate on {state.where(p)} to move")
    if isinstance(move, (Collect, NoIncome)) and here > ORDER[INCOME]:
        return Illegal(INCOME_S, "income is taken once a turn, after sailing")
    if isinstance(move, (Take, Trade, Exchange, Pick)):
        return _misplaced_income(state, move)
    if isinstance(move, Invest) and phase == TURN and state.invested:
        return Illegal(INVEST_S, "only one investment a turn")
    return None


def _misplaced_income(state: State, move) -> Illegal | None:
    phase = state.phase
    if phase not in (INCOME, INVEST, TURN) or (phase == INCOME and state.visit is None):
        return None  # the income is still to come
    v = state.visit
    if phase == TURN or v is None:
        return None
    p = state.player
    island = state.book.island(state.where(p))
    if v.takes or v.trades or v.exchanges:  # a choice of this visit comes first
        later = (
            (isinstance(move, Trade) and v.trades)
            or (isinstance(move, Exchange) and v.exchanges)
            or (isinstance(move, Pick) and v.exchanges)
        )
        if later:
            return None
    if getattr(v, "declined", False):
        return Illegal(INCOME_S, f"{p} takes no income this turn (income: none)")
    takes, trades, exchanges = v.allowed
    if isinstance(move, Take) or (isinstance(move, Pick) and island.type != CULTURAL):
        if island.type == COMMERCIAL and isinstance(move, Pick):
            return Illegal(
                ISLAND_CARD_DETAILS,
                f"on {island.name} a resource is bought or sold: write 'buy {move.resource}' or "
                f"'sell {move.resource}'",
            )
        if takes:
            return Illegal(
                SYMBOL_DETAILS, f"{p} may choose {_n(takes, 'resource')} on {island.name}"
            )
        return Illegal(
            SYMBOL_DETAILS,
            f"{island.name}'s income gives {p} no resource to choose "
            f"({_n(markers_here(state), 'marker')} there)",
        )
    if isinstance(move, Trade):
        if island.type != COMMERCIAL:
            return Illegal(
                ISLAND_CARD_DETAILS,
                f"{island.name} is not a Commercial island: resources are bought and sold on "
                "Commercial islands",
            )
        return Illegal(SYMBOL_DETAILS, f"{island.name} allows {_n(trades, 'trade')} a visit")
    if island.type != CULTURAL:
        return Illegal(
            ISLAND_CARD_DETAILS,
            f"{island.name} is not a Cultural island: resources are exchanged for VP on the "
            "Cultural island",
        )
    return Illegal(SYMBOL_DETAILS, f"{island.name} allows {_n(exchanges, 'exchange')} a visit")


# -- Decisions -------------------------------------------------------------------------------
def decision(state: State) -> Decision | None:
    """Who must do what now. A decision depends only on its key, so it is built once."""
    phase = state.phase
    if phase == OVER:
        return None
    p = state.player
    v = state.visit
    if phase == SETUP:
        key = (phase, state.setup_step, len(state.ring))
    elif phase == SAILING:
        key = (phase, p, state.pirates_placed, state.turning)
    elif phase == INCOME:
        key = (phase, p, v and (v.takes, v.trades, v.exchanges))
    elif phase in (BOW, PIRATE_MOVE):
        key = (phase, p, state.at[p])
    else:
        key = (phase, p, state.pirates_placed)
    d = state.decisions.get(key)
    if d is None:
        d = state.decisions[key] = _decision(state)
    return d


def _decision(state: State) -> Decision:
    phase = state.phase
    p = state.player
    if phase == SETUP:
        return _setup_decision(state)
    if phase == TURN:
        return Decision(p, "Turn", "choice", (StartTurn,), f"{p}'s turn to begin", starts_turn=True)
    if phase == PIRATES:
        n = len(state.pirates) - state.pirates_placed
        return Decision(
            p,
            "Pirates",
            "choice",
            (PlacePirate,),
            f"a vacant island and a bow for a pirate ({n} to place)",
            missing=lambda: Illegal(
                TWO_PLAYER,
                f"in the first round, after the starting player's turn, {p} places the "
                f"{len(state.pirates)} pirates on different vacant islands "
                "(pirates: {Island: clockwise, Island: counterclockwise})",
            ),
        )
    if phase == SAILING and state.turning == PICKING:
        return Decision(
            p,
            "Sailing",
            "choice",
            (TurnPirate,),
            "the pirate to turn",
            missing=lambda: Illegal(TWO_PLAYER, "name the pirate to turn (turn_pirate: ...)"),
        )
    if phase == SAILING and state.turning is not None:
        return Decision(
            p,
            "Sailing",
            "choice",
            (PayPirate,),
            "what pays for turning the pirate",
            missing=lambda: Illegal(
                TWO_PLAYER, "name what pays for turning the pirate (turn_pirate: {Island: Coin})"
            ),
        )
    if phase == SAILING:
        accepts = (Sail, Return, TurnPirate) if state.pirates_placed else (Sail, Return)
        return Decision(
            p,
            "Sailing",
            "choice",
            accepts,
            "where to sail",
            missing=lambda: Illegal(
                SAILING_S,
                f"{p} must sail first: to an island, a number of steps along the bow, or "
                "back to the Central Island (sail: ...)",
            ),
        )
    if phase == BOW:
        return Decision(
            p,
            "Sailing",
            "choice",
            (Bow,),
            f"the bow's direction on {state.where(p)}",
            missing=lambda: Illegal(
                SAILING_S,
                f"{p} sailed from the Central Island: turn the bow clockwise or "
                "counterclockwise on arriving (sail: {to: Island, bow: clockwise})",
            ),
        )
    if phase == PIRATE_MOVE:
        k = state.book.constants
        return Decision(
            p,
            "Sailing",
            "choice",
            (MovePirate,),
            f"how far the pirate on {state.where(p)} moves",
            missing=lambda: Illegal(
                TWO_PLAYER,
                f"{p} stopped where a pirate is, on {state.where(p)}: pay "
                f"{_n(k['pirate_move_cost'], 'coin')} and move it "
                f"{' or '.join(map(str, k['pirate_steps']))} steps (sail: {{..., pirate: 1}})",
            ),
        )
    if phase == INCOME:
        return _income_decision(state)
    return Decision(p, "Invest", "choice", (Invest, NoInvest), "whether to invest", NO_INVEST)


def _setup_decision(state: State) -> Decision:
    step = state.setup_step
    book = state.book
    if step == SETUP_ISLANDS:
        k = len(state.ring)
        return Decision(
            TABLE,
            "Setup",
            "chance",
            (PlaceIsland,),
            f"which island lies in slot {k + 1} of the circle (clockwise)",
            missing=lambda: Illegal(
                GAME_PREPARATION,
                f"the setup names the {book.slots} surrounding islands in circle order, "
                f"clockwise ({draw_words(book)}): {k} named (setup: islands: [...])",
            ),
        )
    if step == SETUP_FIRST:
        return Decision(
            TABLE,
            "Setup",
            "chance",
            (FirstPlayer,),
            "who is the starting player",
            default=FirstPlayer(state.players[0]),
        )
    if step == SETUP_COINS:
        return Decision(
            TABLE,
            "Setup",
            "choice",
            (StartingCoins,),
            "the starting coins",
            default=StartingCoins(False),
        )
    return Decision(
        TABLE,
        "Setup",
        "choice",
        (Markers,),
        "how many investment markers each player uses",
        default=Markers(book.constants["markers_per_player"]),
    )


def _income_decision(state: State) -> Decision:
    p = state.player
    v = state.visit
    island = state.where(p)
    if v is None:
        return Decision(p, "Income", "choice", (Collect, NoIncome), "the income", COLLECT)
    if v.takes:
        return Decision(
            p,
            "Income",
            "choice",
            (Take, Pick),
            f"a resource for 'Any resource' ({v.takes} to take)",
            missing=lambda: Illegal(
                SYMBOL_DETAILS,
                f"{island}'s income gives {p} {_n(v.takes, 'resource')} of their choice: "
                "name it (income: {take: Gold})",
            ),
        )
    if v.trades:
        return Decision(
            p, "Income", "choice", (Trade, EndIncome), f"a trade ({v.trades} left)", END_INCOME
        )
    return Decision(
        p,
        "Income",
        "choice",
        (Exchange, Pick, EndIncome),
        f"a resource to exchange for VP ({v.exchanges} left)",
        END_INCOME,
    )


def legal_moves(state: State) -> list:
    phase = state.phase
    p = state.player
    if phase == SETUP:
        if state.setup_step == SETUP_COINS:
            return [StartingCoins(False), StartingCoins(True)]
        if state.setup_step == SETUP_MARKERS:
            k = state.book.constants
            most = k["markers_per_player"]
            return [Markers(n) for n in range(most, most - k["max_markers_removed"] - 1, -1)]
        return []
    if phase == TURN:
        return [STARTS[p]]
    if phase == PIRATES:
        return [
            PlacePirate(name, b)
            for slot, name in enumerate(state.ring)
            if not state.occupied(slot)
            for b in BOW_NAMES
        ]
    if phase == SAILING:
        if state.turning == PICKING:
            return [TurnPirate(state.ring[state.pirates[k][0]]) for k in turnable(state)]
        if state.turning is not None:
            return [PayPirate(pay) for pay in pirate_payments(state)]
        return possible_sails(state) + pirate_turns(state)
    if phase == BOW:
        return list(BOWS)
    if phase == PIRATE_MOVE:
        return [MovePirate(n) for n in state.book.constants["pirate_steps"]]
    if phase == INCOME:
        v = state.visit
        if v is None:  # declining all income never helps: accepted in a log, not offered
            return [COLLECT]
        if v.takes:
            return [Take(r) for r in state.book.resources]
        if v.trades:
            return possible_trades(state)
        return possible_exchanges(state)
    if phase == INVEST:
        return [INVEST_HERE, NO_INVEST] if can_invest(state) else [NO_INVEST]
    return []


def turnable(state: State) -> list[int]:
    """The pirates the active player may still turn this turn."""
    if state.options["turn_pirates"] == "both" and state.turned:
        return []
    return [
        k for k, (slot, _) in enumerate(state.pirates) if slot != CENTRE and k not in state.turned
    ]


def pirate_turns(state: State) -> list:
    """'Turn a pirate' (which one and the payment are chosen next), when one may be turned."""
    if not state.pirates_placed or not turnable(state) or not pirate_payments(state):
        return []
    return [TURN_A_PIRATE]


# -- Helpers ---------------------------------------------------------------------------------
def _gain_coins(state: State, p: str, n: int) -> int:
    if state.options["short_supply"] == "finite":
        n = max(0, min(n, state.supply_coins))
    state.coins[p] += n
    state.supply_coins -= n
    return n


def _gain_vp(state: State, p: str, n: int) -> int:
    """VP from the Cultural island's stack, then (when it is empty) from the supply."""
    from_stack = min(n, state.stack)
    state.stack -= from_stack
    rest = n - from_stack
    if state.options["short_supply"] == "finite":
        rest = max(0, min(rest, state.supply_vp))
    state.supply_vp -= rest
    state.vp[p] += from_stack + rest
    return from_stack + rest


def _supplied(got: int, stack: int) -> str:
    """' (2 from the supply)' when the Cultural island's stack of ``stack`` VP fell short."""
    extra = got - min(got, stack)
    return f" ({extra} from the supply)" if extra else ""


def _pay(state: State, p: str, bundle) -> None:
    for word, n in bundle:
        if word == COIN:
            state.coins[p] -= n
            state.supply_coins += n
        else:
            state.res[p][word] -= n
            state.supply_res[word] += n


def _short(state: State, p: str, bundle) -> str:
    """What ``p`` lacks to pay ``bundle``, in words ('' when it can be paid)."""
    short = []
    for word, n in bundle:
        have = state.coins[p] if word == COIN else state.res[p][word]
        if have < n:
            short.append(_n(have, word))
    return " and ".join(short)


def _bundle(bundle) -> str:
    return " + ".join(_n(n, w) for w, n in bundle) or "nothing"


PLURALS = ("coin", "step", "marker", "trade", "exchange", "resource", "island", "'Any resource'")


def _n(n: int, word: str) -> str:
    """'1 coin', '3 coins', '2 Fruit', '1 Production island'."""
    if word == COIN:
        word = "coin"
    if n != 1 and word.split()[-1] in PLURALS:
        return f"{n} {word}s"
    return f"{n} {word}"


def draw_words(book: IslandBook) -> str:
    d = book.draw
    labels = {
        t: book.island(next(n for n, i in book.islands.items() if i.type == t)).label for t in d
    }
    return ", ".join(f"{n} {labels[t]}" for t, n in d.items())
