"""Accept a trade contract (§4.2): a face-up one (a new one is turned over in its place) or the
top card of the draw deck; and the contracts turned face up into the row, at the setup too."""

from __future__ import annotations

from checker.core.game import Illegal
from checker.games.age_of_discovery.actions.common import (
    begin,
    drop_reservation,
    gate,
    in_block,
    pay_in,
    reserved_by_other,
)
from checker.games.age_of_discovery.moves import (
    Contract,
    ContractDrawn,
    DrawContract,
    RowContract,
    TakeContract,
)
from checker.games.age_of_discovery.sections import (
    ACCEPT_CONTRACT,
    ACTION_CARDS,
    STARTING_PLAY,
)
from checker.games.age_of_discovery.setup import check_contract_reveal, setup_advanced
from checker.games.age_of_discovery.state import CONTRACT, CONTRACTS, SETUP, State


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


def check_take_contract(state: State, move: TakeContract | Contract) -> Illegal | None:
    card = move.card
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
        return check_take_contract(state, move)
    problem = contract_gate(state)
    if problem:
        return problem
    return check_contract_reveal(state, move.card, ACCEPT_CONTRACT, "drawn from the draw deck")


def check_draw_contract(state: State, move: DrawContract) -> Illegal | None:
    problem = contract_gate(state)
    if problem:
        return problem
    if not state.contract_deck:
        return Illegal(ACCEPT_CONTRACT, "the contract draw deck is empty")
    return None


def take_contract(state: State, move: TakeContract | Contract) -> list[str]:
    p = state.player
    card = move.card
    in_block(state, "contract")
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


def draw_contract(state: State, move: DrawContract | Contract) -> list[str]:
    in_block(state, "contract")
    begin(state, CONTRACT)
    pay_in(state, state.player, state.k["contract_cost"])
    state.pending = ("blind",)
    return []


def check_contract_drawn(state: State, move: ContractDrawn) -> Illegal | None:
    return check_contract_reveal(state, move.card, ACCEPT_CONTRACT, "drawn from the draw deck")


def contract_drawn(state: State, move: ContractDrawn | Contract) -> list[str]:
    card = move.card
    state.contract_deck.remove(card)
    state.hands[state.player].append(card)
    state.pending = None
    return [f"pays {state.k['contract_cost']} coin and draws {card} from the draw deck"]


def apply_contract(state: State, move: Contract) -> list[str]:
    if move.card in state.contract_row:
        return take_contract(state, move)
    draw_contract(state, move)
    return contract_drawn(state, move)


def check_row_contract(state: State, move: RowContract) -> Illegal | None:
    section = STARTING_PLAY if state.phase == SETUP else ACCEPT_CONTRACT
    return check_contract_reveal(state, move.card, section, "turned face up")


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
