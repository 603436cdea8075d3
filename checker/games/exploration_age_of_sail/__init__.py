"""Exploration in the Age of Sail: the rules object the checker, play and simulate use.

It wires the game's modules into the core's shape (docs/new-game.md): the move table, the
decisions of ``flow``, the log format, the scoring and the end position.
"""

from __future__ import annotations

import random
from typing import Any

from checker.core.game import Decision, RulesBase
from checker.core.scoresheet import ScoreSheet
from checker.games.exploration_age_of_sail import actions as a
from checker.games.exploration_age_of_sail import bot, flow, logformat, position
from checker.games.exploration_age_of_sail.book import CardBook
from checker.games.exploration_age_of_sail.moves import (
    MOVE_PHASES,
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
    describe,
    spellings,
)
from checker.games.exploration_age_of_sail.scoring import final_scoring
from checker.games.exploration_age_of_sail.sections import END_OF_GAME, TURN_SEQUENCE
from checker.games.exploration_age_of_sail.setup import setup
from checker.games.exploration_age_of_sail.state import State
from portolan.model.loader import Game


class ExplorationRules(RulesBase):
    id = "exploration-age-of-sail"
    turn_section = TURN_SEQUENCE
    end_section = END_OF_GAME
    book_class = CardBook
    logformat = logformat
    position = position
    moves = {
        StartTurn: (None, a.start_turn),
        Draw: (a.check_draw, a.apply_draw),
        Form: (a.check_form, a.apply_form),
        EndExpeditions: (None, a.end_expeditions),
        Explore: (a.check_explore, a.explore),
        Reveal: (a.check_reveal, a.apply_reveal),
        Save: (a.check_save, a.apply_save),
        NoSave: (None, a.no_save),
        RandomDiscard: (a.check_random_discard, a.apply_random_discard),
        Discard: (a.check_discard, a.apply_discard),
        EndTurn: (a.check_end_turn, a.apply_end_turn),
    }
    move_phases = MOVE_PHASES

    def setup(self, model: Game, players: list[str], options: dict[str, Any]) -> State:
        constants = {k: v.value for k, v in model.rules.constants.items()}
        state = setup(self.book(model), constants, options, players)
        state.categories = model.rules.scoring
        return state

    def decide(self, state: State) -> Decision | None:
        return flow.decide(state)

    def misplaced(self, state: State, move: Any) -> Any:
        return flow.misplaced(state, move)

    def choices(self, state: State, decision: Decision) -> list[Any]:
        return flow.choices(state, decision)

    def chances(self, state: State, decision: Decision) -> list[tuple[Any, int]]:
        return flow.chances(state, decision)

    def sample_outcome(self, state: State, rng: random.Random) -> Any:
        return flow.sample_outcome(state, self.decision(state), rng)

    def outcome_name(self, move: Any) -> str:
        return move.card if isinstance(move, (Draw, Reveal, RandomDiscard)) else describe(move)

    def describe(self, move: Any) -> str:
        return describe(move)

    def spellings(self, move: Any) -> tuple[str, ...]:
        return spellings(move)

    def copies_left(self, state: State, move: Any) -> int | None:
        return flow.copies_left(state, move)

    def public_state(self, state: State) -> list[str]:
        return flow.public_state(state)

    def score(self, state: State) -> ScoreSheet:
        return final_scoring(state.book, state.categories, state.victory, state.options)

    # -- bots (checker/core/bots): the game's worths and what a seat cannot see
    bot = bot
    worth_scale = 5.0
    rollout_steps = 8


RULES = ExplorationRules()
