"""Exploration in the Age of Sail: the rules engine the checker, play and simulate use."""

from __future__ import annotations

from typing import Any

from checker.core.game import Decision, Illegal, RulesBase, Step
from checker.core.scoresheet import ScoreSheet
from checker.games.exploration_age_of_sail import logformat, rules
from checker.games.exploration_age_of_sail.cards import CardBook
from checker.games.exploration_age_of_sail.moves import (
    Discard,
    Draw,
    EndExpeditions,
    EndTurn,
    Explore,
    Form,
    NoSave,
    RandomDiscard,
    Reveal,
    Save,
    StartTurn,
)
from checker.games.exploration_age_of_sail.options import OPTIONS
from checker.games.exploration_age_of_sail.position import score_position
from checker.games.exploration_age_of_sail.scoring import final_scoring
from checker.games.exploration_age_of_sail.state import State
from portolan.model.loader import Game
from portolan.yamlsrc import Source


class ExplorationRules(RulesBase):
    id = "exploration-age-of-sail"
    options = OPTIONS
    turn_section = rules.TURN_SEQUENCE
    end_section = rules.END_OF_GAME

    book_class = CardBook

    # -- replay ---------------------------------------------------------------------------
    def setup(self, model: Game, players: list[str], options: dict[str, Any]) -> State:
        constants = {k: v.value for k, v in model.rules.constants.items()}
        state = rules.setup(self.book(model), constants, options, players)
        state.categories = model.rules.scoring
        return state

    def decision(self, state: State) -> Decision | None:
        memo = state.memo
        if memo is None:
            memo = state.memo = (rules.decision(state),)
        return memo[0]

    def check(self, state: State, move: Any, player: str) -> Illegal | None:
        if isinstance(move, Draw):
            if not state.expedition_deck.get(move.card):
                return Illegal(rules.OUTFIT_PHASE, _missing(state, move.card, "Expedition deck"))
            return None
        if isinstance(move, Form):
            return rules.check_form(state, move)
        if isinstance(move, Explore):
            return rules.check_explore(state, move)
        if isinstance(move, Reveal):
            if not state.exploration_deck.get(move.card):
                return Illegal(
                    rules.EXPLORATION_PHASE, _missing(state, move.card, "Exploration deck")
                )
            return None
        if isinstance(move, Save):
            return rules.check_save(state, move)
        if isinstance(move, RandomDiscard):
            cards = state.pending.expedition.cards
            if move.card not in cards:
                return Illegal(
                    rules.EXPLORATION_PHASE,
                    f"the card discarded at random must be one of "
                    f"the expedition's three cards: {', '.join(cards)}",
                )
            return None
        if isinstance(move, Discard):
            return rules.check_discard(state, move)
        if isinstance(move, EndTurn) and rules.over_limit(state):
            n = rules.over_limit(state)
            return Illegal(
                rules.OCEAN_PHASE,
                f"{state.player} holds {state.hand_size(state.player)} "
                f"cards: discard {n} to get down to {state.constants['hand_limit']}",
            )
        return None

    def misplaced(self, state: State, move: Any) -> Illegal | None:
        return rules.misplaced(state, move)

    def apply(self, state: State, move: Any) -> list[str]:
        state.memo = None
        return APPLY[type(move)](state, move)

    # -- play and simulate ----------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Any]:
        d = self.decision(state)
        if d is None or d.kind != "choice":
            return []
        if StartTurn in d.accepts:
            return [StartTurn(state.player)]
        if Form in d.accepts:
            return [*rules.possible_forms(state), rules.END_EXPEDITIONS]
        if Explore in d.accepts:
            return [Explore(e.explorer) for e in rules.unexplored(state)]
        if Save in d.accepts:
            trait = state.book.exploration[state.pending.card].tests
            return [rules.NO_SAVE] + [Save(c, p) for p, c in rules.save_cards(state, trait)]
        if rules.over_limit(state):
            return [Discard(c) for c in state.hands[state.player]]
        return [rules.END_TURN]

    def outcomes(self, state: State) -> list[tuple[Any, int]]:
        d = self.decision(state)
        if d is None or d.kind != "chance":
            return []
        if Draw in d.accepts:
            return [(Draw(c), n) for c, n in state.expedition_deck.items()]
        if Reveal in d.accepts:
            return [(Reveal(c), n) for c, n in state.exploration_deck.items()]
        return [(RandomDiscard(c), 1) for c in state.pending.expedition.cards]

    def sample_outcome(self, state: State, rng) -> Any:
        """One chance outcome drawn with the weights of ``outcomes`` (faster for simulate)."""
        d = self.decision(state)
        if Draw in d.accepts:
            deck = state.expedition_deck
            return Draw(rng.choices(list(deck), weights=list(deck.values()))[0])
        if Reveal in d.accepts:
            deck = state.exploration_deck
            return Reveal(rng.choices(list(deck), weights=list(deck.values()))[0])
        return RandomDiscard(rng.choice(state.pending.expedition.cards))

    def describe(self, move: Any) -> str:
        return describe(move)

    def score(self, state: State) -> ScoreSheet:
        return final_scoring(state.book, state.categories, state.victory, state.options)

    # -- files ----------------------------------------------------------------------------
    def parse_turns(
        self, model: Game, turns: Any, source: Source, players: list[str]
    ) -> list[Step]:
        return logformat.parse_turns(self.book(model), turns, source, players)

    def write_turns(self, steps: list[Step]) -> list[dict]:
        return logformat.write_turns(steps)

    def score_position(
        self, model: Game, raw: Any, source: Source, options: dict[str, Any]
    ) -> ScoreSheet:
        return score_position(self.book(model), model, raw, source, options)


