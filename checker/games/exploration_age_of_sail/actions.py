"""The moves of Exploration in the Age of Sail, phase by phase: one check and one apply for
each, as the rulebook states them.

Every ``Illegal`` names the rulebook heading it comes from. Numbers (hand limit, starting stats,
bonuses) come from rules.yaml; card facts (traits, levels, regions) from the deck YAML.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from portolan.checker.core import turn
from portolan.checker.core.game import Apply, Illegal, answers
from portolan.checker.core.piles import put, take
from portolan.checker.core.turn import Task
from portolan.checker.games.exploration_age_of_sail import moves as m
from portolan.checker.games.exploration_age_of_sail import sections as sec
from portolan.checker.games.exploration_age_of_sail import state as st
from portolan.checker.games.exploration_age_of_sail import tasks as tk
from portolan.checker.games.exploration_age_of_sail.book import STATS
from portolan.checker.games.exploration_age_of_sail.state import State


# -- Turn order ------------------------------------------------------------------------------
def begin_turn(state: State) -> list[str]:
    state.turn += 1
    state.phase = st.OUTFIT
    state.formed = 0
    for e in state.expeditions[state.player]:
        e.explored = False
    return moving_on(state, [])


def end_turn(state: State) -> list[str]:
    state.current = (state.current + 1) % len(state.players)
    state.phase = st.START
    return []


def leave_hand(state: State, player: str, card: str) -> None:
    """A card leaves a hand; a copy everyone had seen go in may be the one that left, so it
    is no longer known to be there."""
    take(state.hands[player], card)
    shown = state.shown.get(player)
    if shown and shown.get(card):
        take(shown, card)


# -- Outfit phase ----------------------------------------------------------------------------
def draw(state: State, card: str) -> list[str]:
    take(state.expedition_deck, card)
    put(state.hands[state.player], card)
    state.phase = st.EXPEDITION
    return [f"draws {card}"]


def reshuffle_expedition_deck(state: State) -> list[str]:
    n = sum(state.expedition_discard.values())
    state.expedition_deck, state.expedition_discard = state.expedition_discard, {}
    return [f"the Expedition deck is empty: its {n} discards are shuffled into a new deck"]


# -- Expedition phase ------------------------------------------------------------------------
def starting_stats(state: State, cards: tuple[str, str, str]) -> dict[str, int]:
    """Each stat starts at the rulebook's value; bonus traits and a Master raise it."""
    book, k = state.book, state.constants
    stats = dict.fromkeys(STATS, k["starting_stat"])
    for name in cards:
        info = book.expedition[name]
        for stat, bonus in info.bonus:
            stats[stat] += bonus
        if "Master" in info.specials:
            for stat in STATS:
                stats[stat] += k["master_bonus"]
    return stats


def check_form(state: State, move: m.Form) -> Illegal | None:
    if state.options["expeditions_per_phase"] == "one" and state.formed >= 1:
        return Illegal(
            sec.EXPEDITION_PHASE,
            "only one expedition may be formed in an Expedition phase "
            "(option expeditions_per_phase: one)",
        )
    book = state.book
    for name, wanted in ((move.explorer, "explorer"), (move.ship, "ship"), (move.crew, "crew")):
        kind = book.expedition[name].type
        if kind != wanted:
            return Illegal(
                sec.EXPEDITIONS,
                f"{name} is a {kind.capitalize()} card, not {_a(wanted)}: "
                "an expedition is one Explorer, one Ship and one Crew",
            )
    for name in (move.explorer, move.ship, move.crew):
        problem = _in_hand(state, state.player, name, sec.EXPEDITION_PHASE)
        if problem is not None:
            return problem
    return None


