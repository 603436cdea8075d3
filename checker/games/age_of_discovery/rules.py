"""The rules of Age of Discovery, section by section, as the rulebook states them.

Every ``Illegal`` cites the rulebook section it comes from (``§4.4.1``). Numbers (starting coins,
row sizes, pile sizes, fees, the hand limit, durations) come from rules.yaml; card facts (costs,
transport, colours, limits, scores, payouts, mission tables) from the deck files.
"""

from __future__ import annotations

from checker.core.game import Illegal
from checker.core.piles import put, take
from checker.games.age_of_discovery.cards import ALL_SHIPS, HALF, MAJORITY, ONE_SHIP, CardBook
from checker.games.age_of_discovery.moves import (
    Assign,
    Back,
    Buy,
    Contract,
    DealContract,
    DealFlagship,
    DealMission,
    DrawContract,
    EndTurn,
    KeepSecret,
    PlayContract,
    Reserve,
    RowContract,
    Sail,
    SendShip,
    SetupShip,
    TakeCoins,
    TurnOver,
)
from checker.games.age_of_discovery.state import (
    ACTIONS,
    BUY,
    COINS,
    CONTRACT,
    CONTRACTS,
    FILLING,
    MISSIONS,
    OVER,
    PURCHASE,
    SEND,
    SETUP,
    START,
    Placed,
    Reservation,
    State,
    Voyage,
)

# The rulebook's sections, cited by every rule below.
COMPONENTS = "§2.0"
SHIP_CARDS = "§2.1"
STARTING_PLAY = "§3.0"
COURSE_OF_PLAY = "§4.0"
TAKE_COINS = "§4.1"
ACCEPT_CONTRACT = "§4.2"
PURCHASE_SHIPS = "§4.3"
SEND_SHIPS = "§4.4"
EXPEDITIONS = "§4.4.1"
TRADE_CONTRACTS = "§4.4.2"
WINNING = "§5.0"
EXPEDITION_POINTS = "§5.1"
FIRST_SCORING = "§5.2"
FINAL_SCORING = "§5.3"
SPECIAL_MISSIONS = "§6.1"
ACTION_CARDS = "§6.2"

END_TURN, TAKE_2, DRAW_BLIND, KEEP_SECRET = EndTurn(), TakeCoins(), DrawContract(), KeepSecret()
BACK = Back()
ROW_WORDS = {PURCHASE: "purchase row", FILLING: "filling row", CONTRACTS: "contract row"}


# -- Setup (§3.0) ------------------------------------------------------------------------------
def setup(book: CardBook, options: dict, players: list[str]) -> State:
    k = book.constants
    n = len(players)
    start = k["starting_coins"]
    actions = book.action_cards(n)
    missions = book.missions_for(n)
    boxed: dict[str, int] = {}
    for name, count in book.action_counts.items():
        put(boxed, name, count - actions.get(name, 0) * n)
    for m in book.missions:
        if m not in missions:
            put(boxed, m)
    state = State(
        book=book,
        k=k,
        options=options,
        players=list(players),
        bank=book.bank_total - start * n,
        coins=dict.fromkeys(players, start),
        unseen={s.name: s.count for s in book.ships.values()},
        piles=[],
        scoring_in=[],
        contract_deck=list(book.contracts),
        purchase=[None] * k["purchase_row"],
        filling=[None] * k["filling_row"],
        contract_row=[None] * k["face_up_contracts"],
        hands={p: [] for p in players},
        fleet={p: {} for p in players},
        flagship=dict.fromkeys(players),
        flagship_idle=dict.fromkeys(players, True),
        flagship_pool=list(book.flagships),
        missions=dict.fromkeys(players),
        mission_pool=missions,
        action_cards={p: {a: c for a, c in actions.items() if c} for p in players},
        expeditions={e: [] for e in book.expeditions},
        load=dict.fromkeys(book.expeditions, 0),
        exp_colour={},
        completed=dict.fromkeys(players, 0),
        boxed=boxed,
    )
    plan: list[tuple] = [("row contract",)] * k["face_up_contracts"]
    plan += [("ship", PURCHASE)] * k["purchase_row"] + [("ship", FILLING)] * k["filling_row"]
    for p in players:
        plan += [("deal", p)] * k["contracts_dealt"]
    plan += [("mission", p) for p in players] + [("flagship", p) for p in players]
    state.setup_plan = plan
    return state


def setup_step(state: State) -> tuple | None:
    return state.setup_plan[state.setup_at] if state.setup_at < len(state.setup_plan) else None


def setup_advanced(state: State) -> list[str]:
    """One setup step done; after the last, form the draw piles and begin."""
    state.setup_at += 1
    if state.setup_at < len(state.setup_plan):
        return []
    book, k = state.book, state.k
    sizes = list(k["draw_piles"])
    state.piles = sizes
    state.scoring_in = [None] * len(sizes)
    for pile, card in (
        (k["first_scoring_pile"], book.first_scoring),
        (k["final_scoring_pile"], book.final_scoring),
    ):
        state.piles[pile - 1] += 1
        state.scoring_in[pile - 1] = card
    # Flagships and missions not dealt to anyone stay face down: who has which is learnt later.
    state.phase = START
    shown = "/".join(str(n) for n in state.piles)
    return [
        f"the other ships form {len(sizes)} draw piles of {shown} cards, {book.first_scoring} in "
        f"pile {k['first_scoring_pile']} and {book.final_scoring} in pile {k['final_scoring_pile']}"
    ]


