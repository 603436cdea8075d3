"""Draw and resolve an exploration card: which deck the expedition's starting space draws from
(bases, Mid-Atlantic islands, the Straits of Magellan, rafts on rivers), the instructions
followed in sequence with their OR choices, and the dice of every check (Key Concepts, Card
Instructions)."""

from __future__ import annotations

from typing import Any

from portolan.checker.core.game import Illegal
from portolan.checker.core.turn import push
from portolan.checker.games.age_of_exploration import moves as m
from portolan.checker.games.age_of_exploration import sections as sec
from portolan.checker.games.age_of_exploration import tasks as tk
from portolan.checker.games.age_of_exploration.actions import civilizations as civ
from portolan.checker.games.age_of_exploration.actions import losses, ratings
from portolan.checker.games.age_of_exploration.actions.engine import ask, auto, roll_weights
from portolan.checker.games.age_of_exploration.actions.ratings import holds, label, target
from portolan.checker.games.age_of_exploration.state import RAFT, SHIP, State
from portolan.model import instructions as ins

EXPLORE, STAY, RAFTS = "explore", "stay", "rafts"
DECK_OF = {"sea": "sea", "coast": "sea", "nwp": "sea", "river": "sea"}


# -- which deck ---------------------------------------------------------------------------------
def stance_options(state: State) -> tuple[str, ...]:
    """Where the choice of drawing or not is the player's (Draw and resolve an exploration
    card): in a New World base or on a Mid-Atlantic island a card is drawn only to leave; a raft
    expedition on a river draws a Land card instead when it works on its rafts."""
    e = state.exp[state.player]
    space = state.book.spaces[e.space]
    if space.kind == "island" or (space.base and e.space in state.founded and space.launch):
        return (EXPLORE, STAY)
    if space.kind == "river" and e.mode == RAFT:
        return (EXPLORE, RAFTS)
    return ()


def begin(state: State, t: tk.ChooseStance) -> list[str] | None:
    if stance_options(state):
        return None
    state.tasks.pop()
    e = state.exp[state.player]
    space = state.book.spaces[e.space]
    if space.kind == "river" and e.mode != RAFT:
        return start_draw(state, RAFTS)
    return start_draw(state, EXPLORE)


def start_draw(state: State, stance: str) -> list[str]:
    e = state.exp[state.player]
    book = state.book
    space = book.spaces[e.space]
    now = state.now
    now.stance = stance
    if stance == STAY:
        return ["stays: no card"]
    if stance == RAFTS:
        now.draws = "land"
    elif space.kind == "island":
        now.draws = "coast"
    elif space.base and e.space in state.founded:
        now.draws = "land"
    else:
        now.draws = space.draws
    if e.mode == SHIP and space.kind in ("land", "base") and stance == EXPLORE:
        now.draws = "land"  # moored off-shore (Landfall)
    if now.draws == "none":
        if e.space in book.straits:
            what = "Navigation (the Straits of Magellan)"
            push(state, tk.RollCheck(ratings.navigation(state, e), what, (tk.StraitPassed(),), ()))
            return ["draws no card: a Navigation check in the Straits"]
        return ["draws no card here"]
    deck = DECK_OF.get(now.draws, now.draws)
    push(state, tk.DrawCard(deck))
    return []


@auto(tk.StraitPassed)
def strait_passed(state: State) -> list[str]:
    state.now.strait = True
    state.now.progress = 1
    state.now.progress_set = True
    return ["the Straits are passed: Progress"]


def stance_question(state: State, t: tk.ChooseStance) -> str:
    if STAY in stance_options(state):
        return "leave (draw a card) or stay"
    return "explore the river or work on rafts"


def stance_moves(state: State, t: tk.ChooseStance) -> list:
    return [m.Stance(s) for s in stance_options(state)]


def check_stance(state: State, t: tk.ChooseStance, move: m.Stance) -> Illegal | None:
    if move.what not in stance_options(state):
        return Illegal(sec.DRAW, f"'{move.what}' is not possible here")
    return None


def answer_stance(state: State, t: tk.ChooseStance, move: m.Stance) -> list[str]:
    return start_draw(state, move.what)


decide_stance = ask("Card", (m.Stance,), stance_question)
tk.register(tk.ChooseStance, begin, decide_stance, stance_moves, check_stance, answer_stance)


# -- the card drawn -----------------------------------------------------------------------------
DECK_WORDS = {"sea": "Sea/Coast/River", "land": "Land", "civilization": "Civilization"}


def draw_auto(state: State, t: tk.DrawCard) -> list[str] | None:
    """An empty deck is made again from its discards (Draw and resolve an exploration card)."""
    deck = t.deck
    if state.decks[deck]:
        return None
    state.decks[deck], state.discards[deck] = state.discards[deck], []
    return [f"the {DECK_WORDS[deck]} deck is empty: its discards are shuffled into a new deck"]


