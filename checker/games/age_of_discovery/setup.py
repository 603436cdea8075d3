"""The setup of Age of Discovery (§3.0): the starting state, then the cards the table turns over
and deals one by one (the contract row, the purchase and filling rows, each player's contracts,
mission and flagship), each with its check and its effect.

A special mission is dealt here and may be named only when it is revealed at the end of the
game; a flagship may be named when it is first sent (see actions/sending.py).
"""

from __future__ import annotations

from portolan.checker.core import turn
from portolan.checker.core.game import Illegal, answers
from portolan.checker.core.piles import put, take
from portolan.checker.games.age_of_discovery import moves as m
from portolan.checker.games.age_of_discovery import state as st
from portolan.checker.games.age_of_discovery.actions.tasks import DrawingBlind
from portolan.checker.games.age_of_discovery.book import CardBook
from portolan.checker.games.age_of_discovery.sections import STARTING_PLAY
from portolan.checker.games.age_of_discovery.state import State


def setup(book: CardBook, options: dict, players: list[str]) -> State:
    k = book.constants
    n = len(players)
    start = k["starting_coins"]
    actions = book.action_cards(n)
    missions = book.missions_for(n)
    boxed: dict[str, int] = {}
    for name, count in book.action_counts.items():
        put(boxed, name, count - actions.get(name, 0) * n)
    for mission in book.missions:
        if mission not in missions:
            put(boxed, mission)
    state = State(
        book=book,
        categories=book.categories,
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
        secret_contracts=dict.fromkeys(players, 0),
        mission_pool=missions,
        action_cards={p: {a: c for a, c in actions.items() if c} for p in players},
        expeditions={e: [] for e in book.expeditions},
        load=dict.fromkeys(book.expeditions, 0),
        exp_colour={},
        completed=dict.fromkeys(players, 0),
        boxed=boxed,
    )
    plan: list[tuple] = [("row contract",)] * k["face_up_contracts"]
    plan += [("ship", st.PURCHASE)] * k["purchase_row"] + [("ship", st.FILLING)] * k["filling_row"]
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
    state.phase = st.START
    shown = "/".join(str(n) for n in state.piles)
    return [
        f"the other ships form {len(sizes)} draw piles of {shown} cards, {book.first_scoring} in "
        f"pile {k['first_scoring_pile']} and {book.final_scoring} in pile {k['final_scoring_pile']}"
    ]


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


def check_setup_ship(state: State, move: m.SetupShip) -> Illegal | None:
    _, row = setup_step(state)
    problem = ship_reveal_problem(state, move.card, STARTING_PLAY)
    if problem:
        return problem
    if move.row != row:
        n = sum(1 for c in state.purchase if c)
        if row == st.PURCHASE:
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


@answers(m.SetupShip, check_setup_ship)
def apply_setup_ship(state: State, move: m.SetupShip) -> list[str]:
    take(state.unseen, move.card)
    row = state.purchase if move.row == st.PURCHASE else state.filling
    space = row.index(None)
    row[space] = move.card
    row_name = st.ROW_WORDS[move.row]
    return [
        f"{move.card} is turned over into space {space + 1} of the {row_name}",
        *setup_advanced(state),
    ]


def check_contract_reveal(state: State, card: str, section: str, what: str) -> Illegal | None:
    if card not in state.contract_deck:
        return Illegal(section, f"{card} cannot be {what}: it is {state.where_is_contract(card)}")
    return None


def check_deal_contract(state: State, move: m.DealContract) -> Illegal | None:
    return check_contract_reveal(state, move.card, STARTING_PLAY, "dealt")


@answers(m.DealContract, check_deal_contract)
def apply_deal_contract(state: State, move: m.DealContract) -> list[str]:
    state.contract_deck.remove(move.card)
    state.hands[move.player].append(move.card)
    return [f"{move.player} is dealt {move.card}", *setup_advanced(state)]


def check_deal_mission(state: State, move: m.DealMission) -> Illegal | None:
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


@answers(m.DealMission, check_deal_mission)
def apply_deal_mission(state: State, move: m.DealMission) -> list[str]:
    state.mission_pool.remove(move.card)
    state.missions[move.player] = move.card
    if state.phase == st.SETUP:
        return [f"{move.player}'s special mission: {move.card}", *setup_advanced(state)]
    events = [f"{move.player} reveals the special mission {move.card}"]
    if all(state.missions.values()):
        state.phase = st.OVER
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


def check_deal_flagship(state: State, move: m.DealFlagship) -> Illegal | None:
    return flagship_problem(state, move.player, move.card)


@answers(m.DealFlagship, check_deal_flagship)
def apply_deal_flagship(state: State, move: m.DealFlagship) -> list[str]:
    state.flagship_pool.remove(move.card)
    state.flagship[move.player] = move.card
    return [f"{move.player}'s flagship: {move.card}", *setup_advanced(state)]


SETUP_SECRETS = {"deal": "contract", "mission": "mission", "flagship": "flagship"}


def secret_asked(state: State) -> tuple[str, str] | None:
    """(player, what) of the card that may be kept secret now, if one may."""
    if state.phase == st.SETUP:
        step = setup_step(state)
        if step is not None and step[0] in SETUP_SECRETS:
            return step[1], SETUP_SECRETS[step[0]]
        return None
    if isinstance(turn.top(state), DrawingBlind):
        return state.player, "contract"
    return None


def check_keep_secret(state: State, move: m.KeepSecret) -> Illegal | None:
    asked = secret_asked(state)
    if asked != (move.player, move.what):
        now = f"{asked[0]}'s {asked[1]} is asked now" if asked else "no card is dealt now"
        return Illegal(STARTING_PLAY, f"{now}, not {move.player}'s {move.what}")
    return None


@answers(m.KeepSecret, check_keep_secret)
def apply_keep_secret(state: State, move: m.KeepSecret) -> list[str]:
    p = move.player
    if move.what == "contract":
        state.secret_contracts[p] += 1
    if state.phase != st.SETUP:  # a contract drawn blind
        turn.pop(state)
        return [
            f"pays {state.k['contract_cost']} coin and draws a contract from the draw deck "
            "(kept secret)"
        ]
    if move.what == "contract":
        return [f"{p} is dealt a trade contract (kept secret)", *setup_advanced(state)]
    return [f"{p}'s {move.what} is kept secret", *setup_advanced(state)]