def check_setup_ship(state: State, move: SetupShip) -> Illegal | None:
    _, row = setup_step(state)
    problem = ship_reveal_problem(state, move.card, STARTING_PLAY)
    if problem:
        return problem
    if move.row != row:
        n = sum(1 for c in state.purchase if c)
        if row == PURCHASE:
            return Illegal(
                STARTING_PLAY,
                f"the purchase row has {n} ships: the first {len(state.purchase)} ships turned "
                "over form the purchase row",
            )
        return Illegal(
            STARTING_PLAY,
            f"the purchase row already has its {n} ships: the next ships turned over form the "
            "filling row",
        )
    return None


def apply_setup_ship(state: State, move: SetupShip) -> list[str]:
    take(state.unseen, move.card)
    row = state.purchase if move.row == PURCHASE else state.filling
    space = row.index(None)
    row[space] = move.card
    row_name = ROW_WORDS[move.row]
    return [
        f"{move.card} is turned over into space {space + 1} of the {row_name}",
        *setup_advanced(state),
    ]


def check_contract_reveal(state: State, card: str, section: str, what: str) -> Illegal | None:
    if card not in state.contract_deck:
        return Illegal(section, f"{card} cannot be {what}: it is {state.where_is_contract(card)}")
    return None


def apply_row_contract(state: State, move: RowContract) -> list[str]:
    state.contract_deck.remove(move.card)
    if state.phase == SETUP:
        space = state.contract_row.index(None)
        state.contract_row[space] = move.card
        return [f"{move.card} is turned face up in the contract row", *setup_advanced(state)]
    space = state.pending[1]
    state.contract_row[space] = move.card
    state.pending = None
    return [f"{move.card} is turned face up in its place"]


def apply_deal_contract(state: State, move: DealContract) -> list[str]:
    state.contract_deck.remove(move.card)
    state.hands[move.player].append(move.card)
    return [f"{move.player} is dealt {move.card}", *setup_advanced(state)]


def check_deal_mission(state: State, move: DealMission) -> Illegal | None:
    info = state.book.missions[move.card]
    n = len(state.players)
    if info.players != n:
        return Illegal(
            STARTING_PLAY,
            f"{move.card} is a mission for {info.players} players: this game of {n} uses only "
            "the missions for its number of players",
        )
    if move.card not in state.mission_pool:
        owner = next(p for p in state.players if state.missions[p] == move.card)
        return Illegal(STARTING_PLAY, f"{move.card} is {owner}'s special mission")
    return None


def apply_deal_mission(state: State, move: DealMission) -> list[str]:
    state.mission_pool.remove(move.card)
    state.missions[move.player] = move.card
    if state.phase == SETUP:
        return [f"{move.player}'s special mission: {move.card}", *setup_advanced(state)]
    events = [f"{move.player} reveals the special mission {move.card}"]
    if all(state.missions.values()):
        state.phase = OVER
        events.append("the game is over")
    return events


def flagship_problem(state: State, player: str, card: str) -> Illegal | None:
    """Why ``card`` cannot be the flagship of ``player`` (None if it can)."""
    known = state.flagship[player]
    if known is not None and known != card:
        return Illegal(STARTING_PLAY, f"{player}'s flagship is {known}, not {card}")
    if known is None and card not in state.flagship_pool:
        owner = next(p for p in state.players if state.flagship[p] == card)
        return Illegal(STARTING_PLAY, f"{card} is {owner}'s flagship: each player has one")
    return None


def apply_deal_flagship(state: State, move: DealFlagship) -> list[str]:
    state.flagship_pool.remove(move.card)
    state.flagship[move.player] = move.card
    return [f"{move.player}'s flagship: {move.card}", *setup_advanced(state)]


def apply_keep_secret(state: State, move: KeepSecret) -> list[str]:
    what = setup_step(state)
    return [f"{what[1]}'s {what[0]} is kept secret", *setup_advanced(state)]


# -- Turns (§4.0) -------------------------------------------------------------------------------
def begin_turn(state: State) -> list[str]:
    """§4.0 Note: the tokens on the player's contracts move one box; finished voyages pay."""
    state.turn += 1
    state.used = []
    state.blocks = []
    state.menu = None
    state.action = None
    state.phase = ACTIONS
    p = state.player
    events = []
    for v in [v for v in state.voyages if v.player == p]:
        v.left -= 1
        if v.left > 0:
            events.append(f"{v.contract}: {v.left} turn(s) to go")
            continue
        events += complete_voyage(state, v)
    return events