def check_draw(state: State, t: tk.DrawCard, move: m.Draw) -> Illegal | None:
    deck = t.deck
    if move.number in state.decks[deck]:
        return None
    if state.book.deck_of.get(move.number) != deck:
        return Illegal(sec.DRAW, f"card {move.number} is not a {DECK_WORDS[deck]} card")
    return Illegal(
        sec.DRAW, f"card {move.number} cannot be drawn: it is {state.where_is(move.number)}"
    )


def answer_draw(state: State, t: tk.DrawCard, move: m.Draw) -> list[str]:
    state.decks[t.deck].remove(move.number)
    now = state.now
    now.card = move.number
    steps = state.book.portion(move.number, now.draws)
    push(state, tk.Instructions(tuple(steps), 0))
    return [f"draws {state.book.titles[move.number]} ({now.draws} portion)"]


def draw_outcomes(state: State, t: tk.DrawCard) -> list:
    return [(m.Draw(n), 1) for n in state.decks[t.deck]]


decide_draw = ask(
    "Card", (m.Draw,), lambda s, t: f"the number of the {DECK_WORDS[t.deck]} card drawn", "chance"
)
tk.register(tk.DrawCard, draw_auto, decide_draw, draw_outcomes, check_draw, answer_draw)


@auto(tk.TurnInCard)
def turn_in_card(state: State) -> list[str]:
    """After the instructions: the card is turned in (and the deck reshuffled if it says so),
    then any Discovery or Rumors of Gold is resolved (Draw and resolve an exploration card)."""
    now = state.now
    e = state.exp[state.player]
    events: list[str] = []
    if now.card is not None:
        deck = state.book.deck_of[now.card]
        state.discards[deck].append(now.card)
        now.card = None
        if now.reshuffle:
            state.decks[deck] += state.discards[deck]
            state.discards[deck] = []
            events.append(f"the {DECK_WORDS[deck]} deck is reshuffled")
    if now.discovery and not e.lost:
        push(state, tk.Discover())
    if now.rumor and not e.must_return:
        push(state, tk.RumorsOfGold())
    return events


# -- instructions -------------------------------------------------------------------------------
@auto(tk.Instructions)
def steps(state: State, seq: tuple, i: int) -> list[str]:
    """Carry out the next instruction of a sequence (Choices and Sequences)."""
    if i >= len(seq):
        return []
    if i + 1 < len(seq):
        push(state, tk.Instructions(seq, i + 1))
    return execute(state, seq[i])


def execute(state: State, step: Any) -> list[str]:
    e = state.exp[state.player]
    now = state.now
    if isinstance(step, ins.Progress):
        n = step.by_ship.get(e.ship_type, step.n) if step.by_ship and e.mode == SHIP else step.n
        if now.entering:
            if n == 0:
                now.blocked = True
            return []
        now.progress, now.progress_set, now.capital = n, True, step.capital
        return [
            f"Progress {n}" + (" (except into the Capital)" if step.capital == "except" else "")
        ]
    if isinstance(step, ins.Check):
        return start_check(state, step)
    if isinstance(step, ins.Choice):
        push(state, tk.ChooseOr(step))
        return []
    if isinstance(step, ins.If):
        branch = step.then if holds(state, e, step.condition) else step.otherwise
        if branch:
            push(state, tk.Instructions(tuple(branch), 0))
        return []
    if isinstance(step, ins.GainItems):
        return losses.gain(state, e, step.items)
    if isinstance(step, ins.Lose):
        push(state, *[tk.TakeLoss(tuple(step.what), step.cause)] * step.n)
        return []
    if isinstance(step, ins.Damage):
        push(state, *[tk.ShipDamage(False)] * step.n)
        return []
    if isinstance(step, ins.Storm):
        push(state, tk.Instructions(tuple(state.book.storm(step.mod)), 0))
        return ["a Storm"]
    if isinstance(step, ins.Discover):
        e.teredos = True
        now.teredos = True
        return ["Teredos discovered"]
    if isinstance(step, ins.Mark):
        return civ.mark(state, e, step.chit, step.verb == "mark")
    if isinstance(step, ins.CivMove):
        return civ.move_track(state, e, step.verb, step.n)
    if isinstance(step, ins.Flag):
        return flag(state, e, step.verb)
    raise AssertionError(f"unknown instruction {step!r}")


def flag(state: State, e, verb: str) -> list[str]:
    if verb == "lost":
        # The marker goes to "Lost this turn", also from "Still Lost": the new Lost is checked
        # at the end of this turn (End-of-turn Actions, Lost), not removed unchecked.
        e.lost = 1
        return ["Lost"]
    if verb in ("discovery", "rumor"):  # resolved once the card is turned in
        setattr(state.now, verb, True)
        return []
    if verb == "must_return":
        if e.must_return:
            return []
        e.must_return, e.outward = True, len(e.path)
        return ["Expedition must return"]
    if verb == "reshuffle":
        state.now.reshuffle = "yes"
        return []
    return ["no effect"]


