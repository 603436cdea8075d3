"""Ships on the Ship Age track: Place ship, Upgrade ship and Remove one ship, the next age and
what opening it does (first-ship VP, lagging ships, a new era), and a card's taking back of
ships from one age."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portolan.checker.core import turn
from portolan.checker.core.game import Check, Illegal, answers
from portolan.checker.core.turn import Task
from portolan.checker.games.ships import moves as m
from portolan.checker.games.ships import sections as sec
from portolan.checker.games.ships.actions import common
from portolan.checker.games.ships.actions.areas import Targeting, can_place
from portolan.checker.games.ships.book import BOXES, FOOD, MERCHANT_BOX
from portolan.checker.games.ships.sections import (
    MERCHANT_BOX as MERCHANT_RULES,
)
from portolan.checker.games.ships.state import State

PLACE, UPGRADE, REMOVE = "Place ship", "Upgrade ship", "Remove one ship"


def box_index(box: str) -> int:
    return 0 if box == MERCHANT_BOX else 1


def resolve_cube(state: State, cube: str | None, action: str):
    """(the cube paying, the card's step): the step is that of the card action on top of the
    stack when it is this action, else None."""
    top = turn.top(state)
    if isinstance(top, common.CardAction) and top.step.action == action:
        return (m.CARD if cube is None else common.cube_used(state, cube)), top.step
    return common.cube_used(state, cube), None


def paid(action: str, problem) -> Check:
    """The check of an action's move: why it cannot be taken, its payment first (a cube, or the
    step of a card being played), then ``problem(state, move, step)``."""

    def check(state: State, move: Any) -> Illegal | None:
        cube, step = resolve_cube(state, move.cube, action)
        return common.payment_problem(state, action, cube, card=step is not None) or problem(
            state, move, step
        )

    return check


def pay_for(state: State, move: Any, action: str, extra: int = 0) -> tuple[list[str], Any]:
    """Pay for an action, and ``extra`` gold (with the card's step, that step is done): the
    payment in words, and the card's step (None: none)."""
    cube, step = resolve_cube(state, move.cube, action)
    if step is not None:
        turn.pop(state)
    return common.pay(state, action, cube, extra), step


def era_word(state: State, era: int) -> str:
    return state.book.eras[era].lower()


# -- ages --------------------------------------------------------------------------------------
def place_ages(state: State) -> list[int]:
    """The ages Place ship may use: the present age, or the next once the present holds a ship."""
    if state.highest == 0:
        return [1]
    ages = [state.highest]
    if state.highest < state.book.last_age and state.ships_in_age(state.highest) > 0:
        ages.append(state.highest + 1)
    return ages


def age_cost(state: State, age: int) -> int:
    """Navigation to open ``age``: printed on its border, less 1 per ship in the present age
    (counted before an upgraded ship moves) and the player's discounts; none below it."""
    if age <= state.highest:
        return 0
    book = state.book
    per_ship = book.constants["age_discount_per_ship"]
    present = state.ships_in_age(state.highest) if state.highest else 0
    printed = book.ages[age - 1].navigation
    return max(0, printed - per_ship * present - state.discount(state.current))


def age_problem(state: State, age: int) -> Illegal | None:
    last = state.book.last_age
    if state.highest == 0:
        return (
            None if age == 1 else Illegal(sec.WHICH_AGE, "the first ship of the game goes in age 1")
        )
    if age < state.highest:
        return Illegal(
            sec.WHICH_AGE,
            f"age {age} is below the present age ({state.highest}): "
            "Place ship never goes lower (Upgrade ship may)",
        )
    if age > last:
        return Illegal(sec.WHICH_AGE, f"age {last} is the last age")
    if age > state.highest + 1:
        return Illegal(
            sec.WHICH_AGE,
            f"age {age} is too far: a ship goes in the present age ({state.highest}) "
            f"or the next ({state.highest + 1})",
        )
    if age == state.highest + 1 and state.ships_in_age(state.highest) == 0:
        return Illegal(
            sec.NEXT_AGE,
            f"no ship is in the present age ({state.highest}): age {age} cannot be opened yet",
        )
    return None


def target_problem(
    state: State, box: str, nav: int, pend: int, no_food: bool, discount: int | None = None
) -> Illegal | None:
    """Why no cube or disc could follow a ship into this box (None: one can)."""
    seat = state.seat
    if can_place(state, box, nav, pend, no_food, discount):
        return None
    if box == MERCHANT_BOX:
        if seat.stock < 1:
            return Illegal(
                MERCHANT_RULES,
                f"a ship in a Merchant box puts a merchant cube in a trade box: "
                f"{seat.name} has none in Available Stock",
            )
    else:
        need = state.book.constants["warship_food"]
        if not no_food and seat.goods[FOOD] < need:
            return Illegal(
                sec.WARSHIP_BOX, f"a ship in a Warship box costs {need} food: {seat.name} has none"
            )
        if not any(seat.discs.values()):
            return Illegal(sec.WARSHIP_BOX, f"{seat.name} has no city disc left on the display")
    if pend:
        return Illegal(
            sec.FREE_EXCHANGE,
            f"{pend} navigation from Metal is more than this placement can use: "
            "what an exchange gives must be used at once",
        )
    kind = "trade box" if box == MERCHANT_BOX else "city space"
    return Illegal(sec.NEXT_AREA, f"no empty {kind} that {seat.name} can reach")


def ship_problem(state: State, age: int, box: str, cost: int, no_food: bool) -> Illegal | None:
    """Navigation for the age, then somewhere for the cube or disc."""
    nav = common.navigation_in_hand(state)
    if cost > nav:
        return Illegal(
            sec.NEXT_AGE,
            f"opening age {age} costs {cost} navigation: {state.seat.name} has {nav}",
        )
    # a new era discards the kept cards of the old one, with their discounts, before the cube
    # or disc is placed
    new_era = age > state.highest and state.book.ages[age - 1].era != state.era
    pend = max(0, state.pend_nav - cost)
    return target_problem(state, box, nav - cost, pend, no_food, 0 if new_era else None)


def open_age(state: State, age: int, cost: int) -> list[str]:
    """The first ship into an age: its navigation, its VP, lagging ships, perhaps a new era."""
    book = state.book
    common.pay_navigation(state, cost)
    state.highest = age
    info = book.ages[age - 1]
    common.score(state, state.current, info.vp)
    events = [f"opens age {age} ({cost} navigation): {info.vp} VP for the first ship"]
    deepest = book.lagging[-1][0] if book.lagging else 0
    for below, loss in book.lagging:
        lag = age - below
        if lag < 1:
            continue
        boxes = state.ships_at[lag - 1]
        era = book.ages[lag - 1].era
        for p, name in enumerate(state.players):
            n = boxes[0][p] + boxes[1][p]
            if not n:
                continue
            lost = common.lose(state, p, n * loss)
            line = f"{name}'s {n} ship(s) in age {lag} lose {lost} VP"
            if below == deepest:
                state.seats[p].ships[era] += n
                boxes[0][p] = boxes[1][p] = 0
                line += " and go back to the stack"
            events.append(line)
    if info.era != state.era:
        events += new_era(state, info.era)
    return events


def new_era(state: State, era: int) -> list[str]:
    """The old era's cards leave the display and the players; the new deck is dealt."""
    book = state.book
    old = state.era
    state.era = era
    for card, n in state.display.items():
        state.discard[card] = state.discard.get(card, 0) + n
    state.display = {}
    for seat in state.seats:
        for card in [c for c in seat.kept if book.cards[c].era == old]:
            seat.kept.remove(card)
            state.discard[card] = state.discard.get(card, 0) + 1
    state.to_deal = min(book.constants["display_cards"], sum(state.decks[era].values()))
    if state.to_deal:
        turn.push(state, common.Dealing())
    return [f"the {book.eras[era]} era begins: {state.to_deal} {book.eras[era]} cards are dealt"]


def check_last_age(state: State) -> None:
    book = state.book
    if state.ships_in_age(book.last_age) >= book.constants["end_ships_in_last_age"]:
        state.end_reached = True


# -- Place ship --------------------------------------------------------------------------------
def place_problem(state: State, move: m.PlaceShip, step) -> Illegal | None:
    """What stands in the way of this placement, once it is paid for."""
    if step is not None and step.box and move.box != step.box:
        return Illegal(sec.TAKE_CARD, f"the card's ship goes in a {step.box} box")
    problem = age_problem(state, move.age)
    if problem is not None:
        return problem
    era = state.book.ages[move.age - 1].era
    if state.seat.ships[era] < 1:
        return Illegal(
            sec.PLACE_SHIP,
            f"age {move.age} takes a {era_word(state, era)} counter: "
            f"{state.seat.name} has none left in the stack",
        )
    no_food = step is not None and step.no_food
    return ship_problem(state, move.age, move.box, age_cost(state, move.age), no_food)


@answers(m.PlaceShip, paid(PLACE, place_problem))
def apply_place(state: State, move: m.PlaceShip) -> list[str]:
    events, step = pay_for(state, move, PLACE)
    cost = age_cost(state, move.age)
    era = state.book.ages[move.age - 1].era
    state.seat.ships[era] -= 1
    state.ships_at[move.age - 1][box_index(move.box)][state.current] += 1
    events.append(f"a {era_word(state, era)} into age {move.age}'s {move.box} box")
    turn.push(state, Targeting(move.box, step is not None and step.no_food))
    if move.age > state.highest:
        events += open_age(state, move.age, cost)
    check_last_age(state)
    return events


# -- Upgrade ship ------------------------------------------------------------------------------
def upgrade_problem(state: State, move: m.UpgradeShip, step) -> Illegal | None:
    if step is not None and step.box and move.box != step.box:
        return Illegal(sec.TAKE_CARD, f"the card's ship goes in a {step.box} box")
    if (
        not 1 <= move.age <= state.book.last_age
        or not (state.ships_at[move.age - 1][box_index(move.ship)][state.current])
    ):
        return Illegal(
            sec.UPGRADE_SHIP, f"{state.seat.name} has no ship in age {move.age}'s {move.ship} box"
        )
    if move.age == state.book.last_age:
        return Illegal(sec.UPGRADE_SHIP, f"age {move.age} is the last age: no ship goes higher")
    no_food = step is not None and step.no_food
    return ship_problem(state, move.age + 1, move.box, age_cost(state, move.age + 1), no_food)


@answers(m.UpgradeShip, paid(UPGRADE, upgrade_problem))
def apply_upgrade(state: State, move: m.UpgradeShip) -> list[str]:
    events, step = pay_for(state, move, UPGRADE)
    book, seat, p = state.book, state.seat, state.current
    to = move.age + 1
    cost = age_cost(state, to)
    state.ships_at[move.age - 1][box_index(move.ship)][p] -= 1
    old, new = book.ages[move.age - 1].era, book.ages[to - 1].era
    if old == new:
        state.ships_at[to - 1][box_index(move.box)][p] += 1
        events.append(f"moves a ship from age {move.age} to age {to}'s {move.box} box")
    else:
        seat.retired[old] += 1
        if seat.ships[new]:
            seat.ships[new] -= 1
            state.ships_at[to - 1][box_index(move.box)][p] += 1
            events.append(
                f"the {era_word(state, old)} leaves play; a {era_word(state, new)} goes "
                f"into age {to}'s {move.box} box"
            )
        else:
            events.append(
                f"the {era_word(state, old)} leaves play and no {era_word(state, new)} is left "
                "to replace it: the action goes on without a ship"
            )
    turn.push(state, Targeting(move.box, step is not None and step.no_food))
    if to > state.highest:
        events += open_age(state, to, cost)
    check_last_age(state)
    return events


# -- Remove one ship ---------------------------------------------------------------------------
@common.per_position
def own_ships(state: State) -> list[tuple[int, str]]:
    """(age, box) of every box holding a ship of the player."""
    p = state.current
    return [
        (a + 1, box)
        for a in range(state.highest)
        for b, box in enumerate(BOXES)
        if state.ships_at[a][b][p]
    ]


def remove_problem(state: State, move: m.RemoveShip, step) -> Illegal | None:
    if (
        not 1 <= move.age <= state.book.last_age
        or not (state.ships_at[move.age - 1][box_index(move.box)][state.current])
    ):
        return Illegal(
            sec.REMOVE_SHIP, f"{state.seat.name} has no ship in age {move.age}'s {move.box} box"
        )
    return None


@answers(m.RemoveShip, paid(REMOVE, remove_problem))
def apply_remove(state: State, move: m.RemoveShip) -> list[str]:
    events, _ = pay_for(state, move, REMOVE)
    return events + take_back(state, move.age, move.box, 1)


def take_back(state: State, age: int, box: str, n: int) -> list[str]:
    era = state.book.ages[age - 1].era
    state.ships_at[age - 1][box_index(box)][state.current] -= n
    state.seat.ships[era] += n
    return [f"takes {n} ship(s) back from age {age}'s {box} box to the stack"]


# -- a card's "take back ships from one age" ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class TakingBackShips(Task):
    """A card's "take back ships from one age": which ships, or none."""

    asks = (common.PHASE, "choice", (m.TakeBackShips, m.Decline))

    def prompt(self, state: State) -> str:
        return "the ships the card takes back, or none"

    def default(self, state: State) -> m.Decline:
        return m.DECLINE

    def choices(self, state: State) -> list[Any]:
        return [*take_back_choices(state), m.DECLINE]


def take_back_choices(state: State) -> list[m.TakeBackShips]:
    p = state.current
    return [
        m.TakeBackShips(a + 1, i, j)
        for a, (merchant, warship) in enumerate(state.ships_at)
        for i in range(merchant[p] + 1)
        for j in range(warship[p] + 1)
        if i or j
    ]


def check_take_back_ships(state: State, move: m.TakeBackShips) -> Illegal | None:
    p = state.current
    if not 1 <= move.age <= state.book.last_age:
        return Illegal(sec.TAKE_CARD, f"there is no age {move.age}")
    boxes = state.ships_at[move.age - 1]
    if move.merchant < 0 or move.warship < 0 or not (move.merchant or move.warship):
        return Illegal(sec.TAKE_CARD, "name the ships taken back")
    if move.merchant > boxes[0][p] or move.warship > boxes[1][p]:
        return Illegal(
            sec.TAKE_CARD,
            f"{state.seat.name} has {boxes[0][p]} ship(s) in age {move.age}'s Merchant box and "
            f"{boxes[1][p]} in its Warship box",
        )
    return None


@answers(m.TakeBackShips, check_take_back_ships)
def apply_take_back_ships(state: State, move: m.TakeBackShips) -> list[str]:
    turn.pop(state)
    events = []
    for box, n in zip(BOXES, (move.merchant, move.warship), strict=True):
        if n:
            events += take_back(state, move.age, box, n)
    return events