def complete_voyage(state: State, v: Voyage) -> list[str]:
    info = state.book.contracts[v.contract]
    payout = info.payouts[v.duration - 1]
    paid = pay_out(state, v.player, payout)
    state.voyages.remove(v)
    return_ships(state, v)
    put(state.boxed, v.contract)
    state.completed[v.player] += 1
    short = f" (the bank had only {paid})" if paid < payout else ""
    return [
        f"{v.contract} is complete: {v.player} receives {paid} coins{short}, takes back "
        f"{', '.join(s for s, _ in v.ships)} and has completed {state.completed[v.player]} "
        "contract(s)"
    ]


def return_ships(state: State, v: Voyage) -> None:
    for s, _ in v.ships:
        if state.book.is_flagship(s):
            state.flagship_idle[v.player] = True
        else:
            put(state.fleet[v.player], s)


def pay_out(state: State, player: str, amount: int) -> int:
    """The bank pays; with the option bank: limited it pays no more than it holds."""
    if state.options["bank"] == "limited":
        amount = min(amount, state.bank)
    state.bank -= amount
    state.coins[player] += amount
    return amount


def pay_in(state: State, player: str, amount: int) -> None:
    state.coins[player] -= amount
    state.bank += amount


def gate(state: State, kind: str) -> Illegal | None:
    """§4.0: two different actions a turn; a purchase or a sending goes on until another begins."""
    if state.action == kind and kind in (BUY, SEND):
        return None
    p = state.player
    if kind in state.used:
        return Illegal(
            COURSE_OF_PLAY,
            f"{p} has already chosen '{kind}' this turn: the same action can never be chosen "
            "twice in one turn",
        )
    limit = state.k["actions_per_turn"]
    if len(state.used) >= limit:
        return Illegal(
            COURSE_OF_PLAY,
            f"{p} has already taken {limit} actions this turn ({' and '.join(state.used)}): "
            f"'{kind}' would be a third",
        )
    return None


def can(state: State, kind: str) -> bool:
    if state.action == kind and kind in (BUY, SEND):
        return True
    return kind not in state.used and len(state.used) < state.k["actions_per_turn"]


def begin(state: State, kind: str) -> None:
    if state.action != kind:
        state.used.append(kind)
        state.action = kind


def end_turn(state: State) -> list[str]:
    p = state.player
    events = []
    for r in [r for r in state.reservations if r.player == p and r.placed < state.turn]:
        state.reservations.remove(r)
        events.append(f"{p}'s reservation token comes off {reserved_card(state, r)}")
    if state.first_at == state.turn:
        events += first_scoring(state)
    if state.final_at == state.turn:
        events += final_scoring(state)
        return events
    state.current = (state.current + 1) % len(state.players)
    state.phase = START
    return events


# -- Take 2 coins (§4.1) ------------------------------------------------------------------------
def check_take_coins(state: State) -> Illegal | None:
    problem = gate(state, COINS)
    if problem:
        return problem
    if state.options["bank"] == "limited" and state.bank <= 0:
        return Illegal(TAKE_COINS, "the bank is empty: there are no coins to take")
    return None


def take_coins(state: State) -> list[str]:
    begin(state, COINS)
    got = pay_out(state, state.player, state.k["take_coins"])
    return [f"takes {got} coins ({state.coins[state.player]} now)"]


# -- Accept a trade contract (§4.2) ---------------------------------------------------------------
def contract_gate(state: State) -> Illegal | None:
    problem = gate(state, CONTRACT)
    if problem:
        return problem
    p = state.player
    limit = state.k["hand_limit"]
    if len(state.hands[p]) >= limit:
        return Illegal(
            ACCEPT_CONTRACT,
            f"{p} already holds {len(state.hands[p])} trade contracts "
            f"({', '.join(state.hands[p])}): never more than {limit} in the hand",
        )
    cost = state.k["contract_cost"]
    if state.coins[p] < cost:
        return Illegal(ACCEPT_CONTRACT, f"a contract costs {cost} coin: {p} has {state.coins[p]}")
    return None


def reserved_by_other(state: State, row: str, space: int) -> str | None:
    for r in state.reservations:
        if r.row == row and r.space == space and r.player != state.player:
            return r.player
    return None


def check_take_contract(state: State, card: str) -> Illegal | None:
    problem = contract_gate(state)
    if problem:
        return problem
    if card not in state.contract_row:
        return Illegal(
            ACCEPT_CONTRACT,
            f"{card} is not face up in the contract row ({state.where_is_contract(card)})",
        )
    owner = reserved_by_other(state, CONTRACTS, state.contract_row.index(card))
    if owner:
        return Illegal(ACTION_CARDS, f"{card} is reserved by {owner}: no other player may take it")
    return None


def check_contract(state: State, move: Contract) -> Illegal | None:
    if move.card in state.contract_row:
        return check_take_contract(state, move.card)
    problem = contract_gate(state)
    if problem:
        return problem
    return check_contract_reveal(state, move.card, ACCEPT_CONTRACT, "drawn from the draw deck")


