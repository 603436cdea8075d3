"""The cards: dealt to the display (at setup and when an era begins), taken with Take one card
(once a turn, paying the card's gold) and carried out step by step; kept cards stay with
their taker until their era ends."""

from __future__ import annotations

from portolan.checker.core import turn
from portolan.checker.core.game import Illegal, answers
from portolan.checker.core.piles import put, take
from portolan.checker.core.turn import Task
from portolan.checker.games.ships import moves as m
from portolan.checker.games.ships.actions import common
from portolan.checker.games.ships.actions.ships import TakingBackShips, pay_for, resolve_cube
from portolan.checker.games.ships.sections import NEXT_AGE, SETUP, TAKE_CARD
from portolan.checker.games.ships.state import SETUP as SETUP_PHASE
from portolan.checker.games.ships.state import State
from portolan.model.effects import Action, Gain

TAKE = "Take one card"


def where_is(state: State, card: str) -> str:
    """Where a card that is not on the display (or in the deck) is, for the message."""
    book = state.book
    if card not in book.cards:
        return "no such card"
    era = book.cards[card].era
    if state.display.get(card):
        return "on the display"
    for seat in state.seats:
        if card in seat.kept:
            return f"kept by {seat.name}"
    if state.discard.get(card):
        return "in the discard pile"
    if era > state.era:
        return f"still in the {book.eras[era]} deck: its era has not begun"
    if era < state.era:
        return f"the {book.eras[era]} era is over"
    return "not dealt to the display" if state.decks[era].get(card) else "no copy left"


# -- dealing the display -----------------------------------------------------------------------
def check_deal(state: State, move: m.Deal) -> Illegal | None:
    book = state.book
    if state.decks[state.era].get(move.card):
        return None
    section = SETUP if state.phase == SETUP_PHASE else NEXT_AGE
    info = book.cards.get(move.card)
    if info is not None and info.era != state.era:
        return Illegal(
            section,
            f"{move.card} is a {book.eras[info.era]} card: the {book.eras[state.era]} "
            "deck is being dealt",
        )
    copies = "its only copy is" if info and info.count == 1 else "every copy is already out, one"
    return Illegal(section, f"{move.card} cannot be dealt: {copies} {where_is(state, move.card)}")


@answers(m.Deal, check_deal)
def apply_deal(state: State, move: m.Deal) -> list[str]:
    take(state.decks[state.era], move.card)
    put(state.display, move.card)
    state.to_deal -= 1
    if state.to_deal == 0:
        turn.pop(state)
    return [f"{move.card} is dealt to the display"]


# -- Take one card -----------------------------------------------------------------------------
def check_take_card(state: State, move: m.TakeCard) -> Illegal | None:
    problem = take_card_problem(state, move, None)
    if problem is not None:
        return problem
    cube, step = resolve_cube(state, move.cube, TAKE)
    cost = state.book.cards[move.card].cost
    return common.payment_problem(state, TAKE, cube, cost, card=step is not None)


def take_card_problem(state: State, move: m.TakeCard, step) -> Illegal | None:
    """Once a turn, a card on the display (its gold is part of the payment)."""
    if state.took_card:
        return Illegal(TAKE_CARD, f"{state.seat.name} has already taken a card this turn")
    if not state.display.get(move.card):
        where = where_is(state, move.card)
        return Illegal(TAKE_CARD, f"{move.card} is not on the display ({where})")
    return None


@answers(m.TakeCard, check_take_card)
def apply_take_card(state: State, move: m.TakeCard) -> list[str]:
    info = state.book.cards[move.card]
    events, _ = pay_for(state, move, TAKE, info.cost)
    take(state.display, move.card)
    state.took_card = True
    if info.kept:
        state.seat.kept.append(move.card)
        events.append(f"takes {move.card} and keeps it until its era ends")
    else:
        put(state.discard, move.card)  # carried out, then discarded: nothing else sees it
        events.append(f"takes {move.card}")
    turn.push(state, *(card_task(s) for s in info.steps))
    return events


def card_task(step: Gain | Action | object) -> Task:
    """What one step of a card leaves pending: a gain, an action, ships taken back."""
    if isinstance(step, Gain):
        return common.Gaining(step)
    if isinstance(step, Action):
        return common.CardAction(step)
    return TakingBackShips()


# -- what a card asks for ----------------------------------------------------------------------
def check_choose(state: State, move: m.ChooseGood) -> Illegal | None:
    if move.good not in common.choosable(state):
        return Illegal(TAKE_CARD, f"the pool has no {move.good} left")
    return None


@answers(m.ChooseGood, check_choose)
def apply_choose(state: State, move: m.ChooseGood) -> list[str]:
    n = turn.pop(state).n
    if n > 1:
        turn.push(state, common.Choosing(n - 1))
    return [f"chooses {common.gain_goods(state, state.current, move.good, 1)}"]


@answers(m.Decline, common.check_exchange_used)
def apply_decline(state: State, move: m.Decline) -> list[str]:
    top = turn.pop(state)
    what = top.step.action if isinstance(top, common.CardAction) else "taking ships back"
    return [f"does not use the card's {what}"]