def form_expedition(state: State, move: m.Form) -> list[str]:
    cards = (move.explorer, move.ship, move.crew)
    for name in cards:
        leave_hand(state, state.player, name)
    stats = starting_stats(state, cards)
    state.expeditions[state.player].append(st.Expedition(*cards, stats))
    state.formed += 1
    shown = ", ".join(f"{s} {v}" for s, v in stats.items())
    return [f"forms an expedition: {', '.join(cards)} ({shown})"]


def possible_forms(state: State) -> list[m.Form]:
    if state.options["expeditions_per_phase"] == "one" and state.formed >= 1:
        return []
    hand, book = state.hands[state.player], state.book
    by_type: dict[str, list[str]] = {"explorer": [], "ship": [], "crew": []}
    for name in hand:
        kind = book.expedition[name].type
        if kind in by_type:
            by_type[kind].append(name)
    return [
        m.Form(e, s, c)
        for e, s, c in product(by_type["explorer"], by_type["ship"], by_type["crew"])
    ]


# -- Exploration phase -----------------------------------------------------------------------
def unexplored(state: State) -> list[st.Expedition]:
    return [e for e in state.expeditions[state.player] if not e.explored]


def check_explore(state: State, move: m.Explore) -> Illegal | None:
    exp = state.expedition_of(state.player, move.expedition)
    if exp is None:
        return Illegal(
            sec.EXPLORATION_PHASE, f"{state.player} has no expedition led by {move.expedition}"
        )
    if exp.explored:
        return Illegal(
            sec.EXPLORATION_PHASE,
            f"the expedition of {move.expedition} has already turned "
            "over its card this turn: one card per expedition",
        )
    return None


def turn_over(state: State, move: m.Explore) -> list[str]:
    exp = state.expedition_of(state.player, move.expedition)
    turn.push(state, tk.Revealing(exp))
    return []


def reveal(state: State, card: str) -> list[str]:
    """Resolve the card the expedition turned over: Ocean, Discovery or Hazard."""
    take(state.exploration_deck, card)
    exp = turn.top(state).expedition
    info = state.book.exploration[card]
    state.last_flip = f"{exp.explorer} turned over {card}"
    state.last_hazard = None
    if info.type == "ocean":
        exp.oceans += 1
        return [f"{exp.explorer} turns over {card}: {exp.oceans} Ocean card(s)", *flip_done(state)]
    if info.type == "discovery":
        return discovery(state, exp, card)
    return hazard(state, exp, card)


def ocean_count(state: State, exp: st.Expedition, region: str | None) -> tuple[int, str]:
    """Ocean cards for claiming a discovery, with the regional explorer's extra card."""
    bonus = 0
    if region and state.book.expedition[exp.explorer].regional_region == region:
        bonus = state.constants["regional_explorer_bonus"]
    return exp.oceans + bonus, (f" +{bonus} {region} Explorer" if bonus else "")


def discovery(state: State, exp: st.Expedition, card: str) -> list[str]:
    info = state.book.exploration[card]
    count, note = ocean_count(state, exp, info.region)
    head = f"{exp.explorer} turns over {card} (level {info.level}) with {exp.oceans} Ocean{note}"
    if count < info.level:
        state.last_flip = f"{exp.explorer} had too few Ocean cards to claim {card}"
        put(state.exploration_discard, card)
        return [f"{head}: too few, the discovery is discarded", *flip_done(state)]
    state.victory[state.player].append((card, exp.explorer))
    turn.replace(state, tk.DiscardingAtRandom(exp, card))
    return [f"{head}: {state.player} claims {card}"]


def random_discard(state: State, card: str) -> list[str]:
    """After a discovery: one random expedition card is discarded, the other two go home."""
    exp = turn.top(state).expedition
    put(state.expedition_discard, card)
    back = [c for c in exp.cards if c != card]
    for c in back:
        put(state.hands[state.player], c)
        put(state.shown.setdefault(state.player, {}), c)
    put(state.exploration_discard, state.book.ocean, exp.oceans)
    state.expeditions[state.player].remove(exp)
    return [
        f"{card} is discarded at random; {' and '.join(back)} return to the hand",
        *flip_done(state),
    ]