def check_draw_contract(state: State) -> Illegal | None:
    problem = contract_gate(state)
    if problem:
        return problem
    if not state.contract_deck:
        return Illegal(ACCEPT_CONTRACT, "the contract draw deck is empty")
    return None


def take_contract(state: State, card: str) -> list[str]:
    p = state.player
    begin(state, CONTRACT)
    pay_in(state, p, state.k["contract_cost"])
    space = state.contract_row.index(card)
    state.contract_row[space] = None
    drop_reservation(state, CONTRACTS, space)
    state.hands[p].append(card)
    events = [f"pays {state.k['contract_cost']} coin and takes the face-up {card}"]
    if state.contract_deck:
        state.pending = ("row contract", space)
    else:
        events.append("the contract draw deck is empty: the space stays empty")
    return events


def draw_contract(state: State) -> list[str]:
    begin(state, CONTRACT)
    pay_in(state, state.player, state.k["contract_cost"])
    state.pending = ("blind",)
    return []


def contract_drawn(state: State, card: str) -> list[str]:
    state.contract_deck.remove(card)
    state.hands[state.player].append(card)
    state.pending = None
    return [f"pays {state.k['contract_cost']} coin and draws {card} from the draw deck"]


def apply_contract(state: State, move: Contract) -> list[str]:
    if move.card in state.contract_row:
        return take_contract(state, move.card)
    draw_contract(state)
    return contract_drawn(state, move.card)


# -- Purchase ships (§4.3) -----------------------------------------------------------------------
def buy_space(state: State, move: Buy) -> tuple[int | None, Illegal | None]:
    p = state.player
    if move.space is not None:
        s = move.space - 1
        if not 0 <= s < len(state.purchase) or state.purchase[s] != move.card:
            held = state.purchase[s] if 0 <= s < len(state.purchase) else None
            return None, Illegal(
                PURCHASE_SHIPS,
                f"space {move.space} of the purchase row holds {held or 'no ship'}, "
                f"not {move.card}",
            )
        return s, None
    spaces = [i for i, c in enumerate(state.purchase) if c == move.card]
    if not spaces:
        if move.card in state.filling:
            return None, Illegal(
                PURCHASE_SHIPS,
                f"{move.card} is in the filling row: ships are bought only from the purchase row",
            )
        return None, Illegal(
            PURCHASE_SHIPS,
            f"{move.card} is not in the purchase row ({state.where_is_ship(move.card)})",
        )
    free = [i for i in spaces if not reserved_by_other(state, PURCHASE, i)] or spaces
    outcomes = {(state.filling[i], id(_reserved_at(state, FILLING, i))) for i in free}
    if len(outcomes) > 1:
        shown = " and ".join(str(i + 1) for i in free)
        return None, Illegal(
            PURCHASE_SHIPS,
            f"{p} could buy the {move.card} of space {shown} of the purchase row, with different "
            "ships above them: say which (space:)",
        )
    return free[0], None


def check_buy(state: State, move: Buy) -> Illegal | None:
    problem = gate(state, BUY)
    if problem:
        return problem
    space, problem = buy_space(state, move)
    if problem:
        return problem
    p = state.player
    owner = reserved_by_other(state, PURCHASE, space)
    if owner:
        return Illegal(
            ACTION_CARDS, f"{move.card} is reserved by {owner}: no other player may purchase it"
        )
    cost = state.book.ships[move.card].cost
    if state.coins[p] < cost:
        return Illegal(PURCHASE_SHIPS, f"{move.card} costs {cost} coins: {p} has {state.coins[p]}")
    return None


def buy(state: State, move: Buy) -> list[str]:
    p = state.player
    begin(state, BUY)
    space, _ = buy_space(state, move)
    cost = state.book.ships[move.card].cost
    pay_in(state, p, cost)
    put(state.fleet[p], move.card)
    drop_reservation(state, PURCHASE, space)
    events = [f"buys {move.card} for {cost} coins ({state.coins[p]} left)"]
    above = state.filling[space]
    held = state.options["reserved_filling_ship"] == "stays" and bool(
        _reserved_at(state, FILLING, space)
    )
    if above is not None and not held:
        state.purchase[space] = above
        state.filling[space] = None
        for r in state.reservations:
            if r.row == FILLING and r.space == space:
                r.row = PURCHASE
        events.append(f"{above} moves down into the purchase row")
        row = FILLING
    else:
        state.purchase[space] = None
        row = PURCHASE if held else FILLING
        if held:
            events.append(f"{above} stays in the filling row: it is reserved")
    if any(state.piles):
        state.pending = ("turnover", row, space)
    else:
        events.append("the draw piles are empty: the space stays empty")
        state.last_turnover = "the draw piles are empty, so nothing was turned over"
    return events


def first_pile(state: State) -> int | None:
    return next((i for i, n in enumerate(state.piles) if n), None)


