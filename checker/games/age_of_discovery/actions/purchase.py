"""Purchase ships (§4.3): a ship bought from the purchase row, the ship above it moving down,
and a card turned over from the draw piles in its place, a scoring card among them (§5.2,
§5.3); and what happens when the piles run out."""

from __future__ import annotations

from portolan.checker.core import turn
from portolan.checker.core.game import Illegal, answers
from portolan.checker.core.piles import put, take
from portolan.checker.games.age_of_discovery import moves as m
from portolan.checker.games.age_of_discovery import sections as sec
from portolan.checker.games.age_of_discovery.actions import common
from portolan.checker.games.age_of_discovery.actions.tasks import TurningOver, first_pile
from portolan.checker.games.age_of_discovery.setup import ship_reveal_problem
from portolan.checker.games.age_of_discovery.state import BUY, FILLING, PURCHASE, ROW_WORDS, State


def buy_space(state: State, move: m.Buy) -> tuple[int | None, Illegal | None]:
    p = state.player
    if move.space is not None:
        s = move.space - 1
        if not 0 <= s < len(state.purchase) or state.purchase[s] != move.card:
            held = state.purchase[s] if 0 <= s < len(state.purchase) else None
            return None, Illegal(
                sec.PURCHASE_SHIPS,
                f"space {move.space} of the purchase row holds {held or 'no ship'}, "
                f"not {move.card}",
            )
        return s, None
    spaces = [i for i, c in enumerate(state.purchase) if c == move.card]
    if not spaces:
        if move.card in state.filling:
            return None, Illegal(
                sec.PURCHASE_SHIPS,
                f"{move.card} is in the filling row: ships are bought only from the purchase row",
            )
        return None, Illegal(
            sec.PURCHASE_SHIPS,
            f"{move.card} is not in the purchase row ({state.where_is_ship(move.card)})",
        )
    free = [i for i in spaces if not common.reserved_by_other(state, PURCHASE, i)] or spaces
    outcomes = {(state.filling[i], id(common.reserved_at(state, FILLING, i))) for i in free}
    if len(outcomes) > 1:
        shown = " and ".join(str(i + 1) for i in free)
        return None, Illegal(
            sec.PURCHASE_SHIPS,
            f"{p} could buy the {move.card} of space {shown} of the purchase row, with different "
            "ships above them: say which (space:)",
        )
    return free[0], None


def check_buy(state: State, move: m.Buy) -> Illegal | None:
    problem = common.gate(state, BUY)
    if problem:
        return problem
    space, problem = buy_space(state, move)
    if problem:
        return problem
    p = state.player
    owner = common.reserved_by_other(state, PURCHASE, space)
    if owner:
        return Illegal(
            sec.ACTION_CARDS, f"{move.card} is reserved by {owner}: no other player may purchase it"
        )
    cost = state.book.ships[move.card].cost
    if state.coins[p] < cost:
        return Illegal(
            sec.PURCHASE_SHIPS, f"{move.card} costs {cost} coins: {p} has {state.coins[p]}"
        )
    return None


@answers(m.Buy, check_buy)
def buy(state: State, move: m.Buy) -> list[str]:
    p = state.player
    common.in_block(state, "buy")
    common.begin(state, BUY)
    space, _ = buy_space(state, move)
    cost = state.book.ships[move.card].cost
    common.pay_in(state, p, cost)
    put(state.fleet[p], move.card)
    common.drop_reservation(state, PURCHASE, space)
    events = [f"buys {move.card} for {cost} coins ({state.coins[p]} left)"]
    above = state.filling[space]
    held = state.options["reserved_filling_ship"] == "stays" and bool(
        common.reserved_at(state, FILLING, space)
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
        turn.push(state, TurningOver(row, space))
    else:
        events.append("the draw piles are empty: the space stays empty")
        state.last_turnover = "the draw piles are empty, so nothing was turned over"
    return events


def check_turn_over(state: State, move: m.TurnOver) -> Illegal | None:
    i = first_pile(state)
    n = state.piles[i]
    if move.pile is not None and move.pile != i + 1:
        if move.pile > i + 1:
            return Illegal(
                sec.PURCHASE_SHIPS,
                f"pile {i + 1} still has {common.counted(n, 'card')}: a replacement comes from the "
                f"first pile that has cards, not from pile {move.pile}",
            )
        return Illegal(
            sec.PURCHASE_SHIPS,
            f"pile {move.pile} is empty: the replacement comes from pile {i + 1}",
        )
    card = move.card
    if card in state.book.scoring:
        if state.scoring_in[i] == card:
            return None
        section = sec.FIRST_SCORING if card == state.book.first_scoring else sec.FINAL_SCORING
        if card in state.set_aside:
            return Illegal(section, f"{card} has already been turned over and set aside")
        j = state.scoring_in.index(card)
        return Illegal(
            sec.STARTING_PLAY,
            f"{card} was shuffled into pile {j + 1}: it cannot turn up while pile {i + 1} has "
            "cards",
        )
    problem = ship_reveal_problem(state, card, sec.PURCHASE_SHIPS)
    if problem:
        return problem
    if n == 1 and state.scoring_in[i]:
        return Illegal(
            sec.STARTING_PLAY,
            f"pile {i + 1} has one card left, and it is the {state.scoring_in[i]} card",
        )
    return None


@answers(m.TurnOver, check_turn_over)
def turn_over(state: State, move: m.TurnOver) -> list[str]:
    i = first_pile(state)
    state.piles[i] -= 1
    card = move.card
    top = turn.top(state)
    row, space = top.row, top.space
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
    turn.pop(state)
    state.last_turnover = f"{card} was the last card turned over"
    events = [f"{card} is turned over from pile {i + 1} into the {ROW_WORDS[row]}"]
    if not any(state.piles):
        events += piles_run_out(state)
    return events


def piles_run_out(state: State) -> list[str]:
    state.tasks.clear()
    if state.options["piles_run_out"] == "score_at_turn_end":
        state.final_at = state.turn
        if state.first_at is not None and state.first_at > state.turn:
            state.first_at = state.turn
        return ["the draw piles are empty: the final scoring comes at the end of this turn"]
    return ["the draw piles are empty: empty spaces in the rows stay empty"]
