"""Exploration in the Age of Sail: the rules object the checker, play and simulate use.

It wires the game's modules into the core's shape (docs/new-game.md): the move table, the
decisions of ``flow``, the log format, the scoring and the end position.
"""

from __future__ import annotations

from typing import Any

from portolan.checker.core.game import RulesBase
from portolan.checker.games.exploration_age_of_sail import actions as a
from portolan.checker.games.exploration_age_of_sail import bot, flow, logformat, position, scoring
from portolan.checker.games.exploration_age_of_sail import moves as m
from portolan.checker.games.exploration_age_of_sail import setup as preparation
from portolan.checker.games.exploration_age_of_sail.book import CardBook
from portolan.checker.games.exploration_age_of_sail.sections import END_OF_GAME, TURN_SEQUENCE


class ExplorationRules(RulesBase):
    id = "exploration-age-of-sail"
    turn_section = TURN_SEQUENCE
    end_section = END_OF_GAME
    book_class = CardBook
    preparation = preparation
    flow = flow
    scoring = scoring
    logformat = logformat
    position = position
    moves = {
        m.StartTurn: (None, a.start_turn),
        m.Draw: (a.check_draw, a.apply_draw),
        m.Form: (a.check_form, a.apply_form),
        m.EndExpeditions: (None, a.end_expeditions),
        m.Explore: (a.check_explore, a.explore),
        m.Reveal: (a.check_reveal, a.apply_reveal),
        m.Save: (a.check_save, a.apply_save),
        m.NoSave: (None, a.no_save),
        m.RandomDiscard: (a.check_random_discard, a.apply_random_discard),
        m.Discard: (a.check_discard, a.apply_discard),
        m.EndTurn: (a.check_end_turn, a.apply_end_turn),
    }
    move_phases = m.MOVE_PHASES

    def outcome_name(self, move: Any) -> str:
        return (
            move.card if isinstance(move, (m.Draw, m.Reveal, m.RandomDiscard)) else m.describe(move)
        )

    describe = staticmethod(m.describe)

    spellings = staticmethod(m.spellings)

    # -- bots (checker/core/bots): the game's worths and what a seat cannot see
    bot = bot
    worth_scale = 5.0
    rollout_steps = 8


RULES = ExplorationRules()