def ship_reveal_problem(state: State, card: str, section: str) -> Illegal | None:
    book = state.book
    if book.is_flagship(card):
        return Illegal(
            STARTING_PLAY,
            f"{card} is a flagship: flagships are dealt to the players, never shuffled into the "
            "ships that are turned over",
        )
    if card in book.scoring:
        return None
    if not state.unseen.get(card):
        n = book.ships[card].count
        copies = "both copies are" if n == 2 else f"all {n} copies are"
        if n == 1:
            copies = "its only copy is"
        return Illegal(
            section,
            f"{card} cannot be turned over: {copies} already elsewhere "
            f"({state.where_is_ship(card)})",
        )
    return None


def check_turn_over(state: State, move: TurnOver) -> Illegal | None:
    i = first_pile(state)
    n = state.piles[i]
    if move.pile is not None and move.pile != i + 1:
        if move.pile > i + 1:
            return Illegal(
                PURCHASE_SHIPS,
                f"pile {i + 1} still has {_cards(n)}: a replacement comes from the first pile "
                f"that has cards, not from pile {move.pile}",
            )
        return Illegal(
            PURCHASE_SHIPS,
            f"pile {move.pile} is empty: the replacement comes from pile {i + 1}",
        )
    card = move.card
    if card in state.book.scoring:
        if state.scoring_in[i] == card:
            return None
        section = FIRST_SCORING if card == state.book.first_scoring else FINAL_SCORING
        if card in state.set_aside:
            return Illegal(section, f"{card} has already been turned over and set aside")
        j = state.scoring_in.index(card)
        return Illegal(
            STARTING_PLAY,
            f"{card} was shuffled into pile {j + 1}: it cannot turn up while pile {i + 1} has "
            "cards",
        )
    problem = ship_reveal_problem(state, card, PURCHASE_SHIPS)
    if problem:
        return problem
    if n == 1 and state.scoring_in[i]:
        return Illegal(
            STARTING_PLAY,
            f"pile {i + 1} has one card left, and it is the {state.scoring_in[i]} card",
        )
    return None


def turn_over(state: State, move: TurnOver) -> list[str]:
    i = first_pile(state)
    state.piles[i] -= 1
    card = move.card
    _, row, space = state.pending
    if card in state.book.scoring:
        state.scoring_in[i] = None
        state.set_aside.append(card)
        at = state.turn + len(state.players)
        first = card == state.book.first_scoring
        if first:
            state.first_at = at
        else:
            state.final_at = at
        what = "first" if first else "final"
        events = [
            f"{card} is turned over from pile {i + 1} and set aside: {state.player} finishes "
            f"this turn, then every player takes one more turn, then the {what} scoring"
        ]
        state.last_turnover = f"{card} was turned over"
        if not any(state.piles):
            events += piles_run_out(state)
        return events
    take(state.unseen, card)
    target = state.filling if row == FILLING else state.purchase
    target[space] = card
    state.pending = None
    state.last_turnover = f"{card} was the last card turned over"
    events = [f"{card} is turned over from pile {i + 1} into the {ROW_WORDS[row]}"]
    if not any(state.piles):
        events += piles_run_out(state)
    return events


def piles_run_out(state: State) -> list[str]:
    state.pending = None
    if state.options["piles_run_out"] == "score_at_turn_end":
        state.final_at = state.turn
        if state.first_at is not None and state.first_at > state.turn:
            state.first_at = state.turn
        return ["the draw piles are empty: the final scoring comes at the end of this turn"]
    return ["the draw piles are empty: empty spaces in the rows stay empty"]


# -- Send ships (§4.4) ----------------------------------------------------------------------------
def exp_key(state: State, expedition: str, player: str):
    return expedition if state.options["expedition_colour"] == "shared" else (expedition, player)


def owns_ship(state: State, player: str, card: str) -> Illegal | None:
    book = state.book
    if book.is_flagship(card):
        problem = flagship_problem(state, player, card)
        if problem:
            return problem
        if not state.flagship_idle[player]:
            return Illegal(
                SEND_SHIPS, f"{card} is already out at sea ({_flagship_at(state, card)})"
            )
        return None
    if card in book.scoring:
        return Illegal(FIRST_SCORING, f"{card} is a scoring card, not a ship")
    if not state.fleet[player].get(card):
        return Illegal(
            SEND_SHIPS,
            f"{player} has no {card} to send ({card}: {state.where_is_ship(card)})",
        )
    return None


def _flagship_at(state: State, card: str) -> str:
    for exp, placed in state.expeditions.items():
        if any(s.ship == card for s in placed):
            return f"on {exp}'s expedition"
    return "on a trade voyage"


def check_send_ship(state: State, move: SendShip) -> Illegal | None:
    return gate(state, SEND) or owns_ship(state, state.player, move.card)


def send_ship(state: State, move: SendShip) -> list[str]:
    p = state.player
    begin(state, SEND)
    events = reveal_flagship(state, p, move.card)
    state.pending = ("sail", move.card)
    return events


def reveal_flagship(state: State, player: str, card: str) -> list[str]:
    if state.book.is_flagship(card) and state.flagship[player] is None:
        state.flagship_pool.remove(card)
        state.flagship[player] = card
        return [f"{player} reveals the flagship {card}"]
    return []