def start_check(state: State, step: ins.Check) -> list[str]:
    """A check of the card; a Combat check first rolls the Leader's Personal Arms for his
    combat strength (Combat)."""
    if step.rating not in ("combat", "battle"):
        return roll_for(state, step)
    pa = target(state, state.exp[state.player], ins.Check(rating="personal-arms"))
    bonus = state.k["leader_combat_strength"]
    what = "Personal Arms (the Leader's combat strength)"
    push(state, tk.RollCheck(pa, what, (tk.CombatCheck(step, bonus),), (tk.CombatCheck(step, 0),)))
    return []


@auto(tk.CombatCheck)  # CombatCheck(step, bonus): its bonus is the Leader's combat strength
def roll_for(state: State, step: ins.Check, leader: int | None = None) -> list[str]:
    """The roll of a check, its success and failure instructions to follow (``leader``: the
    Leader's combat strength in a Combat check)."""
    what = label(step) if leader is None else label(step) + f" (Leader {leader})"
    n = target(state, state.exp[state.player], step, leader or 0)
    then = (tk.Instructions(tuple(step.success), 0),), (tk.Instructions(tuple(step.failure), 0),)
    push(state, tk.RollCheck(n, what, *then))
    return []


# -- the dice -----------------------------------------------------------------------------------
def roll_question(state: State, t: tk.RollCheck) -> str:
    what = "the die" if t.dice == 1 else "the dice"
    return f"{what} for {t.what} (success at {t.target} or less)"


def check_roll(state: State, t: tk.RollCheck, move: m.Roll) -> Illegal | None:
    dice = t.dice
    low, high = (1, 6) if dice == 1 else (2, 12)
    if not low <= move.total <= high:
        return Illegal(sec.KEY_CONCEPTS, f"{move.total} cannot be rolled on {dice} dice")
    ok = move.total <= t.target
    if move.claim is not None and move.claim != ok:
        said, truth = ("success", "fails") if move.claim else ("failure", "succeeds")
        why = f"the log says {said}, but {move.total} {truth} against {t.what} at {t.target}"
        return Illegal(sec.KEY_CONCEPTS, why)
    return None


def answer_roll(state: State, t: tk.RollCheck, move: m.Roll) -> list[str]:
    ok = move.total <= t.target
    push(state, *(t.success if ok else t.failure))
    return [f"{t.what}: {move.total} against {t.target}, {'success' if ok else 'failure'}"]


def roll_outcomes(state: State, t: tk.RollCheck) -> list:
    return [(m.Roll(n, n <= t.target), w) for n, w in roll_weights(t.dice)]


decide_roll = ask("Check", (m.Roll,), roll_question, "chance")
tk.register(tk.RollCheck, None, decide_roll, roll_outcomes, check_roll, answer_roll)


# -- OR -----------------------------------------------------------------------------------------
def open_options(state: State, step: ins.Choice) -> list[int]:
    """The options the player may follow: not one whose only effect is losing a counter the
    expedition does not have, unless every option is such (docs/rules)."""
    e = state.exp[state.player]
    ok = [k for k, option in enumerate(step.options, 1) if not empty_loss(e, option)]
    return ok or list(range(1, len(step.options) + 1))


def empty_loss(e, option: list) -> bool:
    if len(option) != 1 or not isinstance(option[0], ins.Lose):
        return False
    return all(w not in ("men", "Provision (men)") and not e.items.get(w) for w in option[0].what)


def check_or(state: State, t: tk.ChooseOr, move: m.Or) -> Illegal | None:
    n = len(t.step.options)
    if not 1 <= move.option <= n:
        return Illegal(
            sec.INSTRUCTIONS, f"the card offers {n} options, not an option {move.option}"
        )
    if move.option not in open_options(state, t.step):
        why = f"option {move.option} only loses a counter the expedition does not have"
        return Illegal(sec.INSTRUCTIONS, why)
    return None


def answer_or(state: State, t: tk.ChooseOr, move: m.Or) -> list[str]:
    push(state, tk.Instructions(tuple(t.step.options[move.option - 1]), 0))
    return [f"follows option {move.option}"]


def or_moves(state: State, t: tk.ChooseOr) -> list:
    return [m.Or(k) for k in open_options(state, t.step)]


decide_or = ask(
    "Card", (m.Or,), lambda s, t: f"one of the card's {len(t.step.options)} options (OR)"
)
tk.register(tk.ChooseOr, None, decide_or, or_moves, check_or, answer_or)
