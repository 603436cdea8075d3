"""What the sections of a turn share: the bank, the rule of two different actions a turn
(§4.0), placement fees, ships coming back from a voyage, the Reservation tokens (§6.2), and
numbers in words."""

from __future__ import annotations

from portolan.checker.core.game import Illegal
from portolan.checker.core.piles import put
from portolan.checker.games.age_of_discovery import state as st
from portolan.checker.games.age_of_discovery.sections import COURSE_OF_PLAY
from portolan.checker.games.age_of_discovery.state import State


# -- The bank --------------------------------------------------------------------------------
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


# -- Two different actions a turn (§4.0) --------------------------------------------------------
def gate(state: State, kind: str) -> Illegal | None:
    """§4.0: two different actions a turn; a purchase or a sending goes on until another begins."""
    if state.action == kind and kind in (st.BUY, st.SEND):
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


def begin(state: State, kind: str) -> None:
    if state.action != kind:
        state.used.append(kind)
        state.action = kind


def in_block(state: State, block: str) -> None:
    """The move goes under the log key ``block`` ("coins", "contract", "buy", "send",
    "reserve"): play offers a kind of move again only straight after itself, so that a turn's
    moves are written as one key each."""
    blocks = state.blocks
    if not blocks or blocks[-1] != block:
        blocks.append(block)


# -- Ships and fees ------------------------------------------------------------------------------
def placement_fee(state: State, card: str) -> int:
    return state.k["flagship_fee" if state.book.is_flagship(card) else "placement_fee"]


def fee_problem(state: State, card: str, section: str) -> Illegal | None:
    p = state.player
    fee = placement_fee(state, card)
    if state.coins[p] < fee:
        return Illegal(
            section,
            f"the placement fee for {card} is {counted(fee, 'coin')}: {p} has {state.coins[p]}",
        )
    return None


def return_ships(state: State, v: st.Voyage) -> None:
    for s, _ in v.ships:
        if state.book.is_flagship(s):
            state.flagship_idle[v.player] = True
        else:
            put(state.fleet[v.player], s)


# -- Reservation tokens (§6.2) -----------------------------------------------------------------
def reserved_by_other(state: State, row: str, space: int) -> str | None:
    for r in state.reservations:
        if r.row == row and r.space == space and r.player != state.player:
            return r.player
    return None


def reserved_at(state: State, row: str, space: int) -> st.Reservation | None:
    return next((r for r in state.reservations if r.row == row and r.space == space), None)


def drop_reservation(state: State, row: str, space: int) -> None:
    r = reserved_at(state, row, space)
    if r is not None:
        state.reservations.remove(r)


def reserved_card(state: State, r: st.Reservation) -> str:
    row = {
        st.PURCHASE: state.purchase,
        st.FILLING: state.filling,
        st.CONTRACTS: state.contract_row,
    }[r.row]
    return f"{row[r.space] or 'an empty space'} ({st.ROW_WORDS[r.row]})"


# -- Numbers in words ----------------------------------------------------------------------------
def counted(n: int, word: str) -> str:
    """'1 coin', '3 coins'."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def one_of(values) -> str:
    values = [str(v) for v in values]
    return ", ".join(values[:-1]) + " or " + values[-1] if len(values) > 1 else values[0]