def ship_transport(state: State, card: str, given: int | None, section: str):
    """(transport, problem): a flagship's is chosen (1-3), a ship's is printed on it."""
    if state.book.is_flagship(card):
        allowed = state.k["flagship_transport"]
        if given not in allowed:
            said = "no transport" if given is None else f"transport {given}"
            return None, Illegal(
                section,
                f"a flagship is sent with transport {_or(allowed)}, chosen each time "
                f"({card} has {said}: write transport:)",
            )
        return given, None
    t = state.book.ships[card].transport
    if given is not None and given != t:
        return None, Illegal(section, f"{card} has a transport value of {t}, not {given}")
    return t, None


def sailing_colour(
    state: State, card: str, wanted: str | None, printed: str, given: str | None, section: str
):
    """(colour, needs_wild, problem) for a ship joining a group whose colour is ``wanted``
    (None: the ship sets it) on a card of colour ``printed``."""
    book = state.book
    if not book.is_flagship(card):
        own = book.ships[card].colour
        if given is not None and given != own:
            return None, False, Illegal(section, f"{card} is {own}, not {given}")
        return own, wanted is not None and own != wanted, None
    colours = book.flagships[card]
    if given is not None and given not in colours:
        return (
            None,
            False,
            Illegal(SHIP_CARDS, f"{card} shows {colours[0]} and {colours[1]}, not {given}"),
        )
    if wanted is None:  # the flagship sets the colour: one of its own two
        colour = given or (printed if printed in colours else None)
        if colour is None:
            return (
                None,
                False,
                Illegal(
                    section,
                    f"{card} shows {colours[0]} and {colours[1]}: say which colour it sails under "
                    "(colour:)",
                ),
            )
        return colour, False, None
    if state.options["flagship_colours"] == "any":
        return wanted, False, None
    if wanted in colours and given in (None, wanted):
        return wanted, False, None
    return given or colours[0], True, None


def check_sail(state: State, move: Sail) -> Illegal | None:
    p = state.player
    card = state.pending[1]
    info = state.book.expeditions[move.expedition]
    t, problem = ship_transport(state, card, move.transport, EXPEDITIONS)
    if problem:
        return problem
    wanted = state.exp_colour.get(exp_key(state, move.expedition, p))
    colour, needs_wild, problem = sailing_colour(
        state, card, wanted, info.colour, move.colour, EXPEDITIONS
    )
    if problem:
        return problem
    problem = wild_problem(
        state,
        card,
        needs_wild,
        move.wild,
        f"{move.expedition}'s expedition",
        wanted,
        EXPEDITIONS,
        colour,
    )
    if problem:
        return problem
    used = state.load[move.expedition]
    if used + t > info.limit:
        return Illegal(
            EXPEDITIONS,
            f"{move.expedition}'s expedition has a transport limit of {info.limit} and carries "
            f"{used} already: {card} (transport {t}) would exceed it",
        )
    return fee_problem(state, card, EXPEDITIONS)


def wild_problem(state, card, needs_wild, wild, group, wanted, section, colour) -> Illegal | None:
    p = state.player
    wild_name = state.book.wild
    if needs_wild and not wild:
        whose = ""
        if state.options["expedition_colour"] == "per_player" and section == EXPEDITIONS:
            whose = f" for {p}"
        return Illegal(
            section,
            f"{group} takes only {wanted} ships{whose}: {card} is {colour} "
            f"(only a {wild_name} card lets it join: wild:)",
        )
    if wild and not needs_wild:
        return Illegal(
            ACTION_CARDS,
            f"{card} may join {group} as it is: a {wild_name} card is played only for a ship "
            "that does not match",
        )
    if wild and not state.action_cards[p].get(wild_name):
        return Illegal(ACTION_CARDS, f"{p} has no {wild_name} card left")
    return None


def fee_problem(state: State, card: str, section: str) -> Illegal | None:
    p = state.player
    fee = placement_fee(state, card)
    if state.coins[p] < fee:
        return Illegal(
            section,
            f"the placement fee for {card} is {_coins(fee)}: {p} has {state.coins[p]}",
        )
    return None


def placement_fee(state: State, card: str) -> int:
    return state.k["flagship_fee" if state.book.is_flagship(card) else "placement_fee"]


def play_wild(state: State) -> None:
    name = state.book.wild
    take(state.action_cards[state.player], name)
    put(state.boxed, name)


