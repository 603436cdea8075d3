"""The flow of a turn of Exploration in the Age of Sail: who decides what at each point,
the legal choices, what the table may reveal, and moves that come out of their place."""

from __future__ import annotations

import random
from typing import Any

from portolan.checker.core import turn
from portolan.checker.core.game import Decision, Illegal
from portolan.checker.games.exploration_age_of_sail import actions
from portolan.checker.games.exploration_age_of_sail import moves as m
from portolan.checker.games.exploration_age_of_sail import sections as sec
from portolan.checker.games.exploration_age_of_sail import state as st
from portolan.checker.games.exploration_age_of_sail.state import State
from portolan.checker.games.exploration_age_of_sail.tasks import DiscardingAtRandom, Saving

# -- Moves out of their place ---------------------------------------------------------------
PHASE_ORDER = {st.START: 0, st.OUTFIT: 1, st.EXPEDITION: 2, st.EXPLORATION: 3, st.OCEAN: 4}


def misplaced(state: State, move) -> Illegal | None:
    """A move that the turn has already gone past, or that nothing is waiting for."""
    here = PHASE_ORDER.get(state.phase, 5)
    top = turn.top(state)
    why = f" ({state.last_flip})" if state.last_flip else ""  # what the last flip did
    if isinstance(move, (m.Save, m.NoSave)) and not isinstance(top, Saving):
        if isinstance(move, m.Save) and state.last_hazard:
            problem = actions.save_problem(state, move, state.last_hazard)
            if problem is not None:
                return problem
        return Illegal(sec.EXPLORATION_PHASE, f"no Hazard is waiting for a Save card{why}")
    if isinstance(move, m.RandomDiscard) and not isinstance(top, DiscardingAtRandom):
        return Illegal(
            sec.EXPLORATION_PHASE,
            f"no discovery was just claimed, so no card is discarded at random{why}",
        )
    if isinstance(move, m.Draw) and here > PHASE_ORDER[st.OUTFIT]:
        return Illegal(
            sec.OUTFIT_PHASE, "only one card is drawn each turn, at the start of the turn"
        )
    if isinstance(move, (m.Form, m.EndExpeditions)) and here > PHASE_ORDER[st.EXPEDITION]:
        return Illegal(
            sec.EXPEDITION_PHASE,
            "expeditions are formed in the Expedition phase, before any card is turned over",
        )
    if isinstance(move, m.Explore) and state.expedition_of(state.player, move.expedition) is None:
        return actions.check_explore(state, move)  # no such expedition
    if isinstance(move, m.Explore) and here > PHASE_ORDER[st.EXPLORATION]:
        return Illegal(
            sec.EXPLORATION_PHASE,
            f"{move.expedition}: every expedition of "
            f"{state.player} has already turned over its card this turn",
        )
    return None


# -- Decisions -------------------------------------------------------------------------------
def decide(state: State) -> Decision | None:
    """Who must do what now (None: the game is over)."""
    if state.phase == st.OVER:
        return None
    p = state.player
    phase = state.phase
    if phase == st.START:
        return Decision(
            p, "Turn", "choice", (m.StartTurn,), f"{p}'s turn to begin", starts_turn=True
        )
    if phase == st.OUTFIT:
        return Decision(
            p,
            "Outfit",
            "chance",
            (m.Draw,),
            "which card was drawn from the Expedition deck",
            missing=lambda: Illegal(
                sec.OUTFIT_PHASE,
                f"{p} must first draw 1 card from the Expedition deck (write it as draw:)",
            ),
        )
    if phase == st.EXPEDITION:
        return Decision(
            p,
            "Expedition",
            "choice",
            (m.Form, m.EndExpeditions),
            "an expedition to form, or none",
            default=m.END_EXPEDITIONS,
        )
    if phase == st.EXPLORATION:
        top = turn.top(state)
        if top is not None:
            return top.decision(state)
        return Decision(
            p,
            "Exploration",
            "choice",
            (m.Explore,),
            "the expedition to explore next",
            missing=lambda: Illegal(
                sec.EXPLORATION_PHASE,
                "not every expedition has turned over its card this turn: "
                + ", ".join(e.explorer for e in actions.unexplored(state))
                + " still must",
            ),
        )
    n = actions.over_limit(state)
    if n:
        return Decision(
            p,
            "Ocean",
            "choice",
            (m.Discard, m.EndTurn),
            f"a card to discard ({n} to go)",
            missing=lambda: actions.check_end_turn(state, m.END_TURN),
            closes_turn=True,  # the last turn of a log is checked too
        )
    return Decision(
        p, "Ocean", "choice", (m.Discard, m.EndTurn), "the end of the turn", default=m.END_TURN
    )


# -- Choices and chances ---------------------------------------------------------------------
def choices(state: State, d: Decision) -> list[Any]:
    top = turn.top(state)
    if top is not None:
        return top.choices(state)
    if m.StartTurn in d.accepts:
        return [m.StartTurn(state.player)]
    if m.Form in d.accepts:
        return [*actions.possible_forms(state), m.END_EXPEDITIONS]
    if m.Explore in d.accepts:
        return [m.Explore(e.explorer) for e in actions.unexplored(state)]
    if actions.over_limit(state):
        return [m.Discard(c) for c in state.hands[state.player]]
    return [m.END_TURN]


def chances(state: State, d: Decision) -> list[tuple[Any, int]]:
    top = turn.top(state)
    if top is not None:
        return top.chances(state)
    return [(m.Draw(c), n) for c, n in state.expedition_deck.items()]


def sample_outcome(state: State, d: Decision, rng: random.Random) -> Any:
    """One chance outcome drawn with the weights of ``chances`` (faster for simulate)."""
    kind = d.accepts[0]
    if kind in actions.DECKS:
        deck = getattr(state, actions.DECKS[kind][0])
        return kind(rng.choices(list(deck), weights=list(deck.values()))[0])
    return m.RandomDiscard(rng.choice(turn.top(state).expedition.cards))


def copies_left(state: State, move: Any) -> int | None:
    """The copies of a card still in the deck it is drawn or turned over from."""
    deck = actions.DECKS.get(type(move))
    return None if deck is None else getattr(state, deck[0]).get(move.card, 0)


# -- The table as everyone sees it ------------------------------------------------------------
def public_state(state: State) -> list[str]:
    """The decks, and what is in front of each player: the cards in hand (how many), the
    expeditions and the discoveries claimed."""
    lines = [
        f"Expedition deck: {sum(state.expedition_deck.values())} cards; Exploration deck: "
        f"{sum(state.exploration_deck.values())} cards"
    ]
    for p in state.players:
        formed = [
            f"{e.explorer} with {e.ship} and {e.crew}"
            + (f" ({e.oceans} Ocean{'s' if e.oceans > 1 else ''})" if e.oceans else "")
            for e in state.expeditions[p]
        ]
        claimed = [d for d, _ in state.victory[p]]
        lines.append(
            f"{p}: {state.hand_size(p)} cards in hand; expeditions: "
            f"{'; '.join(formed) or 'none'}; discoveries: {', '.join(claimed) or 'none'}"
        )
    return lines
