"""The moves of a turn, in the rulebook's order; each is one step of a log."""

from __future__ import annotations

from dataclasses import dataclass

from portolan.checker.games.exploration_age_of_sail import state as st


@dataclass(frozen=True, slots=True)
class StartTurn:
    player: str
    WORDS = "{player} begins the turn"


@dataclass(frozen=True, slots=True)
class Draw:  # Outfit phase: the card drawn from the Expedition deck
    card: str
    WORDS = "draw {card}"


@dataclass(frozen=True, slots=True)
class Form:  # Expedition phase: one Explorer, one Ship and one Crew from the hand
    explorer: str
    ship: str
    crew: str
    WORDS = "form an expedition: {explorer} + {ship} + {crew}"


@dataclass(frozen=True, slots=True)
class EndExpeditions:  # Expedition phase: no (more) expeditions this turn
    WORDS = "no (more) expeditions this turn"


@dataclass(frozen=True, slots=True)
class Explore:  # Exploration phase: this expedition turns over a card next
    expedition: str
    WORDS = "the expedition of {expedition} turns over a card"


@dataclass(frozen=True, slots=True)
class Reveal:  # the card turned over from the Exploration deck
    card: str
    WORDS = "turn over {card}"


@dataclass(frozen=True, slots=True)
class Save:  # a Save card discarded to cancel the Hazard
    card: str
    by: str
    WORDS = "{by} discards {card} to cancel the Hazard"


@dataclass(frozen=True, slots=True)
class NoSave:  # no Save card: the Hazard takes effect
    WORDS = "no Save card: the Hazard takes effect"


@dataclass(frozen=True, slots=True)
class RandomDiscard:  # after a discovery, the expedition card discarded at random
    card: str
    WORDS = "{card} is the card discarded at random"


@dataclass(frozen=True, slots=True)
class Discard:  # Ocean phase: a card discarded down to the hand limit
    card: str
    WORDS = "discard {card}"


@dataclass(frozen=True, slots=True)
class EndTurn:  # Ocean phase over: the next player's turn begins
    WORDS = "end the turn"


# The moves without data, made once.
END_EXPEDITIONS, NO_SAVE, END_TURN = EndExpeditions(), NoSave(), EndTurn()

# The phase of the turn each move belongs to (as state.py names them), for a move refused out
# of its place: a Save card with no Hazard waiting is an Exploration-phase mistake, wherever the
# turn has got to.
MOVE_PHASES = {
    StartTurn: st.START,
    Draw: st.OUTFIT,
    Form: st.EXPEDITION,
    EndExpeditions: st.EXPEDITION,
    Explore: st.EXPLORATION,
    Reveal: st.EXPLORATION,
    Save: st.EXPLORATION,
    NoSave: st.EXPLORATION,
    RandomDiscard: st.EXPLORATION,
    Discard: st.OCEAN,
    EndTurn: st.OCEAN,
}


NONE_WORDS = ("none", "no", "-")  # what the log writes for no Save card, no expedition


def spellings(move: object) -> tuple[str, ...]:
    """Other words the log has for a move (play accepts them at its prompt)."""
    match move:
        case NoSave() | EndExpeditions():
            return NONE_WORDS
        case Save(card, by):
            return (card, f"{card} {by}")
        case Explore(e) | Discard(e):
            return (e,)
    return ()