def sail(state: State, move: Sail) -> list[str]:
    p = state.player
    card = state.pending[1]
    info = state.book.expeditions[move.expedition]
    t, _ = ship_transport(state, card, move.transport, EXPEDITIONS)
    key = exp_key(state, move.expedition, p)
    wanted = state.exp_colour.get(key)
    colour, _, _ = sailing_colour(state, card, wanted, info.colour, move.colour, EXPEDITIONS)
    fee = placement_fee(state, card)
    pay_in(state, p, fee)
    if state.book.is_flagship(card):
        state.flagship_idle[p] = False
    else:
        take(state.fleet[p], card)
    if move.wild:
        play_wild(state)
    state.expeditions[move.expedition].append(Placed(p, card, colour, t, move.wild))
    state.load[move.expedition] += t
    state.sent += 1
    events = []
    if wanted is None:
        state.exp_colour[key] = colour
        events.append(f"{move.expedition}'s expedition will take {colour} ships")
    state.pending = None
    how = f" with a {state.book.wild} card" if move.wild else ""
    flag = f" as {colour}, transport {t}," if state.book.is_flagship(card) else ""
    used = state.load[move.expedition]
    return [
        f"sends {card}{flag} to {move.expedition}'s expedition{how} for {_coins(fee)} "
        f"({used}/{info.limit})",
        *events,
    ]


def check_play_contract(state: State, move: PlayContract) -> Illegal | None:
    problem = gate(state, SEND)
    if problem:
        return problem
    p = state.player
    if move.card not in state.hands[p]:
        return Illegal(
            TRADE_CONTRACTS,
            f"{move.card} is not in {p}'s hand ({state.where_is_contract(move.card)})",
        )
    allowed = state.k["contract_durations"]
    if move.duration not in allowed:
        return Illegal(TRADE_CONTRACTS, f"a voyage lasts {_or(allowed)} turns, not {move.duration}")
    return None


def play_contract(state: State, move: PlayContract) -> list[str]:
    p = state.player
    begin(state, SEND)
    state.hands[p].remove(move.card)
    v = Voyage(p, move.card, move.duration)
    state.voyages.append(v)
    state.pending = ("voyage", v)
    info = state.book.contracts[move.card]
    return [
        f"plays {move.card} for {move.duration} turn(s) "
        f"({info.payouts[move.duration - 1]} coins): {info.transport} transport of "
        f"{info.colour} ships"
    ]


def check_assign(state: State, move: Assign) -> Illegal | None:
    p = state.player
    v: Voyage = state.pending[1]
    info = state.book.contracts[v.contract]
    problem = owns_ship(state, p, move.card)
    if problem:
        return problem
    if any(s == move.card for s, _ in v.ships) and state.book.is_flagship(move.card):
        return Illegal(TRADE_CONTRACTS, f"{move.card} is already on this voyage")
    t, problem = ship_transport(state, move.card, move.transport, TRADE_CONTRACTS)
    if problem:
        return problem
    colour, needs_wild, problem = sailing_colour(
        state, move.card, info.colour, info.colour, move.colour, TRADE_CONTRACTS
    )
    if problem:
        return problem
    problem = wild_problem(
        state, move.card, needs_wild, move.wild, v.contract, info.colour, TRADE_CONTRACTS, colour
    )
    if problem:
        return problem
    if v.loaded + t > info.transport:
        return Illegal(
            TRADE_CONTRACTS,
            f"{v.contract} needs exactly {info.transport} transport: {v.loaded} is assigned, "
            f"so {move.card} (transport {t}) would be too much",
        )
    return fee_problem(state, move.card, TRADE_CONTRACTS)


def assign(state: State, move: Assign) -> list[str]:
    p = state.player
    v: Voyage = state.pending[1]
    info = state.book.contracts[v.contract]
    events = reveal_flagship(state, p, move.card)
    t, _ = ship_transport(state, move.card, move.transport, TRADE_CONTRACTS)
    fee = placement_fee(state, move.card)
    pay_in(state, p, fee)
    if state.book.is_flagship(move.card):
        state.flagship_idle[p] = False
    else:
        take(state.fleet[p], move.card)
    if move.wild:
        play_wild(state)
    v.ships.append((move.card, t))
    how = f" with a {state.book.wild} card" if move.wild else ""
    events.append(
        f"assigns {move.card} (transport {t}){how} to {v.contract} for {_coins(fee)} "
        f"({v.loaded}/{info.transport})"
    )
    if v.loaded == info.transport:
        v.left = v.duration
        state.pending = None
        events.append(f"{v.contract} sails: {_turns(v.duration)} on the turn track")
    return events


# -- Reservation (§6.2) ---------------------------------------------------------------------------
def reserve_spot(state: State, move: Reserve) -> tuple[tuple[str, int] | None, Illegal | None]:
    rows = (
        (PURCHASE, state.purchase),
        (FILLING, state.filling),
        (CONTRACTS, state.contract_row),
    )
    spots = [
        (name, i)
        for name, row in rows
        if move.row in (None, name)
        for i, c in enumerate(row)
        if c == move.card and (move.space is None or move.space == i + 1)
    ]
    if not spots:
        where = f" of the {ROW_WORDS[move.row]}" if move.row else ""
        if move.space is not None:
            where = f" in space {move.space}" + where
        if move.card in state.book.contracts:
            place = state.where_is_contract(move.card)
        else:
            place = state.where_is_ship(move.card)
        return None, Illegal(
            ACTION_CARDS,
            f"{move.card} is not{where} in the purchase or filling row or face up among the "
            f"contracts ({place}): only those can be reserved",
        )
    free = [s for s in spots if not _reserved_at(state, *s)] or spots
    if len(free) > 1:
        shown = ", ".join(f"{ROW_WORDS[r]} space {i + 1}" for r, i in free)
        return None, Illegal(
            ACTION_CARDS,
            f"{move.card} lies in more than one place ({shown}): say which (row:, space:)",
        )
    return free[0], None


