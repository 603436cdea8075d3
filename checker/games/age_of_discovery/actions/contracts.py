"""Accept a trade contract (§4.2): a face-up one (a new one is turned over in its place) or the
top card of the draw deck; and the contracts turned face up into the row, at the setup too."""

from __future__ import annotations

from portolan.checker.core import turn
from portolan.checker.core.game import Illegal, answers
from portolan.checker.games.age_of_discovery import moves as m
from portolan.checker.games.age_of_discovery import sections as sec
from portolan.checker.games.age_of_discovery.actions import common
from portolan.checker.games.age_of_discovery.actions.tasks import DrawingBlind, ReplacingContract
from portolan.checker.games.age_of_discovery.setup import check_contract_reveal, setup_advanced
from portolan.checker.games.age_of_discovery.state import CONTRACT, CONTRACTS, SETUP, UNNAMED, State


def contract_gate(state: State) -> Illegal | None:
    problem = common.gate(state, CONTRACT)
    if problem:
        return problem
    p = state.player
    limit = state.k["hand_limit"]
    if state.hand_size(p) >= limit:
        held = list(state.hands[p])
        if state.secret_contracts.get(p):
            held.append(f"{state.secret_contracts[p]} kept secret")
        return Illegal(
            sec.ACCEPT_CONTRACT,
            f"{p} already holds {state.hand_size(p)} trade contracts "
            f"({', '.join(held)}): never more than {limit} in the hand",
        )
    cost = state.k["contract_cost"]
    if state.coins[p] < cost:
        return Illegal(
            sec.ACCEPT_CONTRACT, f"a contract costs {cost} coin: {p} has {state.coins[p]}"
        )
    return None


def check_take_contract(state: State, move: m.TakeContract | m.Contract) -> Illegal | None:
    card = move.card
    problem = contract_gate(state)
    if problem:
        return problem
    space = state.unnamed_face_up(card) if card not in state.contract_row else None
    if card not in state.contract_row and space is None:
        return Illegal(
            sec.ACCEPT_CONTRACT,
            f"{card} is not face up in the contract row ({state.where_is_contract(card)})",
        )
    if space is None:
        space = state.contract_row.index(card)
    owner = common.reserved_by_other(state, CONTRACTS, space)
    if owner:
        return Illegal(
            sec.ACTION_CARDS, f"{card} is reserved by {owner}: no other player may take it"
        )
    return None


def taken_face_up(state: State, card: str) -> bool:
    """``contract: Card`` is the face-up card if it lies there, or if it can only be the one
    turned up unnamed (the deck holds no other unseen card); otherwise it is drawn blind."""
    if card in state.contract_row:
        return True
    return state.unnamed_face_up(card) is not None and state.draw_deck_size() <= 0


def check_contract(state: State, move: m.Contract) -> Illegal | None:
    if taken_face_up(state, move.card):
        return check_take_contract(state, move)
    return contract_gate(state) or check_contract_drawn(state, move)


def check_draw_contract(state: State, move: m.DrawContract) -> Illegal | None:
    problem = contract_gate(state)
    if problem:
        return problem
    if state.draw_deck_size() <= 0:
        return Illegal(sec.ACCEPT_CONTRACT, "the contract draw deck is empty")
    return None


@answers(m.TakeContract, check_take_contract)
def take_contract(state: State, move: m.TakeContract | m.Contract) -> list[str]:
    p = state.player
    card = move.card
    common.in_block(state, "contract")
    common.begin(state, CONTRACT)
    common.pay_in(state, p, state.k["contract_cost"])
    if card not in state.contract_row:  # the unnamed face-up card, named now
        state.contract_row[state.unnamed_face_up(card)] = card
        state.contract_deck.remove(card)
    space = state.contract_row.index(card)
    state.contract_row[space] = None
    common.drop_reservation(state, CONTRACTS, space)
    state.hands[p].append(card)
    events = [f"pays {state.k['contract_cost']} coin and takes the face-up {card}"]
    if state.draw_deck_size() > 0:
        turn.push(state, ReplacingContract(space))
    else:
        events.append("the contract draw deck is empty: the space stays empty")
    return events


@answers(m.DrawContract, check_draw_contract)
def draw_contract(state: State, move: m.DrawContract | m.Contract) -> list[str]:
    common.in_block(state, "contract")
    common.begin(state, CONTRACT)
    common.pay_in(state, state.player, state.k["contract_cost"])
    turn.push(state, DrawingBlind())
    return []


def check_contract_drawn(state: State, move: m.ContractDrawn | m.Contract) -> Illegal | None:
    return check_contract_reveal(state, move.card, sec.ACCEPT_CONTRACT, "drawn from the draw deck")


@answers(m.ContractDrawn, check_contract_drawn)
def contract_drawn(state: State, move: m.ContractDrawn | m.Contract) -> list[str]:
    card = move.card
    state.contract_deck.remove(card)
    state.hands[state.player].append(card)
    turn.pop(state)
    return [f"pays {state.k['contract_cost']} coin and draws {card} from the draw deck"]


@answers(m.Contract, check_contract)
def apply_contract(state: State, move: m.Contract) -> list[str]:
    if taken_face_up(state, move.card):
        return take_contract(state, move)
    draw_contract(state, move)
    return contract_drawn(state, move)


def check_row_contract(state: State, move: m.RowContract) -> Illegal | None:
    if move.card == UNNAMED:
        return None
    section = sec.STARTING_PLAY if state.phase == SETUP else sec.ACCEPT_CONTRACT
    return check_contract_reveal(state, move.card, section, "turned face up")


@answers(m.RowContract, check_row_contract)
def apply_row_contract(state: State, move: m.RowContract) -> list[str]:
    if state.phase == SETUP:
        state.contract_deck.remove(move.card)
        space = state.contract_row.index(None)
        state.contract_row[space] = move.card
        return [f"{move.card} is turned face up in the contract row", *setup_advanced(state)]
    space = turn.pop(state).space
    state.contract_row[space] = move.card
    if move.card == UNNAMED:  # still counted among the unseen cards until it is taken
        return ["a contract is turned face up in its place (the log does not name it)"]
    state.contract_deck.remove(move.card)
    return [f"{move.card} is turned face up in its place"]