def _then_advance(step):
    def run(state: State, move: Any) -> list[str]:
        return step(state, move) + rules.advance(state)

    return run


def _end_expeditions(state: State, move: EndExpeditions) -> list[str]:
    state.phase = rules.EXPLORATION
    return []


APPLY = {
    StartTurn: lambda state, move: rules.begin_turn(state),
    Draw: _then_advance(lambda state, move: rules.draw(state, move.card)),
    Form: _then_advance(rules.form_expedition),
    EndExpeditions: _then_advance(_end_expeditions),
    Explore: _then_advance(rules.turn_over),
    Reveal: _then_advance(lambda state, move: rules.reveal(state, move.card)),
    Save: _then_advance(rules.save),
    NoSave: _then_advance(lambda state, move: rules.suffer(state)),
    RandomDiscard: _then_advance(lambda state, move: rules.random_discard(state, move.card)),
    Discard: _then_advance(rules.discard),
    EndTurn: lambda state, move: rules.end_turn(state),
}


def _missing(state: State, card: str, deck: str) -> str:
    total = (state.book.expedition.get(card) or state.book.exploration[card]).count
    places = state.where_is(card)
    copies = "its only copy is" if total == 1 else f"all {total} copies are elsewhere, one"
    return f"{card} cannot come from the {deck}: {copies} {places}"


def describe(move: Any) -> str:
    match move:
        case StartTurn(player):
            return f"{player} begins the turn"
        case Draw(card):
            return f"draw {card}"
        case Form(e, s, c):
            return f"form an expedition: {e} + {s} + {c}"
        case EndExpeditions():
            return "no (more) expeditions this turn"
        case Explore(e):
            return f"the expedition of {e} turns over a card"
        case Reveal(card):
            return f"turn over {card}"
        case Save(card, by):
            return f"{by} discards {card} to cancel the Hazard"
        case NoSave():
            return "no Save card: the Hazard takes effect"
        case RandomDiscard(card):
            return f"{card} is the card discarded at random"
        case Discard(card):
            return f"discard {card}"
        case EndTurn():
            return "end the turn"
    return str(move)


RULES = ExplorationRules()