def check_reserve(state: State, move: Reserve) -> Illegal | None:
    p = state.player
    name = state.book.reservation
    if not state.action_cards[p].get(name):
        return Illegal(ACTION_CARDS, f"{p} has no {name} card left")
    spot, problem = reserve_spot(state, move)
    if problem:
        return problem
    r = _reserved_at(state, *spot)
    if r:
        return Illegal(ACTION_CARDS, f"{move.card} is already reserved by {r.player}")
    return None


def reserve(state: State, move: Reserve) -> list[str]:
    p = state.player
    (row, space), _ = reserve_spot(state, move)
    take(state.action_cards[p], state.book.reservation)
    put(state.boxed, state.book.reservation)
    state.reservations.append(Reservation(p, row, space, state.turn))
    return [
        f"plays {state.book.reservation}: a token on {move.card} "
        f"({ROW_WORDS[row]}, space {space + 1}) until the end of {p}'s next turn"
    ]


def _reserved_at(state: State, row: str, space: int) -> Reservation | None:
    return next((r for r in state.reservations if r.row == row and r.space == space), None)


def drop_reservation(state: State, row: str, space: int) -> None:
    r = _reserved_at(state, row, space)
    if r is not None:
        state.reservations.remove(r)


def reserved_card(state: State, r: Reservation) -> str:
    row = {PURCHASE: state.purchase, FILLING: state.filling, CONTRACTS: state.contract_row}[r.row]
    return f"{row[r.space] or 'an empty space'} ({ROW_WORDS[r.row]})"


# -- Scoring (§5) --------------------------------------------------------------------------------
def matches(state: State, placed: Placed, expedition: str) -> bool:
    """§5.1: a ship matches when it is the colour printed on the expedition card."""
    printed = state.book.expeditions[expedition].colour
    if placed.wild and state.options["wild_ship_scores"] == "other":
        return False
    if state.book.is_flagship(placed.ship) and state.options["flagship_scores"] == "either_colour":
        return printed in state.book.flagships[placed.ship]
    return placed.colour == printed


def expedition_points(state: State, which: str) -> dict[str, int]:
    points = dict.fromkeys(state.players, 0)
    for exp, placed in state.expeditions.items():
        info = state.book.expeditions[exp]
        hit, miss = (
            (info.first_match, info.first_other)
            if which == "first"
            else (info.final_match, info.final_other)
        )
        for s in placed:
            points[s.player] += hit if matches(state, s, exp) else miss
    return points


def first_scoring(state: State) -> list[str]:
    state.first_points = expedition_points(state, "first")
    shown = ", ".join(f"{p} {n}" for p, n in state.first_points.items())
    return [f"first scoring: {shown}"]


def final_scoring(state: State) -> list[str]:
    """§5.3: uncompleted contracts go back to the box, their ships to their owners."""
    events = []
    for v in list(state.voyages):
        state.voyages.remove(v)
        return_ships(state, v)
        put(state.boxed, v.contract)
        events.append(
            f"{v.contract} is not complete: back to the box, {v.player} takes back its ships"
        )
    state.final_points = {"expeditions": expedition_points(state, "final")}
    shown = ", ".join(f"{p} {n}" for p, n in state.final_points["expeditions"].items())
    events.append(f"final scoring of the expeditions: {shown}")
    state.phase = MISSIONS
    if all(state.missions.values()):
        state.phase = OVER
        events.append("the game is over")
    return events


def qualifies(kind: str, mine: int, total: int) -> bool:
    """§6.1: does a player with ``mine`` of the ``total`` ships on an expedition meet the
    mission? Alone on an expedition, every mission is met."""
    if mine == 0:
        return False
    if mine == total:
        return True
    if kind == ONE_SHIP:
        return True
    if kind == HALF:
        return 2 * mine >= total
    if kind == MAJORITY:
        return mine > total - mine
    if kind == ALL_SHIPS:
        return False
    raise ValueError(f"unknown mission kind {kind!r}")


def mission_expeditions(state: State, player: str) -> int:
    mission = state.missions[player]
    if mission is None:
        return 0
    kind = state.book.missions[mission].kind
    n = 0
    for placed in state.expeditions.values():
        mine = sum(1 for s in placed if s.player == player)
        if qualifies(kind, mine, len(placed)):
            n += 1
    return n


# -- Helpers -------------------------------------------------------------------------------------
def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _coins(n: int) -> str:
    return "1 coin" if n == 1 else f"{n} coins"


def _turns(n: int) -> str:
    return "1 turn" if n == 1 else f"{n} turns"


def _or(values) -> str:
    values = [str(v) for v in values]
    return ", ".join(values[:-1]) + " or " + values[-1] if len(values) > 1 else values[0]
