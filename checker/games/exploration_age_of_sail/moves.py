"""The moves of a turn, in the rulebook's order; each is one step of a log."""

from __future__ import annotations

from portolan.checker.core.records import declarer
from portolan.checker.games.exploration_age_of_sail import state as st

move = declarer(__name__)

StartTurn = move("StartTurn", "{player} begins the turn", player=str)
# Outfit phase: the card drawn from the Expedition deck
Draw = move("Draw", "draw {card}", card=str)
# Expedition phase: one Explorer, one Ship and one Crew from the hand
Form = move(
    "Form", "form an expedition: {explorer} + {ship} + {crew}", explorer=str, ship=str, crew=str
)
# Expedition phase: no (more) expeditions this turn
EndExpeditions = move("EndExpeditions", "no (more) expeditions this turn")
# Exploration phase: this expedition turns over a card next
Explore = move("Explore", "the expedition of {expedition} turns over a card", expedition=str)
# the card turned over from the Exploration deck
Reveal = move("Reveal", "turn over {card}", card=str)
# a Save card discarded to cancel the Hazard
Save = move("Save", "{by} discards {card} to cancel the Hazard", card=str, by=str)
# no Save card: the Hazard takes effect
NoSave = move("NoSave", "no Save card: the Hazard takes effect")
# after a discovery, the expedition card discarded at random
RandomDiscard = move("RandomDiscard", "{card} is the card discarded at random", card=str)
# Ocean phase: a card discarded down to the hand limit
Discard = move("Discard", "discard {card}", card=str)
EndTurn = move("EndTurn", "end the turn")  # Ocean phase over: the next player's turn begins

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
