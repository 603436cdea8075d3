"""Exploration in the Age of Sail: the rules object the checker, play and simulate use
(docs/new-game.md): the move table; the game's modules are wired by package."""

from __future__ import annotations

from typing import Any

from portolan.checker.core.game import RulesBase, move_table
from portolan.checker.games.exploration_age_of_sail import actions as a
from portolan.checker.games.exploration_age_of_sail import moves as m
from portolan.checker.games.exploration_age_of_sail.book import CardBook
from portolan.checker.games.exploration_age_of_sail.sections import END_OF_GAME, TURN_SEQUENCE


class ExplorationRules(RulesBase, package=__name__):
    id = "exploration-age-of-sail"
    turn_section = TURN_SEQUENCE
    end_section = END_OF_GAME
    book_class = CardBook
    # every move's check and apply: the functions its actions mark @answers(move, check)
    moves = move_table(a)

    def outcome_name(self, move: Any) -> str:
        cards = (m.Draw, m.Reveal, m.RandomDiscard)
        return move.card if isinstance(move, cards) else self.describe(move)

    # the bots' scale of points (checker/core/bots) and how far a rollout looks
    worth_scale = 5.0
    rollout_steps = 8


RULES = ExplorationRules()