def immune(state: State, exp: st.Expedition, trait: str) -> bool:
    """An expedition is immune if any of its three cards has the trait the Hazard tests."""
    return any(trait in state.book.expedition[c].traits for c in exp.cards)


def hazard(state: State, exp: st.Expedition, card: str) -> list[str]:
    info = state.book.exploration[card]
    head = f"{exp.explorer} turns over {card} ({info.tests}: {info.loses} -1)"
    if immune(state, exp, info.tests):
        state.last_flip = f"the expedition of {exp.explorer} is immune to {card} ({info.tests})"
        put(state.exploration_discard, card)
        return [f"{head}: immune thanks to {info.tests}", *flip_done(state)]
    if harmless(state, exp, card):
        state.last_flip = f"{exp.explorer} turned over {card} with no Ocean card to lose"
        put(state.exploration_discard, card)
        return [head, "no Ocean card to lose: no effect", *flip_done(state)]
    turn.replace(state, tk.Saving(exp, card))
    if not tk.save_cards(state, info.tests):
        state.last_flip = (
            f"{exp.explorer} turned over {card} and no matching Save card was in reach"
        )
        state.last_hazard = card
        return [head, *suffer(state)]
    return [head]


def harmless(state: State, exp: st.Expedition, card: str) -> bool:
    """A Hazard that takes an Ocean card from an expedition without one does nothing (option
    ocean_loss_without_ocean: nothing), so no Save card is played against it [Exploration Phase]."""
    return (
        state.book.exploration[card].loses == "Ocean"
        and exp.oceans == 0
        and state.options["ocean_loss_without_ocean"] == "nothing"
    )


def check_save(state: State, move: m.Save) -> Illegal | None:
    return save_problem(state, move, turn.top(state).hazard)


def save_problem(state: State, move: m.Save, hazard_card: str) -> Illegal | None:
    """Why this Save card cannot cancel ``hazard_card`` (None if it can)."""
    trait = state.book.exploration[hazard_card].tests
    info = state.book.expedition[move.card]
    if move.by not in tk.savers(state):
        return Illegal(
            sec.EXPLORATION_PHASE,
            f"{move.by} cannot protect {state.player}'s expedition: a Save card is discarded "
            "from your own hand (option save_others: false)",
        )
    if info.type != "save":
        return Illegal(
            sec.EXPLORATION_PHASE,
            f"{move.card} is a {info.type.capitalize()} card, not a Save card",
        )
    if not tk.save_matches(state, move.card, trait):
        shown = ", ".join(sorted(info.traits))
        extra = (
            " (option sail_matches_sails: false)"
            if "Sail" in info.traits and trait == "Sails"
            else ""
        )
        return Illegal(
            sec.EXPLORATION_PHASE,
            f"{move.card} ({shown}) does not match {trait}, the trait {hazard_card} tests{extra}",
        )
    return _in_hand(state, move.by, move.card, sec.EXPLORATION_PHASE)


def save(state: State, move: m.Save) -> list[str]:
    leave_hand(state, move.by, move.card)
    put(state.expedition_discard, move.card)
    put(state.exploration_discard, turn.top(state).hazard)
    return [f"{move.by} discards {move.card}: the Hazard is cancelled", *flip_done(state)]


def suffer(state: State) -> list[str]:
    """No trait, no Save: the expedition loses a point of the stat, or an Ocean card."""
    exp, card = turn.top(state).expedition, turn.top(state).hazard
    info = state.book.exploration[card]
    loss = state.constants["hazard_loss"]
    put(state.exploration_discard, card)
    if info.loses == "Ocean":
        if exp.oceans == 0:  # option fail (with nothing, ``harmless`` settled it)
            return ["no Ocean card to lose: the expedition fails", *fail(state, exp)]
        lost = min(loss, exp.oceans)
        exp.oceans -= lost
        put(state.exploration_discard, state.book.ocean, lost)
        return [f"loses {lost} Ocean card(s): {exp.oceans} left", *flip_done(state)]
    before = exp.stats[info.loses]
    exp.stats[info.loses] = max(0, before - loss)
    events = [f"{info.loses} {before} -> {exp.stats[info.loses]}"]
    if exp.stats[info.loses] == 0:
        return [*events, f"{info.loses} is at 0: the expedition fails", *fail(state, exp)]
    return events + flip_done(state)


