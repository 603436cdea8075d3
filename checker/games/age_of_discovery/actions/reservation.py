"""The Reservation card (§6.2): a token on a ship of the purchase or filling row, or on a
face-up contract, that no other player may take until the end of the owner's next turn."""

from __future__ import annotations

from portolan.checker.core.game import Illegal, answers
from portolan.checker.core.piles import put, take
from portolan.checker.games.age_of_discovery import moves as m
from portolan.checker.games.age_of_discovery import state as st
from portolan.checker.games.age_of_discovery.actions.common import in_block, reserved_at
from portolan.checker.games.age_of_discovery.sections import ACTION_CARDS
from portolan.checker.games.age_of_discovery.state import State


def reserve_spot(state: State, move: m.Reserve) -> tuple[tuple[str, int] | None, Illegal | None]:
    rows = (
        (st.PURCHASE, state.purchase),
        (st.FILLING, state.filling),
        (st.CONTRACTS, state.contract_row),
    )
    spots = [
        (name, i)
        for name, row in rows
        if move.row in (None, name)
        for i, c in enumerate(row)
        if c == move.card and (move.space is None or move.space == i + 1)
    ]
    if not spots and move.row in (None, st.CONTRACTS):
        # the face-up contract the log did not name (docs/rules/age-of-discovery.md): named now
        space = state.unnamed_face_up(move.card)
        if space is not None and move.space in (None, space + 1):
            spots = [(st.CONTRACTS, space)]
    if not spots:
        where = f" of the {st.ROW_WORDS[move.row]}" if move.row else ""
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
    free = [s for s in spots if not reserved_at(state, *s)] or spots
    if len(free) > 1:
        shown = ", ".join(f"{st.ROW_WORDS[r]} space {i + 1}" for r, i in free)
        return None, Illegal(
            ACTION_CARDS,
            f"{move.card} lies in more than one place ({shown}): say which (row:, space:)",
        )
    return free[0], None


def check_reserve(state: State, move: m.Reserve) -> Illegal | None:
    p = state.player
    name = state.book.reservation
    if not state.action_cards[p].get(name):
        return Illegal(ACTION_CARDS, f"{p} has no {name} card left")
    spot, problem = reserve_spot(state, move)
    if problem:
        return problem
    r = reserved_at(state, *spot)
    if r:
        return Illegal(ACTION_CARDS, f"{move.card} is already reserved by {r.player}")
    return None


@answers(m.Reserve, check_reserve)
def reserve(state: State, move: m.Reserve) -> list[str]:
    p = state.player
    in_block(state, "reserve")
    (row, space), _ = reserve_spot(state, move)
    if row == st.CONTRACTS and state.contract_row[space] == st.UNNAMED:  # named now
        state.contract_row[space] = move.card
        state.contract_deck.remove(move.card)
    take(state.action_cards[p], state.book.reservation)
    put(state.boxed, state.book.reservation)
    state.reservations.append(st.Reservation(p, row, space, state.turn))
    return [
        f"plays {state.book.reservation}: a token on {move.card} "
        f"({st.ROW_WORDS[row]}, space {space + 1}) until the end of {p}'s next turn"
    ]