def fail(state: State, exp: st.Expedition) -> list[str]:
    """A stat at zero: the three cards are discarded (and its Ocean cards with them)."""
    for c in exp.cards:
        put(state.expedition_discard, c)
    put(state.exploration_discard, state.book.ocean, exp.oceans)
    state.expeditions[state.player].remove(exp)
    return flip_done(state)


def flip_done(state: State) -> list[str]:
    turn.pop(state).expedition.explored = True
    if state.options["deck_runs_out"] == "at_last_card" and not state.exploration_deck:
        return exploration_deck_runs_out(state)
    return []


def exploration_deck_runs_out(state: State) -> list[str]:
    """First time: shuffle the discards into a new deck. Second time: the game ends."""
    if state.reshuffles < state.constants["exploration_deck_passes"] - 1:
        state.reshuffles += 1
        n = sum(state.exploration_discard.values())
        state.exploration_deck, state.exploration_discard = state.exploration_discard, {}
        return [f"the Exploration deck has run out: its {n} discards are shuffled into a new deck"]
    state.phase = st.OVER
    state.tasks.clear()
    state.end_reason = "the Exploration deck ran out a second time"
    return ["the Exploration deck has run out a second time: the game ends"]


# -- Ocean phase -----------------------------------------------------------------------------
def over_limit(state: State) -> int:
    return max(0, state.hand_size(state.player) - state.constants["hand_limit"])


def check_discard(state: State, move: m.Discard) -> Illegal | None:
    limit = state.constants["hand_limit"]
    if over_limit(state) == 0:
        return Illegal(
            sec.OCEAN_PHASE,
            f"{state.player} holds {_cards(state.hand_size(state.player))}: "
            f"only cards over the limit of {limit} are discarded",
        )
    return _in_hand(state, state.player, move.card, sec.OCEAN_PHASE)


def discard(state: State, move: m.Discard) -> list[str]:
    leave_hand(state, state.player, move.card)
    put(state.expedition_discard, move.card)
    return [f"discards {move.card}"]


# -- Automatic transitions -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MovingOn(Task):
    """What follows a move: the steps the rules take alone until the next decision (a deck
    reshuffled, the Exploration phase over, the Exploration deck run out), carried out by the
    core's turn.run once the move is done."""

    def carry_out(self, state: State) -> list[str]:
        turn.pop(state)
        return advance(state)


def moving_on(state: State, events: list[str]) -> list[str]:
    """A move's events, with what follows it pushed (MovingOn)."""
    turn.push(state, MovingOn())
    return events


def advance(state: State) -> list[str]:
    """Move through every point where the rules leave nothing to decide."""
    events: list[str] = []
    while True:
        if state.phase == st.OUTFIT and not state.expedition_deck:
            if state.expedition_discard:
                events += reshuffle_expedition_deck(state)
            else:
                events.append("nothing to draw: the Expedition deck and its discards are empty")
                state.phase = st.EXPEDITION
            continue
        if state.phase == st.EXPLORATION and not state.tasks:
            if not unexplored(state):
                state.phase = st.OCEAN
                continue
            if not state.exploration_deck:
                if state.options["deck_runs_out"] == "at_next_flip":
                    events += exploration_deck_runs_out(state)
                else:  # the last reshuffle brought no card back
                    state.phase = st.OVER
                    state.end_reason = "the Exploration deck ran out a second time"
                    events.append("the Exploration deck is empty: the game ends")
                if state.phase != st.OVER:
                    continue
        return events


# -- The moves: (check, apply) pairs for the move table -----------------------------------------
# The deck a card is drawn (Outfit phase) or turned over (Exploration phase) from: the state's
# field, its name, the phase.
DECKS = {
    m.Draw: ("expedition_deck", "Expedition deck", sec.OUTFIT_PHASE),
    m.Reveal: ("exploration_deck", "Exploration deck", sec.EXPLORATION_PHASE),
}


def check_deck(state: State, move: m.Draw | m.Reveal) -> Illegal | None:
    """Why the card ``move`` names cannot come from its deck (DECKS), or None when a copy is
    there."""
    field, deck, section = DECKS[type(move)]
    card = move.card
    if getattr(state, field).get(card):
        return None
    total = (state.book.expedition.get(card) or state.book.exploration[card]).count
    places = state.places_of(card)
    if total == 1:
        where = places[0][0] if places else "not in the deck"
        return Illegal(section, f"{card} cannot come from the {deck}: its only copy is {where}")
    shown = ", ".join(f"{n} {where}" for where, n in places)
    why = f"{card} cannot come from the {deck}: all {total} copies are elsewhere ({shown})"
    return Illegal(section, why)


def check_random_discard(state: State, move: m.RandomDiscard) -> Illegal | None:
    cards = turn.top(state).expedition.cards
    if move.card not in cards:
        return Illegal(
            sec.EXPLORATION_PHASE,
            "the card discarded at random must be one of "
            f"the expedition's three cards: {', '.join(cards)}",
        )
    return None


def check_end_turn(state: State, move: m.EndTurn) -> Illegal | None:
    n = over_limit(state)
    if n:
        return Illegal(
            sec.OCEAN_PHASE,
            f"{state.player} holds {state.hand_size(state.player)} "
            f"cards: discard {n} to get down to {state.constants['hand_limit']}",
        )
    return None


def end_expeditions(state: State) -> list[str]:
    state.phase = st.EXPLORATION
    return []


def _then_on(apply) -> Apply:
    """The apply of a move the rules go on from (MovingOn) once it is done."""
    return lambda state, move: moving_on(state, apply(state, move))


def _card(effect) -> Apply:
    """``effect`` of the card the move names."""
    return lambda state, move: effect(state, move.card)


def _alone(effect) -> Apply:
    """``effect``, which needs nothing of the move but that it was made."""
    return lambda state, move: effect(state)


# The applies of the moves (core.game.answers, gathered by move_table).
start_turn = answers(m.StartTurn)(_alone(begin_turn))
apply_draw = answers(m.Draw, check_deck)(_then_on(_card(draw)))
apply_form = answers(m.Form, check_form)(_then_on(form_expedition))
apply_end_expeditions = answers(m.EndExpeditions)(_then_on(_alone(end_expeditions)))
explore = answers(m.Explore, check_explore)(_then_on(turn_over))
apply_reveal = answers(m.Reveal, check_deck)(_then_on(_card(reveal)))
apply_save = answers(m.Save, check_save)(_then_on(save))
no_save = answers(m.NoSave)(_then_on(_alone(suffer)))
apply_random_discard = answers(m.RandomDiscard, check_random_discard)(
    _then_on(_card(random_discard))
)
apply_discard = answers(m.Discard, check_discard)(_then_on(discard))
apply_end_turn = answers(m.EndTurn, check_end_turn)(_alone(end_turn))


def _in_hand(state: State, player: str, card: str, section: str) -> Illegal | None:
    """Why ``player`` cannot play ``card`` from the hand (and where it is), or None."""
    if not state.hands[player].get(card):
        return Illegal(section, f"{card} is not in {player}'s hand ({state.where_is(card)})")
    return None


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _a(kind: str) -> str:
    return ("an " if kind[0] in "aeiou" else "a ") + kind.capitalize()
